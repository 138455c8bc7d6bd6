/**
 * The trust boundary of one process, with its per-address limits applied to loopback: bodies and
 * options are bounded before anything is built from them, limits hold across connections, one address
 * cannot open tables without end, metrics can be closed, and client-caused problems are rate-limited
 * warnings without stacks.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { Client, type Room, type SeatReservation } from '@colyseus/sdk';
import { WebSocket } from 'ws';
import { startServer, type TestServer } from './helpers/server.ts';
import { adopt, joinAsPlayer } from './helpers/clients.ts';
import { playUntilOver } from './helpers/play.ts';
import { spawnServer } from './helpers/process.ts';
import { sleep, waitFor } from './helpers/ports.ts';
import { AddressLimiter, addressKey, clientAddress } from '../src/server/rate-limit.ts';
import { resetClientFaults, safeJson, warnClientFault } from '../src/server/client-faults.ts';
import { jsonProblem } from '../src/server/json-bounds.ts';
import { colyseusLogger } from '../src/server/app.ts';
import { pino } from 'pino';
import { UnusedReservations } from '../src/server/unused-reservations.ts';
import { InMemoryPresence, createScaling } from '../src/server/scaling.ts';
import { verificationsInProgress } from '../src/server/verify.ts';
import { defaultMaxConnections } from '../src/server/open-connections.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    RATE_LIMIT_EXEMPT: '',
    RATE_LIMIT_RESERVATIONS_PER_SECOND: '3', // burst 6
    RATE_LIMIT_CONNECTIONS_PER_SECOND: '5', // burst 10
    RATE_LIMIT_MESSAGES_PER_SECOND: '20', // burst 40, over all of an address's sockets
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '6', // burst 2
    MAX_MESSAGES_PER_SECOND: '1000', // the per-socket limit out of the way: the address limit is tested
    MAX_ROOMS_PER_ADDRESS: '3',
    METRICS_TOKEN: 'metrics-token-for-tests',
  });
});
afterAll(() => server.close());

const post = async (path: string, body: unknown, raw = false) => {
  const res = await fetch(`${server.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw ? String(body) : JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { code: string; message: string; roomId?: string } };
};

/** Waits until the address's reservation budget has refilled. */
const refill = () => sleep(2100);

/** A bare WebSocket on a seat of a new table (its join left unconfirmed: it is handed nothing it asks for). */
async function bareSeat(): Promise<WebSocket> {
  const seat = (await post('/matchmake/create/high-card', { seats: 2 })).body as unknown as SeatReservation;
  const ws = new WebSocket(`${server.ws}/${seat.processId}/${seat.roomId}?sessionId=${seat.sessionId}`);
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  return ws;
}

describe('WebSocket limits per address', () => {
  it('closes the socket that takes its address over the message budget with 4029 core/rate-limited', async () => {
    const table = await post('/matchmake/create/high-card', { seats: 2 });
    const player = await new Client(server.ws).consumeSeatReservation(table.body as unknown as SeatReservation);
    player.onMessage('*', () => undefined);
    const guests = [];
    for (let i = 0; i < 2; i++) {
      const seat = await post(`/api/rooms/${table.body.roomId}/seat`, { spectator: true });
      const guest = await new Client(server.ws).consumeSeatReservation(seat.body as unknown as SeatReservation);
      guest.onMessage('*', () => undefined);
      guests.push(guest);
    }
    const closes = [player, ...guests].map((r) => new Promise<[number, string]>((resolve) => r.onLeave((code, reason) => resolve([code, String(reason ?? '')]))));
    // 3 sockets × 20 messages = 60 > the address's burst of 40, though each socket alone is far below any limit.
    for (let i = 0; i < 20; i++) for (const r of [player, ...guests]) r.send('ping-flood', i);
    const [code, reason] = await Promise.race(closes);
    expect(code).toBe(4029);
    expect(reason).toBe('core/rate-limited');
    for (const r of [player, ...guests]) if (r.connection.isOpen) void r.leave().catch(() => undefined);
    await refill();
  });

  it("counts pings against the address's message budget (ws answers each with a write)", async () => {
    const ws = await bareSeat();
    const closed = new Promise<[number, string]>((resolve) => ws.on('close', (code, reason) => resolve([code, String(reason)])));
    let pongs = 0;
    ws.on('pong', () => pongs++);
    for (let i = 0; i < 60; i++) ws.ping(); // over the burst of 40, and no message at all
    expect(await closed).toEqual([4029, 'core/rate-limited']);
    expect(pongs).toBeLessThanOrEqual(41);
    await refill();
  });

  it('takes a message in at most 16 frames (ws would take 16,384)', async () => {
    const ws = await bareSeat();
    const closed = new Promise<[number, string]>((resolve) => ws.on('close', (code, reason) => resolve([code, String(reason)])));
    const fragmented = (frames: number) => {
      for (let i = 1; i < frames; i++) ws.send(Buffer.from([13]), { fin: false });
      ws.send(Buffer.from([13]), { fin: true });
    };
    fragmented(16); // taken (and, the join unconfirmed, ignored)
    await sleep(300);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    fragmented(17);
    expect((await closed)[0]).toBe(1008);
    await refill();
  });

  it('limits new connections per address: over the budget the upgrade answers 429', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, () =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`${server.ws}/`);
          ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
          ws.on('open', () => (ws.close(), resolve('open')));
          ws.on('error', () => resolve('error'));
        }),
      ),
    );
    expect(outcomes.filter((o) => o === '429').length).toBeGreaterThanOrEqual(4);
    expect(outcomes.filter((o) => o === 'open').length).toBeGreaterThanOrEqual(8);
  });
});

describe('bounded matchmaking', () => {
  it('refuses an oversize body before reading it, and a streamed one once past 16 KiB', async () => {
    const declared = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.write('{"seats":');
    });
    expect(declared).toBe(413);
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.write(`{"name":"${'x'.repeat(64 * 1024)}`);
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).code).toBe('core/payload-too-large');
    await refill();
  });

  it('refuses unknown, internal and prototype option keys, deep or oversize options with core/bad-options', async () => {
    const refusals = [
      { seats: 2, junk: 'x' },
      { seats: 2, table: '{"seats":2}' }, // set by the server only
      { seats: 2, creator: '203.0.113.7' }, // set by the server only: a client cannot charge its tables to another address
      { seats: 2, queued: true }, // set by the queue only: a table it did not open would take the queue's players
      JSON.parse('{"__proto__": {"seats": 2}}'),
      { seats: 2, options: JSON.parse('{"__proto__": {"handSize": 2}}') },
      { seats: 2, options: { deep: JSON.parse(`${'['.repeat(50)}${']'.repeat(50)}`) } },
      { seats: 2, options: { big: 'x'.repeat(3000) } },
    ];
    for (const body of refusals) {
      const r = await post('/matchmake/create/high-card', body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.body.code).toBe('core/bad-options');
      expect(r.body.message).toMatch(/^core\/bad-options: /); // the SDK shows only the message
      await sleep(350); // stay within the reservation rate
    }
    expect((await post('/matchmake/create/high-card', '{"seats": 2,', true)).body.code).toBe('core/bad-request');
    // A key that is no join option is said to be one, with those there are (not as a problem of the game's options).
    const junk = await post('/matchmake/create/high-card', { seats: 2, junk: 'x' });
    expect(junk.body.message).toMatch(/^core\/bad-options: no join option "junk" \(seats, bots, options, .*; a game's own options go in "options"\)$/);
    await sleep(350);
    expect((await post('/api/queue/high-card', { nope: 1 })).body).toMatchObject({ code: 'core/bad-options', message: expect.stringMatching(/^no join option "nope" /) });
    // The client's keys quoted back are bounded like every answer's words.
    expect((await post('/api/queue/high-card', { ['k'.repeat(2000)]: 1 })).body.message).toHaveLength(500);
    await refill();
  });

  it('caps the open tables one address has created', async () => {
    // The table of the WebSocket test above may still be open (its dropped player's seat is held): it counts.
    const opened = [];
    let refusal = null;
    for (let i = 0; i < 4 && !refusal; i++) {
      const r = await post('/matchmake/create/high-card', { seats: 2, private: true });
      if (r.status === 200) opened.push(r);
      else refusal = r;
    }
    expect(opened.length).toBeGreaterThanOrEqual(2);
    expect(opened.length).toBeLessThanOrEqual(3);
    expect(refusal?.status).toBe(429);
    expect(refusal?.body.code).toBe('core/too-many-rooms');
    // Leaving a table frees its place under the cap.
    const room = await new Client(server.ws).consumeSeatReservation(opened[0]!.body as unknown as SeatReservation);
    room.onMessage('*', () => undefined);
    await room.leave();
    await refill();
    await waitFor(async () => (await post('/matchmake/create/high-card', { seats: 2, private: true })).status === 200, 5000, 'a place under the cap');
    await refill();
  });

  it('charges the tables the queue opens to the address, under the same cap', async () => {
    // Each ticket for a one-player table opens a table: within the cap (3, some held by the test above), then refused.
    const answers: Awaited<ReturnType<typeof post>>[] = [];
    for (let i = 0; i < 4 && !answers.some((a) => a.status !== 200); i++) answers.push(await post('/api/queue/high-card', { seats: 2, bots: 1 }));
    expect(answers.at(-1)).toMatchObject({ status: 429, body: { code: 'core/too-many-rooms' } });
    await refill();
  });

  it('limits reservations per address however many connections it uses (429 core/rate-limited, Retry-After)', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => post('/api/rooms/none/seat', { spectator: true })));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited[0]!.body.code).toBe('core/rate-limited');
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status === 404).length).toBeLessThanOrEqual(7); // what got through was answered
    await refill();
  });

  it('limits invite-code guessing per address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${server.http}/api/invites/ABCDEFGHJK`)).status);
    expect(statuses.slice(0, 2)).toEqual([404, 404]);
    expect(statuses.slice(2)).toEqual([429, 429, 429, 429]);
  });
});

describe('metrics and records', () => {
  it('serves /metrics only with the bearer token when METRICS_TOKEN is set', async () => {
    expect((await fetch(`${server.http}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.http}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
    const ok = await fetch(`${server.http}/metrics`, { headers: { authorization: 'Bearer metrics-token-for-tests' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/parlor_rooms/);
  });

  it.each(['record', 'history'])("charges a %s asked for at a table to the address's look-ups, whatever socket asks", async (type) => {
    const own = await startServer({ RATE_LIMIT_EXEMPT: '', RATE_LIMIT_LOOKUPS_PER_MINUTE: '6' }); // burst 2
    try {
      const player = await joinAsPlayer(own.ws, 'high-card', { seats: 2, bots: 1 }, 'create');
      await playUntilOver(player); // (the record is published then; the history is answered at any time)
      const watchers = [];
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${own.http}/api/rooms/${player.room.roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"spectator":true}' });
        watchers.push(await new Client(own.ws).consumeSeatReservation((await res.json()) as SeatReservation));
      }
      // Three sockets, each asking once (within its own once-a-second bound): the address's burst of two serves two.
      const answers = await Promise.allSettled([player.room, ...watchers].map((room) => room.request(type)));
      expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
      expect(answers.find((a) => a.status === 'rejected')).toMatchObject({ reason: { reason: { code: 'core/rate-limited', message: expect.stringContaining(`${type} look-ups from this address`) } } });
      // The budget the records' GET is charged to.
      expect((await fetch(`${own.http}/api/records/${player.room.roomId}`)).status).toBe(429);
      for (const room of [player.room, ...watchers]) await room.leave().catch(() => undefined);
    } finally {
      await own.close();
    }
  });
});

describe('a long record at a table', () => {
  it("counts a look-up of the address for each MiB of it started, as GET /api/records does", async () => {
    const own = await startServer({ RATE_LIMIT_EXEMPT: '', RATE_LIMIT_LOOKUPS_PER_MINUTE: '30' }); // burst 10
    try {
      const player = await joinAsPlayer(own.ws, 'high-card', { seats: 2, bots: 1 }, 'create');
      await playUntilOver(player);
      // Its moves as a long game's: 2.5 MiB of JSON, three look-ups a request.
      const room = matchMaker.getLocalRoomById(player.room.roomId) as unknown as { journal: { moves: unknown[]; record(): unknown } };
      const move = room.journal.moves.at(-1)!;
      while (JSON.stringify(room.journal.record()).length < 2.5 * 1024 * 1024) for (let i = 0; i < 10_000; i++) room.journal.moves.push(move);
      const sockets = [player.room];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${own.http}/api/rooms/${player.room.roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"spectator":true}' });
        sockets.push(await new Client(own.ws).consumeSeatReservation((await res.json()) as SeatReservation));
      }
      // Four sockets of one address, each asking once: three records take nine of its ten look-ups.
      const answers = [];
      for (const socket of sockets) answers.push(await socket.request('record').then(() => 'sent', (err: { reason?: { code?: string } }) => err.reason?.code));
      expect(answers).toEqual(['sent', 'sent', 'sent', 'core/rate-limited']);
      for (const socket of sockets) await socket.leave().catch(() => undefined);
    } finally {
      await own.close();
    }
  });
});

describe('POST /api/verify', () => {
  // A server of its own: the lookups budget it is charged to is spent by the invite-code test above.
  let verifier: TestServer;
  let roomy: TestServer; // a budget that lets a third request through to the verifier
  beforeAll(async () => {
    verifier = await startServer({ RATE_LIMIT_EXEMPT: '', RATE_LIMIT_LOOKUPS_PER_MINUTE: '6' }); // burst 2
    roomy = await startServer({ RATE_LIMIT_EXEMPT: '', RATE_LIMIT_LOOKUPS_PER_MINUTE: '600' });
  });
  afterAll(() => Promise.all([verifier.close(), roomy.close()]));
  const verify = async (body: string, contentType = 'application/json') => {
    const res = await fetch(`${verifier.http}/api/verify`, { method: 'POST', headers: { 'content-type': contentType }, body });
    return { status: res.status, body: (await res.json()) as { code: string; message: string } };
  };

  it('answers a 5,000-deep move or a body that is not JSON 400 core/bad-record, and charges verifications like lookups', async () => {
    const move = `${'['.repeat(5000)}${']'.repeat(5000)}`; // as text: too deep for JSON.stringify here
    const deep = await verify(`{"record":{"game":"tractor","options":{},"seats":4,"seed":"s","moves":[{"actor":0,"move":${move}}]}}`);
    expect(deep).toMatchObject({ status: 400, body: { code: 'core/bad-record', message: expect.stringMatching(/deeper/) } });
    const notJson = await verify('{"record": ');
    expect(notJson).toMatchObject({ status: 400, body: { code: 'core/bad-record', message: expect.stringMatching(/not JSON/) } });
    expect(await verify('{}')).toMatchObject({ status: 429, body: { code: 'core/rate-limited' } });
    // Other spellings of the same routes (Express takes any letter case and a trailing slash) are charged alike.
    const spellings = [['POST', '/API/Verify/'], ['GET', '/Api/records/x'], ['HEAD', '/api/records/x'], ['GET', '/API/invites/ABCDEFGH/'], ['POST', '/api/verify#x'], ['POST', 'http://x/API/verify/'], ['GET', 'http://x/api/invites/ABCDEFGH']];
    for (const [method, path] of spellings) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(verifier.http, { method, path, headers: { 'content-type': 'application/json' } }, (res) => (res.resume(), resolve(res.statusCode!)));
        req.on('error', reject);
        req.end(method === 'POST' ? '{}' : undefined);
      });
      expect(status, `${method} ${path}`).toBe(429);
    }
  });

  it("closes a refused request's connection soon after the answer, though its body keeps coming", async () => {
    /** Sends a body announced as `length` bytes a byte at a time; resolves with the status and how long the connection stayed open after it. */
    const trickle = (path: string, length: number) =>
      new Promise<[number, number]>((resolve) => {
        const req = request(`${roomy.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(length) } }, (res) => {
          res.resume();
          const answered = Date.now();
          const bytes = setInterval(() => req.write(' '), 100); // Node's own timeout held such a connection 5 minutes
          req.socket!.once('close', () => (clearInterval(bytes), resolve([res.statusCode!, Date.now() - answered])));
        });
        req.on('error', () => undefined);
        req.write('{"record":');
      });
    const [status, open] = await trickle('/api/verify', 10 * 1024 * 1024); // over the 6 MiB a record may be
    expect(status).toBe(413);
    expect(open).toBeLessThan(4000);
    const [seat, seatOpen] = await trickle('/api/rooms/abcdefghi/seat', 100 * 1024); // over the API's 16 KiB
    expect(seat).toBe(413);
    expect(seatOpen).toBeLessThan(4000);
    const held = [0, 1].map(() => request(`${roomy.http}/api/verify`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '100' } }).on('error', () => undefined));
    for (const r of held) r.write('{');
    await waitFor(() => verificationsInProgress() === 2, 3000, 'the two held verifications counted');
    const [third, thirdOpen] = await trickle('/api/verify', 100); // the address's third verification at once
    expect(third).toBe(429);
    expect(thirdOpen).toBeLessThan(4000);
    for (const r of held) r.destroy();
    await waitFor(() => verificationsInProgress() === 0, 3000, 'the places of the two that left given back');
  });

  it('takes two verifications from one address at a time, a body still coming included: the third is refused 429', async () => {
    // Two requests whose bodies have not all come: each holds its place from the request to the answer.
    const held = [0, 1].map(() => {
      const req = request(`${roomy.http}/api/verify`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '100' } });
      req.on('error', () => undefined);
      const answered = new Promise<number>((resolve) => req.on('response', (res) => (res.resume(), resolve(res.statusCode!))));
      req.write('{"record": ');
      return { req, answered };
    });
    await waitFor(() => verificationsInProgress() === 2, 3000, 'the two held verifications counted');
    const post = async () => {
      const res = await fetch(`${roomy.http}/api/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return { status: res.status, body: (await res.json()) as { code: string; message: string } };
    };
    expect(await post()).toMatchObject({ status: 429, body: { code: 'core/rate-limited', message: expect.stringMatching(/2 verifications in progress/) } });
    held[0]!.req.end(' '.repeat(89)); // the 100 bytes: not a record
    expect(await held[0]!.answered).toBe(400);
    expect(await post()).toMatchObject({ status: 400, body: { code: 'core/bad-record' } });
    held[1]!.req.destroy();
    await waitFor(() => verificationsInProgress() === 0, 3000, 'the place of the one that left given back');
  });
});

describe('client faults in the logs', () => {
  it('are warnings without stacks, one line per kind per window, payloads truncated and safe', () => {
    resetClientFaults();
    const lines: [Record<string, unknown>, string][] = [];
    const log = { warn: (fields: Record<string, unknown>, msg: string) => void lines.push([fields, msg]) };
    const cyclic: Record<string, unknown> = { big: 10n ** 30n, text: 'y'.repeat(5000) };
    cyclic.self = cyclic;
    for (let i = 0; i < 100; i++) warnClientFault(log, 'bad-move:room1', { payload: cyclic, error: new Error('x'.repeat(1000)) });
    expect(lines).toHaveLength(1);
    expect(lines[0]![0].fault).toBe('bad-move');
    expect(String(lines[0]![0].payload).length).toBeLessThan(260);
    expect(String(lines[0]![0].error)).not.toMatch(/\n\s+at /);
    expect(safeJson(cyclic)).toMatch(/<cycle>|…/);
    warnClientFault(log, 'bad-move:room2', { payload: 1 }); // another key logs at once
    expect(lines).toHaveLength(2);
  });

  it("Colyseus' own warnings are one line per kind per window (a Redis outage repeats them on every retry)", () => {
    resetClientFaults();
    const lines: string[] = [];
    const sink = { write: (line: string) => void lines.push(line) };
    const log = colyseusLogger(pino({ level: 'warn' }, sink));
    for (let i = 0; i < 50; i++) {
      log.warn('RedisPresence: pub connection error:', 'connect ECONNREFUSED 127.0.0.1:6379');
      log.warn('RedisPresence: sub connection error:', 'connect ECONNREFUSED 127.0.0.1:6379');
    }
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      'RedisPresence: pub connection error: connect ECONNREFUSED 127.0.0.1:6379',
      'RedisPresence: sub connection error: connect ECONNREFUSED 127.0.0.1:6379',
    ]);
  });

  it("Colyseus' complaint of a message that does not decode is a warning without the values the decoder read", () => {
    resetClientFaults();
    const lines: string[] = [];
    const log = colyseusLogger(pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) }));
    const err = new Error('Data read, but end of buffer not reached {"type":"play","cards":["the-hidden-card"]}');
    err.stack = `${err.message}\n    at checkedRead (node_modules/msgpackr/unpack.js:249:10)`;
    log.error(err);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, fault: 'bad-message', error: 'Data read, but end of buffer not reached' });
  });

  it('a crowd asking for one table at once prints no warning outside the logs (each waits on its presence channel)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => void warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const { presence } = createScaling({});
    try {
      // Colyseus' joinOrCreate lock: each request beyond the first waits on the table's channel for the table made.
      for (let i = 0; i < 24; i++) await presence.subscribe('concurrent:tac:{"seats":4}', () => undefined);
      await sleep(20); // (Node emits its warnings a tick later)
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      presence.shutdown();
    }
  });

  it("a create a silent peer never answered, which Colyseus makes here instead, is a warning, not an error line", () => {
    resetClientFaults();
    const lines: string[] = [];
    const log = colyseusLogger(pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) }));
    for (let i = 0; i < 3; i++) log.error('ipc_timeout: create room request timed out for tac on processId p2.');
    log.error('something else broke');
    const parsed = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(parsed.map((l) => [l.level, l.msg])).toEqual([
      [40, 'ipc_timeout: create room request timed out for tac on processId p2. (created here instead)'],
      [50, 'something else broke'],
    ]);
  });

  it('a spectator sending truncated frames and sockets sending oversize frames leave no error lines or stacks', async () => {
    const proc = await spawnServer({ RATE_LIMIT_EXEMPT: '' });
    try {
      const res = await fetch(`${proc.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"seats":2}' });
      const player = await new Client(proc.ws).consumeSeatReservation((await res.json()) as SeatReservation);
      player.onMessage('*', () => undefined);
      const raw = (player.connection.transport as unknown as { ws: WebSocket }).ws;
      const truncated = Buffer.from([21, 1, 0xa4, 0x6d, 0x6f, 0x76, 0x65, 0x83]); // request #1 "move", a map cut short
      for (let i = 0; i < 40; i++) raw.send(truncated);
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          new Promise<void>((resolve) => {
            const ws = new WebSocket(`${proc.ws}/${proc.processId}/nosuchroom?sessionId=s${i}`);
            ws.on('open', () => ws.send(Buffer.alloc(64 * 1024)));
            ws.on('close', () => resolve());
            ws.on('error', () => resolve());
          }),
        ),
      );
      await sleep(300);
      const lines = proc.output().split('\n').filter((l) => l.startsWith('{'));
      expect(lines.filter((l) => /"level":50/.test(l))).toEqual([]);
      expect(lines.filter((l) => /\\n\s+at /.test(l))).toEqual([]);
      expect(lines.filter((l) => /"level":40/.test(l)).length).toBeLessThanOrEqual(4);
      expect(lines.some((l) => /"fault":"bad-message"/.test(l))).toBe(true);
    } finally {
      await proc.stop('SIGKILL');
    }
  });
});

describe('matchmaking requests a table refuses', () => {
  it('a spectator creating a table of options the game refuses gets 400 and the process goes on; an unknown game 404', async () => {
    const proc = await spawnServer({ RATE_LIMIT_EXEMPT: '' });
    try {
      const create = (game: string, body: object) => fetch(`${proc.http}/matchmake/create/${game}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      // Past the front door's checks (seats ≤ 16), refused by the room's own: the refused table's timers once ended the process.
      const refused = await create('high-card', { spectator: true, seats: 16 });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { code: string }).code).toBe('core/bad-options');
      for (const game of ['nosuchgame', 'constructor', '__proto__']) {
        const unknown = await create(game, {});
        expect([game, unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([game, 404, 'core/unknown-game']);
      }
      await sleep(1500); // Colyseus' patch timer would have fired many times
      expect(proc.child.exitCode).toBe(null);
      expect((await fetch(`${proc.http}/health`)).status).toBe(200);
      expect((await create('high-card', { seats: 2 })).status).toBe(200);
      const lines = proc.output().split('\n').filter((l) => l.startsWith('{'));
      expect(lines.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
    } finally {
      await proc.stop('SIGKILL');
    }
  });
});

describe('unused seat reservations per address', () => {
  it('are capped: one address cannot hold seats it never joins; a reservation used frees its place', async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', MAX_UNUSED_RESERVATIONS_PER_ADDRESS: '2' });
    try {
      const call = async (path: string, body: unknown) => {
        const res = await fetch(`${door.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as SeatReservation & { code?: string } };
      };
      const first = await call('/matchmake/create/high-card', { seats: 4 });
      expect(first.status).toBe(200);
      const held = await call(`/matchmake/joinById/${first.body.roomId}`, {});
      expect(held.status).toBe(200); // held, not used
      // A WebSocket naming the held reservation's session id at a room that does not exist uses nothing:
      // the seat is still held, so the address still holds two unused.
      const decoy = new WebSocket(`${door.ws}/${held.body.processId}/no-such-room?sessionId=${held.body.sessionId}`);
      decoy.on('error', () => undefined);
      await new Promise((resolve) => decoy.once('close', resolve));
      // Two unused: a third seat, a guest's place or a queue ticket is refused until one is used.
      for (const [path, body] of [[`/matchmake/joinById/${first.body.roomId}`, {}], [`/api/rooms/${first.body.roomId}/seat`, { spectator: true }], ['/api/queue/high-card', { seats: 4 }]] as const) {
        const refused = await call(path, body);
        expect(refused.status, path).toBe(429);
        expect(refused.body.code).toBe('core/too-many-reservations');
      }
      const player = await new Client(door.ws).consumeSeatReservation(first.body);
      expect((await call(`/matchmake/joinById/${first.body.roomId}`, {})).status).toBe(200);
      await player.leave();
    } finally {
      await door.close();
    }
  });

  it('are counted before the answer leaves: one joined at once is not left counted unused', async () => {
    // With Redis, the process answering and the one hosting the table write and read the count over two
    // connections, and Redis may run the host's read first: here the answering side's writes land late.
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', MAX_UNUSED_RESERVATIONS_PER_ADDRESS: '2' });
    const presence = matchMaker.presence;
    const { hset, setex } = presence;
    const late = <A extends unknown[], R>(write: (key: string, ...rest: A) => Promise<R>) =>
      async function (this: typeof presence, key: string, ...rest: A): Promise<R> {
        if (key.startsWith('parlor:reservations:')) await sleep(100);
        return write.call(this, key, ...rest);
      };
    presence.hset = late(hset);
    presence.setex = late(setex);
    const joined: Room[] = [];
    try {
      const call = async (path: string, body: unknown) => {
        const res = await fetch(`${door.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as SeatReservation & { code?: string } };
      };
      const table = await call('/matchmake/create/high-card', { seats: 4 });
      joined.push(await new Client(door.ws).consumeSeatReservation(table.body));
      for (let i = 0; i < 3; i++) {
        const watch = await call(`/api/rooms/${table.body.roomId}/seat`, { spectator: true });
        expect([watch.status, watch.body.code], `guest seat ${i}`).toEqual([200, undefined]);
        joined.push(await new Client(door.ws).consumeSeatReservation(watch.body));
      }
    } finally {
      Object.assign(presence, { hset, setex });
      for (const room of joined) await room.leave();
      await door.close();
    }
  });
});

describe('reservation paths spelt otherwise', () => {
  it('are not found: a trailing slash or other letter case would pass the reservation caps and counts by', async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '' });
    try {
      const table = (await (await fetch(`${door.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"seats":4}' })).json()) as SeatReservation;
      for (const [path, body] of [
        [`/api/rooms/${table.roomId}/seat/`, { spectator: true }],
        [`/API/rooms/${table.roomId}/seat`, { spectator: true }],
        [`/api/rooms/${table.roomId}/Seat`, { spectator: true }],
        ['/api/queue/high-card/', { seats: 4 }],
        ['/api/Queue/high-card', { seats: 4 }],
        ['/matchmake/create/high-card/', { seats: 4 }],
        ['/matchmake//high-card', { seats: 4 }],
      ] as const) {
        const res = await fetch(`${door.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect([res.status, ((await res.json()) as { code?: string }).code], path).toEqual([404, 'core/not-found']);
      }
    } finally {
      await door.close();
    }
  });
});

describe("an address's reserving requests, one at a time", () => {
  it('do not wait long for one that stalls: a request whose body never comes holds the others at most 2 s', async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '' });
    const stalled = connect(door.port, '127.0.0.1');
    try {
      stalled.on('error', () => undefined);
      stalled.write('POST /matchmake/create/high-card HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n');
      await sleep(100); // its turn has begun, waiting for a body that never comes
      const started = Date.now();
      const res = await fetch(`${door.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"seats":2}' });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      stalled.destroy();
      await door.close();
    }
  });
});

describe('spectator places per address', () => {
  it("are capped at one table: one address cannot take every place, another still gets one", async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', TRUSTED_PROXIES: '1', MAX_SPECTATORS_PER_ADDRESS: '2' });
    try {
      const call = async (path: string, body: unknown, from: string) => {
        const res = await fetch(`${door.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as SeatReservation & { code?: string } };
      };
      const table = (await call('/matchmake/create/high-card', { seats: 4 }, '192.0.2.1')).body;
      const watching = await call(`/api/rooms/${table.roomId}/seat`, { spectator: true }, '192.0.2.7');
      expect(watching.status).toBe(200);
      const watcher = await new Client(door.ws).consumeSeatReservation(watching.body); // one watching
      expect((await call(`/matchmake/joinById/${table.roomId}`, { spectator: true }, '192.0.2.7')).status).toBe(200); // one coming
      for (const path of [`/api/rooms/${table.roomId}/seat`, `/matchmake/joinById/${table.roomId}`]) {
        const refused = await call(path, { spectator: true }, '192.0.2.7');
        expect([refused.status, refused.body.code], path).toEqual([409, 'core/room-full']);
      }
      expect((await call(`/api/rooms/${table.roomId}/seat`, { spectator: true }, '192.0.2.8')).status).toBe(200);
      await watcher.leave();
      expect((await call(`/api/rooms/${table.roomId}/seat`, { spectator: true }, '192.0.2.7')).status).toBe(200); // its place is free again
    } finally {
      await door.close();
    }
  });
});

describe("joins by id without a private table's code", () => {
  it("are refused at once with the reason, and take none of the address's spectator places there", async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', TRUSTED_PROXIES: '1', MAX_SPECTATORS_PER_ADDRESS: '2' });
    try {
      const call = async (path: string, body: unknown, from: string) => {
        const res = await fetch(`${door.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as SeatReservation & { code?: string; message?: string } };
      };
      const table = (await call('/matchmake/create/high-card', { seats: 4, private: true }, '192.0.2.1')).body;
      for (let i = 0; i < 6; i++) {
        const refused = await call(`/matchmake/joinById/${table.roomId}`, { name: 'Eve' }, '192.0.2.7');
        expect([refused.status, refused.body.code]).toEqual([403, 'core/invite-required']);
        expect(refused.body.message).toMatch(/^core\/invite-required: this table is private/);
      }
      for (let i = 0; i < 2; i++) expect((await call(`/api/rooms/${table.roomId}/seat`, { spectator: true }, '192.0.2.7')).status).toBe(200); // its places are its own still
    } finally {
      await door.close();
    }
  });
});

describe('lapsed seat reservations per address', () => {
  it('refuses an address that keeps letting its reservations lapse, with the wait until it may ask again', async () => {
    const proc = await spawnServer({ RATE_LIMIT_EXEMPT: '', COLYSEUS_SEAT_RESERVATION_TIME: '1', MAX_LAPSED_RESERVATIONS_PER_ADDRESS: '2' });
    try {
      const reserve = () => fetch(`${proc.http}/matchmake/joinOrCreate/high-card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"seats":4}' });
      for (let i = 0; i < 2; i++) {
        expect((await reserve()).status).toBe(200);
        await sleep(1300); // lapsed unused
      }
      const refused = await reserve();
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('core/too-many-reservations');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590); // until the first lapse is 10 minutes old
    } finally {
      await proc.stop('SIGKILL');
    }
  });
});

describe('seats held before the start for players who dropped', () => {
  it('count against the address whose reservation took the seat as lapses when the player does not come back', async () => {
    const proc = await spawnServer({ RATE_LIMIT_EXEMPT: '', RATE_LIMIT_RESERVATIONS_PER_SECOND: '100', RECONNECT_SECONDS_BEFORE_START: '1', MAX_LAPSED_RESERVATIONS_PER_ADDRESS: '2' });
    try {
      const host = await joinAsPlayer(proc.ws, 'high-card', { seats: 3, name: 'Ada' }, 'create');
      const held = () => Array.from((host.room.state as { seats: Iterable<{ taken: boolean }> }).seats, (s) => s.taken);
      for (let i = 0; i < 2; i++) {
        // Joins (its reservation used, its join confirmed), then its connection goes: the seat is held a second.
        const phantom = await adopt(await new Client(proc.ws).joinById(host.room.roomId, { name: 'Gone' }));
        phantom.room.reconnection.enabled = false;
        phantom.room.connection.close();
        await waitFor(() => held()[phantom.seat] === false, 5000, 'the seat freed once its hold ran out');
      }
      expect((host.room.state as { status: string }).status).toBe('waiting');
      // The address let two held seats go by: its next reservation is refused as after two lapsed reservations.
      const refused = await fetch(`${proc.http}/matchmake/joinById/${host.room.roomId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('core/too-many-reservations');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
      await host.room.leave();
    } finally {
      await proc.stop('SIGKILL');
    }
  });
});

describe('TCP connections per address', () => {
  // Its own server, closed at the end (closing a server stops the process's matchmaking): after every test of the shared one.
  it('closes a connection past the address cap at once, and one that sends nothing within 10 s', async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', MAX_CONNECTIONS_PER_ADDRESS: '20' });
    try {
      const closed: number[] = [];
      const sockets = Array.from({ length: 25 }, (_, i) => {
        const socket = connect(door.port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.on('close', () => closed.push(i));
        return socket;
      });
      await waitFor(() => closed.length >= 5, 3000, 'the five past the cap closed');
      await sleep(500);
      expect(closed).toHaveLength(5);
      // The twenty within the cap sent nothing: closed after the first-byte wait (they used to stay open for good).
      await waitFor(() => closed.length === 25, 13_000, 'the silent connections closed');
      expect(sockets.every((s) => s.destroyed)).toBe(true);
      // The address's places are free again: an ordinary request goes through.
      expect((await fetch(`${door.http}/health`)).status).toBe(200);
    } finally {
      await door.close();
    }
  }, 20_000);
});

describe('TCP connections per process', () => {
  it('closes a connection past the process cap at once, any address but an exempt one, and takes one again when a place frees', async () => {
    // 127.0.0.2 is another address of the loopback: exempt, like a health check or a load generator.
    const door = await startServer({ RATE_LIMIT_EXEMPT: '127.0.0.2', MAX_CONNECTIONS: '10', MAX_CONNECTIONS_PER_ADDRESS: '256' });
    const opened: Socket[] = [];
    const open = (localAddress = '127.0.0.1') =>
      new Promise<{ socket: Socket; closed: () => boolean }>((resolve) => {
        let closed = false;
        const socket = connect({ port: door.port, host: '127.0.0.1', localAddress });
        opened.push(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => (closed = true));
        socket.on('connect', () => resolve({ socket, closed: () => closed }));
      });
    try {
      const held = [];
      for (let i = 0; i < 10; i++) held.push(await open());
      const past = await open();
      await waitFor(() => past.closed(), 3000, 'the connection past the cap closed');
      const exempt = await open('127.0.0.2');
      await sleep(300);
      expect(exempt.closed()).toBe(false);
      expect(held.some((c) => c.closed())).toBe(false);
      // The exempt connection took a place: with one of the ten gone the process is still full.
      held[0]!.socket.destroy();
      await sleep(200);
      const stillFull = await open();
      await waitFor(() => stillFull.closed(), 3000, 'still full while the exempt connection holds a place');
      // Its place freed, a connection holds again.
      exempt.socket.destroy();
      await sleep(200);
      const again = await open();
      await sleep(300);
      expect(again.closed()).toBe(false);
    } finally {
      for (const socket of opened) socket.destroy();
      await door.close();
    }
  });

  it('is the open-file limit less 512 by default, at most 10,000, none where the limit is unknown', () => {
    const limits = (files: string) => `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${files}                ${files}                files\n`;
    expect(defaultMaxConnections(limits('1024'))).toBe(512);
    expect(defaultMaxConnections(limits('1048576'))).toBe(10_000);
    expect(defaultMaxConnections(null)).toBe(0);
  });
});

describe('client-given room ids in the logs', () => {
  it('are never logged: an unset NODE_ENV is production to Colyseus too, and an overlong id is refused unread', async () => {
    const proc = await spawnServer({ NODE_ENV: undefined as unknown as string, LOG_LEVEL: 'info' }); // as `npm start` runs
    try {
      const reconnect = (id: string) => fetch(`${proc.http}/matchmake/reconnect/${id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"reconnectionToken":"t"}' });
      const unknown = 'no-such-room-' + 'q'.repeat(40);
      expect((await reconnect(unknown)).status).toBeGreaterThanOrEqual(400);
      const long = await reconnect('L'.repeat(15_000));
      expect(long.status).toBe(400);
      expect(await long.json()).toMatchObject({ code: 'core/bad-request' });
      await sleep(200);
      expect(proc.output()).not.toContain(unknown);
      expect(proc.output()).not.toContain('LLLLLLLLLL');
    } finally {
      await proc.stop('SIGKILL');
    }
  });

  it("sockets naming a room by a name every object has (constructor, __proto__) are refused as any unknown room, leaving no error line or stack", async () => {
    const proc = await spawnServer({ RATE_LIMIT_EXEMPT: '' });
    try {
      const closes = await Promise.all(
        ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'nosuchroom'].map(
          (roomId) =>
            new Promise<string>((resolve) => {
              const ws = new WebSocket(`${proc.ws}/${proc.processId}/${roomId}?sessionId=s-${roomId}`);
              ws.on('unexpected-response', (_req, res) => resolve(`${roomId} refused ${res.statusCode}`));
              ws.on('close', (code) => resolve(`${roomId} closed ${code}`));
              ws.on('error', () => undefined);
            }),
        ),
      );
      // Refused at the upgrade; a room id that is no member of every object still goes to Colyseus (closed 4002).
      expect(closes).toEqual(['constructor refused 404', '__proto__ refused 404', 'toString refused 404', 'hasOwnProperty refused 404', 'nosuchroom closed 4002']);
      await sleep(300);
      const lines = proc.output().split('\n').filter((l) => l.startsWith('{'));
      expect(lines.filter((l) => /"level":50/.test(l))).toEqual([]);
      expect(lines.filter((l) => /\\n\s+at /.test(l))).toEqual([]);
      expect((await fetch(`${proc.http}/health`)).status).toBe(200);
    } finally {
      await proc.stop('SIGKILL');
    }
  });
});

describe('per-address state stays bounded', () => {
  it('lets unused reservations lapse, and keeps an address\'s keys only while one can still count', async () => {
    const presence = new InMemoryPresence();
    const unused = new UnusedReservations(presence, 2, 15_000, { lapseWindowMs: 600_000 });
    await unused.given('a', 's1', 0);
    await unused.given('a', 's2', 1000);
    expect(await unused.refusal('a', 14_999)).toEqual({ unused: 2 });
    expect(await unused.refusal('a', 15_000)).toBeNull(); // s1 lapsed
    await unused.used('s2');
    expect(await presence.hgetall('parlor:reservations:held:a')).toEqual({});
    expect(await presence.get('parlor:reservations:of:s2')).toBeFalsy();
    // Every key left has an expiry (the held ones a reservation's life and the window after it); an emptied one is gone.
    const timeouts = (presence as unknown as { timeouts: Record<string, unknown> }).timeouts;
    expect(Object.keys(timeouts)).toEqual(['parlor:reservations:of:s1']);
    expect(await presence.exists('parlor:reservations:held:a')).toBe(false);
    presence.shutdown();
    for (const timer of Object.values(timeouts)) clearTimeout(timer as NodeJS.Timeout);
  });

  it('refuses an address that let too many reservations lapse until the oldest lapse leaves the window', async () => {
    const presence = new InMemoryPresence();
    const unused = new UnusedReservations(presence, 8, 15_000, { maxLapses: 3, lapseWindowMs: 600_000 });
    // Reserved, lapsed, reserved again: each lapse is seen when the address next asks.
    for (const [i, at] of [0, 20_000, 40_000].entries()) {
      expect(await unused.refusal('a', at)).toBeNull();
      await unused.given('a', `s${i}`, at);
    }
    await unused.given('a', 'used', 40_000);
    await unused.used('used'); // joined: never counts
    expect(await unused.refusal('a', 60_000)).toEqual({ lapsedWaitMs: 15_000 + 600_000 - 60_000 }); // three lapses (15, 35, 55 s): until the first is 10 minutes old
    expect(await unused.refusal('b', 60_000)).toBeNull(); // per address
    expect(await unused.refusal('a', 615_000)).toBeNull();
    await unused.given('a', 's3', 615_000);
    expect(await unused.refusal('a', 631_000)).toEqual({ lapsedWaitMs: 35_000 + 600_000 - 631_000 }); // the fourth lapse: three again in the window
    const timeouts = (presence as unknown as { timeouts: Record<string, unknown> }).timeouts;
    for (const timer of Object.values(timeouts)) clearTimeout(timer as NodeJS.Timeout);
  });

  it('counts held and lapsed reservations apart: a lapse frees its held place, one left unused holds it its full life', async () => {
    const presence = new InMemoryPresence();
    const unused = new UnusedReservations(presence, 8, 15_000, { maxLapses: 8, lapseWindowMs: 600_000 });
    for (let i = 0; i < 6; i++) await unused.given('a', `early${i}`, i < 4 ? 0 : 10_000); // 4 lapse at 15 s, 2 at 25 s
    const ask = async (at: number, n: number) => {
      const answers: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const refusal = await unused.refusal('a', at);
        answers.push(refusal);
        if (!refusal) await unused.given('a', `at${at}-${i}`, at);
      }
      return answers;
    };
    // At 20 s the last two are still held: 6 more, and the seventh is refused as held (not as lapsed).
    expect(await ask(20_000, 7)).toEqual([...Array(6).fill(null), { unused: 8 }]);
    // Once those two have lapsed too (six lapses, fewer than 8), their places are free: two more.
    expect(await ask(26_000, 3)).toEqual([null, null, { unused: 8 }]);
    const timeouts = (presence as unknown as { timeouts: Record<string, unknown> }).timeouts;
    for (const timer of Object.values(timeouts)) clearTimeout(timer as NodeJS.Timeout);
  });

  it('forgets the least recently used addresses and full buckets', () => {
    const limiter = new AddressLimiter(1, 2, 100);
    for (let i = 0; i < 1000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`, 1, 1000);
    expect(limiter.size).toBeLessThanOrEqual(100);
    expect(limiter.take('a', 1, 0) && limiter.take('a', 1, 0)).toBe(true);
    expect(limiter.take('a', 1, 0)).toBe(false);
    expect(limiter.take('a', 1, 1000)).toBe(true); // refilled one token a second
  });

  it('charges the socket address unless proxies are trusted, and IPv6 per /64', () => {
    const req = (remoteAddress: string, xff?: string) => ({ socket: { remoteAddress }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as never;
    expect(clientAddress(req('203.0.113.9', '1.2.3.4'), 0)).toBe('203.0.113.9');
    expect(clientAddress(req('127.0.0.1', 'spoofed, 198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::2'));
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(jsonProblem(JSON.parse(`${'['.repeat(20)}${']'.repeat(20)}`), { depth: 8, nodes: 100 })).toMatch(/deeper/);
  });

  it('bounds a flat move (its short path) exactly as a nested one', () => {
    const limits = { depth: 6, nodes: 4 };
    expect(jsonProblem({ type: 'bet', space: 'win-2-3', token: 5 }, limits)).toBeNull();
    expect(jsonProblem({ type: 'bet', space: 'a', token: 5, extra: true }, limits)).toMatch(/more than 4 values/);
    expect(jsonProblem({ type: 'bet', token: 10n }, limits)).toMatch(/beyond the JSON range/);
    expect(jsonProblem(JSON.parse('{"type":"bet","__proto__":1}'), limits)).toMatch(/__proto__/);
    expect(jsonProblem({ type: 'bet' }, { depth: 0, nodes: 4 })).toMatch(/deeper than 0/);
    expect(jsonProblem({ type: 'bet', space: { a: 1 } }, limits)).toBeNull(); // nested: the full walk
    expect(jsonProblem({ type: 'bet', space: { a: { b: 1 } } }, { depth: 2, nodes: 10 })).toMatch(/deeper than 2/);
  });
});

/** A POST as from `address` (behind a trusted proxy), its status and JSON body. */
async function postFrom(http: string, path: string, body: unknown, address: string) {
  const res = await fetch(`${http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as SeatReservation & { code?: string } };
}

describe("another address's watchers at an address's tables no player is at", () => {
  // Tables wait RECONNECT_SECONDS (3 here) for a player: the cap is checked well within it, even on a slow machine.
  it('do not keep them open once no player is there: the creator is not held at its table cap', async () => {
    // A cap of one table (two with finished ones); a finished table stays three seconds for whoever follows its link.
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', TRUSTED_PROXIES: '1', MAX_ROOMS_PER_ADDRESS: '1', RECONNECT_SECONDS: '3', RATE_LIMIT_RESERVATIONS_PER_SECOND: '100' });
    const call = (path: string, body: unknown, from: string) => postFrom(door.http, path, body, from);
    const [creator, watcher] = ['198.51.100.40', '198.51.100.41'];
    const watchers: Room[] = [];
    const players: Awaited<ReturnType<typeof adopt>>[] = [];
    const closes: number[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const table = await call('/matchmake/create/high-card', { seats: 2, bots: 1, options: { handSize: 1 } }, creator);
        expect(table.status).toBe(200);
        const player = await adopt(await new Client(door.ws).consumeSeatReservation(table.body));
        await playUntilOver(player);
        // Someone else watches the finished table (the lobby lists it), and stays.
        const seat = await call(`/api/rooms/${table.body.roomId}/seat`, { spectator: true }, watcher);
        const watching = await new Client(door.ws).consumeSeatReservation(seat.body);
        watching.onMessage('*', () => undefined);
        watching.onLeave((code) => closes.push(code));
        watchers.push(watching);
        players.push(player);
      }
      // Both players leave together: the cap is checked well within the three seconds their tables wait (the
      // first table's wait would otherwise run while the second game is played).
      await Promise.all(players.map((p) => p.room.leave()));
      // Two finished tables open: the creator is at its cap for now…
      expect((await call('/matchmake/create/high-card', { seats: 2 }, creator)).body.code).toBe('core/too-many-rooms');
      // …until their wait for whoever follows their links is over: then they close, their watchers with them.
      await waitFor(() => closes.length === 2, 10_000, 'the watchers closed out');
      expect(closes).toEqual([1000, 1000]);
      await waitFor(async () => (await call('/matchmake/create/high-card', { seats: 2 }, creator)).status === 200, 10_000, 'a table for the creator');
    } finally {
      for (const room of watchers) if (room.connection.isOpen) await room.leave().catch(() => undefined);
      await door.close();
    }
  });

  it('nor a table waiting for players that its players left: it is charged to its creator while open', async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', TRUSTED_PROXIES: '1', MAX_ROOMS_PER_ADDRESS: '1', RECONNECT_SECONDS: '3', RATE_LIMIT_RESERVATIONS_PER_SECOND: '100' });
    const call = (path: string, body: unknown, from: string) => postFrom(door.http, path, body, from);
    const [creator, watcher] = ['198.51.100.42', '198.51.100.43'];
    let watching: Room | null = null;
    try {
      const table = await call('/matchmake/create/high-card', { seats: 3 }, creator);
      const player = await adopt(await new Client(door.ws).consumeSeatReservation(table.body));
      watching = await new Client(door.ws).consumeSeatReservation((await call(`/api/rooms/${table.body.roomId}/seat`, { spectator: true }, watcher)).body);
      watching.onMessage('*', () => undefined);
      let closed: number | null = null;
      watching.onLeave((code) => (closed = code));
      await player.room.leave();
      expect((await call('/matchmake/create/high-card', { seats: 2 }, creator)).body.code).toBe('core/too-many-rooms');
      await waitFor(() => closed !== null, 10_000, 'the watcher closed out');
      expect(closed).toBe(1000);
      await waitFor(async () => (await call('/matchmake/create/high-card', { seats: 2 }, creator)).status === 200, 10_000, 'a table for the creator');
    } finally {
      if (watching?.connection.isOpen) await watching.leave().catch(() => undefined);
      await door.close();
    }
  });

  it('a game of bots its watchers saw to the end closes them too once its wait is over', async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', RECONNECT_SECONDS: '1' });
    try {
      const watcher = await new Client(door.ws).create('high-card', { seats: 2, bots: 2, spectator: true, options: { handSize: 1 } });
      watcher.onMessage('*', () => undefined);
      let closed: number | null = null;
      watcher.onLeave((code) => (closed = code));
      await waitFor(() => closed !== null, 10_000, 'the finished table of bots closed on its watcher');
      expect((watcher.state as { status: string }).status).toBe('over');
      expect(closed).toBe(1000);
    } finally {
      await door.close();
    }
  });
});
