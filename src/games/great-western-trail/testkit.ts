/** Builders for scenario tests: craft a position, then apply one move. */
import type { GwtMove, GwtOptions, GwtState } from './types.ts';
import { optionsSchema } from './types.ts';
import { setup } from './setup.ts';
import { applyMove, legalMoves } from './moves.ts';
import { predecessors } from './data/trail.ts';

/** A fresh game with seat 0 to play and an empty trail apart from the neutral buildings. */
export function fresh(seats = 2, options: Partial<GwtOptions> = {}, seed = 'scenario'): GwtState {
  const s = setup(optionsSchema.parse(options), seats, seed);
  for (const space of Object.keys(s.trail)) if (!s.trail[space]!.startsWith('n:')) s.trail[space] = '';
  s.current = 0;
  s.players.forEach((p, i) => {
    p.money = 20;
    p.location = 'START';
    p.hand = [];
    p.deck = [];
    p.discard = [];
    p.engine = 0;
    void i;
  });
  return s;
}

export function play(state: GwtState, move: GwtMove, actor = state.current): GwtState {
  const r = applyMove(state, actor, move);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} rejected: ${r.error.code}; legal: ${JSON.stringify(legalMoves(state, actor))}`);
  return r.state;
}

export function errorOf(state: GwtState, move: unknown, actor = state.current): string {
  const r = applyMove(state, actor, move);
  return r.ok ? 'ok' : r.error.code;
}

/** Puts the current player's cattleman just before `space` and moves onto it (paying any fee there). */
export function goTo(state: GwtState, space: string): GwtState {
  state.players[state.current]!.location = predecessors(space)[0]!;
  return play(state, { type: 'move', path: [space] });
}

export function types(state: GwtState): string[] {
  return [...new Set(legalMoves(state, state.current).map((m) => m.type))].sort();
}

export function has(state: GwtState, move: GwtMove): boolean {
  return legalMoves(state, state.current).some((m) => JSON.stringify(m) === JSON.stringify(move));
}
