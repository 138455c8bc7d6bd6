/**
 * One bet race against servers already started, measured the same way for every comparison script
 * (loadtest/parlor-vs-floor.ts, loadtest/durability.ts): the servers' CPU while racing, the bets'
 * latency, the race's checks. Stops the servers when the race is over.
 */
import { loadavg } from 'node:os';
import { newStats } from './tables.ts';
import { runOnThreads } from './load-workers.ts';
import { sampleMetrics, type Servers } from './servers.ts';
import { cpuWhileRacing } from './measure.ts';
import { summarize } from './report.ts';

type RaceOptions = Omit<Parameters<typeof runOnThreads>[0], 'endpoints'>;

export async function raceOnce(servers: Servers, race: RaceOptions, loadWorkers: number) {
  const loadAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
  const stats = newStats();
  const metrics = sampleMetrics(servers.http);
  const started = performance.now();
  let error: string | null = null;
  try {
    await runOnThreads({ ...race, endpoints: servers.ws }, loadWorkers, stats);
  } catch (err) {
    error = (err as Error).message;
  }
  metrics.stop();
  await servers.stop();
  return { loadAtStart, stats, series: metrics.series, cpu: cpuWhileRacing(metrics.series, stats, started), latency: summarize(stats.latency), error };
}
