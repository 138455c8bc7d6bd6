import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where ports are taken from: below the system's ephemeral range, so an outgoing connection (a server's to Redis,
 * a browser's) never takes a port between its check and its bind (it did: nginx exiting "Address already in use").
 */
const range = (() => {
  let ephemeralLow = 32768;
  try {
    ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || ephemeralLow;
  } catch {
    // not Linux: the usual low end
  }
  const from = 10_000;
  return { from, size: Math.max(ephemeralLow - from, 1000) };
})();

/**
 * A port is checked free, closed, then bound by its taker seconds later (a server loading its engines): another
 * test process checking it meanwhile would find it free too. So each port handed out is claimed first with a
 * file only one process can create, kept until this process exits; a claim whose process died is taken over.
 * (Slices by VITEST_POOL_ID did not keep workers apart: two files of one group ran at once with the same id,
 * and a server of one answered the other's health check.)
 */
const claims = join(tmpdir(), 'parlor-test-ports');
const claimed = new Set<number>();

function claim(port: number): boolean {
  const file = join(claims, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      claimed.add(port);
      return true;
    } catch {
      let holder = 0;
      try {
        holder = Number(readFileSync(file, 'utf8'));
      } catch {
        continue; // released meanwhile
      }
      if (!holder || holderAlive(holder)) return false; // (empty: its taker is writing its pid)
      rmSync(file, { force: true });
    }
  }
  return false;
}

function holderAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

mkdirSync(claims, { recursive: true });
process.on('exit', () => {
  for (const port of claimed) rmSync(join(claims, String(port)), { force: true });
});

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** A TCP port free right now on 127.0.0.1, outside the ephemeral range, handed out to no other live test process. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = range.from + Math.floor(Math.random() * range.size);
    if (claimed.has(port) || !claim(port)) continue;
    if (await bindable(port)) return port;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 5000, what = 'condition'): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Tests and load generators run every client on this machine: exempt loopback from the per-address limits (tests of those limits set their own). */
export const LOOPBACK = '127.0.0.1,::1';
