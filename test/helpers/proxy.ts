/**
 * The repository's nginx front (deploy/nginx-config.sh) as a child process on a free loopback port, in
 * front of Parlor processes on given ports. Needs the `nginx` binary (Debian's package; `.ci/run`
 * installs it when missing).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from './ports.ts';

export interface ProxyHandle {
  port: number;
  http: string;
  ws: string;
  /** The generated nginx.conf, as nginx runs it. */
  config: string;
  errorLog: () => string;
  stop(): Promise<void>;
}

/** Process i of `processPorts` is reached at /p<i> (1-based), as deploy/nginx-config.sh numbers them. */
export async function startProxy(port: number, processPorts: number[], dir: string, env: Record<string, string> = {}): Promise<ProxyHandle> {
  mkdirSync(dir, { recursive: true });
  const config = execFileSync('sh', ['deploy/nginx-config.sh', '--standalone', dir], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, PARLOR_PROCESSES: processPorts.map((p) => `127.0.0.1:${p}`).join(' '), PROXY_LISTEN: `127.0.0.1:${port}`, ...env },
  });
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const errorLog = join(dir, 'error.log');
  // One process (no master/worker split) in the foreground, so the test owns exactly one pid.
  const child = spawn('nginx', ['-p', dir, '-c', file, '-e', errorLog, '-g', 'daemon off; master_process off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` }, // where Debian puts it, off a normal user's PATH
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const http = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      const failed = await Promise.race([spawnError, Promise.resolve(null)]);
      if (failed) throw new Error(`nginx could not start (is it on PATH?): ${failed.message}`);
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
      // nginx's own answer (it names itself; another server on the port would not): a port taken meanwhile makes it exit.
      return fetch(`${http}/health`).then((r) => r.ok && /^nginx/.test(r.headers.get('server') ?? ''), () => false);
    },
    15_000,
    `nginx on port ${port}`,
  );
  return {
    port,
    http,
    ws: `ws://127.0.0.1:${port}`,
    config,
    errorLog: () => readFileSync(errorLog, 'utf8'),
    stop() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
