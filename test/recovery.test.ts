/**
 * Fault tests with real processes and a private Redis that the tests stop and start: a process killed
 * mid-game, a deploy (SIGTERM) mid-game, a Redis restart mid-game, a stalled process.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { metricOf, spawnServer, type ServerProcess } from './helpers/process.ts';
import { OLDEST_REDIS, startRedis, watchCommands, type CommandWatch, type RedisHandle } from './helpers/redis.ts';
import { adopt, legalMoves, state, type Player } from './helpers/clients.ts';
import { sleep, waitFor } from './helpers/ports.ts';
import { execFile } from 'node:child_process';
import { rejoinSeat } from '../client/rejoin.ts';
import { tablesKey } from '../src/server/front-door.ts';

let redis: RedisHandle;
let commands: CommandWatch;
beforeAll(async () => {
  redis = await startRedis();
  commands = await watchCommands(redis.url);
});
// Every command of these games, takeovers, handovers and records is one Redis 6.2 has: it refuses what came
// later (EXPIRE's NX, added in 7.0, aborted a whole finish there), and the tests' Redis is newer.
afterEach(() => {
  expect(commands.newerThan(OLDEST_REDIS)).toEqual([]);
});
afterAll(async () => {
  expect(commands.newerThan(OLDEST_REDIS)).toEqual([]);
  commands.stop();
  await redis.stop();
});

// Default heartbeat (700 ms); a snapshot every 2 moves so recovery replays from a snapshot, not only moves.
const env = () => ({ REDIS_URL: redis.url, RECONNECT_SECONDS: '20', SNAPSHOT_EVERY: '2' });

async function matchmake(through: ServerProcess, options: object): Promise<SeatReservation> {
  const res = await fetch(`${through.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) });
  return (await res.json()) as SeatReservation;
}

/** Two humans at a 2-seat table with 4 cards each; returns after both anted and played one card each. */
async function gameUnderWay(procs: ServerProcess[], extra: object = {}) {
  const reservation = await matchmake(procs[0]!, { seats: 2, options: { handSize: 4 }, ...extra });
  const owner = procs.find((p) => p.processId === reservation.processId)!;
  const ada = await adopt(await new Client(owner.ws).consumeSeatReservation(reservation));
  const bo = await adopt(await new Client(owner.ws).joinById(reservation.roomId));
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
async function playOne(players: Player[]): Promise<{ seq: number }> {
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

async function playToEnd(players: Player[]) {
  while (state(players[0]!).status !== 'over') {
    await playOne(players).catch(() => undefined); // the game may end between sync and request
    await sleep(5);
  }
}

const cardsLeft = (p: Player) => (state(p).table?.handCounts?.toJSON() as number[] | undefined)?.reduce((a, b) => a + b, 0);
const snapshot = (p: Player) => JSON.stringify({ scores: state(p).table.scores.toJSON(), counts: state(p).table.handCounts.toJSON() });

describe('durable games', () => {
  it('resumes a killed process’s game on a survivor under the same room id, with no move lost', async () => {
    const procs = await Promise.all([spawnServer(env()), spawnServer(env())]);
    try {
      const { owner, players, roomId, lastSeq } = await gameUnderWay(procs, { private: true });
      const survivor = procs.find((p) => p !== owner)!;
      const invite = await waitFor(() => state(players[0]!).invite, 3000, 'invite code');
      const before = snapshot(players[0]!);
      const tickets = players.map((p) => ({ roomId, seatToken: p.seatToken }));

      const killedAt = Date.now();
      await owner.stop('SIGKILL');
      const rooms = await Promise.all(tickets.map((t) => rejoinSeat([owner.ws, survivor.ws], t, { timeoutMs: 15_000 })));
      const back = await Promise.all(rooms.map((r) => adopt(r)));
      const recoveredInMs = Date.now() - killedAt;
      console.log(`recovery: both players back in the game ${recoveredInMs} ms after SIGKILL`);

      expect(back.map((p) => p.room.roomId)).toEqual([roomId, roomId]);
      expect(back.map((p) => p.seat)).toEqual(players.map((p) => p.seat));
      await waitFor(() => state(back[0]!).table?.scores?.length, 3000, 'state');
      expect(snapshot(back[0]!)).toBe(before);
      expect(state(back[0]!).invite).toBe(invite); // a private table stays private, under its code
      expect(await (await fetch(`${survivor.http}/api/invites/${invite}`)).json()).toMatchObject({ roomId });
      // Listed under its id, locked (a running game takes no new players) and started, and under no other key.
      const reader = new Redis(redis.url);
      const listings = await reader.hgetall('roomcaches').finally(() => reader.disconnect());
      expect(Object.keys(listings)).toEqual([roomId]);
      expect(JSON.parse(listings[roomId]!)).toMatchObject({ roomId, locked: true, metadata: { started: true } });

      const next = await playOne(back);

      expect(next.seq).toBe(lastSeq + 1); // every acknowledged move survived
      await playToEnd(back);
      expect(state(back[0]!).result.winners.length).toBeGreaterThan(0);
      expect(recoveredInMs).toBeLessThan(15_000);
    } finally {
      await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    }
  });

  it('frees the seats of a recovered table still waiting for players once their holders had their time to come back', async () => {
    const procs = await Promise.all([spawnServer({ ...env(), RECONNECT_SECONDS: '2' }), spawnServer({ ...env(), RECONNECT_SECONDS: '2' })]);
    try {
      const reservation = await matchmake(procs[0]!, { seats: 3, options: { handSize: 4 } });
      const owner = procs.find((p) => p.processId === reservation.processId)!;
      const survivor = procs.find((p) => p !== owner)!;
      const seated = [await new Client(owner.ws).consumeSeatReservation(reservation), await new Client(owner.ws).joinById(reservation.roomId)];
      expect(seated.every((r) => r.roomId === reservation.roomId)).toBe(true);
      await sleep(300); // the seats are in the journal
      await owner.stop('SIGKILL');
      // Nobody comes back: three newcomers fill the table at the survivor once the wait is over.
      const newcomers: Awaited<ReturnType<Client['joinById']>>[] = [];
      const refusals: string[] = [];
      const until = Date.now() + 30_000;
      while (newcomers.length < 3 && Date.now() < until) {
        const room = await new Client(survivor.ws).joinById(reservation.roomId).catch((e) => (refusals.push(String((e as Error).message).slice(0, 80)), null));
        if (room) newcomers.push(room);
        else await sleep(250);
      }
      expect(newcomers, [...new Set(refusals)].join(' | ')).toHaveLength(3);
      const players = await Promise.all(newcomers.map((r) => adopt(r)));
      await waitFor(() => state(players[0]!).status === 'playing', 5000, 'the game starts');
      expect(new Set(players.map((p) => p.seat))).toEqual(new Set([0, 1, 2]));
      for (const r of newcomers) void r.leave().catch(() => undefined);
    } finally {
      await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    }
  }, 60_000);

  it('keeps the seats a player filled with bots as bots when a survivor resumes the game', async () => {
    const procs = await Promise.all([spawnServer(env()), spawnServer(env())]);
    try {
      const reservation = await matchmake(procs[0]!, { seats: 3, options: { handSize: 2 } });
      const owner = procs.find((p) => p.processId === reservation.processId)!;
      const survivor = procs.find((p) => p !== owner)!;
      const ada = await adopt(await new Client(owner.ws).consumeSeatReservation(reservation));
      expect(await ada.room.request('fillWithBots')).toEqual({ ok: true, seats: [1, 2], waitingFor: [] });
      await waitFor(() => legalMoves(ada).some((m) => m.type === 'ante'), 5000, 'deal');
      await owner.stop('SIGKILL');
      // Asked at once, before the dead process's heartbeat lapses: "moving, retry in a moment", not "full".
      const early = await fetch(`${survivor.http}/api/rooms/${reservation.roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ spectator: true }) });
      expect([early.status, ((await early.json()) as { code?: string }).code]).toEqual([503, 'core/room-moving']);
      const back = await adopt(await rejoinSeat([survivor.ws], { roomId: reservation.roomId, seatToken: ada.seatToken }, { timeoutMs: 15_000 }));
      await waitFor(() => state(back).seats?.length === 3, 3000, 'state');
      expect(Array.from(state(back).seats, (s: { bot: boolean }) => s.bot)).toEqual([false, true, true]);
      // The bots play their seats on the survivor: the game reaches its end with Ada playing hers.
      const ante = await waitFor(() => legalMoves(back).find((m) => m.type === 'ante'), 5000, 'ante');
      await back.room.request('move', ante);
      await playToEnd([back]);
      expect(state(back).result.standings).toHaveLength(3);
    } finally {
      await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    }
  }, 60_000);

  it('hands running games over on SIGTERM; players rejoin on the other process', async () => {
    // Loopback limited like any address: the table stays charged to its creator through the handover. A
    // taken-over table waits RECONNECT_SECONDS for its players before it may close: 4 here.
    const limited = { ...env(), RATE_LIMIT_EXEMPT: '', RECONNECT_SECONDS: '4' };
    const procs = await Promise.all([spawnServer(limited), spawnServer(limited)]);
    const reader = new Redis(redis.url);
    const charged = () => reader.smembers(tablesKey('127.0.0.1'));
    try {
      const { owner, players, roomId, lastSeq } = await gameUnderWay(procs, { private: true });
      const survivor = procs.find((p) => p !== owner)!;
      const invite = await waitFor(() => state(players[0]!).invite, 3000, 'invite code');
      const before = snapshot(players[0]!);
      const closed = players.map((p) => new Promise<number>((resolve) => p.room.onLeave((code) => resolve(code))));
      const exit = owner.stop('SIGTERM');
      expect(await Promise.all(closed)).toEqual([4001, 4001]);
      expect(players[0]!.events.some((e) => e.events.some((ev) => ev.type === 'serverClosing' && (ev as { handover?: boolean }).handover))).toBe(true);
      const back = await Promise.all(players.map((p) => rejoinSeat([survivor.ws], { roomId, seatToken: p.seatToken }).then(adopt)));
      expect(await exit).toBe(0);
      await waitFor(() => state(back[0]!).table?.scores?.length, 3000, 'state');
      expect(snapshot(back[0]!)).toBe(before);
      expect((await playOne(back)).seq).toBe(lastSeq + 1);
      expect(await charged()).toEqual([roomId]);
      // The private table's invite code still leads to it, on the survivor.
      expect(await (await fetch(`${survivor.http}/api/invites/${invite}`)).json()).toMatchObject({ roomId });
      // The survivor knows whom the table was charged to: when it closes, the charge goes.
      await playToEnd(back);
      await Promise.all(back.map((p) => p.room.leave()));
      await waitFor(async () => (await charged()).length === 0, 10_000, 'the closed table uncharged');
    } finally {
      reader.disconnect();
      await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    }
  });

  it('a lone process replaced: a seat token is answered "moving", not "no such room", until the new process has the game back', async () => {
    const lone = await spawnServer(env());
    let replacement: ServerProcess | undefined;
    try {
      const { players, roomId, lastSeq } = await gameUnderWay([lone], { private: true });
      const invite = await waitFor(() => state(players[0]!).invite, 3000, 'invite code');
      const before = snapshot(players[0]!);
      expect(await lone.stop('SIGTERM')).toBe(0); // no peer to hand the game to: it waits in Redis, listed nowhere
      // The replacement claims a game only three beats after it starts (long ones here): asked before that.
      replacement = await spawnServer({ ...env(), HEARTBEAT_MS: '2000' });
      const asked = await fetch(`${replacement.http}/api/rooms/${roomId}/seat`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seatToken: players[0]!.seatToken }),
      });
      expect(asked.status).toBe(503);
      expect(await asked.json()).toMatchObject({ code: 'core/room-moving' });
      // The invite code too: "moving", and kept for the table.
      const looked = await fetch(`${replacement.http}/api/invites/${invite}`);
      expect([looked.status, await looked.json()]).toMatchObject([503, { code: 'core/room-moving' }]);
      const back = await Promise.all(players.map((p) => rejoinSeat([replacement!.ws], { roomId, seatToken: p.seatToken }).then(adopt)));
      await waitFor(() => state(back[0]!).table?.scores?.length, 3000, 'state');
      expect(await (await fetch(`${replacement.http}/api/invites/${invite}`)).json()).toEqual({ roomId, game: 'high-card' });
      expect(snapshot(back[0]!)).toBe(before);
      expect((await playOne(back)).seq).toBe(lastSeq + 1);
      await playToEnd(back);
      await Promise.all(back.map((p) => p.room.leave()));
    } finally {
      await Promise.all([lone, replacement].map((p) => p?.stop('SIGKILL')));
    }
  });

  it('a seat token asked for just after Redis restarted empty is not told the table is gone before its process puts it back', async () => {
    // Long beats: the process finds its keys lost, and puts the game's listing back, only at its next beat.
    const proc = await spawnServer({ ...env(), HEARTBEAT_MS: '2000' });
    try {
      const { players, roomId } = await gameUnderWay([proc]);
      await redis.stop();
      await redis.restart();
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
    const reader = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    reader.on('error', () => undefined);
    try {
      const { players, roomId } = await gameUnderWay([proc]);
      await redis.stop();
      for (let i = 0; i < 3; i++) await playOne(players); // accepted from memory while Redis is down
      await redis.restart();
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

  it('recovers the games of a stalled process and fences its stale copy when it wakes', async () => {
    // Loopback limited like any address: the stale copy closing must not uncharge the table the survivor
    // plays on.
    const limited = { ...env(), RATE_LIMIT_EXEMPT: '' };
    const procs = await Promise.all([spawnServer(limited), spawnServer(limited)]);
    const reader = new Redis(redis.url);
    try {
      const { owner, players, roomId } = await gameUnderWay(procs, { private: true });
      const survivor = procs.find((p) => p !== owner)!;
      const invite = await waitFor(() => state(players[0]!).invite, 3000, 'invite code');
      owner.child.kill('SIGSTOP');
      const back = await Promise.all(players.map((p) => rejoinSeat([survivor.ws], { roomId, seatToken: p.seatToken }).then(adopt)));
      owner.child.kill('SIGCONT');
      // The woken copy learns it no longer owns the game and closes; the players are already elsewhere.
      await waitFor(() => owner.output().includes('game owned by another process now'), 10_000, 'stale copy fenced');
      const hosted = async () => (await (await fetch(`${owner.http}/metrics`)).text()).match(/^parlor_rooms\{[^}]*\} (\d+)/m)?.[1] ?? '0';
      // At once: the seat reservations the survivor's rejoin attempts queued for it during the stall are
      // dropped, not waited out (Colyseus' 15 s).
      await waitFor(async () => (await hosted()) === '0', 5_000, 'stale copy closed');
      expect(await metricOf(owner, 'parlor_fenced_total')).toBe(1);
      expect(await metricOf(survivor, 'parlor_takeovers_total{game="high-card",result="recovered"}')).toBe(1);
      expect(await reader.smembers(tablesKey('127.0.0.1'))).toContain(roomId);
      expect(await (await fetch(`${survivor.http}/api/invites/${invite}`)).json()).toMatchObject({ roomId });
      await playToEnd(back);
      expect(state(back[0]!).status).toBe('over');
    } finally {
      reader.disconnect();
      owner_cont(procs);
      await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    }
  });

  it('woken from a stall, learns whether a peer took its game before it promises or gives a seat', async () => {
    const proc = await spawnServer(env());
    const reader = new Redis(redis.url);
    try {
      const { players, roomId } = await gameUnderWay([proc]);
      const [ada, bo] = players as [Player, Player];
      const guest = (seatToken: string) =>
        fetch(`${proc.http}/api/rooms/${roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seatToken }) });
      const early = (await (await guest(bo.seatToken)).json()) as SeatReservation; // reserved before the stall
      proc.child.kill('SIGSTOP');
      await reader.hset(`parlor:game:${roomId}`, 'owner', 'a-peer-that-took-the-game-over'); // what a peer's claim writes
      // Both wait in the stopped process' sockets, read as it wakes while its overdue beat's check is on its way.
      const asked = guest(ada.seatToken);
      const joined = new Client(proc.ws).consumeSeatReservation(early).then(
        () => 'joined',
        (e: Error & { code?: number }) => e.message || `closed ${e.code ?? ''}`.trim(),
      );
      await sleep(3000); // longer than peers wait (three 700 ms beats)
      proc.child.kill('SIGCONT');
      // Neither is given on the stale copy. Which answer each gets depends on whether the process read it
      // before or after a check came back: read before, the table says it is moving; read after, the table
      // has closed and dropped the reservation, or is gone. A client retries with its seat token on any of
      // them (client/rejoin.ts). On a loaded machine the join's socket may also be closed by the closing copy
      // before any answer (no reason given): refused all the same.
      const answer = await asked;
      expect([503, 404]).toContain(answer.status);
      expect((await answer.json()).code).toMatch(/^core\/(room-moving|unknown-room)$/);
      expect(await joined).toMatch(/core\/server-closing|seat reservation expired|^closed/);
      // (Answered while the ownership check was on its way, the refusals can come before the fence's line.)
      await waitFor(() => proc.output().includes('game owned by another process now'), 5000, 'the stale copy fenced');
    } finally {
      reader.disconnect();
      owner_cont([proc]);
      await proc.stop('SIGKILL');
    }
  });

  it('tells the mover of a move Redis refused because a peer owns the game that nothing was kept, before closing', async () => {
    // One process, beats too far apart to notice the takeover first: the move's own append is what
    // learns of it (a stalled process woken with a move already in its socket).
    const proc = await spawnServer({ ...env(), HEARTBEAT_MS: '60000' });
    const reader = new Redis(redis.url);
    try {
      const { players, roomId } = await gameUnderWay([proc]);
      const stored = await reader.llen(`parlor:moves:${roomId}`);
      await reader.hset(`parlor:game:${roomId}`, 'owner', 'a-peer-that-took-the-game-over'); // what a peer's claim writes
      const mover = await waitFor(() => players.find((x) => legalMoves(x).some((m) => m.type === 'play')), 5000, 'a player to move');
      const closed = new Promise<number>((resolve) => mover.room.onLeave((code) => resolve(code)));
      const answer = await mover.room.request('move', legalMoves(mover).find((m) => m.type === 'play')).then(
        (ok) => ({ ok }),
        (e: { reason?: unknown; message?: string }) => ({ refused: e.reason ?? e.message }),
      );
      expect(answer).toMatchObject({ refused: { code: 'core/server-closing' } });
      expect(await closed).toBe(4001);
      expect(await reader.llen(`parlor:moves:${roomId}`)).toBe(stored);
      expect(await metricOf(proc, 'parlor_fenced_total')).toBe(1);
    } finally {
      reader.disconnect();
      await proc.stop('SIGKILL');
    }
  });

  it('puts a game given up after failed recoveries back into play with the operator command; it plays on with no move lost', async () => {
    const fast = { ...env(), HEARTBEAT_MS: '250' }; // five tries over fifteen beats: about four seconds
    const procs = await Promise.all([spawnServer(fast), spawnServer(fast)]);
    const reader = new Redis(redis.url);
    try {
      const { owner, players, roomId, lastSeq } = await gameUnderWay(procs, { private: true });
      const invite = await waitFor(() => state(players[0]!).invite, 3000, 'invite code');
      const survivor = procs.find((p) => p !== owner)!;
      const before = snapshot(players[0]!);
      expect(await resumeCommand(roomId)).toEqual({ code: 1, out: '', err: `${roomId}: refused: the game is running, on process ${owner.processId}\n` });
      expect(await resumeCommand('no-such-room')).toEqual({ code: 1, out: '', err: 'no-such-room: refused: no journal of this game in Redis\n' });

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
    const reader = new Redis(redis.url);
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
    execFile(process.execPath, ['scripts/resume-game.ts', ...args], { env: { ...process.env, REDIS_URL: redis.url } }, (error, out, err) =>
      resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}

function owner_cont(procs: ServerProcess[]) {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGCONT');
}
