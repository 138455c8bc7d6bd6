/**
 * The warm-up before a process listens: bot games of every game played through the engines, the room's
 * projection and the schema encoder (rooms/offline-table.ts) for `WARM_UP_MS`. A fresh process would
 * otherwise compile these while its first tables play: V8's optimizing compiler, and the slower code
 * running until it is done, are most of what a fresh process spends more a move than a warm one
 * (docs/performance.md, rounds 17 and 29). Nothing here touches the network, Redis or any room.
 */
import { standardTableSizes, type AnyGame } from '../core/game.ts';
import { randomSource } from '../core/rng.ts';
import { games } from '../games/index.ts';
import { botStep, encodePatch, openOfflineTable } from '../../rooms/offline-table.ts';

/** Moves played on one table at most before the warm-up turns to the next game. */
const MOVES_PER_TABLE = 150;
/** Each game's turn is also bounded in time, so that every game gets at least this many turns (cold code is slow). */
const TURNS_PER_GAME = 4;

export interface WarmUpResult {
  ms: number;
  moves: number;
  tables: number;
  /** Games left out after one of their tables failed (a bot's move refused, an engine's error): the process starts anyway. */
  failed: { game: string; error: string }[];
}

/**
 * Plays for `budgetMs` by `now` (milliseconds; the tests' own clock), and every game at least once: a busy machine's
 * first round may outlast the budget, but a game left cold would be compiled by the first tables that play it.
 */
export function warmUp(budgetMs: number, gameList: readonly AnyGame[] = games, now: () => number = () => performance.now()): WarmUpResult {
  const started = now();
  const until = started + budgetMs;
  const random = randomSource('warm-up');
  let moves = 0;
  let tables = 0;
  const failed: WarmUpResult['failed'] = [];
  const playing = gameList.map((game) => ({ game, sizes: standardTableSizes(game) }));
  const sliceMs = budgetMs / (gameList.length * TURNS_PER_GAME);
  for (let round = 0; (round === 0 || now() < until) && playing.length > 0; round++) {
    for (const { game, sizes } of [...playing]) {
      // Every table size the game's default rules allow, one a round: the code paths differ with the seat count.
      try {
        const table = openOfflineTable(game, sizes[round % sizes.length]!, {}, `warm-up/${game.id}/${round}`);
        tables++;
        table.projection.syncGame();
        encodePatch(table);
        const turnEnds = Math.min(until, now() + sliceMs);
        // At least one move a table, however slow its setup was (cold code, a busy machine).
        for (let step = 0; step < MOVES_PER_TABLE && (step === 0 || now() < turnEnds); step++) {
          const stepped = botStep(table, random);
          if (stepped === 'over') break;
          if (stepped === 'none') continue;
          table.projection.syncGame();
          encodePatch(table);
          moves++;
        }
      } catch (err) {
        // A warm-up is no reason not to start: the game's own tables meet the fault, and report it, as they would.
        failed.push({ game: game.id, error: (err as Error).message ?? String(err) });
        playing.splice(playing.findIndex((p) => p.game === game), 1);
      }
      if (round > 0 && now() >= until) break;
    }
  }
  return { ms: Math.round(now() - started), moves, tables, failed };
}
