/**
 * Fault tests with real processes and a private Redis that the tests stop and start: a Redis restart
 * mid-game, games given up after failed recoveries and put back by the operator, an earlier version's
 * journal. (Processes killed and deployed: recovery.test.ts; a stalled process: recovery-stall.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { metricOf, spawnServer } from './helpers/process.ts';
import { adopt, legalMoves, mine, state } from './helpers/clients.ts';
import { sleep, waitFor } from './helpers/ports.ts';
import { fileRedis, gameUnderWay, matchmake, playOne, playToEnd, snapshot } from './helpers/durable.ts';
import { execFile } from 'node:child_process';
import { rejoinSeat } from '../client/rejoin.ts';

const file = fileRedis();
const env = file.env;

describe('durable games', () => {
  it('a seat token asked for just after Redis restarted empty is not told the table is gone before its process puts it back', async () => {
    // Long beats: the process finds its keys lost, and puts the game's listing back, only at its next beat.
    const proc = await spawnServer({ ...env(), HEARTBEAT_MS: '2000' });
    try {
      const { players, roomId } = await gameUnderWay([proc]);
      await file.redis.stop();
      await file.redis.restart();
      // Asked again and again until the seat is back: a 404 on the way would be definite, the seat forgotten for good.
      const answers = new Set<string>();
      for (const until = Date.now() + 10_000; Date.now() < until; await sleep(20)) {
        const res = await fetch(`${proc.http}/api/rooms/${roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seatToken: players[0]!.seatToken }) });
        if (res.ok) {
          const back = await adopt(await new Client(proc.ws).consumeSeatReservation((await res.json()) as SeatReservation));
          expect(back.seat).toBe(players[0]!.seat);
          await back.room.leave();
          break;
        }
        answers.add(`${res.status} ${((await res.json()) as { code?: string }).code}`);
      }
      expect([...answers].filter((a) => !a.startsWith('503 '))).toEqual([]);
    } finally {
      await proc.stop('SIGKILL');
    }
  });

  it('plays on while Redis restarts (empty), then catches the journal up and keeps the finished record', async () => {
    const proc = await spawnServer(env());
    const reader = new Redis(file.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    reader.on('error', () => undefined);
    try {
      const { players, roomId } = await gameUnderWay([proc]);
      await file.redis.stop();
      for (let i = 0; i < 3; i++) await playOne(players); // accepted from memory while Redis is down
      await file.redis.restart();
      await playToEnd(players);
      // Counted: the connection's errors while Redis was away, the heartbeat found gone, the game rewritten.
      expect(await metricOf(proc, 'parlor_redis_errors_total{operation="connection"}')).toBeGreaterThan(0);
      // (the heartbeat is found gone at the first beat after Redis is back, which the game may finish before)
      await waitFor(async () => (await metricOf(proc, 'parlor_heartbeat_lapses_total')) > 0 || null, 5000, 'the lapsed heartbeat counted');
      expect(await metricOf(proc, 'parlor_journal_rewrites_total')).toBeGreaterThan(0);
      await reader.connect();
      const record = await waitFor(async () => reader.get(`parlor:record:${roomId}`), 10_000, 'finished record');
      const parsed = JSON.parse(record) as { moves: unknown[]; seed: string; result: { winners: number[] } };
      // deal + 2 antes + 8 plays: every move made, including those while Redis was down
      expect(parsed.moves).toHaveLength(11);
      expect(parsed.result.winners.length).toBeGreaterThan(0);
      expect(await reader.sismember('parlor:live', roomId)).toBe(0);
      // The same record over HTTP, from the server that kept it.
      expect(await (await fetch(`${proc.http}/api/records/${roomId}`)).json()).toEqual(parsed);
      expect((await fetch(`${proc.http}/api/records/no-such-room`)).status).toBe(404);
      expect(await reader.ttl(`parlor:record:${roomId}`)).toBeGreaterThan(3600); // a people's game: kept the retention period
      // A table of bots only, opened by a spectator to watch: its record is kept an hour at most.
      const watched = await matchmake(proc, { seats: 2, bots: 2, spectator: true, options: { handSize: 2 } });
      const watcher = await new Client(proc.ws).consumeSeatReservation(watched);
      const botsRecord = `parlor:record:${watched.roomId}`;
      await waitFor(async () => (await reader.exists(botsRecord)) === 1, 20_000, 'the bots finish');
      const ttl = await reader.ttl(botsRecord);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(3600);
      void watcher.leave().catch(() => undefined);
      // So is a game whose one seated player left every move to the bots and the server (its clock runs out).
      const idle = await matchmake(proc, { seats: 2, bots: 1, turnSeconds: 1, options: { handSize: 2 } });
      const sitter = await new Client(proc.ws).consumeSeatReservation(idle);
      const idleRecord = `parlor:record:${idle.roomId}`;
      await waitFor(async () => (await reader.exists(idleRecord)) === 1, 30_000, 'the idle game ends');
      expect(await reader.ttl(idleRecord)).toBeLessThanOrEqual(3600);
      void sitter.leave().catch(() => undefined);
    } finally {
      reader.disconnect();
      await proc.stop('SIGKILL');
    }
  });

  it('puts a game given up after failed recoveries back into play with the operator command; it plays on with no move lost', async () => {
    const fast = { ...env(), HEARTBEAT_MS: '250' }; // five tries over fifteen beats: about four seconds
    const procs = await Promise.all([spawnServer(fast), spawnServer(fast)]);
    const reader = new Redis(file.redis.url);
    try {
      const { owner, players, roomId, lastSeq } = await gameUnderWay(procs, { private: true });
      const invite = await waitFor(() => mine(players[0]!)?.invite, 3000, 'invite code');
      const survivor = procs.find((p) => p !== owner)!;
      const before = snapshot(players[0]!);
      // (The two commands at once: each is a process of its own, and neither changes what the other reads.)
      const [running, unknown] = await Promise.all([resumeCommand(roomId), resumeCommand('no-such-room')]);
      expect(running).toEqual({ code: 1, out: '', err: `${roomId}: refused: the game is running, on process ${owner.processId}\n` });
      expect(unknown).toEqual({ code: 1, out: '', err: 'no-such-room: refused: no journal of this game in Redis\n' });

      // A snapshot the server cannot read stands for a bug that fails every recovery of this game.
      const snap = `parlor:snap:${roomId}`;
      const good = await reader.get(snap);
      expect(good).not.toBeNull();
      await reader.set(snap, '{"seq":');
      await owner.stop('SIGKILL');
      await waitFor(() => survivor.output().includes('recovering a game failed for good'), 30_000, 'the game given up');
      expect(await reader.sismember('parlor:live', roomId)).toBe(0);
      // Its table is gone: the code, which its dead process left, goes at its next lookup (and comes back with the game).
      expect((await fetch(`${survivor.http}/api/invites/${invite}`)).status).toBe(404);
      expect(await reader.hexists('parlor:invites', invite)).toBe(0);
      expect((await resumeCommand('--list')).out).toBe(`${roomId} high-card, ${lastSeq} moves journaled, last owner ${survivor.processId}\n`);

      // The fix deployed (here: the snapshot readable again), the operator resumes the game.
      await reader.set(snap, good!);
      expect(await resumeCommand(roomId)).toEqual({ code: 0, out: `${roomId}: resumed: the next beat of a live process takes it over\n`, err: '' });
      const back = await Promise.all(players.map((p) => rejoinSeat([owner.ws, survivor.ws], { roomId, seatToken: p.seatToken }, { timeoutMs: 15_000 }).then(adopt)));
      expect(back.map((p) => p.room.roomId)).toEqual([roomId, roomId]);
      await waitFor(() => state(back[0]!).table?.scores?.length, 3000, 'state');
      expect(snapshot(back[0]!)).toBe(before);
      expect(await (await fetch(`${survivor.http}/api/invites/${invite}`)).json()).toEqual({ roomId, game: 'high-card' });
      expect((await playOne(back)).seq).toBe(lastSeq + 1); // every acknowledged move survived
      expect((await resumeCommand('--list')).out).toBe('no given-up games\n');

      await playToEnd(back);
      await waitFor(async () => (await reader.exists(`parlor:record:${roomId}`)) === 1, 5000, 'the record');
      expect(await resumeCommand(roomId)).toEqual({ code: 1, out: '', err: `${roomId}: refused: the game finished (its record is kept)\n` });
    } finally {
      reader.disconnect();
      await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    }
  }, 90_000);

  it("takes an earlier version's journal, which does not say whether a player moved, as a game players moved in: its record is kept the whole retention", async () => {
    // Limited like any address: the table is charged to loopback, and so is its record (counted a day).
    const fast = { ...env(), RATE_LIMIT_EXEMPT: '', HEARTBEAT_MS: '250' };
    const procs = await Promise.all([spawnServer(fast), spawnServer(fast)]);
    const reader = new Redis(file.redis.url);
    try {
      const reservation = await matchmake(procs[0]!, { seats: 2, bots: 1, turnSeconds: 2, options: { handSize: 1 } });
      const owner = procs.find((p) => p.processId === reservation.processId)!;
      const survivor = procs.find((p) => p !== owner)!;
      const ada = await adopt(await new Client(owner.ws).consumeSeatReservation(reservation));
      await ada.room.request('move', await waitFor(() => legalMoves(ada).find((m) => m.type === 'ante'), 5000, 'ante'));
      await owner.stop('SIGKILL');
      // The journal as a version before playersMoved left it.
      const game = `parlor:game:${reservation.roomId}`;
      const meta = JSON.parse((await reader.hget(game, 'meta'))!) as Record<string, unknown>;
      expect(meta).toHaveProperty('playersMoved');
      delete meta.playersMoved;
      await reader.hset(game, 'meta', JSON.stringify(meta));
      // Ada comes back to the survivor and leaves the rest to her clock: no player moves there.
      const back = await adopt(await rejoinSeat([survivor.ws], { roomId: reservation.roomId, seatToken: ada.seatToken }, { timeoutMs: 15_000 }));
      const record = `parlor:record:${reservation.roomId}`;
      await waitFor(async () => (await reader.exists(record)) === 1, 15_000, 'the game ends');
      expect(back.events.some((e) => e.events.some((ev) => ev.type === 'turnTimeout'))).toBe(true);
      expect(await reader.ttl(record)).toBeGreaterThan(3600);
      expect(Number(await reader.get('parlor:records-by:127.0.0.1'))).toBeGreaterThan(0); // (the count's commands were watched too)
      void back.room.leave().catch(() => undefined);
    } finally {
      reader.disconnect();
      await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    }
  });
});

/** `npm run game:resume -- …args` against the test Redis. */
function resumeCommand(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/resume-game.ts', ...args], { env: { ...process.env, REDIS_URL: file.redis.url } }, (error, out, err) =>
      resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}
