/**
 * Client side of crash recovery and deploys: get back into your seat after the server process hosting
 * your game stopped. The game resumes on another process under the same room id; this helper asks the
 * servers for your seat (by seat token) until the game is back, then joins it.
 *
 *   room.onLeave(async (code) => {
 *     if (code !== 4000) room = await rejoinSeat(['wss://a.example', 'wss://b.example'], { roomId, seatToken });
 *   });
 */
import { Client, type Room, type SeatReservation } from '@colyseus/sdk';

export interface SeatTicket {
  roomId: string;
  /** From the `seat` message (or `state.private.get(seat).seatToken`). */
  seatToken: string;
}

/**
 * How long `rejoinSeat` keeps asking by default: as long as the server holds a seat for its player
 * (`RECONNECT_SECONDS`, 60 unless its operator sets another). A takeover after a crash takes a few seconds,
 * but a lone process replaced in a deploy is back only once the new one has started and claimed its games,
 * and a stopping process may wait up to `SHUTDOWN_GRACE_SECONDS` (30) for Redis before handing them over.
 */
export const REJOIN_TIMEOUT_MS = 60_000;

export interface RejoinOptions {
  /** Give up after this long (default `REJOIN_TIMEOUT_MS`, 60 s). A definite refusal ends it at once. */
  timeoutMs?: number;
  /** Pause between attempts (default 250 ms; longer when the server's `Retry-After` asks for it). */
  retryMs?: number;
  /** Told of each temporary failure (to show "reconnecting…" or "server busy" meanwhile). */
  onRetry?: (problem: RejoinError) => void;
}

/**
 * A failed rejoin. `definite`: the server's answer means the seat will not come back — the table is gone
 * (404 `core/unknown-room`), the token is not one of its seats' (`core/bad-seat-token`) or not a token at
 * all (400) — so forget the ticket. Otherwise the server did not answer, was busy (503, 429), or the game
 * was moving: the same ticket may well work later.
 */
export class RejoinError extends Error {
  /** The server's code (`core/…`), or '' when none came (the process unreachable, a proxy's answer). */
  readonly code: string;
  readonly definite: boolean;
  /** How long the server asked to wait before the next attempt (its `Retry-After`), 0 when it did not say. */
  readonly retryAfterMs: number;
  constructor(message: string, code: string, definite: boolean, retryAfterMs = 0) {
    super(message);
    this.name = 'RejoinError';
    this.code = code;
    this.definite = definite;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Codes after which a seat token will never work at that table. */
const DEFINITE = new Set(['core/unknown-room', 'core/bad-seat-token', 'core/bad-options', 'core/bad-request']);

/** One attempt to take the seat back through `endpoint`: the room, or a `RejoinError` saying whether to try again. */
export async function rejoinOnce(endpoint: string, ticket: SeatTicket): Promise<Room> {
  let res: Response;
  try {
    res = await fetch(`${endpoint.replace(/^ws/, 'http')}/api/rooms/${encodeURIComponent(ticket.roomId)}/seat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seatToken: ticket.seatToken }),
    });
  } catch (err) {
    throw new RejoinError((err as Error).message, '', false); // that process is down, or the network
  }
  if (!res.ok) {
    const { code = '', message = res.statusText } = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    const retryAfterMs = Math.min(Number(res.headers.get('retry-after')) || 0, 60) * 1000;
    // Only the server's own words are definite: a proxy in front answers 404 or 502 for a process that is not up.
    throw new RejoinError(`${res.status} ${code}: ${message}`, code, DEFINITE.has(code), retryAfterMs);
  }
  try {
    return await new Client(endpoint).consumeSeatReservation((await res.json()) as SeatReservation);
  } catch (err) {
    // A join is refused with the code first ("core/bad-seat-token: …"); else the game moved on meanwhile.
    const message = (err as Error).message ?? String(err);
    const code = /^([a-z0-9-]+\/[a-z0-9-]+):/.exec(message)?.[1] ?? '';
    throw new RejoinError(message, code, DEFINITE.has(code));
  }
}

/**
 * Rejoins the seat through any of `endpoints` (ws:// or wss:// URLs), retrying until the game is back.
 * Rejects with a `RejoinError`: at once when the server says the seat will not come back (`definite`),
 * else once `timeoutMs` has passed.
 */
export async function rejoinSeat(endpoints: string | string[], ticket: SeatTicket, options: RejoinOptions = {}): Promise<Room> {
  const list = Array.isArray(endpoints) ? endpoints : [endpoints];
  const until = Date.now() + (options.timeoutMs ?? REJOIN_TIMEOUT_MS);
  let last = new RejoinError('no attempt', '', false);
  for (let attempt = 0; Date.now() < until; attempt++) {
    try {
      return await rejoinOnce(list[attempt % list.length]!, ticket);
    } catch (err) {
      if (!(err instanceof RejoinError)) throw err;
      if (err.definite) throw new RejoinError(`could not rejoin room ${ticket.roomId}: ${err.message}`, err.code, true);
      last = err;
    }
    options.onRetry?.(last);
    const pause = Math.max(options.retryMs ?? 250, last.retryAfterMs);
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(pause, until - Date.now()))));
  }
  throw new RejoinError(`could not rejoin room ${ticket.roomId}: ${last.message}`, last.code, false);
}

/**
 * Keeps a seat across server failures: when the connection drops or the server hands the game over,
 * rejoins through any of `endpoints` (a list, or a function giving the current list) and calls
 * `onRejoined` with the new room, which is followed the same way. A consented leave (4000) ends it;
 * `onError` gets the `RejoinError` when the seat could not be taken back.
 */
export function followSeat(
  room: Room,
  endpoints: string[] | (() => string[]),
  ticket: SeatTicket,
  onRejoined: (room: Room) => void,
  options: RejoinOptions & { onError?: (err: RejoinError) => void } = {},
): void {
  let moving = false;
  // The server may hand out a fresh seat token whenever a seat is taken back: rejoin with the latest one.
  let seatToken = ticket.seatToken;
  room.onMessage('seat', (m: { seatToken?: string }) => {
    if (m?.seatToken) seatToken = m.seatToken;
  });
  const move = () => {
    if (moving) return;
    moving = true;
    // The SDK would keep retrying the same process, which may be gone: the game lives elsewhere now.
    room.reconnection.maxRetries = 0;
    const latest = { roomId: ticket.roomId, seatToken: ownSeatToken(room) ?? seatToken };
    rejoinSeat(typeof endpoints === 'function' ? endpoints() : endpoints, latest, options).then(
      (next) => {
        followSeat(next, endpoints, latest, onRejoined, options);
        onRejoined(next);
      },
      (err: unknown) => options.onError?.(err instanceof RejoinError ? err : new RejoinError(String((err as Error)?.message ?? err), '', false)),
    );
  };
  room.onDrop(() => move());
  room.onLeave((code) => {
    if (code !== 4000) move();
  });
}

/** This client's seat token as its last synced state shows it (only the own seat's private entry is visible). */
function ownSeatToken(room: Room): string | undefined {
  const entries = (room.state as { private?: { values(): Iterable<{ seatToken?: string }> } } | undefined)?.private;
  for (const entry of entries ? entries.values() : []) if (entry.seatToken) return entry.seatToken;
  return undefined;
}
