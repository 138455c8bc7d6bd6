/**
 * Client side of the table queue (docs/PROTOCOL.md, "Table queue"): one call that queues for a public
 * table of a game and joins the table the server seats you at.
 *
 *   const room = await joinQueue(new Client('wss://parlor.example'), 'tac', { seats: 4, name: 'Ada' });
 */
import { ServerError, type Client, type Room, type SeatReservation } from '@colyseus/sdk';

/** The create options of a public table (the same as joinOrCreate's, without private/spectator/seatToken). */
export interface QueueOptions {
  seats?: number;
  bots?: number;
  options?: Record<string, unknown>;
  turnSeconds?: number;
  name?: string;
}

/** A refused queue request: `code` is the server's (`core/bad-options`, `core/queue-timeout`, …). */
export class QueueError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(status: number, code: string, message: string) {
    super(`${code}: ${message}`);
    this.status = status;
    this.code = code;
  }
}

/** Asks the server for a seat at a table of `game`; resolves with the seat reservation. */
export async function queueSeat(client: Client, game: string, options: QueueOptions = {}): Promise<SeatReservation> {
  try {
    const res = await (client.http as unknown as HttpPost).post(`/api/queue/${encodeURIComponent(game)}`, { body: options });
    return res.data as SeatReservation;
  } catch (err) {
    if (err instanceof ServerError && err.data?.code) throw new QueueError(err.code, err.data.code, err.data.message ?? err.message);
    throw err;
  }
}

/** Queues for a table of `game` and joins it. The table starts by itself once every seat is taken and every player is there. */
export async function joinQueue(client: Client, game: string, options: QueueOptions = {}): Promise<Room> {
  return client.consumeSeatReservation(await queueSeat(client, game, options));
}

interface HttpPost {
  post(path: string, options: { body: unknown }): Promise<{ data: unknown }>;
}
