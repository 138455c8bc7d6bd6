/**
 * The table queue: seats a burst of players at full tables across any number of processes.
 *
 * Colyseus' `joinOrCreate` races across processes and opens half-empty duplicate tables. Here the order
 * is decided by one atomic counter in the presence (Redis, or memory on a single process): ticket n of a
 * table configuration belongs to group ⌊(n-1)/s⌋, where s is the number of human seats. The first ticket
 * holder of a group creates its room; the others wait for it, and every holder gets a seat reservation.
 * If the creator dies or stalls, another holder of the group claims creation; the first room recorded for
 * a group wins and any other one is closed. A seat of a queued table that comes free before the start (a
 * reservation never used, a player who left) is offered back (rooms/seats.ts) and taken before any ticket is
 * drawn, so one player giving up does not leave a table waiting for good. A queued table is a normal public
 * table otherwise.
 */
import { randomBytes } from 'node:crypto';
import { matchMaker, type IRoomCache, type Room } from '@colyseus/core';
import type { Application, Response } from 'express';
import { ClientJoinOptions, joinOptionsProblem, type JoinOptions } from '../../rooms/join-options.ts';
import { queueKeys } from '../../rooms/settings.ts';
import { MAX_OFFERED_SEATS } from '../../rooms/seats.ts';
import type { Logger } from './logger.ts';
import { JOIN_OPTIONS_JSON, jsonProblem } from './json-bounds.ts';
import { countedAsReserving, SERVER_CLOSING, shuttingDown, tableChargeFor, type TableCharge } from './front-door.ts';
import { warnClientFault } from './client-faults.ts';
import { heldByAProcess } from './scaling.ts';

/** How long a ticket holder waits for its group's room before claiming its creation. */
export const CREATE_WAIT_MS = 5000;
/** Creation claims per group before a holder gives up (each after CREATE_WAIT_MS). */
const MAX_CLAIMS = 4;
/** A holder whose seat was taken (by a joinOrCreate player, or the owner did not answer) queues again, this often. */
const MAX_TICKETS = 3;
/** Tickets drawn per request at most, counting those skipped in groups known to be full. */
const MAX_DRAWS = 64;
/** Offered seats tried per request at most (an offer is stale once matchmaking filled the seat or the game started). */
const MAX_OFFERS = 8;
const QUEUE_TTL_SECONDS = 3600;
const GROUP_TTL_SECONDS = 600;

export class QueueError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

interface Ticket {
  game: string;
  /** The address a table this ticket opens is charged to (front-door.ts), if any. */
  creator?: string;
  /** The create options, with `table` set to the canonical table key (as joinOrCreate filters on it). */
  options: JoinOptions & { table: string };
  humanSeats: number;
}

/** Validates queue options exactly as matchmaking does (the room's own onAuth). Exported for tests. */
export async function ticketFor(game: string, body: unknown): Promise<Ticket> {
  let handler;
  try {
    handler = matchMaker.getHandler(game);
  } catch {
    throw new QueueError(404, 'core/unknown-game', `No game "${game}".`);
  }
  // Bounded first, and a `__proto__` key refused as matchmaking refuses it (validation would drop it unsaid).
  const problem = jsonProblem(body ?? {}, JOIN_OPTIONS_JSON);
  if (problem) throw new QueueError(400, 'core/bad-options', problem);
  const parsed = ClientJoinOptions.safeParse(body ?? {});
  if (!parsed.success) throw new QueueError(400, 'core/bad-options', joinOptionsProblem(parsed.error));
  // (An invite code too: it names one private table, which the queue never seats anyone at.)
  if (parsed.data.private || parsed.data.invite !== undefined || parsed.data.spectator || parsed.data.seatToken) {
    throw new QueueError(400, 'core/bad-options', 'The queue seats players at public tables: no private, invite, spectator or seatToken.');
  }
  const options: Record<string, unknown> = { ...parsed.data };
  try {
    await (handler.klass as unknown as typeof Room).onAuth('', options, {} as never);
  } catch (err) {
    const message = (err as Error).message.replace(/^core\/bad-options:\s*/, '');
    throw new QueueError(400, 'core/bad-options', message);
  }
  if (typeof options.table !== 'string') throw new QueueError(400, 'core/bad-options', `${game} cannot be queued for.`);
  const { seats, bots } = JSON.parse(options.table) as { seats: number; bots: number };
  if (seats - bots < 1) throw new QueueError(400, 'core/bad-options', 'A table of bots only needs no queue.');
  return { game, options: options as Ticket['options'], humanSeats: seats - bots };
}

/** Takes a ticket and returns a seat reservation at the ticket's table. */
export async function queueForTable(game: string, body: unknown, logger: Logger, charge: TableCharge = { creator: null, atCap: false }) {
  const ticket = await ticketFor(game, body);
  // A ticket may open a table (the first of its group): an address at its open-table cap gets none.
  if (charge.atCap) throw new QueueError(429, 'core/too-many-rooms', 'This address already has its most open tables (finished ones still open count too); finish or leave one first.');
  if (charge.creator) ticket.creator = charge.creator;
  const keys = queueKeys(game, ticket.options.table);
  const offered = await offeredSeat(ticket, keys.vacancies);
  if (offered) return offered;
  let failures = 0;
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const n = await matchMaker.presence.hincrbyex(keys.counter, 'next', 1, QUEUE_TTL_SECONDS);
    const groupKey = keys.group(Math.floor((n - 1) / ticket.humanSeats));
    // Every holder skips a group whose table is gone; one whose table was found full only after a lost seat
    // (a seat there may come free again, and the queue offers it back).
    const mark = await matchMaker.presence.hget(groupKey, 'full');
    if (mark === 'gone' || (failures > 0 && mark)) continue;
    const room = await roomOfGroup(ticket, groupKey, (n - 1) % ticket.humanSeats === 0, logger);
    // A table closed before its start (its players left) is gone from the listings: asking its process for a
    // seat would wait out a call's timeout and then a check (7 s), for every ticket of its group.
    const gone = !(await matchMaker.getRoomById(room.roomId));
    const seat = gone ? null : await reserve(room, ticket.options);
    if (seat) return seat;
    await matchMaker.presence.hset(groupKey, 'full', gone ? 'gone' : '1');
    if (gone) continue; // not a lost seat: the next group's table may well have one
    warnClientFault(logger, 'queue-seat-lost', { roomId: room.roomId, ticket: n }, 'queue: seat at the group table gone; queueing again');
    if (++failures >= MAX_TICKETS) break;
  }
  throw new QueueError(409, 'core/queue-busy', 'No seat could be reserved; try again.');
}

/**
 * A seat some queued table offered back (one that came free before its start), if one is still free. Offers of
 * tables that closed or started are passed by untried, however many: players coming and going pile them up ahead
 * of a seat still free (the list keeps MAX_OFFERED_SEATS), and counted as tries they sent the next player to a new
 * table while that seat waited.
 */
async function offeredSeat(ticket: Ticket, vacancies: string) {
  for (let tries = 0, popped = 0; tries < MAX_OFFERS && popped < MAX_OFFERED_SEATS; popped++) {
    const roomId = await matchMaker.presence.lpop(vacancies);
    if (!roomId) return null;
    const room = await matchMaker.getRoomById(roomId);
    if (room?.name !== ticket.game || room.metadata?.started === true) continue;
    tries++;
    const seat = await reserve(room, ticket.options);
    if (seat) return seat;
  }
  return null;
}

/** A seat reservation, or null when the table has no seat left for us (taken by joinOrCreate, or closed, or no process holds it now). */
async function reserve(room: IRoomCache, options: Ticket['options']) {
  if (!(await heldByAProcess(room.roomId))) return null;
  const sessionId = randomBytes(9).toString('base64url');
  try {
    return await matchMaker.reserveSeatFor(room, options, { sessionId });
  } catch {
    // A slow owner can answer after the call timed out with the seat reserved: ask before giving it up,
    // or that seat would stay promised to nobody until the reservation expires. (A table gone meanwhile has none.)
    if (!(await matchMaker.getRoomById(room.roomId))) return null;
    const held = await matchMaker.remoteRoomCall(room.roomId, 'hasReservedSeat', [sessionId], 5000).catch(() => false);
    return held ? matchMaker.buildSeatReservation(room, sessionId) : null;
  }
}

/** The room of a group: created by its first ticket holder, or by whoever claims creation after a stall. */
async function roomOfGroup(ticket: Ticket, groupKey: string, first: boolean, logger: Logger): Promise<IRoomCache> {
  const { presence } = matchMaker;
  if (first && (await presence.hincrbyex(groupKey, 'claim0', 1, GROUP_TTL_SECONDS)) === 1) {
    const made = await createFor(ticket, groupKey, logger);
    if (made) return made;
  }
  for (let claim = 1; claim <= MAX_CLAIMS; claim++) {
    const room = await waitForRoom(groupKey, CREATE_WAIT_MS);
    if (room) return room;
    if ((await presence.hincrbyex(groupKey, `claim${claim}`, 1, GROUP_TTL_SECONDS)) === 1) {
      logger.warn({ groupKey, claim }, 'queue: group room missing; taking over its creation');
      const made = await createFor(ticket, groupKey, logger);
      if (made) return made;
    }
  }
  throw new QueueError(503, 'core/queue-timeout', 'The table could not be opened in time; try again.');
}

/** Creates a room for the group; only the first one recorded counts, a later one is closed again. Exported for tests. */
export async function createFor(ticket: Ticket, groupKey: string, logger: Logger): Promise<IRoomCache | null> {
  const { presence } = matchMaker;
  let room: IRoomCache;
  try {
    room = await matchMaker.createRoom(ticket.game, { ...ticket.options, queued: true, ...(ticket.creator ? { creator: ticket.creator } : {}) });
  } catch (err) {
    // The group's other holders would wait CREATE_WAIT_MS for a table that is not coming: told now, one of them takes
    // its creation over at once (this holder waits for that table as they do). A process stopping meanwhile (a
    // deploy) opens none: expected, not an error.
    await Promise.resolve()
      .then(() => presence.publish(groupKey, null))
      .catch(() => undefined); // (Redis away: their waits run out as before)
    if (shuttingDown()) logger.warn({ groupKey }, "queue: no table opened, this process is stopping; the group's next holder opens it");
    else logger.error({ err, groupKey }, 'queue: room creation failed');
    return null;
  }
  if ((await presence.hincrbyex(groupKey, 'won', 1, GROUP_TTL_SECONDS)) === 1) {
    await presence.hset(groupKey, 'room', JSON.stringify(room));
    await presence.publish(groupKey, room);
    return room;
  }
  // A stalled creator came back after a takeover: its empty room must not linger as a half table.
  void matchMaker.remoteRoomCall(room.roomId, 'disconnect').catch(() => undefined);
  return readRoom(groupKey);
}

async function readRoom(groupKey: string): Promise<IRoomCache | null> {
  const text = await matchMaker.presence.hget(groupKey, 'room');
  return text ? (JSON.parse(text) as IRoomCache) : null;
}

/** Waits for the group's room to be recorded: notified through the presence, checked once after subscribing. */
async function waitForRoom(groupKey: string, timeoutMs: number): Promise<IRoomCache | null> {
  const { presence } = matchMaker;
  let done!: (room: IRoomCache | null) => void;
  const found = new Promise<IRoomCache | null>((resolve) => (done = resolve));
  const onRoom = (room: IRoomCache | null) => done(room); // null: its creation failed, to be taken over now
  const timer = setTimeout(() => done(null), timeoutMs);
  await presence.subscribe(groupKey, onRoom);
  try {
    const already = await readRoom(groupKey);
    if (already) done(already);
    return await found;
  } finally {
    clearTimeout(timer);
    await presence.unsubscribe(groupKey, onRoom);
  }
}

/** `POST /api/queue/:game` with the usual create options → a seat reservation at a table being filled. */
export function queueRoutes(app: Application, logger: Logger) {
  app.post('/api/queue/:game', async (req, res: Response, next) => {
    if (!countedAsReserving(req)) return next(); // another spelling of the path: not found
    // As matchmaking answers: a stopping process opens no table, and a ticket drawn here would wait for one in vain.
    if (shuttingDown()) {
      res.status(503).json(SERVER_CLOSING);
      return;
    }
    try {
      res.json(await queueForTable(String(req.params.game), req.body, logger, await tableChargeFor(req)));
    } catch (err) {
      if (err instanceof QueueError) {
        res.status(err.status).json({ code: err.code, message: err.message });
        return;
      }
      logger.error({ err }, 'queue failed');
      res.status(503).json({ code: 'core/queue-unavailable', message: 'The queue is unavailable right now; try again.' });
    }
  });
}
