/**
 * The trust boundary of the room, over real WebSockets: hostile moves (cycles, 3,000-deep arrays, 64-bit
 * integers, huge strings and arrays, extra fields, prototype keys) at every game, stale moves, the logs
 * they leave, and the seats and matchmaking a crowd of guests must not lock.
 *
 * Asserted everywhere: the process stays up, every answer is coded, and what the room applied, journaled,
 * broadcast and recorded is one and the same list of canonical moves, whose record verifies.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room as SdkRoom, type SeatReservation } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { Packr } from 'msgpackr';
import { WebSocket } from 'ws';
import { pino } from 'pino';
import { canonicalMove, sameMove, type AnyGame, type GameEvent, type MoveBase } from '../src/core/game.ts';
import { findGame } from '../src/games/index.ts';
import { verifyRecord } from '../src/server/verify.ts';
import { resetClientFaults, safeJson } from '../src/server/client-faults.ts';
import { roomSettings } from '../rooms/settings.ts';
import { defineEngineRoom, type GameRecord } from '../rooms/engine-room.ts';
import { highCard } from './fixture/high-card.ts';
import { HighCardRoom } from './fixture/room.ts';
import { HighCardRoomState } from './fixture/schema.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { spawnServer } from './helpers/process.ts';
import { startRedis } from './helpers/redis.ts';
import { adopt, joinAsPlayer, joinAsSpectator, legalMoves, mine, refusalCode, state, type Player } from './helpers/clients.ts';
import { sleep, waitFor } from './helpers/ports.ts';

/** The fixture with an engine bug: it throws on a declined ante (a canonical move). */
const buggy: AnyGame = {
  ...highCard,
  id: 'high-card-bug',
  applyMove(s, actor, move) {
    if ((move as { type: string; in?: boolean }).type === 'ante' && (move as { in?: boolean }).in === false) throw new TypeError('engine bug on a declined ante');
    return highCard.applyMove.call(this, s, actor, move);
  },
};

/** The fixture with a bot bug: its plays name the card as text (malformed), the hidden card in the move's value. */
const badBot: AnyGame = {
  ...highCard,
  id: 'high-card-bad-bot',
  bot(view, legal) {
    const move = highCard.bot(view, legal, () => 0, 1) as MoveBase & { card?: number };
    return move.type === 'play' ? { type: 'play', card: `card ${move.card} of my hand` } : move;
  },
};

let server: TestServer;
const logLines: Record<string, unknown>[] = [];
beforeAll(async () => {
  // The per-socket message limit out of the way: a client here plays its game as fast as the loopback
  // answers, which passes 1,000 moves a second (the limit is tested in test/room.test.ts and test/security.test.ts).
  server = await startServer({ MAX_MESSAGES_PER_SECOND: '1000000', RECONNECT_SECONDS: '5' }, { 'high-card': HighCardRoom, 'high-card-bug': defineEngineRoom(buggy, HighCardRoomState), 'high-card-bad-bot': defineEngineRoom(badBot, HighCardRoomState) });
  // Rooms log through roomSettings.logger: keep every line this file's rooms write.
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) logLines.push({ ...JSON.parse(line), bytes: line.length });
      done();
    },
  });
  roomSettings.logger = pino({ level: 'info' }, sink);
});
afterAll(() => server.close());

type EngineRoomInternals = { journal: { moves: { actor: number; move: MoveBase }[]; seq: number; record(): GameRecord; meta(): { seats: { token: string }[] } } };
const roomOf = (roomId: string) => matchMaker.getLocalRoomById(roomId) as unknown as EngineRoomInternals;

/**
 * Lets a client send what msgpack carries but the SDK's encoder would not build: cyclic values (msgpack's
 * structured-clone extension, which the server decodes) and values nested deeper than any encoder recurses.
 */
function hostile(room: SdkRoom): SdkRoom {
  const cloning = new Packr({ structuredClone: true });
  const packr = {
    pack(value: unknown, options: number) {
      if (!(value instanceof Deep)) return cloning.pack(value, options);
      const head = options & 0xff; // the SDK writes its frame header into these reserved bytes
      const bytes = value.encode();
      const out = new Uint8Array(head + bytes.length);
      out.set(bytes, head);
      return out;
    },
  };
  (room as unknown as { packr: unknown }).packr = packr;
  return room;
}

/** A move whose `junk` field is an array nested `levels` deep, as raw msgpack. */
class Deep {
  readonly move: object;
  readonly levels: number;
  constructor(move: object, levels: number) {
    this.move = move;
    this.levels = levels;
  }
  encode(): Uint8Array {
    const mark = 'deep-junk-mark';
    const plain = new Packr().pack({ ...this.move, junk: mark });
    const at = Buffer.from(plain).indexOf(Buffer.from(mark)) - 1; // fixstr header byte
    return Buffer.concat([plain.subarray(0, at), Buffer.alloc(this.levels, 0x91), Buffer.from([1]), plain.subarray(at + 1 + mark.length)]);
  }
  toJSON() {
    return { ...this.move, junk: `<${this.levels} levels>` };
  }
}

function cyclic(): unknown {
  const a: Record<string, unknown> = { type: 'loop' };
  a.self = a;
  return a;
}

type Broadcast = { seq: number; actor: number; events: GameEvent[] };
/** Room notices that are no move's events. */
const NOTICES = new Set(['turnTimeout', 'gameOver', 'durability', 'serverClosing']);

/** The events each journaled move produces, replayed from the record: what the room must have broadcast. */
function replayedEvents(game: AnyGame, record: GameRecord): Broadcast[] {
  let s = game.setup(record.options, record.seats, record.seed);
  const out: Broadcast[] = [];
  record.moves.forEach(({ actor, move }, i) => {
    const r = game.applyMove(s, actor, move);
    if (!r.ok) throw new Error(`journaled move ${i} does not replay: ${r.error.code}`);
    s = r.state;
    if (r.events.length) out.push({ seq: i + 1, actor, events: r.events });
  });
  return out;
}

/** Journal, broadcast and record are one list of canonical moves, and the record verifies. */
async function expectOneHistory(game: AnyGame, roomId: string, seen: Broadcast[], finished: boolean) {
  const room = roomOf(roomId);
  // A snapshot: a game may go on (SYSTEM steps). Each move is broadcast as it is journaled, so every
  // move of the snapshot has been broadcast by now.
  const record = { ...room.journal.record(), moves: [...room.journal.moves] };
  for (const { move } of record.moves) {
    const c = canonicalMove(game, move);
    expect(c.ok && sameMove(c.move, move), `not canonical: ${JSON.stringify(move).slice(0, 200)}`).toBe(true);
  }
  const expected = replayedEvents(game, record);
  const moveBroadcasts = () => seen.filter((b) => !b.events.every((e) => NOTICES.has(e.type)));
  await waitFor(() => moveBroadcasts().length >= expected.length, 3000, `${game.id}: every broadcast`);
  expect(moveBroadcasts().slice(0, expected.length)).toEqual(expected);
  // The fixture is no registered game: the replay above is its check (every move legal, same events).
  if (!findGame(game.id)) return;
  const problems = verifyRecord({ record: JSON.parse(JSON.stringify(record)) }).problems.filter((p) => finished || !/ends before the game is over/.test(p));
  expect(problems).toEqual([]);
}

/** A table whose seats are all real clients, with a spectator listening from before the first move. */
async function openTable(game: string, seats: number, options: Record<string, unknown>) {
  const first = await joinAsPlayer(server.ws, game, { seats, options }, 'create');
  const spectator = await joinAsSpectator(server.ws, first.room.roomId);
  const seen: Broadcast[] = [];
  spectator.onMessage('events', (m: Broadcast) => seen.push(m));
  const others = [];
  for (let i = 1; i < seats; i++) others.push(await adopt(await new Client(server.ws).joinById(first.room.roomId, {})));
  const players = [first, ...others];
  for (const p of players) hostile(p.room);
  await waitFor(() => state(first).status === 'playing', 5000, `${game} started`);
  return { players, spectator, seen, roomId: first.room.roomId };
}

/** Plays each player's first legal move until the table is over. */
async function playOut(players: Player[]) {
  const a = players[0]!;
  while (state(a).status !== 'over') {
    const p = await waitFor(() => players.find((x) => legalMoves(x).length) ?? (state(a).status === 'over' ? a : null), 5000, 'a player to move');
    const [move] = legalMoves(p);
    if (move) await ask(p, move);
  }
}

/** The table's `game over` log line, once written. */
function gameOverLine(roomId: string): Record<string, unknown> {
  return logLines.find((l) => l.msg === 'game over' && l.roomId === roomId) ?? expect.fail(`no game over line for ${roomId}`);
}

/** The answer to a move request: `ok`, or the rejection's code (anything else fails the test). */
async function ask(p: Player, move: unknown): Promise<string> {
  try {
    const reply = (await p.room.request('move', move, { timeout: 10_000 })) as { ok?: boolean; seq?: number };
    expect(reply).toMatchObject({ ok: true, seq: expect.any(Number) });
    return 'ok';
  } catch (err) {
    const e = err as Error & { reason?: { code?: string; message?: string } };
    expect(e.name, `${e.message} for ${safeJson(move, 120)}`).toBe('rejected');
    expect(e.reason?.code).toMatch(refusalCode());
    expect(e.reason?.message).toBeTruthy();
    return e.reason!.code!;
  }
}

describe('hostile moves', () => {
  it('applies a legal move with extra fields as its canonical form; a cyclic, 3,000-deep or 64-bit field is refused unread, and the record is still served', async () => {
    const { players, seen, roomId } = await openTable('high-card', 2, {});
    const [a, b] = players as [Player, Player];
    await waitFor(() => legalMoves(a).length && legalMoves(b).length, 3000, 'ante');
    const before = roomOf(roomId).journal.seq;
    // Refused unread, nothing applied: cycles (msgpack decodes them), depth, BigInt, a flood of values.
    expect(await ask(a, { type: 'ante', in: true, junk: cyclic() })).toBe('core/malformed-move');
    expect(await ask(a, new Deep({ type: 'ante', in: true }, 3000))).toBe('core/malformed-move');
    expect(await ask(a, { type: 'ante', in: true, junk: 2n ** 60n })).toBe('core/malformed-move');
    expect(await ask(a, { type: 'ante', in: true, junk: Array.from({ length: 1500 }, (_, i) => i % 100) })).toBe('core/malformed-move');
    expect(await ask(a, { type: 'ante', in: 'yes' })).toBe('core/malformed-move');
    expect(await ask(a, { type: 'constructor' })).toBe('core/unknown-move');
    expect(await ask(a, { type: '__proto__' })).toBe('core/unknown-move');
    expect(roomOf(roomId).journal.seq).toBe(before);
    // Legal, with extra fields: applied, and only the game's fields are kept.
    const extra = JSON.parse('{"type":"ante","in":true,"note":"hi","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}');
    expect(await ask(a, { ...extra, blob: 'x'.repeat(12_000) })).toBe('ok');
    expect(await ask(b, { type: 'ante', in: false, seat: 0, nested: { a: [1, 2] } })).toBe('ok');
    expect(roomOf(roomId).journal.moves.slice(-2).map((m) => m.move)).toEqual([{ type: 'ante', in: true }, { type: 'ante', in: false }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Play to the end, each play carrying junk; the record comes back over the wire.
    while (state(a).status !== 'over') {
      const p = await waitFor(() => players.find((x) => legalMoves(x).length) ?? (state(a).status === 'over' ? a : null), 3000, 'a player to move');
      const [move] = legalMoves(p);
      if (move) await ask(p, { ...move, junk: { deep: [[['x']]] }, more: 'y'.repeat(500) });
    }
    const record = (await a.room.request('record')) as GameRecord;
    expect(record.moves).toEqual(JSON.parse(JSON.stringify(roomOf(roomId).journal.moves)));
    expect(record.moves.every(({ move }) => !('junk' in (move as object)))).toBe(true);
    expect((record as GameRecord & { result?: { winners: number[] } }).result?.winners).toEqual(state(a).result.winners.toArray()); // as GET /api/records serves it
    // A whole game per request: served once a second per connection.
    await expect(a.room.request('record')).rejects.toMatchObject({ reason: { code: 'core/rate-limited' } });
    await sleep(1000);
    expect(((await a.room.request('record')) as GameRecord).moves).toEqual(record.moves);
    await expectOneHistory(highCard, roomId, seen, true);
  });

  it('refuses a move decided on an older table when it names the expected seq (core/stale-move)', async () => {
    const { players, roomId } = await openTable('high-card', 2, {});
    const [a, b] = players as [Player, Player];
    await waitFor(() => legalMoves(a).length && legalMoves(b).length, 3000, 'ante');
    const seq0 = roomOf(roomId).journal.seq;
    expect(await ask(a, { type: 'ante', in: true, expectSeq: seq0 })).toBe('ok');
    // Every client reads the count from the synced state too (with the next patch).
    await waitFor(() => (b.room.state as unknown as { seq: number }).seq === seq0 + 1, 3000, 'seq in the state');
    // b decided on the same table as a did: the table has moved on since.
    expect(await ask(b, { type: 'ante', in: true, expectSeq: seq0 })).toBe('core/stale-move');
    await expect(b.room.request('move', { type: 'ante', in: true, expectSeq: seq0 })).rejects.toMatchObject({ reason: { seq: seq0 + 1 } });
    expect(await ask(b, { type: 'ante', in: true, expectSeq: 'latest' })).toBe('core/malformed-move');
    expect(await ask(b, { type: 'ante', in: true, expectSeq: -1 })).toBe('core/malformed-move');
    expect(await ask(b, { type: 'ante', in: true, expectSeq: seq0 + 1 })).toBe('ok');
    // Two plays queued by one seat on the same old position: once its turn comes, neither lands.
    const mover = await waitFor(() => players.find((p) => legalMoves(p).some((m) => m.type === 'play')), 3000, 'first play');
    const other = mover === a ? b : a;
    const seen = roomOf(roomId).journal.seq;
    const [first, second] = legalMoves(mover);
    expect(await ask(mover, { ...first, expectSeq: seen })).toBe('ok');
    await waitFor(() => legalMoves(other).length, 3000, 'the other seat to move');
    expect(await ask(other, { ...legalMoves(other)[0], expectSeq: seen + 1 })).toBe('ok');
    await waitFor(() => legalMoves(mover).length, 3000, 'turn back');
    expect(await ask(mover, { ...(second ?? first), expectSeq: seen })).toBe('core/stale-move');
    expect(await ask(mover, { ...legalMoves(mover)[0], expectSeq: seen })).toBe('core/stale-move');
    expect(roomOf(roomId).journal.seq).toBe(seen + 2);
    // Without expectSeq nothing changes for clients that do not use it.
    expect(await ask(mover, legalMoves(mover)[0])).toBe('ok');
  });

  it('logs malformed moves as rate-limited warnings without stacks, engine throws as rate-limited errors, and the seed only once the game is over', async () => {
    resetClientFaults();
    const mark = logLines.length;
    const { players, roomId } = await openTable('high-card', 2, {});
    const [a, b] = players as [Player, Player];
    await waitFor(() => legalMoves(a).length, 3000, 'ante');
    const started = logLines.slice(mark).find((l) => l.msg === 'game started' && l.roomId === roomId)!;
    expect(started.seedCommitment).toBe(state(a).seedCommitment);
    expect(JSON.stringify(logLines.slice(mark))).not.toContain('"seed"');
    for (let i = 0; i < 40; i++) expect(await ask(a, { type: 'ante', in: true, junk: cyclic(), pad: 'z'.repeat(4000) })).toBe('core/malformed-move');
    const warnings = logLines.slice(mark).filter((l) => l.fault === 'malformed-move');
    expect(warnings.length).toBe(1);
    expect(warnings[0]).toMatchObject({ level: 40 });
    expect(warnings[0]!.stack).toBeUndefined();
    expect(warnings[0]!.bytes).toBeLessThan(2000);
    // A move's values never reach a line written during play (they may name cards): its outline does.
    expect(JSON.parse(warnings[0]!.move as string)).toEqual({ type: 'ante', fields: ['in', 'junk', 'pad'] });
    expect(JSON.stringify(warnings[0])).not.toContain('zzz');
    // An engine bug: coded, the game goes on, one short error line.
    const bug = await openTable('high-card-bug', 2, {});
    await waitFor(() => legalMoves(bug.players[0]!).length, 3000, 'ante');
    for (let i = 0; i < 20; i++) expect(await ask(bug.players[0]!, { type: 'ante', in: false, junk: 'j'.repeat(8000) })).toBe('core/engine-error');
    const errors = logLines.slice(mark).filter((l) => l.fault === 'engine-error');
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatchObject({ level: 50, seq: expect.any(Number) });
    expect(JSON.parse(errors[0]!.move as string)).toEqual({ type: 'ante', fields: ['in'] });
    expect(JSON.stringify(errors[0])).not.toContain('"in":false');
    expect(errors[0]!.bytes).toBeLessThan(2000);
    expect(await ask(bug.players[0]!, { type: 'ante', in: true })).toBe('ok');
    // The seed reaches the log when it is public anyway: at the end, with the moves the engine threw on, whole.
    expect(await ask(b, { type: 'ante', in: true })).toBe('ok');
    await playOut(players);
    expect(gameOverLine(roomId).seed).toBe(state(a).seed);
    expect(gameOverLine(roomId).faultyMoves).toBeUndefined();
    expect(await ask(bug.players[1]!, { type: 'ante', in: true })).toBe('ok');
    await playOut(bug.players);
    const bugOver = gameOverLine(bug.roomId);
    expect(bugOver.faultyMoves).toHaveLength(8); // the first few of the 20, each whole
    expect((bugOver.faultyMoves as unknown[])[0]).toEqual({ seq: expect.any(Number), actor: 0, move: '{"type":"ante","in":false}', code: 'core/engine-error' });
  });

  it('logs a bot\'s refused move by its outline during play (it names the bot\'s card), whole with the game over', async () => {
    const mark = logLines.length;
    const human = await joinAsPlayer(server.ws, 'high-card-bad-bot', { seats: 2, bots: 1 }, 'create');
    await waitFor(() => state(human).status === 'playing', 5000, 'started');
    hostile(human.room);
    await playOut([human]);
    const rejected = logLines.slice(mark).filter((l) => l.msg === 'bot move rejected; playing the first legal move');
    expect(rejected.length).toBeGreaterThan(0);
    for (const line of rejected) {
      expect(line).toMatchObject({ seat: 1, move: { type: 'play', fields: ['card'] }, code: 'core/malformed-move' });
      expect(JSON.stringify(line)).not.toContain('of my hand');
    }
    const over = gameOverLine(human.room.roomId);
    expect(over.faultyMoves).toEqual(expect.arrayContaining([expect.objectContaining({ actor: 1, code: 'core/malformed-move', move: expect.stringMatching(/"card":"card \d+ of my hand"/) })]));
    // Every line before the end is free of it.
    const before = logLines.slice(mark, logLines.indexOf(over));
    expect(JSON.stringify(before)).not.toContain('of my hand');
  });
});

/** All-human tables with fast clocks (as in the fuzz test), plus the fixture. */
const TABLES = [
  { game: 'high-card', seats: 2, options: {} },
  { game: 'fast-track', seats: 2, options: {} },
  { game: 'tractor', seats: 4, options: { dealDelayMs: 0, declareWindowMs: 0, handEndDelayMs: 0 } },
  { game: 'great-western-trail', seats: 2, options: {} },
  { game: 'ready-set-bet', seats: 2, options: { rollIntervalMs: 30, startDelayMs: 0, resultsPauseMs: 0, draftTimeoutMs: 0 } },
  { game: 'tac', seats: 2, options: { dealDelayMs: 0 } },
];

/** What a hostile client makes of a legal move: refused unread, refused by shape, or stripped to canonical. */
function variants(move: MoveBase): { payload: unknown; refused?: string }[] {
  const field = Object.keys(move).find((k) => k !== 'type');
  const proto = JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"toString":7}');
  return [
    { payload: { ...move, junk: cyclic() }, refused: 'core/malformed-move' },
    { payload: new Deep(move, 3000), refused: 'core/malformed-move' },
    { payload: { ...move, junk: 2n ** 63n - 1n }, refused: 'core/malformed-move' },
    { payload: { ...move, junk: Array.from({ length: 2000 }, () => 7) }, refused: 'core/malformed-move' },
    { payload: { ...move, type: 'hasOwnProperty' }, refused: 'core/unknown-move' },
    ...(field ? [{ payload: { ...move, [field]: 's'.repeat(5000) }, refused: 'core/malformed-move' }] : []),
    { payload: { ...move, ...proto, note: 'n'.repeat(10_000), extra: { list: [1, [2, [3]]] } } },
    { payload: { ...move, expectSeq: undefined, seat: 3, actor: -1 } },
  ];
}

describe('messages that are no move', () => {
  it('answers a message named "*" with any payload, and survives any throw while a message is handled: coded answers, one error line, the game goes on', async () => {
    resetClientFaults();
    const mark = logLines.length;
    const { players, roomId } = await openTable('high-card', 2, {});
    const [a, b] = players as [Player, Player];
    await waitFor(() => legalMoves(a).length, 3000, 'ante');
    // Colyseus hands the "*" handler the payload where it passes the type for other names.
    for (const payload of [{ toString: 0 }, { valueOf: 'x', toString: null }, 'plain', 7]) a.room.send('*', payload);
    await waitFor(() => a.errors.length >= 4, 3000, 'four answers');
    expect(a.errors).toEqual(Array(4).fill({ code: 'core/unknown-message', message: 'No message type "*"; use request("move", …).' }));
    await expect(a.room.request('*', { toString: 0 })).rejects.toMatchObject({ reason: { code: 'core/unknown-message' } });
    // A payload shaped like Colyseus' request context is still a payload: the type named is the real one.
    for (const payload of [{ reject: 1, id: 5 }, { reject: 'x' }]) a.room.send('nosuch', payload);
    await waitFor(() => a.errors.length >= 6, 3000, 'two more answers');
    expect(a.errors.slice(4)).toEqual(Array(2).fill({ code: 'core/unknown-message', message: 'No message type "nosuch"; use request("move", …).' }));
    // A handler that throws (a server bug a client's message reaches) must not take the process down.
    (matchMaker.getLocalRoomById(roomId) as unknown as { onMessage(type: string, f: () => void): void }).onMessage('boom', () => {
      throw new TypeError('a bug in a handler');
    });
    for (let i = 0; i < 5; i++) a.room.send('boom', {});
    await waitFor(() => a.errors.length >= 11, 3000, 'five answers');
    expect(a.errors.slice(6)).toEqual(Array(5).fill({ code: 'core/internal', message: 'The server could not handle this message.' }));
    const lines = logLines.slice(mark).filter((l) => l.msg === 'handling a client message failed; the table goes on');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, roomId, error: 'TypeError: a bug in a handler' });
    expect(a.room.connection.isOpen).toBe(true);
    expect(await ask(a, { type: 'ante', in: true })).toBe('ok');
    expect(await ask(b, { type: 'ante', in: true })).toBe('ok');
  });

  it('answers a request whose handler throws (a server bug a client reaches) as a refusal, core/internal, and logs one error line a window', async () => {
    resetClientFaults();
    const mark = logLines.length;
    const { players, roomId } = await openTable('high-card', 2, {});
    const [a] = players as [Player, Player];
    await waitFor(() => legalMoves(a).length, 3000, 'ante');
    const room = matchMaker.getLocalRoomById(roomId) as unknown as { onMessage(type: string, f: () => unknown): void };
    room.onMessage('boom', () => {
      throw new TypeError('a bug in a handler at /srv/parlor/rooms/secret.ts:1');
    });
    room.onMessage('later', () => Promise.reject(new RangeError('a bug once the answer was awaited')));
    for (const type of ['boom', 'boom', 'boom', 'later']) {
      const refused = await a.room.request(type, {}).then(() => null, (err: unknown) => err as Error & { reason?: unknown });
      expect(refused).toMatchObject({ name: 'rejected', reason: { code: 'core/internal', message: 'The server could not handle this message.' } });
    }
    // One line a window, with where it failed: Colyseus wrote the stack of each.
    const lines = logLines.slice(mark).filter((l) => (l.level as number) >= 50);
    expect(lines.map((l) => [l.msg, l.error])).toEqual([['handling a client message failed; the table goes on', 'TypeError: a bug in a handler at /srv/parlor/rooms/secret.ts:1']]);
    expect(a.room.connection.isOpen).toBe(true);
    expect(await ask(a, { type: 'ante', in: true })).toBe('ok');
  });

  it('refuses a fillWithBots payload of a msgpack extension (a date, a set, an error, a pattern, bytes) as malformed: it casts no wish', async () => {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2 }, 'create');
    // Each decodes to an object with no keys of its own, which read as `{}` (a wish to start now) would fill the
    // free seat with a bot and start the game.
    for (const payload of [new Date(0), new Set([true]), new Error('agree'), /agree/, new Uint8Array([1])]) {
      await expect(a.room.request('fillWithBots', payload), String(payload)).rejects.toMatchObject({ reason: { code: 'core/malformed-request' } });
    }
    expect(state(a).status).toBe('waiting');
    expect(state(a).seats.map((s: { bot: boolean; startNow: boolean }) => [s.bot, s.startNow])).toEqual([
      [false, false],
      [false, false],
    ]);
    await expect(a.room.request('fillWithBots', {})).resolves.toMatchObject({ ok: true, seats: [1] }); // an empty map still asks
    await a.room.leave();
  });

  it('answers a message of raw bytes (sendBytes) without reading it: a known type is named as a msgpack message, the game goes on', async () => {
    const { players } = await openTable('high-card', 2, {});
    const [a] = players as [Player, Player];
    await waitFor(() => legalMoves(a).length, 3000, 'ante');
    a.room.sendBytes('move', new Uint8Array([0x81, 0xa4, 0x74, 0x79, 0x70, 0x65, 0xa4, 0x61, 0x6e, 0x74, 0x65])); // msgpack, but as bytes
    a.room.sendBytes('nosuch', new Uint8Array([1, 2, 3]));
    await waitFor(() => a.errors.length >= 2, 3000, 'two answers');
    expect(a.errors).toEqual([
      { code: 'core/unknown-message', message: '"move" is a msgpack message (send or request), not raw bytes.' },
      { code: 'core/unknown-message', message: 'No message type "nosuch"; use request("move", …).' },
    ]);
    expect(a.room.connection.isOpen).toBe(true);
    expect(await ask(a, { type: 'ante', in: true })).toBe('ok');
  });

  it('answers a message type that is not UTF-8 as an unknown type read with replacement characters, and prints nothing', async () => {
    const { players } = await openTable('high-card', 2, {});
    const [a] = players as [Player, Player];
    await waitFor(() => legalMoves(a).length, 3000, 'ante');
    const printed: string[] = [];
    const print = console.error;
    console.error = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
    try {
      const raw = (bytes: number[]) => (a.room.connection as unknown as { send(b: Uint8Array): void }).send(new Uint8Array(bytes));
      const notUtf8 = [0xa4, 0x6d, 0xff, 0x76, 0xc3]; // "m", a byte no UTF-8 has, "v", a sequence cut short
      raw([13, ...notUtf8, 0x80]); // a message
      raw([21, 0xcd, 0x10, 0x27, ...notUtf8, 0x80]); // a request (id 10000, which this client never asked)
      raw([13, 0xd9, 3, 0xe2, 0x82, 0x28, 0x80]); // str 8: an invalid continuation byte
      raw([13, 0xda, 0x80, 0x3e, ...Array<number>(16_000).fill(0xff), 0x80]); // str 16: 16,000 such bytes, read up to 31
      await waitFor(() => a.errors.length >= 3, 3000, 'three answers');
      expect(a.errors).toEqual([
        { code: 'core/unknown-message', message: 'No message type "m\ufffdv\ufffd"; use request("move", …).' },
        { code: 'core/unknown-message', message: 'No message type "\ufffd("; use request("move", …).' },
        { code: 'core/unknown-message', message: `No message type "${'\ufffd'.repeat(10)}"; use request("move", …).` },
      ]);
      expect(await ask(a, { type: 'ante', in: true })).toBe('ok');
    } finally {
      console.error = print;
    }
    expect(printed).toEqual([]);
    expect(a.room.connection.isOpen).toBe(true);
  });

  it('refuses a move whose payload does not decode as malformed (core/malformed-move), sent or requested, and keeps the connection', async () => {
    resetClientFaults();
    const mark = logLines.length;
    const { players } = await openTable('high-card', 2, {});
    const [a, b] = players as [Player, Player];
    await waitFor(() => legalMoves(a).length, 3000, 'ante');
    const connection = a.room.connection as unknown as { send(b: Uint8Array): void };
    const send = connection.send.bind(connection);
    // The SDK's next frame leaves with its payload replaced by msgpack that does not decode: an extension no
    // decoder knows, a map cut short.
    const corruptNext = (payload: number[]) => {
      connection.send = (bytes) => {
        connection.send = send;
        const at = bytes.indexOf(0xa4) + 5; // after the type, fixstr "move"
        send(new Uint8Array([...bytes.subarray(0, at), ...payload]));
      };
    };
    corruptNext([0xd4, 0x05, 0x00]);
    a.room.send('move', { type: 'ante', in: true });
    await waitFor(() => a.errors.length >= 1, 3000, 'the answer to a sent move');
    expect(a.errors).toEqual([expect.objectContaining({ code: 'core/malformed-move' })]);
    corruptNext([0x83, 0xa4]);
    await expect(a.room.request('move', { type: 'ante', in: true })).rejects.toMatchObject({ reason: { code: 'core/malformed-move' } });
    expect(a.room.connection.isOpen).toBe(true);
    expect(await ask(a, { type: 'ante', in: true })).toBe('ok');
    expect(await ask(b, { type: 'ante', in: true })).toBe('ok');
    const warned = logLines.slice(mark).filter((l) => l.fault === 'bad-message');
    expect(warned).toHaveLength(1); // one line a window, no stack
    expect(warned[0]).toMatchObject({ level: 40, type: 'move' });
    expect(logLines.slice(mark).filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it("logs a payload that does not decode by the decoder's complaint alone, never the values it read", async () => {
    resetClientFaults();
    const mark = logLines.length;
    const { players } = await openTable('high-card', 2, {});
    const [a] = players as [Player, Player];
    await waitFor(() => legalMoves(a).length, 3000, 'ante');
    // A whole move and one byte more: the decoder reads the move, then complains that the frame goes on.
    const connection = a.room.connection as unknown as { send(b: Uint8Array): void };
    const send = connection.send.bind(connection);
    connection.send = (bytes) => {
      connection.send = send;
      send(new Uint8Array([...bytes, 0xc0]));
    };
    await expect(a.room.request('move', { type: 'ante', in: true, hand: 'the-hidden-card' })).rejects.toMatchObject({ reason: { code: 'core/malformed-move' } });
    const warned = logLines.slice(mark).filter((l) => l.fault === 'bad-message');
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: 40, type: 'move', error: expect.stringMatching(/end of buffer not reached/) });
    expect(JSON.stringify(logLines.slice(mark))).not.toContain('the-hidden-card');
  });
});

describe('a client that never confirms its join', () => {
  it('is held nothing it asks for, and is closed after the wait (4002 core/join-unconfirmed)', async () => {
    const saved = roomSettings.joinConfirmMs;
    roomSettings.joinConfirmMs = 1500;
    try {
      const res = await fetch(`${server.http}/matchmake/create/high-card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"seats":2,"bots":1}' });
      const seat = (await res.json()) as SeatReservation;
      // A bare WebSocket: it reads the join (JOIN_ROOM, code 10) and never answers it, as the SDK would at once.
      const ws = new WebSocket(`${server.ws}/${seat.processId}/${seat.roomId}?sessionId=${seat.sessionId}`);
      const frames: Buffer[] = [];
      ws.on('message', (data) => frames.push(data as Buffer));
      const closed = new Promise<[number, string]>((resolve) => ws.on('close', (code, reason) => resolve([code, String(reason)])));
      await waitFor(() => frames.length > 0, 3000, 'the join');
      expect(frames[0]![0]).toBe(10);
      // Requests (12.5 KB answers each in a large game) and a move: none is handled, so nothing is held for it.
      const packr = new Packr();
      for (let id = 1; id <= 60; id++) ws.send(Buffer.concat([Buffer.from([21, id]), packr.pack(id % 2 ? 'legalMoves' : 'move'), packr.pack({ type: 'ante', in: true })]));
      await sleep(300);
      const room = matchMaker.getLocalRoomById(seat.roomId) as unknown as { clients: { sessionId: string; userData: { seat: number }; _enqueuedMessages?: unknown[] }[] };
      const joining = room.clients.find((c) => c.sessionId === seat.sessionId)!;
      const human = joining.userData.seat;
      expect(joining._enqueuedMessages!.length).toBeLessThan(10); // the table's own broadcasts, for the wait at most
      expect(await closed).toEqual([4002, 'core/join-unconfirmed']);
      expect(frames).toHaveLength(1);
      expect(roomOf(seat.roomId).journal.moves.filter((m) => m.actor === human)).toEqual([]); // its moves were not applied
    } finally {
      roomSettings.joinConfirmMs = saved;
    }
  });
});

describe("every game's move handler under hostile input", () => {
  it('answers every hostile variant of real legal moves with a code and keeps journal, broadcast and record one history that verifies', { timeout: 60_000 }, async () => {
    const tables = await Promise.all(TABLES.map(async (t) => ({ ...t, ...(await openTable(t.game, t.seats, t.options)) })));
    await Promise.all(
      tables.map(async (t) => {
        const tally = { ok: 0, strippedOk: 0 };
        const until = Date.now() + 12_000;
        for (let round = 0; round < 12 && Date.now() < until && state(t.players[0]!).status === 'playing'; round++) {
          const p = await waitFor(() => t.players.find((x) => legalMoves(x).length) ?? null, 3000, `${t.game}: a player to move`).catch(() => null);
          if (!p) continue;
          for (const v of variants(legalMoves(p)[0]!)) {
            const code = await ask(p, v.payload);
            if (v.refused) expect(code, `${t.game}: ${safeJson(v.payload, 150)}`).toBe(v.refused);
            else if (code === 'ok') tally.strippedOk++;
            if (code === 'ok') break; // the table moved on: take the next listed move
          }
          await sleep(80); // the next patch: fresh legal moves
          const [move] = legalMoves(p);
          if (move && (await ask(p, move)) === 'ok') tally.ok++;
          await sleep(80);
        }
        expect(tally.ok + tally.strippedOk, `${t.game}: moves accepted`).toBeGreaterThan(3);
        expect(tally.strippedOk, `${t.game}: legal moves with junk accepted`).toBeGreaterThan(0);
        await sleep(200); // broadcasts of the last SYSTEM steps
        const game = t.game === 'high-card' ? highCard : findGame(t.game)!;
        await expectOneHistory(game, t.roomId, t.seen, state(t.players[0]!).status === 'over');
        for (const p of t.players) expect(p.room.connection.isOpen).toBe(true);
      }),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await fetch(`${server.http}/health`)).status).toBe(200);
  });
});

describe('seats and matchmaking under ordinary leaves and a crowd of guests', () => {
  async function fullTable(options: Record<string, unknown>): Promise<[Player, Player]> {
    const a = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options }, 'create');
    const b = await adopt(await new Client(server.ws).joinById(a.room.roomId, {}));
    await waitFor(() => state(a).status === 'playing', 3000, 'started');
    return [a, b];
  }
  const reserveGuest = (roomId: string, body: Record<string, unknown>) =>
    fetch(`${server.http}/api/rooms/${roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** A seat token used the way clients take a seat back at a full (locked) table: a guest reservation. */
  async function takeSeat(roomId: string, seatToken: string): Promise<SdkRoom> {
    const res = await reserveGuest(roomId, { seatToken });
    if (res.status !== 200) throw new Error(`${res.status} ${((await res.json()) as { code?: string }).code}`);
    return new Client(server.ws).consumeSeatReservation((await res.json()) as SeatReservation);
  }

  it('never offers a table without a free seat to joinOrCreate: after a spectator leaves, a bad seat token is tried, or a player leaves a running table', async () => {
    // A spectator leaves a full table while another table with the same options waits for a player.
    const [full] = await fullTable({ handSize: 1 });
    const waiting = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 1 } }, 'create');
    const spectator = await joinAsSpectator(server.ws, full.room.roomId);
    await spectator.leave();
    await sleep(100);
    const joined = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 1 } });
    expect(joined.room.roomId).toBe(waiting.room.roomId);

    // A wrong seat token is tried at a full table.
    const [other] = await fullTable({ handSize: 2 });
    await expect(takeSeat(other.room.roomId, 'not-a-real-token')).rejects.toThrow(/bad-seat-token/);
    await sleep(100);
    const next = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 2 } });
    expect(next.room.roomId).not.toBe(other.room.roomId);

    // A player leaves a full running public table: the bot plays on, the seat is not offered.
    const [, leaver] = await fullTable({ handSize: 4 });
    const table = leaver.room.roomId;
    await leaver.room.leave(true);
    await sleep(100);
    const newcomer = await joinAsPlayer(server.ws, 'high-card', { seats: 2, options: { handSize: 4 } });
    expect(newcomer.room.roomId).not.toBe(table);
  });

  it("lets a seat's token holder back in past a crowd of spectator reservations, caps spectators on their own, and rotates the token on every reclaim", async () => {
    const [a, b] = await fullTable({ handSize: 5 });
    const roomId = a.room.roomId;
    await b.room.leave(true);
    await waitFor(() => state(a).seats[b.seat].bot === true, 3000, 'bot takes the seat');
    // Unused reservations hold a room open until they expire: short ones, so the server closes at once.
    (matchMaker.getLocalRoomById(roomId) as unknown as { seatReservationTimeout: number }).seatReservationTimeout = 1;
    const answers = [];
    for (let i = 0; i < roomSettings.maxSpectators + 1; i++) answers.push((await reserveGuest(roomId, { spectator: true })).status);
    expect(answers.slice(0, roomSettings.maxSpectators).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(409);
    const back = await adopt(await takeSeat(roomId, b.seatToken));
    expect(back.seat).toBe(b.seat);
    // A fresh token, in `seat` and in the seat's private state, and in the journal's meta for recovery.
    expect(back.seatToken).not.toBe(b.seatToken);
    await waitFor(() => mine(back)?.seatToken === back.seatToken, 3000, 'private token');
    expect(roomOf(roomId).journal.meta().seats[b.seat]!.token).toBe(back.seatToken);
    // The spent token is nobody's: counted as a spectator (none left here) or refused at join.
    await expect(takeSeat(roomId, b.seatToken)).rejects.toThrow(/bad-seat-token|409/);
    expect(back.room.connection.isOpen).toBe(true);
  });

  it('refuses joins the table will refuse whoever comes (forged seat tokens, a private table without its code) at once, with the reason, and a flood of them takes no place: spectators still get in', async () => {
    const [a] = await fullTable({ handSize: 3 });
    const roomId = a.room.roomId;
    // From an address exempt from the per-address caps (loopback here): only the table's own limits apply.
    for (let i = 0; i < roomSettings.maxSpectators + 1; i++) {
      const forged = await reserveGuest(roomId, { seatToken: `forged-token-${i}` });
      expect([forged.status, ((await forged.json()) as { code?: string }).code]).toEqual([403, 'core/bad-seat-token']);
    }
    expect((await reserveGuest(roomId, { spectator: true })).status).toBe(200);

    // Joins by id at a private table without its code alike: refused with the reason, they take no place either.
    const host = await joinAsPlayer(server.ws, 'high-card', { seats: 2, private: true, options: { handSize: 3 } }, 'create');
    const joinById = () => fetch(`${server.http}/matchmake/joinById/${host.room.roomId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    for (let i = 0; i < roomSettings.maxSpectators + 1; i++) {
      const uninvited = await joinById();
      expect([uninvited.status, ((await uninvited.json()) as { code?: string }).code]).toEqual([403, 'core/invite-required']);
    }
    expect((await reserveGuest(host.room.roomId, { spectator: true })).status).toBe(200);
    await expect(new Client(server.ws).joinById(host.room.roomId, { invite: 'WRONGCODE1' })).rejects.toThrow(/^core\/invite-required: /);
  });
});

describe('durable journal under hostile moves', () => {
  it('never half-applies a move it could not journal: with Redis, a 64-bit field is refused, every accepted move is stored and the finished record is served', { timeout: 30_000 }, async () => {
    const redis = await startRedis();
    const proc = await spawnServer({ REDIS_URL: redis.url });
    try {
      const a = await joinAsPlayer(proc.ws, 'high-card', { seats: 2 }, 'create');
      const b = await adopt(await new Client(proc.ws).joinById(a.room.roomId, {}));
      const players = [a, b];
      await waitFor(() => legalMoves(a).length && legalMoves(b).length, 5000, 'ante');
      let accepted = 0;
      let lastSeq = 0;
      while (state(a).status !== 'over') {
        const p = await waitFor(() => players.find((x) => legalMoves(x).length) ?? (state(a).status === 'over' ? a : null), 5000, 'a player to move');
        const [move] = legalMoves(p);
        if (!move) continue;
        expect(await ask(p, { ...move, big: 2n ** 62n })).toBe('core/malformed-move');
        const reply = (await p.room.request('move', { ...move, note: 'kept out of the journal' })) as { seq: number };
        expect(reply.seq).toBeGreaterThan(lastSeq);
        lastSeq = reply.seq;
        accepted++;
        await waitFor(() => !legalMoves(p).some((m) => JSON.stringify(m) === JSON.stringify(move)) || state(a).status === 'over', 3000, 'move synced');
      }
      const served = (await a.room.request('record')) as GameRecord;
      const stored = await waitFor(async () => {
        const res = await fetch(`${proc.http}/api/records/${a.room.roomId}`);
        return res.ok ? ((await res.json()) as GameRecord) : null;
      }, 5000, 'the record stored in Redis');
      expect(stored.moves).toEqual(served.moves);
      expect(stored.moves.filter((m) => m.actor >= 0).length).toBe(accepted);
      expect(stored.moves.length).toBeGreaterThanOrEqual(lastSeq);
      expect(JSON.stringify(stored.moves)).not.toContain('kept out');
      expect(() => replayedEvents(highCard, stored)).not.toThrow(); // every stored move replays
    } finally {
      await proc.stop('SIGKILL');
      await redis.stop();
    }
  });
});
