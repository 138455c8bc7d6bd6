/**
 * The process's front door: every HTTP request and WebSocket upgrade passes here before Colyseus or the
 * app routes see it, and every WebSocket frame is counted here before a room decodes it.
 *
 * - Per-address limits (src/server/rate-limit.ts), held across connections: WebSocket connections/s,
 *   seat reservations/s, messages/s over all of an address's sockets, other HTTP requests/s, invite and
 *   record look-ups per minute; refused with HTTP 429 `core/rate-limited` (a Retry-After header) or, for
 *   a WebSocket over its message budget, close code 4029 with reason `core/rate-limited`.
 * - Matchmaking (`POST /matchmake/:method/:game`) is answered here instead of by Colyseus' own route, so
 *   the body is bounded (16 KiB, depth 8) before it is parsed into anything, options are checked strictly
 *   (`core/bad-options` for an unknown key), tables open per address are capped, and every refusal is a
 *   coded JSON answer `{ code, message }` (the message starts with the code, as the SDK shows only it).
 * - WebSocket errors a client causes (oversize or malformed frames) are rate-limited warnings.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCode, createAuthContext, matchMaker, type RegisteredHandler } from '@colyseus/core';
import type { WebSocketTransport } from '@colyseus/ws-transport';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { ClientJoinOptions, joinOptionsProblem } from '../../rooms/join-options.ts';
import { roomSettings } from '../../rooms/settings.ts';
import { OWNER_SILENT, refusalHeaders, refusalOf, reserveGuestSeat, TABLE_MOVING, type GuestRequest, type Refusal } from './guest-seat.ts';
import { LISTINGS_KEY, OTHERS_TABLE } from './game-store.ts';
import type { Table } from '../../rooms/table.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { warnClientFault } from './client-faults.ts';
import { heldByAProcess } from './scaling.ts';
import { JOIN_OPTIONS_JSON, jsonProblem } from './json-bounds.ts';
import { AddressLimiter, addressKey, chargeRequest, chargedAddress, clientAddress } from './rate-limit.ts';
import { setReservationLedger, UnusedReservations } from './unused-reservations.ts';
import { guardConnections } from './open-connections.ts';
import { readJsonBody } from './request-body.ts';

/** Largest matchmaking body: options are a handful of small fields. */
export const MATCHMAKE_BODY_BYTES = 16 * 1024;
/** Longest game name or room id a matchmaking path may name (ids are 9 characters, names a few words). */
const MAX_ROOM_NAME = 64;

/** How long a new TCP connection may stay silent before its first byte (a request or an upgrade). */
const FIRST_BYTE_MS = 10_000;
/**
 * How long a request's headers, and the whole request, may take to arrive (Node's 60 s and 300 s held a
 * trickling client's connection that long; Node checks every 30 s). The largest body is a 6 MiB record to verify.
 */
const HEADERS_MS = 20_000;
const REQUEST_MS = 60_000;
/** How long the rest of a body is read after the request was answered without it (a refusal) before the connection is closed. */
const UNREAD_BODY_MS = 2000;

/** WebSocket close code for an address over its message budget (4000–4999 are the application's). */
export const CLOSE_RATE_LIMITED = 4029;
/** Longest one address's reserving request waits for the one before it (see takeTurn). */
const TURN_WAIT_MS = 2000;
/** Longest a reservation's answer waits for its count to be stored (see countReservation). */
const COUNT_WAIT_MS = 1000;

/**
 * Presence key of the ids of the open tables an address created: a set shared by every process (through
 * Redis when configured), since Colyseus may create a table on any of them.
 */
export const tablesKey = (address: string) => `parlor:tables-by-address:${address}`;
/** The same for the finished tables an address created that are still open (watched, or waiting for their players to look). */
export const finishedTablesKey = (address: string) => `parlor:finished-by-address:${address}`;
/**
 * How long an address's set of tables lives after a table was last added to it: a table whose process
 * crashed is never taken out (only dropped when the address reaches its cap), so without an expiry every
 * address that ever opened a table kept its set in Redis for good. A table still open a day after its
 * creator's last one no longer counts toward the cap, which only ever lets the address open one more.
 */
export const TABLE_CHARGE_SECONDS = 86_400;

const ReconnectOptions = z.strictObject({ reconnectionToken: z.string().min(1).max(256) });

/** Who a table opened for a request is charged to (null: an exempt address, or no cap), and whether it is at its cap. */
export interface TableCharge {
  creator: string | null;
  atCap: boolean;
}
let chargeTable: (req: IncomingMessage) => Promise<TableCharge> = async () => ({ creator: null, atCap: false });
/** For the table queue, which opens tables too: the same per-address cap as matchmaking's create (set up by installFrontDoor). */
export const tableChargeFor = (req: IncomingMessage) => chargeTable(req);

let lookUp: (socket: unknown) => boolean = () => true;
let lookUpMore: (address: string, bytes: number) => number = () => 0;

/** Bytes of an answer that count as one look-up: a record look-up costs one a MiB started (at most the budget's burst). */
export const LOOK_UP_BYTES = 1024 * 1024;

/**
 * An answer of `bytes` to a look-up the front door has charged one look-up for (`GET /api/records/:id`): one more is
 * taken for each further MiB started, up to the budget's burst, so an address's look-ups send it at most about a MiB
 * each (a game stopped at the move limit has a record of about 4.3 MB at the default MAX_GAME_MOVES). 0 when they were taken (or the address
 * is exempt); else the seconds until they may be.
 */
export const chargeLookUpBytes = (req: IncomingMessage, bytes: number) => {
  const address = chargedAddress(req);
  return address === null ? 0 : lookUpMore(address, bytes);
};
/**
 * A record or a history asked for at a table counts as a look-up of its socket's address, as `GET /api/records/:id`
 * does: a long game's record costs milliseconds to encode, a history is up to 64 KiB, and a bound per connection
 * alone let one address with many sockets ask for them at will. True when the look-up may go ahead (and is counted).
 */
export const lookUpAllowed = (socket: unknown) => lookUp(socket);
let lookUpMoreAt: (socket: unknown, bytes: number) => boolean = () => true;
/** As chargeLookUpBytes, for an answer at a table (a record over a MiB) whose one look-up lookUpAllowed took: true when taken. */
export const lookUpBytesAllowed = (socket: unknown, bytes: number) => lookUpMoreAt(socket, bytes);

/** This process is stopping: it opens no table and seats nobody new (matchmaking and the queue answer so at once). */
export const shuttingDown = () => matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN;
/** The answer to a request this stopping process will not serve, for the client to ask another. */
export const SERVER_CLOSING = { code: 'core/server-closing', message: 'This server is shutting down; try another.' } as const;

type Charged = IncomingMessage & { parlorReserving?: boolean };
/**
 * The front door took this request for a reservation (its exact path), so its caps and counts applied:
 * a route reached by another spelling (a trailing slash, other letter case, which Express accepts) refuses it.
 */
export const countedAsReserving = (req: IncomingMessage) => (req as Charged).parlorReserving === true;

export interface FrontDoor {
  limiters: Record<'connections' | 'reservations' | 'messages' | 'http' | 'lookups', AddressLimiter>;
  unused: UnusedReservations;
}

type Limits = Pick<
  Config,
  | 'RATE_LIMIT_CONNECTIONS_PER_SECOND'
  | 'RATE_LIMIT_RESERVATIONS_PER_SECOND'
  | 'RATE_LIMIT_MESSAGES_PER_SECOND'
  | 'RATE_LIMIT_HTTP_PER_SECOND'
  | 'RATE_LIMIT_LOOKUPS_PER_MINUTE'
  | 'MAX_CONNECTIONS_PER_ADDRESS'
  | 'MAX_CONNECTIONS'
  | 'MAX_ROOMS_PER_ADDRESS'
  | 'MAX_UNUSED_RESERVATIONS_PER_ADDRESS'
  | 'MAX_LAPSED_RESERVATIONS_PER_ADDRESS'
  | 'RATE_LIMIT_EXEMPT'
  | 'TRUSTED_PROXIES'
>;

// KEYS: an address's open (or finished) tables, the table's game, listings · ARGV: room id, this process  → 1
// removed; 0 kept: not there, or the table is another process's (a stalled copy's table closing as it wakes, before
// a beat fenced it: the peer that took the game over runs the table, or shows it finished, still its creator's).
const DROP_OWN_CHARGE = `${OTHERS_TABLE}
if othersTable(KEYS[2], KEYS[3], ARGV[1], ARGV[2]) then return 0 end
return redis.call('SREM', KEYS[1], ARGV[1])`;

/** A table no longer counted to its creator's open (or finished) tables (`key`), unless it is another process's. Without Redis, removed. */
function dropCharge(key: string, roomId: string) {
  const store = roomSettings.store;
  if (!store) return matchMaker.presence.srem(key, roomId);
  return store.redis.eval(DROP_OWN_CHARGE, 3, key, store.keys.game(roomId), LISTINGS_KEY, roomId, store.options.processId);
}

/** Puts the front door before the listening server's request, upgrade and WebSocket handlers. */
export function installFrontDoor(transport: WebSocketTransport, rooms: Record<string, RegisteredHandler>, config: Limits, logger: Logger): FrontDoor {
  const log = logger.child({ component: 'front-door' });
  const lookupsPerSecond = config.RATE_LIMIT_LOOKUPS_PER_MINUTE / 60;
  const door: FrontDoor = {
    limiters: {
      connections: new AddressLimiter(config.RATE_LIMIT_CONNECTIONS_PER_SECOND),
      reservations: new AddressLimiter(config.RATE_LIMIT_RESERVATIONS_PER_SECOND),
      messages: new AddressLimiter(config.RATE_LIMIT_MESSAGES_PER_SECOND),
      http: new AddressLimiter(config.RATE_LIMIT_HTTP_PER_SECOND),
      lookups: new AddressLimiter(lookupsPerSecond, Math.max(1, Math.ceil(config.RATE_LIMIT_LOOKUPS_PER_MINUTE / 3))),
    },
    // Colyseus keeps a reservation this long (seconds, its default unless set in the environment).
    unused: new UnusedReservations(matchMaker.presence, config.MAX_UNUSED_RESERVATIONS_PER_ADDRESS, Number(process.env.COLYSEUS_SEAT_RESERVATION_TIME || 15) * 1000, {
      maxLapses: config.MAX_LAPSED_RESERVATIONS_PER_ADDRESS,
    }),
  };
  setReservationLedger(door.unused); // rooms say when they take a reservation
  const exempt = new Set(config.RATE_LIMIT_EXEMPT.map(addressKey)); // as addresses are counted: `::1` too
  const addressOf = (req: IncomingMessage) => clientAddress(req, config.TRUSTED_PROXIES);
  const allowed = (limiter: AddressLimiter, address: string) => exempt.has(address) || limiter.take(address);

  // Tables charged to the address whose request created them, until they close, on whichever process
  // Colyseus created them: the address travels with the create options (JoinOptions.creator) and, for a
  // table a peer takes over, with its journal; the copy that lets the game go (a handover at shutdown, a
  // stalled process's fenced copy) does not uncharge it, nor does a stalled copy not fenced yet (dropCharge).
  const recorded = (update: unknown) => Promise.resolve(update).catch((err) => log.warn({ err }, 'open-table count not updated'));
  for (const handler of Object.values(rooms)) {
    handler.on('create', (room) => {
      const table = room as unknown as Partial<Pick<Table, 'creator' | 'handingOver'>>; // every game room is an EngineRoom
      if (!table.creator) return; // made by the server: the queue's waiting holders
      const key = tablesKey(table.creator);
      const finishedKey = finishedTablesKey(table.creator);
      // (Two commands, not EXPIRE … NX or GT: Redis 6.2 has neither; each addition starts the expiry anew.)
      const charge = (set: string) => void recorded(Promise.all([matchMaker.presence.sadd(set, room.roomId), matchMaker.presence.expire(set, TABLE_CHARGE_SECONDS)]));
      charge(key);
      const uncharge = () => void recorded(dropCharge(key, room.roomId));
      // A finished table left open to be seen is played no more; it counts as finished while open (anyone
      // watching keeps it so: uncounted, one address could hold finished tables without end).
      room['_events'].once('finished', () => {
        uncharge();
        charge(finishedKey);
      });
      room['_events'].once('dispose', () => {
        if (!table.handingOver) uncharge();
        void recorded(dropCharge(finishedKey, room.roomId));
      });
    });
  }

  /** The tables of one of an address's sets open on any process; at `cap` or over, ids of tables that went without a word (a crashed process) are dropped first. */
  async function openTables(key: string, cap: number): Promise<number> {
    const ids = await matchMaker.presence.smembers(key);
    if (ids.length < cap) return ids.length;
    let open = 0;
    for (const id of ids) {
      if (await matchMaker.driver.has(id)) open++;
      else await matchMaker.presence.srem(key, id);
    }
    return open;
  }

  /** The address may open no table: it has MAX_ROOMS_PER_ADDRESS running, or twice as many with its finished ones still open. */
  async function atTableCap(address: string): Promise<boolean> {
    const running = await openTables(tablesKey(address), config.MAX_ROOMS_PER_ADDRESS);
    if (running >= config.MAX_ROOMS_PER_ADDRESS) return true;
    const most = 2 * config.MAX_ROOMS_PER_ADDRESS;
    return running + (await openTables(finishedTablesKey(address), most - running)) >= most;
  }

  chargeTable = async (req) => {
    const address = addressOf(req);
    if (config.MAX_ROOMS_PER_ADDRESS <= 0 || exempt.has(address)) return { creator: null, atCap: false };
    return { creator: address, atCap: await atTableCap(address) };
  };

  const server = transport.server as Server;
  server.headersTimeout = HEADERS_MS;
  server.requestTimeout = REQUEST_MS;

  // ── TCP ────────────────────────────────────────────────────────────────────────────────────────────
  const refusals = {
    'silent-connection': 'connection sent nothing; closed',
    'too-many-connections': 'address holds its most connections; closed',
    'server-full': 'the process holds its most connections; closed',
  };
  guardConnections(server, {
    maxPerAddress: config.TRUSTED_PROXIES > 0 ? 0 : config.MAX_CONNECTIONS_PER_ADDRESS,
    maxTotal: config.MAX_CONNECTIONS,
    firstByteMs: FIRST_BYTE_MS,
    exempt,
    refused: (address, reason) => warnClientFault(log, reason, { peer: address }, refusals[reason]),
  });

  // ── HTTP ───────────────────────────────────────────────────────────────────────────────────────────
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const pass = () => {
      for (const handler of handlers) handler.call(server, req, res);
    };
    const address = addressOf(req);
    chargeRequest(req, exempt.has(address) ? null : address);
    // Answered before its body came (an oversize body, a rate limit, a full verifier): the rest is read a little
    // while, so the answer reaches the client, then the connection is closed instead of held for the body.
    res.once('finish', () => {
      if (req.complete) return;
      const timer = setTimeout(() => req.complete || req.socket.destroy(), UNREAD_BODY_MS);
      timer.unref();
      req.once('end', () => clearTimeout(timer));
    });
    const path = routedPath(req.url);
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS' || (method === 'GET' && (path === '/health' || path === '/ready'))) return pass();
    const matchmake = method === 'POST' ? /^\/matchmake\/(\w+)\/([^/]+)$/.exec(path) : null;
    const reserving = matchmake || (method === 'POST' && /^\/api\/(rooms\/[^/]+\/seat|queue\/[^/]+)$/.test(path));
    (req as Charged).parlorReserving = Boolean(reserving);
    // A verification replays a whole game on the one verifier thread: charged like a lookup, not like a page.
    // Every spelling Express routes alike counts (any letter case, a trailing slash; HEAD runs a GET route).
    const lookup = ((method === 'GET' || method === 'HEAD') && /^\/api\/(invites|records)\//i.test(path)) || (method === 'POST' && /^\/api\/verify\/?$/i.test(path));
    const limiter = reserving ? door.limiters.reservations : lookup ? door.limiters.lookups : door.limiters.http;
    if (!allowed(limiter, address)) {
      warnClientFault(log, `rate-limited:${address}`, { address, path: path.slice(0, 80) }, 'client over its HTTP rate limit');
      return sendJson(req, res, 429, 'core/rate-limited', 'Too many requests from this address; slow down.', { 'retry-after': String(limiter.retryAfter(address)) });
    }
    // Colyseus answers other /matchmake spellings with an empty 404: the API answers in its own shape.
    if (!matchmake && /^\/matchmake(\/|$)/i.test(path)) return sendJson(req, res, 404, 'core/not-found', 'No such route.');
    // What reads or writes Redis, while Redis is away: each would wait out its client's retries (about 10 s; a
    // stored record's read, until Redis is back) and then fail. Answered at once, to be asked again.
    const needsRedis = reserving || (lookup && method !== 'POST') || ((method === 'GET' || method === 'HEAD') && /^\/api\/tables\/?$/i.test(path));
    if (needsRedis && redisAway()) return sendJson(req, res, 503, 'core/store-unavailable', 'The game store is unreachable for a moment; retry shortly.', { 'retry-after': '2' });
    const proceed = () => {
      if (!matchmake) return pass();
      void matchmakeRequest(req, res, address, matchmake[1]!, matchmake[2]!).catch((err) => failed(res, err));
    };
    if (!reserving || matchmake?.[1] === 'reconnect' || exempt.has(address)) return proceed();
    takeTurn(address, res, async () => {
      // Presence unreachable (Redis away): matchmaking, which needs it too, answers for itself.
      const refusal = await door.unused.refusal(address).catch(() => null);
      if (refusal && 'unused' in refusal) {
        warnClientFault(log, `unused-reservations:${address}`, { address, unused: refusal.unused }, 'client at its cap of unused seat reservations');
        return sendJson(req, res, 429, 'core/too-many-reservations', `This address holds ${door.unused.max} seat reservations it has not used; join with them or wait for them to lapse.`, { 'retry-after': '5' });
      }
      if (refusal) {
        warnClientFault(log, `lapsed-reservations:${address}`, { address, lapsed: door.unused.maxLapses }, 'client let too many seat reservations lapse');
        return sendJson(req, res, 429, 'core/too-many-reservations', `This address let ${door.unused.maxLapses} seat reservations lapse unused in 10 minutes (a seat it took and dropped before the game's start, not coming back while it was held, counts as one); join with the next one you take, and stay.`, { 'retry-after': String(Math.ceil(refusal.lapsedWaitMs / 1000)) });
      }
      const counted = countReservation(res, address);
      proceed();
      await counted;
    });
  });

  /**
   * One address's reserving requests take turns on this process, each from the check of its caps until what it
   * reserved is counted in presence (its reservation, the table it opened): checked side by side, a burst passed
   * every cap, each request seeing the count before the others had added to it. (Across processes a burst can
   * still pass a cap once on each.) A request waits at most TURN_WAIT_MS for the one before it: one that stalls
   * (its body never sent) would otherwise hold its address's others until Node's request timeout. A request
   * whose client has gone by its turn is not served.
   */
  const turns = new Map<string, Promise<unknown>>();
  function takeTurn(address: string, res: ServerResponse, serve: () => Promise<unknown>) {
    const turn = waitAtMost(turns.get(address), TURN_WAIT_MS)
      .then(() => (res.destroyed ? undefined : serve()))
      .catch((err) => failed(res, err));
    turns.set(address, turn);
    void turn.then(() => {
      if (turns.get(address) === turn) turns.delete(address);
    });
  }

  /** A reserving request the server failed on: logged, and answered 500 if nothing was sent yet. */
  function failed(res: ServerResponse, err: unknown) {
    log.error({ err }, 'matchmaking request failed');
    if (!res.headersSent) sendJson(res.req, res, 500, 'core/internal', 'The server could not answer this request.');
  }

  async function matchmakeRequest(req: IncomingMessage, res: ServerResponse, address: string, method: string, encodedName: string) {
    let roomName: string;
    try {
      roomName = decodeURIComponent(encodedName);
    } catch {
      req.resume();
      return sendJson(req, res, 400, 'core/bad-request', 'The path is not valid percent-encoding.');
    }
    // A game name or a room id is a few characters: nothing longer is looked up (or logged by Colyseus).
    if (roomName.length > MAX_ROOM_NAME) {
      req.resume();
      return sendJson(req, res, 400, 'core/bad-request', `A game name or room id has at most ${MAX_ROOM_NAME} characters.`);
    }
    const body = await readJsonBody(req, MATCHMAKE_BODY_BYTES);
    if ('status' in body) return sendJson(req, res, body.status, body.code, body.message, body.status === 413 ? { connection: 'close' } : {});
    if (!matchMaker.controller.exposedMethods.includes(method)) return sendJson(req, res, 404, 'core/unknown-method', `No matchmaking method "${method}".`);
    // Answered here: a create Colyseus places on a peer comes back from it without Colyseus' "no handler" code.
    if (/^(create|join|joinOrCreate)$/.test(method) && !Object.hasOwn(rooms, roomName)) return sendJson(req, res, 404, 'core/unknown-game', 'No game of this name.');
    if (shuttingDown()) return sendJson(req, res, 503, SERVER_CLOSING.code, SERVER_CLOSING.message);
    const tooDeep = jsonProblem(body.value, JOIN_OPTIONS_JSON);
    const parsed = tooDeep ? null : (method === 'reconnect' ? ReconnectOptions : ClientJoinOptions).safeParse(body.value);
    if (!parsed?.success) {
      return sendJson(req, res, 400, 'core/bad-options', tooDeep ?? joinOptionsProblem(parsed!.error!));
    }
    const guest = parsed.data as GuestRequest;
    if ((guest.seatToken && method !== 'joinById') || (guest.spectator && (method === 'join' || method === 'joinOrCreate'))) {
      // Else joinOrCreate would seat a spectator at whichever table, ignoring the options it matches on.
      return sendJson(req, res, 400, 'core/bad-options', 'seatToken and spectator name a table: use joinById (or create with spectator to watch a table of bots).');
    }
    if (method === 'joinById' && (guest.spectator || guest.seatToken)) {
      // A seat token or a spectator names its table, which may be running with every seat taken (locked).
      const answer = await reserveGuestSeat(roomName, guest, log, chargedAddress(req));
      if ('reservation' in answer) return sendReservation(req, res, answer.reservation);
      return sendJson(req, res, answer.status, answer.code, answer.message, refusalHeaders(answer));
    }
    const capped = (method === 'create' || method === 'joinOrCreate') && config.MAX_ROOMS_PER_ADDRESS > 0 && !exempt.has(address);
    if (capped && (await atTableCap(address))) {
      warnClientFault(log, `too-many-rooms:${address}`, { address, open: config.MAX_ROOMS_PER_ADDRESS }, 'client at its open-table cap');
      return sendJson(req, res, 429, 'core/too-many-rooms', `This address already has its most open tables (${config.MAX_ROOMS_PER_ADDRESS} playing, or ${2 * config.MAX_ROOMS_PER_ADDRESS} with finished ones still open); finish or leave one first.`);
    }
    const options: Record<string, unknown> = capped ? { ...parsed.data, creator: address } : { ...parsed.data };
    // A join by id without a private table's code is held as a spectator's until refused (rooms/seats.ts): counted
    // against the address's spectator places there like one.
    const watcher = method === 'joinById' ? chargedAddress(req) : null;
    if (watcher !== null) options.watcher = watcher;
    const auth = createAuthContext({ headers: req.headers as never, req, remoteAddress: address });
    try {
      // A table listed on a process that was killed: Colyseus would wait out its IPC timeout asking it (for a seat,
      // then a health check too). Not one it refuses without asking (joinById of a locked table); a table here is
      // not looked up (nothing to wait for).
      const remote = (method === 'joinById' || method === 'reconnect') && !matchMaker.getLocalRoomById(roomName);
      const named = remote ? await matchMaker.getRoomById(roomName) : undefined;
      if (named && !(method === 'joinById' && named.locked) && !(await heldByAProcess(named.roomId))) {
        return sendJson(req, res, TABLE_MOVING.status, TABLE_MOVING.code, TABLE_MOVING.message, refusalHeaders(TABLE_MOVING));
      }
      sendReservation(req, res, await matchMaker.controller.invokeMethod(method, roomName, options, auth));
    } catch (err) {
      // A join by id refused as "full" may be refused whoever comes or goes (a private table without its code): said so.
      const refused = method === 'joinById' && /is already full/.test(String((err as Error)?.message)) ? await refusalOf(roomName, options) : null;
      const answer = refused ?? (await matchmakeAnswer(err as Error & { code?: number }, method, method === 'reconnect' || method === 'joinById' ? roomName : null));
      if (answer.status >= 500 && answer.code === 'core/internal') log.error({ err, method, roomName: roomName.slice(0, 64) }, 'matchmaking failed');
      sendJson(req, res, answer.status, answer.code, answer.message, refusalHeaders(answer));
    }
  }

  /**
   * The reservation this request is answered with (by the front door or a route) counts for the address until
   * used. The answer leaves once the count is stored (at most COUNT_WAIT_MS): sent beside it, the count could
   * reach Redis after the join it answers — on another process, over another connection — had looked for it,
   * leaving a used reservation counted unused and then lapsed. Resolves once the response is over and its
   * reservation counted.
   */
  function countReservation(res: ServerResponse, address: string): Promise<void> {
    let counting: Promise<unknown> = Promise.resolve();
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      const body = args[0];
      const sessionId = res.statusCode === 200 && (typeof body === 'string' || Buffer.isBuffer(body)) ? /"sessionId":"([\w-]{1,64})"/.exec(String(body))?.[1] : undefined;
      if (!sessionId) return end(...args);
      counting = door.unused.given(address, sessionId).catch(() => undefined);
      void waitAtMost(counting, COUNT_WAIT_MS).then(() => end(...args));
      return res;
    }) as typeof res.end;
    return new Promise((resolve) => res.once('close', () => void counting.then(() => resolve())));
  }

  // ── WebSocket upgrades and frames ────────────────────────────────────────────────────────────────
  const upgrades = server.listeners('upgrade') as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const address = addressOf(req);
    if (!allowed(door.limiters.connections, address)) {
      warnClientFault(log, `rate-limited:${address}`, { address }, 'client over its connection rate limit');
      const body = JSON.stringify({ code: 'core/rate-limited', message: 'Too many connections from this address; slow down.' });
      socket.on('error', () => undefined);
      socket.end(`HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: ${door.limiters.connections.retryAfter(address)}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      return;
    }
    if (namesNoRoom(req.url)) {
      // Colyseus would look the room up in a plain object, find a function or the prototype, and log its failure as an error with a stack.
      const body = JSON.stringify({ code: 'core/unknown-room', message: 'No such room.' });
      socket.on('error', () => undefined);
      socket.end(`HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      return;
    }
    (req as IncomingMessage & { parlorAddress?: string }).parlorAddress = address;
    for (const listener of upgrades) listener.call(server, req, socket, head);
  });

  lookUpMore = (address, bytes) => {
    const limiter = door.limiters.lookups;
    const more = Math.min(limiter.burst, Math.ceil(bytes / LOOK_UP_BYTES)) - 1;
    if (more <= 0 || limiter.take(address, more)) return 0;
    return Math.max(1, Math.ceil(more / Math.max(limiter.perSecond, 1e-9)));
  };

  const socketAddresses = new WeakMap<object, string>();
  const socketAddress = (socket: unknown) => (typeof socket === 'object' && socket !== null ? socketAddresses.get(socket) : undefined);
  lookUp = (socket) => {
    const address = socketAddress(socket);
    return address === undefined || allowed(door.limiters.lookups, address);
  };
  lookUpMoreAt = (socket, bytes) => {
    const address = socketAddress(socket);
    return address === undefined || exempt.has(address) || lookUpMore(address, bytes) === 0;
  };
  const wss = (transport as unknown as { wss: { listeners(e: string): ((...a: unknown[]) => void)[]; removeAllListeners(e: string): void; on(e: string, f: (...a: never[]) => void): void } }).wss;
  const onConnection = wss.listeners('connection');
  wss.removeAllListeners('connection');
  wss.on('connection', (raw: WebSocket, req: IncomingMessage & { parlorAddress?: string }, ...rest: unknown[]) => {
    const address = req.parlorAddress ?? addressOf(req);
    socketAddresses.set(raw, address);
    const limited = !exempt.has(address) && door.limiters.messages.perSecond > 0;
    if (limited) {
      const emit = raw.emit.bind(raw);
      let cutOff = false;
      raw.emit = ((event: string | symbol, ...args: unknown[]) => {
        // Pings and pongs count as messages: ws answers each ping with a write of its own, before this sees it.
        if (event === 'message' || event === 'ping' || event === 'pong') {
          if (cutOff) return false;
          if (!door.limiters.messages.take(address)) {
            cutOff = true;
            warnClientFault(log, `rate-limited:${address}`, { address }, 'client over its WebSocket message rate limit');
            raw.close(CLOSE_RATE_LIMITED, 'core/rate-limited');
            return false;
          }
        }
        return emit(event, ...args);
      }) as typeof raw.emit;
    }
    for (const listener of onConnection) listener.call(wss, raw, req, ...rest);
    // Colyseus logs every socket error with its stack; a client sending oversize or broken frames is a warning.
    raw.removeAllListeners('error');
    raw.on('error', (err: Error & { code?: string }) => {
      warnClientFault(log, `bad-frame:${address}`, { address, error: err.message, wsCode: err.code }, 'client sent a frame the server refused');
    });
  });

  return door;
}

/**
 * The path Express routes a request by: an absolute-form target (`http://host/path`) names its host first, and
 * `#` ends a path as `?` does. Limits are chosen by it, so no spelling reaches a route past its own limit.
 */
function routedPath(url = '/'): string {
  return url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] || '/';
}

/**
 * A WebSocket path whose room id, read as Colyseus reads it (the last of two path segments), is a name every
 * object has (`constructor`, `__proto__`, `toString`…): no room has one (room ids are generated), and Colyseus'
 * own look-up finds an object's member instead of nothing. Also a path Colyseus could not parse at all.
 */
function namesNoRoom(url = '/'): boolean {
  let pathname: string;
  try {
    pathname = new URL(`ws://server${url}`).pathname;
  } catch {
    return true;
  }
  const roomId = /\/[a-zA-Z0-9_-]+\/([a-zA-Z0-9_-]+)$/.exec(pathname)?.[1];
  return roomId !== undefined && roomId in Object.prototype;
}

/** The coded answer to a matchmaking error from Colyseus or a room. */
async function matchmakeAnswer(err: Error & { code?: number }, method: string, roomId: string | null): Promise<Refusal> {
  const message = String(err.message ?? '');
  const namespaced = /^([a-z0-9-]+\/[a-z0-9-]+):\s*([\s\S]*)$/.exec(message);
  if (namespaced) {
    const code = namespaced[1]!;
    return { status: /full|locked/.test(code) ? 409 : code === 'core/server-closing' ? 503 : 400, code, message: namespaced[2]! };
  }
  if (err.code === ErrorCode.MATCHMAKE_NO_HANDLER) return { status: 404, code: 'core/unknown-game', message: 'No game of this name.' };
  if (err.code === ErrorCode.MATCHMAKE_INVALID_CRITERIA) return { status: 404, code: 'core/no-room', message: 'No open table matches; create one.' };
  if (err.code === ErrorCode.AUTH_FAILED) return { status: 401, code: 'core/unauthorized', message: 'Not allowed to join.' };
  if (err.code === ErrorCode.MATCHMAKE_EXPIRED) return { status: 409, code: 'core/reconnect-expired', message: 'The reconnection window has passed; rejoin with your seat token.' };
  if (err.code === ErrorCode.MATCHMAKE_INVALID_ROOM_ID) {
    if (/locked/.test(message)) return { status: 409, code: 'core/room-locked', message: 'This table takes no more players; spectate, or rejoin with your seat token.' };
    // "not found" / "has been disposed": the listing is gone. The game may still be alive elsewhere
    // (a peer is taking it over, or Redis lost the listing and its process is putting it back).
    if (roomId && (await gameIsLive(roomId))) {
      return { ...TABLE_MOVING, message: 'This game is moving to another server; rejoin with your seat token in a moment.' };
    }
    return { status: 404, code: 'core/unknown-room', message: 'No such room: the game is over or never existed.' };
  }
  if (/is already full|is no longer available/.test(message)) return { status: 409, code: 'core/room-full', message: 'The table cannot take another player now.' };
  if (OWNER_SILENT.test(message)) return { ...TABLE_MOVING, message: 'The table’s server does not answer; retry in a moment.' };
  if (method === 'reconnect' && /reconnectionToken/.test(message)) return { status: 400, code: 'core/bad-options', message };
  return { status: 500, code: 'core/internal', message: 'The server could not answer this request.' };
}

/** Whether a journaled game with this room id is still running (false without Redis). */
let liveCheck: ((roomId: string) => Promise<boolean>) | null = null;
export function setLiveGameCheck(check: ((roomId: string) => Promise<boolean>) | null) {
  liveCheck = check;
}
async function gameIsLive(roomId: string): Promise<boolean> {
  return liveCheck ? liveCheck(roomId).catch(() => false) : false;
}

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  return { ...matchMaker.controller.DEFAULT_CORS_HEADERS, ...matchMaker.controller.getCorsHeaders(new Headers(req.headers as Record<string, string>)) };
}

function sendReservation(req: IncomingMessage, res: ServerResponse, reservation: unknown) {
  const json = JSON.stringify(reservation);
  res.writeHead(200, { ...corsHeaders(req), 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

/** Redis is configured and this process's connection to it is down (`/ready` says so as well). */
function redisAway(): boolean {
  return roomSettings.store?.away ?? false;
}

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  const json = JSON.stringify({ code, message: req.url?.startsWith('/matchmake/') ? `${code}: ${message}` : message });
  res.writeHead(status, { ...corsHeaders(req), 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), ...headers });
  res.end(json);
}

/** Resolves once `before` settles or `ms` have passed, whichever comes first. */
export function waitAtMost(before: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!before) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void before.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
