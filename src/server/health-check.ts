/**
 * The container image's HEALTHCHECK (`node dist/src/server/health-check.js`): asks `GET /health` where the
 * server listens and exits 0 on a 200, 1 otherwise. Node's own `http` only: nothing added to the image.
 *
 * The address is `HOST`'s (config.ts reads the same variables with the same defaults): a server told to listen
 * on one interface does not answer on 127.0.0.1. Every interface (`0.0.0.0`, `::`) is asked at 127.0.0.1.
 */
import { get } from 'node:http';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';

/** Where the server answers: `HOST` as it is (an IPv6 address with its zone, `fe80::1%eth0`, which no URL can spell), but every interface at 127.0.0.1. */
export function healthTarget(env: NodeJS.ProcessEnv): { host: string; port: number } {
  const host = env.HOST || '0.0.0.0';
  const port = Number(env.PORT || '2567');
  const version = isIP(host);
  // Every interface however it is spelt: `::`, `::0`, `0:0:0:0:0:0:0:0`.
  const everyInterface = version === 4 ? host === '0.0.0.0' : version === 6 && host.split(':').every((group) => /^0*$/.test(group));
  return { host: everyInterface ? '127.0.0.1' : host, port }; // a name (`localhost`): looked up as the server did
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Within the image's 3 s HEALTHCHECK timeout, so a hung answer is a failed check of its own. (No agent: nothing
  // keeps the process after the answer.)
  const ok = await new Promise<boolean>((resolve) => {
    const request = get({ ...healthTarget(process.env), path: '/health', agent: false, timeout: 2500 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
  process.exit(ok ? 0 : 1);
}
