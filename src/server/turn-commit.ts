/**
 * Durable answers in the turn of their moves. With `DURABILITY=sync` a move is answered once Redis holds
 * it. Awaited the usual way, that answer waits for the event loop to come round to Redis' reply: the rest
 * of the turn (other tables' moves) and the next turn's I/O, which is what made `sync`'s tail half again
 * `async`'s. Here the journal appends of a turn, every room's, leave together at its end on a connection
 * a worker thread holds, and this thread sleeps until the replies are in, up to `waitMs`
 * (`DURABILITY_COMMIT_WAIT_MS`): the moves' answers then leave in the same turn. Past that bound (Redis
 * slow or away) the turn goes on and the replies are taken whenever they come.
 *
 * Only a journal with nothing else in flight joins a turn's commit (its earlier writes, on the main
 * connection, are all stored: the two connections cannot reorder one game's writes); any other goes the
 * usual way (src/server/game-store.ts), as does every append while the worker's connection is down.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from './logger.ts';

/** Slots of the memory shared with the worker: */
export const READY = 0; // 1 while its connection is ready and the script loaded
export const DONE = 1; // jobs answered so far
export const RESULTS = 2; // from here: each append's reply (the journal's new length, or a code)
/** An append the worker could not send or that Redis refused: the journal resends it. */
export const FAILED = -3;
/** Appends a turn's commit takes at most (rooms with moves in one turn); the rest go the usual way. */
const CAPACITY = 4096;

export interface CommitJournal {
  /** The append script's keys and arguments for the moves waiting now, and how many moves they carry. */
  commitArgs(): { args: string[]; count: number };
  /** Redis' reply to those moves (the journal's new length, -1 or -2), or null when none came. */
  committed(length: number | null, count: number): void;
}

export class TurnCommit {
  private readonly worker: Worker;
  private readonly slots: Int32Array;
  private readonly waitMs: number;
  private turn: CommitJournal[] = [];
  /** The job whose replies are awaited (one at a time), with its journals and their move counts. */
  private job: { journals: CommitJournal[]; counts: number[] } | null = null;
  private answered = 0;
  private alive = true;

  constructor(redisUrl: string, script: string, waitMs: number, logger: Logger) {
    this.waitMs = waitMs;
    const shared = new SharedArrayBuffer((RESULTS + CAPACITY) * Int32Array.BYTES_PER_ELEMENT);
    this.slots = new Int32Array(shared);
    // Run from source in development and tests, compiled in production.
    const file = import.meta.url.endsWith('.ts') ? './turn-commit-worker.ts' : './turn-commit-worker.js';
    this.worker = new Worker(new URL(file, import.meta.url), { workerData: { redisUrl, script, shared } });
    this.worker.unref();
    this.worker.on('error', (err) => logger.error({ err }, 'turn commit: worker failed; journals write through the main connection'));
    this.worker.on('exit', () => {
      this.alive = false;
      Atomics.store(this.slots, READY, 0);
      this.settle(null); // a job in flight is resent the usual way
    });
  }

  /** The worker's connection is up and its script loaded. */
  get ready(): boolean {
    return this.alive && Atomics.load(this.slots, READY) === 1;
  }

  /** Takes a journal's waiting moves into this turn's commit; false when they must go the usual way. */
  add(journal: CommitJournal): boolean {
    if (!this.ready || this.job || this.turn.length === CAPACITY) return false;
    if (this.turn.push(journal) === 1) setImmediate(() => this.commit());
    return true;
  }

  async stop() {
    this.alive = false;
    await this.worker.terminate();
  }

  /** At the end of the turn: every joined journal's appends in one job, then asleep until it is answered. */
  private commit() {
    const journals = this.turn;
    this.turn = [];
    if (!this.alive) return journals.forEach((j) => j.committed(null, 0));
    const batches = journals.map((j) => j.commitArgs());
    this.job = { journals, counts: batches.map((b) => b.count) };
    const before = this.answered;
    this.worker.postMessage(batches.map((b) => b.args));
    if (Atomics.wait(this.slots, DONE, before, this.waitMs) !== 'timed-out') return this.settle(this.slots);
    const later = Atomics.waitAsync(this.slots, DONE, before, Infinity);
    if (later.async) void later.value.then(() => this.settle(this.slots));
    else this.settle(this.slots);
  }

  /** Hands each journal its reply (none: `results` null, or the worker could not send it). */
  private settle(results: Int32Array | null) {
    const job = this.job;
    if (!job) return;
    this.job = null;
    this.answered++;
    job.journals.forEach((journal, i) => {
      const length = results === null ? FAILED : results[RESULTS + i]!;
      journal.committed(length === FAILED ? null : length, job.counts[i]!);
    });
  }
}
