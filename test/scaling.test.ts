/**
 * Two server processes on one (private) Redis: a client matchmaking through either process lands in
 * the room wherever it lives, invite codes resolve everywhere, readiness follows Redis.
 *
 * The file's own Redis, not the run's: what it counts there (Colyseus' registered processes, an address's
 * tables) is then its own, whatever runs beside it.
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { spawnServer, statusOf, type ServerProcess } from './helpers/process.ts';
import { adopt, legalMoves, mine, state } from './helpers/clients.ts';
import { freePort, sleep, waitFor } from './helpers/ports.ts';
import { startRedis, type RedisHandle } from './helpers/redis.ts';
import { TABLE_CHARGE_SECONDS, finishedTablesKey, tablesKey } from '../src/server/front-door.ts';

let fileRedis: RedisHandle;
let a: ServerProcess;
let b: ServerProcess;
beforeAll(async () => {
  fileRedis = await startRedis();
  const env = { REDIS_URL: fileRedis.url };
  [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await fileRedis?.stop();
});

async function matchmake(through: ServerProcess, method: string, target: string, options: object): Promise<SeatReservation> {
  const res = await fetch(`${through.http}/matchmake/${method}/${target}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) });
  if (!res.ok) throw new Error(`${method}: ${res.status} ${await res.text()}`);
  return (await res.json()) as SeatReservation;
}

/** Runs a server process that should stop by itself (a start that fails): its exit code and everything it wrote. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['test/fixture/main.ts'], { env: { ...process.env, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000); // (one that runs on is killed: the test fails on its code)
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

describe('two processes on one Redis', () => {
  it('reports Redis as reachable', async () => {
    for (const p of [a, b]) expect(await (await fetch(`${p.http}/ready`)).json()).toMatchObject({ ready: true, redis: 'ok' });
  });

  it('puts a player matchmaking through one process into a room owned by the other', async () => {
    const first = await matchmake(b, 'create', 'high-card', { seats: 2, name: 'Ada' });
    const owner = [a, b].find((p) => p.processId === first.processId)!;
    const other = owner === a ? b : a;
    const ada = await adopt(await new Client(b.ws).consumeSeatReservation(first));

    const second = await matchmake(other, 'joinOrCreate', 'high-card', { seats: 2, name: 'Bo' });
    expect(second.roomId).toBe(first.roomId);
    expect(second.processId).toBe(owner.processId);
    expect((second as { publicAddress?: string }).publicAddress).toBe(`127.0.0.1:${owner.port}`);
    const bo = await adopt(await new Client(other.ws).consumeSeatReservation(second));

    await waitFor(() => state(ada).status === 'playing' && legalMoves(bo).length > 0, 5000, 'game under way');
    expect(await bo.room.request('move', legalMoves(bo)[0])).toMatchObject({ ok: true });
  });

  it('answers a create, join or joinOrCreate of an unknown game 404 through either process, without an error line', async () => {
    for (const through of [a, b]) {
      for (const method of ['create', 'create', 'create', 'join', 'joinOrCreate']) {
        const res = await fetch(`${through.http}/matchmake/${method}/no-such-game`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect([method, res.status, ((await res.json()) as { code: string }).code]).toEqual([method, 404, 'core/unknown-game']);
      }
    }
    for (const p of [a, b]) expect(p.output()).not.toContain('matchmaking failed');
  });

  it('resolves a private table’s invite code from either process, and removes it and the listing when the table closes', async () => {
    // (Three seats: the table still waits for players when these two leave, and closes at once.)
    const host = await adopt(await new Client(a.ws).create('high-card', { seats: 3, private: true }));
    const code = await waitFor(() => mine(host)?.invite as string, 3000, 'invite');
    for (const p of [a, b]) {
      expect(await (await fetch(`${p.http}/api/invites/${code}`)).json()).toEqual({ roomId: host.room.roomId, game: 'high-card' });
    }
    // Without the code, or with a seat token no seat holds, refused at once with the table's reason from the other process too.
    const refusal = async (body: object, path = `/matchmake/joinById/${host.room.roomId}`) => {
      const res = await fetch(`${b.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return [res.status, ((await res.json()) as { code?: string }).code];
    };
    expect(await refusal({ name: 'Eve' })).toEqual([403, 'core/invite-required']);
    expect(await refusal({ seatToken: 'no-seat-has-this-token' }, `/api/rooms/${host.room.roomId}/seat`)).toEqual([403, 'core/bad-seat-token']);
    const guest = await adopt(await new Client(b.ws).joinById(host.room.roomId, { invite: code }));
    expect(guest.room.roomId).toBe(host.room.roomId);
    // (Each only while the game is its process's: test/recovery-stall.test.ts has a stalled copy that closes.)
    const redis = new Redis(fileRedis.url);
    try {
      await Promise.all([host.room.leave(), guest.room.leave()]);
      await waitFor(async () => (await redis.hexists('parlor:invites', code)) === 0 || null, 5000, 'the code removed');
      await waitFor(async () => (await redis.hexists('roomcaches', host.room.roomId)) === 0 || null, 5000, 'the listing removed');
    } finally {
      redis.disconnect();
    }
  });

  it('draws a private table’s invite code again when Redis refused its draw, its keys kept: the table becomes joinable by code', async () => {
    // Every invite command refused (the hash made a string: WRONGTYPE), as in an outage that loses no key: the
    // process finds nothing missing, so only the table's own retry draws the code.
    const redis = new Redis(fileRedis.url);
    try {
      await redis.set('parlor:invites', 'refused');
      const host = await adopt(await new Client(a.ws).create('high-card', { seats: 3, private: true }));
      await waitFor(() => (a.output() + b.output()).includes('WRONGTYPE') || null, 5000, 'the draw refused');
      expect(mine(host)?.invite ?? '').toBe('');
      await redis.del('parlor:invites');
      const code = await waitFor(() => mine(host)?.invite as string, 5000, 'the code drawn again');
      expect(await (await fetch(`${b.http}/api/invites/${code}`)).json()).toEqual({ roomId: host.room.roomId, game: 'high-card' });
      const guest = await adopt(await new Client(b.ws).joinById(host.room.roomId, { invite: code, name: 'Bo' }));
      await waitFor(() => mine(guest)?.invite === code, 3000, "the code in the guest's private entry");
      await Promise.all([host.room.leave(), guest.room.leave()]);
      await waitFor(async () => (await redis.hexists('parlor:invites', code)) === 0 || null, 5000, 'the code removed');
    } finally {
      await redis.del('parlor:invites').catch(() => undefined);
      redis.disconnect();
    }
  });

  it('removes an invite code whose table is gone for good when it is looked up, and keeps one whose game is on its way back, answered "moving"', async () => {
    // As a process that died leaves them: codes naming tables no process runs, one of whose games is live (a peer takes it over).
    const redis = new Redis(fileRedis.url);
    try {
      const gone = { roomId: 'GoneRoom1', game: 'high-card' };
      const moving = { roomId: 'MovingRoom1', game: 'high-card' };
      await redis.hset('parlor:invites', 'GONE234567', JSON.stringify(gone), 'MOVE234567', JSON.stringify(moving));
      await redis.sadd('parlor:live', moving.roomId);
      await waitFor(async () => (await statusOf(a, '/ready')) === 200, 5000, 'ready');
      await sleep(2500); // past the settling that follows a connection (three beats), when a table may not be put back yet

      const lookUp = async (code: string) => {
        const res = await fetch(`${a.http}/api/invites/${code}`);
        return [res.status, ((await res.json()) as { code?: string }).code];
      };
      expect(await lookUp('GONE234567')).toEqual([404, 'core/unknown-invite']);
      expect(await redis.hexists('parlor:invites', 'GONE234567')).toBe(0);
      expect(await lookUp('MOVE234567')).toEqual([503, 'core/room-moving']);
      expect(await redis.hget('parlor:invites', 'MOVE234567')).toBe(JSON.stringify(moving));

      // The game finished or was given up meanwhile: its code goes at the next lookup.
      await redis.srem('parlor:live', moving.roomId);
      expect(await lookUp('MOVE234567')).toEqual([404, 'core/unknown-invite']);
      expect(await redis.hexists('parlor:invites', 'MOVE234567')).toBe(0);
    } finally {
      await redis.hdel('parlor:invites', 'GONE234567', 'MOVE234567').catch(() => undefined);
      await redis.srem('parlor:live', 'MovingRoom1').catch(() => undefined);
      redis.disconnect();
    }
  });

  it('removes, at a process’s start, the invite codes of tables gone for good that nobody looks up, and keeps those on their way back', async () => {
    const redis = new Redis(fileRedis.url);
    let c: ServerProcess | undefined;
    try {
      const gone = { roomId: 'GoneRoom2', game: 'high-card' };
      const moving = { roomId: 'MovingRoom2', game: 'high-card' };
      await redis.hset('parlor:invites', 'GONE345678', JSON.stringify(gone), 'MOVE345678', JSON.stringify(moving));
      await redis.sadd('parlor:live', moving.roomId);
      c = await spawnServer({ REDIS_URL: fileRedis.url });
      await waitFor(async () => (await redis.hexists('parlor:invites', 'GONE345678')) === 0 || null, 10_000, 'the code swept');
      expect(await redis.hget('parlor:invites', 'MOVE345678')).toBe(JSON.stringify(moving));
    } finally {
      await c?.stop();
      await redis.hdel('parlor:invites', 'GONE345678', 'MOVE345678').catch(() => undefined);
      await redis.srem('parlor:live', 'MovingRoom2').catch(() => undefined);
      redis.disconnect();
    }
  });

  it('takes a dead process’s listing away as soon as it claims its game, even when the game cannot be put back', async () => {
    // A game a dead process left running, whose journal cannot be replayed: a survivor claims it, tries, and gives up.
    const redis = new Redis(fileRedis.url);
    const roomId = 'OrphanRoom1';
    try {
      const listing = { roomId, name: 'high-card', processId: 'dead-process', clients: 1, maxClients: 2, locked: false, private: false, unlisted: false, metadata: {} };
      await redis.hset('roomcaches', roomId, JSON.stringify(listing));
      await redis.hset(`parlor:game:${roomId}`, 'owner', 'dead-process', 'meta', JSON.stringify({ game: 'high-card' }));
      await redis.sadd('parlor:live', roomId);
      const claimed = await waitFor(async () => {
        const owner = await redis.hget(`parlor:game:${roomId}`, 'owner');
        return owner === a.processId || owner === b.processId ? owner : null;
      }, 10_000, 'the game claimed');
      expect(claimed).toBeTruthy();
      await waitFor(async () => (await redis.hexists('roomcaches', roomId)) === 0 || null, 5_000, 'the dead process’s listing removed');
    } finally {
      await redis.del(`parlor:game:${roomId}`, `parlor:moves:${roomId}`).catch(() => undefined);
      await redis.srem('parlor:live', roomId).catch(() => undefined);
      await redis.hdel('roomcaches', roomId).catch(() => undefined);
      redis.disconnect();
    }
  });

  it('creates no table on a peer whose heartbeat lapsed, though Colyseus still counts it among the processes', async () => {
    // A peer killed a while ago, with the fewest rooms, that no call has timed out against yet: Colyseus would send the create there.
    const redis = new Redis(fileRedis.url);
    try {
      await redis.hset('roomcount', 'silent-process', '-1,0');
      const reservation = await matchmake(a, 'create', 'high-card', { seats: 2 });
      expect([a.processId, b.processId]).toContain(reservation.processId);
      expect(a.output()).not.toContain('silent-process'); // no create waited for it (Colyseus logs the timeout)
      expect(await redis.hexists('roomcount', 'silent-process')).toBe(0); // out of the choice from now on
    } finally {
      await redis.hdel('roomcount', 'silent-process');
      redis.disconnect();
    }
  });

  it('creates no table on a peer killed a moment ago, whose heartbeat still lives but whose connection is gone', async () => {
    // Its beat outlives it by up to three beats; nothing listens on its process's channel any more.
    const redis = new Redis(fileRedis.url);
    try {
      await redis.multi().hset('roomcount', 'killed-process', '-1,0').set('parlor:proc:killed-process', '1', 'PX', 30_000).exec();
      const asked = Date.now();
      const reservation = await matchmake(a, 'create', 'high-card', { seats: 2 });
      expect([a.processId, b.processId]).toContain(reservation.processId);
      expect(Date.now() - asked).toBeLessThan(2000); // the IPC timeout (2 s) not waited out
      expect(a.output()).not.toContain('killed-process');
      expect(await redis.hexists('roomcount', 'killed-process')).toBe(0);
    } finally {
      await redis.del('parlor:proc:killed-process');
      await redis.hdel('roomcount', 'killed-process');
      redis.disconnect();
    }
  });

  it('counts a reservation for a peer’s table as used there, never as lapsed here', async () => {
    const env = { REDIS_URL: fileRedis.url, RATE_LIMIT_EXEMPT: '', COLYSEUS_SEAT_RESERVATION_TIME: '1', MAX_LAPSED_RESERVATIONS_PER_ADDRESS: '2' };
    const [c, d] = await Promise.all([spawnServer(env), spawnServer(env)]);
    try {
      const host = await new Client(d.ws).create('high-card', { seats: 4 });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        // Answered by c, for a table on d: the join goes to d, which c never sees.
        const res = await fetch(`${c.http}/matchmake/joinById/${host.roomId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        statuses.push(res.status);
        if (res.status !== 200) break;
        const room = await new Client(c.ws).consumeSeatReservation((await res.json()) as SeatReservation);
        await room.leave(); // the seat free again before the start
        await sleep(1300); // past the reservation's lifetime
      }
      expect(statuses).toEqual([200, 200, 200]); // each used: none lapsed (the third was refused, 429, as lapsed)
      await host.leave();
    } finally {
      await Promise.all([c.stop('SIGKILL'), d.stop('SIGKILL')]);
    }
  });

  it('counts an address\'s unused and lapsed seat reservations across processes', async () => {
    const env = { REDIS_URL: fileRedis.url, RATE_LIMIT_EXEMPT: '', COLYSEUS_SEAT_RESERVATION_TIME: '1', MAX_UNUSED_RESERVATIONS_PER_ADDRESS: '2', MAX_LAPSED_RESERVATIONS_PER_ADDRESS: '3' };
    const [c, d] = await Promise.all([spawnServer(env), spawnServer(env)]);
    try {
      const host = await new Client(c.ws).create('high-card', { seats: 4 });
      const reserve = async (through: ServerProcess) => {
        const res = await fetch(`${through.http}/matchmake/joinById/${host.roomId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        return { status: res.status, code: ((await res.json()) as { code?: string }).code, retryAfter: Number(res.headers.get('retry-after')) };
      };
      // One held through each process: the address holds two, so a third is refused through either.
      expect((await reserve(c)).status).toBe(200);
      expect((await reserve(d)).status).toBe(200);
      expect(await reserve(c)).toMatchObject({ status: 429, code: 'core/too-many-reservations' });
      await sleep(1300); // both lapsed unused
      expect((await reserve(d)).status).toBe(200);
      await sleep(1300); // a third lapse, whichever process gave it
      expect(await reserve(c)).toMatchObject({ status: 429, code: 'core/too-many-reservations', retryAfter: expect.toSatisfy((s: number) => s > 590) });
      expect((await reserve(d)).status).toBe(429);
      await host.leave();
    } finally {
      await Promise.all([c.stop('SIGKILL'), d.stop('SIGKILL')]);
    }
  });

  it('caps the open tables an address created across processes, wherever Colyseus placed them', async () => {
    // Both processes limit loopback like any address. Requests alternate between them: a count kept by
    // each process alone would let through two tables per process, or more when a table lands on a peer.
    const env = { REDIS_URL: fileRedis.url, RATE_LIMIT_EXEMPT: '', MAX_ROOMS_PER_ADDRESS: '2' };
    const [c, d] = await Promise.all([spawnServer(env), spawnServer(env)]);
    const redis = new Redis(fileRedis.url);
    // The earlier tests' tables, their processes killed perhaps before their closes reached Redis: not this test's.
    await redis.del(tablesKey('127.0.0.1'), finishedTablesKey('127.0.0.1'));
    const create = async (through: ServerProcess) => {
      const res = await fetch(`${through.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seats: 2, private: true }) });
      return { status: res.status, body: (await res.json()) as SeatReservation & { code?: string } };
    };
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) {
        answers.push(await create(i % 2 ? d : c));
        await sleep(250); // within the reservation rate
      }
      expect(answers.map((a) => [a.status, a.body.code])).toEqual([[200, undefined], [200, undefined], ...Array(4).fill([429, 'core/too-many-rooms'])]);
      expect(answers[2]!.body.code).toBe('core/too-many-rooms');
      // Leaving a table frees its place under the cap, on either process.
      const left = await adopt(await new Client(c.ws).consumeSeatReservation(answers[0]!.body));
      await left.room.leave();
      await waitFor(async () => (await create(d)).status === 200, 5000, 'a place under the cap');
      expect((await create(c)).body.code).toBe('core/too-many-rooms');
      // Tables that went without a word (a killed process's; here ids no process holds) stop counting at the cap.
      const key = tablesKey('127.0.0.1');
      const open = await redis.smembers(key);
      expect(open).toHaveLength(2);
      expect(open).toContain(answers[1]!.body.roomId);
      const other = await adopt(await new Client(c.ws).consumeSeatReservation(answers[1]!.body));
      await other.room.leave();
      await waitFor(async () => (await redis.scard(key)) === 1, 5000, 'the table left uncounted');
      await redis.sadd(key, 'gone-table-1', 'gone-table-2');
      await sleep(250);
      expect((await create(c)).status).toBe(200);
      expect(await redis.smembers(key)).not.toContain('gone-table-1');
      expect(await redis.scard(key)).toBe(2);
    } finally {
      redis.disconnect();
      await Promise.all([c.stop(), d.stop()]);
    }
  });

  it("counts a finished table apart from its creator's open tables while it stays open for its result to be seen, up to twice the cap with them", async () => {
    // An address of its own (behind a trusted proxy), at a cap of one table; a finished table of people stays a minute.
    const env = { REDIS_URL: fileRedis.url, RATE_LIMIT_EXEMPT: '', TRUSTED_PROXIES: '1', RATE_LIMIT_RESERVATIONS_PER_SECOND: '100', MAX_ROOMS_PER_ADDRESS: '1', RECONNECT_SECONDS: '60' };
    const c = await spawnServer(env);
    const redis = new Redis(fileRedis.url);
    const create = async (options: object) => {
      const res = await fetch(`${c.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.20' }, body: JSON.stringify(options) });
      return { status: res.status, body: (await res.json()) as SeatReservation & { code?: string } };
    };
    // An address's sets of tables expire a day after their last table (a crashed process's tables stay in them).
    const expiring = async (key: string) => {
      const ttl = await redis.ttl(key);
      return ttl > TABLE_CHARGE_SECONDS - 60 && ttl <= TABLE_CHARGE_SECONDS;
    };
    try {
      const first = await create({ seats: 2, bots: 1, options: { handSize: 1 } });
      const player = await adopt(await new Client(c.ws).consumeSeatReservation(first.body));
      expect((await create({ seats: 2 })).body.code).toBe('core/too-many-rooms');
      expect(await expiring(tablesKey('198.51.100.20'))).toBe(true);
      for (const until = Date.now() + 10_000; state(player).status !== 'over' && Date.now() < until; await sleep(20)) {
        const [move] = legalMoves(player);
        if (move) await player.room.request('move', move).catch(() => undefined); // (refused when the synced state lags)
      }
      expect(state(player).status).toBe('over');
      await player.room.leave();
      // Still open, for whoever follows its link…
      expect(await (await fetch(`${c.http}/api/tables?ids=${first.body.roomId}`)).json()).toEqual([expect.objectContaining({ roomId: first.body.roomId, over: true })]);
      // …and no longer one of the address's open tables.
      const second = await create({ seats: 2, bots: 1, options: { handSize: 1 } });
      expect(second.status).toBe(200);
      // Finished tables still open count too, up to twice the cap: watched for good, they would pile up.
      const next = await adopt(await new Client(c.ws).consumeSeatReservation(second.body));
      for (const until = Date.now() + 10_000; state(next).status !== 'over' && Date.now() < until; await sleep(20)) {
        const [move] = legalMoves(next);
        if (move) await next.room.request('move', move).catch(() => undefined);
      }
      expect(state(next).status).toBe('over');
      const refused = await create({ seats: 2 });
      expect(refused).toMatchObject({ status: 429, body: { code: 'core/too-many-rooms' } });
      expect((refused.body as unknown as { message: string }).message).toMatch(/finished/);
      expect(await expiring(finishedTablesKey('198.51.100.20'))).toBe(true);
      await next.room.leave();
    } finally {
      redis.disconnect();
      await c.stop('SIGKILL');
    }
  });

  it('holds an address to its caps under a burst of parallel requests', async () => {
    // Addresses of their own (behind a trusted proxy), so the keys other tests leave do not count.
    const env = {
      REDIS_URL: fileRedis.url,
      RATE_LIMIT_EXEMPT: '',
      TRUSTED_PROXIES: '1',
      RATE_LIMIT_RESERVATIONS_PER_SECOND: '100',
      MAX_ROOMS_PER_ADDRESS: '3',
      MAX_UNUSED_RESERVATIONS_PER_ADDRESS: '4',
      MAX_SPECTATORS_PER_ADDRESS: '0',
    };
    const c = await spawnServer(env);
    const post = async (path: string, body: object, from: string) => {
      const res = await fetch(`${c.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as SeatReservation & { code?: string } };
    };
    const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
    try {
      // Six creates at once against a cap of three tables: each checked the count before the others added to it.
      const creates = await Promise.all(Array.from({ length: 6 }, () => post('/matchmake/create/high-card', { seats: 2, private: true }, '198.51.100.7')));
      expect(statuses(creates)).toEqual([200, 200, 200, 429, 429, 429]);
      // Eight guest places at once against a cap of four unused reservations.
      const table = creates.find((a) => a.status === 200)!.body;
      const guests = await Promise.all(Array.from({ length: 8 }, () => post(`/api/rooms/${table.roomId}/seat`, { spectator: true }, '198.51.100.8')));
      expect(statuses(guests)).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    } finally {
      await c.stop('SIGKILL');
    }
  });

  it('reports not ready while its Redis is down or refuses writes, keeps serving, and recovers when Redis is back', async () => {
    const redis = await startRedis();
    const p = await spawnServer({ REDIS_URL: redis.url });
    try {
      expect((await fetch(`${p.http}/ready`)).status).toBe(200);
      // Reachable but refusing every write (out of memory): not ready either, new games could not be stored.
      const admin = new Redis(redis.url);
      await admin.config('SET', 'maxmemory', '1');
      try {
        await waitFor(async () => (await statusOf(p, '/ready')) === 503, 5000, 'not ready while writes are refused');
        expect(await (await fetch(`${p.http}/ready`)).json()).toMatchObject({ ready: false, redis: 'refusing writes' });
      } finally {
        await admin.config('SET', 'maxmemory', '0');
        admin.disconnect();
      }
      await waitFor(async () => (await statusOf(p, '/ready')) === 200, 5000, 'ready once writes are stored');
      await redis.stop();
      await waitFor(async () => (await statusOf(p, '/ready')) === 503, 5000, 'not ready');
      expect(await (await fetch(`${p.http}/ready`)).json()).toMatchObject({ ready: false, redis: 'unreachable' });
      expect((await fetch(`${p.http}/health`)).status).toBe(200);
      // What needs Redis answers at once, to be asked again (a record's read waited for Redis, the others ~10 s).
      const asked = [['GET', '/api/tables'], ['GET', '/api/records/SomeRoom1'], ['GET', '/api/invites/ABCDEFGHJK'], ['POST', '/matchmake/create/high-card'], ['POST', '/api/queue/high-card']];
      for (const [method, path] of asked) {
        const res = await fetch(`${p.http}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined, signal: AbortSignal.timeout(3000) });
        expect([path, res.status, ((await res.json()) as { code: string }).code, res.headers.get('retry-after')]).toEqual([path, 503, 'core/store-unavailable', '2']);
      }
      await redis.restart();
      await waitFor(async () => (await statusOf(p, '/ready')) === 200, 15_000, 'ready again');
      expect(p.child.exitCode).toBeNull();
    } finally {
      await p.stop('SIGKILL');
      await redis.stop();
    }
  });

  it('exits 1 when its port is taken, instead of running on without listening, and leaves its peers no registration', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const port = String((holder.address() as AddressInfo).port);
    const redis = new Redis(fileRedis.url);
    try {
      const registered = async () => Object.keys(await redis.hgetall('roomcount')); // Colyseus' processes, which peers send creates to
      const before = await registered();
      const { code, output } = await runToExit({ PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', REDIS_URL: fileRedis.url });
      expect(code).toBe(1);
      expect(output).toContain('could not listen; exiting');
      expect((await registered()).filter((id) => !before.includes(id))).toEqual([]);
    } finally {
      redis.disconnect();
      holder.close();
    }
  });

  it('exits 1 on an invalid setting with one log line naming it, no stack', async () => {
    const { code, output } = await runToExit({ PORT: 'abc', LOG_LEVEL: 'info' });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 60, msg: expect.stringMatching(/^Invalid configuration:\n\s+PORT: /) });
  });

  it('exits 1 when Redis refuses its password at start, saying so, and logs no password', async () => {
    const redis = await startRedis();
    const admin = new Redis(redis.url);
    await admin.config('SET', 'requirepass', 'the-right-one');
    admin.disconnect();
    const url = new URL(redis.url);
    url.password = 'a-Wrong-Secret-9';
    try {
      const { code, output } = await runToExit({ PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'info', WARM_UP_MS: '0', REDIS_URL: url.toString() });
      expect(code).toBe(1);
      expect(output).toContain('Redis refused or could not be reached at start; exiting');
      expect(output).not.toContain('a-Wrong-Secret-9'); // a refused AUTH's error carried it as the command's argument
    } finally {
      await redis.stop();
    }
  });

  it('without Redis, lets a running game go on after SIGTERM, tells the players, and exits cleanly', async () => {
    // (With Redis the game is handed over to a peer instead: test/recovery.test.ts.)
    const p = await spawnServer({ SHUTDOWN_GRACE_SECONDS: '2' });
    const player = await adopt(await new Client(p.ws).create('high-card', { seats: 3, bots: 2 }));
    await waitFor(() => state(player).status === 'playing', 3000, 'playing');
    let closedWith = 0;
    player.room.onLeave((code) => (closedWith = code));
    const started = Date.now();
    const exit = p.stop('SIGTERM');
    await waitFor(() => player.events.some((e) => e.events.some((ev) => ev.type === 'serverClosing')), 3000, 'serverClosing');
    expect(closedWith).toBe(0); // still connected during the grace period
    // No new guest at a table about to close, as no new player anywhere on this process.
    const guest = await fetch(`${p.http}/api/rooms/${player.room.roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"spectator":true}' });
    expect([guest.status, ((await guest.json()) as { code: string }).code]).toEqual([503, 'core/server-closing']);
    expect(await exit).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(closedWith).toBe(4001);
  });
});

