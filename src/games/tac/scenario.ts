/** Test builders: a table in the middle of a round, laid out like a rulebook example. */
import type { Actor } from '../../core/game.ts';
import { removeCards } from '../../core/cards/index.ts';
import { options } from './index.ts';
import { applyMove, legalMoves } from './moves.ts';
import { setup } from './setup.ts';
import type { Card, LastPlay, TacMove, TacOptions, TacState } from './types.ts';

export interface TableSpec {
  seats?: number;
  options?: Partial<TacOptions>;
  /** Marble id → ring field or `home(i)`; `[field, true]` for a fresh marble on its start. Others stay in the apron. */
  marbles?: Record<number, number | [number, boolean]>;
  /** Colour → hand; colours not named get one 9 (so they still have a turn). */
  hands?: Record<number, Card[]>;
  turn?: number;
  last?: LastPlay | null;
  patch?: Partial<TacState>;
}

export const HOME = 1000;
/** Home field i of the marble's own colour (resolved against the ring size by `table`). */
export const home = (i: number) => HOME + i;

export function table(spec: TableSpec = {}): TacState {
  const seats = spec.seats ?? 4;
  const s = setup(options.parse(spec.options ?? {}), seats, 'scenario');
  s.phase = 'play';
  s.round = 1;
  s.dealInCycle = 1;
  s.dealer = s.colours - 1;
  for (let c = 0; c < s.colours; c++) s.hands[c] = spec.hands?.[c] ?? ['9'];
  s.deck = removeCards(s.deck, s.hands.flat())!;
  for (const [id, where] of Object.entries(spec.marbles ?? {})) {
    const [pos, fresh] = Array.isArray(where) ? where : [where, false];
    s.marbles[Number(id)] = { pos: pos >= HOME ? s.ring + pos - HOME : pos, fresh };
  }
  s.turn = spec.turn ?? 0;
  s.last = spec.last ?? null;
  return { ...s, ...spec.patch };
}

/** Applies a move that must be legal; returns the next state. */
export function play(state: TacState, actor: Actor, move: TacMove): TacState {
  const r = applyMove(state, actor, move);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} rejected: ${r.error.code}`);
  return r.state;
}

/** The error code of a move that must be rejected. */
export function errorOf(state: TacState, actor: Actor, move: unknown): string {
  const r = applyMove(state, actor, move);
  if (r.ok) throw new Error(`${JSON.stringify(move)} was accepted`);
  return r.error.code;
}

/** Where a marble is: 'apron', a ring field, or `home(i)`. */
export function where(s: TacState, id: number): 'apron' | number {
  const pos = s.marbles[id]!.pos;
  if (pos < 0) return 'apron';
  return pos >= s.ring ? home(pos - s.ring) : pos;
}

/** Destinations `legalMoves` offers for a marble with a card (move type `move`). */
export function targets(s: TacState, actor: Actor, card: Card, marble: number): number[] {
  return legalMoves(s, actor)
    .flatMap((m) => (m.type === 'move' && m.card === card && m.marble === marble ? [m.to >= s.ring ? home(m.to - s.ring) : m.to] : []))
    .sort((a, b) => a - b);
}

/** Plays a whole 7 from a list of single steps (the first with `card`). */
export function seven(state: TacState, actor: Actor, card: Card, steps: [number, number][]): TacState {
  const to = (s: TacState, field: number) => (field >= HOME ? s.ring + field - HOME : field);
  let s = play(state, actor, { type: 'seven', card, marble: steps[0]![0], to: to(state, steps[0]![1]) });
  for (const [marble, field] of steps.slice(1)) s = play(s, actor, { type: 'step', marble, to: to(s, field) });
  return s;
}
