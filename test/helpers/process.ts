/** Parlor server processes for multi-process and fault tests: real `node` children on free ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import { LOOPBACK, freePort, waitFor } from './ports.ts';

export interface ServerProcess {
  port: number;
  http: string;
  ws: string;
  processId: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a process on `port` (a free one by default; a replacement for a killed process reuses its port). */
export async function spawnServer(env: Record<string, string>, entry = 'test/fixture/main.ts', port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  let output = '';
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_ADDRESS: `127.0.0.1:${port}`, LOG_LEVEL: 'warn', BOT_DELAY_MS: '20', SHUTDOWN_GRACE_SECONDS: '2', RATE_LIMIT_EXEMPT: LOOPBACK, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const http = `http://127.0.0.1:${port}`;
  const health = await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      try {
        const res = await fetch(`${http}/health`);
        return res.ok ? ((await res.json()) as { processId: string }) : null;
      } catch {
        return null;
      }
    },
    60_000, // generous: a loaded machine can take many seconds to load the five engines
    `server on port ${port}`,
  );
  return {
    port,
    http,
    ws: `ws://127.0.0.1:${port}`,
    processId: health.processId,
    child,
    output: () => output,
    stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}

/**
 * The status `path` answers with, for polling: null when the request fails while the process runs (a kept-alive
 * connection the server closed as idle just as the request went out is reset: asked again on a new one), an error
 * carrying its output when the process has exited.
 */
export async function statusOf(p: ServerProcess, path: string): Promise<number | null> {
  try {
    return (await fetch(`${p.http}${path}`)).status;
  } catch (err) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error(`server exited (${p.child.exitCode ?? p.child.signalCode}) while asked ${path}:\n${p.output()}`, { cause: err });
    return null;
  }
}

/** A series of a process's /metrics as printed (`parlor_x_total` or `parlor_x_total{a="b"}`), 0 while not printed. */
export async function metricOf(proc: ServerProcess, series: string): Promise<number> {
  const text = await (await fetch(`${proc.http}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
