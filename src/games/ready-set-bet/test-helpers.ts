/** Builders for the scenario tests: craft a table, force the dice, apply a move. */
import type { Actor } from '../../core/game.ts';
import { SYSTEM } from '../../core/game.ts';
import type { RngState } from '../../core/rng.ts';
import { rollDie, seedRng } from '../../core/rng.ts';
import { HORSES } from './data/board.ts';
import { cloneJson } from './clone.ts';
import { game } from './index.ts';
import type { Move, State } from './types.ts';

export function fresh(options: Record<string, unknown> = {}, seats = 4, seed = 'scenario'): State {
  return game.setup(game.options.parse(options), seats, seed);
}

/** A modified copy of `state`. */
export function edit(state: State, change: (s: State) => void): State {
  const next = cloneJson(state);
  change(next);
  return next;
}

export function setPositions(state: State, positions: Record<string, number>): State {
  return edit(state, (s) => {
    for (const [horse, p] of Object.entries(positions)) s.positions[HORSES.indexOf(horse as (typeof HORSES)[number])] = p;
  });
}

export function position(state: State, horse: string): number {
  return state.positions[HORSES.indexOf(horse as (typeof HORSES)[number])]!;
}

const diceSeeds = new Map<string, RngState>();

/** A PRNG state whose next two dice are `a` then `b`. */
function rngFor(a: number, b: number): RngState {
  const key = `${a},${b}`;
  for (let i = 0; !diceSeeds.has(key); i++) {
    const probe = seedRng(`dice-${i}`);
    if (rollDie(probe) === a && rollDie(probe) === b) diceSeeds.set(key, seedRng(`dice-${i}`));
  }
  return diceSeeds.get(key)!.slice() as RngState;
}

export function apply(state: State, actor: Actor, move: Move | Record<string, unknown>): State {
  const r = game.applyMove(state, actor, move);
  if (!r.ok) throw new Error(`move rejected: ${r.error.code}`);
  return r.state;
}

export function errorCode(state: State, actor: Actor, move: unknown): string {
  const r = game.applyMove(state, actor, move);
  return r.ok ? 'ok' : r.error.code;
}

/** The same table with dice that will come up `a`, `b` on the next roll. */
export function forceDice(state: State, a: number, b: number): State {
  return edit(state, (s) => (s.rng = rngFor(a, b)));
}

/** Rolls the dice `a`, `b` (by the roller: SYSTEM, or the host seat when given). */
export function rollWith(state: State, a: number, b: number, actor: Actor = SYSTEM): State {
  return apply(forceDice(state, a, b), actor, { type: 'roll' });
}

/** Rolls a sum, with any dice that make it. */
export function rollSum(state: State, sum: number, actor: Actor = SYSTEM): State {
  const a = Math.max(1, sum - 6);
  return rollWith(state, a, sum - a, actor);
}

export function bet(state: State, seat: number, space: string, token: number): State {
  return apply(state, seat, { type: 'bet', space, token });
}

/** Puts bets straight on the board (no checks), for settlement scenarios. */
export function withBets(state: State, bets: [seat: number, space: string, token: number][]): State {
  return edit(state, (s) => {
    for (const [seat, space, token] of bets) s.bets.push({ space, seat, token });
  });
}

/** Finishes the race: puts `horse` one short of the line (others as given) and rolls it home. */
export function finishWith(state: State, horse: string, others: Record<string, number> = {}): State {
  const sums: Record<string, number> = { '2/3': 2, '11/12': 12 };
  const s = edit(setPositions(state, { ...others, [horse]: 14 }), (x) => (x.lastRoll = null));
  return rollSum(s, sums[horse] ?? Number(horse));
}

/** The settlement lines of `seat` in the latest settlement. */
export function linesOf(state: State, seat: number) {
  return state.settlements.at(-1)!.players.find((p) => p.seat === seat)!;
}
