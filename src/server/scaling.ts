/**
 * Presence and matchmaking driver: the embedded local ones by default, Redis when REDIS_URL is set so
 * several processes share matchmaking, invite codes and room listings.
 */
import { LocalDriver, LocalPresence, type MatchMakerDriver, type Presence } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';

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
    timeouts[key] = setTimeout(() => void this.del(key), seconds * 1000);
  }
}

/**
 * Colyseus' Redis driver, except that a listing that cannot be removed while Redis is away does not keep
 * its room from closing: Colyseus awaits the removal before the room's own onDispose, which then never ran
 * (its timers, journal and patch clock left behind), and calls it once more unawaited (an unhandled
 * rejection). The stale listing points at no room: a join to it is refused as for any closed table.
 */
class ListingDriver extends RedisDriver {
  override async remove(roomId: string): Promise<boolean> {
    try {
      return await super.remove(roomId);
    } catch {
      return false;
    }
  }
}

export function createScaling(config: Pick<Config, 'REDIS_URL'>): Scaling {
  if (!config.REDIS_URL) {
    return { presence: new InMemoryPresence(), driver: new LocalDriver(), redisReachable: async () => null, close: async () => {} };
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
    presence: new RedisPresence(config.REDIS_URL),
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
