/** Server figures of one bet race, computed the same way for Parlor and the floor; what was measured. */
import { execFileSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { BetRaceStats } from './tables.ts';
import type { ProcessSample } from './servers.ts';

/**
 * What each move costs the server, whatever else the machine runs: the server processes' CPU time
 * while the races ran (from the first bet to the last roll or answer; joins before it excluded) over
 * the rolls and answered bets, and the part of it spent in the kernel (`kernelMsPerMove`: socket
 * writes and reads, which a bare server pays too). `started` is the performance.now() the samples'
 * `t` counts from.
 */
export function cpuWhileRacing(series: ProcessSample[][], stats: BetRaceStats, started: number) {
  const window = [(stats.firstBetAt - started) / 1000, (Math.max(stats.lastAnswerAt, stats.lastRollAt) - started) / 1000];
  const inWindow = (percent: (x: ProcessSample) => number) =>
    series.reduce((sum, s) => sum + s.reduce((t, x, i) => (i > 0 && x.t > window[0]! && x.t <= window[1]! + 1 ? t + (percent(x) / 100) * (x.t - s[i - 1]!.t) : t), 0), 0);
  const seconds = inWindow((x) => x.cpu);
  const moves = stats.rolls + stats.latency.totalCount;
  const perMove = (s: number) => Math.round((s / Math.max(1, moves)) * 1e5) / 100;
  return { seconds, moves, msPerMove: perMove(seconds), kernelMsPerMove: perMove(inWindow((x) => x.kernel)) };
}

/** Mean CPU over the samples while bets flowed (the ramp-up and drain are idle), peak CPU, RSS, lag. */
export function serverFigures(s: ProcessSample[]) {
  const busy = s.filter((x) => x.cpu > 1);
  const mean = busy.length ? busy.reduce((t, x) => t + x.cpu, 0) / busy.length : 0;
  return {
    cpuMean: Math.round(mean),
    cpuPeak: Math.round(Math.max(0, ...s.map((x) => x.cpu))),
    rssPeakMB: Math.max(0, ...s.map((x) => x.rssMB)),
    /** Before any table joined: the process's own footprint, to read memory per table against. */
    rssStartMB: s[0]?.rssMB ?? 0,
    lagPeakMs: Math.max(0, ...s.map((x) => x.lagP99Ms)),
  };
}

/** Cumulative counts of Parlor's `parlor_move_handling_seconds` by upper bound (s), over every process and game. */
export type AnswerHistogram = Map<number, number>;

export async function answerHistogram(httpBases: string[]): Promise<AnswerHistogram> {
  const counts: AnswerHistogram = new Map();
  for (const base of httpBases) {
    const text = await fetch(`${base}/metrics`)
      .then((res) => res.text())
      .catch(() => ''); // a server that is gone counts nothing
    for (const [, labels, value] of text.matchAll(/^parlor_move_handling_seconds_bucket\{([^}]*)\} (\S+)$/gm)) {
      const le = /le="([^"]+)"/.exec(labels!)?.[1];
      if (!le) continue;
      const bound = le === '+Inf' ? Infinity : Number(le);
      counts.set(bound, (counts.get(bound) ?? 0) + Number(value));
    }
  }
  return counts;
}

/**
 * The servers' own answer time between two readings of answerHistogram: from reading a client's move
 * to answering it (the floor has no such histogram: null). Unlike the bots' latency it leaves out the
 * wait before the server reads a request and the load generator's lag, so a `sync` run's figure is the
 * wait for Redis itself. Percentiles interpolated within the histogram's buckets (fine from 5 to 100 ms).
 */
export function serverAnswerTime(after: AnswerHistogram, before: AnswerHistogram = new Map()): { p50: number; p99: number } | null {
  const buckets = [...after].map(([bound, n]) => [bound, n - (before.get(bound) ?? 0)] as const).sort((a, b) => a[0] - b[0]);
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total <= 0) return null;
  const percentile = (q: number) => {
    const target = q * total;
    let [lower, below] = [0, 0];
    for (const [bound, cumulative] of buckets) {
      if (cumulative >= target) {
        if (bound === Infinity) return lower; // beyond the last bound: at least that
        return lower + ((target - below) / Math.max(1, cumulative - below)) * (bound - lower);
      }
      [lower, below] = [bound, cumulative];
    }
    return lower;
  };
  const ms = (s: number) => Math.round(s * 1e4) / 10;
  return { p50: ms(percentile(0.5)), p99: ms(percentile(0.99)) };
}

const git = (...a: string[]) => {
  try {
    return execFileSync('git', a, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null; // not a checkout (an exported tree): PARLOR_COMMIT names it
  }
};

/** The commit measured, whether the server or load-test code differs from it, and both as printed. */
export function measuredCode(): { commit: string; dirty: boolean; label: string } {
  const commit = process.env.PARLOR_COMMIT ?? git('rev-parse', '--short', 'HEAD') ?? 'unknown';
  const dirty = !process.env.PARLOR_COMMIT && (git('status', '--porcelain', '--', 'rooms', 'schema', 'src', 'loadtest') ?? '').length > 0;
  return { commit, dirty, label: dirty ? `${commit} (with uncommitted changes)` : commit };
}

/**
 * This thread's event-loop lag: each call returns the p99 (ms) since the last one. In a load
 * generator, an answer that arrives while its loop is busy is read that late, and the wait is in the
 * latency it measures.
 */
export function loopLag(): () => number {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  return () => {
    const p99 = Math.round(delay.percentile(99) / 1e5) / 10;
    delay.reset();
    return p99;
  };
}
