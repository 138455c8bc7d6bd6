/**
 * Redis restarts EMPTY while games run on two processes: within a few seconds every process puts back
 * what Redis lost, so running games stay reachable from both — spectator seats, seat tokens, invite
 * codes, reconnects — and the journal holds the game again before anyone moves.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { spawnServer, statusOf, type ServerProcess } from './helpers/process.ts';
import { startRedis, type RedisHandle } from './helpers/redis.ts';
import { adopt, legalMoves, mine, state } from './helpers/clients.ts';
import { rejoinSeat } from '../client/rejoin.ts';
import { sleep, waitFor } from './helpers/ports.ts';

let redis: RedisHandle;
let procs: ServerProcess[] = [];
beforeAll(async () => {
  redis = await startRedis();
  procs = await Promise.all([spawnServer({ REDIS_URL: redis.url }), spawnServer({ REDIS_URL: redis.url })]);
});
afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop('SIGKILL')));
  await redis.stop();
});

const post = async (proc: ServerProcess, path: string, body: unknown) => {
  const res = await fetch(`${proc.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('Redis restarts empty', () => {
  it('puts back listings, invite codes and journals, so running games stay reachable on every process', async () => {
    // A running public game (two humans) and a waiting private table with an invite code.
    const created = await post(procs[0]!, '/matchmake/create/high-card', { seats: 2, options: { handSize: 4 } });
    const owner = procs.find((p) => p.processId === created.body.processId)!;
    const ada = await adopt(await new Client(owner.ws).consumeSeatReservation(created.body as unknown as SeatReservation));
    const bo = await adopt(await new Client(owner.ws).joinById(String(created.body.roomId)));
    await waitFor(() => legalMoves(ada).length, 5000, 'deal');
    const roomId = String(created.body.roomId);
    const privateTable = await post(procs[1]!, '/matchmake/create/high-card', { seats: 2, private: true });
    const host = procs.find((p) => p.processId === privateTable.body.processId)!;
    const hostPlayer = await adopt(await new Client(host.ws).consumeSeatReservation(privateTable.body as unknown as SeatReservation));
    const invite = await waitFor(() => mine(hostPlayer)?.invite as string, 5000, 'invite code');

    await redis.stop();
    await redis.restart(); // empty: no persistence
    const reader = new Redis(redis.url);
    try {
      for (const proc of procs) {
        await waitFor(async () => (await post(proc, `/api/rooms/${roomId}/seat`, { spectator: true })).status === 200, 8000, `spectator seat via ${proc.port}`);
        expect((await post(proc, `/api/rooms/${roomId}/seat`, { seatToken: bo.seatToken })).status).toBe(200);
        await waitFor(async () => (await statusOf(proc, `/api/invites/${invite}`)) === 200, 5000, `invite via ${proc.port}`);
        // The listing is back, so a reconnect is judged on its token, not answered "disposed".
        const reconnect = await post(proc, `/matchmake/reconnect/${roomId}`, { reconnectionToken: 'not-a-real-token' });
        expect(reconnect.body.code).toBe('core/reconnect-expired');
      }
      // The journal holds the game again (owner, meta, live set) although nobody has moved since.
      await waitFor(async () => (await reader.hget(`parlor:game:${roomId}`, 'owner')) === owner.processId, 5000, 'journal rewritten');
      expect(await reader.sismember('parlor:live', roomId)).toBe(1);
      expect(await reader.hexists('roomcount', owner.processId)).toBe(1);
      // And the game goes on.
      const mover = [ada, bo].find((p) => legalMoves(p).length)!;
      expect(await mover.room.request('move', legalMoves(mover)[0])).toMatchObject({ ok: true });
    } finally {
      reader.disconnect();
      await Promise.all([ada, bo, hostPlayer].map((p) => p.room.leave().catch(() => undefined)));
    }
  });

  it('closes a table its last player leaves while Redis is away, without an error line or a stray one on stderr, and removes its listing once Redis is back', { timeout: 40_000 }, async () => {
    // Redis keeps what it held (an append-only file): a network partition, not an empty restart.
    const own = await startRedis({ appendOnlyDir: mkdtempSync(join(tmpdir(), 'parlor-aof-')) });
    const proc = await spawnServer({ REDIS_URL: own.url });
    const listed = async (roomId: string) => {
      const reader = new Redis(own.url, { maxRetriesPerRequest: 1 });
      try {
        return (await reader.hexists('roomcaches', roomId)) === 1;
      } finally {
        reader.disconnect();
      }
    };
    try {
      const player = await new Client(proc.ws).create('high-card', { seats: 2 });
      await waitFor(async () => /parlor_rooms\{game="high-card"\} 1/.test(await (await fetch(`${proc.http}/metrics`)).text()), 5000, 'the table counted');
      expect(await listed(player.roomId)).toBe(true);
      await sleep(1200); // Redis has written the listing to its file
      await own.stop();
      await player.leave(); // the table, waiting and empty, closes: its listing cannot be removed
      // ioredis gives a call up after 20 retries (~10 s); the table's own close ran all the same.
      await waitFor(async () => !/parlor_rooms\{game="high-card"\} 1/.test(await (await fetch(`${proc.http}/metrics`)).text()), 15_000, 'the table closed');
      await sleep(2000);
      const lines = proc.output().split('\n').filter(Boolean);
      expect(lines.filter((l) => /"level":50|unhandled rejection/.test(l))).toEqual([]);
      expect(lines.filter((l) => !l.startsWith('{'))).toEqual([]); // nothing printed beside the log: no ioredis error events, no stacks
      // Back with the listing it kept: a join sent to it would wait for a room that is not there.
      await own.restart();
      await waitFor(async () => !(await listed(player.roomId)), 5000, 'the stale listing removed');
    } finally {
      await proc.stop('SIGKILL');
      await own.stop();
    }
  });

  it('answers a reconnect to a room that no longer exists with a code, not "disposed"', async () => {
    const res = await post(procs[0]!, '/matchmake/reconnect/NoSuchRoom1', { reconnectionToken: 'whatever' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('core/unknown-room');
    expect(String(res.body.message)).not.toMatch(/disposed/);
  });
});

describe('SIGTERM while Redis is away', () => {
  it('waits for Redis within the grace period, then hands its game over with every move made meanwhile', { timeout: 60_000 }, async () => {
    const own = await startRedis(); // comes back empty: the stopping process puts its journal back first
    const pair = await Promise.all([0, 1].map(() => spawnServer({ REDIS_URL: own.url, SHUTDOWN_GRACE_SECONDS: '20' })));
    try {
      const created = await post(pair[0]!, '/matchmake/create/high-card', { seats: 2, options: { handSize: 4 } });
      const stopping = pair.find((p) => p.processId === created.body.processId)!;
      const peer = pair.find((p) => p !== stopping)!;
      const roomId = String(created.body.roomId);
      const ada = await adopt(await new Client(stopping.ws).consumeSeatReservation(created.body as unknown as SeatReservation));
      const bo = await adopt(await new Client(stopping.ws).joinById(roomId));
      await waitFor(() => legalMoves(ada).length && legalMoves(bo).length, 5000, 'deal');
      await own.stop();
      // Both ante while Redis is away: acknowledged (a `sync` answer stops waiting for Redis), kept in memory only.
      await Promise.all([ada, bo].map((p) => p.room.request('move', { type: 'ante', in: true })));
      const moves = await waitFor(() => state(ada).seq >= 3 && state(ada).seq, 3000, 'the antes applied'); // deal + two antes
      const exited = stopping.stop('SIGTERM');
      await sleep(13_000); // longer than Colyseus' own Redis calls retry before giving up (~10 s)
      await own.restart();
      expect(await exited).toBe(0);
      // Told once that moves are not stored, though both antes waited for Redis.
      const undurable = ada.events.flatMap((m) => m.events).filter((e) => e.type === 'durability' && !(e as { durable?: boolean }).durable);
      expect(undurable).toHaveLength(1);
      // The game is at the peer with both antes: Ada's seat plays on from there.
      const back = await adopt(await rejoinSeat([peer.ws], { roomId, seatToken: ada.seatToken }, { timeoutMs: 20_000 }));
      await waitFor(() => state(back).seq >= moves, 5000, 'the game at the peer');
      expect(state(back).seq).toBe(moves);
      expect(Array.from(state(back).table.anted)).toEqual([true, true]);
    } finally {
      await Promise.all(pair.map((p) => p.stop('SIGKILL')));
      await own.stop();
    }
  });
});
