/**
 * The bound on a game's length (`MAX_GAME_MOVES`, here 6): seats that play on without the game getting anywhere
 * (two tabs of one person, a script) would otherwise grow its journal and record for good. The game that reaches
 * it ends as a game over without winners, everyone told why; no later move is taken; its journal is closed as a
 * finished game's, its record says so and verifies without claiming a winner; the table closes as a finished one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { Redis } from 'ioredis';
import { VerifyRequest, verifyRecord, type GameRecordInput } from '../src/server/verify.ts';
import { startRedis, type RedisHandle } from './helpers/redis.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { adopt, joinAsPlayer, legalMoves, mine, state } from './helpers/clients.ts';
import { playOne } from './helpers/durable.ts';
import { sleep, waitFor } from './helpers/ports.ts';

let redis: RedisHandle;
let server: TestServer;
let store: Redis;
beforeAll(async () => {
  redis = await startRedis();
  store = new Redis(redis.url);
  // (Behind a trusted proxy: a request naming an address in X-Forwarded-For is limited as that address's.)
  server = await startServer({ REDIS_URL: redis.url, MAX_GAME_MOVES: '6', RECONNECT_SECONDS: '1', TRUSTED_PROXIES: '1' });
});
afterAll(async () => {
  await server.close();
  store.disconnect();
  await redis.stop();
});

describe('a game at the move limit', () => {
  it('ends without winners, tells everyone why, refuses later moves, closes its journal and the table', async () => {
    // High card, 2 seats, 5 cards each: 13 moves to its end (the deal, two antes, ten plays); stopped at the 6th.
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 5 } }, 'create');
    const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, {}));
    const roomId = a.room.roomId;
    await waitFor(() => legalMoves(a).length && legalMoves(b).length, 5000, 'the deal (move 1)');
    await a.room.request('move', { type: 'ante', in: true });
    await b.room.request('move', { type: 'ante', in: false });
    for (let i = 0; i < 3; i++) await playOne([a, b]); // moves 4 to 6
    for (const p of [a, b]) {
      await waitFor(() => state(p).status === 'over' && p.events.some((m) => m.events.some((e) => e.type === 'gameOver')), 5000, 'game over');
      // Told why, then the game over without winners, both after the 6th move's own events.
      expect(p.events.slice(-2)).toEqual([
        { seq: 6, actor: -1, events: [{ type: 'moveLimit', limit: 6 }] },
        { seq: 6, actor: -1, events: [{ type: 'gameOver', winners: [] }] },
      ]);
      expect(Array.from(state(p).activeSeats)).toEqual([]); // nobody is asked to move
      expect(legalMoves(p)).toEqual([]);
      expect(Array.from(state(p).result.winners)).toEqual([]);
    }
    const card = (mine(a).view.hand as number[])[0];
    await expect(a.room.request('move', { type: 'play', card })).rejects.toMatchObject({ reason: { code: 'core/game-over', seq: 6 } });

    // The record: its 6 moves, no result, and why it ended.
    const record = (await a.room.request('record', {})) as GameRecordInput & { result: unknown; moveLimit: number };
    expect(record.moves).toHaveLength(6);
    expect(record).toMatchObject({ moveLimit: 6, result: null });

    // The journal is closed as a finished game's: no live game, no move list growing, the record kept.
    await waitFor(async () => (await store.exists(`parlor:record:${roomId}`)) === 1, 5000, 'record stored');
    expect(await store.exists(`parlor:game:${roomId}`, `parlor:moves:${roomId}`, `parlor:snap:${roomId}`)).toBe(0);
    expect(await store.sismember('parlor:live', roomId)).toBe(0);
    expect(JSON.parse((await store.get(`parlor:record:${roomId}`))!)).toMatchObject({ moveLimit: 6, result: null, moves: record.moves });

    // The table closes as a finished one does: listed over, gone once its players left (after RECONNECT_SECONDS).
    expect((await matchMaker.query({ roomId }))[0]?.metadata).toMatchObject({ over: true });
    await Promise.all([a.room.leave(), b.room.leave()]);
    await waitFor(async () => (await matchMaker.query({ roomId })).length === 0, 5000, 'table closed');
  });

  it("is reached by the bots and the server's own moves alike; the record verifies as stopped, claiming no winner", async () => {
    // A table of bots, watched: nobody but the room moves (TAC, the verifier knows only the real games).
    const watcher = await new Client(server.ws).create('tac', { seats: 2, bots: 2, spectator: true, options: { dealDelayMs: 0 } });
    const events: { seq: number; events: { type: string }[] }[] = [];
    watcher.onMessage('events', (m) => events.push(m));
    const room = watcher.state as { status: string; seedCommitment: string; result: { toJSON(): unknown } };
    await waitFor(() => room.status === 'over' && events.some((m) => m.events.some((e) => e.type === 'gameOver')), 5000, 'game over');
    expect(events.slice(-2).map((m) => [m.seq, m.events])).toEqual([
      [6, [{ type: 'moveLimit', limit: 6 }]],
      [6, [{ type: 'gameOver', winners: [] }]],
    ]);
    const record = (await watcher.request('record', {})) as GameRecordInput & { moveLimit: number };
    expect(record.moves).toHaveLength(6);
    const commitment = room.seedCommitment;
    // (As POST /api/verify reads it: the result as the page sends it, from the synced state.)
    expect(verifyRecord(VerifyRequest.parse({ record, commitment, result: room.result.toJSON() }))).toMatchObject({ ok: true, moveLimit: 6, outcome: null, problems: [], checks: { commitment: 'match', moves: 'all legal', finished: false, result: 'match' } });
    // A record that says it was stopped but holds other moves, or a stopped one passed off as finished, does not verify;
    // nor does a winner announced for it.
    expect(verifyRecord({ record: { ...record, moves: record.moves.slice(0, 5) } }).problems).toEqual(['The record says the game was stopped at the move limit after 6 moves, but it holds 5.']);
    const { moveLimit: _, ...unmarked } = record;
    expect(verifyRecord({ record: unmarked }).problems).toEqual(['The record ends before the game is over.']);
    expect(verifyRecord({ record, commitment, result: { winners: [0], standings: [] } }).checks.result).toBe('mismatch');
    await watcher.leave();
  });

  it('answers the record of a game too long to send at the table with a reason, keeping the connection; GET /api/records serves it', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 5 } }, 'create');
    const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, {}));
    const roomId = a.room.roomId;
    await waitFor(() => legalMoves(a).length && legalMoves(b).length, 5000, 'the deal (move 1)');
    await a.room.request('move', { type: 'ante', in: true });
    await b.room.request('move', { type: 'ante', in: true });
    for (let i = 0; i < 3; i++) await playOne([a, b]); // stopped at the 6th move
    await waitFor(() => state(a).status === 'over', 5000, 'game over');
    // A record of a game stopped at the default limit is about 4.3 MB: its moves as such a game's would be.
    const room = matchMaker.getLocalRoomById(roomId) as unknown as { journal: { moves: unknown[] } };
    const move = room.journal.moves.at(-1)!;
    for (let i = 0; i < 200_000; i++) room.journal.moves.push(move);
    const answer = await Promise.race([
      a.room.request('record', {}).then(
        () => 'sent',
        (err: { reason?: unknown }) => err.reason ?? 'the connection closed',
      ),
      sleep(5000).then(() => 'no answer'),
    ]);
    expect(answer).toMatchObject({ code: 'core/record-too-large' });
    expect(a.room.connection.isOpen).toBe(true);
    expect(await a.room.request('history', {})).toMatchObject({ complete: true });
    // Stored when the game ended, the record is served over HTTP.
    await waitFor(async () => (await store.exists(`parlor:record:${roomId}`)) === 1, 5000, 'record stored');
    expect(await (await fetch(`${server.http}/api/records/${roomId}`)).json()).toMatchObject({ roomId, moveLimit: 6 });
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it('serves a stored record as it was stored, one look-up a MiB started: an address gets a long record a few times a minute', async () => {
    // A game stopped at the default limit: its record is about 4.3 MB; this one 3.5 MB, four look-ups.
    const roomId = 'LongGame1';
    const moves = Array.from({ length: 70_000 }, (_, i) => ({ actor: i % 2, move: { type: 'play', card: i % 40 } }));
    const text = JSON.stringify({ game: 'high-card', roomId, options: { handSize: 5 }, seats: 2, seed: 'a'.repeat(32), rng: 'chacha20', moves, result: null, moveLimit: moves.length });
    const padded = text.replace('"moves":', `"note":"${'x'.repeat(3.5 * 1024 * 1024 - text.length)}","moves":`);
    await store.set(`parlor:record:${roomId}`, padded, 'EX', 60);
    const ask = () => fetch(`${server.http}/api/records/${roomId}`, { headers: { 'x-forwarded-for': '198.51.100.70' } });
    for (let i = 0; i < 2; i++) {
      const res = await ask(); // (the address's ten look-ups at once, less four each)
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.text()).toBe(padded);
    }
    const third = await ask();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toMatchObject({ code: 'core/rate-limited' });
    // Another address, and a record of less than a MiB, one look-up each as before.
    expect((await fetch(`${server.http}/api/records/${roomId}`, { headers: { 'x-forwarded-for': '198.51.100.71' } })).status).toBe(200);
    expect((await fetch(`${server.http}/api/records/NoSuchGame`, { headers: { 'x-forwarded-for': '198.51.100.72' } })).status).toBe(404);
  });
});
