import { describe, expect, it } from 'vitest';
import { simulate } from '../../core/testing/simulate.ts';
import { game } from './index.ts';

// A seeded sample for every table size and the main option sets; bigger runs go through `npm run sim`.
describe('fast-track simulation', () => {
  it('standard game at every table size (2–6 players, square and hex boards)', () => {
    const report = simulate(game, { games: 10, seed: 'ft-standard' });
    expect(report.games).toBe(10);
  });

  it('two players with three colours each on the hexagonal board, and one colour each', () => {
    simulate(game, { games: 2, seats: [2], options: [{ coloursPerPlayer: 3 }, { coloursPerPlayer: 1 }], seed: 'ft-colours' });
  });

  it('teams of two (4 and 6 players) and of three (6 players)', () => {
    simulate(game, { games: 2, seats: [4, 6], options: [{ teams: 'pairs' }], seed: 'ft-pairs' });
    simulate(game, { games: 1, seats: [6], options: [{ teams: 'triples' }], seed: 'ft-triples', tryMovesUpTo: 8 });
  });

  it('house rules: fast-track obligation lost, ring step-off, own bull’s eye, safe bull’s eye, any-two jack swap', () => {
    simulate(game, {
      games: 4,
      seats: [3, 4],
      options: [
        { fastTrackObligation: 'loseStatus', ringStepOff: true },
        { bullseyeEntry: 'ownFastTrack', bullseyeCapture: false, jackSwap: 'anyTwo' },
      ],
      seed: 'ft-house',
    });
  });

  it('team house rules: partners only after finishing, no friendly capture', () => {
    simulate(game, { games: 1, seats: [4], options: [{ teams: 'pairs', partnerMarbles: 'afterFinishing', friendlyCapture: false }], seed: 'ft-team-house' });
  });
});
