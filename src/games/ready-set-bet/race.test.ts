import { describe, expect, it } from 'vitest';
import { seedRng } from '../../core/rng.ts';
import { FINISH, HORSES } from './data/board.ts';
import { rankHorses, rollDice } from './race.ts';
import { edit, fresh } from './test-helpers.ts';

describe('race simulator', () => {
  function winRates(options: Record<string, unknown>, races: number): number[] {
    const s = edit(fresh(options), (x) => (x.rng = seedRng('win-rates')));
    const wins = HORSES.map(() => 0);
    for (let i = 0; i < races; i++) {
      s.positions = HORSES.map(() => 0);
      s.lastRoll = null;
      s.bonusArmed = false;
      while (!s.positions.includes(FINISH)) rollDice(s);
      wins[s.positions.indexOf(FINISH)]!++;
    }
    return wins.map((w) => w / races);
  }
  const near = (rates: number[], expected: number[]) => rates.forEach((r, h) => expect(Math.abs(r - expected[h]!)).toBeLessThan(0.015));

  it('with same-sum repeats and a bonus on every repeat, matches the published 100k-race win rates', () => {
    near(winRates({ repeatMatch: 'sum', tripleRule: false }, 5000), [0.028, 0.054, 0.121, 0.192, 0.213, 0.19, 0.119, 0.054, 0.028]);
  });

  it('with the standard rules (same horse, triple rule), 7 is the favourite and 2/3 runs like 4', () => {
    // 100k-race rates of these rules, checked against an independent simulation.
    near(winRates({}, 5000), [0.047, 0.049, 0.109, 0.183, 0.222, 0.183, 0.111, 0.048, 0.048]);
  });

  it('ranks ties by competition (1, 2, 2, 4) or dense (1, 2, 2, 3) ranking', () => {
    const positions = [15, 12, 12, 9, 9, 3, 0, 0, 0];
    expect(rankHorses(positions, 'competition')).toEqual([1, 2, 2, 4, 4, 6, 7, 7, 7]);
    expect(rankHorses(positions, 'dense')).toEqual([1, 2, 2, 3, 3, 4, 5, 5, 5]);
  });
});
