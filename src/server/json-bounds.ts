/**
 * Bounds on client JSON, checked without recursion before anything recursive (validation, cloning,
 * serialisation, engines) sees the value: a 5,000-deep array is refused, never walked by a recursive
 * function that would exhaust the stack.
 */
export interface JsonLimits {
  /** Deepest nesting of arrays/objects (a plain object is depth 1). */
  depth: number;
  /** Arrays, objects and values in total. */
  nodes: number;
}

/** Null when the value is within the limits; otherwise what is wrong, readable. */
export function jsonProblem(value: unknown, limits: JsonLimits): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  const seen = new Set<object>();
  let nodes = 0;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (++nodes > limits.nodes) return `more than ${limits.nodes} values`;
    if (typeof v === 'bigint') return 'an integer beyond the JSON range';
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limits.depth) return `nested deeper than ${limits.depth} levels`;
    if (seen.has(v)) return 'a cyclic or shared value';
    seen.add(v);
    if (!Array.isArray(v) && Object.hasOwn(v, '__proto__')) return 'a "__proto__" key';
    const children = Array.isArray(v) ? v : Object.values(v);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return null;
}
