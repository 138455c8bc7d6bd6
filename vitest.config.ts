import { defineConfig } from 'vitest/config';

/**
 * Files that must not run beside another: the one building the project, and the ones whose figures are
 * timings that a busy neighbour would stretch (pages on two cores, a burst of 200 players on the run's
 * Redis, a game store's 50 ms beats in the test process). They run one at a time, last. The rest run two
 * at a time: most of those wait (whole games on the room clock, spawned servers), so two workers on two
 * cores finish them in well under the time one takes. (The Redis restart tests run beside others: each
 * has its own Redis, and they mostly wait out outages.)
 */
const alone = [
  'test/game-store.test.ts',
  'test/packing.test.ts',
  'test/container.test.ts',
  'test/web.test.ts',
];

/**
 * Fault tests of real processes, each file on a Redis of its own, that spend their time waiting: for
 * heartbeats to lapse, Redis to come back, processes to start and stop. Beside a busy file their windows
 * (a dead process's beats lapsing, a reservation's second) would be squeezed, so they run after the
 * others, three at a time beside each other only: three of them keep about one of the two cores busy
 * (111-116 s of CPU in 109-150 s), so they take about as long as the longest one or two in a row. (The
 * stalled process's tests are a file apart from the Redis restarts' for that: the two were one 150 s file.)
 */
const paired = ['test/recovery.test.ts', 'test/recovery-redis.test.ts', 'test/recovery-stall.test.ts', 'test/scaling.test.ts', 'test/deploy.test.ts'];

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
          exclude: [...alone, ...paired],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'paired', include: paired, maxWorkers: 3, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
