/**
 * Fault tests with real processes and a private Redis that the tests stop and start: a Redis restart
 * mid-game, a stalled process and its stale copy fenced, games given up after failed recoveries and put
 * back by the operator, an earlier version's journal. (Processes killed and deployed: recovery.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { Redis, type ChainableCommander } from 'ioredis';
import { metricOf, spawnServer, statusOf, type ServerProcess } from './helpers/process.ts';
import { adopt, legalMoves, state, type Player } from './helpers/clients.ts';
import { sleep, waitFor } from './helpers/ports.ts';
import { fileRedis, gameUnderWay, matchmake, playOne, playToEnd, snapshot } from './helpers/durable.ts';
import { execFile } from 'node:child_process';
import { rejoinSeat } from '../client/rejoin.ts';
import { finishedTablesKey, tablesKey } from '../src/server/front-door.ts';

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

  it('recovers the games of a stalled process and fences its stale copy when it wakes', async () => {
    // Loopback limited like any address: the stale copy closing must not uncharge the table the survivor
    // plays on.
    const limited = { ...env(), RATE_LIMIT_EXEMPT: '' };
    const procs = await Promise.all([spawnServer(limited), spawnServer(limited)]);
    const reader = new Redis(file.redis.url);
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

  it("a stalled copy whose table empties as it wakes, before anything fenced it, leaves the peer's listing, invite code and open-table count alone", async () => {
    // The stalled process beats once a minute: nothing but what its clients' leaves do follows its waking. Its
    // clients are spectators, whose leaves write nothing the game owns (a player's would fence the copy).
    // Loopback limited like any address: the table is counted to its creator's open tables.
    const limited = { ...env(), RATE_LIMIT_EXEMPT: '' };
    const stalled = await spawnServer({ ...limited, HEARTBEAT_MS: '60000' });
    const reader = new Redis(file.redis.url);
    let peer: ServerProcess | undefined;
    try {
      const reservation = await matchmake(stalled, { seats: 2, private: true, spectator: true }); // (alone: the table is made there)
      const { roomId } = reservation;
      const watchers = [await new Client(stalled.ws).consumeSeatReservation(reservation), await new Client(stalled.ws).joinById(roomId, { spectator: true })];
      const invite = await waitFor(() => (watchers[0]!.state as { invite?: string }).invite, 3000, 'invite code');
      const counted = async () => (await reader.smembers(tablesKey('127.0.0.1'))).includes(roomId);
      expect(await counted()).toBe(true);
      peer = await spawnServer(limited);
      stalled.child.kill('SIGSTOP');
      await reader.del(`parlor:proc:${stalled.processId}`); // its heartbeat expired, as in a stall three beats long
      const listing = async () => (JSON.parse((await reader.hget('roomcaches', roomId)) ?? 'null') as { processId?: string } | null)?.processId;
      await waitFor(async () => (await listing()) === peer!.processId || null, 15_000, 'the peer took the table over');
      const invited = async () => (await fetch(`${peer!.http}/api/invites/${invite}`)).json();
      expect(await invited()).toEqual({ roomId, game: 'high-card' });
      const moved = await new Client(peer.ws).joinById(roomId, { spectator: true }); // a watcher, at the peer
      // One old connection's leave waits in the stalled process's socket: read as it wakes, it leaves one
      // watcher there, and Colyseus writes the listing again with one client fewer.
      void watchers[0]!.leave().catch(() => undefined);
      stalled.child.kill('SIGCONT');
      const watching = () => metricOf(stalled, 'parlor_clients{game="high-card"}');
      await waitFor(async () => (await watching()) === 1 || null, 5_000, 'the leave read');
      await sleep(300); // (what it sends Redis)
      expect(await listing()).toBe(peer.processId);
      // The other's leave empties the table there.
      void watchers[1]!.leave().catch(() => undefined);
      const hosted = async () => (await (await fetch(`${stalled.http}/metrics`)).text()).match(/^parlor_rooms\{[^}]*\} (\d+)/m)?.[1] ?? '0';
      await waitFor(async () => (await hosted()) === '0', 5_000, 'the stale copy closed');
      await sleep(300); // (what its close sends Redis)
      expect(await listing()).toBe(peer.processId);
      expect(await invited()).toEqual({ roomId, game: 'high-card' });
      expect(await counted()).toBe(true); // the peer runs it
      expect(moved.roomId).toBe(roomId);
    } finally {
      reader.disconnect();
      owner_cont([stalled]);
      await Promise.all([stalled, peer].map((p) => p?.stop('SIGKILL')));
    }
  });

  it('a copy woken from a stall, whose game the peer that took it over has ended meanwhile, leaves no listing naming it behind', async () => {
    // Woken, the process finds its heartbeat gone and puts its listings and invite codes back; the game being no
    // process's (ended at the peer), its listing is written, and only the rewrite of its journal after it learns
    // that the game ended and fences the copy. The listing, left, named a table that is not there for good (and
    // its invite code, put back too, resolved to it).
    const proc = await spawnServer(env());
    const reader = new Redis(file.redis.url);
    try {
      const reservation = await matchmake(proc, { seats: 2, private: true });
      const { roomId } = reservation;
      const ada = await adopt(await new Client(proc.ws).consumeSeatReservation(reservation));
      const invite = await waitFor(() => state(ada).invite, 3000, 'invite code');
      const closed = new Promise<number>((resolve) => ada.room.onLeave((code) => resolve(code)));
      // At once, what a stall longer than three beats leaves: a peer took the game over and abandoned it (nobody
      // came back to it), its table closed, taking its listing and the code away; this process's heartbeat expired.
      await reader
        .multi()
        .del(`parlor:game:${roomId}`, `parlor:moves:${roomId}`, `parlor:snap:${roomId}`, `parlor:proc:${proc.processId}`)
        .srem('parlor:live', roomId)
        .set(`parlor:abandoned:${roomId}`, 'a-peer-that-took-the-game-over', 'EX', 3600)
        .hdel('roomcaches', roomId)
        .hdel('parlor:invites', invite)
        .exec();
      expect(await closed).toBe(4001);
      await waitFor(() => proc.output().includes('game owned by another process now'), 5000, 'the copy fenced');
      await sleep(300); // (what its close sends Redis)
      expect(await reader.hget('roomcaches', roomId)).toBeNull();
      // Its code, put back as it woke, names no table: answered so, and removed, once Redis has settled.
      await waitFor(async () => (await statusOf(proc, `/api/invites/${invite}`)) === 404 || null, 10_000, 'the code unknown');
      expect(await reader.hexists('parlor:invites', invite)).toBe(0);
    } finally {
      reader.disconnect();
      await proc.stop('SIGKILL');
    }
  });

  it("a copy woken from a stall, whose game the peer that took it over has finished, its table open there to be seen, leaves the peer's listing as it is", async () => {
    // As above, but the game finished at the peer (its record kept), whose table is still open: the listing names
    // the peer. The copy putting its listings back as it woke wrote its own over it, so that joins went to the copy.
    const proc = await spawnServer(env());
    const reader = new Redis(file.redis.url);
    try {
      const reservation = await matchmake(proc, { seats: 2 });
      const { roomId } = reservation;
      const ada = await adopt(await new Client(proc.ws).consumeSeatReservation(reservation));
      const closed = new Promise<number>((resolve) => ada.room.onLeave((code) => resolve(code)));
      const peers = await finishedAtPeer(reader, roomId, (tx) => tx.del(`parlor:proc:${proc.processId}`));
      expect(await closed).toBe(4001);
      await waitFor(() => proc.output().includes('game owned by another process now'), 5000, 'the copy fenced');
      await sleep(300); // (what its close sends Redis)
      expect(await reader.hget('roomcaches', roomId)).toBe(peers);
    } finally {
      reader.disconnect();
      await proc.stop('SIGKILL');
    }
  });

  it("a stalled copy not fenced yet, whose game the peer that took it over has finished, its table open there to be seen, leaves the peer's listing, invite code and finished-table count alone as its clients leave", async () => {
    // The stalled process beats once a minute: nothing fences it, nor puts its listings back. Its clients are
    // spectators, whose leaves write nothing the game owns. The game has no owner once finished: a check of the owner
    // alone would let each leave write the copy's listing over the peer's, and the last one's close remove it, the
    // invite code and the table from its creator's finished tables.
    // Loopback limited like any address: the table is counted to its creator.
    const stalled = await spawnServer({ ...env(), RATE_LIMIT_EXEMPT: '', HEARTBEAT_MS: '60000' });
    const reader = new Redis(file.redis.url);
    try {
      const reservation = await matchmake(stalled, { seats: 2, private: true, spectator: true });
      const { roomId } = reservation;
      const watchers = [await new Client(stalled.ws).consumeSeatReservation(reservation), await new Client(stalled.ws).joinById(roomId, { spectator: true })];
      const invite = await waitFor(() => (watchers[0]!.state as { invite?: string }).invite, 3000, 'invite code');
      const code = await reader.hget('parlor:invites', invite);
      // What the peer left besides: its table counted to its creator's finished tables.
      const peers = await finishedAtPeer(reader, roomId, (tx) => tx.srem(tablesKey('127.0.0.1'), roomId).sadd(finishedTablesKey('127.0.0.1'), roomId));
      void watchers[0]!.leave().catch(() => undefined); // Colyseus writes the listing again with one client fewer
      await waitFor(async () => (await metricOf(stalled, 'parlor_clients{game="high-card"}')) === 1 || null, 5_000, 'the leave read');
      await sleep(300); // (what it sends Redis)
      expect(await reader.hget('roomcaches', roomId)).toBe(peers);
      void watchers[1]!.leave().catch(() => undefined); // the table empties and closes
      const hosted = async () => (await (await fetch(`${stalled.http}/metrics`)).text()).match(/^parlor_rooms\{[^}]*\} (\d+)/m)?.[1] ?? '0';
      await waitFor(async () => (await hosted()) === '0', 5_000, 'the stale copy closed');
      await sleep(300); // (what its close sends Redis)
      expect(await reader.hget('roomcaches', roomId)).toBe(peers);
      expect(await reader.hget('parlor:invites', invite)).toBe(code);
      expect(await reader.smembers(finishedTablesKey('127.0.0.1'))).toContain(roomId);
    } finally {
      reader.disconnect();
      await stalled.stop('SIGKILL');
    }
  });

  it('takes back a game whose copy it is still closing, fenced, when the peer that took the game over has died meanwhile: the game runs here again', async () => {
    // At once, what a stall leaves when the peer that took the game over dies before the woken process's next beat:
    // the game is that peer's and the peer beats no more. That beat fences the copy and, in the same round, claims
    // the game back. The copy takes a second to close (Colyseus waits that long once it let go of a dropped
    // player's held seat); the claim found a room of that id here and took it for the game running.
    const proc = await spawnServer(env());
    const reader = new Redis(file.redis.url);
    try {
      const { players, roomId, lastSeq } = await gameUnderWay([proc]);
      const [ada, bo] = players as [Player, Player];
      const before = snapshot(ada);
      bo.room.connection.close(); // dropped: the seat waits for a reconnection
      await waitFor(() => state(ada).seats[bo.seat].connected === false, 3000, 'seat shown disconnected');
      const closed = new Promise<number>((resolve) => ada.room.onLeave((code) => resolve(code)));
      await sleep(2500); // a process claims no game in its first three beats connected to Redis
      await reader.hset(`parlor:game:${roomId}`, 'owner', 'a-peer-that-took-the-game-over-and-died');
      expect(await closed).toBe(4001);
      const back = await Promise.all(players.map((p) => rejoinSeat([proc.ws], { roomId, seatToken: p.seatToken }, { timeoutMs: 10_000 }).then(adopt)));
      await waitFor(() => state(back[0]!).table?.scores?.length, 3000, 'state');
      expect(snapshot(back[0]!)).toBe(before);
      expect(JSON.parse((await reader.hget('roomcaches', roomId))!)).toMatchObject({ processId: proc.processId });
      expect((await playOne(back)).seq).toBe(lastSeq + 1); // journaled here again
      expect(await reader.hget(`parlor:game:${roomId}`, 'owner')).toBe(proc.processId);
      expect(proc.output()).not.toContain('recovering a game failed'); // waited for, not failed and tried again
    } finally {
      reader.disconnect();
      await proc.stop('SIGKILL');
    }
  });

  it('woken from a stall, learns whether a peer took its game before it promises or gives a seat', async () => {
    const proc = await spawnServer(env());
    const reader = new Redis(file.redis.url);
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
    const reader = new Redis(file.redis.url);
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
    const reader = new Redis(file.redis.url);
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
/**
 * What a peer that took the game over and finished it leaves in Redis, planted in one transaction (with `more` of
 * the test's own): the game's record kept, no owner, not live, and its table listed by the peer (that listing returned).
 */
async function finishedAtPeer(reader: Redis, roomId: string, more: (tx: ChainableCommander) => ChainableCommander) {
  const peers = JSON.stringify({ ...JSON.parse((await reader.hget('roomcaches', roomId))!), processId: 'a-peer-that-took-the-game-over' });
  const tx = reader
    .multi()
    .del(`parlor:game:${roomId}`, `parlor:moves:${roomId}`, `parlor:snap:${roomId}`)
    .srem('parlor:live', roomId)
    .set(`parlor:record:${roomId}`, '{}', 'EX', 3600)
    .hset('roomcaches', roomId, peers);
  await more(tx).exec();
  return peers;
}

function resumeCommand(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/resume-game.ts', ...args], { env: { ...process.env, REDIS_URL: file.redis.url } }, (error, out, err) =>
      resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}

function owner_cont(procs: ServerProcess[]) {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGCONT');
}
