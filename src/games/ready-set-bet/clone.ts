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
