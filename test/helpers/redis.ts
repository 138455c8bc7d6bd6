/**
 * A private redis-server for the test run, on a free port, never the shared one on 6379. Tests that
 * need to stop Redis (to prove the server survives) start their own with `startRedis()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort, waitFor } from './ports.ts';

export interface RedisHandle {
  url: string;
  port: number;
  /** The running redis-server's process id (null while stopped). */
  readonly pid: number | null;
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  restart(): Promise<void>;
}

/**
 * Without options Redis keeps nothing on disk. With `appendOnlyDir` it appends every write to a file in
 * that folder (fsync every second, as in production), so `stop()` (SIGKILL) and `restart()` reload it.
 */
export async function startRedis(options: { appendOnlyDir?: string } = {}): Promise<RedisHandle> {
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const persistence = options.appendOnlyDir
    ? ['--dir', options.appendOnlyDir, '--appendonly', 'yes', '--appendfsync', 'everysec']
    : ['--appendonly', 'no'];
  const launch = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence], { stdio: 'ignore' });
    proc.on('error', (err) => {
      throw new Error(`redis-server could not start (is it on PATH?): ${err.message}`);
    });
    await waitFor(async () => {
      const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    }, 10_000, `redis-server on port ${port}`);
  };
  const stop = async () => {
    const p = proc as ChildProcess | null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
    proc = null;
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return (proc as ChildProcess | null)?.pid ?? null;
    },
    stop,
    restart: launch,
  };
}
