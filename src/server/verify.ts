/**
 * Provably fair play, checked by anyone: replays a finished game's record (options, seed, every move)
 * with the game's own engine and confirms the seed matches the commitment published at the start,
 * every move was legal, every SYSTEM move (roll, shuffle, deal) is the one the rules prescribe, and
 * the final result is the one announced (none for a game the server stopped at its move limit: its record
 * says `moveLimit`). Shared by `npm run verify-replay` and `POST /api/verify`.
 */
import { createHash } from 'node:crypto';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Application, Response } from 'express';
import { z } from 'zod';
import { SYSTEM, canonicalJson, canonicalMove, recordedOptions, type GameEvent, type Outcome } from '../core/game.ts';
import { GENERATORS, recordedGenerator, seedFor } from '../core/rng.ts';
import { findGame } from '../games/index.ts';
import { warnClientFault, type WarnLogger } from './client-faults.ts';
import { jsonProblem } from './json-bounds.ts';
import { chargedAddress } from './rate-limit.ts';
import { readBody, type BytePool } from './request-body.ts';

export const GameRecordInput = z.object({
  game: z.string(),
  roomId: z.string().optional(),
  options: z.unknown(),
  seats: z.number().int(),
  seed: z.string(),
  /** The generator the seed drives; a record made before records named it has none: `xoshiro128**`. */
  rng: z.enum(GENERATORS).optional(),
  moves: z.array(z.object({ actor: z.number().int(), move: z.unknown() })),
  /** The game was stopped unfinished at the server's move limit, after this many moves (the record's every move). */
  moveLimit: z.number().int().min(1).optional(),
});
export type GameRecordInput = z.infer<typeof GameRecordInput>;

/** A result as clients see it in state `result` (team -1 = none, details as JSON text) or as an engine Outcome. */
export const ExpectedResult = z.object({
  winners: z.array(z.number().int()),
  standings: z.array(z.object({ seat: z.number().int(), rank: z.number(), score: z.number(), team: z.number().int().optional() })),
  details: z.unknown().optional(),
});
export type ExpectedResult = z.infer<typeof ExpectedResult>;

export const VerifyRequest = z.object({
  record: GameRecordInput,
  /** The `seedCommitment` published when the game started (SHA-256 hex of the seed). */
  commitment: z.string().optional(),
  result: ExpectedResult.optional(),
});
export type VerifyRequest = z.infer<typeof VerifyRequest>;

export interface VerifyReport {
  /** True when every check passed. */
  ok: boolean;
  game: string;
  roomId: string | null;
  /** SHA-256 of the record's seed; compare with the commitment you saw at the start. */
  commitment: string;
  checks: {
    commitment: 'match' | 'mismatch' | 'not given';
    moves: 'all legal' | 'failed';
    finished: boolean;
    result: 'match' | 'mismatch' | 'not given';
  };
  moves: number;
  /**
   * The record says the server stopped the game unfinished at its move limit, after this many moves: its moves
   * are checked, it has no result (no winners, no standings) and is not `finished`. Null: it does not say so.
   */
  moveLimit: number | null;
  /** Every chance move with what it produced: each die, shuffle and deal. */
  system: { index: number; move: unknown; events: GameEvent[] }[];
  outcome: Outcome | null;
  /** Why `ok` is false, one line each. */
  problems: string[];
}

/** The same hash the room publishes as `seedCommitment`. */
export function commitmentOf(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

export function verifyRecord({ record, commitment, result }: VerifyRequest): VerifyReport {
  const problems: string[] = [];
  const report: VerifyReport = {
    ok: false,
    game: record.game,
    roomId: record.roomId ?? null,
    commitment: commitmentOf(record.seed),
    checks: { commitment: 'not given', moves: 'failed', finished: false, result: 'not given' },
    moves: 0,
    moveLimit: record.moveLimit ?? null,
    system: [],
    outcome: null,
    problems,
  };
  if (commitment !== undefined) {
    report.checks.commitment = commitment.toLowerCase() === report.commitment ? 'match' : 'mismatch';
    if (report.checks.commitment === 'mismatch') problems.push('SHA-256 of the seed differs from the published commitment.');
  }

  const game = findGame(record.game);
  if (!game) return fail(report, `Unknown game "${record.game}".`);
  const options = game.options.safeParse(recordedOptions(game, record.options ?? {}));
  if (!options.success) return fail(report, `Options do not parse: ${options.error.issues.map((i) => i.message).join('; ')}`);
  if (record.seats < game.seats.min || record.seats > game.seats.max) return fail(report, `${record.seats} seats is outside ${game.seats.min}–${game.seats.max}.`);
  const setupError = game.validateSetup?.(options.data, record.seats);
  if (setupError) return fail(report, `Setup refused: ${setupError.message}`);

  let seedText: string;
  try {
    seedText = seedFor(record.seed, recordedGenerator(record.rng));
  } catch (err) {
    return fail(report, (err as Error).message);
  }

  try {
    let state = game.setup(options.data, record.seats, seedText);
    for (const [index, { actor, move: given }] of record.moves.entries()) {
      if (actor === SYSTEM) {
        // The room always plays the first SYSTEM move listed; any other choice would let a server steer chance.
        const [prescribed] = game.legalMoves(state, SYSTEM);
        if (canonicalJson(given) !== canonicalJson(prescribed)) return fail(report, `Move ${index}: SYSTEM move ${JSON.stringify(given)} is not the one the rules prescribe.`);
      }
      // A server records only canonical moves (the fields the game defines): replay exactly what a room applies.
      const canonical = canonicalMove(game, given);
      if (!canonical.ok) return fail(report, `Move ${index} by ${actor} refused: ${canonical.error.code} (${canonical.error.message})`);
      const move = canonical.move;
      if (canonicalJson(move) !== canonicalJson(given)) return fail(report, `Move ${index} holds fields its game does not define: a server records only canonical moves.`);
      const r = game.applyMove(state, actor, move);
      if (!r.ok) return fail(report, `Move ${index} by ${actor} refused: ${r.error.code} (${r.error.message})`);
      state = r.state;
      report.moves++;
      if (actor === SYSTEM) report.system.push({ index, move, events: r.events });
    }
    report.checks.moves = 'all legal';
    report.checks.finished = game.activeActors(state).length === 0;
    const stopped = record.moveLimit;
    if (stopped !== undefined && stopped !== record.moves.length) problems.push(`The record says the game was stopped at the move limit after ${stopped} moves, but it holds ${record.moves.length}.`);
    else if (stopped !== undefined && report.checks.finished) problems.push('The record says the game was stopped at the move limit, but its last move ended it.');
    else if (stopped === undefined && !report.checks.finished) problems.push('The record ends before the game is over.');
    report.outcome = game.outcome(state);
    const broken = game.invariants?.(state) ?? [];
    if (broken.length) problems.push(`Final state breaks invariants: ${broken.join('; ')}`);
  } catch (err) {
    return fail(report, `The engine failed during replay: ${(err as Error).message}`);
  }

  if (result) {
    report.checks.result = sameResult(report.outcome, result) ? 'match' : 'mismatch';
    if (report.checks.result === 'mismatch') problems.push('The replayed result differs from the announced one.');
  }
  report.ok = problems.length === 0;
  return report;
}

function fail(report: VerifyReport, problem: string): VerifyReport {
  report.problems.push(problem);
  report.ok = false;
  return report;
}

/**
 * Winners and every standing must agree; details too when given (JSON text as the synced state carries it). No
 * outcome (a game stopped at the move limit) agrees with a result of none: no winners, no standings.
 */
function sameResult(actual: Outcome | null, expected: ExpectedResult): boolean {
  if (!actual) return expected.winners.length === 0 && expected.standings.length === 0;
  const norm = (o: { winners: number[]; standings: { seat: number; rank: number; score: number; team?: number }[] }) => ({
    winners: [...o.winners].sort((a, b) => a - b),
    standings: [...o.standings].sort((a, b) => a.seat - b.seat).map((s) => ({ seat: s.seat, rank: s.rank, score: s.score, team: s.team ?? -1 })),
  });
  if (canonicalJson(norm(actual)) !== canonicalJson(norm(expected))) return false;
  if (expected.details === undefined) return true;
  let details = expected.details;
  if (typeof details === 'string') {
    try {
      details = details === '' ? undefined : JSON.parse(details);
    } catch {
      return false;
    }
  }
  return canonicalJson(details) === canonicalJson(actual.details);
}

/**
 * `POST /api/verify` with `{ record, commitment?, result? }` → the report (200 whether or not it verifies;
 * 400 for a body that is not a record). Mounted before the app's 16 KiB body parser: records are larger.
 * The main thread only reads the body's bytes: parsing, bounding and validating a record of up to 6 MiB
 * took a few hundred milliseconds of the tables' thread, so they run on the worker with the replay (a
 * long game takes a second or more). A full queue is refused before the body is read, and so is an address's
 * third verification at once: one address alone cannot keep everyone else's waiting or refused. Records
 * still coming are bounded in bytes, every address together (`reading`). In a full
 * queue an address's second verification gives its place up to an address with none there, so a few
 * addresses cannot either: `core/busy` means no counted address holds two places. The place is taken only
 * once the newcomer's whole body has come (a body never finished, or not JSON, displaces nobody), and it is
 * refused `core/busy` then if the queue filled meanwhile with no second to displace. A replay longer than
 * `timeoutMs` is stopped (503 `core/verify-timeout`): a record built to be slow holds the verifier that long at most.
 */
export function mountVerify(app: Application, { timeoutMs, logger }: { timeoutMs: number; logger: WarnLogger }) {
  app.post('/api/verify', async (req, res) => {
    const address = chargedAddress(req); // (null for an exempt address)
    const mine = address === null ? 0 : (inProgress.get(address) ?? 0);
    if (mine >= MAX_PER_ADDRESS) {
      req.resume();
      res.set('retry-after', '1');
      return void res.status(429).json({ code: 'core/rate-limited', message: `This address has ${MAX_PER_ADDRESS} verifications in progress; send the next once one is answered.` });
    }
    // Refused here, its body unread, when no place could be had; whether it takes one is settled once its whole body has come.
    if (queue.length >= MAX_WAITING && !(address !== null && mine === 0 && secondToDisplace() >= 0)) {
      req.resume();
      return void busy(res);
    }
    // Counted until the worker has answered, whether or not the client still waits for it.
    if (address !== null) inProgress.set(address, mine + 1);
    try {
      // (A body that is not JSON is not read: answerBody tells it so at once, without the worker.)
      const body = req.is('json') ? await readBody(req, RECORD_BYTES, reading) : null;
      if (body && 'status' in body) return void (body.status === 503 ? busy(res, body.message) : res.status(body.status).json({ code: body.code, message: body.message }));
      if (res.closed) return; // the client left: nobody to answer
      if (body && !placeFor(address, logger)) return void busy(res);
      const answer = body ? await verifyOffThread(body.bytes, timeoutMs, address) : answerBody(new Uint8Array(0));
      if ('report' in answer) res.json(answer.report);
      else if ('displaced' in answer) busy(res, 'This verification gave its place up to another address (the queue was full and this address had another in it); try again shortly.');
      else if ('timedOut' in answer) {
        warnClientFault(logger, `verify-timeout:${address ?? ''}`, { address, bytes: body?.bytes.length, timeoutMs }, 'verification stopped: its replay took too long');
        res.status(503).json({ code: 'core/verify-timeout', message: `The record could not be checked within ${timeoutMs / 1000} s; check it with npm run verify-replay, which has no time limit.` });
      } else res.status(400).json({ code: 'core/bad-record', message: answer.problem });
    } catch (err) {
      res.status(500).json({ code: 'core/verify-failed', message: (err as Error).message });
    } finally {
      if (address !== null) {
        const left = inProgress.get(address)! - 1;
        if (left === 0) inProgress.delete(address);
        else inProgress.set(address, left);
      }
    }
  });
}

/** Every `core/busy` (a full queue, a place given up, too many records coming): a moment's wait, said in `Retry-After`. */
const busy = (res: Response, message = 'Too many verifications waiting; try again shortly.') => res.status(503).set('retry-after', '1').json({ code: 'core/busy', message });

/** Verifications in progress from addresses that are counted (tests wait on it). */
export const verificationsInProgress = () => [...inProgress.values()].reduce((sum, n) => sum + n, 0);
/** Bodies read and waiting for the worker or being replayed (tests wait on it). */
export const verificationsQueued = () => queue.length;
/** Tests: while held (from a time nothing is queued), no body goes to the worker, so the queue fills whatever a replay takes. */
let held = false;
export function holdVerifications(hold: boolean): void {
  if (hold && queue.length > 0) throw new Error('hold the verifications while none is queued');
  const released = held && !hold; // (then none of the queue has gone to the worker yet)
  held = hold;
  if (released) replayNext();
}

/** A record is a flat list of small moves: nothing in it nests deeply (a 100,000-move Tractor record: ~0.5 million values). */
const RECORD_JSON = { depth: 32, nodes: 1_500_000 };
/** Room for the record of any game a server with the default MAX_GAME_MOVES keeps (~42 bytes a Tractor move). */
export const RECORD_BYTES = 6 * 1024 * 1024;
const MAX_WAITING = 8;
/**
 * Records being received, every address together: each address may have two coming (12 MiB), so many addresses
 * could make the process hold gigabytes at once. Beyond this a body is refused as it comes (its bytes counted,
 * not its requests: a request trickling its body holds little). Eight addresses' two each: as many addresses
 * as keeping the queue full takes, to refuse everyone's records.
 */
const reading: BytePool = { held: 0, max: 16 * RECORD_BYTES, full: { status: 503, code: 'core/busy', message: 'Too many records are being received at once; try again shortly.' } };
/** Bytes of records being received now (tests wait on it). */
export const recordBytesComing = () => reading.held;
/** Verifications an address may have in progress, from its request to the answer (its body's reading included). */
const MAX_PER_ADDRESS = 2;
const inProgress = new Map<string, number>();
type Answer = { report: VerifyReport } | { problem: string };
type Settled = Answer | { timedOut: true } | { displaced: true } | Error;
interface Job {
  /** Whose it is (null: an exempt address). */
  address: string | null;
  body: Uint8Array<ArrayBuffer>;
  timeoutMs: number;
  timer?: NodeJS.Timeout;
  settle(outcome: Settled): void;
}
/** Bodies for the worker in the order they came, the one it replays first: one at a time, so each is timed alone. */
const queue: Job[] = [];
/** The worker, `ready` once it has loaded the games (it says so). */
interface Verifier {
  worker: Worker;
  ready: boolean;
}
let verifier: Verifier | null = null;

/** What the worker does with a request body: parse and bound it, then replay it. */
function answerBody(body: Uint8Array): Answer {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return { problem: 'The body is not JSON (send `content-type: application/json`).' };
  }
  // Bounded before anything recursive (validation, the engine) walks it.
  const shape = jsonProblem(value, RECORD_JSON);
  if (shape) return { problem: `The record is ${shape}.` };
  const parsed = VerifyRequest.safeParse(value);
  if (!parsed.success) return { problem: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  return { report: verifyRecord(parsed.data) };
}

/** The answer for a body, once the worker has replayed those queued before it. */
function verifyOffThread(body: Buffer, timeoutMs: number, address: string | null): Promise<Exclude<Settled, Error>> {
  // A copy of its own (the body may share a pooled buffer), handed over without a second copy.
  const bytes = new Uint8Array(body);
  return new Promise((resolve, reject) => {
    queue.push({ address, body: bytes, timeoutMs, settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)) });
    if (queue.length === 1) replayNext();
  });
}

/**
 * Whether a body may join the queue now: when it is full, an address with none there takes the place of the
 * newest waiting verification of an address that has two there, which is answered `core/busy` (and logged).
 */
function placeFor(address: string | null, logger: WarnLogger): boolean {
  if (queue.length < MAX_WAITING) return true;
  if (address === null || queue.some((job) => job.address === address)) return false;
  const i = secondToDisplace();
  if (i < 0) return false;
  const displaced = queue.splice(i, 1)[0]!;
  displaced.settle({ displaced: true });
  warnClientFault(logger, `verify-displaced:${displaced.address}`, { address: displaced.address, newcomer: address }, 'verification gave its place up: its address had two in the full queue');
  return true;
}

/** Where the newest waiting verification of an address with two in the queue is; -1 when every address there has one: each its share. */
function secondToDisplace(): number {
  for (let i = queue.length - 1; i > 0; i--) { // (not queue[0]: the worker has it)
    const { address } = queue[i]!;
    if (address !== null && queue.some((other, j) => j !== i && other.address === address)) return i;
  }
  return -1;
}

/** Hands the first queued body to the worker, timed from then or from when a fresh worker has loaded. */
function replayNext() {
  const job = queue[0];
  if (!job || held) return;
  verifier ??= startVerifier();
  verifier.worker.postMessage(job.body, [job.body.buffer]);
  if (verifier.ready) startTimer(job);
}

function startTimer(job: Job) {
  job.timer = setTimeout(() => stopVerifier({ timedOut: true }), job.timeoutMs).unref();
}

function startVerifier(): Verifier {
  const worker = new Worker(new URL(import.meta.url), { workerData: { verifier: true } });
  worker.unref(); // never keeps a stopping process alive
  const started: Verifier = { worker, ready: false };
  // A stopped worker's last message or its exit concerns nobody any more.
  const current = () => verifier === started;
  worker.on('message', (message: Answer | 'ready') => {
    if (!current()) return;
    if (message !== 'ready') return finish(message);
    // Loading the games took seconds on a busy machine: not the first body's time.
    started.ready = true;
    if (queue[0]) startTimer(queue[0]);
  });
  worker.on('error', (err) => current() && stopVerifier(err));
  worker.on('exit', (code) => current() && stopVerifier(new Error(`verifier stopped (${code})`)));
  return started;
}

/** Settles the body being replayed and goes on with the next. */
function finish(outcome: Settled) {
  const job = queue.shift()!;
  clearTimeout(job.timer);
  job.settle(outcome);
  replayNext();
}

/** Stops the worker, whatever it is doing: the body it was replaying gets `outcome`, the next a fresh worker. */
function stopVerifier(outcome: { timedOut: true } | Error) {
  void verifier!.worker.terminate();
  verifier = null;
  if (queue.length > 0) finish(outcome);
}

if (!isMainThread && (workerData as { verifier?: boolean } | null)?.verifier) {
  parentPort!.on('message', (body: Uint8Array) => parentPort!.postMessage(answerBody(body)));
  parentPort!.postMessage('ready');
}
