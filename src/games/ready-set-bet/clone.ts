import type { State } from './types.ts';

/** Deep copy of JSON-plain data (much faster than `structuredClone` on small, frozen states). */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = cloneJson((value as Record<string, unknown>)[key]);
  return out as T;
}

/**
 * The fresh copy `applyMove` works on. Options, past settlements and placed bets are never changed
 * once made, so they are shared rather than copied (settlements and bets only ever get a new entry, on
 * a copied array). A shared bet keeps its identity from state to state, so the room's mirror skips it.
 */
export function cloneState(state: State): State {
  const { options, settlements, bets, ...rest } = state;
  return { ...cloneJson(rest), options, settlements: settlements.slice(), bets: bets.slice() };
}

/**
 * After a move: every part of the new state equal to the previous state's (players, positions, decks,
 * bets, …) is put back as the previous object, however deep. Most moves change little (a roll moves
 * horses, a bet adds a bet), so the copy `cloneState` made of the rest dies young instead of living
 * as long as the state (the garbage collector's scavenges copy what is still alive: at hundreds of
 * tables, every table's fresh copy), and views built from the same objects are the same objects
 * (view.ts), which the room then skips by identity instead of comparing them field by field.
 */
export function keepUnchanged(prev: State, next: State): State {
  return shareEqual(prev, next) as State;
}

/** `prev` when `next` equals it; otherwise `next`, with each equal part replaced by `prev`'s. */
function shareEqual(prev: unknown, next: unknown): unknown {
  if (prev === next || typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return next;
  if (Array.isArray(prev) !== Array.isArray(next) || Object.isFrozen(next)) return next; // frozen: not this move's copy
  const a = prev as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = Object.keys(b);
  let same = keys.length === Object.keys(a).length;
  for (const key of keys) {
    const value = Object.hasOwn(a, key) ? shareEqual(a[key], b[key]) : b[key];
    if (value !== b[key]) b[key] = value;
    if (value !== a[key]) same = false;
  }
  return same ? prev : next;
}

/** Same entries, in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
