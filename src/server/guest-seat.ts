/**
 * Guest seats: spectators and seat-token holders join a table even when its seats are all taken (and it
 * is locked for matchmaking). Asked for at `POST /api/rooms/:roomId/seat` or with `joinById(roomId,
 * { seatToken } | { spectator: true })`; the answer is a seat reservation the client consumes.
 */
import { matchMaker } from '@colyseus/core';
import type { Table } from '../../rooms/table.ts';
import { roomSettings } from '../../rooms/settings.ts';
import { warnClientFault } from './client-faults.ts';
import { heldByAProcess } from './scaling.ts';
import type { Logger } from './logger.ts';

export interface GuestRequest {
  spectator?: boolean;
  seatToken?: string;
  name?: string;
}

/** A refusal's `retryAfter`: seconds, sent as `Retry-After`. */
export type Refusal = { status: number; code: string; message: string; retryAfter?: number };
export type GuestAnswer = { status: 200; reservation: unknown } | Refusal;
/** The headers a refusal is sent with. */
export function refusalHeaders(refusal: Refusal): Record<string, string> {
  return refusal.retryAfter ? { 'retry-after': String(refusal.retryAfter) } : {};
}

/** Where a table may be on its way back, the answers of a look-up by room id (a guest seat, an invite code). */
export const TABLE_MOVING: Refusal = { status: 503, code: 'core/room-moving', message: 'This game is moving to another server; retry in a moment.', retryAfter: 1 };
export const STORE_UNREACHABLE: Refusal = { status: 503, code: 'core/store-unavailable', message: 'The game store is unreachable for a moment; retry shortly.', retryAfter: 2 };
/** Redis just came back (empty, perhaps): a table's process may not have put it back yet. Not gone, not yet. */
export const STORE_COMING_BACK: Refusal = { status: 503, code: 'core/store-unavailable', message: 'The game store is coming back; retry shortly.', retryAfter: 1 };

/** Colyseus' words when a table's owning process did not answer a seat's reservation (it died, or stalls). */
export const OWNER_SILENT = /is not available|timed out/;

/** `watcher`: the address asking (none when exempt), whose spectator places at one table are capped. */
export async function reserveGuestSeat(roomId: string, guest: GuestRequest, logger: Logger, watcher: string | null): Promise<GuestAnswer> {
  const room = await matchMaker.getRoomById(roomId); // (one listing read: a query would load every table's)
  const store = roomSettings.store;
  if (!room) {
    // No listing, but a journal of the game running: handed over or orphaned, and not taken back yet (a peer
    // claims it within a few beats; a lone process's replacement, once started). A 404 says the table is gone.
    const runs = store ? await store.isLive(roomId).catch(() => null) : false;
    if (runs === null) return STORE_UNREACHABLE;
    if (runs) return TABLE_MOVING;
    if (store?.settling) return STORE_COMING_BACK;
    return { status: 404, code: 'core/unknown-room', message: 'No such room.' };
  }
  // A listing left by a dead process (its heartbeat lapsed, or nobody listens on the table's channel: killed) would
  // cost Colyseus' IPC timeout and a health check, and a table here may be handing its game over: say "moving" at
  // once, retry soon.
  const local = matchMaker.getLocalRoomById(room.roomId) as Partial<Pick<Table, 'handingOver'>> | undefined;
  // Stopping without a peer to take the game: its table closes when the grace period ends.
  if (local && !local.handingOver && matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
    return { status: 503, code: 'core/server-closing', message: 'This server is shutting down; the table closes when its game ends or the grace period does.' };
  }
  if (local?.handingOver || (store && room.processId !== matchMaker.processId && !(await store.isAlive(room.processId)))) return TABLE_MOVING;
  if (!(await heldByAProcess(room.roomId))) return TABLE_MOVING; // (killed: its heartbeat lapses in a moment)
  const { spectator, seatToken, name } = guest;
  const options = Object.fromEntries(Object.entries({ spectator, seatToken, name, watcher: watcher ?? undefined }).filter(([, v]) => v !== undefined));
  try {
    return { status: 200, reservation: await matchMaker.reserveSeatFor(room, options) };
  } catch (err) {
    // (The table may have learned meanwhile that a peer took its game over: see Seats.ownershipUnsure.)
    if (local?.handingOver) return TABLE_MOVING;
    // Its process died and its heartbeat has not lapsed yet: a peer takes the game over in a moment.
    if (OWNER_SILENT.test((err as Error)?.message ?? '')) return { ...TABLE_MOVING, message: 'The table’s server does not answer; retry in a moment.' };
    const refused = await refusalOf(room.roomId, options);
    if (refused) return refused;
    warnClientFault(logger, `guest-seat:${room.roomId}`, { roomId: room.roomId, error: err as Error }, 'guest seat reservation refused');
    return { status: 409, code: 'core/room-full', message: 'The room cannot take another guest now.' };
  }
}

/**
 * Why the table refused a reservation for these options whoever else comes or goes (a seat token no seat holds, a
 * private table without its code: 403 with the join's own code), asked of the table once Colyseus reported the
 * refusal as "full"; null when the table was only full, or cannot say.
 */
export async function refusalOf(roomId: string, options: object): Promise<Refusal | null> {
  const why: unknown = await matchMaker.remoteRoomCall(roomId, 'refusalOf', [options]).catch(() => null);
  const reason = typeof why === 'string' ? /^(core\/[a-z-]+): (.+)$/.exec(why) : null;
  return reason ? { status: 403, code: reason[1]!, message: reason[2]! } : null;
}
