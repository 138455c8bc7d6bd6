import { defineConfig } from 'vitest/config';

/**
 * Files that must not run beside another: the ones sharing the run's Redis (one flushes it, two share its
 * matchmaking and queue keys), the ones building the project, and the ones whose figures are timings of
 * real processes and browsers (a stalled process's windows, pages on two cores). They run one at a time,
 * after the rest, which run two at a time: most of those wait (whole games on the room clock, spawned
 * servers), so two workers on two cores finish them in well under the time one takes. (The Redis restart
 * tests run beside others: each has its own Redis, and they mostly wait out outages.)
 */
const alone = [
  'test/game-store.test.ts',
  'test/scaling.test.ts',
  'test/packing.test.ts',
  'test/container.test.ts',
  'test/deploy.test.ts',
  'test/recovery.test.ts',
  'test/web.test.ts',
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
          exclude: alone,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
