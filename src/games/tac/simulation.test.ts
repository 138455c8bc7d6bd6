import { describe, expect, it } from 'vitest';
import { simulate } from '../../core/testing/simulate.ts';
import { game } from './index.ts';

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
