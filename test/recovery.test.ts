/**
 * Fault tests with real processes and a private Redis: a process killed mid-game (its game resumed on a
 * survivor), a deploy (SIGTERM) mid-game, a lone process replaced. (Redis restarts and games given up:
 * recovery-redis.test.ts; stalled processes: recovery-stall.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { spawnServer, type ServerProcess } from './helpers/process.ts';
import { adopt, joinAsSpectator, legalMoves, mine, state } from './helpers/clients.ts';
import { sleep, waitFor } from './helpers/ports.ts';
import { fileRedis, gameUnderWay, matchmake, playOne, playToEnd, snapshot } from './helpers/durable.ts';
import { rejoinSeat } from '../client/rejoin.ts';
import { tablesKey } from '../src/server/front-door.ts';

const file = fileRedis();
const env = file.env;

describe('durable games', () => {
  it('resumes a killed process’s game on a survivor under the same room id, with no move lost', async () => {
    const procs = await Promise.all([spawnServer(env()), spawnServer(env())]);
    try {
      const { owner, players, roomId, lastSeq } = await gameUnderWay(procs, { private: true });
      const survivor = procs.find((p) => p !== owner)!;
      const invite = await waitFor(() => mine(players[0]!)?.invite, 3000, 'invite code');
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
      // Its history: the events of the moves since the journal's last snapshot (one every 2 moves), as they were
      // sent; the older ones went with the dead process, and the answer says so.
      const snapshotSeq = lastSeq - (lastSeq % 2);
      expect(snapshotSeq).toBeGreaterThan(0);
      expect(await back[0]!.room.request('history')).toEqual({ messages: players[0]!.events.filter((m) => m.seq > snapshotSeq), complete: false });
      expect(mine(back[0]!)?.invite).toBe(invite); // a private table stays private, under its code
      expect(await (await fetch(`${survivor.http}/api/invites/${invite}`)).json()).toMatchObject({ roomId });
      // Listed under its id, locked (a running game takes no new players) and started, and under no other key.
      const reader = new Redis(file.redis.url);
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
      // Meanwhile a spectator at the survivor sees both seats held for their players: taken, away.
      let watcher: Awaited<ReturnType<typeof joinAsSpectator>> | null = null;
      for (const until = Date.now() + 20_000; !watcher && Date.now() < until; ) {
        watcher = await joinAsSpectator(survivor.ws, reservation.roomId).catch(() => null);
        if (!watcher) await sleep(50);
      }
      const seats = () => ((watcher!.state as { seats?: { taken: boolean; connected: boolean }[] }).seats ?? []).map((s) => [s.taken, s.connected]);
      await waitFor(() => seats().length === 3 || null, 2000, 'the seats');
      expect(seats()).toEqual([[true, false], [true, false], [false, false]]);
      void watcher!.leave().catch(() => undefined);
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

  it('brings a private table back invite-only though its journal holds no invite code, under a fresh one', async () => {
    const procs = await Promise.all([spawnServer(env()), spawnServer(env())]);
    const reader = new Redis(file.redis.url);
    try {
      const reservation = await matchmake(procs[0]!, { seats: 3, options: { handSize: 4 }, private: true });
      const { roomId } = reservation;
      const owner = procs.find((p) => p.processId === reservation.processId)!;
      const survivor = procs.find((p) => p !== owner)!;
      const ada = await adopt(await new Client(owner.ws).consumeSeatReservation(reservation));
      const invite = await waitFor(() => mine(ada)?.invite as string, 3000, 'invite code');
      await sleep(300); // the seat is in the journal
      await owner.stop('SIGKILL');
      // The code never journaled (Redis away when the table was made, or its process dead before the save).
      const meta = JSON.parse((await reader.hget(`parlor:game:${roomId}`, 'meta'))!) as { invite: string };
      await reader.hset(`parlor:game:${roomId}`, 'meta', JSON.stringify({ ...meta, invite: '' }));

      // A stranger with the room id alone is refused a seat once the survivor has the table.
      let refusal = '';
      const until = Date.now() + 20_000;
      while (!refusal.includes('core/invite-required') && Date.now() < until) {
        const stranger = await new Client(survivor.ws).joinById(roomId).catch((e: Error) => void (refusal = String(e.message)));
        if (stranger) {
          void stranger.leave().catch(() => undefined);
          refusal = 'seated';
          break;
        }
        await sleep(250);
      }
      expect(refusal).toContain('core/invite-required');
      const listings = await reader.hgetall('roomcaches');
      expect(JSON.parse(listings[roomId]!)).toMatchObject({ roomId, private: true });
      // Its player back sees a fresh code, which seats a friend.
      const back = await adopt(await rejoinSeat([survivor.ws], { roomId, seatToken: ada.seatToken }, { timeoutMs: 15_000 }));
      const fresh = await waitFor(() => mine(back)?.invite as string, 3000, 'a fresh invite code');
      expect(fresh).not.toBe(invite);
      expect(await (await fetch(`${survivor.http}/api/invites/${fresh}`)).json()).toEqual({ roomId, game: 'high-card' });
      const friend = await adopt(await new Client(survivor.ws).joinById(roomId, { invite: fresh.toLowerCase() }));
      expect(friend.seat).not.toBe(back.seat);
      await Promise.all([back, friend].map((p) => p.room.leave()));
    } finally {
      reader.disconnect();
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
      expect([early.status, ((await early.json()) as { code?: string }).code, early.headers.get('retry-after')]).toEqual([503, 'core/room-moving', '1']);
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

  it('sends a queued player whose group’s table was on a killed process to a new table at once, not after the calls to it time out', async () => {
    // Calls to a silent process time out late here: a ticket that waited for them would wait tens of seconds.
    const slowCalls = { COLYSEUS_PRESENCE_SHORT_TIMEOUT: '20000' };
    await file.forgetEarlierProcesses();
    const doomed = await spawnServer({ ...env(), ...slowCalls });
    let survivor: ServerProcess | undefined;
    try {
      const queue = (p: ServerProcess) => fetch(`${p.http}/api/queue/high-card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seats: 2 }) });
      // The first of its group: its table is made on the only process there is.
      const first = await adopt(await new Client(doomed.ws).consumeSeatReservation(await (await queue(doomed)).json()));
      survivor = await spawnServer({ ...env(), ...slowCalls });
      await doomed.stop('SIGKILL');
      const asked = Date.now();
      const second = await queue(survivor);
      expect(second.status).toBe(200);
      const reservation = (await second.json()) as { roomId: string };
      expect(reservation.roomId).not.toBe(first.room.roomId); // a new table: the group’s had no process to answer
      expect(Date.now() - asked).toBeLessThan(10_000);
    } finally {
      await Promise.all([doomed, survivor].map((p) => p?.stop('SIGKILL')));
    }
  });

  it('answers a seat, a join, a reconnection and an invite for a table on a killed process "moving" at once, not after the calls to it time out', async () => {
    // Calls to a silent process time out late here, and its heartbeat lapses late: a request that asked it would
    // wait tens of seconds, and the survivor takes no game over while the requests are asked.
    const slow = { ...env(), COLYSEUS_PRESENCE_SHORT_TIMEOUT: '20000', HEARTBEAT_MS: '10000' };
    await file.forgetEarlierProcesses();
    const doomed = await spawnServer(slow);
    let survivor: ServerProcess | undefined;
    try {
      // A private table waiting for its second player (unlocked: a join by id would ask its process for a seat).
      const reservation = await matchmake(doomed, { seats: 2, options: { handSize: 4 }, private: true });
      const ada = await adopt(await new Client(doomed.ws).consumeSeatReservation(reservation));
      const invite = await waitFor(() => mine(ada)?.invite as string, 3000, 'invite code');
      const { roomId } = reservation;
      survivor = await spawnServer(slow);
      await doomed.stop('SIGKILL');

      const post = (path: string, body: object) =>
        fetch(`${survivor!.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
      const answers = await Promise.all([
        post(`/api/rooms/${roomId}/seat`, { seatToken: ada.seatToken }),
        post(`/matchmake/joinById/${roomId}`, { invite }),
        post(`/matchmake/reconnect/${roomId}`, { reconnectionToken: ada.room.reconnectionToken.split(':')[1] }),
        fetch(`${survivor.http}/api/invites/${invite}`, { signal: AbortSignal.timeout(10_000) }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('1');
        expect(await answer.json()).toMatchObject({ code: 'core/room-moving' });
      }
    } finally {
      await Promise.all([doomed, survivor].map((p) => p?.stop('SIGKILL')));
    }
  }, 90_000);

  it('hands running games over on SIGTERM; players rejoin on the other process', async () => {
    // Loopback limited like any address: the table stays charged to its creator through the handover. A
    // taken-over table waits RECONNECT_SECONDS for its players before it may close: 4 here.
    const limited = { ...env(), RATE_LIMIT_EXEMPT: '', RECONNECT_SECONDS: '4' };
    const procs = await Promise.all([spawnServer(limited), spawnServer(limited)]);
    const reader = new Redis(file.redis.url);
    const charged = () => reader.smembers(tablesKey('127.0.0.1'));
    try {
      const { owner, players, roomId, lastSeq } = await gameUnderWay(procs, { private: true });
      const survivor = procs.find((p) => p !== owner)!;
      const invite = await waitFor(() => mine(players[0]!)?.invite, 3000, 'invite code');
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
    const lone = await spawnServer({ ...env(), SNAPSHOT_EVERY: '100' }); // a journal of moves only: the whole history is there
    let replacement: ServerProcess | undefined;
    try {
      const { players, roomId, lastSeq } = await gameUnderWay([lone], { private: true });
      const invite = await waitFor(() => mine(players[0]!)?.invite, 3000, 'invite code');
      const before = snapshot(players[0]!);
      expect(await lone.stop('SIGTERM')).toBe(0); // no peer to hand the game to: it waits in Redis, listed nowhere
      // The replacement claims a game only three beats after it starts (long ones here): asked before that.
      replacement = await spawnServer({ ...env(), HEARTBEAT_MS: '2000' });
      const asked = await fetch(`${replacement.http}/api/rooms/${roomId}/seat`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seatToken: players[0]!.seatToken }),
      });
      expect([asked.status, asked.headers.get('retry-after')]).toEqual([503, '1']);
      expect(await asked.json()).toMatchObject({ code: 'core/room-moving' });
      // The invite code too: "moving", and kept for the table.
      const looked = await fetch(`${replacement.http}/api/invites/${invite}`);
      expect([looked.status, await looked.json(), looked.headers.get('retry-after')]).toMatchObject([503, { code: 'core/room-moving' }, '1']);
      // And a join by id at the matchmaker: the table is listed nowhere, its game live.
      const joined = await fetch(`${replacement.http}/matchmake/joinById/${roomId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect([joined.status, ((await joined.json()) as { code?: string }).code, joined.headers.get('retry-after')]).toEqual([503, 'core/room-moving', '1']);
      const back = await Promise.all(players.map((p) => rejoinSeat([replacement!.ws], { roomId, seatToken: p.seatToken }).then(adopt)));
      await waitFor(() => state(back[0]!).table?.scores?.length, 3000, 'state');
      expect(await (await fetch(`${replacement.http}/api/invites/${invite}`)).json()).toEqual({ roomId, game: 'high-card' });
      expect(snapshot(back[0]!)).toBe(before);
      // Every move's events replayed from the journal, as they were sent (not the stopping process's own serverClosing).
      const moved = players[0]!.events.filter((m) => !m.events.some((e) => e.type === 'serverClosing'));
      expect(moved.map((m) => m.seq)).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));
      expect(await back[0]!.room.request('history')).toEqual({ messages: moved, complete: true });
      expect((await playOne(back)).seq).toBe(lastSeq + 1);
      await playToEnd(back);
      await Promise.all(back.map((p) => p.room.leave()));
    } finally {
      await Promise.all([lone, replacement].map((p) => p?.stop('SIGKILL')));
    }
  });
});
