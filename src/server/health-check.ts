/**
 * The container image's HEALTHCHECK (`node dist/src/server/health-check.js`): asks `GET /health` where the
 * server listens and exits 0 on a 200, 1 otherwise. Node's own `fetch` only: nothing added to the image.
 *
 * The address is `HOST`'s (config.ts reads the same variables with the same defaults): a server told to listen
 * on one interface does not answer on 127.0.0.1. Every interface (`0.0.0.0`, `::`) is asked at 127.0.0.1.
 */
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';

export function healthUrl(env: NodeJS.ProcessEnv): string {
  const host = env.HOST || '0.0.0.0';
  const port = env.PORT || '2567';
  const version = isIP(host);
  // `new URL` writes an IPv6 address in its shortest form: `::` however every interface is spelt.
  const everyInterface = version === 4 ? host === '0.0.0.0' : version === 6 && new URL(`http://[${host}]`).hostname === '[::]';
  if (everyInterface) return `http://127.0.0.1:${port}/health`;
  return `http://${version === 6 ? `[${host}]` : host}:${port}/health`; // a name (`localhost`): looked up as the server did
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Within the image's 3 s HEALTHCHECK timeout, so a hung answer is a failed check of its own.
  const ok = await fetch(healthUrl(process.env), { signal: AbortSignal.timeout(2500) }).then((r) => r.ok, () => false);
  process.exit(ok ? 0 : 1);
}
