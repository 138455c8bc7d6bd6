/**
 * Presence and matchmaking driver: the embedded local ones by default, Redis when REDIS_URL is set so
 * several processes share matchmaking, invite codes and room listings.
 */
import { LocalDriver, LocalPresence, matchMaker, type IRoomCache, type MatchMakerDriver, type Presence } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { recoveries } from '../../rooms/settings.ts';
import { LISTINGS_KEY, OTHERS_TABLE, storeKeys } from './game-store.ts';

export interface Scaling {
  presence: Presence;
  driver: MatchMakerDriver;
  /** Null without Redis; otherwise whether Redis answers a PING right now. */
  redisReachable(): Promise<boolean | null>;
  close(): Promise<void>;
}

/**
 * Colyseus' in-memory presence, except that `expire` ends a key of any kind, as Redis does: Colyseus' own
 * forgets lists and sets, so the queue's seats offered back for each table configuration (a list that
 * expires after ten minutes on Redis) lived as long as the process.
 */
export class InMemoryPresence extends LocalPresence {
  override expire(key: string, seconds: number) {
    const timeouts = (this as unknown as { timeouts: Record<string, NodeJS.Timeout | undefined> }).timeouts;
    clearTimeout(timeouts[key]);
    // (Unref'd: an address's tables expire after a day, which must not keep a stopping process alive.)
    timeouts[key] = setTimeout(() => void this.del(key), seconds * 1000).unref();
  }

  // A set, hash or list emptied is gone, as in Redis: Colyseus' own keeps it, so every address that ever had a
  // table kept its emptied set of tables for the life of the process.
  override srem(key: string, value: unknown) {
    super.srem(key, value);
    this.dropIfEmpty(key);
  }

  override async hdel(key: string, field: string) {
    const removed = await super.hdel(key, field);
    this.dropIfEmpty(key);
    return removed;
  }

  override async lpop(key: string) {
    const value = await super.lpop(key);
    this.dropIfEmpty(key);
    return value;
  }

  private dropIfEmpty(key: string) {
    const { data, hash } = this as unknown as { data: Record<string, unknown[] | undefined>; hash: Record<string, object | undefined> };
    if (data[key]?.length === 0 || (hash[key] && Object.keys(hash[key]).length === 0)) this.del(key);
  }
}

/**
 * Colyseus' Redis driver, except that a listing that cannot be removed while Redis is away does not keep
 * its room from closing: Colyseus awaits the removal before the room's own onDispose, which then never ran
 * (its timers, journal and patch clock left behind), and calls it once more unawaited (an unhandled
 * rejection). The listing is removed once Redis is back if Redis kept it (a partition, not an empty
 * restart): matchmaking would send joins to it, each waiting for an answer from a room that is not there.
 * And a listing is written and removed only while its table is not another process's (see OTHERS_TABLE).
 */
class ListingDriver extends RedisDriver {
  /** Rooms closed here whose listings could not be removed (bounded: an outage long enough to fill it is rare). */
  private readonly unremoved = new Set<string>();

  private readonly client: ListingRedis;

  constructor(client: Redis) {
    super(client);
    // Sent by their digests (EVALSHA), as the game store's scripts are: a listing is written at every join and leave.
    client.defineCommand('writeOwnListing', { numberOfKeys: 2, lua: WRITE_OWN_LISTING });
    client.defineCommand('removeOwnListing', { numberOfKeys: 2, lua: REMOVE_OWN_LISTING });
    this.client = client as ListingRedis;
    client.on('ready', () => void this.removeUnremoved());
  }

  /** Colyseus' update of a listing (a client joining or leaving, a lock): applied to it as its driver does, then written whole. */
  override async update(listing: IRoomCache, operations: Parameters<RedisDriver['update']>[1]): Promise<boolean> {
    Object.assign(listing, operations.$set);
    for (const [field, by] of Object.entries(operations.$inc ?? {})) (listing as unknown as Record<string, number>)[field]! += by as number;
    return this.persist(listing);
  }

  /**
   * Written only while the game is not another process's: until a beat or a write fences it, a copy that stalled
   * while a peer took its game over would write its listing over the peer's (a client joining or leaving there),
   * naming itself, so that joins went to it. A peer taking a game over claims it before it lists it. Nor over
   * another process's listing of a game no process owns (the peer finished it: see OTHERS_TABLE).
   */
  override async persist(listing: IRoomCache): Promise<boolean> {
    if (!listing.roomId) return super.persist(listing); // (refused there)
    const written = await this.client.writeOwnListing(LISTINGS_KEY, storeKeys.game(listing.roomId), listing.roomId, JSON.stringify(listing), matchMaker.processId);
    return written === 1;
  }

  /**
   * Only this process's listing, and only while the game is not another process's: a copy that stalled while a
   * peer took its game over, and whose table closes as it wakes (its last clients left before a beat fenced it),
   * would remove the listing the peer made under the same room id. Colyseus removes it before the room's onDispose.
   */
  override async remove(roomId: string): Promise<boolean> {
    try {
      return (await this.removeOwn(roomId)) === 1;
    } catch {
      if (this.unremoved.size < MAX_UNREMOVED) this.unremoved.add(roomId);
      return false;
    }
  }

  /** Only a listing that still names this process and no room here: a peer may have taken the game over since. */
  private async removeUnremoved() {
    for (const roomId of [...this.unremoved]) {
      this.unremoved.delete(roomId);
      if (matchMaker.getLocalRoomById(roomId) || recoveries.has(roomId)) continue; // here again (a game taken back)
      try {
        await this.removeOwn(roomId);
      } catch {
        this.unremoved.add(roomId); // away again: the next reconnection tries again
      }
    }
  }

  private removeOwn(roomId: string) {
    return this.client.removeOwnListing(LISTINGS_KEY, storeKeys.game(roomId), roomId, matchMaker.processId);
  }
}

const MAX_UNREMOVED = 10_000;
// KEYS: listings, the room's game · ARGV: room id, listing, this process  → 1 written; 0 dropped: the table is
// another process's (a copy that stalled while a peer took its game over: its clients' joins and leaves, and its
// listings put back as it wakes, before a beat or the rewrite of its journal fences it).
const WRITE_OWN_LISTING = `${OTHERS_TABLE}
if othersTable(KEYS[2], KEYS[1], ARGV[1], ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;
// KEYS: listings, the room's game · ARGV: room id, this process  → 1 removed; 0 kept: none, or the table is another
// process's (a listing of a game this process owns is removed whoever it names: a dead peer's listing of a game
// claimed here, app.ts recoverGame).
const REMOVE_OWN_LISTING = `${OTHERS_TABLE}
if othersTable(KEYS[2], KEYS[1], ARGV[1], ARGV[2]) then return 0 end
return redis.call('HDEL', KEYS[1], ARGV[1])`;

/** The driver's connection with the listing scripts defined on it. */
type ListingRedis = Redis & {
  writeOwnListing(listings: string, game: string, roomId: string, listing: string, processId: string): Promise<number>;
  removeOwnListing(listings: string, game: string, roomId: string, processId: string): Promise<number>;
};

/**
 * Where Colyseus creates a table: the process with the fewest rooms, as its own choice is, but never a peer that is
 * gone: its heartbeat lapsed (`isAlive`, the game store's), or no connection listens on its process's channel (a
 * killed process's went with it; its beat lives on for up to three beats). Such a peer is taken out of the choice
 * as Colyseus does once a call to a peer timed out: Colyseus forgets a peer that died (SIGKILL) only then, so a
 * create it sent there, however long after the crash, waited its IPC timeout before the table was made here. (A
 * peer that stalled past its beat, or whose connection came back, puts itself back in the choice, as it does after
 * Colyseus' own, once its room count changes.)
 */
export async function processToCreateOn(isAlive: ((processId: string) => Promise<boolean>) | null): Promise<string> {
  const processes = (await matchMaker.stats.fetchAll()).sort((p1, p2) => p1.roomCount - p2.roomCount);
  for (const { processId } of processes) {
    if (processId === matchMaker.processId || !isAlive) return processId;
    if ((await isAlive(processId)) && (await listenedTo(processChannel(processId)))) return processId;
    await matchMaker.stats.excludeProcess(processId);
  }
  return matchMaker.processId;
}

/**
 * Whether a live process holds the room: one here, or one listening on its channel, which every process holding a
 * room does while its connection to the presence lives. A killed process's connection goes with it: a call to
 * its table would wait out Colyseus' IPC timeout (and, for a seat, then a health check of its process: 4 s)
 * before failing as this does at once. (A stalled process keeps its connection, and is asked as before. A table
 * just listed is subscribed to a moment later: a call to it then would be lost as well.)
 */
export async function heldByAProcess(roomId: string): Promise<boolean> {
  return Boolean(matchMaker.getLocalRoomById(roomId)) || listenedTo(roomChannel(roomId));
}

/** The presence channels Colyseus' processes listen on, for calls to a process and to a room (its own names; not exported). */
const processChannel = (processId: string) => `p:${processId}`;
const roomChannel = (roomId: string) => `$${roomId}`;

/** Whether a connection listens on a presence channel; without Redis, or when Redis refuses PUBSUB, assumed so. */
async function listenedTo(channel: string): Promise<boolean> {
  const presence = matchMaker.presence;
  if (!(presence instanceof ScalingPresence)) return true;
  const listeners = await presence.subscribers(channel).catch(() => null);
  return listeners === null || listeners > 0;
}

/** Colyseus' Redis presence, able to count one channel's subscribers (NUMSUB; its `channels` scans every channel). */
class ScalingPresence extends RedisPresence {
  async subscribers(channel: string): Promise<number> {
    const reply = (await this.pub.pubsub('NUMSUB', channel)) as [string, number | string];
    return Number(reply[1]);
  }
}

/**
 * Listeners of one channel are as many as requests wait on it (a crowd's joinOrCreate for one table waits for the
 * table its first request makes; the queue's tickets for their group's table): past 10, Node printed a warning of a
 * leak to stderr, outside the logs, once a channel. They are let go when each wait ends.
 */
function crowdable<P extends Presence>(presence: P): P {
  presence.setMaxListeners(0);
  return presence;
}

export function createScaling(config: Pick<Config, 'REDIS_URL'>): Scaling {
  if (!config.REDIS_URL) {
    return { presence: crowdable(new InMemoryPresence()), driver: new LocalDriver(), redisReachable: async () => null, close: async () => {} };
  }
  // A separate small connection for health checks, so /ready reflects Redis itself.
  const probe = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  probe.on('error', () => {
    /* reported through /ready; ioredis keeps reconnecting */
  });
  void probe.connect().catch(() => undefined);
  const driverClient = new Redis(config.REDIS_URL);
  driverClient.on('error', () => {
    /* reported through /ready (else ioredis prints each to stderr, outside the logs) */
  });
  return {
    presence: crowdable(new ScalingPresence(config.REDIS_URL)),
    driver: new ListingDriver(driverClient),
    async redisReachable() {
      try {
        const pong = await Promise.race([probe.ping(), new Promise<never>((_, no) => setTimeout(() => no(new Error('timeout')), 1000))]);
        return pong === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      probe.disconnect();
    },
  };
}
