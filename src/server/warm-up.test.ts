import { describe, expect, it } from 'vitest';
import { games } from '../games/index.ts';
import { loadConfig } from './config.ts';
import { warmUp } from './warm-up.ts';

describe('warm-up before listening', () => {
  it.each(games.map((g) => [g.id, g] as const))('plays %s through engine, projection and encoder', (_id, game) => {
    const { moves, tables, failed } = warmUp(150, [game]);
    expect(failed).toEqual([]);
    expect(tables).toBeGreaterThanOrEqual(1);
    expect(moves).toBeGreaterThan(0);
  });

  it('plays every table size a game allows, a size a round', () => {
    const fastTrack = games.find((g) => g.id === 'fast-track')!;
    const played: number[] = [];
    const watched = { ...fastTrack, setup: (...args: Parameters<typeof fastTrack.setup>) => (played.push(args[1]), fastTrack.setup(...args)) };
    // Among five games a shared table count gave Fast Track (five sizes) the same size every round. A clock of its own,
    // a millisecond a reading, so that a busy machine plays the same rounds.
    let clock = 0;
    warmUp(600, [watched, ...games.filter((g) => g !== fastTrack)], () => clock++);
    expect(played.length).toBeGreaterThanOrEqual(4); // each game has four turns in the budget
    expect(played).toEqual([2, 3, 4, 5, 6, 2, 3, 4, 5, 6].slice(0, played.length));
  });

  it('leaves out a game that fails and goes on with the others: the process starts anyway', () => {
    const tac = games.find((g) => g.id === 'tac')!;
    const broken = { ...tac, bot: () => ({ type: 'no-such-move' }) };
    const { failed, moves } = warmUp(200, [broken, games.find((g) => g.id === 'ready-set-bet')!]);
    expect(failed).toEqual([{ game: 'tac', error: expect.stringContaining('bot move refused') }]);
    expect(moves).toBeGreaterThan(0);
  });

  it('stops at its budget, and plays every game within it', () => {
    const { ms, tables } = warmUp(500);
    expect(ms).toBeGreaterThanOrEqual(500);
    expect(ms).toBeLessThan(500 + 1000); // a step is a few ms: the budget is checked between steps
    expect(tables).toBeGreaterThanOrEqual(games.length);
  });

  it('plays every game once however slow its first round (a busy machine, cold code), and no round after the budget', () => {
    const played: string[] = [];
    const watched = games.map((g) => ({ ...g, setup: (...args: Parameters<typeof g.setup>) => (played.push(g.id), g.setup(...args)) }));
    let clock = 0;
    // Each reading of the clock 100 ms on: the first table's setup and move outlast the whole budget.
    const { tables } = warmUp(50, watched, () => (clock += 100));
    expect(played).toEqual(games.map((g) => g.id));
    expect(tables).toBe(games.length);
  });

  it('is on by default, off for test servers, and set by WARM_UP_MS', () => {
    expect(loadConfig({}).WARM_UP_MS).toBe(2000);
    expect(loadConfig({ NODE_ENV: 'test' }).WARM_UP_MS).toBe(0);
    expect(loadConfig({ WARM_UP_MS: '0' }).WARM_UP_MS).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', WARM_UP_MS: '500' }).WARM_UP_MS).toBe(500);
    expect(() => loadConfig({ WARM_UP_MS: '-1' })).toThrow(/WARM_UP_MS/);
  });
});
