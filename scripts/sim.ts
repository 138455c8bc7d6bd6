/**
 * Long random-simulation runs, outside the test command:
 *   npm run sim -- <game-id|all> [games=1000] [seed=sim]
 * Prints games, steps and wall time per game; exits non-zero on the first invariant violation.
 */
import { games } from '../src/games/index.ts';
import { simulate } from '../src/core/testing/simulate.ts';

const [which = 'all', countArg = '1000', seed = 'sim'] = process.argv.slice(2);
const selected = which === 'all' ? games : games.filter((g) => g.id === which);
if (selected.length === 0) {
  console.error(`unknown game "${which}"; known: ${games.map((g) => g.id).join(', ')}`);
  process.exit(2);
}
for (const game of selected) {
  const started = performance.now();
  // Random play can run long without looping: an 8-seat Tractor game, its teams a level apart at the end, took 25,299
  // steps (seed "stop61-1796606632#35"), past the harness's 20,000. A loop still shows, three times later.
  const report = simulate(game, { games: Number(countArg), seed, maxSteps: 60_000 });
  const ms = performance.now() - started;
  console.log(
    `${game.id}: ${report.games} games, ${report.steps} steps (longest ${report.longest}), ${(ms / 1000).toFixed(1)} s, ${(report.steps / (ms / 1000)).toFixed(0)} steps/s`,
  );
}
