import { defineConfig } from 'vitest/config';

/**
 * The browser file runs alone, last: its pages keep both cores ~85% busy (whole games at the pace of the patches, a
 * page a seat), and a busy neighbour would stretch its whole games towards their time limits.
 */
const alone = ['test/web.test.ts'];

/**
 * Files of real processes and timings, after the first group, three at a time beside each other only: fault tests
 * each on a Redis of their own, spending their time waiting (heartbeats lapsing, Redis coming back, processes
 * starting and stopping), the game store's 50-ms beats, the packing of a burst of 200 players, and the container
 * check's build. Beside the busy first group their windows would be squeezed; beside each other they keep the two
 * cores 65-72% busy, so each still finds a core free: the eight took 96-97 s where the fault files took 119 s and
 * the other three 65 s one at a time after them. (The stalled process's tests are a file apart from the Redis
 * restarts' for that: the two were one 150 s file.)
 */
const waiting = [
  'test/recovery.test.ts',
  'test/recovery-redis.test.ts',
  'test/recovery-stall.test.ts',
  'test/scaling.test.ts',
  'test/deploy.test.ts',
  'test/game-store.test.ts',
  'test/packing.test.ts',
  'test/container.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'together',
          include: ['src/**/*.test.ts', 'rooms/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts'],
          exclude: [...alone, ...waiting],
          // Four files at a time: most of this group's time is its files waiting (servers starting, clocks and
          // windows running out), not computing: on two cores it took 218 s two at a time, 157 s three at a time
          // and 125 s four at a time, the same tests passing (its processes' CPU 2 min 16 s, 2 min 16 s, 2 min 10 s);
          // measured again later, 216 s three at a time and 160 s four at a time.
          maxWorkers: 4,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'waiting', include: waiting, maxWorkers: 3, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
