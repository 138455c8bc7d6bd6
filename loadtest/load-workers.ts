/**
 * The bet race's bots spread over worker threads (`bet-race --load-workers N`): thread k plays tables
 * k, k + N, k + 2N, … with the same seeds, spread and start delay, and a 1/N share of the join
 * concurrency. Each thread has its own heap, so one thread's garbage collection pauses only its own
 * clients: with 4,000 SDK clients in one heap, the load generator's own pauses (scavenges of 10–25
 * ms) land inside the latency it measures. The threads' figures are merged into one `BetRaceStats`
 * as they arrive, so progress lines and the final report read the same as with one thread.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import hdr from 'hdr-histogram-js';
import { newStats, runBetRace, type BetRaceOptions, type BetRaceStats } from './tables.ts';
import { loopLag } from './measure.ts';
import { floorTransport, parlorTransport } from './transports.ts';

type Options = Omit<BetRaceOptions, 'transport' | 'part'> & { transport: 'parlor' | 'floor' };

/** What a thread reports every half second and at the end: counts so far, answers since the last report. */
interface Report {
  timeOrigin: number;
  answered: string; // latency histogram of the answers since the last report (compressed base64)
  /** This thread's event-loop lag p99 since the last report, ms: answers arriving meanwhile were read that late. */
  lagMs: number;
  counts: Omit<BetRaceStats, 'latency' | 'recent' | 'failures' | 'violations'>;
  failures: string[];
  violations: string[];
  done: boolean;
}

const COUNTS = ['sent', 'accepted', 'unanswered', 'tablesJoined', 'tablesRacing', 'tablesDone', 'tablesFailed', 'racesChecked', 'rolls'] as const;

const transports = { parlor: parlorTransport, floor: floorTransport };

/** The bet race with its bots on `threads` threads; with one, in this thread. */
export async function runOnThreads(opts: Options, threads: number, stats: BetRaceStats): Promise<void> {
  if (threads <= 1) {
    await runBetRace({ ...opts, transport: transports[opts.transport] }, stats);
    return;
  }
  const last: Report[] = [];
  const merge = () => {
    for (const key of COUNTS) stats[key] = last.reduce((sum, r) => sum + (r?.counts[key] ?? 0), 0);
    stats.rejected = {};
    for (const r of last) for (const [code, n] of Object.entries(r?.counts.rejected ?? {})) stats.rejected[code] = (stats.rejected[code] ?? 0) + n;
    stats.peakRacing = Math.max(stats.peakRacing, stats.tablesRacing);
    stats.slowestFillMs = Math.max(0, ...last.map((r) => r?.counts.slowestFillMs ?? 0));
    stats.failures = last.flatMap((r) => r?.failures ?? []);
    stats.violations = last.flatMap((r) => r?.violations ?? []);
    // Each thread's performance.now() has its own origin: put its times on this thread's clock.
    const times = last.filter(Boolean).map((r) => ({ shift: r.timeOrigin - performance.timeOrigin, c: r.counts }));
    const first = times.filter((t) => t.c.firstBetAt > 0).map((t) => t.c.firstBetAt + t.shift);
    stats.firstBetAt = first.length ? Math.min(...first) : 0;
    stats.lastAnswerAt = Math.max(0, ...times.filter((t) => t.c.lastAnswerAt > 0).map((t) => t.c.lastAnswerAt + t.shift));
    stats.lastRollAt = Math.max(0, ...times.filter((t) => t.c.lastRollAt > 0).map((t) => t.c.lastRollAt + t.shift));
  };
  await Promise.all(
    Array.from({ length: threads }, (_, index) => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { opts: { ...opts, joinConcurrency: Math.max(1, Math.round(opts.joinConcurrency / threads)) }, part: { index, of: threads } },
      });
      return new Promise<void>((resolve, reject) => {
        worker.on('message', (report: Report) => {
          const answered = hdr.decodeFromCompressedBase64(report.answered);
          stats.latency.add(answered);
          stats.recent.add(answered);
          answered.destroy();
          last[index] = report;
          merge();
          stats.threadLagMs = Math.max(stats.threadLagMs, report.lagMs);
          if (report.counts.firstBetAt > 0) stats.racingLagMs = Math.max(stats.racingLagMs, report.lagMs);
          if (report.done) resolve();
        });
        worker.on('error', reject);
        worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load-generator thread ${index} exited with ${code}`))));
      });
    }),
  );
}

/** A thread: plays its share of the tables and reports. */
async function work() {
  const { opts, part } = workerData as { opts: Options; part: { index: number; of: number } };
  const stats = newStats();
  const lag = loopLag();
  const report = (done: boolean) => {
    const lagMs = lag();
    // `recent` holds the answers since the last report (nothing else resets it in a thread).
    const answered = hdr.encodeIntoCompressedBase64(stats.recent);
    stats.recent.reset();
    const { latency: _latency, recent: _recent, failures, violations, ...counts } = stats;
    parentPort!.postMessage({ timeOrigin: performance.timeOrigin, answered, lagMs, counts, failures, violations, done } satisfies Report);
  };
  const timer = setInterval(() => report(false), 500);
  await runBetRace({ ...opts, transport: transports[opts.transport], part }, stats);
  clearInterval(timer);
  report(true);
}

if (!isMainThread && parentPort) await work();
