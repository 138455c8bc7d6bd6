/**
 * Fault tests with real processes on a private Redis: a stalled process (SIGSTOP) whose games a peer took over,
 * its stale copy fenced when it wakes, whatever the peer did with the game meanwhile. (A Redis restart, games
 * given up and put back: recovery-redis.test.ts; processes killed and deployed: recovery.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { Redis, type ChainableCommander } from 'ioredis';
import { metricOf, spawnServer, statusOf, type ServerProcess } from './helpers/process.ts';
import { adopt, legalMoves, mine, state, type Player } from './helpers/clients.ts';
import { sleep, waitFor } from './helpers/ports.ts';
import { fileRedis, gameUnderWay, matchmake, playOne, playToEnd, snapshot } from './helpers/durable.ts';
import { rejoinSeat } from '../client/rejoin.ts';
import { finishedTablesKey, tablesKey } from '../src/server/front-door.ts';

const file = fileRedis();
const env = file.env;

describe('durable games: a stalled process', () => {
  it('recovers the games of a stalled process and fences its stale copy when it wakes', async () => {
    // Loopback limited like any address: the stale copy closing must not uncharge the table the survivor
    // plays on.
    const limited = { ...env(), RATE_LIMIT_EXEMPT: '' };
    const procs = await Promise.all([spawnServer(limited), spawnServer(limited)]);
    const reader = new Redis(file.redis.url);
    try {
      const { owner, players, roomId } = await gameUnderWay(procs, { private: true });
      const survivor = procs.find((p) => p !== owner)!;
      const invite = await waitFor(() => mine(players[0]!)?.invite, 3000, 'invite code');
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
    const stalled = await spawnServer({ ...limited, HEARTBEAT_MS: '60000', RECONNECT_SECONDS: '600' });
    const reader = new Redis(file.redis.url);
    let peer: ServerProcess | undefined;
    try {
      const { roomId, invite, watchers } = await watchedPrivateTable(stalled); // (alone: the table is made there)
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
    await onOneProcess(env(), async (proc, reader) => {
      const reservation = await matchmake(proc, { seats: 2, private: true });
      const { roomId } = reservation;
      const ada = await adopt(await new Client(proc.ws).consumeSeatReservation(reservation));
      const invite = await waitFor(() => mine(ada)?.invite, 3000, 'invite code');
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
    });
  });

  it("a copy woken from a stall, whose game the peer that took it over has finished, its table open there to be seen, leaves the peer's listing as it is", async () => {
    // As above, but the game finished at the peer (its record kept), whose table is still open: the listing names
    // the peer. The copy putting its listings back as it woke wrote its own over it, so that joins went to the copy.
    await onOneProcess(env(), async (proc, reader) => {
      const reservation = await matchmake(proc, { seats: 2 });
      const { roomId } = reservation;
      const ada = await adopt(await new Client(proc.ws).consumeSeatReservation(reservation));
      const closed = new Promise<number>((resolve) => ada.room.onLeave((code) => resolve(code)));
      const peers = await finishedAtPeer(reader, roomId, (tx) => tx.del(`parlor:proc:${proc.processId}`));
      expect(await closed).toBe(4001);
      await waitFor(() => proc.output().includes('game owned by another process now'), 5000, 'the copy fenced');
      await sleep(300); // (what its close sends Redis)
      expect(await reader.hget('roomcaches', roomId)).toBe(peers);
    });
  });

  it("a stalled copy not fenced yet, whose game the peer that took it over has finished, its table open there to be seen, leaves the peer's listing, invite code and finished-table count alone as its clients leave", async () => {
    // The stalled process beats once a minute: nothing fences it, nor puts its listings back. Its clients are
    // spectators, whose leaves write nothing the game owns. The game has no owner once finished: a check of the owner
    // alone would let each leave write the copy's listing over the peer's, and the last one's close remove it, the
    // invite code and the table from its creator's finished tables.
    // Loopback limited like any address: the table is counted to its creator.
    const stalled = await spawnServer({ ...env(), RATE_LIMIT_EXEMPT: '', HEARTBEAT_MS: '60000', RECONNECT_SECONDS: '600' });
    const reader = new Redis(file.redis.url);
    try {
      const { roomId, invite, watchers } = await watchedPrivateTable(stalled);
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
    await onOneProcess(env(), async (proc, reader) => {
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
    });
  });

  it('woken from a stall, learns whether a peer took its game before it promises or gives a seat', async () => {
    await onOneProcess(env(), async (proc, reader) => {
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
    });
  });

  it('woken from a stall, takes nothing its clients sent during it before it learns whether a peer took its games: with async acknowledgements a move is refused, not acknowledged and lost, and a wish to start now is not granted', async () => {
    // Beats of 250 ms: a stall of a second is longer than peers wait. Async: a move is acknowledged before Redis
    // answers its append, so only what the table knows before it applies the move can refuse it.
    await onOneProcess({ ...env(), HEARTBEAT_MS: '250', DURABILITY: 'async' }, async (proc, reader) => {
      const { players, roomId } = await gameUnderWay([proc]);
      const waiting = await matchmake(proc, { seats: 2 }); // a table waiting for its second player
      const waiter = await adopt(await new Client(proc.ws).consumeSeatReservation(waiting));
      await waitFor(async () => (await reader.llen(`parlor:moves:${roomId}`)) === 5 || null, 3000, 'the moves stored');
      const meta = await reader.hget(`parlor:game:${waiting.roomId}`, 'meta');
      const mover = await waitFor(() => players.find((x) => legalMoves(x).some((m) => m.type === 'play')), 5000, 'a player to move');
      const play = legalMoves(mover).find((m) => m.type === 'play');
      proc.child.kill('SIGSTOP');
      for (const id of [roomId, waiting.roomId]) await reader.hset(`parlor:game:${id}`, 'owner', 'a-peer-that-took-the-game-over'); // what a peer's claim writes
      const answerOf = (p: Promise<unknown>) => p.then((ok) => ({ ok }), (e: { reason?: unknown; message?: string }) => ({ refused: e.reason ?? e.message }));
      // Both wait in the stopped process's sockets.
      const moved = answerOf(mover.room.request('move', play));
      const filled = answerOf(waiter.room.request('fillWithBots'));
      await sleep(1000);
      proc.child.kill('SIGCONT');
      expect(await moved).toMatchObject({ refused: { code: 'core/server-closing' } });
      expect(await filled).toMatchObject({ refused: { code: 'core/server-closing' } });
      await waitFor(() => proc.output().includes('game owned by another process now'), 5000, 'the stale copies fenced');
      expect(await reader.llen(`parlor:moves:${roomId}`)).toBe(5);
      expect(await reader.hget(`parlor:game:${waiting.roomId}`, 'meta')).toBe(meta);
    });
  });

  it('woken from a stall, runs no timer before it learns whether a peer took its games: a bot whose pause ran out meanwhile does not move on the copy', async () => {
    // The bots' pause (1 s) runs out during the stall (1.2 s, longer than the 750 ms peers wait with 250 ms beats).
    // Five tables, one in each slice of the patch clock (patch-clock.ts): whichever slice comes first as the process
    // wakes is patched before any ownership check can come back.
    await onOneProcess({ ...env(), HEARTBEAT_MS: '250', BOT_DELAY_MS: '1000' }, async (proc, reader) => {
      const tables = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const reservation = await matchmake(proc, { seats: 2, bots: 1, options: { handSize: 4 } });
          const ada = await adopt(await new Client(proc.ws).consumeSeatReservation(reservation));
          await waitFor(() => legalMoves(ada).some((m) => m.type === 'ante'), 5000, 'deal');
          await ada.room.request('move', { type: 'ante', in: true });
          const play = await waitFor(() => legalMoves(ada).find((m) => m.type === 'play'), 10_000, 'her turn');
          const closed = new Promise<number>((resolve) => ada.room.onLeave((code) => resolve(code)));
          return { roomId: reservation.roomId, ada, play, closed, seq: 0 };
        }),
      );
      // At once at every table: the bots' turns, their pauses begun.
      await Promise.all(tables.map(async (t) => (t.seq = ((await t.ada.room.request('move', t.play)) as { seq: number }).seq)));
      proc.child.kill('SIGSTOP');
      for (const { roomId } of tables) await reader.hset(`parlor:game:${roomId}`, 'owner', 'a-peer-that-took-the-game-over'); // what a peer's claim writes
      await sleep(1200);
      proc.child.kill('SIGCONT');
      for (const { roomId, ada, seq, closed } of tables) {
        expect(await closed).toBe(4001);
        expect(await reader.llen(`parlor:moves:${roomId}`)).toBe(seq);
        // Told of no move the game does not have: the last events are her own move's, then the handover.
        expect(ada.events.filter((e) => e.seq > seq)).toEqual([]);
      }
    });
  });

  it('tells the mover of a move Redis refused because a peer owns the game that nothing was kept, before closing', async () => {
    // One process, beats too far apart to notice the takeover first: the move's own append is what
    // learns of it (a stalled process woken with a move already in its socket).
    await onOneProcess({ ...env(), HEARTBEAT_MS: '60000' }, async (proc, reader) => {
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
    });
  });
});

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

/**
 * Runs `run` against one server process started with `settings`, with a Redis client of its own to read what the
 * process stored; stops both after, the process woken first if the test left it stopped.
 */
async function onOneProcess(settings: Record<string, string>, run: (proc: ServerProcess, reader: Redis) => Promise<void>) {
  const proc = await spawnServer(settings);
  const reader = new Redis(file.redis.url);
  try {
    await run(proc, reader);
  } finally {
    reader.disconnect();
    owner_cont([proc]);
    await proc.stop('SIGKILL');
  }
}

function owner_cont(procs: ServerProcess[]) {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGCONT');
}

/**
 * A private table waiting for players on `proc`, watched by two spectators who joined by its room id, its one
 * player (who made it, and read its invite code) gone before the start: the table's clients are spectators only,
 * and it stays open for them (RECONNECT_SECONDS, which the test sets long) and counted to its creator's address.
 */
async function watchedPrivateTable(proc: ServerProcess) {
  const reservation = await matchmake(proc, { seats: 2, private: true });
  const { roomId } = reservation;
  const ada = await adopt(await new Client(proc.ws).consumeSeatReservation(reservation));
  const invite = await waitFor(() => mine(ada)?.invite as string | undefined, 3000, 'invite code');
  const watchers = [await new Client(proc.ws).joinById(roomId, { spectator: true }), await new Client(proc.ws).joinById(roomId, { spectator: true })];
  await ada.room.leave(true); // before the start: its seat is free again
  const seen = watchers[1]!.state as { seats?: { taken: boolean }[] };
  await waitFor(async () => (seen.seats?.[0]?.taken === false && (await metricOf(proc, 'parlor_clients{game="high-card"}')) === 2) || null, 5_000, 'the player gone');
  await sleep(300); // (what the leave sends Redis)
  return { roomId, invite, watchers };
}
