import type { PlayerState, State } from './types.ts';

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
 * After a move: where the new state's players (and horse positions, bets, cards on the table) equal
 * the previous state's, the previous objects are put back. Most moves leave every player as it was (a roll moves horses, a bet
 * adds a bet), and views built from the same objects are the same objects (view.ts), which the room
 * then skips by identity instead of comparing them field by field.
 */
export function keepUnchanged(prev: State, next: State): State {
  if (next.players !== prev.players && next.players.length === prev.players.length) {
    const players = next.players.map((p, i) => (samePlayer(p, prev.players[i]!) ? prev.players[i]! : p));
    next.players = players.every((p, i) => p === prev.players[i]) ? prev.players : players;
  }
  if (next.positions !== prev.positions && sameNumbers(next.positions, prev.positions)) next.positions = prev.positions;
  if (next.bets !== prev.bets && sameItems(next.bets, prev.bets)) next.bets = prev.bets;
  if (next.props !== prev.props && sameItems(next.props, prev.props)) next.props = prev.props;
  if (next.exotics !== prev.exotics && sameItems(next.exotics, prev.exotics)) next.exotics = prev.exotics;
  return next;
}

/** Same entries, compared by identity (bets are shared, never copied) or value (card ids). */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function samePlayer(a: PlayerState, b: PlayerState): boolean {
  if (a === b) return true;
  if (a.money !== b.money || a.passed !== b.passed || a.ready !== b.ready) return false;
  if (!sameNumbers(a.tokens, b.tokens) || a.offer.length !== b.offer.length || a.vip.length !== b.vip.length) return false;
  if (a.offer.some((c, i) => c !== b.offer[i])) return false;
  return a.vip.every((h, i) => {
    const o = b.vip[i]!;
    return h.card === o.card && h.race === o.race && h.revealed === o.revealed && h.spent === o.spent;
  });
}

export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return sameItems(a, b);
}
