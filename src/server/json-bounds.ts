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

/** Join options (matchmaking and the queue): a game's options are a few levels of plain values. */
export const JOIN_OPTIONS_JSON: JsonLimits = { depth: 8, nodes: 2000 };

/** Null when the value is within the limits; otherwise what is wrong, readable. */
export function jsonProblem(value: unknown, limits: JsonLimits): string | null {
  if (flatWithin(value, limits)) return null; // most moves: one object of a few plain values, seen without allocating
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

/** A plain object (no `__proto__` key) of primitives other than bigint, within the limits. */
function flatWithin(value: unknown, limits: JsonLimits): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || limits.depth < 1) return false;
  let nodes = 1;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    if ((typeof v === 'object' && v !== null) || typeof v === 'bigint' || ++nodes > limits.nodes) return false;
  }
  return !Object.hasOwn(value, '__proto__');
}
