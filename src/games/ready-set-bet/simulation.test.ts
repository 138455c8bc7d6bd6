import { describe, expect, it } from 'vitest';
import { simulate } from '../../core/testing/index.ts';
import { game } from './index.ts';

// Every listed move is tried for a few per actor only: with up to nine actors at once and ~300 bets
// each, trying more multiplies the run time without reaching new states.
const harness = { tryMovesUpTo: 3, resampleEvery: 10 };

describe('ready-set-bet simulation', () => {
  it.each([2, 3, 4, 5, 6, 7, 8])('standard game at %i seats', (seats) => {
    const report = simulate(game, { ...harness, games: 1, seats: [seats], seed: `standard-${seats}` });
    expect(report.outcomes[0]!.winners.length).toBeGreaterThan(0);
  });

  it('host seat rolls (with and without host bets, and bets open before its first roll as older games played)', () => {
    const report = simulate(game, {
      ...harness,
      games: 3,
      seats: [5],
      seed: 'host',
      options: [{ hostMode: 'hostSeat', hostBets: true }, { hostMode: 'hostSeat' }, { hostMode: 'hostSeat', betsFromFirstRoll: false }],
    });
    expect(report.games).toBe(3);
  });

  it('a seated host and eight bettors (9 seats)', () => {
    const report = simulate(game, { ...harness, games: 1, seats: [9], seed: 'host-nine', options: [{ hostMode: 'hostSeat' }] });
    expect(report.outcomes[0]!.standings).toHaveLength(9);
  });

  it('every house rule flipped', () => {
    const variant = {
      repeatMatch: 'sum',
      tripleRule: false,
      horseTies: 'dense',
      propTieWins: true,
      exoticsPersist: false,
      fewerTokensAtSeven: false,
      moneyFloor: false,
      startingMoney: 5,
      redLine: 9,
      tieBreak: 'mostWinningBets',
    };
    const report = simulate(game, { ...harness, games: 2, seats: [2, 7], seed: 'variant', options: [variant] });
    expect(report.games).toBe(2);
  });

  it('simple first game: no props, exotics or VIP cards', () => {
    const report = simulate(game, { ...harness, games: 1, seats: [5], seed: 'simple', options: [{ props: false, exotics: false, vip: false, tieBreak: 'fewestVip' }] });
    expect(report.games).toBe(1);
  });
});
