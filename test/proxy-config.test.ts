/**
 * The repository's nginx front (deploy/nginx-config.sh) in front of a stand-in process that echoes what it
 * is told of the client: the client's address as the proxy passes it on.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from './helpers/proxy.ts';
import { freePort } from './helpers/ports.ts';

let upstream: Server;
let upstreamPort = 0;
beforeAll(async () => {
  upstream = createServer((req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ realIp: req.headers['x-real-ip'], forwardedFor: req.headers['x-forwarded-for'] })));
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreamPort = (upstream.address() as AddressInfo).port;
});
afterAll(() => upstream?.close());

async function seenBehind(env: Record<string, string>, forwardedFor: string) {
  const proxy = await startProxy(await freePort(), [upstreamPort], join(mkdtempSync(join(tmpdir(), 'parlor-proxy-')), 'nginx'), env);
  try {
    return (await (await fetch(`${proxy.http}/api/games`, { headers: { 'x-forwarded-for': forwardedFor } })).json()) as { realIp: string; forwardedFor: string };
  } finally {
    await proxy.stop();
  }
}

describe('nginx front', () => {
  it('limits requests per client address (PROXY_REQUESTS_PER_SECOND, a burst of twice as many), each address its own', async () => {
    const proxy = await startProxy(await freePort(), [upstreamPort], join(mkdtempSync(join(tmpdir(), 'parlor-proxy-')), 'nginx'), { PROXY_REQUESTS_PER_SECOND: '5', PROXY_BALANCER: '127.0.0.1/32' });
    try {
      // /health is one of the paths the processes do not limit themselves.
      const burst = (client: string) => Promise.all(Array.from({ length: 30 }, () => fetch(`${proxy.http}/health`, { headers: { 'x-forwarded-for': client } }).then((r) => r.status)));
      const first = await burst('198.51.100.1');
      expect(first.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
      expect(first.filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
      const other = await burst('198.51.100.2');
      expect(other.filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
    } finally {
      await proxy.stop();
    }
  });

  it('takes the client from the X-Forwarded-For a trusted load balancer appends, and from nobody else', async () => {
    // Behind a balancer (here 127.0.0.1) the client is the address it appended, not a forged one before it.
    const behind = await seenBehind({ PROXY_BALANCER: '127.0.0.1/32' }, '10.9.9.9, 198.51.100.77');
    expect(behind.realIp).toBe('198.51.100.77');
    expect(behind.forwardedFor?.split(/,\s*/).at(-1)).toBe('198.51.100.77'); // what a process with TRUSTED_PROXIES=1 reads
    // Without one, a client's own X-Forwarded-For is not believed: it is the connection's address.
    const direct = await seenBehind({}, '198.51.100.77');
    expect(direct.realIp).toBe('127.0.0.1');
    expect(direct.forwardedFor?.split(/,\s*/).at(-1)).toBe('127.0.0.1');
  });
});
