import { describe, expect, it } from 'vitest';
import { simulate } from '../../core/testing/index.ts';
import { game } from './index.ts';

const variant = {
  neutralBuildings: 'random',
  privateBuildings: 'randomSides',
  firstTurn: 'anyBuilding',
  fees: 'mustAfford',
  tieBreak: 'money',
  cowboysInStack2: 12,
  unplaceableSetupTile: 'return',
  turnoutTransport: 'previous',
  extraordinaryTurnout: 'counted',
  requireAction: false,
  stationMasterTeepee: 'free',
  objectivesInKansasCity: true,
  copyAdjacency: 'nearestLocation',
  kansasCityVp: -6,
  finalRound: 'endOfRound',
  lastSpace: 'upgradeThenBack',
  doubleAuxiliary: 'printedBoard',
  refillMarketAtEnd: false,
  finalTurn: 'normal',
};

// A few seconds each on an idle machine; the long timeout only guards a heavily shared one.
describe('great-western-trail simulation', () => {
  it('plays seeded standard games for 2, 3 and 4 players', () => {
    const report = simulate(game, { games: 3, seed: 'gwt', maxSteps: 8000 });
    expect(report.outcomes).toHaveLength(3);
  }, 120_000);

  it('plays seeded games with the random setup of experienced players', () => {
    const options = [{ neutralBuildings: 'random', privateBuildings: 'randomSides' }];
    const report = simulate(game, { games: 3, seed: 'gwt-random', maxSteps: 8000, options });
    expect(report.outcomes).toHaveLength(3);
  }, 120_000);

  it('plays seeded games with every variant option switched', () => {
    const report = simulate(game, { games: 3, seed: 'gwt-variant', maxSteps: 8000, options: [variant] });
    expect(report.outcomes).toHaveLength(3);
  }, 120_000);
});
