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
 * The fresh copy `applyMove` works on. Options and past settlements are never changed once made, so
 * they are shared rather than copied (settlements only ever get a new entry, on a copied array).
 */
export function cloneState(state: State): State {
  const { options, settlements, ...rest } = state;
  return { ...cloneJson(rest), options, settlements: settlements.slice() };
}
