/**
 * Durable games on Redis: every accepted move is journaled, so a game outlives the process hosting it.
 *
 * Keys (all under `parlor:`):
 *   game:<roomId>    hash: meta (JSON: game, table config, seed, seats…), owner (processId), epoch, givenUp (when its
 *                    recovery was given up: ms since epoch; absent while it runs)
 *   moves:<roomId>   list of JSON moves { actor, move }, in order
 *   snap:<roomId>    JSON { seq, state }: the engine state after `seq` moves (bounds replay time)
 *   record:<roomId>  JSON record of a finished game (options, seed, moves, result), expires after retention
 *   abandoned:<roomId>  the process that abandoned the game (everyone left before its end), kept an hour
 *   live             set of roomIds whose games are running
 *   proc:<pid>       heartbeat of a live process (expires when it stops beating)
 *
 * A journal writes through a Lua script that appends only while its process still owns the game: a
 * stalled process that wakes after its games were recovered elsewhere is fenced off, never forks a game.
 * Appends are queued per room and flushed in order; while Redis is away they wait and catch up later
 * (the room plays on in memory and says so), so a Redis outage never stops or reorders a game.
 */
import { Redis, type ChainableCommander } from 'ioredis';
import type { Logger } from './logger.ts';
import { fencedTotal, heartbeatLapsesTotal, journalPending, journalRewritesTotal, journalSeconds, redisErrorsTotal, takeoversTotal } from './metrics.ts';

/** Times a claimed game's recovery is tried before it is given up (see `recoverClaimed`). */
const RECOVERY_ATTEMPTS = 5;

/** How long a record is kept at most when nobody needs it for long: a game no player moved in, an address past its day's records. */
export const SHORT_RECORD_SECONDS = 3600;

/** How long a journal append may wait for the end of its event-loop turn before the next append sends it. */
const APPEND_HOLD_MS = 1;

const K = {
  game: (id: string) => `parlor:game:${id}`,
  moves: (id: string) => `parlor:moves:${id}`,
  snap: (id: string) => `parlor:snap:${id}`,
  record: (id: string) => `parlor:record:${id}`,
  abandoned: (id: string) => `parlor:abandoned:${id}`,
  recordsBy: (address: string) => `parlor:records-by:${address}`,
  live: 'parlor:live',
  proc: (pid: string) => `parlor:proc:${pid}`,
};
/** The keys above, for what checks a game's owner outside the store (the listings: scaling.ts). */
export const storeKeys = K;
/** Colyseus' Redis driver keeps every listing as JSON in one hash, under the room id. */
export const LISTINGS_KEY = 'roomcaches';

/**
 * Lua: `othersTable(game key, listings key, room id, process id)`, true while the table is another process's: its
 * game is (an owner, not that process), or no process owns the game and the listing under the room id names
 * another process. What a copy writes or removes for its table outside the journal (the invite code, the listing,
 * the creator's open-table counts) checks it first, as the journal's scripts check the owner: a copy that stalled
 * while a peer took its game over runs on until a beat or a write fences it, and its table may close as it wakes
 * (its last clients' leaves waiting in its sockets). The peer may have finished the game meanwhile, its table open
 * to be seen: the game then has no owner, and the peer's listing tells whose table it is (a peer claims a game
 * before it lists its table; a table here that ended its game still has its own listing, or none).
 */
export const OTHERS_TABLE = `
local function othersTable(game, listings, roomId, me)
  local owner = redis.call('HGET', game, 'owner')
  if owner then return owner ~= me end
  local listed = redis.call('HGET', listings, roomId)
  return listed and cjson.decode(listed).processId ~= me
end`;

// KEYS: game, moves, snap · ARGV: owner, snapshot ('' = none), entries…
//   → new length; -1 when another process owns the game (fenced); -2 when Redis lost the game (restarted empty)
const APPEND = `
local owner = redis.call('HGET', KEYS[1], 'owner')
if not owner then return -2 end
if owner ~= ARGV[1] then return -1 end
for i = 3, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
if ARGV[2] ~= '' then redis.call('SET', KEYS[3], ARGV[2]) end
return redis.call('LLEN', KEYS[2])`;

// KEYS: game · ARGV: owner, meta  → 1 written; -1 when another process owns the game (fenced); -2 when Redis
// lost the game (a hash of the meta alone would be no game: the next append or put-back writes it whole).
const SAVE_META = `
local owner = redis.call('HGET', KEYS[1], 'owner')
if not owner then return -2 end
if owner ~= ARGV[1] then return -1 end
redis.call('HSET', KEYS[1], 'meta', ARGV[2])
return 1`;

// KEYS: live · ARGV: claimer, game key prefix, heartbeat key prefix  → { room id, owner } of one game whose owner
// stopped beating; nil when there is none. One round trip per beat in the usual case, however many games are live
// (a round trip per live game made it the costliest beat). It claims nothing: CLAIM does, once this process has
// fenced a copy of the game it may still run (see the claim loop).
const FIND_ORPHAN = `
local alive = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local owner = redis.call('HGET', ARGV[2] .. id, 'owner')
  if owner and owner ~= ARGV[1] then
    if alive[owner] == nil then alive[owner] = redis.call('EXISTS', ARGV[3] .. owner) == 1 end
    if not alive[owner] then return { id, owner } end
  end
end
return false`;

// KEYS: game, its owner's heartbeat · ARGV: claimer, the owner FIND_ORPHAN read  → 1 claimed; 0 not: another
// survivor claimed it first, or its owner beats again (it had stalled).
const CLAIM = `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[2] or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[1])
redis.call('HINCRBY', KEYS[1], 'epoch', 1)
return 1`;

// KEYS: game, moves, snap, live, record, abandoned · ARGV: owner, room id, meta, entries…  → 1 rewritten; -1
// when another process owns the game (a peer claimed it since this process looked), finished it (its record
// kept) or abandoned it (its mark kept): a stalled or fenced copy's game is gone because it ended, not lost,
// and is never written back as ours (live under a process that does not run it, which no peer would claim).
// A give-up mark a Redis come back older kept is cleared: the game runs here, and game:resume must not take it.
const REWRITE = `
local owner = redis.call('HGET', KEYS[1], 'owner')
if owner and owner ~= ARGV[1] then return -1 end
if redis.call('EXISTS', KEYS[5]) == 1 or redis.call('EXISTS', KEYS[6]) == 1 then return -1 end
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('HSET', KEYS[1], 'meta', ARGV[3], 'owner', ARGV[1], 'epoch', '0')
redis.call('HDEL', KEYS[1], 'givenUp')
redis.call('SADD', KEYS[4], ARGV[2])
for i = 4, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
return 1`;

// KEYS: game, moves, snap, live, abandoned · ARGV: owner, room id, mark's seconds  → 1 forgotten and marked; -1
// another process owns the game: a copy that stalled while a peer took it over, whose last spectators left as it
// woke (before a beat fenced it), would delete the peer's game, and its mark would refuse the peer's rewrite.
const ABANDON = `
local owner = redis.call('HGET', KEYS[1], 'owner')
if owner and owner ~= ARGV[1] then return -1 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('SREM', KEYS[4], ARGV[2])
redis.call('SET', KEYS[5], ARGV[1], 'EX', ARGV[3])
return 1`;

// KEYS: game, live · ARGV: owner, room id, time  → 1 given up: no longer live, marked so (what tells it from a
// running game Redis lost from the live games, which game:resume must not fence); 0 another process owns the
// game now (it claimed it while this one stalled): left as it is.
const GIVE_UP = `
local owner = redis.call('HGET', KEYS[1], 'owner')
if owner and owner ~= ARGV[1] then return 0 end
redis.call('SREM', KEYS[2], ARGV[2])
if owner then redis.call('HSET', KEYS[1], 'givenUp', ARGV[3]) end
return 1`;

/**
 * Owner a game put back into play by an operator is given (`resumeGivenUp`): no process beats under this id,
 * so the next beat of any live process claims the game as one of a dead process's.
 */
export const RESUMED_OWNER = 'resumed-by-operator';

// KEYS: game, live, record · ARGV: room id, heartbeat key prefix, placeholder owner, force ('1': resume a game
// not marked given up)  → { outcome, owner }: 'finished' (a record), 'no-journal', 'running' (live, its owner
// beats), 'awaiting' (live, its owner does not beat: claimed at the next beat anyway), 'unmarked' (not live and
// not marked given up: maybe running, its live entry lost by a Redis come back older), 'resumed' (listed live
// again, owned by the placeholder, its mark cleared; also a live game with no owner, which no beat claims).
// One script: a peer's claim or finish between the checks and the writes would otherwise be overwritten.
const RESUME = `
if redis.call('EXISTS', KEYS[3]) == 1 then return {'finished', false} end
if redis.call('HEXISTS', KEYS[1], 'meta') == 0 then return {'no-journal', false} end
local owner = redis.call('HGET', KEYS[1], 'owner')
local live = redis.call('SISMEMBER', KEYS[2], ARGV[1])
if owner and live == 1 then
  if redis.call('EXISTS', ARGV[2] .. owner) == 1 then return {'running', owner} end
  return {'awaiting', owner}
end
if live == 0 and ARGV[4] ~= '1' and redis.call('HEXISTS', KEYS[1], 'givenUp') == 0 then return {'unmarked', owner} end
redis.call('HSET', KEYS[1], 'owner', ARGV[3])
redis.call('HDEL', KEYS[1], 'givenUp')
redis.call('SADD', KEYS[2], ARGV[1])
return {'resumed', owner}`;

export type ResumeOutcome = 'finished' | 'no-journal' | 'running' | 'awaiting' | 'unmarked' | 'resumed';

/**
 * Puts a game given up after failed recoveries (`recoverClaimed`) back into play, once what made them fail is
 * fixed: listed live again with an owner that does not beat, it takes the path of a crashed process's game (a
 * claim at the next beat of any live process, then its recovery, retried as any). `owner` is the owner it had.
 * A game not live and not marked given up is refused ('unmarked') unless `force`: a running game that a Redis come
 * back older lost from the live games looks the same, and resuming it would fence it; so does a game an earlier
 * version gave up, which put no mark.
 */
export async function resumeGivenUp(redis: Redis, roomId: string, force = false): Promise<{ outcome: ResumeOutcome; owner: string | null }> {
  const [outcome, owner] = (await redis.eval(RESUME, 3, K.game(roomId), K.live, K.record(roomId), roomId, K.proc(''), RESUMED_OWNER, force ? '1' : '')) as [ResumeOutcome, string | null];
  return { outcome, owner: owner || null };
}

export interface GivenUpGame {
  roomId: string;
  game: string;
  moves: number;
  owner: string | null;
  /** Marked given up when it was (see `GIVE_UP`); listed unmarked only when asked for. */
  marked: boolean;
}

/**
 * Games with a journal that are not live and have no record, marked given up. With `unmarked`, those not marked
 * too: given up by an earlier version (which put no mark), or running games a Redis come back older lost from
 * the live games (or finished ones whose record it lost).
 */
export async function givenUpGames(redis: Redis, unmarked = false): Promise<GivenUpGame[]> {
  // A set: SCAN may return a key more than once (while Redis resizes its table).
  const found = new Set<string>();
  const prefix = K.game('');
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) found.add(key.slice(prefix.length));
  } while (cursor !== '0');
  const ids = [...found];
  if (ids.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const id of ids) pipeline.sismember(K.live, id).exists(K.record(id)).hmget(K.game(id), 'meta', 'owner', 'givenUp').llen(K.moves(id));
  const replies = ((await pipeline.exec()) ?? []).map(([err, value]) => {
    if (err) throw err;
    return value;
  });
  const givenUp: GivenUpGame[] = [];
  ids.forEach((roomId, i) => {
    const [live, record, [meta, owner, mark], moves] = replies.slice(i * 4, i * 4 + 4) as [number, number, [string | null, string | null, string | null], number];
    if (live || record || !meta || (!mark && !unmarked)) return;
    givenUp.push({ roomId, game: gameOf(meta), moves, owner, marked: mark !== null });
  });
  return givenUp.sort((a, b) => a.roomId.localeCompare(b.roomId));
}

/** The game a journal's meta names; a meta that does not parse (maybe why its recovery failed) is recovered, failing, and listed all the same. */
function gameOf(meta: string): string {
  try {
    return String((JSON.parse(meta) as { game?: unknown }).game ?? '(no game in its meta)');
  } catch {
    return '(unreadable meta)';
  }
}

/** Moves a rewrite passes per script call (see `RoomJournal.rewrite`). */
const REWRITE_PART = 10_000;

type ScriptedTransaction = ChainableCommander & {
  journalAppend(game: string, moves: string, snap: string, owner: string, snapshot: string, ...entries: string[]): ScriptedTransaction;
  journalRewrite(game: string, moves: string, snap: string, live: string, record: string, abandoned: string, owner: string, roomId: string, meta: string, ...entries: string[]): ScriptedTransaction;
};

type ScriptedRedis = Redis & {
  journalSaveMeta(game: string, owner: string, meta: string): Promise<number>;
  journalAppend(game: string, moves: string, snap: string, owner: string, snapshot: string, ...entries: string[]): Promise<number>;
  findOrphan(live: string, claimer: string, gamePrefix: string, procPrefix: string): Promise<[roomId: string, owner: string] | null>;
  claimGame(game: string, ownerBeat: string, claimer: string, owner: string): Promise<number>;
  giveUp(game: string, live: string, owner: string, roomId: string, at: string): Promise<number>;
  journalAbandon(game: string, moves: string, snap: string, live: string, abandoned: string, owner: string, roomId: string, markSeconds: number): Promise<number>;
  journalRewrite(game: string, moves: string, snap: string, live: string, record: string, abandoned: string, owner: string, roomId: string, meta: string, ...entries: string[]): Promise<number>;
};

export interface JournalEntry {
  actor: number;
  move: unknown;
}

export interface StoredGame<Meta> {
  meta: Meta;
  snapshot: { seq: number; state: unknown } | null;
  moves: JournalEntry[];
}

export interface GameStoreOptions {
  redisUrl: string;
  processId: string;
  logger: Logger;
  /** 'sync': a move is acknowledged after Redis has it; 'async': at once, journaled in the background. */
  mode: 'sync' | 'async';
  /** How long a sync acknowledgement waits for Redis before the game goes on undurably (catching up later). */
  ackTimeoutMs: number;
  snapshotEvery: number;
  retentionSeconds: number;
  /** Records kept the whole retention per creator address a day; beyond, `SHORT_RECORD_SECONDS` (0: no limit). */
  recordsPerAddressDay?: number;
  heartbeatMs: number;
  /** How long a journal append may wait for the end of its event-loop turn (default `APPEND_HOLD_MS`). */
  appendHoldMs?: number;
}

export class GameStore {
  readonly redis: ScriptedRedis;
  private beat: NodeJS.Timeout | null = null;
  /** Journals of the games this process runs, to notice when a peer has taken one over. */
  readonly journals = new Map<string, RoomJournal>();
  readonly options: GameStoreOptions;
  /**
   * When the connection to Redis last became ready, or a heartbeat was last not stored or found gone (see
   * `start`: no claims for three beats after).
   */
  private readySince = Date.now();
  /** When the last ownership check was sent that came back (see `ownershipUnsure`). */
  private confirmedAt = Date.now();
  private confirming: Promise<void> | null = null;
  /** When a beat last began: its timer runs every beat unless this process itself stops (SIGSTOP, a long pause). */
  private beganAt = Date.now();
  /** When this process last woke from a stall as long as peers wait before taking its games over (0: never). */
  private wokeAt = 0;
  /** The last heartbeat was stored: Redis takes this process's writes (`/ready` says so). */
  storing = true;
  /** When the latest beat that completed (with anything Redis had lost put back) was begun. */
  private beatSince = 0;
  /** When the connection to Redis last became ready (0: not yet; until then, a process's first milliseconds, it is connecting, not away). */
  private connectedAt = 0;
  /** Games claimed here whose recovery failed, to try again (`recoverClaimed`). */
  private readonly failedRecoveries = new Map<string, { game: string; attempts: number; at: number }>();
  /**
   * Games whose recovery runs now. Beats overlap when a recovery takes longer than one, and a retry due at
   * each of them must not start a second copy of the game beside the first (both would journal moves).
   */
  private readonly recovering = new Set<string>();
  /** Claim rounds running now (a game claimed is not a journal here until its recovery resumes it). */
  private claiming = 0;
  /** How long a process' heartbeat lives: a process silent this long is taken for dead, its games claimed. */
  private readonly ttlMs: number;

  constructor(options: GameStoreOptions) {
    this.options = options;
    this.ttlMs = options.heartbeatMs * 3; // three missed beats and peers take over
    // Reconnect attempts at least once a beat, so after a Redis restart every process beats again within a beat.
    const retryStrategy = (times: number) => Math.min(times * 50, options.heartbeatMs);
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: true, lazyConnect: false, retryStrategy }) as ScriptedRedis;
    this.redis.on('error', (err) => {
      redisErrorsTotal.inc({ operation: 'connection' });
      options.logger.debug({ err: err.message }, 'game store: redis error');
    });
    this.redis.on('ready', () => (this.readySince = this.connectedAt = Date.now()));
    this.redis.defineCommand('journalAppend', { numberOfKeys: 3, lua: APPEND });
    this.redis.defineCommand('journalSaveMeta', { numberOfKeys: 1, lua: SAVE_META });
    this.redis.defineCommand('findOrphan', { numberOfKeys: 1, lua: FIND_ORPHAN });
    this.redis.defineCommand('claimGame', { numberOfKeys: 2, lua: CLAIM });
    this.redis.defineCommand('giveUp', { numberOfKeys: 2, lua: GIVE_UP });
    this.redis.defineCommand('journalAbandon', { numberOfKeys: 5, lua: ABANDON });
    this.redis.defineCommand('journalRewrite', { numberOfKeys: 6, lua: REWRITE });
  }

  /**
   * Redis was reached and is not now: what needs it is refused at once (the front door's 503). Not while the
   * first connection is being made, just after the process listens (its Colyseus presence is connected then).
   */
  get away(): boolean {
    return this.connectedAt > 0 && this.redis.status !== 'ready';
  }

  /**
   * Redis connected, or a heartbeat found gone or not stored, less than a heartbeat's life ago: what Redis lost
   * (a restart without persistence) may not be put back yet, each process doing so at its next beat, so a game
   * Redis does not hold may still be running.
   */
  get settling(): boolean {
    return Date.now() - this.readySince < this.ttlMs;
  }

  /**
   * Starts beating (so peers know this process lives) and, every beat, recovering games of dead peers.
   * A beat that finds its own heartbeat key gone means Redis may have lost this process's keys (it
   * restarted empty or older, or this process stalled past its expiry): `republish` puts back the rest
   * (listings, invite codes) within one beat, and each game still owned here that Redis no longer holds
   * whole is rewritten.
   */
  start(recover: (roomId: string, game: string) => Promise<void>, republish: () => Promise<void> = async () => {}) {
    const { heartbeatMs, processId } = this.options;
    const { ttlMs } = this;
    let first = true;
    let lost = false;
    // One put-back at a time: the beats that queued behind a stalled Redis all see `lost` when it wakes.
    let republishing = false;
    // A heartbeat that could not be stored (Redis refusing writes: out of memory, read-only, a full disk) or
    // that finds its key gone: peers were likely cut off as well and have not beaten again yet, their games
    // alive. Claims wait three beats from then, as after a reconnection (see below).
    const tick = async () => {
      const started = Date.now();
      this.noteStall(started);
      this.beganAt = started;
      try {
        const previous = await this.redis.set(K.proc(processId), String(Date.now()), 'PX', ttlMs, 'GET').catch((err: unknown) => {
          this.readySince = Date.now();
          if (this.storing) this.options.logger.warn({ err: (err as Error).message }, 'heartbeat not stored: Redis refuses writes or is away; no game is claimed until it is stored again');
          this.storing = false;
          throw err;
        });
        if (!this.storing) this.options.logger.info('heartbeat stored again');
        this.storing = true;
        if (previous === null && !first) {
          lost = true; // kept until the republish succeeds
          this.readySince = Date.now();
        }
        first = false;
        await this.checkOwnership();
        if (lost && !republishing) {
          republishing = true;
          try {
            await this.republish(republish);
            lost = false;
          } finally {
            republishing = false;
          }
        }
        if (!lost) this.beatSince = Math.max(this.beatSince, started);
        // A Redis restarted from its append-only file can hold heartbeats that expired while it was down:
        // live peers have not beaten again yet. Claiming now would fence games that are alive (and drop
        // moves they acknowledged while Redis was away), so claims wait three beats after connecting.
        if (Date.now() - this.readySince < ttlMs) return;
        this.claiming++;
        try {
          await this.retryRecoveries(recover);
          // One game at a time, each recovered before the next is claimed: survivors share a dead peer's games.
          for (let found; (found = await this.redis.findOrphan(K.live, processId, K.game(''), K.proc(''))); ) {
            const [roomId, owner] = found;
            // A copy of it still journaled here is stale: the game was another process's (taken over while this
            // process stalled, that process dead since), though the check of this round, read before the stall, may
            // have found it this process's. Fenced before the claim: once the game is this process's, what the copy
            // sends (moves read from its clients as it wakes, its abandon) would pass the owner checks. It closes, and
            // the game is recovered once it has.
            this.journals.get(roomId)?.fence();
            if (!(await this.redis.claimGame(K.game(roomId), K.proc(owner), processId, owner))) continue;
            const meta = await this.redis.hget(K.game(roomId), 'meta');
            if (!meta) continue;
            // (A meta that does not parse fails its recovery like any: tried again, then given up, not left owned here.)
            await this.recoverClaimed(roomId, gameOf(meta), recover);
          }
        } finally {
          this.claiming--;
        }
      } catch (err) {
        redisErrorsTotal.inc({ operation: 'heartbeat' });
        this.options.logger.debug({ err: (err as Error).message }, 'game store: heartbeat/recovery round failed');
      }
    };
    void tick();
    this.beat = setInterval(() => void tick(), heartbeatMs);
  }

  /**
   * Recovers a game claimed here. A failure (Redis failing during the replay, a timeout) would otherwise leave
   * the game owned by this live process, which no peer claims: it is tried again, after 1, 2, 4 and 8 beats,
   * while this process still owns it; after the last, it leaves the live games (the journal kept, for an operator:
   * `resumeGivenUp`, `npm run game:resume`).
   */
  private async recoverClaimed(roomId: string, game: string, recover: (roomId: string, game: string) => Promise<void>) {
    if (this.recovering.has(roomId)) return;
    this.recovering.add(roomId);
    try {
      await recover(roomId, game);
      this.failedRecoveries.delete(roomId);
      takeoversTotal.inc({ game, result: 'recovered' });
    } catch (err) {
      takeoversTotal.inc({ game, result: 'failed' });
      const attempts = (this.failedRecoveries.get(roomId)?.attempts ?? 0) + 1;
      if (attempts < RECOVERY_ATTEMPTS) {
        this.failedRecoveries.set(roomId, { game, attempts, at: Date.now() + this.options.heartbeatMs * 2 ** (attempts - 1) });
        this.options.logger.error({ err, roomId, attempts }, 'recovering a game failed; trying again');
        return;
      }
      // (Refused, it is not forgotten here: tried again, and given up again, when its next try is due.)
      const givenUp = await this.redis.giveUp(K.game(roomId), K.live, this.options.processId, roomId, String(Date.now()));
      this.failedRecoveries.delete(roomId);
      if (givenUp) this.options.logger.error({ err, roomId, attempts }, 'recovering a game failed for good: no longer run; its journal is kept in Redis');
      else this.options.logger.info({ roomId }, 'a game whose recovery failed here is a peer’s now: left to it');
    } finally {
      this.recovering.delete(roomId);
    }
  }

  /**
   * The failed recoveries due again, each while this process still owns the game (a peer may have taken it since, after a
   * stall). Beats overlap: while this one waited for Redis' answer, another's try may have recovered the game (or failed
   * again, due later): only the entry this beat found is tried, or the game would run twice here.
   */
  private async retryRecoveries(recover: (roomId: string, game: string) => Promise<void>) {
    for (const [roomId, due] of this.failedRecoveries) {
      if (due.at > Date.now()) continue;
      const owner = await this.redis.hget(K.game(roomId), 'owner');
      if (this.failedRecoveries.get(roomId) !== due) continue;
      if (owner !== this.options.processId) this.failedRecoveries.delete(roomId);
      else await this.recoverClaimed(roomId, due.game, recover);
    }
  }

  /**
   * Puts back what Redis lost: the caller's part (listings, invites: a few writes, made whatever Redis kept),
   * and each game still owned here whose keys Redis no longer holds as its journal wrote them, rewritten
   * whole. A heartbeat also lapses when Redis kept everything else: paused, or reloaded from its append-only
   * file after an outage longer than a heartbeat lives, where a heartbeat alone has expired. Each game's
   * check waits for its queued writes, so the line saying what was lost comes once they have all run.
   */
  private async republish(republish: () => Promise<void>) {
    const { logger } = this.options;
    heartbeatLapsesTotal.inc();
    const journals = [...this.journals.values()].filter((j) => !j.fenced);
    void Promise.all(journals.map((j) => j.restore())).then(async (rewritten) => {
      const lost = rewritten.filter(Boolean).length;
      if (lost) logger.warn({ games: lost, of: journals.length }, 'Redis had lost this process’s keys (restart or stall): journals, listings and invites put back');
      else logger.info({ games: journals.length }, 'heartbeat had lapsed (Redis away or this process stalled); Redis still held every game here: listings and invites put back');
      await this.forgetGamesNotRunHere().catch((err: unknown) => logger.debug({ err: (err as Error).message }, 'game store: stale live games not checked'));
    });
    await republish();
  }

  /**
   * Games Redis lists as running here that this process does not run: a Redis come back older than its games
   * (from a snapshot taken before some finished) lists them again, owned by a live process, so no peer would
   * ever claim them and a seat token there would be told "moving" for good. Taken out of the live games (their
   * journals kept). Not while a claim runs: a game claimed here is not yet a journal of this process.
   */
  private async forgetGamesNotRunHere() {
    const runsHere = (roomId: string) => this.journals.has(roomId) || this.recovering.has(roomId) || this.failedRecoveries.has(roomId);
    const listed = (await this.redis.smembers(K.live)).filter((roomId) => !runsHere(roomId));
    if (listed.length === 0) return;
    const owners = await this.redis.pipeline(listed.map((roomId) => ['hget', K.game(roomId), 'owner'])).exec();
    const notRun = listed.filter((roomId, i) => owners?.[i]?.[1] === this.options.processId);
    // (read in one round trip; a claim begun meanwhile may have made one of them a game of this process)
    if (notRun.length === 0 || this.claiming > 0 || notRun.some(runsHere)) return;
    await this.redis.srem(K.live, ...notRun);
    this.options.logger.info({ roomIds: notRun }, 'games Redis listed as running here, which this process does not run, are no longer listed live');
  }

  private corked: { uncork(): void } | null = null;
  /** When the appends now held began to wait (performance.now()). */
  private corkedAt = 0;
  /**
   * Holds the journal appends of this event-loop turn (every room's) for one socket write, sent in
   * `setImmediate` of the same turn (as src/server/coalesce-writes.ts does for clients): a write per
   * append, a system call each, was most of what journaling added to a move. As for clients, a long turn
   * (a burst of bets read at once) does not hold its first appends to its end: past `APPEND_HOLD_MS` the
   * next append sends what waited, and the durable answers they hold can come back while the turn goes on.
   */
  coalesce() {
    const stream = this.redis.stream;
    if (this.corked && performance.now() - this.corkedAt >= (this.options.appendHoldMs ?? APPEND_HOLD_MS)) {
      this.corked.uncork();
      this.corked = null;
    }
    if (this.corked || !stream || this.redis.status !== 'ready') return;
    stream.cork();
    this.corked = stream;
    this.corkedAt = performance.now();
    setImmediate(() => {
      this.corked?.uncork();
      this.corked = null;
    });
  }

  /** Whether a process still beats (false once its heartbeat expired: its games are being taken over). */
  async isAlive(processId: string): Promise<boolean> {
    return (await this.redis.exists(K.proc(processId)).catch(() => 1)) === 1;
  }

  /** Whether a journaled game with this room id is running (on any process). */
  async isLive(roomId: string): Promise<boolean> {
    return (await this.redis.sismember(K.live, roomId)) === 1;
  }

  /** After a stall, peers may own some of our games: fence those copies so only one copy plays on. */
  private async checkOwnership() {
    const asked = Date.now();
    const ids = [...this.journals.keys()];
    if (ids.length) {
      const pipeline = this.redis.pipeline();
      for (const id of ids) pipeline.hget(K.game(id), 'owner');
      const owners = (await pipeline.exec()) ?? [];
      ids.forEach((id, i) => {
        const owner = owners[i]?.[1];
        if (typeof owner === 'string' && owner !== this.options.processId) this.journals.get(id)?.fence();
      });
    }
    this.confirmedAt = Math.max(this.confirmedAt, asked);
  }

  /**
   * Null while the last ownership check is recent. After a longer gap — this process stalled for as long
   * as peers wait before taking its games over — a check now, which fences the games a peer took: a
   * process woken from a stall reads the requests queued meanwhile (seat reservations, joins) before its
   * next beat, and must not promise or give a seat on a copy it no longer owns. Given up after a beat (a
   * slow Redis); with Redis unreachable nobody can take a game over through it, so null.
   */
  ownershipUnsure(): Promise<void> | null {
    if (Date.now() - this.confirmedAt <= this.ttlMs || this.redis.status !== 'ready') return null;
    return this.confirmOwnership();
  }

  /**
   * Null unless this process itself has just woken from a stall as long as peers wait before taking its games
   * over (its beats stopped: SIGSTOP, a long pause) and has sent no ownership check since: then the check to wait
   * for, as `ownershipUnsure`. What its clients sent during the stall is read before its next beat: a move on a
   * copy a peer took would be applied, acknowledged at once with async durability, and lost. A Redis slow to
   * answer while this process runs on (its checks late, its beats not) holds nothing up: moves go on undurably.
   */
  wokenUnsure(): Promise<void> | null {
    this.noteStall(Date.now());
    if (this.confirmedAt >= this.wokeAt || this.redis.status !== 'ready') return null;
    return this.confirmOwnership();
  }

  /** The beat's timer has not run for longer than peers wait: this process was stopped (noted once a stall). */
  private noteStall(now: number) {
    if (now - this.beganAt > this.ttlMs && this.wokeAt <= this.beganAt) this.wokeAt = now;
  }

  /** An ownership check, one at a time, given up after a beat (a slow Redis). */
  private confirmOwnership(): Promise<void> {
    this.confirming ??= Promise.race([this.checkOwnership(), new Promise<void>((resolve) => setTimeout(resolve, this.options.heartbeatMs).unref())])
      .catch(() => undefined)
      .finally(() => (this.confirming = null));
    return this.confirming;
  }

  /**
   * Resolves true once Redis is connected, takes writes, and a beat begun since it connected has completed
   * with whatever Redis lost meanwhile put back; false if that takes longer than `timeoutMs`. A stopping
   * process waits for this before handing its games over: while Redis is away (or refuses writes) they
   * cannot be, and the moves made meanwhile are only in this process.
   */
  async caughtUp(timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (this.redis.status !== 'ready' || !this.storing || this.beatSince < this.connectedAt) {
      if (Date.now() >= until) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return true;
  }

  async stop() {
    if (this.beat) clearInterval(this.beat);
    await this.redis.del(K.proc(this.options.processId)).catch(() => undefined);
    this.redis.disconnect();
  }

  /** Registers a new game owned by this process and returns its journal. */
  open<Meta>(roomId: string, meta: Meta): RoomJournal {
    const journal = this.track(new RoomJournal(this, roomId, 0));
    const text = JSON.stringify(meta);
    journal.enqueue(async () => {
      await this.redis.multi().hset(K.game(roomId), { meta: text, owner: this.options.processId, epoch: '0' }).sadd(K.live, roomId).exec();
      journal.metaStored = text;
    });
    return journal;
  }

  /** Loads a game this process has just claimed. */
  async load<Meta>(roomId: string): Promise<StoredGame<Meta> | null> {
    const [meta, snap, moves] = await Promise.all([this.redis.hget(K.game(roomId), 'meta'), this.redis.get(K.snap(roomId)), this.redis.lrange(K.moves(roomId), 0, -1)]);
    if (!meta) return null;
    return { meta: JSON.parse(meta) as Meta, snapshot: snap ? JSON.parse(snap) : null, moves: moves.map((m) => JSON.parse(m) as JournalEntry) };
  }

  /** Re-attaches a journal to a recovered game that already holds `seq` moves. */
  resume(roomId: string, seq: number): RoomJournal {
    return this.track(new RoomJournal(this, roomId, seq));
  }

  private track(journal: RoomJournal) {
    this.journals.set(journal.roomId, journal);
    return journal;
  }

  /** A finished game's record, while its retention lasts. */
  async record(roomId: string): Promise<unknown | null> {
    const text = await this.recordText(roomId);
    return text ? JSON.parse(text) : null;
  }

  /** A finished game's record as stored (JSON text), while its retention lasts: served as it is, never parsed. */
  recordText(roomId: string): Promise<string | null> {
    return this.redis.get(K.record(roomId));
  }

  /** The stored record's length in bytes, 0 when there is none (read before the record, to charge its look-up by it). */
  recordBytes(roomId: string): Promise<number> {
    return this.redis.strlen(K.record(roomId));
  }

  keys = K;
}

/**
 * One game's journal: an ordered queue of writes flushed to Redis. `append` resolves true once the move
 * is stored, or false if that took longer than the ack timeout (the write still happens later).
 */
export class RoomJournal {
  private queue: (() => Promise<void>)[] = [];
  /** The put-back checks queued (`restore`), each told when a fence drops it. */
  private readonly restoring = new Set<() => void>();
  private pendingMoves: { entry: string; snapshot: string; done: (ok: boolean) => void }[] = [];
  private flushing = false;
  /** Moves acknowledged while Redis could not store them yet. */
  behind = false;
  /** The meta this journal last wrote (null: none yet since it was opened or resumed here), to tell a Redis come back older. */
  metaStored: string | null = null;
  /** Another process owns this game now (this one stalled and was presumed dead). */
  fenced = false;
  /** The game finished or was abandoned: its live keys are (being) deleted. */
  private closed = false;
  onFenced: () => void = () => undefined;
  onCaughtUp: () => void = () => undefined;
  /** Everything stored so far, for rewriting a game Redis lost (a Redis restart without persistence). */
  rebuild: () => { meta: unknown; moves: JournalEntry[] } = () => ({ meta: null, moves: [] });
  private readonly store: GameStore;
  readonly roomId: string;
  private seq: number;

  constructor(store: GameStore, roomId: string, seq: number) {
    this.store = store;
    this.roomId = roomId;
    this.seq = seq;
  }

  enqueue(write: () => Promise<void>) {
    this.queue.push(write);
    void this.flush();
  }

  /** Journals one accepted move; every `snapshotEvery` moves also the state after it. */
  append(entry: JournalEntry, stateAfter: () => unknown): Promise<boolean> {
    this.seq++;
    const snapshot = this.seq % this.store.options.snapshotEvery === 0 ? JSON.stringify({ seq: this.seq, state: stateAfter() }) : '';
    journalPending.inc();
    const started = performance.now();
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        resolve(ok);
      };
      const giveUpWaiting = () => {
        if (settled) return;
        this.behind = true;
        settle(false);
      };
      const timer = setTimeout(() => {
        // Overdue because this process itself stalled: Redis may be about to refuse the write (a peer took the game
        // meanwhile), so the move is given up as "not yet stored" only once the ownership check has not fenced it.
        const unsure = this.store.wokenUnsure();
        if (unsure) void unsure.then(giveUpWaiting);
        else giveUpWaiting();
      }, this.store.options.ackTimeoutMs);
      this.pendingMoves.push({
        entry: JSON.stringify(entry),
        snapshot,
        done: (ok) => {
          journalPending.dec();
          journalSeconds.observe((performance.now() - started) / 1000);
          clearTimeout(timer);
          settle(ok);
        },
      });
      if (this.pendingMoves.length === 1) this.queue.push(() => this.flushMoves());
      void this.flush();
    });
  }

  /** Resolves true once every queued write is in Redis (or the journal was fenced), false when `timeoutMs` passed first. */
  async drained(timeoutMs = 5000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    const busy = () => (this.queue.length || this.pendingMoves.length || this.flushing) && !this.fenced;
    while (busy() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return !busy();
  }

  /**
   * Stores the finished game's record (kept the retention time, or `keepAtMostSeconds` if shorter) and removes
   * the live game. A record kept the whole retention is counted to `creator`, the address that opened the
   * table: past its day's `recordsPerAddressDay` it is kept `SHORT_RECORD_SECONDS` at most.
   */
  finish(record: unknown, keepAtMostSeconds = Infinity, creator: string | null = null) {
    const { redis, keys, options } = this.store;
    let seconds = Math.max(1, Math.min(options.retentionSeconds, keepAtMostSeconds));
    this.closed = true;
    this.store.journals.delete(this.roomId);
    this.enqueue(async () => {
      const perDay = options.recordsPerAddressDay ?? 0;
      if (creator && perDay > 0 && seconds > SHORT_RECORD_SECONDS) {
        // The day starts with the address's first record (SET … NX, not EXPIRE … NX: Redis 6 has no such flag).
        const counted = (await redis.multi().set(keys.recordsBy(creator), 0, 'EX', 86_400, 'NX').incr(keys.recordsBy(creator)).exec()) as [Error | null, unknown][];
        if (Number(counted[1]![1]) > perDay) seconds = SHORT_RECORD_SECONDS;
      }
      await redis
        .multi()
        .set(keys.record(this.roomId), JSON.stringify(record), 'EX', seconds)
        .del(keys.game(this.roomId), keys.moves(this.roomId), keys.snap(this.roomId))
        .srem(keys.live, this.roomId)
        .exec();
    });
  }

  /**
   * The game ended without a result (everyone left): forget it, leaving a mark for an hour that tells a copy
   * stalled or fenced meanwhile that the game is gone because it ended here, not lost by Redis (see `REWRITE`);
   * only while the game is this process's (see `ABANDON`).
   */
  abandon() {
    const { redis, keys, options } = this.store;
    this.closed = true;
    this.store.journals.delete(this.roomId);
    this.enqueue(async () => {
      const id = this.roomId;
      // (-1: a peer owns the game now, and it is left to it: this table is closing anyway.)
      await redis.journalAbandon(keys.game(id), keys.moves(id), keys.snap(id), keys.live, keys.abandoned(id), options.processId, id, SHORT_RECORD_SECONDS);
    });
  }

  /** Updates the stored meta (seat tokens and names change while a game runs). */
  saveMeta(meta: unknown) {
    // Players leaving a finished game change their seats too: writing then would recreate the deleted game hash.
    if (this.closed) return;
    const text = JSON.stringify(meta);
    const { redis, keys, options } = this.store;
    this.enqueue(async () => {
      // Only while the game is this process's: a stalled copy's seats change as it wakes (its clients timed
      // out), before a beat fences it, and were written over the peer's.
      const saved = await redis.journalSaveMeta(keys.game(this.roomId), options.processId, text);
      if (saved === -1) return this.fence();
      if (saved === 1) this.metaStored = text;
    });
  }

  /** Writes queued moves in batches; a batch leaves the queue only once Redis has it (so a retry resends it). */
  private async flushMoves() {
    const { redis, keys, options } = this.store;
    while (this.pendingMoves.length) {
      const batch = this.pendingMoves.slice(0, 256);
      const snapshot = [...batch].reverse().find((m) => m.snapshot)?.snapshot ?? '';
      this.store.coalesce();
      const length = await redis.journalAppend(keys.game(this.roomId), keys.moves(this.roomId), keys.snap(this.roomId), options.processId, snapshot, ...batch.map((m) => m.entry));
      // Fenced while the batch was on its way (a beat found a peer owns the game): its moves were answered.
      if (length === -1 || this.fenced) return this.fence();
      // -2: Redis lost the game. A length other than this journal's count: Redis came back older (an RDB
      // snapshot, or an append-only file missing its last second after a machine crash), so the batch
      // follows a gap, or a batch was stored twice (a reply lost, the batch resent). Write it all again.
      if (length === -2 || length !== this.seq - this.pendingMoves.length + batch.length) {
        if (!(await this.rewrite())) return;
        continue;
      }
      this.pendingMoves.splice(0, batch.length);
      batch.forEach((m) => m.done(true));
    }
  }

  /** Writes the whole game again (meta, owner, every move so far) after Redis lost it; false: fenced instead. */
  private async rewrite(): Promise<boolean> {
    // Fenced while the check before it was on its way: the script alone would write back a game the peer
    // abandoned since (no owner, no record), live under this process, which no longer runs it.
    if (this.fenced) return false;
    const { redis, keys, options } = this.store;
    const { meta, moves } = this.rebuild();
    // The queued moves are the tail of the game's moves; they follow through the normal path.
    const stored = moves.slice(0, moves.length - this.pendingMoves.length).map((m) => JSON.stringify(m));
    const text = JSON.stringify(meta);
    const id = this.roomId;
    // In parts, in one transaction: every move spread into one call throws past ~125,000 (too many arguments),
    // and the rewrite was retried for good. A part after the first is an append, which writes nothing unless
    // the first made the game this process's.
    const tx = redis.multi() as unknown as ScriptedTransaction;
    tx.journalRewrite(keys.game(id), keys.moves(id), keys.snap(id), keys.live, keys.record(id), keys.abandoned(id), options.processId, id, text, ...stored.slice(0, REWRITE_PART));
    for (let from = REWRITE_PART; from < stored.length; from += REWRITE_PART) {
      tx.journalAppend(keys.game(id), keys.moves(id), keys.snap(id), options.processId, '', ...stored.slice(from, from + REWRITE_PART));
    }
    const replies = (await tx.exec())!;
    const failed = replies.find(([err]) => err);
    if (failed) throw failed[0];
    const done = replies[0]![1];
    if (done === -1 || this.fenced) {
      this.fence();
      return false;
    }
    this.metaStored = text;
    journalRewritesTotal.inc();
    options.logger.warn({ roomId: this.roomId, moves: stored.length }, 'journal rewritten: Redis had lost this game');
    return true;
  }

  /**
   * After this process's heartbeat was found gone: in order with the queued writes, rewrites the whole game
   * (meta, owner, moves so far) if Redis lost it or came back older than it (fewer moves, or a meta older than
   * the one last written). Resolves whether it did; false too when a peer owns the game (fenced, never written
   * back as this process's).
   */
  restore(): Promise<boolean> {
    return new Promise((resolve) => {
      const dropped = () => resolve(false);
      this.restoring.add(dropped);
      this.enqueue(async () => {
        resolve(await this.rewriteIfLost());
        this.restoring.delete(dropped);
      });
    });
  }

  /** Run from the queue: nothing of this game is on its way to Redis, which holds every move not pending. */
  private async rewriteIfLost(): Promise<boolean> {
    const { redis, keys, options } = this.store;
    const game = keys.game(this.roomId);
    const replies = (await redis.multi().hget(game, 'owner').llen(keys.moves(this.roomId)).sismember(keys.live, this.roomId).hget(game, 'meta').exec())!;
    const failed = replies.find(([err]) => err);
    if (failed) throw failed[0];
    const [owner, length, live, meta] = replies.map(([, value]) => value);
    if (typeof owner === 'string' && owner !== options.processId) {
      this.fence();
      return false;
    }
    // The meta too: seats taken, left or filled with bots change it between moves (their tokens among it).
    const metaKept = this.metaStored === null || meta === this.metaStored;
    if (owner === options.processId && length === this.seq - this.pendingMoves.length && live === 1 && metaKept) return false;
    return this.rewrite();
  }

  /** Stops writing: another process owns this game now. */
  fence() {
    if (this.fenced) return;
    this.fenced = true;
    fencedTotal.inc();
    this.store.journals.delete(this.roomId);
    this.queue = [];
    this.restoring.forEach((dropped) => dropped());
    this.restoring.clear();
    this.pendingMoves.forEach((m) => m.done(false));
    this.pendingMoves = [];
    this.onFenced();
  }

  /** Runs queued writes in order; a failed write is retried (Redis away) until it succeeds. */
  private async flush() {
    if (this.flushing || this.fenced) return;
    this.flushing = true;
    let delay = 50;
    while (this.queue.length && !this.fenced) {
      try {
        await this.queue[0]!();
        this.queue.shift();
        delay = 50;
      } catch (err) {
        redisErrorsTotal.inc({ operation: 'journal' });
        this.store.options.logger.debug({ err: (err as Error).message, roomId: this.roomId }, 'journal write failed; retrying');
        this.behind = true;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 2000);
      }
    }
    this.flushing = false;
    if (this.behind && !this.fenced && this.queue.length === 0 && this.pendingMoves.length === 0) {
      this.behind = false;
      this.onCaughtUp();
    }
  }
}
