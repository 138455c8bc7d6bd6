/**
 * HTTP load: autocannon against each HTTP endpoint and the matchmaking route, one after the other,
 * against a server process it starts (or --endpoint http://host:port).
 *
 *   npm run loadtest:http -- [--seconds 10] [--connections 20] [--endpoint http://host:2567]
 *
 * Prints requests/s and latency p50/p90/p99/max per route, and the server's CPU and RSS; writes JSON
 * to loadtest/results/. Matchmaking reserves real seats: every eighth call opens a new 8-seat table,
 * and the unconsumed reservations expire after 15 s, so it measures matchmaking plus room creation.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sampleMetrics, startServers } from './servers.ts';
import { intOption } from './int-option.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    endpoint: { type: 'string' },
  },
});
const seconds = intOption(args, 'seconds', 1, 3600);
const connections = intOption(args, 'connections', 1, 10_000);

const routes: { name: string; path: string; method?: string; body?: unknown }[] = [
  { name: 'GET /health', path: '/health' },
  { name: 'GET /ready', path: '/ready' },
  { name: 'GET /api/games', path: '/api/games' },
  { name: 'GET /api/invites/:code (unknown)', path: '/api/invites/ZZZZZZ' },
  { name: 'GET /metrics', path: '/metrics' },
  { name: 'POST /matchmake/joinOrCreate/ready-set-bet', path: '/matchmake/joinOrCreate/ready-set-bet', method: 'POST', body: { seats: 8, options: { vip: false } } },
];

const servers = args.endpoint ? null : await startServers(1);
const base = args.endpoint ?? servers!.http[0]!;
const conditions = { cpus: cpus().length, loadavgAtStart: loadavg().map((l) => Math.round(l * 100) / 100), node: process.version };
console.log(`http: ${routes.length} routes × ${seconds} s, ${connections} connections, against ${args.endpoint ?? 'a local server process'}; load average ${conditions.loadavgAtStart.join(' ')}`);

const results = [];
for (const route of routes) {
  const metrics = sampleMetrics([base]);
  const r = await autocannon({
    url: `${base}${route.path}`,
    connections,
    duration: seconds,
    method: route.method ?? 'GET',
    ...(route.body ? { body: JSON.stringify(route.body), headers: { 'content-type': 'application/json' } } : {}),
  });
  metrics.stop();
  const samples = metrics.series[0]!;
  const figures = {
    route: route.name,
    requestsPerSecond: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    serverCpuPeak: Math.round(Math.max(0, ...samples.map((s) => s.cpu))),
    serverRssPeakMB: Math.max(0, ...samples.map((s) => s.rssMB)),
  };
  results.push(figures);
  console.log(
    `${route.name.padEnd(45)} ${String(figures.requestsPerSecond).padStart(6)} req/s  p50 ${figures.latencyMs.p50} p90 ${figures.latencyMs.p90} p99 ${figures.latencyMs.p99} max ${figures.latencyMs.max} ms  non-2xx ${figures.non2xx} errors ${figures.errors}  server CPU peak ${figures.serverCpuPeak}% RSS ${figures.serverRssPeakMB} MB`,
  );
}
await servers?.stop();

const at = new Date().toISOString();
mkdirSync('loadtest/results', { recursive: true });
const file = `loadtest/results/http-${at.replace(/[:.]/g, '-')}.json`;
writeFileSync(file, JSON.stringify({ command: `npm run loadtest:http -- ${process.argv.slice(2).join(' ')}`.trim(), at, conditions: { ...conditions, loadavgAtEnd: loadavg() }, seconds, connections, results }, null, 2));
console.log(`written ${file}`);
