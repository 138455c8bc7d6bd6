/** Builders for scenario tests: a table in play with chosen hands and marble positions. */
import { SYSTEM, type Actor } from '../../core/game.ts';
import { game } from './index.ts';
import type { Area, Move, Options, RingStatus, State } from './types.ts';

/** A game past the cut with seat `first` to play (give it the cards under test with `hand`). */
export function table(options: Partial<Options> = {}, seats = 4, first = 0): State {
  let s = game.setup(game.options.parse(options), seats, 'scenario');
  while (s.phase === 'cut') s = ok(s, { type: 'cut' }, SYSTEM);
  s.turn = { seat: first, chain: [], split: null };
  return s;
}

/** Gives `seat` exactly these cards (taken from its deck, or from its discard pile). */
export function hand(s: State, seat: number, cards: string[]): State {
  const p = s.players[seat]!;
  p.deck.push(...p.hand);
  p.hand = [];
  for (const card of cards) {
    const pile = p.deck.includes(card) ? p.deck : p.discard;
    pile.splice(pile.indexOf(card), 1);
    p.hand.push(card);
  }
  return s;
}

/** Puts a marble somewhere (ring status follows the fast-track rule unless given). */
export function put(s: State, id: string, area: Area, space = -1, ring?: RingStatus): State {
  const m = s.marbles.find((x) => x.id === id);
  if (!m) throw new Error(`no marble ${id}`);
  const onFast = area === 'track' && space % 14 === 5;
  Object.assign(m, { area, space, ring: ring ?? (onFast ? 'entered' : 'none') });
  return s;
}

export function ok(s: State, move: Move | Record<string, unknown>, actor: Actor = s.turn.seat): State {
  const r = game.applyMove(s, actor, move);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code}`);
  const broken = game.invariants!(r.state);
  if (broken.length) throw new Error(broken.join('; '));
  return r.state;
}

export function refused(s: State, move: unknown, actor: Actor = s.turn.seat): string {
  const r = game.applyMove(s, actor, move);
  return r.ok ? 'accepted' : r.error.code;
}

export const legal = (s: State, actor: Actor = s.turn.seat) => game.legalMoves(s, actor);
/** Legal moves of one card, as compact text: `marble>to` (`split` adds `/steps`, swaps `a<>b`). */
export function options(s: State, card: string): string[] {
  return legal(s)
    .filter((m) => 'card' in m && m.card === card)
    .map((m) => (m.type === 'swap' ? `${m.marble}<>${m.other}` : m.type === 'discard' ? 'discard' : m.type === 'split' ? `${m.marble}>${m.to}/${m.steps}` : m.type === 'move' ? `${m.marble}>${m.to}` : m.type))
    .sort();
}
export const where = (s: State, id: string) => {
  const m = s.marbles.find((x) => x.id === id)!;
  return m.area === 'track' || m.area === 'home' ? `${m.area}-${m.space}` : m.area;
};
export const ring = (s: State, id: string) => s.marbles.find((x) => x.id === id)!.ring;
