/**
 * One bet race against servers already started, measured the same way for every comparison script
 * (loadtest/parlor-vs-floor.ts, loadtest/durability.ts): the servers' CPU while racing, the bets'
 * latency, the race's checks. Stops the servers when the race is over.
 *
 * With `warm` > 0 that many races run first on the same servers, unmeasured but checked alike (other
 * seeds, so other tables): the measured race then runs on code V8 has already compiled and optimized,
 * as on a server that has been up for a while, instead of paying each process's warm-up in its window.
 */
import { loadavg } from 'node:os';
import { newStats, type BetRaceStats } from './tables.ts';
import { runOnThreads } from './load-workers.ts';
import { sampleMetrics, type Servers } from './servers.ts';
import { answerHistogram, cpuWhileRacing, serverAnswerTime } from './measure.ts';
import { summarize } from './report.ts';

type RaceOptions = Omit<Parameters<typeof runOnThreads>[0], 'endpoints'>;

/** Runs one race on the servers into `stats`; what stopped it, if anything did. */
async function runRace(servers: Servers, race: RaceOptions, loadWorkers: number, stats: BetRaceStats): Promise<string | null> {
  try {
    await runOnThreads({ ...race, endpoints: servers.ws }, loadWorkers, stats);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** What a race lost, in words (null: nothing). The measured race's losses are in its figures instead. */
function lostIn(stats: BetRaceStats): string | null {
  const lost = stats.violations.length + stats.tablesFailed + stats.unanswered;
  return lost > 0 ? `${stats.violations.length} violations, ${stats.tablesFailed} tables failed, ${stats.unanswered} unanswered` : null;
}

export async function raceOnce(servers: Servers, race: RaceOptions, loadWorkers: number, warm = 0) {
  let error: string | null = null;
  for (let i = 1; i <= warm && !error; i++) {
    const warming = newStats();
    const failed = (await runRace(servers, { ...race, seed: `${race.seed}-warm-${i}` }, loadWorkers, warming)) ?? lostIn(warming);
    if (failed) error = `warm-up race ${i}: ${failed}`;
  }
  const loadAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
  const stats = newStats();
  const answeredBefore = await answerHistogram(servers.http);
  const metrics = sampleMetrics(servers.http);
  const started = performance.now();
  error ??= await runRace(servers, race, loadWorkers, stats);
  metrics.stop();
  const answered = serverAnswerTime(await answerHistogram(servers.http), answeredBefore);
  await servers.stop();
  const cpu = cpuWhileRacing(metrics.series, stats, started);
  const latency = summarize(stats.latency);
  const figures = {
    loadAtStart,
    cpuMsPerMove: cpu.msPerMove,
    kernelMsPerMove: cpu.kernelMsPerMove,
    moves: cpu.moves,
    p50: latency.p50,
    p99: latency.p99,
    max: latency.max,
    bets: latency.count,
    unanswered: stats.unanswered,
    racesChecked: stats.racesChecked,
    violations: stats.violations.length,
    tablesFailed: stats.tablesFailed,
    // The load generator's own lag while bets flowed (its threads' loop-lag p99, the worst half-second
    // report after a thread's first bet): answers arriving meanwhile were read that late, so it sits
    // inside the latency above, for either server.
    loadGenLagMs: Math.round(stats.racingLagMs * 10) / 10,
    // The server's own answer time (Parlor only; see serverAnswerTime).
    serverP50: answered?.p50 ?? null,
    serverP99: answered?.p99 ?? null,
    error,
  };
  return { stats, series: metrics.series, figures };
}

export type RaceFigures = Awaited<ReturnType<typeof raceOnce>>['figures'];

/** The latency and checks of a race, as every comparison script prints them. */
export function describeRace(f: RaceFigures): string {
  const failures = `${f.tablesFailed ? `, ${f.tablesFailed} tables failed` : ''}${f.error ? `  error: ${f.error}` : ''}`;
  const server = f.serverP99 === null ? '' : `; the server's own answer p50 ${f.serverP50} p99 ${f.serverP99} ms`;
  return `p50 ${f.p50} p99 ${f.p99} max ${f.max} ms (load generator lag ≤ ${f.loadGenLagMs} ms${server})  ${f.bets} bets, ${f.unanswered} unanswered  ${f.racesChecked} races checked, ${f.violations} violations${failures}`;
}

/** A race whose figures cannot be compared: a check failed, a bet went unanswered or a table was lost. */
export function raceFailed(f: RaceFigures): boolean {
  return f.violations > 0 || f.tablesFailed > 0 || f.unanswered > 0 || f.error !== null;
}
