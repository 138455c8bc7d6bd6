/**
 * A deployment as operators run it, without Docker: a private redis-server with an append-only file
 * (fsync every second), two Parlor processes that advertise path addresses on one public host (/p1, /p2),
 * and the repository's nginx front (deploy/nginx-config.sh). The clients know only the proxy's URL; they
 * follow their seats with `followSeat` (client/rejoin.ts) through it while processes and Redis fail.
 *
 * One game (table B) lives through (c) a SIGKILL of its process, (d) a SIGKILL and restart of Redis and
 * (e) a deploy (SIGTERM) of the process that took it over; table A finishes early so its record must
 * survive the Redis restart. The it() blocks run in order and share the deployment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room, type SeatReservation } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { metricOf, spawnServer, type ServerProcess } from './helpers/process.ts';
import { startRedis, type RedisHandle } from './helpers/redis.ts';
import { startProxy, type ProxyHandle } from './helpers/proxy.ts';
import { adopt, legalMoves, state, type Player } from './helpers/clients.ts';
import { freePort, sleep, waitFor } from './helpers/ports.ts';
import { followSeat, type SeatTicket } from '../client/rejoin.ts';

let dir: string;
let redis: RedisHandle;
let proxy: ProxyHandle;
let ports: number[];
/** procs[i] answers at /p<i+1>; a replacement takes its predecessor's port and slot. */
const procs: ServerProcess[] = [];

const env = (slot: number) => ({
  REDIS_URL: redis.url,
  PUBLIC_ADDRESS: `127.0.0.1:${ports[2]}/p${slot + 1}`,
  TRUSTED_PROXIES: '1', // as deployed: the client's address is the one nginx appends to X-Forwarded-For
  RECONNECT_SECONDS: '20',
  SNAPSHOT_EVERY: '2',
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parlor-deploy-'));
  mkdirSync(join(dir, 'redis'));
  redis = await startRedis({ appendOnlyDir: join(dir, 'redis') });
  ports = [await freePort(), await freePort(), await freePort()]; // /p1, /p2, the proxy
  procs.push(...(await Promise.all([spawnServer(env(0), undefined, ports[0]), spawnServer(env(1), undefined, ports[1])])));
  proxy = await startProxy(ports[2]!, [ports[0]!, ports[1]!], join(dir, 'nginx'));
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop('SIGKILL')));
  await proxy?.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A player's seat, followed across failures: `player` is always the current connection. */
interface Seat {
  player: Player;
  ticket: SeatTicket;
  /** Every WebSocket URL this seat used, in order. */
  urls: string[];
  /** When each connection was lost (close code) and when the seat was back. */
  moves: { lostAt: number; code: number; backAt?: number }[];
  /** `serverClosing` events with `handover: true` this seat received. */
  handovers: number;
  error?: Error;
}

interface Table {
  roomId: string;
  seats: Seat[];
  /** Highest sequence number a client saw acknowledged. */
  acked: number;
}

const tables: Table[] = [];
const url = (room: Room) => room.connection.url ?? '';

async function follow(room: Room): Promise<Seat> {
  const player = await adopt(room);
  const seat: Seat = { player, ticket: { roomId: room.roomId, seatToken: player.seatToken }, urls: [url(room)], moves: [], handovers: 0 };
  const watch = (r: Room) => {
    let seen = false; // a drop (1006) is followed by a leave (4003) once reconnection is given up: count one
    const lost = (code: number) => {
      if (!seen) seat.moves.push({ lostAt: Date.now(), code });
      seen = true;
    };
    r.onLeave((code) => lost(code));
    r.onDrop((code) => lost(code));
    r.onMessage('events', (m: Player['events'][number]) => {
      if (m.events.some((ev) => ev.type === 'serverClosing' && (ev as { handover?: boolean }).handover)) seat.handovers++;
    });
  };
  watch(room);
  followSeat(
    room,
    [proxy.ws], // the only address this client knows
    seat.ticket,
    (next) => {
      watch(next);
      void adopt(next).then((p) => {
        seat.player = p;
        seat.urls.push(url(next));
        const open = seat.moves.findLast((m) => m.backAt === undefined);
        if (open) open.backAt = Date.now();
      });
    },
    { timeoutMs: 20_000, onError: (err) => (seat.error = err) },
  );
  return seat;
}

/** The seat that may move plays its first listed move (of `type`); returns the acknowledged seq. */
async function move(t: Table, type?: string): Promise<number> {
  const until = Date.now() + 15_000;
  for (;;) {
    if (state(t.seats[0]!.player).status === 'over') throw new Error(`${t.roomId} is over`);
    const wanted = (s: Seat) => legalMoves(s.player).find((m) => !type || m.type === type);
    const seat = t.seats.find((s) => wanted(s));
    if (seat) {
      try {
        const { seq } = (await seat.player.room.request('move', wanted(seat))) as { seq: number };
        t.acked = Math.max(t.acked, seq);
        return seq;
      } catch (err) {
        if (Date.now() > until) throw err; // a stale list, or the game is moving: look again
      }
    } else if (Date.now() > until) throw new Error(`no seat at ${t.roomId} can move`);
    await sleep(20);
  }
}

async function playToEnd(t: Table) {
  while (state(t.seats[0]!.player).status !== 'over') {
    await move(t, 'play').catch(() => undefined); // the game may end between sync and request
    await sleep(5);
  }
}

/** Waits until every seat of `t` has come back after its latest lost connection; returns the slowest. */
async function allBack(t: Table, since: number): Promise<number> {
  await waitFor(() => {
    const failed = t.seats.find((s) => s.error);
    if (failed) throw failed.error;
    return t.seats.every((s) => s.moves.some((m) => m.lostAt >= since && m.backAt));
  }, 25_000, `seats of ${t.roomId} back`);
  return Math.max(...t.seats.map((s) => s.moves.findLast((m) => m.backAt)!.backAt! - since));
}

const slotOf = (processId: string | undefined) => procs.findIndex((p) => p.processId === processId);
const routeOf = (t: Table, seat = 0) => t.seats[seat]!.urls.at(-1)!.replace(proxy.ws, '').split('/')[1];
const view = (t: Table) => JSON.stringify({ scores: state(t.seats[0]!.player).table.scores.toJSON(), counts: state(t.seats[0]!.player).table.handCounts.toJSON() });
/** Waits until the clients' state shows every acknowledged move (deal and two antes, then one card a move). */
const synced = (t: Table) =>
  waitFor(() => t.seats.every((s) => (state(s.player).table?.handCounts?.toJSON() as number[] | undefined)?.reduce((x, y) => x + y, 0) === 8 - (t.acked - 3)), 5000, 'state synced');
const getRecord = (roomId: string) => fetch(`${proxy.http}/api/records/${roomId}`);

describe('one public address in front of two processes and a persistent Redis', () => {
  it('(a) seats players at tables on both processes through the one URL', async () => {
    const bySlot = new Map<number, SeatReservation>();
    for (let i = 0; i < 6 && bySlot.size < 2; i++) {
      const res = await fetch(`${proxy.http}/matchmake/create/high-card`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seats: 2, options: { handSize: 4 } }),
      });
      expect(res.status).toBe(200);
      const reservation = (await res.json()) as SeatReservation & { publicAddress: string };
      const slot = slotOf(reservation.processId);
      expect(reservation.publicAddress).toBe(`127.0.0.1:${proxy.port}/p${slot + 1}`);
      if (!bySlot.has(slot)) bySlot.set(slot, reservation); // a second table on the same process just expires
    }
    expect([...bySlot.keys()].sort()).toEqual([0, 1]);

    for (const slot of [0, 1]) {
      const reservation = bySlot.get(slot)!;
      const first = await follow(await new Client(proxy.ws).consumeSeatReservation(reservation));
      const second = await follow(await new Client(proxy.ws).joinById(reservation.roomId)); // matchmade through the pool
      tables[slot] = { roomId: reservation.roomId, seats: [first, second], acked: 0 };
      for (const seat of [first, second]) {
        expect(seat.urls[0]).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${proxy.port}/p${slot + 1}/${procs[slot]!.processId}/${reservation.roomId}\\?`));
      }
    }
    console.log(`(a) table A ${tables[0]!.roomId} on /p1, table B ${tables[1]!.roomId} on /p2; every WebSocket went through ws://127.0.0.1:${proxy.port}`);
  });

  it('(a2) keeps the operators\' endpoints off the public address: /metrics and /monitor answer 404 there, on the process 200', async () => {
    for (const path of ['/metrics', '/metrics/', '/p1/metrics', '/p2/metrics?x=1', '/monitor', '/monitor/api', '/p1/monitor/']) {
      expect([path, (await fetch(`${proxy.http}${path}`)).status]).toEqual([path, 404]);
    }
    expect((await fetch(`${procs[0]!.http}/metrics`)).status).toBe(200);
    expect((await fetch(`${proxy.http}/p1/health`)).status).toBe(200);
    expect((await fetch(`${proxy.http}/health`)).status).toBe(200);
  });

  it('(b) plays both tables; table A finishes and its record is served through the proxy', async () => {
    for (const t of tables) {
      await waitFor(() => t.seats.every((s) => legalMoves(s.player).length), 5000, 'deal');
      await move(t, 'ante');
      await move(t, 'ante');
      await move(t, 'play');
      await move(t, 'play');
    }
    const [a] = tables;
    await playToEnd(a!);
    const res = await waitFor(async () => {
      const r = await getRecord(a!.roomId);
      return r.status === 200 ? r : null;
    }, 5000, 'record of table A');
    const record = (await res.json()) as { moves: unknown[]; result: { winners: number[] } };
    expect(record.moves).toHaveLength(a!.acked);
    expect(record.result.winners.length).toBeGreaterThan(0);
    console.log(`(b) table A over after ${a!.acked} moves, record served through the proxy; table B at move ${tables[1]!.acked}`);
  });

  it('(c) a SIGKILL of /p2: table B’s players rejoin through the proxy on /p1, no move lost', async () => {
    const b = tables[1]!;
    await synced(b);
    const before = view(b);
    const killedAt = Date.now();
    await procs[1]!.stop('SIGKILL');
    const rejoinMs = await allBack(b, killedAt);
    console.log(`(c) SIGKILL /p2: connections closed with ${b.seats.map((s) => s.moves.at(-1)!.code).join(', ')}; both players back on /p1 through the proxy ${rejoinMs} ms after the kill`);

    expect(b.seats.map((_, i) => routeOf(b, i))).toEqual(['p1', 'p1']);
    expect(b.seats.map((s) => s.player.room.roomId)).toEqual([b.roomId, b.roomId]);
    await waitFor(() => state(b.seats[0]!.player).table?.scores?.length, 3000, 'state'); // whole state on join
    expect(view(b)).toBe(before);
    const acked = b.acked;
    expect(await move(b, 'play')).toBe(acked + 1);
    expect(rejoinMs).toBeLessThan(15_000);

    // The orchestrator starts a replacement at /p2 (same port, new process id); it is needed in (e).
    procs[1] = await spawnServer(env(1), undefined, ports[1]);
    expect(((await (await fetch(`${proxy.http}/p2/health`)).json()) as { processId: string }).processId).toBe(procs[1].processId);
  });

  it('(d) Redis SIGKILLed and restarted from its append-only file: no acknowledged move, no record lost', async () => {
    const [a, b] = tables as [Table, Table];
    const recordA = await (await getRecord(a.roomId)).json();

    const killedAt = Date.now();
    await redis.stop(); // SIGKILL
    // What the file holds at the kill, read by a throwaway redis-server from a copy of it.
    cpSync(join(dir, 'redis'), join(dir, 'redis-copy'), { recursive: true });
    const copy = await startRedis({ appendOnlyDir: join(dir, 'redis-copy') });
    const reader = new Redis(copy.url);
    reader.on('error', () => undefined);
    try {
      expect(JSON.parse((await reader.get(`parlor:record:${a.roomId}`))!)).toEqual(recordA);
      expect(await reader.llen(`parlor:moves:${b.roomId}`)).toBe(b.acked);
    } finally {
      reader.disconnect();
      await copy.stop();
    }

    // A move while Redis is away: acknowledged after the durability timeout, the table told it is behind.
    const sentAt = Date.now();
    const ackedBefore = b.acked;
    const seq = await move(b, 'play');
    const ackMs = Date.now() - sentAt;
    expect(seq).toBe(ackedBefore + 1);
    expect(ackMs).toBeGreaterThanOrEqual(400); // it waited for Redis (DURABILITY_ACK_TIMEOUT_MS, 500) first
    await waitFor(() => b.seats[0]!.player.events.some((e) => e.events.some((ev) => ev.type === 'durability' && !(ev as { durable?: boolean }).durable)), 3000, 'durable: false');
    await sleep(Math.max(0, 2500 - (Date.now() - killedAt))); // down longer than three heartbeats
    await redis.restart();
    const downMs = Date.now() - killedAt;

    const recordAfter = await waitFor(async () => {
      const r = await getRecord(a.roomId);
      return r.status === 200 ? r.json() : null;
    }, 10_000, 'record of table A after the restart');
    expect(recordAfter).toEqual(recordA);
    const check = new Redis(redis.url);
    check.on('error', () => undefined);
    const journal = `parlor:moves:${b.roomId}`;
    try {
      await waitFor(async () => (await check.llen(journal)) === seq, 10_000, 'journal caught up');
      // Redis came back from its file with every game: the process finds its heartbeat expired, checks its
      // games and writes none of them again.
      await waitFor(async () => (await metricOf(procs[0]!, 'parlor_heartbeat_lapses_total')) > 0, 5000, 'the lapsed heartbeat found');
      await sleep(500);
      expect(await metricOf(procs[0]!, 'parlor_journal_rewrites_total')).toBe(0);
      // The process that ran the game through the outage still owns it: nobody took a live game over.
      expect(await check.hget(`parlor:game:${b.roomId}`, 'owner')).toBe(procs[0]!.processId);
      console.log(`(d) Redis down ${downMs} ms: a move meanwhile acknowledged in ${ackMs} ms (durable: false), then journaled; table A's record intact through the proxy`);

      // A Redis that came back older (its last two moves gone, as a machine crash inside the fsync window
      // could leave it): the next move finds the journal shorter than the game and writes it all again.
      await check.ltrim(journal, 0, seq - 3);
      expect(await move(b, 'play')).toBe(seq + 1);
      await waitFor(async () => (await check.llen(journal)) === seq + 1, 5000, 'journal written again');
      expect(await metricOf(procs[0]!, 'parlor_journal_rewrites_total')).toBe(1);
    } finally {
      check.disconnect();
    }
  });

  it('(e) a SIGTERM deploy of /p1: table B is handed over to the new /p2 and its players follow', async () => {
    const [a, b] = tables as [Table, Table];
    await synced(b);
    const before = view(b);
    const acked = b.acked;
    const stoppedAt = Date.now();
    const exit = procs[0]!.stop('SIGTERM');
    const rejoinMs = await allBack(b, stoppedAt);
    expect(await exit).toBe(0);
    console.log(`(e) SIGTERM /p1: connections closed with ${b.seats.map((s) => s.moves.at(-1)!.code).join(', ')}; both players back on /p2 through the proxy ${rejoinMs} ms after the signal`);

    expect(b.seats.map((_, i) => routeOf(b, i))).toEqual(['p2', 'p2']);
    expect(b.seats.map((s) => s.moves.at(-1)!.code)).toEqual([4001, 4001]); // handed over, not dropped
    expect(b.seats.map((s) => s.handovers)).toEqual([1, 1]);
    await waitFor(() => state(b.seats[0]!.player).table?.scores?.length, 3000, 'state'); // whole state on join
    expect(view(b)).toBe(before);
    expect(await move(b, 'play')).toBe(acked + 1);
    await playToEnd(b);

    // Both records through the proxy, with /p1 gone: the pool skips the stopped process.
    const recordB = (await waitFor(async () => {
      const r = await getRecord(b.roomId);
      return r.status === 200 ? r.json() : null;
    }, 5000, 'record of table B')) as { moves: unknown[] };
    expect(recordB.moves).toHaveLength(b.acked);
    expect((await getRecord(a.roomId)).status).toBe(200);
    expect(tables.flatMap((t) => t.seats.flatMap((s) => s.urls)).every((u) => u.startsWith(`${proxy.ws}/p`))).toBe(true);
  });
});
