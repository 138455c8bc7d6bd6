/**
 * The servers under load: N `node src/server/main.ts` processes (sharing a private redis-server, as
 * they must when N > 1) or N floor servers (loadtest/floor-server.ts: they share nothing), and a
 * sampler that reads each process's CPU, RSS and event-loop lag from its /metrics once a second.
 */
import { spawnServer, type ServerProcess } from '../test/helpers/process.ts';
import { startRedis, type RedisHandle } from '../test/helpers/redis.ts';

export interface Servers {
  ws: string[];
  http: string[];
  stop(): Promise<void>;
}

/**
 * `entry` is Parlor's main by default, or the floor server (loadtest/floor-server.ts). With
 * `cpuProfileDir` every process runs under `node --cpu-prof` and is stopped with SIGTERM, so that it
 * writes its profile there.
 */
export async function startServers(
  processes: number,
  env: Record<string, string> = {},
  withRedis = processes > 1,
  { entry = 'src/server/main.ts', cpuProfileDir = '' }: { entry?: string; cpuProfileDir?: string } = {},
): Promise<Servers> {
  const redis: RedisHandle | null = withRedis ? await startRedis() : null;
  const profiling: Record<string, string> = cpuProfileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${cpuProfileDir}` } : {};
  const shared = { LOG_LEVEL: 'warn', NODE_ENV: 'production', ...(redis ? { REDIS_URL: redis.url } : {}), ...profiling, ...env };
  const started: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((p) => p.stop(cpuProfileDir ? 'SIGTERM' : 'SIGKILL')));
    await redis?.stop();
  };
  try {
    // One at a time, each given a minute: on a busy machine a start can take longer than tests allow.
    for (let i = 0; i < processes; i++) started.push(await spawnServer(shared, entry));
  } catch (err) {
    await stop();
    throw err;
  }
  return { ws: started.map((p) => p.ws), http: started.map((p) => p.http), stop };
}


export interface ProcessSample {
  /** Seconds since the sampler started. */
  t: number;
  /** Percent of one core over the last interval. */
  cpu: number;
  /** The part of `cpu` spent in the kernel (system time: socket reads and writes, mostly). */
  kernel: number;
  rssMB: number;
  lagP99Ms: number;
}

/** Samples every process's /metrics each second until stopped. */
export function sampleMetrics(httpBases: string[], intervalMs = 1000) {
  const series: ProcessSample[][] = httpBases.map(() => []);
  const last: { at: number; cpu: number; kernel: number }[] = httpBases.map(() => ({ at: 0, cpu: 0, kernel: 0 }));
  const first: number[] = httpBases.map(() => NaN);
  const started = performance.now();
  const tick = async () => {
    await Promise.all(
      httpBases.map(async (base, i) => {
        try {
          const asked = performance.now();
          const lines = (await (await fetch(`${base}/metrics`)).text()).split('\n');
          const at = (asked + performance.now()) / 2;
          const cpu = metric(lines, 'parlor_process_cpu_seconds_total');
          const kernel = metric(lines, 'parlor_process_cpu_system_seconds_total');
          const prev = last[i]!;
          if (Number.isNaN(first[i])) first[i] = cpu;
          if (prev.at > 0) {
            const percent = (seconds: number) => Math.round((seconds / ((at - prev.at) / 1000)) * 1000) / 10;
            series[i]!.push({
              t: Math.round((at - started) / 100) / 10,
              cpu: percent(cpu - prev.cpu),
              kernel: percent(kernel - prev.kernel),
              rssMB: Math.round(metric(lines, 'parlor_process_resident_memory_bytes') / 1e5) / 10,
              lagP99Ms: Math.round(metric(lines, 'parlor_nodejs_eventloop_lag_p99_seconds') * 1e4) / 10,
            });
          }
          last[i] = { at, cpu, kernel };
        } catch {
          /* a missed sample under load is not an error */
        }
      }),
    );
  };
  // One sample at a time: under load a slow answer must not overlap the next one.
  let stopped = false;
  void (async () => {
    while (!stopped) {
      await tick();
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    series,
    latest: () => series.map((s) => s.at(-1)),
    /** CPU seconds each process used since the first sample. */
    cpuSeconds: () => last.map((l, i) => Math.round((l.cpu - first[i]!) * 100) / 100),
    stop: () => {
      stopped = true;
    },
  };
}

function metric(lines: string[], name: string): number {
  const line = lines.find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
}
