import { describe, expect, it } from 'vitest';
import { simulate } from '../../core/testing/index.ts';
import { game } from './index.ts';

describe('great-western-trail simulation', () => {
  it('plays seeded games for 2, 3 and 4 players', () => {
    const report = simulate(game, { games: 3, seed: 'gwt', maxSteps: 6000 });
    expect(report.games).toBe(3);
  });
});
