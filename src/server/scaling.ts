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
  return {
    presence: new RedisPresence(config.REDIS_URL),
    driver: new RedisDriver(config.REDIS_URL),
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
