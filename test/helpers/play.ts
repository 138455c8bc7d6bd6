/**
 * Playing whole games over real WebSockets: a client that always plays the first move the server lists
 * for it, paced to stay under the room's message rate limit (play-again chains and fast-changing lists,
 * as in a live deal, would otherwise flood it with stale requests).
 */
import { joinAsPlayer, legalMoves, state, type AnyState, type Player } from './clients.ts';
import { sleep } from './ports.ts';

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
