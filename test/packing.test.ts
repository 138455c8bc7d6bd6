/**
 * The table queue across two real server processes on the test Redis, with real SDK clients: a burst
 * fills tables completely, a stalled creator is taken over, a seat left unclaimed goes back to matchmaking.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { pino } from 'pino';
import { Redis } from 'ioredis';
import { joinQueue, queueSeat, QueueError } from '../client/queue.ts';
import { createFor, ticketFor, CREATE_WAIT_MS } from '../src/server/queue.ts';
import { queueKeys } from '../rooms/settings.ts';
import { InMemoryPresence } from '../src/server/scaling.ts';
import { tableConfig } from '../rooms/join-options.ts';
import { highCard } from './fixture/high-card.ts';
import { spawnServer, type ServerProcess } from './helpers/process.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { adopt, state, type Player } from './helpers/clients.ts';
import { waitFor } from './helpers/ports.ts';

let a: ServerProcess;
let b: ServerProcess;
let redis: Redis;
beforeAll(async () => {
  const env = { REDIS_URL: inject('redisUrl') };
  a = await spawnServer(env); // one after the other: two cold starts at once are slow on a busy machine
  b = await spawnServer(env);
  redis = new Redis(inject('redisUrl'));
});
afterAll(async () => {
  redis?.disconnect();
  await Promise.all([a?.stop(), b?.stop()]);
});

/** Each test queues for its own table configuration (hand size), so tests and files never share tables. */
function tableKey(options: { seats: number; options: { handSize: number } }) {
  const table = tableConfig(highCard, options);
  if ('problem' in table) throw new Error(table.problem);
  return table.key;
}

/** Listed rooms of one table configuration, straight from the matchmaking driver's hash. */
async function listedTables(key: string) {
  const rows = Object.values(await redis.hgetall('roomcaches')).map((r) => JSON.parse(r) as { roomId: string; processId: string; locked: boolean; metadata?: { table?: string } });
  return rows.filter((r) => r.metadata?.table === key);
}

function byRoom(players: Player[]) {
  const rooms = new Map<string, Player[]>();
  for (const p of players) rooms.set(p.room.roomId, [...(rooms.get(p.room.roomId) ?? []), p]);
  return rooms;
}

describe('table queue across two processes', () => {
  it('seats 200 simultaneous players at exactly 50 full 4-seat tables', async () => {
    const options = { seats: 4, options: { handSize: 4 } };
    const players = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => adopt(await joinQueue(new Client((i % 2 ? b : a).ws), 'high-card', { ...options, name: `P${i}` }))),
    );
    const rooms = byRoom(players);
    expect(rooms.size).toBe(50);
    for (const seated of rooms.values()) expect(seated.map((p) => p.seat).sort()).toEqual([0, 1, 2, 3]);
    await waitFor(() => players.every((p) => state(p).status === 'playing'), 10_000, 'every table playing');
    const listed = await listedTables(tableKey(options));
    expect(listed.map((r) => r.roomId).sort()).toEqual([...rooms.keys()].sort()); // no extra (empty or half) table anywhere
    await Promise.all(players.map((p) => p.room.leave()));
  });

  it('lets another ticket holder create the table when the first one never does', async () => {
    const options = { seats: 4, options: { handSize: 3 } };
    // A ticket holder that died right after drawing ticket 1 (the creator of group 0).
    await redis.hincrby(queueKeys('high-card', tableKey(options)).counter, 'next', 1);
    const started = Date.now();
    const players = await Promise.all([a, b, a].map(async (p) => adopt(await joinQueue(new Client(p.ws), 'high-card', options))));
    expect(Date.now() - started).toBeGreaterThanOrEqual(CREATE_WAIT_MS);
    expect(byRoom(players).size).toBe(1);
    expect(await listedTables(tableKey(options))).toHaveLength(1);
    // The dead holder's seat is a normal free seat: plain matchmaking fills it and the game starts.
    const late = await adopt(await new Client(b.ws).joinOrCreate('high-card', options));
    expect(late.room.roomId).toBe(players[0]!.room.roomId);
    await waitFor(() => state(late).status === 'playing', 5000, 'game started');
    await Promise.all([...players, late].map((p) => p.room.leave()));
  });

  it('seats a group together elsewhere when joinOrCreate players took its table', async () => {
    const options = { seats: 4, options: { handSize: 1 } };
    const first = await adopt(await joinQueue(new Client(a.ws), 'high-card', options));
    const others = await Promise.all([b, a, b].map(async (p) => adopt(await new Client(p.ws).joinOrCreate('high-card', options))));
    expect(new Set(others.map((p) => p.room.roomId))).toEqual(new Set([first.room.roomId]));
    // Tickets 2–4 belong to the full table: their holders queue again, and meet at one new table.
    const late = await Promise.all([a, b, a].map(async (p) => adopt(await joinQueue(new Client(p.ws), 'high-card', options))));
    const lateRooms = new Set(late.map((p) => p.room.roomId));
    expect(lateRooms.size).toBe(1);
    expect(lateRooms.has(first.room.roomId)).toBe(false);
    expect(await listedTables(tableKey(options))).toHaveLength(2);
    await Promise.all([first, ...others, ...late].map((p) => p.room.leave()));
  });

  it('gives reserved seats nobody claims back to the queue and to matchmaking', async () => {
    const p = await spawnServer({ REDIS_URL: inject('redisUrl'), COLYSEUS_SEAT_RESERVATION_TIME: '2' });
    try {
      const options = { seats: 4, options: { handSize: 2 } };
      const client = new Client(p.ws);
      const reservations = await Promise.all([0, 1, 2, 3].map(() => queueSeat(client, 'high-card', options)));
      expect(new Set(reservations.map((r) => r.roomId)).size).toBe(1);
      // Two take their seats; the other two gave up and never connect.
      const players = await Promise.all(reservations.slice(0, 2).map(async (r) => adopt(await client.consumeSeatReservation(r))));
      const roomId = reservations[0]!.roomId;
      await waitFor(async () => (await listedTables(tableKey(options))).some((r) => r.roomId === roomId && !r.locked), 10_000, 'the table open again');
      await waitFor(async () => (await redis.llen(queueKeys('high-card', tableKey(options)).vacancies)) === 2, 5000, 'both seats offered');
      // The queue's next player is sent to a freed seat (its ticket would open a new table), and so is
      // the next joinOrCreate player.
      const queued = await adopt(await joinQueue(new Client(a.ws), 'high-card', options));
      expect(queued.room.roomId).toBe(roomId);
      const late = await adopt(await client.joinOrCreate('high-card', options));
      expect(late.room.roomId).toBe(roomId);
      await waitFor(() => state(late).status === 'playing', 5000, 'game started');
      expect(await listedTables(tableKey(options))).toHaveLength(1);
      await Promise.all([...players, queued, late].map((x) => x.room.leave()));
    } finally {
      await p.stop('SIGKILL');
    }
  });

  it('refuses bad requests with a clear error', async () => {
    const client = new Client(a.ws);
    const refusal = (game: string, options: object) => queueSeat(client, game, options).then(() => null, (e: QueueError) => [e.status, e.code]);
    expect(await refusal('high-card', { seats: 9 })).toEqual([400, 'core/bad-options']);
    expect(await refusal('high-card', { seats: 2, private: true })).toEqual([400, 'core/bad-options']);
    expect(await refusal('high-card', { seats: 2, invite: 'ABC123' })).toEqual([400, 'core/bad-options']);
    expect(await refusal('no-such-game', {})).toEqual([404, 'core/unknown-game']);
    // As matchmaking refuses it: validation alone would drop the key and seat the player at a default table.
    expect(await refusal('high-card', JSON.parse('{"seats":2,"options":{"__proto__":{"handSize":2}}}'))).toEqual([400, 'core/bad-options']);
  });
});

describe('table queue on one process without Redis', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('packs a burst the same way with the in-memory presence', async () => {
    const players = await Promise.all(Array.from({ length: 30 }, async () => adopt(await joinQueue(new Client(server.ws), 'high-card', { seats: 3 }))));
    const rooms = byRoom(players);
    expect(rooms.size).toBe(10);
    for (const seated of rooms.values()) expect(seated.map((p) => p.seat).sort()).toEqual([0, 1, 2]);
    await Promise.all(players.map((p) => p.room.leave()));
  });

  it('sends the next queued players to the seat a player left before the start', async () => {
    const options = { seats: 3, options: { handSize: 5 } };
    const [first, leaver] = [await adopt(await joinQueue(new Client(server.ws), 'high-card', options)), await adopt(await joinQueue(new Client(server.ws), 'high-card', options))];
    expect(leaver!.room.roomId).toBe(first!.room.roomId);
    await leaver!.room.leave();
    await waitFor(() => state(first!).seats.filter((s: { taken: boolean }) => s.taken).length === 1, 5000, 'the seat freed');
    // Without the offer the first of these takes the group's last ticket and the second opens a new table.
    const late = await Promise.all([0, 1].map(async () => adopt(await joinQueue(new Client(server.ws), 'high-card', options))));
    expect(late.map((p) => p.room.roomId)).toEqual([first!.room.roomId, first!.room.roomId]);
    await waitFor(() => state(first!).status === 'playing', 5000, 'game started');
    await Promise.all([first!, ...late].map((p) => p.room.leave()));
  });

  it("seats the next player at once when its group's table closed before the start", async () => {
    const options = { seats: 3, options: { handSize: 4 } };
    const first = await adopt(await joinQueue(new Client(server.ws), 'high-card', options));
    const closed = first.room.roomId;
    await first.room.leave(); // alone at a table that has not started: it closes
    await waitFor(async () => !(await matchMaker.getRoomById(closed)), 5000, 'the table closed');
    // The group's next ticket holders skip the table that is gone (each waited 7 s for it: a seat call timing out, then a check).
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const next = await adopt(await joinQueue(new Client(server.ws), 'high-card', options));
      expect(next.room.roomId).not.toBe(closed);
      expect(Date.now() - started).toBeLessThan(1500);
      await next.room.leave();
    }
  });

  it('sends the next queued player to a seat left free however many seats of tables since closed were offered before it', async () => {
    const options = { seats: 3, options: { handSize: 1 } };
    const queued = async () => adopt(await joinQueue(new Client(server.ws), 'high-card', options));
    // Players come and go at a queued table (each leaver's seat offered), then it closes: each offer is stale.
    const closing = await queued();
    for (let i = 0; i < 40; i++) await (await new Client(server.ws).joinOrCreate('high-card', options)).leave();
    await closing.room.leave();
    await waitFor(async () => !(await matchMaker.getRoomById(closing.room.roomId)), 5000, 'the table closed');
    // A new table whose every ticket is drawn, its player who left offering the seat behind those stale offers.
    const [host, leaver] = [await queued(), await queued()];
    expect(leaver.room.roomId).toBe(host.room.roomId);
    await leaver.room.leave();
    await waitFor(() => state(host).seats.filter((s: { taken: boolean }) => s.taken).length === 1, 5000, 'the seat freed');
    const late = [await queued(), await queued()];
    expect(late.map((p) => p.room.roomId)).toEqual([host.room.roomId, host.room.roomId]);
    await waitFor(() => state(host).status === 'playing', 5000, 'game started');
    await Promise.all([host, ...late].map((p) => p.room.leave()));
  });

  it("forgets a configuration's offered seats when their list expires, as Redis does", async () => {
    const presence = new InMemoryPresence();
    await presence.rpush('parlor:queue:test:vacant', 'room-a');
    presence.expire('parlor:queue:test:vacant', 0.05);
    await new Promise((r) => setTimeout(r, 100));
    expect(await presence.llen('parlor:queue:test:vacant')).toBe(0);
    expect(Object.keys((presence as unknown as { data: object }).data)).toEqual([]); // Colyseus' own kept the list for good
  });

  it('keeps no process alive for a key waiting to expire (an address’s tables expire after a day)', () => {
    const presence = new InMemoryPresence();
    presence.sadd('parlor:tables-by-address:192.0.2.1', 'room-a');
    presence.expire('parlor:tables-by-address:192.0.2.1', 86_400);
    const { timeouts } = presence as unknown as { timeouts: Record<string, NodeJS.Timeout> };
    expect(timeouts['parlor:tables-by-address:192.0.2.1']!.hasRef()).toBe(false);
    clearTimeout(timeouts['parlor:tables-by-address:192.0.2.1']);
  });

  it('drops a set, hash or list once it is empty, as Redis does', async () => {
    const presence = new InMemoryPresence();
    presence.sadd('parlor:tables-by-address:192.0.2.1', 'room-a');
    presence.srem('parlor:tables-by-address:192.0.2.1', 'room-a');
    await presence.hset('parlor:hash', 'field', '1');
    await presence.hdel('parlor:hash', 'field');
    await presence.rpush('parlor:list', 'a');
    expect(await presence.lpop('parlor:list')).toBe('a');
    const { data, hash } = presence as unknown as { data: object; hash: object };
    expect([Object.keys(data), Object.keys(hash)]).toEqual([[], []]); // Colyseus' own kept each emptied key for good
  });

  it("tells the group's other holders at once when its table could not be opened, so that one of them opens it now", async () => {
    const ticket = await ticketFor('high-card', { seats: 2 });
    const groupKey = 'parlor:queue:test:not-opened';
    const told: unknown[] = [];
    const hear = (message: unknown) => told.push(message);
    await matchMaker.presence.subscribe(groupKey, hear);
    try {
      expect(await createFor({ ...ticket, game: 'no-such-game' }, groupKey, pino({ level: 'silent' }))).toBeNull();
      await waitFor(() => told.length > 0, 2000, 'the holders told');
      expect(told).toEqual([null]); // (a holder waiting for the table takes this for "none coming", and claims its creation)
    } finally {
      await matchMaker.presence.unsubscribe(groupKey, hear);
    }
  });

  it('keeps the first table recorded when a stalled creator comes back after a takeover', async () => {
    const ticket = await ticketFor('high-card', { seats: 2 });
    const ofTicket = async () => (await matchMaker.query({ name: 'high-card' })).filter((r) => r.metadata?.table === ticket.options.table);
    const takenOver = await createFor(ticket, 'parlor:queue:test:stalled', pino({ level: 'silent' }));
    const stalled = await createFor(ticket, 'parlor:queue:test:stalled', pino({ level: 'silent' }));
    expect(stalled!.roomId).toBe(takenOver!.roomId);
    await waitFor(async () => (await ofTicket()).length === 1, 5000, 'the second room closed');
    expect((await ofTicket())[0]!.roomId).toBe(takenOver!.roomId);
  });
});
