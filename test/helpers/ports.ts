import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Ports handed out in this test process: a port is checked free, closed, then bound later by its taker. */
const handedOut = new Set<number>();

/**
 * Where this process takes ports from: below the system's ephemeral range, so an outgoing connection (a
 * server's to Redis, a browser's) never takes a port between its check and its bind (it did: nginx
 * exiting "Address already in use"), and a slice of its own per test worker, so two workers checking
 * at once do not pick the same one.
 */
const range = (() => {
  let ephemeralLow = 32768;
  try {
    ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || ephemeralLow;
  } catch {
    // not Linux: the usual low end
  }
  const low = 10_000;
  const slices = 8;
  const size = Math.floor((Math.max(ephemeralLow, low + slices * 100) - low) / slices);
  const slice = Number(process.env.VITEST_POOL_ID ?? process.pid) % slices;
  return { from: low + slice * size, size };
})();

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** A TCP port free right now on 127.0.0.1, outside the ephemeral range, not handed out before by this test process. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = range.from + Math.floor(Math.random() * range.size);
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
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
