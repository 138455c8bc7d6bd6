/**
 * Reads a seat's synced legal moves (docs/PROTOCOL.md, State). A key of the private entry's `legalMoves`
 * is a move's JSON text, but a top-level field may be the placeholder `{"$oneOf": "<set>"}`: the key then
 * stands for every move with that field replaced by one value of the public choice set `choices.<set>`
 * (each key of its `values` is a value's JSON text); several placeholders give every combination.
 *
 *   const moves = legalMovesIn(state.private.get(String(seat)), state.choices);  // decoded (SDK) state
 *   const moves = legalMovesIn(plain.private?.[String(seat)], plain.choices);     // plain (toJSON) state
 */

export interface LegalMove {
  type: string;
  [field: string]: unknown;
}

/** The JSON texts of a choice set's values, or undefined when there is no such set. */
export type ChoiceSets = (name: string) => Iterable<string> | undefined;

/** The set a field stands for, if it is exactly `{"$oneOf": "<name>"}`; anything else is a plain value. */
export function placeholderSet(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  const name = (value as { $oneOf?: unknown }).$oneOf;
  return keys.length === 1 && keys[0] === '$oneOf' && typeof name === 'string' ? name : null;
}

/**
 * Every move one pattern stands for (one per combination of its placeholders' values), each field in
 * its place; a pattern over a missing or empty set stands for none. The server's simulation harness
 * checks every game's patterns with this same function.
 */
export function expandPattern<M extends object>(pattern: M, valuesOf: (set: string) => readonly unknown[]): M[] {
  let moves = [pattern];
  for (const [field, value] of Object.entries(pattern)) {
    const name = placeholderSet(value);
    if (name === null) continue;
    // Spreading keeps the field in its place: the key already exists in the pattern.
    moves = moves.flatMap((move) => valuesOf(name).map((v) => ({ ...move, [field]: v })));
  }
  return moves;
}

/** Every concrete move the keys stand for, in key order. */
export function expandLegalMoves(keys: Iterable<string>, sets: ChoiceSets): LegalMove[] {
  const parsed = new Map<string, unknown[]>();
  const valuesOf = (name: string): unknown[] => {
    let values = parsed.get(name);
    if (!values) parsed.set(name, (values = Array.from(sets(name) ?? [], (t) => JSON.parse(t) as unknown)));
    return values;
  };
  const out: LegalMove[] = [];
  for (const key of keys) out.push(...expandPattern(JSON.parse(key) as LegalMove, valuesOf));
  return out;
}

/** Keys of a decoded map (Map, MapSchema), a plain object, or a plain list of texts (the older plain form). */
function keysOf(collection: unknown): Iterable<string> {
  if (collection === null || collection === undefined) return [];
  if (Array.isArray(collection)) return collection as string[];
  const keys = (collection as { keys?: unknown }).keys;
  if (typeof keys === 'function') return keys.call(collection) as Iterable<string>;
  return Object.keys(collection);
}

/** The choice-set lookup of a state's `choices`, decoded (MapSchema) or plain (object); absent means none. */
export function choiceSetsOf(choices: unknown): ChoiceSets {
  return (name) => {
    if (choices === null || choices === undefined) return undefined;
    const get = (choices as { get?: unknown }).get;
    const set = typeof get === 'function' ? get.call(choices, name) : Object.hasOwn(choices, name) ? (choices as Record<string, unknown>)[name] : undefined;
    return set === null || set === undefined ? undefined : keysOf((set as { values?: unknown }).values);
  };
}

/** The concrete legal moves of a private entry (decoded or plain) given the state's `choices`; none for a missing entry. */
export function legalMovesIn(entry: unknown, choices: unknown): LegalMove[] {
  const listed = (entry as { legalMoves?: unknown } | null | undefined)?.legalMoves;
  return expandLegalMoves(keysOf(listed), choiceSetsOf(choices));
}
