import { describe, it } from 'vitest';
import { simulate } from '../../core/testing/simulate.ts';
import { game } from './index.ts';

// A seeded sample for every table size and the main option sets (kept small for the test budget);
// bigger runs go through `npm run sim`.
const light = { tryMovesUpTo: 12, resampleEvery: 10 };

describe('fast-track simulation', () => {
  it('standard game at every table size (2–6 players, square and hex boards)', () => {
    simulate(game, { games: 5, seed: 'ft-standard', ...light });
  });

  it('two players with three colours each on the hexagonal board, and one colour each', () => {
    simulate(game, { games: 2, seats: [2], options: [{ coloursPerPlayer: 3 }, { coloursPerPlayer: 1 }], seed: 'ft-colours', ...light });
  });

  it('teams of two (4 and 6 players) and of three (6 players)', () => {
    simulate(game, { games: 2, seats: [4, 6], options: [{ teams: 'pairs' }], seed: 'ft-pairs', ...light });
    simulate(game, { games: 1, seats: [6], options: [{ teams: 'triples' }], seed: 'ft-triples', ...light });
  });

  it('house rules: fast-track obligation lost, ring step-off, own bull’s eye, no backward bull’s eye, safe bull’s eye, any-two jack swap, stall relief', () => {
    simulate(game, {
      games: 2,
      seats: [3],
      options: [
        { fastTrackObligation: 'loseStatus', ringStepOff: 'moveStart' },
        { bullseyeEntry: 'ownFastTrack', bullseyeBackward: false, bullseyeCapture: false, jackSwap: 'anyTwo', stallRelief: 3 },
      ],
      seed: 'ft-house',
      ...light,
    });
  });

  it('the fast track left at any hop (ringStepOff anyHop), square and hex boards', () => {
    simulate(game, { games: 2, seats: [4, 3], options: [{ ringStepOff: 'anyHop' }], seed: 'ft-any-hop', ...light });
  });

  it('team house rules: partners only after finishing, no friendly capture', () => {
    simulate(game, { games: 1, seats: [4], options: [{ teams: 'pairs', partnerMarbles: 'afterFinishing', friendlyCapture: false }], seed: 'ft-team-house', ...light });
  });
});
