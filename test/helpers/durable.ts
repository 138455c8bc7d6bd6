/** A high-card game between real server processes on a Redis, for the fault tests (recovery, recovery-redis and recovery-stall). */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import type { ServerProcess } from './process.ts';
import { OLDEST_REDIS, startRedis, watchCommands, type CommandWatch, type RedisHandle } from './redis.ts';
import { adopt, legalMoves, mine, state, type Player } from './clients.ts';
import { sleep, waitFor } from './ports.ts';

/**
 * A file's own Redis, started before its tests and stopped after them (the tests may stop and restart it), and
 * the servers' settings on it. Every command of these games, takeovers, handovers and records is one Redis 6.2
 * has: it refuses what came later (EXPIRE's NX, added in 7.0, aborted a whole finish there), and the tests'
 * Redis is newer, so each test checks the commands it caused.
 */
export function fileRedis() {
  const file = {
    redis: undefined as unknown as RedisHandle,
    /** Default heartbeat (700 ms); a snapshot every 2 moves so recovery replays from a snapshot, not only moves. */
    env: () => ({ REDIS_URL: file.redis.url, RECONNECT_SECONDS: '20', SNAPSHOT_EVERY: '2' }),
    /**
     * No process of an earlier test left on this Redis (all killed at their tests' ends): their beats lapsed, and
     * Colyseus' list of processes emptied. A process starting health-checks every process listed, and a dead one
     * answers only at the IPC timeout (20 s where a test lengthens it), as would a create sent to one still beating.
     */
    async forgetEarlierProcesses() {
      const redis = new Redis(file.redis.url);
      try {
        await waitFor(async () => (await redis.keys('parlor:proc:*')).length === 0, 10_000, "earlier processes' heartbeats to lapse");
        await redis.del('roomcount'); // Colyseus' process list (its Stats)
      } finally {
        redis.disconnect();
      }
    },
  };
  let commands: CommandWatch;
  beforeAll(async () => {
    file.redis = await startRedis();
    commands = await watchCommands(file.redis.url);
  });
  afterEach(() => {
    expect(commands.newerThan(OLDEST_REDIS)).toEqual([]);
  });
  afterAll(async () => {
    expect(commands.newerThan(OLDEST_REDIS)).toEqual([]);
    commands.stop();
    await file.redis.stop();
  });
  return file;
}

export async function matchmake(through: ServerProcess, options: object): Promise<SeatReservation> {
  const res = await fetch(`${through.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) });
  if (!res.ok) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as SeatReservation;
}

/** Two humans at a 2-seat table with 4 cards each; returns after both anted and played one card each. */
export async function gameUnderWay(procs: ServerProcess[], extra: object = {}) {
  const reservation = await matchmake(procs[0]!, { seats: 2, options: { handSize: 4 }, ...extra });
  const owner = procs.find((p) => p.processId === reservation.processId);
  if (!owner) throw new Error(`the table was made on ${reservation.processId}, none of this test's processes`);
  const ada = await adopt(await new Client(owner.ws).consumeSeatReservation(reservation));
  // A private table seats its second player by its invite code.
  const invite = (extra as { private?: boolean }).private ? await waitFor(() => mine(ada)?.invite as string, 3000, 'invite code') : undefined;
  const bo = await adopt(await new Client(owner.ws).joinById(reservation.roomId, invite ? { invite } : {}));
  await waitFor(() => legalMoves(ada).length && legalMoves(bo).length, 5000, 'deal');
  await ada.room.request('move', { type: 'ante', in: true });
  await bo.room.request('move', { type: 'ante', in: false });
  const players = [ada, bo];
  let lastSeq = 0;
  for (let i = 0; i < 2; i++) lastSeq = (await playOne(players)).seq;
  await waitFor(() => players.every((p) => cardsLeft(p) === 6), 5000, 'both plays synced');
  return { owner, players, roomId: reservation.roomId, lastSeq };
}

/** The player whose turn it is plays its first listed card (retrying while the synced state catches up). */
export async function playOne(players: Player[]): Promise<{ seq: number }> {
  for (let attempt = 0; ; attempt++) {
    const p = await waitFor(() => players.find((x) => legalMoves(x).some((m) => m.type === 'play')), 5000, 'a player to move');
    try {
      return (await p.room.request('move', legalMoves(p).find((m) => m.type === 'play'))) as { seq: number };
    } catch (e) {
      if (attempt > 50 || (e as { reason?: { code?: string } }).reason?.code !== 'core/not-your-turn') throw e;
      await sleep(20);
    }
  }
}

export async function playToEnd(players: Player[]) {
  while (state(players[0]!).status !== 'over') {
    await playOne(players).catch(() => undefined); // the game may end between sync and request
    await sleep(5);
  }
}

const cardsLeft = (p: Player) => (state(p).table?.handCounts?.toJSON() as number[] | undefined)?.reduce((a, b) => a + b, 0);
export const snapshot = (p: Player) => JSON.stringify({ scores: state(p).table.scores.toJSON(), counts: state(p).table.handCounts.toJSON() });
