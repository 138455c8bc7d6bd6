/**
 * The generic room adapter over real WebSockets, with the fixture game (test/fixture/high-card.ts):
 * seats, hidden information, moves and errors, spectators, reconnection, seat tokens, bots, the turn
 * clock, private tables, the flood limit, and that a closed table is let go of.
 */
import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { WebSocket } from 'ws';
import { roomSettings, type RoomSettings } from '../rooms/settings.ts';
import { loadConfig } from '../src/server/config.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { adopt, joinAsPlayer, joinAsSpectator, legalMoves, mine, state, type Player } from './helpers/clients.ts';
import { sleep, waitFor } from './helpers/ports.ts';
import { startRelay } from './helpers/relay.ts';

let server: TestServer;

/** Runs `body` with the in-process server's room setting `key` at `value` (RECONNECT_SECONDS, …), as it was after. */
async function withRoomSetting<K extends keyof RoomSettings>(key: K, value: RoomSettings[K], body: () => Promise<void>) {
  const before = roomSettings[key];
  roomSettings[key] = value;
  try {
    await body();
  } finally {
    roomSettings[key] = before;
  }
}

beforeAll(async () => {
  server = await startServer({ MAX_MESSAGES_PER_SECOND: '40', RECONNECT_SECONDS: '5' });
});
afterAll(() => server.close());

/** Two players at a fresh table; waits until the SYSTEM deal has happened. */
async function table(extra: Record<string, unknown> = {}): Promise<[Player, Player]> {
  const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, name: 'Ada', ...extra }, 'create');
  const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
  await waitFor(() => state(a).table.phase === 'ante' && legalMoves(a).length > 0, 5000, 'deal');
  return [a, b];
}

describe('seats and hidden information', () => {
  it('gives each player a seat and token, starts when full, and shows each hand only to its owner', async () => {
    const [a, b] = await table();
    expect([a.seat, b.seat].sort()).toEqual([0, 1]);
    expect(a.seatToken).toMatch(/^[\w-]{16,}$/);
    expect(state(a).status).toBe('playing');
    expect(Array.from(state(a).seats, (s: { name: string }) => s.name)).toEqual(['Ada', 'Bo']);
    expect(mine(a).view.hand.length).toBe(3);
    expect(mine(a).seatToken).toBe(a.seatToken);
    // Only its own private entry reaches a client.
    expect(state(a).private.get(String(b.seat))).toBeUndefined();
    expect(state(b).private.get(String(a.seat))).toBeUndefined();
    expect(Array.from(state(a).activeSeats).sort()).toEqual([0, 1]);
  });

  it('lets a spectator watch the public table with no private data, even at a full table', async () => {
    const [a] = await table();
    const spectator = await joinAsSpectator(server.ws, a.room.roomId);
    const watched = () => spectator.state as ReturnType<typeof state>;
    await waitFor(() => watched()?.table?.phase === 'ante', 3000, 'spectator state');
    expect(Array.from(watched().table.handCounts)).toEqual([3, 3]);
    expect(watched().private?.size ?? 0).toBe(0);
    await expect(spectator.request('move', { type: 'ante', in: true })).rejects.toMatchObject({ reason: { code: 'core/not-seated' } });
  });

  it('sends a third player to a new table instead of the full one', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 2 } });
    const b = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 2 } });
    const c = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 2 } });
    expect(b.room.roomId).toBe(a.room.roomId);
    expect(c.room.roomId).not.toBe(a.room.roomId);
    expect(c.seat).toBe(0);
  });

  it('never matches tables with other options', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 4 } });
    const b = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 5 } });
    expect(b.room.roomId).not.toBe(a.room.roomId);
  });

  it('shows a display name without control, format or bidi characters, and refuses one with nothing to show', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, name: '\u202Eevil\u0000\u001b[2J\n\n  twin\ud800' }, 'create');
    await expect(new Client(server.ws).joinById(a.room.roomId, { name: '\u200b\u2066 \u00ad' })).rejects.toThrow(/core\/bad-options: name: a name needs a visible character/);
    await expect(new Client(server.ws).joinById(a.room.roomId, { name: '\u3164 \u2800\uffa0' })).rejects.toThrow(/core\/bad-options: name: a name needs a visible character/);
    await expect(new Client(server.ws).joinById(a.room.roomId, { name: '\u0300\u0301 \u20dd' })).rejects.toThrow(/core\/bad-options: name: a name needs a visible character/); // marks with nothing to mark
    const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo\u200d\u200e' }));
    await waitFor(() => state(b).seats[0]?.name && state(b).seats[1]?.name === 'Bo', 3000, 'names');
    expect(state(b).seats[0].name).toBe('evil[2J twin\ufffd');
  });

  it('rejects bad create options with a clear error', async () => {
    await expect(new Client(server.ws).create('high-card', { seats: 9 })).rejects.toThrow(/core\/bad-options: .*seats 2–4/);
    await expect(new Client(server.ws).create('high-card', { options: { handSize: 'many' } })).rejects.toThrow(/core\/bad-options: options\.handSize/);
    // A misspelt option is refused, not dropped (the table would play by the default rule).
    await expect(new Client(server.ws).create('high-card', { options: { handsize: 2 } })).rejects.toThrow(/core\/bad-options: options: high-card has no option "handsize"/);
  });
});

describe('moves', () => {
  it('accepts a legal move with its events and lists the next legal moves', async () => {
    const [a] = await table();
    const listed = await a.room.request('legalMoves');
    expect(listed).toEqual([{ type: 'ante', in: true }, { type: 'ante', in: false }]);
    expect(legalMoves(a)).toEqual(listed); // the synced map: keys are the moves' JSON texts, in the engine's order
    expect([...(mine(a).legalMoves as Map<string, string>).values()]).toEqual(['ante', 'ante']);
    const reply = await a.room.request('move', { type: 'ante', in: true });
    expect(reply).toMatchObject({ ok: true, events: [{ type: 'anted', seat: a.seat }] });
    await waitFor(() => state(a).table.anted[a.seat] === true, 3000, 'ante synced');
    expect(await a.room.request('legalMoves')).toEqual([]);
  });

  it('answers legalMoves with the seq its list belongs to when asked { withSeq: true }', async () => {
    const [a, b] = await table();
    const before = (await a.room.request('legalMoves', { withSeq: true })) as { seq: number; moves: unknown[] };
    expect(before).toEqual({ seq: state(a).seq, moves: [{ type: 'ante', in: true }, { type: 'ante', in: false }] });
    const reply = (await a.room.request('move', { type: 'ante', in: true })) as { seq: number };
    // Asked right after the move's reply, before its patch: the list is the table's now, and says so.
    expect(await a.room.request('legalMoves', { withSeq: true })).toEqual({ seq: reply.seq, moves: [] });
    expect(reply.seq).toBe(before.seq + 1);
    const spectator = await joinAsSpectator(server.ws, a.room.roomId);
    expect(await spectator.request('legalMoves', { withSeq: true })).toEqual({ seq: reply.seq, moves: [] });
    // Without it (or with anything else) the plain list, as before.
    expect(await b.room.request('legalMoves', { withSeq: 'yes' })).toEqual([{ type: 'ante', in: true }, { type: 'ante', in: false }]);
  });

  it('rejects illegal, malformed and out-of-turn moves with a namespaced reason and keeps the connection', async () => {
    const [a, b] = await table();
    await expect(a.room.request('move', { type: 'play', card: 1 })).rejects.toMatchObject({ reason: { code: 'high-card/expected-ante' } });
    await expect(a.room.request('move', 'garbage')).rejects.toMatchObject({ reason: { code: 'core/malformed-move' } });
    await expect(a.room.request('move', { nope: 1 })).rejects.toMatchObject({ reason: { code: 'core/malformed-move' } });
    await a.room.request('move', { type: 'ante', in: false });
    await expect(a.room.request('move', { type: 'ante', in: false })).rejects.toMatchObject({ reason: { code: 'core/not-your-turn' } });
    // A fire-and-forget move that fails is answered with an `error` message, not a disconnect.
    a.room.send('move', { type: 'bogus' });
    await waitFor(() => a.errors.length > 0, 3000, 'error message');
    expect(a.errors[0]).toMatchObject({ code: 'core/unknown-move' });
    a.room.send('no-such-type', {});
    await waitFor(() => a.errors.length > 1, 3000, 'unknown message error');
    expect(a.errors[1]).toMatchObject({ code: 'core/unknown-message' });
    // So is a refused `record` sent without `request` (the game is not over), as `fillWithBots` is.
    a.room.send('record');
    await waitFor(() => a.errors.length > 2, 3000, 'record refusal');
    expect(a.errors[2]).toMatchObject({ code: 'core/game-not-over' });
    // Still connected and playing.
    expect(a.room.connection.isOpen).toBe(true);
    await b.room.request('move', { type: 'ante', in: true });
    await waitFor(() => state(a).table.phase === 'play', 3000, 'play phase');
  });

  it('sends every move’s events after the state that shows it, and says where the table stood when it refuses', async () => {
    const [a, b] = await table();
    // What each client's state said when each `events` message arrived.
    const seen: { seq: number; stateSeq: number; anted: boolean[] }[] = [];
    a.room.onMessage('events', (m: { seq: number }) => seen.push({ seq: m.seq, stateSeq: state(a).seq, anted: state(a).table.anted.toJSON() }));
    const before = state(a).seq;
    const reply = (await a.room.request('move', { type: 'ante', in: true })) as { seq: number };
    expect(reply.seq).toBe(before + 1);
    await b.room.request('move', { type: 'ante', in: true });
    await waitFor(() => seen.some((s) => s.seq >= reply.seq + 1), 3000, 'events of both antes');
    for (const s of seen) expect(s.stateSeq).toBeGreaterThanOrEqual(s.seq); // never ahead of the state
    const own = seen.find((s) => s.seq === reply.seq)!;
    expect(own.anted[a.seat]).toBe(true); // the state showed the move when its events came
    // A refusal carries the table's count of accepted moves at that moment.
    const refused = await a.room.request('move', { type: 'ante', in: true }).catch((e: { reason: unknown }) => e.reason);
    expect(refused).toMatchObject({ code: expect.stringMatching(/\//), seq: state(a).seq });
  });

  it('plays a whole game to the end with a result', async () => {
    const [a, b] = await table();
    const listed = async () => ((await (await fetch(`${server.http}/api/tables`)).json()) as { roomId: string; over: boolean; acting: number[] }[]).find((t) => t.roomId === a.room.roomId);
    const commitment = state(a).seedCommitment;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(state(a).seed).toBe(''); // hidden while the game runs
    await a.room.request('move', { type: 'ante', in: true });
    await b.room.request('move', { type: 'ante', in: true });
    const players = [a, b];
    for (let turn = 0; turn < 6; turn++) {
      // The player to move is the one the server lists legal moves for.
      const p = await waitFor(() => players.find((x) => legalMoves(x).some((m) => m.type === 'play')), 3000, 'player to move');
      // The lobby's listing says whose turn it is ("Your seats" shows it), one turn after another (at most a second behind).
      if (turn < 2) await waitFor(async () => (await listed())?.acting.join() === String(p.seat), 3000, `seat ${p.seat} listed as acting`);
      await p.room.request('move', legalMoves(p).find((m) => m.type === 'play'));
      await waitFor(() => !legalMoves(p).length || state(p).table.handCounts[p.seat] < 3 - Math.floor(turn / 2), 3000, 'move synced');
    }
    await waitFor(() => state(a).status === 'over', 3000, 'game over');
    expect(createHash('sha256').update(state(a).seed).digest('hex')).toBe(commitment);
    expect(state(a).result.standings.length).toBe(2);
    expect(state(a).result.winners.length).toBeGreaterThan(0);
    expect(a.events.some((e) => e.events.some((ev) => ev.type === 'gameOver'))).toBe(true);
    // The lobby's list shows the table finished (its result still there to see), not playing.
    const finished = await waitFor(async () => (await listed())?.over && (await listed()), 3000, 'listed as finished');
    expect(finished).toMatchObject({ game: 'high-card', open: false, started: true, over: true, acting: [] });
    // Both go back to the lobby: the table stays a while for its result to be seen by whoever follows its link.
    await withRoomSetting('reconnectSeconds', 2, async () => {
      const roomId = a.room.roomId;
      await Promise.all([a.room.leave(true), b.room.leave(true)]);
      const emptied = Date.now();
      await sleep(300);
      const watcher = await joinAsSpectator(server.ws, roomId);
      await waitFor(() => (watcher.state as { status?: string }).status === 'over', 3000, 'the result seen');
      expect(Array.from((watcher.state as { result: { winners: number[] } }).result.winners)).toEqual(Array.from(state(a).result.winners as number[]));
      await watcher.leave(true);
      // Once: another visit does not start the wait again (visits a minute apart would keep it open for good).
      const wait = waitOf(roomId);
      expect(wait).toBeTruthy();
      await (await joinAsSpectator(server.ws, roomId)).leave(true);
      expect(waitOf(roomId)).toBe(wait);
      await waitFor(() => matchMaker.getLocalRoomById(roomId) === undefined, 6000, 'the finished table closed');
      expect(Date.now() - emptied).toBeLessThan(4500); // (the wait, 2 s, and Colyseus' close after it)
    });
  });
});

/** The timer of a table's wait for its players (rooms/reclaim-wait.ts), null when none runs. */
const waitOf = (roomId: string) => (matchMaker.getLocalRoomById(roomId) as unknown as { reclaimWait?: { wait: unknown } } | undefined)?.reclaimWait?.wait ?? null;

describe('bots, clocks and reconnection', () => {
  it('fills seats with bots that play the game to the end', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 3, bots: 2 }, 'create');
    expect(state(a).status).toBe('playing');
    expect(Array.from(state(a).seats, (s: { bot: boolean }) => s.bot)).toEqual([false, true, true]);
    // The human plays whatever is legal when it is their turn; bots do the rest.
    const until = Date.now() + 10_000;
    while (state(a).status !== 'over' && Date.now() < until) {
      const [move] = legalMoves(a);
      if (move) await a.room.request('move', move).catch(() => undefined);
      await sleep(30);
    }
    expect(state(a).status).toBe('over');
  });

  it('fills the free seats with bots when a seated player asks, keeps a seat promised to a joining player, and starts once every seat is taken', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 4, name: 'Ada' }, 'create');
    const spectator = await joinAsSpectator(server.ws, a.room.roomId);
    await expect(spectator.request('fillWithBots')).rejects.toMatchObject({ reason: { code: 'core/not-seated' } });
    // Bo holds a reservation and has not joined yet: the lowest free seat waits for him.
    const reservation = await matchMaker.joinById(a.room.roomId, { name: 'Bo' });
    expect(await a.room.request('fillWithBots')).toEqual({ ok: true, seats: [2, 3], waitingFor: [] });
    await expect(a.room.request('fillWithBots')).rejects.toMatchObject({ reason: { code: 'core/no-free-seat' } });
    await waitFor(() => state(a).seats[3].bot === true, 3000, 'the bots seated');
    expect(Array.from(state(a).seats, (s: { name: string; bot: boolean }) => [s.name, s.bot])).toEqual([['Ada', false], ['', false], ['Bot 3', true], ['Bot 4', true]]);
    expect(state(a).status).toBe('waiting');
    // No seat is free for anyone else: the table left matchmaking.
    await expect(new Client(server.ws).joinById(a.room.roomId, { name: 'Cy' })).rejects.toThrow(/core\/room-locked/);
    const b = await adopt(await new Client(server.ws).consumeSeatReservation(reservation as unknown as SeatReservation));
    expect(b.seat).toBe(1);
    await waitFor(() => state(a).status === 'playing', 3000, 'the game starts');
    await expect(a.room.request('fillWithBots')).rejects.toMatchObject({ reason: { code: 'core/game-started' } });
    // The bots play their seats: every seat antes, two of them without a human.
    for (const p of [a, b]) await waitFor(() => legalMoves(p).length > 0, 3000, 'ante');
    await Promise.all([a, b].map((p) => p.room.request('move', { type: 'ante', in: true })));
    await waitFor(() => state(a).table.phase === 'play', 5000, 'every seat anted');
    expect(Array.from(state(a).table.anted)).toEqual([true, true, true, true]);
  });

  it('fills a table of several players with bots only once every seated player asks, and when the last who had not leaves', async () => {
    const opts = { seats: 4, turnSeconds: 78, options: { handSize: 2 } }; // options no other test's table has
    const a = await joinAsPlayer(server.ws, 'high-card', { ...opts, name: 'Ada' }, 'create');
    const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
    const wishes = () => Array.from(state(a).seats, (s: { startNow: boolean }) => s.startNow);
    await expect(a.room.request('fillWithBots', { agree: 'yes' })).rejects.toMatchObject({ reason: { code: 'core/malformed-request' } });
    await expect(a.room.request('fillWithBots', [true])).rejects.toMatchObject({ reason: { code: 'core/malformed-request' } });
    // Ada asks: Bo has not, so nothing is filled; everyone sees Ada's wish.
    expect(await a.room.request('fillWithBots')).toEqual({ ok: true, seats: [], waitingFor: [1] });
    await waitFor(() => wishes()[0] === true, 3000, "Ada's wish shown");
    expect(Array.from(state(b).seats, (s: { bot: boolean }) => s.bot)).toEqual([false, false, false, false]);
    // Withdrawn, then asked again.
    expect(await a.room.request('fillWithBots', { agree: false })).toEqual({ ok: true, seats: [], waitingFor: [0, 1] });
    await waitFor(() => wishes()[0] === false, 3000, "Ada's wish withdrawn");
    expect(await a.room.request('fillWithBots', { agree: true })).toEqual({ ok: true, seats: [], waitingFor: [1] });
    // A third player sits: he has not agreed either.
    const c = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Cy' }));
    expect(await b.room.request('fillWithBots')).toEqual({ ok: true, seats: [], waitingFor: [2] });
    expect(state(a).status).toBe('waiting');
    // Cy leaves without agreeing: everyone left asked, so the free seats go to bots and the game starts.
    await c.room.leave(true);
    await waitFor(() => state(a).status === 'playing', 3000, 'the game starts');
    expect(Array.from(state(a).seats, (s: { name: string; bot: boolean }) => [s.name, s.bot])).toEqual([['Ada', false], ['Bo', false], ['Bot 3', true], ['Bot 4', true]]);
    expect(wishes()).toEqual([false, false, false, false]);
  });

  it('forgets the wishes to start now when the table fills with players instead', async () => {
    const opts = { seats: 2, turnSeconds: 81, options: { handSize: 2 } }; // options no other test's table has
    const a = await joinAsPlayer(server.ws, 'high-card', { ...opts, name: 'Ada' }, 'create');
    const reservation = await matchMaker.joinById(a.room.roomId, { name: 'Bo' }); // Bo on his way: his seat is promised
    await expect(a.room.request('fillWithBots')).rejects.toMatchObject({ reason: { code: 'core/no-free-seat' } });
    await waitFor(() => state(a).seats[0].startNow === true, 3000, "Ada's wish shown");
    await adopt(await new Client(server.ws).consumeSeatReservation(reservation as unknown as SeatReservation));
    await waitFor(() => state(a).status === 'playing', 3000, 'the game starts with Bo');
    await waitFor(() => state(a).seats[0].startNow === false, 3000, 'the wish forgotten');
  });

  it('fills the free seats with bots when a promised seat lapses unused while every seated player wished to start now', async () => {
    const opts = { seats: 3, turnSeconds: 83, options: { handSize: 2 } }; // options no other test's table has
    const a = await joinAsPlayer(server.ws, 'high-card', { ...opts, name: 'Ada' }, 'create');
    // Promises kept a second here (15 s by default), so Bo's lapses within the test.
    (matchMaker.getLocalRoomById(a.room.roomId) as unknown as { seatReservationTimeout: number }).seatReservationTimeout = 1;
    await matchMaker.joinById(a.room.roomId, { name: 'Bo' }); // Bo never comes: his seat is promised, then lapses
    await matchMaker.joinById(a.room.roomId, { name: 'Cy' }); // and so is Cy's: every free seat is promised
    await expect(a.room.request('fillWithBots')).rejects.toMatchObject({ reason: { code: 'core/no-free-seat' } });
    await waitFor(() => state(a).seats[0].startNow === true, 3000, "Ada's wish shown");
    expect(state(a).status).toBe('waiting');
    await waitFor(() => state(a).status === 'playing', 4000, 'the game starts once the promises lapsed');
    expect(Array.from(state(a).seats, (s: { name: string; bot: boolean }) => [s.name, s.bot])).toEqual([['Ada', false], ['Bot 2', true], ['Bot 3', true]]);
  });

  it('keeps a table filled with bots out of matchmaking when a seat comes free again: its players fill it again', async () => {
    const opts = { seats: 4, turnSeconds: 77, options: { handSize: 2 } }; // options no other test's table has
    const a = await joinAsPlayer(server.ws, 'high-card', { ...opts, name: 'Ada' }, 'create');
    const reservation = await matchMaker.joinById(a.room.roomId, { name: 'Bo' });
    expect(await a.room.request('fillWithBots')).toEqual({ ok: true, seats: [2, 3], waitingFor: [] });
    await a.room.leave(true); // Ada leaves before the start: a seat is free again
    const b = await adopt(await new Client(server.ws).consumeSeatReservation(reservation as unknown as SeatReservation));
    await waitFor(() => state(b).seats?.filter((s: { taken: boolean }) => s.taken).length === 3, 3000, 'Bo and the two bots seated');
    // A stranger asking for a table without bots is not seated at this one (it would start at once with bots).
    const c = await joinAsPlayer(server.ws, 'high-card', { ...opts, name: 'Cy' });
    expect(c.room.roomId).not.toBe(b.room.roomId);
    expect(state(b).status).toBe('waiting');
    // The lobby's list says it waits for its players: closed to newcomers, not started.
    const listing = async () => ((await (await fetch(`${server.http}/api/tables`)).json()) as { roomId: string }[]).find((t) => t.roomId === b.room.roomId);
    // (A process answers the listing it read within the last second.)
    await waitFor(async () => ((await listing()) as { open?: boolean } | undefined)?.open === false, 3000, 'listed as closed to newcomers');
    expect(await listing()).toMatchObject({ open: false, started: false, over: false });
    const again = (await b.room.request('fillWithBots')) as { seats: number[] };
    expect(again.seats).toHaveLength(1);
    await waitFor(() => state(b).status === 'playing', 3000, 'the game starts');
    expect(await waitFor(async () => ((await listing()) as { started?: boolean } | undefined)?.started, 3000, 'listed as started')).toBe(true);
    expect(await listing()).toMatchObject({ open: false, over: false });
  });

  it('refuses a player a table of bots only before making one, and lets a spectator create one to watch', async () => {
    // The tables open now (another test's finished table may close meanwhile: only a new one counts).
    const rooms = async () => new Set((await matchMaker.query({})).map((r) => r.roomId));
    const before = await rooms();
    for (const method of ['create', 'joinOrCreate'] as const) {
      await expect(new Client(server.ws)[method]('high-card', { seats: 2, bots: 2 })).rejects.toThrow(/core\/bad-options: every seat is a bot's/);
    }
    expect([...(await rooms())].filter((id) => !before.has(id))).toEqual([]);
    const watcher = await new Client(server.ws).create('high-card', { seats: 2, bots: 2, spectator: true });
    await waitFor(() => (watcher.state as { status: string }).status === 'over', 10_000, 'the bots finish');
    expect(Array.from((watcher.state as { seats: { bot: boolean }[] }).seats, (s) => s.bot)).toEqual([true, true]);
    // Nobody played there: once its watcher leaves, the finished table closes at once (a people's stays a while).
    await watcher.leave(true);
    await waitFor(async () => !(await matchMaker.query({})).some((r) => r.roomId === watcher.roomId), 3000, 'the table of bots closed');
  });

  it('gives a bot its whole delay after the move before it, however long the table was quiet', async () => {
    const botDelay = roomSettings.botDelayMs;
    roomSettings.botDelayMs = 600;
    try {
      const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, bots: 1 }, 'create');
      await waitFor(() => legalMoves(a).some((m) => m.type === 'ante'), 5000, 'ante');
      await a.room.request('move', { type: 'ante', in: true });
      const waits: number[] = [];
      for (let turn = 0; turn < 2; turn++) {
        await waitFor(() => legalMoves(a).some((m) => m.type === 'play'), 5000, 'our turn');
        await sleep(1000); // nothing happens at the table: its clock is not ticked meanwhile
        const botMoves = a.events.filter((e) => e.actor !== a.seat && e.actor >= 0).length;
        const sent = Date.now();
        await a.room.request('move', legalMoves(a).find((m) => m.type === 'play'));
        await waitFor(() => a.events.filter((e) => e.actor !== a.seat && e.actor >= 0).length > botMoves, 5000, 'the bot moved');
        waits.push(Date.now() - sent);
      }
      // Counted from the clock's previous tick, up to a second before the move, the bot moved early.
      for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(590);
    } finally {
      roomSettings.botDelayMs = botDelay;
    }
  });

  it('lets the bot move for a seat whose turn clock runs out, and tells the table', async () => {
    const [a, b] = await table({ turnSeconds: 1 });
    expect(state(a).turnDeadline).toBeGreaterThan(Date.now() - 1000);
    await a.room.request('move', { type: 'ante', in: true });
    // b does nothing: after ~1 s its bot antes for it.
    await waitFor(() => a.events.some((e) => e.events.some((ev) => ev.type === 'turnTimeout')), 4000, 'timeout event');
    await waitFor(() => state(a).table.phase === 'play', 2000, 'play after timeout');
    expect(state(b).table.anted[b.seat]).toBe(true);
  });

  it('gives a seat whose clock ran out the short away clock on its next turns, until its player moves again', async () => {
    const away = roomSettings.awayTurnSeconds;
    roomSettings.awayTurnSeconds = 1.5;
    try {
      const [a, first] = await table({ turnSeconds: 4, options: { handSize: 3 } });
      let b = first;
      await a.room.request('move', { type: 'ante', in: true });
      // b never antes: the whole clock runs out once, and b's bot antes.
      await waitFor(() => state(a).table.phase === 'play', 6000, 'play after the timeout');
      // Then b's turns get 1.5 s while b stays away (its seat taken back included), a's the whole 4 s; once b
      // moves, b's turns get 4 s again.
      const clocks: { seat: number; ms: number; by: 'bot' | 'player'; short: boolean }[] = [];
      let turnsOfB = 0;
      while (turnsOfB < 3) {
        const turnsBefore = state(a).table.handCounts.toJSON().reduce((x: number, y: number) => x + y, 0);
        const { seat } = await waitFor(() => (state(a).activeSeats.length === 1 && state(a).turnDeadline > 0 ? { seat: state(a).activeSeats[0] as number } : undefined), 3000, 'a seat on turn');
        const ms = state(a).turnDeadline - Date.now();
        const short = state(a).seats[seat].shortClock as boolean; // the table is told whose turns are short
        const player = seat === a.seat ? a : b;
        const byPlayer = seat === a.seat || turnsOfB >= 1; // b lets its first away turn run out
        if (seat === b.seat) turnsOfB++;
        if (byPlayer) await player.room.request('move', await waitFor(() => legalMoves(player)[0], 1000, 'the move synced'));
        clocks.push({ seat, ms, by: byPlayer ? 'player' : 'bot', short });
        await waitFor(() => state(a).table.handCounts.toJSON().reduce((x: number, y: number) => x + y, 0) < turnsBefore, 3000, 'the turn played');
        // b's page reloads after its bot's turn: taking the seat back with its token is no move, b stays away.
        if (seat === b.seat && !byPlayer) b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { seatToken: b.seatToken }));
      }
      const ofB = clocks.filter((c) => c.seat === b.seat);
      expect(ofB.map((c) => c.by)).toEqual(['bot', 'player', 'player']);
      expect(ofB.map((c) => c.short)).toEqual([true, true, false]);
      expect(ofB[0]!.ms).toBeLessThanOrEqual(1500);
      expect(ofB[1]!.ms).toBeLessThanOrEqual(1500);
      expect(ofB[2]!.ms).toBeGreaterThan(2000); // b moved: the whole clock again
      for (const c of clocks.filter((c) => c.seat === a.seat)) expect(c.ms).toBeGreaterThan(2000);
    } finally {
      roomSettings.awayTurnSeconds = away;
    }
  });

  it("shows the short away clock on no seat its bot plays, and on none once the game is over", async () => {
    const away = roomSettings.awayTurnSeconds;
    roomSettings.awayTurnSeconds = 0.5;
    try {
      const a = await joinAsPlayer(server.ws, 'high-card', { seats: 3, turnSeconds: 1, name: 'Ada', options: { handSize: 1 } }, 'create');
      const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
      const c = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Cy' }));
      await waitFor(() => legalMoves(a).length > 0, 5000, 'deal');
      await a.room.request('move', { type: 'ante', in: true });
      // b and c let their ante clocks run out: away, their turns on the short clock.
      const short = () => Array.from(state(a).seats, (s: { shortClock: boolean }) => s.shortClock);
      await waitFor(() => short()[b.seat] && short()[c.seat], 5000, 'b and c on the short clock');
      expect(short()[a.seat]).toBe(false);
      // c leaves: its bot plays the seat from now on, and no clock hurries a bot.
      await c.room.leave(true);
      await waitFor(() => state(a).seats[c.seat].bot === true, 3000, "the bot plays c's seat");
      expect(short()[c.seat]).toBe(false);
      expect(short()[b.seat]).toBe(true);
      // The game ends with b still away: no turn is short any more.
      await a.room.request('move', await waitFor(() => legalMoves(a).find((m) => m.type === 'play'), 5000, "a's turn"));
      await waitFor(() => state(a).status === 'over', 5000, 'the game over');
      expect(short()).toEqual([false, false, false]);
    } finally {
      roomSettings.awayTurnSeconds = away;
    }
  });

  it("gives a table whose options name no turn clock the server's DEFAULT_TURN_SECONDS (5 minutes unless set); 0 there is none", async () => {
    expect([loadConfig({}).DEFAULT_TURN_SECONDS, loadConfig({}).AWAY_TURN_SECONDS]).toEqual([300, 15]);
    const [d] = await table();
    expect(state(d).turnDeadline - Date.now()).toBeGreaterThan(290_000);
    expect(state(d).turnDeadline - Date.now()).toBeLessThanOrEqual(300_000);
    const saved = roomSettings.defaultTurnSeconds;
    roomSettings.defaultTurnSeconds = 1;
    try {
      const [a] = await table();
      expect(state(a).turnDeadline).toBeGreaterThan(Date.now() - 1000);
      const [c] = await table({ turnSeconds: 0 });
      expect(state(c).turnDeadline).toBe(0);
    } finally {
      roomSettings.defaultTurnSeconds = saved;
    }
  });

  it('runs no turn clock for optional moves beside an active SYSTEM', async () => {
    // The ante is optional here: SYSTEM closes it after 2.5 s. The 1 s clock must not make bots ante.
    const [a, b] = await table({ turnSeconds: 1, options: { anteWindowMs: 2500 } });
    expect(state(a).turnDeadline).toBe(0);
    await sleep(1500);
    expect(a.events.some((e) => e.events.some((ev) => ev.type === 'turnTimeout'))).toBe(false);
    expect(state(a).table.anted.toJSON()).toEqual([false, false]);
    await waitFor(() => state(a).table.phase === 'play', 4000, 'SYSTEM closes the ante');
    await waitFor(() => state(a).turnDeadline > 0, 2000, 'turn clock on the play'); // a required move: clocked
    expect([a.seat, b.seat]).toContain(state(a).table.turn);
  });

  it('keeps a dropped player’s seat and hands it back on reconnection', async () => {
    const [a, b] = await table();
    const token = b.room.reconnectionToken;
    b.room.connection.close(); // abnormal drop, no consented leave
    await waitFor(() => state(a).seats[b.seat].connected === false, 3000, 'seat shown disconnected');
    const back = await new Client(server.ws).reconnect(token);
    await waitFor(() => state(a).seats[b.seat].connected === true, 3000, 'seat reconnected');
    expect((back.state as { private: Map<string, { view: { hand: unknown[] } }> }).private.get(String(b.seat))!.view.hand.length).toBe(3);
  });

  it("refuses a spectator's reconnection asked while its connection is open (no place is held for it), and leaves that connection open", async () => {
    const [a] = await table();
    const watcher = await joinAsSpectator(server.ws, a.room.roomId);
    let closed = false;
    watcher.onLeave(() => (closed = true));
    const answer = await fetch(`${server.http}/matchmake/reconnect/${a.room.roomId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reconnectionToken: watcher.reconnectionToken.split(':').slice(1).join(':') }),
    });
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { code: string }).code).toBe('core/reconnect-expired');
    await sleep(300);
    expect(closed).toBe(false);
    expect(watcher.connection.isOpen).toBe(true);
    // A player's, asked the same way, is still handed back (its seat is held while it comes).
    const back = await new Client(server.ws).reconnect(a.room.reconnectionToken);
    expect(back.sessionId).toBe(a.room.sessionId);
    await watcher.leave(true);
  });

  describe('before the start', () => {
    type Served = { state: { status: string }; seats: { records: { sessionId: string | null; connected: boolean }[] } };
    const served = (p: Player) => matchMaker.getLocalRoomById(p.room.roomId) as unknown as Served;
    /** Drops the player's connection (no consented leave), the SDK not reconnecting by itself. */
    const drop = (p: Player) => {
      p.room.reconnection.enabled = false;
      p.room.connection.close();
    };

    it('holds a dropped seat RECONNECT_SECONDS_BEFORE_START only, not starting the table meanwhile; then frees it for a newcomer', async () => {
      await withRoomSetting('reconnectSecondsBeforeStart', 1, async () => {
        const opts = { seats: 3, turnSeconds: 84, options: { handSize: 2 } }; // options no other test's table has
        const a = await joinAsPlayer(server.ws, 'high-card', { ...opts, name: 'Ada' }, 'create');
        const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
        drop(b);
        await waitFor(() => served(a).seats.records[b.seat]!.connected === false, 3000, "Bo's seat held for him");
        // Cy takes the last free seat while Bo is away: every seat is taken, but the table waits for Bo.
        const c = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Cy' }));
        expect(served(a).state.status).toBe('waiting');
        expect(served(a).seats.records[b.seat]!.sessionId).toBe(b.room.sessionId);
        // Bo does not come back within the second: his seat is free again, and the next player who comes takes it.
        await waitFor(() => served(a).seats.records[b.seat]!.sessionId === null, 4000, "Bo's seat freed");
        expect(state(c).status).toBe('waiting');
        const d = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Di' }));
        expect(d.seat).toBe(b.seat);
        await waitFor(() => state(a).status === 'playing', 3000, 'the game starts');
        expect(Array.from(state(a).seats, (s: { name: string }) => s.name)).toEqual(['Ada', 'Di', 'Cy']);
      });
    });

    it('starts the table once its away player comes back within the hold, by reconnection or seat token', async () => {
      await withRoomSetting('reconnectSecondsBeforeStart', 5, async () => {
        for (const back of ['reconnect', 'seatToken'] as const) {
          const opts = { seats: 3, turnSeconds: 85, options: { handSize: 2 } }; // options no other test's table has
          const a = await joinAsPlayer(server.ws, 'high-card', { ...opts, name: 'Ada' }, 'create');
          const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
          const token = b.room.reconnectionToken;
          drop(b);
          await waitFor(() => served(a).seats.records[b.seat]!.connected === false, 3000, "Bo's seat held for him");
          await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Cy' }));
          expect(served(a).state.status).toBe('waiting');
          // Bo reloads: the table that filled while he was away starts as he is back.
          if (back === 'reconnect') await new Client(server.ws).reconnect(token);
          else expect((await adopt(await new Client(server.ws).joinById(a.room.roomId, { seatToken: b.seatToken }))).seat).toBe(b.seat);
          await waitFor(() => state(a).status === 'playing', 3000, `the game starts (${back})`);
          expect(Array.from(state(a).seats, (s: { name: string; connected: boolean }) => [s.name, s.connected])).toEqual([['Ada', true], ['Bo', true], ['Cy', true]]);
        }
      });
    });

    /**
     * Ada's two-seat table (`turnSeconds`: options no other test's table has), its last seat taken by a bare WebSocket
     * that has read the join (JOIN_ROOM, code 10) and not answered it.
     */
    async function lastSeatUnconfirmed(turnSeconds: number) {
      const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, turnSeconds, options: { handSize: 2 }, name: 'Ada' }, 'create');
      const seat = (await matchMaker.joinById(a.room.roomId, { name: 'Bo' })) as unknown as SeatReservation;
      const ws = new WebSocket(`${server.ws}/${seat.processId}/${seat.roomId}?sessionId=${seat.sessionId}`);
      const frames: Buffer[] = [];
      ws.on('message', (data) => frames.push(data as Buffer));
      await waitFor(() => frames.length > 0, 3000, 'the join');
      expect(frames[0]![0]).toBe(10);
      return { a, seat, ws };
    }

    it('does not start a table whose last seat was taken by a join not yet confirmed, until it is', async () => {
      const { a, seat, ws } = await lastSeatUnconfirmed(87);
      try {
        expect(served(a).seats.records[1]!.sessionId).toBe(seat.sessionId);
        expect(served(a).state.status).toBe('waiting');
        ws.send(Buffer.from([10])); // confirmed, as the SDK does at once: the game starts
        await waitFor(() => served(a).state.status === 'playing', 3000, 'the game starts');
      } finally {
        ws.close();
      }
    });

    it('does not take a confirmation sent once the join was closed for coming too late: the table waits on', async () => {
      await withRoomSetting('joinConfirmMs', 500, async () => {
        const { a, ws } = await lastSeatUnconfirmed(91);
        try {
          // It reads nothing more, so it never answers the close (4002 core/join-unconfirmed): until the server gives
          // up on the answer (ws' close timeout, 30 s) what it sends is still read, its confirmation among it.
          (ws as unknown as { _socket: { pause(): void } })._socket.pause();
          await waitFor(() => (matchMaker.getLocalRoomById(a.room.roomId) as unknown as { clients: { readyState: number }[] }).clients.some((c) => c.readyState === WebSocket.CLOSING), 3000, 'the join closed');
          ws.send(Buffer.from([10]));
          await sleep(500);
          expect(served(a).state.status).toBe('waiting');
        } finally {
          ws.terminate();
        }
      });
    });

    /**
     * Ada's four-seat table (`turnSeconds`: options no other test's table has), Bo beside her: Bo wishes to start now
     * with bots and drops, his seat held for him. `token`: his reconnection token.
     */
    async function awayAfterWishing(turnSeconds: number) {
      const a = await joinAsPlayer(server.ws, 'high-card', { seats: 4, turnSeconds, options: { handSize: 2 }, name: 'Ada' }, 'create');
      const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
      expect(await b.room.request('fillWithBots')).toEqual({ ok: true, seats: [], waitingFor: [0] });
      const token = b.room.reconnectionToken;
      drop(b);
      await waitFor(() => served(a).seats.records[b.seat]!.connected === false, 3000, "Bo's seat held for him");
      return { a, b, token };
    }

    it('does not start a table its players filled with bots while one of them is away', async () => {
      await withRoomSetting('reconnectSecondsBeforeStart', 5, async () => {
        const { a, token } = await awayAfterWishing(86);
        // Ada agrees too: the free seats are the bots', but the game waits for Bo.
        expect(await a.room.request('fillWithBots')).toEqual({ ok: true, seats: [2, 3], waitingFor: [] });
        await waitFor(() => state(a).seats[3].bot === true, 3000, 'the bots seated');
        expect(served(a).state.status).toBe('waiting');
        await new Client(server.ws).reconnect(token);
        await waitFor(() => state(a).status === 'playing', 3000, 'the game starts with Bo back');
      });
    });

    it('starts a table its players filled with bots once the seat of one who agreed and did not come back is free: a bot takes it', async () => {
      await withRoomSetting('reconnectSecondsBeforeStart', 1, async () => {
        const { a } = await awayAfterWishing(89);
        expect(await a.room.request('fillWithBots')).toEqual({ ok: true, seats: [2, 3], waitingFor: [] });
        // Bo does not come back: everyone still there asked to start with bots, so his seat is a bot's too.
        await waitFor(() => state(a).status === 'playing', 4000, 'the game starts once Bo is gone');
        expect(Array.from(state(a).seats, (s: { bot: boolean }) => s.bot)).toEqual([false, true, true, true]);
      });
    });

    it('survives a fault of the start its last player’s confirmation reaches: that player joins, the table and the process go on', async () => {
      const opts = { seats: 2, turnSeconds: 88, options: { handSize: 2 } }; // options no other test's table has
      const a = await joinAsPlayer(server.ws, 'high-card', { ...opts, name: 'Ada' }, 'create');
      const room = matchMaker.getLocalRoomById(a.room.roomId) as unknown as { startIfFull(): void; seats: { readyToStart(): boolean } };
      const startIfFull = room.startIfFull.bind(room);
      let faults = 0;
      // A server bug met only as the table is ready: at Bo's confirmation, read before any message handler's guard.
      room.startIfFull = () => {
        if (room.seats.readyToStart() && faults++ === 0) throw new TypeError('a bug at the start');
        startIfFull();
      };
      const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
      await waitFor(() => b.errors.length > 0, 3000, 'Bo told of the fault');
      expect(b.errors[0]).toEqual({ code: 'core/internal', message: 'The server could not handle this message.' });
      expect(faults).toBe(1);
      expect(state(b).status).toBe('waiting');
      // The table is as it was, ready: the next attempt to start it (any change of its seats) starts it.
      room.startIfFull = startIfFull;
      room.startIfFull();
      await waitFor(() => state(b).status === 'playing' && state(a).status === 'playing', 3000, 'the game starts');
    });

    it('holds a seat dropped during the game RECONNECT_SECONDS, as before', async () => {
      await withRoomSetting('reconnectSecondsBeforeStart', 1, async () => {
        const [a, b] = await table();
        const token = b.room.reconnectionToken;
        drop(b);
        await waitFor(() => served(a).seats.records[b.seat]!.connected === false, 3000, "Bo's seat held for him");
        await sleep(2000); // past the hold before the start (1 s), within RECONNECT_SECONDS (5 s)
        expect(state(a).seats[b.seat]).toMatchObject({ taken: true, connected: false, bot: false });
        await new Client(server.ws).reconnect(token);
        await waitFor(() => state(a).seats[b.seat].connected === true, 3000, 'seat reconnected');
      });
    });
  });

  it('ends a dropped holder’s wait for a reconnection when its seat token is used: only the new holder plays the seat', async () => {
    const [a, b] = await table();
    const token = b.room.reconnectionToken;
    b.room.connection.close(); // abnormal drop: the seat waits for a reconnection
    await waitFor(() => state(a).seats[b.seat].connected === false, 3000, 'seat shown disconnected');
    const taker = await adopt(await new Client(server.ws).joinById(a.room.roomId, { seatToken: b.seatToken }));
    expect(taker.seat).toBe(b.seat);
    // The old session may not come back beside it (it would see the new token and move for the seat).
    await expect(new Client(server.ws).reconnect(token)).rejects.toThrow();
    await taker.room.leave(true);
    await waitFor(() => state(a).seats[b.seat].bot === true, 3000, 'bot takes the seat');
    await expect(new Client(server.ws).reconnect(token)).rejects.toThrow();
  });

  it("no longer seats a connected holder whose seat was taken back with its token, though its socket still delivers until it closes", async () => {
    const [a, b] = await table();
    type Seated = { seats: { seatOf(client: unknown): number | null }; clients: { getById(id: string): unknown } };
    const room = matchMaker.getLocalRoomById(a.room.roomId) as unknown as Seated;
    const old = room.clients.getById(b.room.sessionId)!; // the server's side of b's connection
    expect(room.seats.seatOf(old)).toBe(b.seat);
    const taker = await adopt(await new Client(server.ws).joinById(a.room.roomId, { seatToken: b.seatToken }));
    expect(taker.seat).toBe(b.seat);
    // A client that does not answer the close keeps sending for a while (up to ws' close timeout): every
    // message of it finds no seat (a move is refused core/not-seated), and its leaving frees nothing.
    expect(room.seats.seatOf(old)).toBeNull();
    expect(room.seats.seatOf(room.clients.getById(taker.room.sessionId))).toBe(b.seat);
    await sleep(300);
    expect(state(a).seats[b.seat]).toMatchObject({ taken: true, connected: true, bot: false });
  });

  it("ignores a move from a holder whose seat was taken back and who never answers the close, and its socket's drop leaves the seat to its new holder", async () => {
    const relay = await startRelay(server.port); // a's connection goes through it
    try {
      const a = await joinAsPlayer(relay.ws, 'high-card', { seats: 2, name: 'Ada' }, 'create');
      const other = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
      await waitFor(() => legalMoves(a).length > 0 && legalMoves(other).length > 0, 5000, 'deal');
      type Served = {
        journal: { seq: number };
        seats: { records: { sessionId: string | null; connected: boolean }[] };
        clients: { getById(id: string): { ref: { on(event: 'message', listener: () => void): void } } | undefined };
      };
      const room = matchMaker.getLocalRoomById(a.room.roomId) as unknown as Served;
      const old = room.clients.getById(a.room.sessionId)!; // the server's side of a's connection
      // a stops hearing the server (a half-open connection): the close the seat's reclaim sends it is never
      // answered, so the server keeps reading its socket (up to ws' close timeout, 30 s).
      relay.deafen();
      const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { seatToken: a.seatToken }));
      expect(b.seat).toBe(a.seat);
      const seq = room.journal.seq;
      let delivered = false;
      old.ref.on('message', () => (delivered = true)); // (called after the room's own handler)
      a.room.send('move', { type: 'ante', in: true });
      await waitFor(() => delivered, 3000, "the old connection's move read");
      expect(room.journal.seq).toBe(seq); // moved for no seat
      // Then its socket goes without a close frame: dropped, as a holder that may come back would be.
      await relay.close();
      await waitFor(() => room.clients.getById(a.room.sessionId) === undefined, 5000, 'the old connection gone');
      expect(room.seats.records[b.seat]).toMatchObject({ sessionId: b.room.sessionId, connected: true });
      expect(await b.room.request('move', { type: 'ante', in: true })).toMatchObject({ ok: true });
      await waitFor(() => state(other).table.anted[b.seat] === true, 3000, "b's ante seen");
      // (What the drop changed came in an earlier patch than b's ante.)
      expect(state(other).seats[b.seat]).toMatchObject({ taken: true, connected: true, bot: false });
    } finally {
      await relay.close();
    }
  });

  it('gives a seat back to its token after the player left, with the bot playing meanwhile', async () => {
    const [a, b] = await table();
    await b.room.leave(true);
    await waitFor(() => state(a).seats[b.seat].bot === true, 3000, 'bot takes the seat');
    // The bot antes for the empty seat.
    await waitFor(() => state(a).table.anted[b.seat] === true, 3000, 'bot ante');
    const res = await fetch(`${server.http}/api/rooms/${a.room.roomId}/seat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seatToken: b.seatToken }),
    });
    const back = await adopt(await new Client(server.ws).consumeSeatReservation((await res.json()) as SeatReservation));
    expect(back.seat).toBe(b.seat);
    await waitFor(() => state(a).seats[b.seat].bot === false && state(a).seats[b.seat].connected, 3000, 'human back');
    await expect(new Client(server.ws).joinById(a.room.roomId, { seatToken: 'not-a-real-token' })).rejects.toThrow();
  });

  it('keeps a running table its last player left open RECONNECT_SECONDS, its game waiting, so the seat can be taken back; then closes it', async () => {
    const [a, b] = await table();
    const roomId = a.room.roomId;
    const seq = () => (matchMaker.getLocalRoomById(roomId) as unknown as { journal: { seq: number } }).journal.seq;
    await a.room.leave(true);
    await b.room.leave(true); // nobody at the table now: it used to close at once, its game lost
    const left = seq();
    await sleep(1000);
    expect(matchMaker.getLocalRoomById(roomId)).toBeDefined();
    expect(seq()).toBe(left); // the game waits: the bots (20 ms a move here) do not play the absent seats
    const back = await adopt(await new Client(server.ws).joinById(roomId, { seatToken: b.seatToken }));
    expect(back.seat).toBe(b.seat);
    await waitFor(() => seq() > left, 3000, 'the game goes on once a player is back'); // the other seat's bot moves
    // A dropped connection's hold outlasts the wait (5 s here, from the leaves): the table stays for it.
    const token = back.room.reconnectionToken;
    back.room.connection.close();
    await sleep(4500);
    const again = await new Client(server.ws).reconnect(token);
    expect(matchMaker.getLocalRoomById(roomId)).toBeDefined();
    await again.leave(true);
    // Gone once a new wait is over with nobody back.
    await waitFor(() => matchMaker.getLocalRoomById(roomId) === undefined, 9000, 'the table closes after the wait');
  });

  it("does not start an abandoned table's wait again for a spectator who looks in: only a player coming back does", async () => {
    await withRoomSetting('reconnectSeconds', 2, async () => {
      const [a, b] = await table();
      const roomId = a.room.roomId;
      await Promise.all([a.room.leave(true), b.room.leave(true)]);
      const wait = await waitFor(() => waitOf(roomId), 3000, 'the wait for its players');
      await (await joinAsSpectator(server.ws, roomId)).leave(true);
      expect(waitOf(roomId)).toBe(wait); // the same wait runs on
      await waitFor(() => matchMaker.getLocalRoomById(roomId) === undefined, 6000, 'the abandoned table closed');
    });
  });

  it('keeps a running game its players all left paused though spectators watch, goes on for a player back only, and closes the spectators once the wait is over', async () => {
    await withRoomSetting('reconnectSeconds', 3, async () => {
      const [a, b] = await table();
      const roomId = a.room.roomId;
      const seq = () => (matchMaker.getLocalRoomById(roomId) as unknown as { journal: { seq: number } }).journal.seq;
      const watcher = await joinAsSpectator(server.ws, roomId);
      let closedWith = 0;
      watcher.onLeave((code) => (closedWith = code));
      await Promise.all([a.room.leave(true), b.room.leave(true)]);
      const left = seq();
      await waitFor(() => (watcher.state as { paused?: boolean }).paused === true || null, 3000, 'the state saying the game is paused');
      await sleep(500);
      expect(seq()).toBe(left); // the bots (20 ms a move here) do not play the absent seats for a spectator…
      const late = await joinAsSpectator(server.ws, roomId);
      await sleep(500);
      expect(seq()).toBe(left); // …nor for one who follows the watch link now
      await late.leave(true);
      const back = await adopt(await new Client(server.ws).joinById(roomId, { seatToken: b.seatToken }));
      await waitFor(() => seq() > left, 3000, 'the game goes on once a player is back'); // the other seat's bot moves
      await waitFor(() => (watcher.state as { paused?: boolean }).paused === false || null, 3000, 'the state saying the game goes on');
      await back.room.leave(true);
      const gone = Date.now();
      const paused = seq();
      await sleep(500);
      expect(seq()).toBe(paused);
      expect(closedWith).toBe(0);
      await waitFor(() => closedWith === 1000, 5000, 'the spectator closed once the wait is over');
      expect(Date.now() - gone).toBeGreaterThan(2500); // the wait counts from the player's leave
      expect((watcher.state as { seq: number }).seq).toBe(paused); // no move the whole wait
      await waitFor(() => matchMaker.getLocalRoomById(roomId) === undefined, 3000, 'the abandoned table closed');
    });
  });

  /** A player reserving their seat 1.8 s into a 2-s wait for the table's players, and joining once it has run out. */
  async function backAsTheWaitEnds(roomId: string, seatToken: string): Promise<Player> {
    await sleep(1800);
    const res = await fetch(`${server.http}/api/rooms/${roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seatToken }) });
    const reservation = (await res.json()) as SeatReservation;
    await sleep(500); // the wait runs out while the player connects
    return adopt(await new Client(server.ws).consumeSeatReservation(reservation));
  }

  it('seats a player whose seat token was reserved just before the wait for an abandoned game ran out, watched or not', async () => {
    await withRoomSetting('reconnectSeconds', 2, async () => {
      for (const watched of [false, true]) {
        const [a, b] = await table();
        const roomId = a.room.roomId;
        if (watched) await joinAsSpectator(server.ws, roomId);
        await Promise.all([a.room.leave(true), b.room.leave(true)]);
        const back = await backAsTheWaitEnds(roomId, b.seatToken);
        expect(back.seat).toBe(b.seat);
        await sleep(300);
        expect(matchMaker.getLocalRoomById(roomId)).toBeDefined();
        await back.room.leave(true);
      }
    });
  });

  it('seats a player whose seat token was reserved just before the wait of a watched finished table ran out', async () => {
    await withRoomSetting('reconnectSeconds', 2, async () => {
      const [a, b] = await table();
      const roomId = a.room.roomId;
      const until = Date.now() + 10_000;
      while (state(a).status !== 'over' && Date.now() < until) {
        for (const p of [a, b]) {
          const [move] = legalMoves(p);
          if (move) await p.room.request('move', move).catch(() => undefined);
        }
        await sleep(20);
      }
      await joinAsSpectator(server.ws, roomId);
      await Promise.all([a.room.leave(true), b.room.leave(true)]);
      const back = await backAsTheWaitEnds(roomId, b.seatToken);
      expect(back.seat).toBe(b.seat);
      expect(state(back).status).toBe('over');
      await back.room.leave(true);
    });
  });

  it('takes a seat back, or watches, with joinById as through the guest endpoint, though a running table is locked', async () => {
    const [a, b] = await table();
    await b.room.leave(true);
    await waitFor(() => state(a).seats[b.seat].bot === true, 3000, 'bot takes the seat');
    await expect(new Client(server.ws).joinById(a.room.roomId, { name: 'Cy' })).rejects.toThrow(/core\/room-locked/);
    const back = await adopt(await new Client(server.ws).joinById(a.room.roomId, { seatToken: b.seatToken }));
    expect(back.seat).toBe(b.seat);
    await waitFor(() => state(a).seats[b.seat].bot === false, 3000, 'human back');
    const watcher = await new Client(server.ws).joinById(a.room.roomId, { spectator: true });
    await waitFor(() => (watcher.state as { seats?: unknown[] }).seats?.length === 2, 3000, 'state');
    expect((watcher.state as { private?: Map<string, unknown> }).private?.size ?? 0).toBe(0); // no private entry
    await expect(new Client(server.ws).joinById(a.room.roomId, { seatToken: b.seatToken })).rejects.toThrow(/core\/bad-seat-token/); // spent
    // Elsewhere they name no table: joinOrCreate would seat a spectator anywhere, whatever it matched on.
    await expect(new Client(server.ws).joinOrCreate('high-card', { spectator: true })).rejects.toThrow(/core\/bad-options: seatToken and spectator name a table/);
    await expect(new Client(server.ws).create('high-card', { seatToken: back.seatToken })).rejects.toThrow(/core\/bad-options/);
  });

  it('refuses moves and joins once its game is moving to another server, and keeps the seats as they are', async () => {
    const [a, b] = await table();
    const guest = (body: object) =>
      fetch(`${server.http}/api/rooms/${a.room.roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const early = (await (await guest({ seatToken: b.seatToken })).json()) as SeatReservation; // reserved before the handover
    const room = matchMaker.getLocalRoomById(a.room.roomId) as unknown as { handingOver: boolean };
    room.handingOver = true; // what a handover at shutdown or a peer's takeover sets
    await expect(a.room.request('move', legalMoves(a)[0])).rejects.toMatchObject({ reason: { code: 'core/server-closing' } });
    await expect(new Client(server.ws).consumeSeatReservation(early)).rejects.toThrow(/core\/server-closing/);
    for (const body of [{ seatToken: b.seatToken }, { spectator: true }]) {
      const res = await guest(body);
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '1']);
      expect(await res.json()).toMatchObject({ code: 'core/room-moving' });
    }
    expect(b.room.connection.isOpen).toBe(true); // the token was not spent: the seat is still b's
    expect(mine(b).seatToken).toBe(b.seatToken);
  });
});

describe('private tables', () => {
  it('creates an invite code that resolves to the room', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, private: true }, 'create');
    const code = await waitFor(() => mine(a).invite as string, 3000, 'invite code');
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
    const found = (await (await fetch(`${server.http}/api/invites/${code}`)).json()) as { roomId: string; game: string };
    expect(found).toEqual({ roomId: a.room.roomId, game: 'high-card' });
    // Not matched by joinOrCreate…
    const stranger = await joinAsPlayer(server.ws, 'high-card', { seats: 2 });
    expect(stranger.room.roomId).not.toBe(a.room.roomId);
    // …but joinable through the code.
    const friend = await adopt(await new Client(server.ws).joinById(found.roomId, { invite: code }));
    expect(friend.room.roomId).toBe(a.room.roomId);
    // The code is in each seated player's private entry, not in the shared state: a spectator never receives it.
    await waitFor(() => mine(friend)?.invite === code, 3000, "the code in the friend's private entry");
    expect(state(friend).invite).toBeUndefined();
    const watcher = await joinAsSpectator(server.ws, a.room.roomId);
    await waitFor(() => (watcher.state as ReturnType<typeof state>)?.status === 'playing', 3000, 'the watched table');
    expect(JSON.stringify((watcher.state as ReturnType<typeof state>).toJSON())).not.toContain(code);
    expect((await fetch(`${server.http}/api/invites/NOPE99`)).status).toBe(404);
  });

  it('seats a new player only with its invite code (in any letter case): the room id alone watches, and a refusal costs the table nothing', async () => {
    const ada = await joinAsPlayer(server.ws, 'high-card', { seats: 3, private: true, name: 'Ada' }, 'create'); // its creator sits without the code
    const code = await waitFor(() => mine(ada).invite as string, 3000, 'invite code');
    const roomId = ada.room.roomId;
    // The room id is in every spectator link and in GET /api/tables?ids=: alone, or with a wrong code, it seats nobody.
    await expect(new Client(server.ws).joinById(roomId, { name: 'Eve' })).rejects.toThrow(/core\/invite-required/);
    await expect(new Client(server.ws).joinById(roomId, { name: 'Eve', invite: 'ABCDEFGHJK' })).rejects.toThrow(/core\/invite-required/);
    const post = (path: string, body: unknown) => fetch(`${server.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The guest endpoint seats spectators and token holders only; the room's own mark for its creator is no client's to send.
    expect((await post(`/api/rooms/${roomId}/seat`, { name: 'Eve' })).status).toBe(400);
    expect(await (await post(`/matchmake/joinById/${roomId}`, { name: 'Eve', host: true })).json()).toMatchObject({ code: 'core/bad-options' });
    expect(ada.room.connection.isOpen).toBe(true);
    expect(Array.from(state(ada).seats, (s: { taken: boolean }) => s.taken)).toEqual([true, false, false]);
    // The code, in any letter case, seats its bearer.
    const bo = await adopt(await new Client(server.ws).joinById(roomId, { name: 'Bo', invite: code.toLowerCase() }));
    expect(bo.seat).toBe(1);
    // The room id still lets anyone watch.
    const watcher = await joinAsSpectator(server.ws, roomId);
    await waitFor(() => (watcher.state as ReturnType<typeof state>)?.seats?.[1]?.name === 'Bo', 3000, 'the watched table');
    // A seat's token brings its player back without the code.
    const back = await adopt(await new Client(server.ws).joinById(roomId, { seatToken: bo.seatToken }));
    expect(back.seat).toBe(bo.seat);
    await waitFor(() => mine(back)?.invite === code, 3000, 'the code after a reclaim');
    expect(ada.room.connection.isOpen).toBe(true);
  });

  it('refuses a spectator the create of a private table with seats for players before making one (nobody could see the code they need), not a private table of bots only, nor a watch of a private table by its id', async () => {
    const rooms = async () => new Set((await matchMaker.query({})).map((r) => r.roomId));
    const before = await rooms();
    for (const bots of [0, 1]) {
      await expect(new Client(server.ws).create('high-card', { seats: 2, bots, private: true, spectator: true })).rejects.toThrow(
        /core\/bad-options: a private table with seats for players .* is created by one of its players/,
      );
    }
    expect([...(await rooms())].filter((id) => !before.has(id))).toEqual([]);
    // A private game of bots, to watch.
    const bots = await new Client(server.ws).create('high-card', { seats: 2, bots: 2, private: true, spectator: true });
    await waitFor(() => (bots.state as ReturnType<typeof state>)?.status === 'over', 10_000, 'the bots finish');
    await bots.leave(true);
    // A player's private table, watched by its id.
    const ada = await joinAsPlayer(server.ws, 'high-card', { seats: 2, private: true, name: 'Ada' }, 'create');
    const watcher = await new Client(server.ws).joinById(ada.room.roomId, { spectator: true });
    await waitFor(() => (watcher.state as ReturnType<typeof state>)?.seats?.[0]?.name === 'Ada', 3000, 'the watched table');
    await watcher.leave(true);
    await ada.room.leave(true);
  });

  it('is not listed, but is found by its id, with whether a seat is free and that it is private', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, private: true }, 'create');
    const listed = async (query = '') => (await (await fetch(`${server.http}/api/tables${query}`)).json()) as { roomId: string; open: boolean }[];
    expect((await listed()).some((t) => t.roomId === a.room.roomId)).toBe(false);
    expect(await listed(`?ids=${a.room.roomId},no-such-table`)).toEqual([expect.objectContaining({ roomId: a.room.roomId, game: 'high-card', seats: 2, open: true, over: false, private: true })]);
    const invite = await waitFor(() => mine(a).invite as string, 3000, 'invite code');
    await adopt(await new Client(server.ws).joinById(a.room.roomId, { invite }));
    await waitFor(async () => (await listed(`?ids=${a.room.roomId}`))[0]?.open === false, 3000, 'full');
    const tooMany = await fetch(`${server.http}/api/tables?ids=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ code: 'core/bad-request' });
    expect((await fetch(`${server.http}/api/tables?ids=a&ids=b`)).status).toBe(400);
  });
});

describe('listing reads', () => {
  it('lists open tables before running ones, and reads all listings at most once a second: a table named by id, or asked for a guest seat, alone', async () => {
    const opts = { seats: 2, turnSeconds: 79 }; // options no other test's table has
    const open = await joinAsPlayer(server.ws, 'high-card', opts, 'create');
    const [running] = await table(); // newer, and running
    const driver = matchMaker.driver as unknown as { query: (...args: unknown[]) => unknown };
    const query = driver.query;
    let reads = 0;
    driver.query = (...args: unknown[]) => (reads++, query.apply(driver, args));
    try {
      await sleep(1100); // past any listing read before
      const listed = async (q = '') => (await (await fetch(`${server.http}/api/tables${q}`)).json()) as { roomId: string }[];
      const order = (await listed()).map((t) => t.roomId);
      expect(order.indexOf(open.room.roomId)).toBeGreaterThanOrEqual(0);
      expect(order.indexOf(open.room.roomId)).toBeLessThan(order.indexOf(running.room.roomId));
      const before = reads;
      await Promise.all(Array.from({ length: 5 }, () => listed()));
      expect(reads - before).toBeLessThanOrEqual(1); // (one more if the second ran out meanwhile; five without the cache)
      const single = reads;
      expect((await listed(`?ids=${open.room.roomId}`)).map((t) => t.roomId)).toEqual([open.room.roomId]);
      await (await joinAsSpectator(server.ws, running.room.roomId)).leave(true);
      expect(reads).toBe(single);
    } finally {
      driver.query = query;
    }
    await open.room.leave(true);
  });
});

describe('listings of an earlier version', () => {
  it('reads a listing written without started (by an earlier version) as it did: a locked table running, an open one waiting', async () => {
    const waiting = await joinAsPlayer(server.ws, 'high-card', { seats: 2, private: true }, 'create'); // (private: no later test is matched to it)
    const [running] = await table();
    type Listed = { metadata: Record<string, unknown>; setMetadata(metadata: Record<string, unknown>): Promise<void> };
    for (const p of [waiting, running]) {
      const room = matchMaker.getLocalRoomById(p.room.roomId) as unknown as Listed;
      const { started: _started, ...earlier } = room.metadata;
      await room.setMetadata(earlier);
    }
    const listed = (await (await fetch(`${server.http}/api/tables?ids=${waiting.room.roomId},${running.room.roomId}`)).json()) as { roomId: string }[];
    const of = (p: Player) => listed.find((t) => t.roomId === p.room.roomId);
    expect(of(waiting)).toMatchObject({ open: true, started: false, over: false });
    expect(of(running)).toMatchObject({ open: false, started: true, over: false });
    await waiting.room.leave(true);
  });
});

describe('flood limit', () => {
  it('cuts off a flooding client while the others play on', async () => {
    const [a, b] = await table();
    let closedWith: [number, string] | null = null;
    a.room.onLeave((code, reason) => (closedWith = [code, String(reason ?? '')]));
    for (let i = 0; i < 200; i++) a.room.send('legalMoves');
    await waitFor(() => closedWith !== null, 5000, 'flooder cut off');
    // Named, so a client tells it from 4002 core/join-unconfirmed.
    expect(closedWith).toEqual([4002, 'core/rate-limited']);
    expect(await b.room.request('move', { type: 'ante', in: true })).toMatchObject({ ok: true });
  });

  it("counts a connection's messages in seconds of the wall clock, not of the table's clock, which a quiet table leaves standing", async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, private: true }, 'create'); // waiting for a player: quiet (private: matched to no other test)
    // The table's clock moves only when the table is patched, a quiet one's up to a second late: here not at all.
    const room = matchMaker.getLocalRoomById(a.room.roomId) as unknown as { clock: { tick(): void } };
    room.clock.tick = () => undefined;
    let closedWith: number | null = null;
    a.room.onLeave((code) => (closedWith = code));
    // 40 a second may be sent (the server's limit here): two such seconds, each read and answered before the next.
    for (let second = 0; second < 2; second++) {
      await sleep(1100);
      await Promise.all(Array.from({ length: 40 }, () => a.room.request('legalMoves')));
    }
    expect(closedWith).toBeNull();
    // And a second's 42nd message is still one too many (the first opens it).
    await sleep(1100);
    for (let i = 0; i < 42; i++) a.room.send('legalMoves');
    await waitFor(() => closedWith !== null, 5000, 'flooder cut off');
    expect(closedWith).toBe(4002);
  });
});

describe('quiet tables', () => {
  it('are passed by until something happens to them: a message, a join, a timer or a change from outside wakes them', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, name: 'Ada' }, 'create');
    const room = matchMaker.getLocalRoomById(a.room.roomId) as unknown as {
      patch(): number;
      wake(): void;
      clock: { setTimeout(cb: () => void, ms: number): unknown };
      state: { seats: { name: string }[] };
    };
    let patches = 0;
    let wakes = 0;
    const patch = room.patch.bind(room);
    const wake = room.wake.bind(room);
    room.patch = () => (patches++, patch());
    room.wake = () => (wakes++, wake());
    await sleep(200); // the join's patches are out: the waiting table has nothing to do
    patches = 0;
    await sleep(400);
    expect(patches).toBeLessThanOrEqual(1); // passed by, not patched 8 times

    wakes = 0;
    await a.room.request('legalMoves');
    expect(wakes).toBeGreaterThan(0); // a message

    wakes = 0;
    const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, { name: 'Bo' }));
    expect(wakes).toBeGreaterThan(0); // a join
    await waitFor(() => state(a).seats[b.seat].name === 'Bo', 3000, 'the join patched');

    await sleep(300);
    wakes = 0;
    let fired = false;
    room.clock.setTimeout(() => (fired = true), 10);
    expect(wakes).toBe(1); // a new timer on the room clock
    await waitFor(() => fired, 3000, 'the timer ran');

    await sleep(300);
    wakes = 0;
    room.state.seats[0]!.name = 'Ada Lovelace'; // not from a move, a message or a timer
    expect(wakes).toBe(1); // the first change queued since the last patch
    room.state.seats[1]!.name = 'Bo Diddley';
    expect(wakes).toBe(1);
    await waitFor(() => state(a).seats[1].name === 'Bo Diddley', 3000, 'the change patched');
  });
});

describe('closed tables', () => {
  it('are not kept in memory once they close: nothing the process holds for every table reaches one', async () => {
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    // A table a player sat at (the seat's view of its private entry) and left before the start: it closes at once.
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, name: 'Ada' }, 'create');
    const roomId = a.room.roomId;
    let collected = false;
    const watch = new FinalizationRegistry(() => (collected = true));
    watch.register(matchMaker.getLocalRoomById(roomId)!, roomId);
    await a.room.leave();
    await waitFor(() => !matchMaker.getLocalRoomById(roomId), 3000, 'the table closed');
    // (Collections a few turns apart: the closing's own timers and finalizers run in between.)
    for (let i = 0; i < 10 && !collected; i++) {
      collectGarbage();
      await sleep(20);
    }
    expect(collected, 'the closed table is still reachable').toBe(true);
  });
});
