import { describe, expect, it } from 'vitest';
import { SYSTEM, type Actor } from '../../core/game.ts';
import { pick, randomSource } from '../../core/rng.ts';
import { simulate } from '../../core/testing/simulate.ts';
import { singleSteps } from './board.ts';
import { game } from './index.ts';
import { applyMove, legalMoves } from './moves.ts';
import type { TacMove, TacState } from './types.ts';

describe('tac simulation', () => {
  it('plays four and six players, standard and master', () => {
    const report = simulate(game, { games: 4, seats: [4, 6], options: [{}, { master: true }], seed: 'tac-sim' });
    expect(report.games).toBe(4);
    for (const outcome of report.outcomes) expect(outcome.winners.length).toBeGreaterThan(0);
  });

  it('plays two and three players (one player per team)', () => {
    const report = simulate(game, { games: 2, seats: [2, 3], options: [{ master: true }], seed: 'tac-sim-small' });
    expect(report.outcomes.map((o) => o.winners.length)).toEqual([1, 1]);
  });

  it('plays six colours in two teams of three on the long board, without announcements', () => {
    const report = simulate(game, { games: 1, seats: [6], options: [{ sixTeams: '2x3', sixSpacing: 16, announce: false }], seed: 'tac-sim-6' });
    expect(report.outcomes[0]!.winners.length).toBe(3);
  });
});

type SevenMove = Extract<TacMove, { type: 'seven' | 'step' }>;

/** A single step of the 7: one field on from where the marble stands (for a TAC, in the position it restores). */
function isSingle(s: TacState, m: SevenMove): boolean {
  const board = m.type === 'seven' && m.card === 'tac' && s.last?.before ? { ...s, marbles: s.last.before } : s;
  return singleSteps(board, m.marble).includes(m.to);
}

/** Every state `k` listed single steps of `move`'s marble reach, the first as `move` is played (its card, or a step). */
function bySingleSteps(s: TacState, actor: Actor, move: SevenMove, k: number): TacState[] {
  if (k === 0) return [s];
  const first = (m: TacMove): m is SevenMove => m.type === move.type && m.marble === move.marble && (m.type === 'step' || m.card === (move as { card: string }).card);
  const singles = legalMoves(s, actor).filter(first).filter((m) => isSingle(s, m));
  return singles.flatMap((m) => {
    const r = applyMove(s, actor, m);
    return r.ok ? bySingleSteps(r.state, actor, { type: 'step', marble: m.marble, to: 0 }, k - 1) : [];
  });
}

describe('the 7 in runs, in random games', () => {
  it('lists each field a marble reaches once, and a run of several fields leaves the state its single steps would', () => {
    let runs = 0;
    for (const [seats, seed] of [[4, 'tac-runs-4'], [6, 'tac-runs-6']] as const) {
      const random = randomSource(seed);
      let s = game.setup(game.options.parse({}), seats, seed);
      for (let n = 0; n < 3000 && s.phase !== 'over'; n++) {
        const actor = game.activeActors(s)[0]!;
        const legal = legalMoves(s, actor);
        const sevens = legal.filter((m) => m.type === 'seven' || m.type === 'step');
        const named = sevens.map((m) => `${m.type}:${'card' in m ? m.card : ''}:${m.marble}:${m.to}`);
        expect(new Set(named).size).toBe(named.length);
        // One run a turn, picked at random, against its single steps.
        const longer = sevens.filter((m) => !isSingle(s, m));
        if (longer.length > 0) {
          const run = pick(random, longer);
          const r = applyMove(s, actor, run);
          if (!r.ok) throw new Error(`${JSON.stringify(run)} refused: ${r.error.code}`);
          const steps = Number(r.events.find((e) => e.type === 'step')!.steps);
          expect(bySingleSteps(s, actor, run, steps)).toContainEqual(r.state);
          runs++;
        }
        const move = actor === SYSTEM ? legal[0]! : random() < 0.5 ? pick(random, legal) : game.bot(game.viewFor(s, actor), legal, random, actor)!;
        const r = applyMove(s, actor, move);
        if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code}`);
        s = r.state;
      }
    }
    expect(runs).toBeGreaterThan(50);
  });
});
