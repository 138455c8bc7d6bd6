/**
 * Plays a whole game over real WebSockets: one human client (which always plays the first move the
 * server lists for it) at a table whose other seats are bots. Returns the final synced state.
 */
import { joinAsPlayer, legalMoves, state, type AnyState } from './clients.ts';
import { sleep } from './ports.ts';

export async function playWithBots(
  endpoint: string,
  game: string,
  options: { seats: number; options?: Record<string, unknown>; timeoutMs?: number },
): Promise<{ final: AnyState; moves: number; rejected: number }> {
  const human = await joinAsPlayer(endpoint, game, { seats: options.seats, bots: options.seats - 1, options: options.options ?? {} }, 'create');
  let moves = 0;
  let rejected = 0;
  const until = Date.now() + (options.timeoutMs ?? 60_000);
  while (state(human).status !== 'over') {
    if (Date.now() > until) throw new Error(`game did not end in time (${moves} human moves)`);
    const [move] = legalMoves(human);
    if (move) {
      try {
        await human.room.request('move', move);
        moves++;
      } catch {
        rejected++; // the state moved on between sync and request (a bot or the SYSTEM acted)
        await sleep(30); // let the next patch arrive before retrying
      }
    } else {
      await sleep(10);
    }
  }
  const final = state(human);
  await human.room.leave();
  return { final, moves, rejected };
}
