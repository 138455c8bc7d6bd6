/**
 * Provably fair play end to end: real games over WebSockets (one client, the other seats bots), their
 * published commitment, revealed seed, record and result, checked by the replay verifier, by
 * `POST /api/verify` and by `npm run verify-replay`; and every kind of tampering caught.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/core/game.ts';
import { loadConfig } from '../src/server/config.ts';
import { findGame } from '../src/games/index.ts';
import { seedFor } from '../src/core/rng.ts';
import { RECORD_BYTES, holdVerifications, recordBytesComing, verificationsInProgress, verificationsQueued, verifyRecord, type ExpectedResult, type GameRecordInput } from '../src/server/verify.ts';
import { DEFAULT_MAX_GAME_MOVES } from '../rooms/settings.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { joinAsPlayer, legalMoves, state, type AnyState } from './helpers/clients.ts';
import { sleep, waitFor } from './helpers/ports.ts';

interface Played {
  commitment: string;
  seed: string;
  record: GameRecordInput;
  result: ExpectedResult;
}

let server: TestServer;
const played: Record<string, Played> = {};

/** Plays one whole game: the client always plays the first move listed for it, pausing to stay under the rate limit. */
async function play(game: string, seats: number, options: Record<string, unknown>): Promise<Played> {
  const p = await joinAsPlayer(server.ws, game, { seats, bots: seats - 1, options }, 'create');
  const commitment = state(p).seedCommitment as string;
  const until = Date.now() + 50_000;
  while (state(p).status !== 'over') {
    if (Date.now() > until) throw new Error(`${game}: game did not end in time`);
    const [move] = legalMoves(p);
    if (move) await p.room.request('move', move).catch(() => undefined); // a bot or the SYSTEM may have moved first
    await sleep(move ? 30 : 10);
  }
  const final: AnyState = state(p);
  const record = (await p.room.request('record')) as GameRecordInput;
  const result = JSON.parse(JSON.stringify(final.result)) as ExpectedResult; // as a client holds it: team -1, details as text
  const out = { commitment, seed: final.seed as string, record, result };
  await p.room.leave();
  return out;
}

beforeAll(async () => {
  server = await startServer();
  const [rsb, tractor] = await Promise.all([
    play('ready-set-bet', 4, { rollIntervalMs: 10, startDelayMs: 0, resultsPauseMs: 0, draftTimeoutMs: 0 }),
    play('tractor', 4, { dealDelayMs: 0, declareWindowMs: 0, handEndDelayMs: 0, handLimit: 1 }),
  ]);
  played['ready-set-bet'] = rsb;
  played.tractor = tractor;
}, 90_000);
afterAll(() => server.close());

const clone = <T>(v: T): T => structuredClone(v);

/**
 * A slow but legal record: a whole 4-seat Great Western Trail game, every seat playing its first legal move
 * (80 kB, a tenth of a second or more to replay; made here with the engine, as quickly as it replays).
 */
function slowRecord(): GameRecordInput {
  const game = findGame('great-western-trail')!;
  const options = game.options.parse({});
  const seed = 'slow but legal';
  let s = game.setup(options, 4, seedFor(seed, 'chacha20'));
  const moves: GameRecordInput['moves'] = [];
  for (let active = game.activeActors(s); active.length > 0; active = game.activeActors(s)) {
    const actor = active.includes(SYSTEM) ? SYSTEM : active[0]!;
    const [move] = game.legalMoves(s, actor);
    const r = game.applyMove(s, actor, move);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    moves.push({ actor, move });
  }
  return { game: 'great-western-trail', options, seats: 4, seed, rng: 'chacha20', moves };
}

describe.each(['ready-set-bet', 'tractor'])('%s played over WebSockets', (game) => {
  const g = () => played[game]!;

  it('verifies: commitment, every move, every chance move shown, the announced result', () => {
    const { record, commitment, seed, result } = g();
    expect(record.seed).toBe(seed);
    expect(record.rng).toBe('chacha20');
    const report = verifyRecord({ record, commitment, result });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, checks: { commitment: 'match', moves: 'all legal', finished: true, result: 'match' } });
    expect(report.moves).toBe(record.moves.length);
    const chance = record.moves.filter((m) => m.actor === SYSTEM).length;
    expect(chance).toBeGreaterThan(0);
    expect(report.system).toHaveLength(chance);
    expect(report.system.some((s) => s.events.length > 0)).toBe(true);
    expect(report.outcome!.winners).toEqual(result.winners);
  });

  it('catches a changed seed', () => {
    const { record, commitment, result } = g();
    const report = verifyRecord({ record: { ...clone(record), seed: `${record.seed}0` }, commitment, result });
    expect(report.ok).toBe(false);
    expect(report.checks.commitment).toBe('mismatch');
  });

  it('catches a changed, a dropped and a steered chance move', () => {
    const { record, commitment, result } = g();
    const seatMove = record.moves.findIndex((m) => m.actor !== SYSTEM);
    const changed = clone(record);
    changed.moves[seatMove]!.move = { ...(changed.moves[seatMove]!.move as object), type: 'resign' };
    expect(verifyRecord({ record: changed, commitment, result })).toMatchObject({ ok: false, checks: { moves: 'failed' } });

    const dropped = clone(record);
    dropped.moves.pop();
    expect(verifyRecord({ record: dropped, commitment, result }).ok).toBe(false);

    // A chance move the server "chose": the rules prescribe exactly one, so any other is caught.
    const steered = clone(record);
    const chance = steered.moves.findIndex((m) => m.actor === SYSTEM);
    steered.moves[chance]!.move = { ...(steered.moves[chance]!.move as object), dice: [6, 6] };
    expect(verifyRecord({ record: steered, commitment, result }).problems[0]).toMatch(/SYSTEM move .* not the one the rules prescribe/);
  });

  it('replays moves as a room applies them: a move with a field its game does not define, or a malformed one, is caught', () => {
    const { record, commitment, result } = g();
    const seatMove = record.moves.findIndex((m) => m.actor !== SYSTEM);
    const padded = clone(record);
    padded.moves[seatMove]!.move = { ...(padded.moves[seatMove]!.move as object), note: 'added later' };
    const report = verifyRecord({ record: padded, commitment, result });
    expect(report).toMatchObject({ ok: false, checks: { moves: 'failed' } });
    expect(report.problems[0]).toMatch(new RegExp(`Move ${seatMove} holds fields its game does not define`));
    const unknown = clone(record);
    unknown.moves[seatMove]!.move = { type: 'no-such-move' };
    expect(verifyRecord({ record: unknown, commitment, result }).problems[0]).toMatch(/core\/unknown-move/);
  });

  it('catches a changed result', () => {
    const { record, commitment, result } = g();
    const flipped = result.winners.includes(0) ? result.winners.filter((s) => s !== 0) : [0, ...result.winners];
    const otherWinner = { ...clone(result), winners: flipped };
    expect(verifyRecord({ record, commitment, result: otherWinner })).toMatchObject({ ok: false, checks: { result: 'mismatch' } });
    const otherScore = clone(result);
    otherScore.standings[0]!.score += 1;
    expect(verifyRecord({ record, commitment, result: otherScore })).toMatchObject({ ok: false, checks: { result: 'mismatch' } });
  });
});

describe('POST /api/verify', () => {
  const post = (body: unknown) =>
    fetch(`${server.http}/api/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** Verifications asked of `door` through its trusted proxy, each for the address it names. */
  const askThrough = (door: TestServer) => async (from: string, body: string | ReadableStream<Uint8Array>, signal?: AbortSignal) => {
    const init = { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body, signal, duplex: 'half' }; // (a streamed body needs duplex, not in the DOM's types)
    const res = await fetch(`${door.http}/api/verify`, init as RequestInit);
    return { status: res.status, body: (await res.json()) as { code?: string; ok?: boolean }, retryAfter: res.headers.get('retry-after') ?? undefined };
  };
  /** A body sent in two parts: its first kilobyte at once, the rest on `finish()`. */
  const inParts = (text: string) => {
    const bytes = new TextEncoder().encode(text);
    let rest!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (sent) => void (rest = sent).enqueue(bytes.subarray(0, 1000)) });
    return { body, finish: () => (rest.enqueue(bytes.subarray(1000)), rest.close()) };
  };

  it('answers a report for a real record, genuine or tampered', async () => {
    const { record, commitment, result } = played.tractor!;
    const good = await post({ record, commitment, result });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ ok: true, game: 'tractor', commitment });
    const bad = await post({ record: { ...record, seed: 'guess' }, commitment, result });
    expect(await bad.json()).toMatchObject({ ok: false, checks: { commitment: 'mismatch' } });
  });

  it('stops a replay longer than VERIFY_TIMEOUT_MS with 503 core/verify-timeout; those queued behind it are replayed', async () => {
    const hasty = await startServer({ VERIFY_TIMEOUT_MS: '1' }); // no record replays within a millisecond
    try {
      const { record, commitment, result } = played.tractor!;
      // Work for the worker (parsed and walked, then ignored) well beyond a millisecond on any machine.
      const body = JSON.stringify({ record, commitment, result, padding: new Array(300_000).fill(0) });
      const ask = async (base: string) => {
        const res = await fetch(`${base}/api/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        return { status: res.status, body: (await res.json()) as unknown };
      };
      // Both servers share the process's verifier: asked at once, genuine ones wait behind stopped ones.
      const answers = await Promise.all([hasty.http, server.http, hasty.http, server.http].map(ask));
      const stopped = { status: 503, body: { code: 'core/verify-timeout', message: expect.stringMatching(/could not be checked within 0.001 s/) } };
      const verified = { status: 200, body: { ok: true, game: 'tractor', commitment } };
      expect(answers).toMatchObject([stopped, verified, stopped, verified]);
      expect(await ask(server.http)).toMatchObject(verified);
    } finally {
      await hasty.close();
    }
  });

  it("keeps a place for an address with none in progress, taken once its whole record has come: four addresses' slow records cannot keep a fifth refused core/busy", async () => {
    const logLines: string[] = [];
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', TRUSTED_PROXIES: '1' }, undefined, pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) }));
    try {
      const slow = JSON.stringify({ record: slowRecord() });
      const ask = askThrough(door);
      // Four addresses, two verifications each (as many as an address may have): the queue's 8 places, held full
      // (a replay here takes a fraction of a second: on a busy machine the first could end before the fifth came).
      holdVerifications(true);
      const crowd = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'].flatMap((from) => [ask(from, slow), ask(from, slow)]);
      await waitFor(() => verificationsQueued() === 8, 10_000, 'the 8 places taken');
      let answered = 0;
      const settled = crowd.map((asked) => asked.finally(() => answered++));

      // A newcomer takes a place only once its whole record has come: one whose body never ends, or is not JSON, displaces nobody.
      const leaving = new AbortController();
      const unfinished = ask('198.51.100.6', inParts(slow).body, leaving.signal).catch(() => 'left');
      await waitFor(() => verificationsInProgress() === 9 || verificationsQueued() < 8, 10_000, 'the unfinished one arrived');
      expect(verificationsQueued()).toBe(8);
      const notJson = await fetch(`${door.http}/api/verify`, { method: 'POST', headers: { 'content-type': 'text/plain', 'x-forwarded-for': '198.51.100.7' }, body: slow });
      expect(notJson.status).toBe(400);
      expect(verificationsQueued()).toBe(8);
      leaving.abort();
      expect(await unfinished).toBe('left');
      await waitFor(() => verificationsInProgress() === 8, 10_000, 'the unfinished one gone');
      expect(verificationsQueued()).toBe(8);

      const { record, commitment, result } = played.tractor!;
      const fifth = ask('198.51.100.5', JSON.stringify({ record, commitment, result }));
      await waitFor(() => answered === 1, 10_000, 'a place given up');
      holdVerifications(false);
      expect(await fifth).toMatchObject({ status: 200, body: { ok: true } });
      // The fifth took the place of one address's second verification, which is answered core/busy; the other seven verified.
      const answers = await Promise.all(settled);
      expect(answers.filter((a) => a.status === 503)).toEqual([{ status: 503, retryAfter: '1', body: expect.objectContaining({ code: 'core/busy' }) }]);
      expect(answers.filter((a) => a.status === 200 && a.body.ok)).toHaveLength(7);
      const displaced = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.fault === 'verify-displaced');
      expect(displaced).toEqual([expect.objectContaining({ address: expect.stringMatching(/^198\.51\.100\.[1-4]$/), newcomer: '198.51.100.5' })]);

      // Eight addresses with one each hold their share, none of theirs gives its place up: one whose record comes
      // once the queue has filled is refused then, one that asks when it is full at once.
      holdVerifications(true);
      const eight = Array.from({ length: 7 }, (_, i) => ask(`198.51.100.${10 + i}`, slow));
      await waitFor(() => verificationsQueued() === 7, 10_000, '7 places taken');
      const ninth = inParts(slow);
      const late = ask('198.51.100.5', ninth.body);
      await waitFor(() => verificationsInProgress() === 8, 10_000, 'the ninth asked');
      eight.push(ask('198.51.100.17', slow));
      await waitFor(() => verificationsQueued() === 8, 10_000, 'the 8 places taken');
      ninth.finish();
      // Every core/busy says when to ask again, as the store's 503s do.
      expect(await late).toMatchObject({ status: 503, retryAfter: '1', body: { code: 'core/busy' } });
      expect(await ask('198.51.100.6', slow)).toMatchObject({ status: 503, retryAfter: '1', body: { code: 'core/busy' } });
      holdVerifications(false);
      expect((await Promise.all(eight)).every((a) => a.status === 200 && a.body.ok)).toBe(true);
    } finally {
      holdVerifications(false);
      await door.close();
    }
  }, 60_000);

  it("counts a record still coming toward its address's two verifications, each place given back however its request ends: a third is refused 429 while another address is served", async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', TRUSTED_PROXIES: '1' });
    try {
      const ask = askThrough(door);
      const { record, commitment, result } = played.tractor!;
      const genuine = JSON.stringify({ record, commitment, result });
      // Two records from one address, a kilobyte of each come: their bodies being read are all it may have at once.
      const oversize = inParts(' '.repeat(RECORD_BYTES + 1));
      const unfinished = inParts(genuine);
      const leaving = new AbortController();
      const first = ask('198.51.100.1', oversize.body);
      const second = ask('198.51.100.1', unfinished.body, leaving.signal).catch(() => 'left');
      await waitFor(() => verificationsInProgress() === 2, 10_000, 'the two records coming counted');
      expect(await ask('198.51.100.1', genuine)).toMatchObject({ status: 429, retryAfter: '1', body: { code: 'core/rate-limited' } });
      expect(await ask('198.51.100.2', genuine)).toMatchObject({ status: 200, body: { ok: true } });
      // A body past 6 MiB is refused 413, a client that leaves mid-body answered nothing: either gives its place back.
      oversize.finish();
      expect(await first).toMatchObject({ status: 413, body: { code: 'core/payload-too-large' } });
      await waitFor(() => verificationsInProgress() === 1, 10_000, 'the oversize one gone');
      leaving.abort();
      expect(await second).toBe('left');
      await waitFor(() => verificationsInProgress() === 0, 10_000, 'the one that left gone');
      // A body that is not JSON, and a genuine record, answered and gone too: the address has both places again.
      expect(await ask('198.51.100.1', '{"record": ')).toMatchObject({ status: 400, body: { code: 'core/bad-record' } });
      expect(await ask('198.51.100.1', genuine)).toMatchObject({ status: 200, body: { ok: true } });
      expect(verificationsInProgress()).toBe(0);
      const both = [inParts(genuine), inParts(genuine)];
      const answers = both.map(({ body }) => ask('198.51.100.1', body));
      await waitFor(() => verificationsInProgress() === 2, 10_000, 'both places taken again');
      for (const { finish } of both) finish();
      expect((await Promise.all(answers)).map((a) => a.status)).toEqual([200, 200]);
    } finally {
      await door.close();
    }
  }, 60_000);

  it('refuses a record beyond the bytes every address together may have coming (503 core/busy), and takes one again once they are gone', async () => {
    const door = await startServer({ RATE_LIMIT_EXEMPT: '', TRUSTED_PROXIES: '1' });
    const leaving = new AbortController();
    try {
      const ask = askThrough(door);
      // Eight addresses, two records each (as many as an address may have), all but their last byte come: 96 MiB.
      const spaces = new Uint8Array(RECORD_BYTES - 1).fill(32);
      const all = Array.from({ length: 16 }, (_, i) => {
        const body = new ReadableStream<Uint8Array>({ start: (sent) => sent.enqueue(spaces) });
        return ask(`198.51.100.${1 + (i >> 1)}`, body, leaving.signal).catch(() => 'left');
      });
      await waitFor(() => recordBytesComing() === 16 * (RECORD_BYTES - 1), 30_000, 'the sixteen records coming');
      const { record, commitment, result } = played.tractor!;
      const genuine = JSON.stringify({ record, commitment, result });
      expect(await ask('198.51.100.9', genuine)).toMatchObject({ status: 503, retryAfter: '1', body: { code: 'core/busy' } });
      leaving.abort();
      expect(await Promise.all(all)).toEqual(Array(16).fill('left'));
      await waitFor(() => recordBytesComing() === 0 && verificationsInProgress() === 0, 10_000, 'the records that left gone');
      expect(await ask('198.51.100.9', genuine)).toMatchObject({ status: 200, body: { ok: true } });
    } finally {
      leaving.abort();
      await door.close();
    }
  }, 60_000);

  it('refuses at start a VERIFY_TIMEOUT_MS no timer holds (past 2^31 - 1 ms a timer fires at once: every verification stopped)', () => {
    expect(() => loadConfig({ VERIFY_TIMEOUT_MS: String(2 ** 31) })).toThrow(/VERIFY_TIMEOUT_MS/);
    expect(loadConfig({ VERIFY_TIMEOUT_MS: String(2 ** 31 - 1) }).VERIFY_TIMEOUT_MS).toBe(2 ** 31 - 1);
  });

  it("reads the record of a game stopped at the default move limit: a Tractor match's moves, MAX_GAME_MOVES of them", async () => {
    // The played hand's moves over and over, as long as the longest record a default server keeps (its moves past the
    // hand's end are refused by the replay: read, bounded and replayed, not refused for its size or its values' count).
    const { record } = played.tractor!;
    const moves = Array.from({ length: DEFAULT_MAX_GAME_MOVES }, (_, i) => record.moves[i % record.moves.length]!);
    const body = JSON.stringify({ record: { ...record, moves } });
    expect(body.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(body.length).toBeLessThan(RECORD_BYTES);
    const res = await fetch(`${server.http}/api/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: false, game: 'tractor', checks: { moves: 'failed' } });
  });

  it('refuses a body that is not a record with a namespaced error', async () => {
    const res = await post({ record: { game: 'tac' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'core/bad-record' });
  });
});

describe('npm run verify-replay', () => {
  const run = promisify(execFile);
  const dir = mkdtempSync(join(tmpdir(), 'verify-'));

  it('prints the chance moves and VERIFIED for a genuine record, and exits 1 for a tampered one', async () => {
    const { record, commitment, result } = played['ready-set-bet']!;
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ record, result }));
    const { stdout } = await run(process.execPath, ['scripts/verify-replay.ts', good, '--commitment', commitment]);
    expect(stdout).toMatch(/commitment: match; moves: all legal; finished: yes; result: match/);
    expect(stdout).toMatch(/VERIFIED\n$/);
    expect(stdout.split('\n').filter((l) => l.startsWith('  #')).length).toBe(record.moves.filter((m) => m.actor === SYSTEM).length);

    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...record, seed: 'guess' }));
    const failed = await run(process.execPath, ['scripts/verify-replay.ts', bad, '--commitment', commitment]).catch((e: { code: number; stdout: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stdout: string }).stdout).toMatch(/NOT VERIFIED/);
  });
});
