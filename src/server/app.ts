/**
 * Builds the Parlor server: Colyseus rooms for every game, the HTTP routes, presence and driver.
 * main.ts starts it; tests start it in-process on a free port.
 */
import { timingSafeEqual } from 'node:crypto';
import { defineRoom, defineServer, matchMaker, type RegisteredHandler, type Room } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { WebSocketServer } from 'ws';
import { coalesceWrites } from './coalesce-writes.ts';
import { spreadPings } from './heartbeat.ts';
import { monitor } from '@colyseus/monitor';
import express, { type Application, type NextFunction, type Request, type Response } from 'express';

import { toJSONSchema } from 'zod';
import { games } from '../games/index.ts';
import { gameRooms } from '../../rooms/index.ts';
import { ClientJoinOptions, tableOptionsSchema } from '../../rooms/join-options.ts';
import { recoveries, roomSettings } from '../../rooms/settings.ts';
import type { Table } from '../../rooms/table.ts';
import { GameStore } from './game-store.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { registry } from './metrics.ts';
import { createScaling, processToCreateOn } from './scaling.ts';
import { queueRoutes } from './queue.ts';
import { mountVerify } from './verify.ts';
import { chargeLookUpBytes, countedAsReserving, installFrontDoor, setLiveGameCheck } from './front-door.ts';
import { chargedAddress } from './rate-limit.ts';
import { refusalHeaders, reserveGuestSeat } from './guest-seat.ts';
import { INVITE_SWEEP_MS, lookUpInvite, sweepInvites } from './invites.ts';
import { decoderComplaint, dueLine, safeJson, warnClientFault } from './client-faults.ts';
import { republishLiveRooms } from './redis-restore.ts';
import { mountWeb } from './web.ts';
import { jsonBody } from './request-body.ts';

export interface ParlorServerOptions {
  config: Config;
  logger: Logger;
  /** Extra room types (tests register a fixture game here). */
  extraRooms?: Record<string, new (...args: never[]) => Room>;
}

/**
 * Frames a client message may come in. Clients send each message whole; ws allows 16,384 fragments, and a
 * message of one-byte fragments took ~8 ms of the server's CPU while counting once against the message limits.
 */
export const MAX_FRAGMENTS = 16;

export function createParlorServer({ config, logger, extraRooms = {} }: ParlorServerOptions) {
  Object.assign(roomSettings, {
    reconnectSeconds: config.RECONNECT_SECONDS,
    reconnectSecondsBeforeStart: config.RECONNECT_SECONDS_BEFORE_START,
    maxSpectators: config.MAX_SPECTATORS,
    maxSpectatorsPerAddress: config.MAX_SPECTATORS_PER_ADDRESS,
    defaultTurnSeconds: config.DEFAULT_TURN_SECONDS,
    awayTurnSeconds: config.AWAY_TURN_SECONDS,
    botDelayMs: config.BOT_DELAY_MS,
    maxMessagesPerSecond: config.MAX_MESSAGES_PER_SECOND,
    maxGameMoves: config.MAX_GAME_MOVES,
    shutdownGraceSeconds: config.SHUTDOWN_GRACE_SECONDS,
    logger,
    durability: config.DURABILITY,
    store: null,
  });
  const scaling = createScaling(config);
  const rooms: Record<string, RegisteredHandler> = {};
  for (const [id, RoomClass] of Object.entries({ ...gameRooms, ...extraRooms })) {
    rooms[id] = defineRoom(RoomClass as typeof Room).filterBy(['table']) as RegisteredHandler;
  }

  // Pings every 5 s, a client cut off after 3 unanswered: spread over the interval (heartbeat.ts), not Colyseus' all-at-once.
  const transport = new WebSocketTransport({ maxPayload: config.MAX_PAYLOAD_BYTES, maxFragments: MAX_FRAGMENTS, pingInterval: 0 });
  const wss = (transport as unknown as { wss: WebSocketServer }).wss;
  coalesceWrites(wss, (socket) =>
    warnClientFault(logger, 'stalled-client', { peer: socket.remoteAddress, unsentBytes: socket.writableLength }, 'client stopped reading its messages; disconnected'),
  );
  spreadPings(wss, 5000, 3);
  keepPm2AgentOut(); // before Colyseus loads it as it starts listening
  const server = defineServer({
    rooms,
    greet: false,
    gracefullyShutdown: false, // main.ts owns signals, so shutdown is logged and bounded
    logger: colyseusLogger(logger),
    transport,
    presence: scaling.presence,
    driver: scaling.driver,
    selectProcessIdToCreateRoom: () => processToCreateOn(store && ((processId) => store!.isAlive(processId))),
    ...(config.publicAddress ? { publicAddress: config.publicAddress } : {}),
    express: (app) => routes(app, { config, logger, scaling }),
  });
  let store: GameStore | null = null;
  server.onShutdown(async () => {
    await store?.stop(); // peers see the missing beat at once and resume any handed-over game
    await scaling.close();
  });

  /** Listens, then (with Redis) starts journaling games and recovering those of dead peers. */
  async function listen(port: number, host: string) {
    // Colyseus waits for 'listening' only: a port in use would leave the process running, serving nothing.
    const http = transport.server!;
    let failed: (err: Error) => void = () => undefined;
    const refused = new Promise<never>((_, reject) => (failed = reject));
    http.once('error', failed);
    await Promise.race([server.listen(port, host), refused]);
    http.off('error', failed);
    installFrontDoor(transport, rooms, config, logger); // limits and bounds before Colyseus sees a request
    if (config.REDIS_URL) {
      store = new GameStore({
        redisUrl: config.REDIS_URL,
        processId: matchMaker.processId,
        logger,
        mode: config.DURABILITY,
        ackTimeoutMs: config.DURABILITY_ACK_TIMEOUT_MS,
        snapshotEvery: config.SNAPSHOT_EVERY,
        retentionSeconds: config.RECORD_RETENTION_HOURS * 3600,
        recordsPerAddressDay: config.RECORDS_PER_ADDRESS_DAY,
        heartbeatMs: config.HEARTBEAT_MS,
      });
      roomSettings.store = store;
      setLiveGameCheck((roomId) => store!.isLive(roomId));
      store.start(
        (roomId, gameId) => recoverGame(roomId, gameId, logger),
        async () => void (await republishLiveRooms()),
      );
      // Codes nobody looks up again: once Redis has settled after the start (three beats), then hourly.
      const sweep = (): void =>
        void sweepInvites()
          .then((removed) => {
            if (removed === null) setTimeout(sweep, 4 * config.HEARTBEAT_MS).unref(); // not settled yet
            else if (removed > 0) logger.info({ removed }, 'invite codes of tables gone for good removed');
          })
          .catch((err: unknown) => logger.debug({ err: (err as Error).message }, 'invite sweep failed; the next goes on'));
      setTimeout(sweep, 4 * config.HEARTBEAT_MS).unref();
      setInterval(sweep, INVITE_SWEEP_MS).unref();
    }
  }
  return { server, listen };
}

/**
 * Colyseus reports to a PM2 daemon through `@pm2/io` when that package is installed (an optional peer
 * that Colyseus' own tools pull in, so it is). Loading it starts an agent that, every second, lists
 * every open handle (one per connection) and samples the event loop, opens an inspector session, and
 * takes over the process' unhandled-rejection and uncaught-exception events (printing each to stderr
 * with its stack, unbounded), for a daemon that only exists when PM2 runs the process. Outside PM2 it
 * never starts: the package hands out whatever it finds under its global key instead of starting an
 * agent, so a stand-in taking Colyseus' two metrics is put there first (the agent's own `destroy()`
 * stopped its timers but left its process handlers behind). /metrics reports what it would have.
 */
function keepPm2AgentOut() {
  if (process.env.pm_id !== undefined) return; // run by PM2: its agent reports to it
  const globals = globalThis as Record<symbol, unknown>;
  globals[Symbol.for('@pm2/io')] ??= { metric: () => undefined };
}

/** How long a claim waits for a copy of its game here that lets the game go to close (it takes a second at most). */
const CLOSING_COPY_MS = 5000;

/** Re-creates a dead peer's game here, under its room id, from the journal. */
async function recoverGame(roomId: string, gameId: string, logger: Logger) {
  const here = matchMaker.getLocalRoomById(roomId) as Partial<Pick<Table, 'handingOver'>> | undefined;
  if (here && !here.handingOver) return; // an earlier attempt got as far as the table: it runs here
  // A copy letting the game go, still closing: this process woke from a stall to find a peer had taken the game over,
  // that peer dead since (fenced by a check, or by the claim). Colyseus keeps one room of an id here: the game is
  // put back once the copy is gone.
  if (here) await closed(roomId, CLOSING_COPY_MS);
  recoveries.add(roomId);
  try {
    await matchMaker.driver.remove(roomId); // the dead process's listing (the game is this process's now), if not swept yet
    await matchMaker.handleCreateRoom(gameId, { recover: roomId }, undefined, roomId);
    logger.info({ roomId, game: gameId }, 'took over a game from a stopped process');
  } finally {
    recoveries.delete(roomId);
  }
}

/** Resolves once no room of this id is here; throws after `timeoutMs` (the recovery is tried again a beat later). */
async function closed(roomId: string, timeoutMs: number) {
  for (const until = Date.now() + timeoutMs; matchMaker.getLocalRoomById(roomId); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() >= until) throw new Error(`a copy of game ${roomId} that lets it go is still closing here`);
  }
}

function routes(app: Application, { config, logger, scaling }: { config: Config; logger: Logger; scaling: ReturnType<typeof createScaling> }) {
  app.disable('x-powered-by');
  mountVerify(app, { timeoutMs: config.VERIFY_TIMEOUT_MS, logger }); // before the 16 KiB body parser: a game record is larger
  app.use(jsonBody(16 * 1024));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', processId: matchMaker.processId, uptime: process.uptime() });
  });

  app.get('/ready', async (_req, res) => {
    const redis = await scaling.redisReachable();
    const accepting = matchMaker.state === matchMaker.MatchMakerState.READY;
    // Reachable is not enough: a Redis out of memory (or read-only) answers reads and refuses every write.
    const storing = roomSettings.store?.storing ?? true;
    const ready = redis !== false && storing && accepting;
    res.status(ready ? 200 : 503).json({ ready, redis: redis === null ? 'not configured' : !redis ? 'unreachable' : storing ? 'ok' : 'refusing writes', matchmaking: accepting ? 'ok' : 'stopped' });
  });

  app.get('/metrics', async (req, res) => {
    if (config.METRICS_TOKEN && !sameSecret(req.headers.authorization ?? '', `Bearer ${config.METRICS_TOKEN}`)) {
      res.set('WWW-Authenticate', 'Bearer realm="parlor metrics"').status(401).json({ code: 'core/unauthorized', message: 'Metrics need the bearer token.' });
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  });

  // The same for every request while the process runs: built once (it took ~0.8 ms a request).
  let gameList: string | null = null;
  app.get('/api/games', (_req, res) => {
    gameList ??= JSON.stringify(
      games.map((g) => ({
        id: g.id,
        name: g.name,
        seats: g.seats,
        // Closed, as the server is: an option the game does not have is refused (core/bad-options), so a client
        // validating against the schema refuses it too.
        options: { ...toJSONSchema(g.options, { io: 'input', unrepresentable: 'any' }), additionalProperties: false },
        defaults: g.options.parse({}),
        tableOptions: toJSONSchema(tableOptionsSchema(g, config.DEFAULT_TURN_SECONDS), { io: 'input' }),
      })),
    );
    res.type('application/json').send(gameList);
  });

  // A finished game's record (options, seed, moves, result) while its retention lasts: what
  // `npm run verify-replay` and POST /api/verify check. Needs Redis (the journal keeps it).
  // Served as stored, never parsed: a game stopped at the move limit has a record of about 4.3 MB (the default MAX_GAME_MOVES), which parsed
  // and written again held the tables' thread about half a second a request. Charged one look-up a MiB started.
  app.get('/api/records/:roomId', async (req, res) => {
    const roomId = String(req.params.roomId);
    const store = roomSettings.store;
    const unknown = () => void res.status(404).json({ code: 'core/unknown-record', message: 'No finished game with this room id is on record here.' });
    const bytes = (await store?.recordBytes(roomId).catch(() => 0)) ?? 0;
    if (!bytes) return unknown();
    const wait = chargeLookUpBytes(req, bytes);
    if (wait > 0) {
      res.status(429).set('retry-after', String(wait)).json({ code: 'core/rate-limited', message: 'This record counts as several look-ups (one a MiB); this address has too few left. Retry later.' });
      return;
    }
    const text = await store!.recordText(roomId).catch(() => null);
    if (!text) return unknown();
    res.type('application/json').end(text); // (not send: it would hash the whole text for an ETag)
  });

  app.get('/api/invites/:code', async (req, res) => {
    const answer = await lookUpInvite(String(req.params.code)); // (a code whose table is gone for good is removed there)
    if ('table' in answer) res.json(answer.table);
    else res.status(answer.status).set(refusalHeaders(answer)).json({ code: answer.code, message: answer.message });
  });

  // Spectators and seat-token holders join a table even when its seats are full (see guest-seat.ts).
  app.post('/api/rooms/:roomId/seat', async (req, res, next) => {
    if (!countedAsReserving(req)) return next(); // another spelling of the path: not found
    const parsed = ClientJoinOptions.pick({ spectator: true, seatToken: true, name: true }).safeParse(req.body ?? {});
    if (!parsed.success || (!parsed.data.spectator && !parsed.data.seatToken)) {
      const problem = parsed.success ? '' : `${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ').slice(0, 300)}. `;
      res.status(400).json({ code: 'core/bad-options', message: `${problem}Send {"spectator": true} or {"seatToken": "…"}, and optionally "name".` });
      return;
    }
    const answer = await reserveGuestSeat(String(req.params.roomId), parsed.data, logger, chargedAddress(req));
    if ('reservation' in answer) res.json(answer.reservation);
    else res.status(answer.status).set(refusalHeaders(answer)).json({ code: answer.code, message: answer.message });
  });

  queueRoutes(app, logger); // POST /api/queue/:game: full tables across processes
  mountWeb(app); // the web client at / and GET /api/tables for its lobby

  if (config.MONITOR_PASSWORD) {
    app.use('/monitor', basicAuth('admin', config.MONITOR_PASSWORD), monitor() as unknown as express.RequestHandler);
  }

  // Unknown API paths answer in the API's own shape (the web client's pages are served above).
  app.use(['/api', '/matchmake'], (_req, res) => {
    res.status(404).json({ code: 'core/not-found', message: 'No such route.' });
  });

  app.use((err: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const status = err.status ?? 500;
    if (status >= 500) logger.error({ err }, 'http error');
    if (status >= 500) {
      res.status(status).json({ code: 'core/internal', message: 'The server could not answer this request.' });
      return;
    }
    res.status(status).json({ code: status === 413 ? 'core/payload-too-large' : 'core/bad-request', message: err.message });
  });
}

/** Constant-time comparison of a presented credential with the expected one. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function basicAuth(user: string, password: string): express.RequestHandler {
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return (req, res, next) => {
    if (sameSecret(req.headers.authorization ?? '', expected)) return next();
    res.set('WWW-Authenticate', 'Basic realm="parlor monitor"').status(401).json({ code: 'core/unauthorized', message: 'Monitor needs credentials.' });
  };
}

/**
 * Colyseus' errors that a client causes at will: a message that does not decode (msgpack), a frame the
 * socket refused. They become rate-limited warnings without stacks; every other Colyseus error stays one.
 */
const CLIENT_CAUSED = /msgpackr[\\/]unpack|couldn't decode message|Max payload size exceeded|Invalid WebSocket frame|WS_ERR_/;
/**
 * A create Colyseus sent to a peer that did not answer (killed, its presence not expired yet): Colyseus takes that
 * process out of its choice and creates the table here, so nothing failed. A warning, once a window: an error line
 * per survivor at every peer's crash would page whoever alerts on errors for a table made 2 s late.
 */
const PEER_SILENT_CREATE = /^ipc_timeout: create room request timed out/;

/** Routes Colyseus' own log lines into pino. Exported for tests. */
export function colyseusLogger(logger: Logger) {
  const child = logger.child({ component: 'colyseus' });
  const text = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? (a.stack ?? a.message) : safeJson(a, 2000))).join(' ');
  // A warning repeats while its cause lasts (a Redis outage: every connection's every retry): one line per
  // kind a window, with how many were skipped.
  const warnRepeated = (line: string) => {
    const suppressed = dueLine(`colyseus:${line.slice(0, 60)}`);
    if (suppressed !== null) child.warn(suppressed ? { suppressed } : {}, line);
  };
  return {
    debug: (...a: unknown[]) => child.debug(text(a)),
    info: (...a: unknown[]) => child.info(text(a)),
    warn: (...a: unknown[]) => warnRepeated(text(a)),
    error: (...a: unknown[]) => {
      const line = text(a);
      if (CLIENT_CAUSED.test(line)) warnClientFault(child, 'bad-message', { error: decoderComplaint(line.split('\n')[0]!) }, 'client sent a message that does not decode');
      else if (PEER_SILENT_CREATE.test(line)) warnRepeated(`${line} (created here instead)`);
      else child.error(line);
    },
    trace: (...a: unknown[]) => child.trace(text(a)),
  };
}


