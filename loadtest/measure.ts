/** Server figures of one bet race, computed the same way for Parlor and the floor. */
import type { BetRaceStats } from './tables.ts';
import type { ProcessSample } from './servers.ts';

/**
 * What each move costs the server, whatever else the machine runs: the server processes' CPU time
 * while the races ran (from the first bet to the last roll or answer; joins before it excluded) over
 * the rolls and answered bets. `started` is the performance.now() the samples' `t` counts from.
 */
export function cpuWhileRacing(series: ProcessSample[][], stats: BetRaceStats, started: number) {
  const window = [(stats.firstBetAt - started) / 1000, (Math.max(stats.lastAnswerAt, stats.lastRollAt) - started) / 1000];
  const seconds = series.reduce((sum, s) => sum + s.reduce((t, x, i) => (i > 0 && x.t > window[0]! && x.t <= window[1]! + 1 ? t + (x.cpu / 100) * (x.t - s[i - 1]!.t) : t), 0), 0);
  const moves = stats.rolls + stats.latency.totalCount;
  return { seconds, moves, msPerMove: Math.round((seconds / Math.max(1, moves)) * 1e5) / 100 };
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
