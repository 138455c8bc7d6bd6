/**
 * What a client may ask of a table besides a move (moves.ts): the legal moves now, the record once the game is over,
 * the latest events, a wish to start now with bots; and the answer to a message of no known type or of raw bytes.
 */
import type { Client } from '@colyseus/core';
import { lookUpAllowed, lookUpBytesAllowed } from '../src/server/front-door.ts';
import { RoomErrors, refuse, type MessageContext } from './moves.ts';
import { startNowWish } from './seats.ts';
import type { EventHistory } from './history.ts';
import type { Table } from './table.ts';

/** Registers the table's request handlers (once, in onCreate). `history` gives the table's event history as it is now. */
export function serveRequests(room: Table, history: () => EventHistory) {
  room.onMessage('move', (client, move, ctx) => room.moves.handle(client, move, ctx));
  room.onMessage('legalMoves', (client, payload: unknown) => {
    const seat = room.seats.seatOf(client);
    const moves = seat === null || room.state.status !== 'playing' ? [] : room.game.legalMoves(room.engineState, seat);
    // The list is the table's now, which may be ahead of the asker's synced state: `seq` says which position
    // it belongs to. Asked for, so that clients of the plain list keep getting one.
    return wantsSeq(payload) ? { seq: room.journal.seq, moves } : moves;
  });
  // The full record (options, seed, every move) once the game is over: enough to verify it independently.
  // Limited as a look-up (lookUpLimit): a reply is the whole game (tens of KB, up to ~1.6 MB for the longest Tractor match seen);
  // a record larger than RECORD_REPLY_CHARS (a game stopped at the move limit) is refused, the connection kept.
  const recordLimit = lookUpLimit('record');
  room.onMessage('record', (client, _payload, ctx) => {
    // Refused as every request is: sent without `request`, the refusal comes as an `error` message.
    if (room.state.status !== 'over') return refuse(client, ctx, { code: 'core/game-not-over', message: 'The record is published when the game is over.' });
    const refusal = recordLimit(client);
    if (refusal) return refuse(client, ctx, refusal);
    if (room.journal.tooLargeToAnswer()) {
      return refuse(client, ctx, { code: RoomErrors.recordTooLarge, message: `The record is too large to send at the table; GET /api/records/${room.roomId} serves it (on a server with Redis).` });
    }
    // Charged as GET /api/records is: a look-up a MiB started.
    if (!lookUpBytesAllowed(client.ref, room.journal.recordLength())) return refuse(client, ctx, { code: 'core/rate-limited', message: 'This record counts as several look-ups (one a MiB); this address has too few left. Retry later.' });
    return room.journal.record(); // with its result, as GET /api/records serves it
  });
  // The table's latest events messages, as they were sent to everyone (events are public: the same answer for a
  // spectator and a seat): what a client arriving mid-game missed. Bounded (history.ts), limited as a look-up.
  const historyLimit = lookUpLimit('history');
  room.onMessage('history', (client, _payload, ctx) => {
    const refusal = historyLimit(client);
    if (refusal) return refuse(client, ctx, refusal);
    return history().answer();
  });
  // The seated players would rather play now than wait for others: once all of them ask, the free seats
  // go to bots, and the game starts once no seat is left free. `{ agree: false }` withdraws a wish.
  room.onMessage('fillWithBots', (client, payload: unknown, ctx) => {
    const agree = startNowWish(payload);
    if (agree === null) return refuse(client, ctx, { code: RoomErrors.malformedRequest, message: 'fillWithBots takes nothing or { agree: true | false }.' });
    const filled = room.seats.fillWithBots(client, agree);
    if ('code' in filled) return refuse(client, ctx, filled);
    return { ok: true, ...filled };
  });
  // A message of raw bytes (the SDK's sendBytes) is never read: every message here is msgpack. Colyseus hands
  // one of an unhandled type to "*" under its type alone, which would call "move" unknown.
  for (const type of ['move', 'legalMoves', 'record', 'history', 'fillWithBots']) {
    room.onMessageBytes(type, (client) => refuse(client, null, { code: RoomErrors.unknownMessage, message: `"${type}" is a msgpack message (send or request), not raw bytes.` }));
  }
  // Colyseus calls this as (client, type, payload) for a type with no handler, and as (client, payload,
  // context) for a message whose type is "*" itself: then the second argument is the client's payload.
  // Only Colyseus' context has a `reject` function: a decoded payload holds no functions.
  room.onMessage('*', (client, typeOrPayload: unknown, payloadOrContext: unknown) => {
    const context = typeof (payloadOrContext as { reject?: unknown } | null)?.reject === 'function' ? (payloadOrContext as MessageContext) : null;
    const type = context ? '*' : String(typeOrPayload as string | number).slice(0, 64);
    refuse(client, context, { code: RoomErrors.unknownMessage, message: `No message type "${type}"; use request("move", …).` });
  });
}

/**
 * A request served once a second per connection, and a look-up of the asking address's (front-door.ts): the record,
 * the history, answers of tens of KB for a few bytes asked, which one address with many connections could
 * otherwise ask for at will. Its refusal (`core/rate-limited`) when `client` may not be served now; else null, and
 * the request counted.
 */
function lookUpLimit(what: 'record' | 'history'): (client: Client) => { code: string; message: string } | null {
  const served = new WeakMap<Client, number>();
  return (client) => {
    const now = Date.now();
    if (now - (served.get(client) ?? -Infinity) < 1000) return { code: 'core/rate-limited', message: `The ${what} is served once a second per connection.` };
    served.set(client, now);
    if (!lookUpAllowed(client.ref)) return { code: 'core/rate-limited', message: `Too many ${what} look-ups from this address; retry in a few seconds.` };
    return null;
  };
}

/** A `legalMoves` request asking for `{ seq, moves }` (`{ withSeq: true }`); any other payload gets the plain list. */
function wantsSeq(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { withSeq?: unknown }).withSeq === true;
}
