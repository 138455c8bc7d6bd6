/**
 * Configuration from the environment, validated once at start. Every variable is documented in the
 * README (Configuration); an invalid value stops the process with a clear message.
 */
import { hostname } from 'node:os';
import { z } from 'zod';
import { defaultMaxConnections } from './open-connections.ts';
import { DEFAULT_MAX_GAME_MOVES } from '../../rooms/settings.ts';

/**
 * The longest a Node timer waits, in ms and whole seconds: a longer one fires at once (a seat dropped as its player
 * left, every SIGTERM a hard stop), so a setting that becomes a timer is bounded by it.
 */
const TIMER_MS = 2 ** 31 - 1;
const TIMER_SECONDS = Math.floor(TIMER_MS / 1000);

const int = (fallback: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(0).max(max).default(fallback);
/** At least 1: a setting for which 0 would not mean "none" (each says what it would do). */
const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(1).max(max).default(fallback);

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * At least 1: at 0 the system picks a port that neither the image's health check, the proxy's process list nor the
   * default PUBLIC_ADDRESS (hostname:PORT) could know, so the process ran unreachable (an empty PORT read as 0 too).
   */
  PORT: z.coerce.number().int().min(1).max(65535).default(2567),
  /** Not empty: an empty one listened on every interface, as 0.0.0.0 does, where a single one was meant. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * host[:port][/path] clients use to reach THIS process (needed with several processes). No scheme: the SDK
   * puts ws:// or wss:// before it, so one given here made every join's address unreachable.
   */
  PUBLIC_ADDRESS: z
    .string()
    .refine((a) => !a.includes('://'), 'host[:port][/path] without a scheme (clients add ws:// or wss://)')
    .optional(),
  /**
   * redis://… (rediss://… for TLS) — set it to share presence and matchmaking between processes. Only those: ioredis
   * reads http://host:6379 as the Unix socket //host:6379, and a bare host:port passed the URL check or not by how
   * the host is spelt (redis.internal:6379 passed, 10.0.0.5:6379 did not).
   */
  REDIS_URL: z
    .string()
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), 'redis://host:port or rediss://host:port')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Enables /monitor behind basic auth (user "admin"); unset = monitor disabled. */
  MONITOR_PASSWORD: z.string().min(8).optional(),
  /** Messages per second a client may send before it is disconnected (at least 1: at 0 Colyseus cuts a client off at its second message in a second). */
  MAX_MESSAGES_PER_SECOND: positiveInt(30),
  /** Largest WebSocket message accepted, in bytes (at least 1: the WebSocket server reads 0 as no bound at all). */
  MAX_PAYLOAD_BYTES: positiveInt(16 * 1024),
  /** Seconds a dropped player's seat is held for Colyseus reconnection. */
  RECONNECT_SECONDS: int(60, TIMER_SECONDS),
  /**
   * Seconds a dropped player's seat is held before the game starts (at most RECONNECT_SECONDS): long enough for a
   * reload or a network blip, short enough that absent players cannot keep a table waiting, each seat then free again.
   */
  RECONNECT_SECONDS_BEFORE_START: int(15, TIMER_SECONDS),
  /** Spectators allowed per table. */
  MAX_SPECTATORS: int(32),
  /** Spectator places one address may take at one table (else one address could fill every place of a table). */
  MAX_SPECTATORS_PER_ADDRESS: int(4),
  /**
   * Turn clock, in seconds, of a table whose options name none (0: none): one connected player who never moves
   * would otherwise stall a table of strangers for good. Each move gets it anew (a Great Western Trail turn
   * is several): a bound on idleness rather than a pace. Every process of a deployment sets the same value
   * (joinOrCreate matches tables on it).
   */
  DEFAULT_TURN_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /**
   * Turn clock, in seconds, of a seat whose clock ran out, until its player moves again (at most the table's
   * own clock): an idle player costs the table one whole clock, not one per turn.
   */
  AWAY_TURN_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /**
   * Milliseconds of bot games played in the process before it listens (src/server/warm-up.ts): the
   * engines, projection and encoder compiled before the first players, not while they play. 0: none;
   * 2000 by default, none when NODE_ENV is `test` (test servers start often and serve little).
   */
  WARM_UP_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Pause before a bot acts, in milliseconds (so humans can follow). */
  BOT_DELAY_MS: int(700),
  /**
   * Moves one game may have (every accepted move counts: a seat's, a bot's, the server's rolls and deals). A game
   * that reaches it ends there without a winner (the `moveLimit` event): seats that play on without the game
   * getting anywhere (two tabs of one person at a private table, a script) would otherwise grow its journal and
   * record for good. Far above any real game (docs/operations.md says how far).
   */
  MAX_GAME_MOVES: positiveInt(DEFAULT_MAX_GAME_MOVES),
  /**
   * After SIGTERM, in seconds: without Redis, how long running games may go on; with Redis, how long to wait for a
   * Redis away and for the journals before the games are handed over. A hard stop follows 15 s after it (run.ts).
   */
  SHUTDOWN_GRACE_SECONDS: int(30, TIMER_SECONDS - 15),
  /** With Redis: 'sync' acknowledges a move once Redis stored it; 'async' acknowledges at once. */
  DURABILITY: z.enum(['sync', 'async']).default('sync'),
  /**
   * How long a sync acknowledgement waits for Redis before the game goes on and catches up later (at least 1: at 0
   * no move would wait for Redis, every sync move going on undurably).
   */
  DURABILITY_ACK_TIMEOUT_MS: positiveInt(500, TIMER_MS),
  /** A snapshot of the engine state every N moves bounds the replay on recovery. */
  SNAPSHOT_EVERY: positiveInt(100),
  /** Hours a finished game's record (options, seed, moves, result) stays in Redis (at least 1: at 0 it was kept a second). */
  RECORD_RETENTION_HOURS: positiveInt(168),
  /**
   * Records of one creator address kept the whole retention a day; beyond, an hour at most (an address that
   * plays scripted quick games cannot fill Redis with a week of records). 0 = no limit.
   */
  RECORDS_PER_ADDRESS_DAY: int(200),
  /**
   * Milliseconds the verifier may spend on one `POST /api/verify` before it is stopped (503 `core/verify-timeout`):
   * a record built to be slow would otherwise hold it for everyone. The longest real games take about a second,
   * a few on a machine busy with other work. At most TIMER_MS (about 24 days): past it every verification stopped.
   */
  VERIFY_TIMEOUT_MS: positiveInt(30_000, TIMER_MS),
  /**
   * Read by Colyseus itself (`Number(process.env.COLYSEUS_SEAT_RESERVATION_TIME || 15)` in its Room), checked here:
   * seconds a seat reservation waits for its join. At 0 or below, not a number, or past TIMER_SECONDS, every
   * reservation lapsed at once.
   */
  COLYSEUS_SEAT_RESERVATION_TIME: z.coerce.number().positive().max(TIMER_SECONDS).optional(),
  /** Liveness beat of this process in Redis; peers take over its games after three missed beats (the invite sweep waits four). */
  HEARTBEAT_MS: z.coerce.number().int().min(100).max(Math.floor(TIMER_MS / 4)).default(700),

  // ── per client address (docs/operations.md, "Security"); 0 = unlimited ──
  /** WebSocket connections a client address may open per second. */
  RATE_LIMIT_CONNECTIONS_PER_SECOND: int(10),
  /** Seat reservations (matchmaking, guest seats, queue tickets) per second per address. */
  RATE_LIMIT_RESERVATIONS_PER_SECOND: int(5),
  /** WebSocket messages per second per address, summed over all its connections. */
  RATE_LIMIT_MESSAGES_PER_SECOND: int(200),
  /** Other HTTP requests per second per address (GET /health and /ready are never limited). */
  RATE_LIMIT_HTTP_PER_SECOND: int(50),
  /** Invite-code and record look-ups per minute per address: guessing codes stays infeasible. */
  RATE_LIMIT_LOOKUPS_PER_MINUTE: int(30),
  /**
   * TCP connections one address may hold open at once (clients that connect directly; behind a proxy,
   * with TRUSTED_PROXIES set, the proxy's own limits apply).
   */
  MAX_CONNECTIONS_PER_ADDRESS: int(256),
  /**
   * TCP connections the process holds open at once, every address together (exempt ones never refused);
   * 0 = no cap. By default its open-file limit less 512, at least 64 and at most 10,000 (open-connections.ts).
   */
  MAX_CONNECTIONS: z.coerce.number().int().min(0).optional(),
  /** Open tables one address may have created at once. */
  MAX_ROOMS_PER_ADDRESS: int(10),
  /** Seat reservations one address may hold unused at once (each holds a seat until used or lapsed). */
  MAX_UNUSED_RESERVATIONS_PER_ADDRESS: int(8),
  /**
   * Seat reservations one address may let lapse unused within 10 minutes; past it, it gets none until the
   * oldest of them is 10 minutes old (else it could keep a table waiting for good, reserving its last seat
   * again whenever the reservation lapses).
   */
  MAX_LAPSED_RESERVATIONS_PER_ADDRESS: int(8),
  /**
   * Addresses no per-address limit applies to (comma-separated). None by default: a client on the
   * server's own machine is limited like any other. A load generator on the same host sets it to
   * `127.0.0.1,::1`.
   */
  RATE_LIMIT_EXEMPT: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((a) => a.trim()).filter(Boolean)),
  /** Proxies in front of the server that append X-Forwarded-For; 0 = clients connect directly (header ignored). */
  TRUSTED_PROXIES: int(0),
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
});

export type Config = z.infer<typeof Env> & { publicAddress: string | undefined; WARM_UP_MS: number; MAX_CONNECTIONS: number };

/**
 * Set but empty (`VAR=`, a compose `${VAR:-}`): refused, but where empty has a meaning. A number read it as 0 (for a
 * limit: none; MAX_SPECTATORS: no spectator), an empty PUBLIC_ADDRESS left every process advertising none.
 */
const EMPTY_MEANS_SOMETHING = new Set(['RATE_LIMIT_EXEMPT']); // no address exempt

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const empty = Object.keys(Env.shape).filter((k) => !EMPTY_MEANS_SOMETHING.has(k) && env[k]?.trim() === '');
  const parsed = Env.safeParse({ ...env, ...Object.fromEntries(empty.map((k) => [k, undefined])) });
  if (empty.length > 0 || !parsed.success) {
    const problems = [
      ...empty.map((k) => `  ${k}: empty (unset it for the default)`),
      ...(parsed.error?.issues ?? []).map((i) => `  ${i.path.join('.')}: ${i.message}`),
    ].join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  // Several processes on one Redis must each tell clients where to connect for their rooms.
  const publicAddress = c.PUBLIC_ADDRESS ?? (c.REDIS_URL ? `${hostname()}:${c.PORT}` : undefined);
  return { ...c, publicAddress, WARM_UP_MS: c.WARM_UP_MS ?? (c.NODE_ENV === 'test' ? 0 : 2000), MAX_CONNECTIONS: c.MAX_CONNECTIONS ?? defaultMaxConnections() };
}
