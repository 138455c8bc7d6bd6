/**
 * Playing whole games over real WebSockets: a client that always plays the first move the server lists
 * for it, paced to stay under the room's message rate limit (play-again chains and fast-changing lists,
 * as in a live deal, would otherwise flood it with stale requests).
 */
import { joinAsPlayer, legalMoves, state, type AnyState, type Player } from './clients.ts';
import { sleep } from './ports.ts';

/** Each game at its smallest table, its own clocks short (so that the server's moves do not hold a game up). */
export const SMALL_TABLES = [
  { game: 'fast-track', seats: 2, options: {} },
  { game: 'tractor', seats: 4, options: { dealDelayMs: 0, declareWindowMs: 0, handEndDelayMs: 0 } },
  { game: 'great-western-trail', seats: 2, options: {} },
  { game: 'ready-set-bet', seats: 2, options: { rollIntervalMs: 30, startDelayMs: 0, resultsPauseMs: 0, draftTimeoutMs: 0 } },
  { game: 'tac', seats: 2, options: { dealDelayMs: 0 } },
];

/** Plays up to `count` of the seat's listed moves as they come (others move in between), for at most `withinMs`. */
export async function playSome(player: Player, count: number, withinMs: number) {
  const until = Date.now() + withinMs;
  for (let played = 0; played < count && state(player).status === 'playing' && Date.now() < until; ) {
    const [move] = legalMoves(player);
    if (!move) {
      await sleep(20);
      continue;
    }
    // A refusal means the list was stale (a bot or the game moved first): the next patch brings the new one.
    if (await player.room.request('move', move).then(() => true, () => false)) played++;
    else await sleep(30);
  }
}

/** At most this many requests in any second: under the default limit of 30. */
const REQUESTS_PER_SECOND = 25;

/** Plays the seat's first listed move until the game is over; counts moves accepted and refused. */
export async function playUntilOver(player: Player, timeoutMs = 60_000): Promise<{ moves: number; rejected: number }> {
  let moves = 0;
  let rejected = 0;
  const until = Date.now() + timeoutMs;
  const recent: number[] = []; // send times of the last REQUESTS_PER_SECOND requests
  while (state(player).status !== 'over') {
    if (Date.now() > until) throw new Error(`seat ${player.seat}: game did not end in time (${moves} moves)`);
    const [move] = legalMoves(player);
    if (!move) {
      await sleep(10);
      continue;
    }
    if (recent.length === REQUESTS_PER_SECOND) await sleep(Math.max(0, recent.shift()! + 1000 - Date.now()));
    recent.push(Date.now());
    // A refusal means the list was stale (a bot or the SYSTEM moved first): wait for the next patch.
    const accepted = await player.room.request('move', move).then(
      () => true,
      () => false,
    );
    if (accepted) moves++;
    else {
      rejected++;
      await sleep(30);
    }
  }
  return { moves, rejected };
}

/** One human client at a table whose other seats are bots, played to the end; returns the final state. */
export async function playWithBots(
  endpoint: string,
  game: string,
  options: { seats: number; options?: Record<string, unknown>; timeoutMs?: number },
): Promise<{ final: AnyState; moves: number; rejected: number }> {
  const human = await joinAsPlayer(endpoint, game, { seats: options.seats, bots: options.seats - 1, options: options.options ?? {} }, 'create');
  const counts = await playUntilOver(human, options.timeoutMs);
  const final = state(human);
  await human.room.leave();
  return { final, ...counts };
}
