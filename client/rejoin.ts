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

export interface RejoinOptions {
  /** Give up after this long (default 15 s; a takeover usually completes within a few seconds). */
  timeoutMs?: number;
  /** Pause between attempts (default 250 ms). */
  retryMs?: number;
}

/** Rejoins the seat through any of `endpoints` (ws:// or wss:// URLs), retrying until the game is back. */
export async function rejoinSeat(endpoints: string | string[], ticket: SeatTicket, options: RejoinOptions = {}): Promise<Room> {
  const list = Array.isArray(endpoints) ? endpoints : [endpoints];
  const until = Date.now() + (options.timeoutMs ?? 15_000);
  let lastProblem = 'no attempt';
  for (let attempt = 0; Date.now() < until; attempt++) {
    const endpoint = list[attempt % list.length]!;
    try {
      const res = await fetch(`${endpoint.replace(/^ws/, 'http')}/api/rooms/${encodeURIComponent(ticket.roomId)}/seat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seatToken: ticket.seatToken }),
      });
      if (res.ok) return await new Client(endpoint).consumeSeatReservation((await res.json()) as SeatReservation);
      lastProblem = `${res.status} ${((await res.json().catch(() => ({}))) as { code?: string }).code ?? ''}`.trim();
    } catch (err) {
      lastProblem = (err as Error).message; // that process is down, or the game is moving: try again
    }
    await new Promise((r) => setTimeout(r, options.retryMs ?? 250));
  }
  throw new Error(`could not rejoin room ${ticket.roomId}: ${lastProblem}`);
}

/**
 * Keeps a seat across server failures: when the connection drops or the server hands the game over,
 * rejoins through any of `endpoints` (a list, or a function giving the current list) and calls
 * `onRejoined` with the new room, which is followed the same way. A consented leave (4000) ends it.
 */
export function followSeat(
  room: Room,
  endpoints: string[] | (() => string[]),
  ticket: SeatTicket,
  onRejoined: (room: Room) => void,
  options: RejoinOptions & { onError?: (err: Error) => void } = {},
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
      (err: Error) => options.onError?.(err),
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
