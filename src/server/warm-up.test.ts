import { describe, expect, it } from 'vitest';
import { games } from '../games/index.ts';
import { loadConfig } from './config.ts';
import { warmUp } from './warm-up.ts';

describe('warm-up before listening', () => {
  it.each(games.map((g) => [g.id, g] as const))('plays %s through engine, projection and encoder', (_id, game) => {
    const { moves, tables } = warmUp(150, [game]);
    expect(tables).toBeGreaterThanOrEqual(1);
    expect(moves).toBeGreaterThan(0);
  });

  it('stops at its budget, and plays every game within it', () => {
    const { ms, tables } = warmUp(300);
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(ms).toBeLessThan(300 + 1000); // a step is a few ms: the budget is checked between steps
    expect(tables).toBeGreaterThanOrEqual(games.length);
  });

  it('is on by default, off for test servers, and set by WARM_UP_MS', () => {
    expect(loadConfig({}).WARM_UP_MS).toBe(2000);
    expect(loadConfig({ NODE_ENV: 'test' }).WARM_UP_MS).toBe(0);
    expect(loadConfig({ WARM_UP_MS: '0' }).WARM_UP_MS).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', WARM_UP_MS: '500' }).WARM_UP_MS).toBe(500);
    expect(() => loadConfig({ WARM_UP_MS: '-1' })).toThrow(/WARM_UP_MS/);
  });
});
