/**
 * Ready Set Bet load test: R concurrent tables × B bettor bots, every bot a real @colyseus/sdk client,
 * against one server process, N processes on one Redis, or a running server (--endpoint).
 *
 *   npm run loadtest:bet-race -- --tables 100 --bettors 8 --races 2 --roll-ms 250 [--processes 2] [--durability sync|async]
 *   npm run loadtest:bet-race -- --endpoint ws://host:2567[,ws://host:2568] …
 *   npm run loadtest:bet-race -- --server floor …      the same race against the bare-ws floor (loadtest/floor-server.ts);
 *                                                     with --processes N, N floor servers, each table on one of them
 *   npm run loadtest:bet-race -- --host-seat …         a seated host rolls (hostMode hostSeat): bettors + 1 seats, up to 9
 *   npm run loadtest:bet-race -- --cpu-prof DIR …      servers run under node --cpu-prof, profiles written to DIR
 *   npm run loadtest:bet-race -- --load-workers 2 …    the bots on 2 threads, so the load generator's GC pauses stay out of each other's way
 *
 * Prints progress every 2 s, then bet acknowledgement latency (p50/p90/p99/max), accepted bets/s,
 * rejections by reason, server CPU/RSS, and the correctness checks of every race; writes JSON and an
 * SVG histogram to loadtest/results/. Exits 1 when any check failed or a table could not join or finish.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { defaultStartDelayMs, newStats, type BetRaceOptions } from './tables.ts';
import { intOption } from './int-option.ts';
import { runOnThreads } from './load-workers.ts';
import { sampleMetrics, startServers } from './servers.ts';
import { answerHistogram, cpuWhileRacing, loopLag, serverAnswerTime, serverFigures } from './measure.ts';
import { floorTransport, parlorTransport } from './transports.ts';
import { latencySvg, summarize } from './report.ts';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '20' },
    bettors: { type: 'string', default: '8' },
    races: { type: 'string', default: '2' },
    'roll-ms': { type: 'string', default: '250' },
    'start-delay-ms': { type: 'string', default: '' },
    // Tables join evenly over this many ms (as real tables start) instead of in one burst.
    'spread-ms': { type: 'string', default: '0' },
    processes: { type: 'string', default: '1' },
    // Journal games in a private Redis even with one process; 'sync' or 'async' acknowledgements.
    durability: { type: 'string', default: '' },
    endpoint: { type: 'string' },
    seed: { type: 'string', default: 'bet-race' },
    'join-concurrency': { type: 'string', default: '4' },
    label: { type: 'string', default: '' },
    server: { type: 'string', default: 'parlor' },
    'cpu-prof': { type: 'string', default: '' },
    // Bots spread over this many worker threads, each with its own heap (loadtest/load-workers.ts).
    'load-workers': { type: 'string', default: '1' },
    'host-seat': { type: 'boolean', default: false },
  },
});

const int = (name: keyof typeof args, min: number, max: number) => intOption(args, name, min, max);
const tables = int('tables', 1, 5000);
const loadWorkers = int('load-workers', 1, 16);
const processes = int('processes', 1, 16);
if (!['parlor', 'floor'].includes(args.server!)) throw new Error('--server is parlor or floor');
const floor = args.server === 'floor';
// The floor starts SYSTEM's timer at the start and from SYSTEM's own moves only: a seated host's table never has it.
if (floor && args['host-seat']) throw new Error('--host-seat needs the Parlor server');
const opts: Omit<BetRaceOptions, 'endpoints'> = {
  transport: floor ? floorTransport : parlorTransport,
  tables,
  bettors: int('bettors', 2, 8),
  hostSeat: args['host-seat'],
  races: int('races', 1, 4),
  rollMs: int('roll-ms', 10, 60_000),
  seed: args.seed!,
  joinConcurrency: int('join-concurrency', 1, 1000),
  spreadMs: int('spread-ms', 0, 600_000),
  startDelayMs: args['start-delay-ms'] ? int('start-delay-ms', 0, 60_000) : defaultStartDelayMs(tables),
};

if (args.durability && !['sync', 'async'].includes(args.durability)) throw new Error('--durability is sync or async');
if (floor && args.durability) throw new Error('the floor server has no journal');
const servers = args.endpoint
  ? null
  : await startServers(processes, args.durability ? { DURABILITY: args.durability } : {}, !floor && (processes > 1 || Boolean(args.durability)), {
      entry: floor ? 'loadtest/floor-server.ts' : 'src/server/main.ts',
      cpuProfileDir: args['cpu-prof'] ?? '',
    });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void (servers?.stop() ?? Promise.resolve()).finally(() => process.exit(130)));
}
const endpoints = args.endpoint ? args.endpoint.split(',') : servers!.ws;
const httpBases = endpoints.map((e) => e.replace(/^ws/, 'http'));
const conditions = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', loadavgAtStart: loadavg().map((l) => Math.round(l * 100) / 100), node: process.version };
console.log(`bet-race${floor ? ' (floor server)' : ''}: ${opts.tables} tables × ${opts.bettors} bettors, ${opts.races} race(s) each, roll every ${opts.rollMs} ms, ${endpoints.length} server process(es)${servers ? '' : ' (external)'}; load average ${conditions.loadavgAtStart.join(' ')}`);

const stats = newStats();
const answeredBefore = await answerHistogram(httpBases);
const metrics = sampleMetrics(httpBases);
const started = performance.now();
const cpuStart = process.cpuUsage();
// The load generator's own event-loop lag (the bots' thread: this one, or the largest of theirs).
const ownLag = loadWorkers === 1 ? loopLag() : null;
let ownLagPeakMs = 0;
const progress = setInterval(() => {
  const r = summarize(stats.recent);
  stats.recent.reset();
  const lagMs = ownLag ? ownLag() : stats.threadLagMs;
  stats.threadLagMs = 0;
  ownLagPeakMs = Math.max(ownLagPeakMs, lagMs);
  const rejected = Object.values(stats.rejected).reduce((a, b) => a + b, 0);
  const server = metrics.latest().map((s) => (s ? `${s.cpu}% ${s.rssMB} MB` : '–')).join(' | ');
  console.log(
    `${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s  tables joined ${stats.tablesJoined}/${tables} racing ${stats.tablesRacing} done ${stats.tablesDone}  bets ${stats.accepted} ok ${rejected} refused  last 2 s p50 ${r.p50} p99 ${r.p99} max ${r.max} ms  server ${server}  load gen lag p99 ${lagMs} ms  violations ${stats.violations.length}`,
  );
}, 2000);

let failed: Error | null = null;
try {
  await runOnThreads({ ...opts, endpoints, transport: opts.transport!.name }, loadWorkers, stats);
} catch (err) {
  failed = err as Error;
}
clearInterval(progress);
metrics.stop();
const wallS = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
const answered = serverAnswerTime(await answerHistogram(httpBases), answeredBefore);
await servers?.stop();

const bettingS = Math.max(0.001, (stats.lastAnswerAt - stats.firstBetAt) / 1000);
const latency = summarize(stats.latency);
const cpuSeconds = metrics.cpuSeconds();
const perProcess = metrics.series.map((s, i) => ({ ...serverFigures(s), cpuSeconds: cpuSeconds[i]! }));
const totalCpu = cpuSeconds.reduce((a, b) => a + b, 0);
const racingCpu = cpuWhileRacing(metrics.series, stats, started);
const bettingCpu = racingCpu.seconds;
const cpuPerMoveMs = racingCpu.msPerMove;
const result = {
  command: `npm run loadtest:bet-race -- ${process.argv.slice(2).join(' ')}`.trim(),
  at: new Date().toISOString(),
  conditions: { ...conditions, loadavgAtEnd: loadavg().map((l) => Math.round(l * 100) / 100) },
  options: { ...opts, transport: opts.transport!.name, processes: endpoints.length, external: !servers, loadWorkers },
  tables: { joined: stats.tablesJoined, done: stats.tablesDone, failed: stats.tablesFailed, peakRacing: stats.peakRacing, firstFailures: stats.failures.slice(0, 20) },
  bets: { sent: stats.sent, accepted: stats.accepted, rejected: stats.rejected, unanswered: stats.unanswered },
  throughput: { bettingSeconds: Math.round(bettingS * 10) / 10, acceptedPerSecond: Math.round(stats.accepted / bettingS), answeredPerSecond: Math.round(stats.latency.totalCount / bettingS) },
  latencyMs: latency,
  serverAnswerMs: answered,
  server: perProcess,
  serverCpu: { seconds: Math.round(totalCpu * 100) / 100, whileRacing: Math.round(bettingCpu * 100) / 100, rolls: stats.rolls, answeredBets: stats.latency.totalCount, msPerMove: cpuPerMoveMs, kernelMsPerMove: racingCpu.kernelMsPerMove },
  loadGenerator: { cpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / wallS) * 1000) / 10, rssMB: Math.round(process.memoryUsage().rss / 1e5) / 10, lagP99PeakMs: ownLagPeakMs },
  checks: { racesChecked: stats.racesChecked, violations: stats.violations.length, firstViolations: stats.violations.slice(0, 50) },
  wallSeconds: Math.round(wallS * 10) / 10,
  error: failed?.message ?? null,
};

mkdirSync('loadtest/results', { recursive: true });
const name = `bet-race-${args.label || `${opts.tables}x${opts.bettors}-p${endpoints.length}`}-${result.at.replace(/[:.]/g, '-')}`;
writeFileSync(`loadtest/results/${name}.json`, JSON.stringify({ ...result, series: metrics.series }, null, 2));
writeFileSync(`loadtest/results/${name}.svg`, latencySvg(stats.latency, `bet-race ${opts.tables} tables × ${opts.bettors} bettors, roll ${opts.rollMs} ms, ${endpoints.length} process(es)`));

const rejected = Object.entries(stats.rejected).map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
console.log(`
tables        ${stats.tablesDone} done, ${stats.tablesFailed} failed, peak ${stats.peakRacing} racing at once${opts.spreadMs ? `, slowest fill ${Math.round(stats.slowestFillMs)} ms` : ''}${stats.failures.length ? `\n  ${stats.failures.slice(0, 5).join('\n  ')}` : ''}
bets          ${stats.sent} sent, ${stats.accepted} accepted, refused: ${rejected}; ${stats.unanswered} unanswered
throughput    ${result.throughput.acceptedPerSecond} accepted bets/s, ${result.throughput.answeredPerSecond} answers/s over ${result.throughput.bettingSeconds} s
latency (ms)  p50 ${latency.p50}  p90 ${latency.p90}  p99 ${latency.p99}  p99.9 ${latency.p999}  max ${latency.max}  (${latency.count} bets)${answered ? `; the server's own answer p50 ${answered.p50} p99 ${answered.p99}` : ''}
server        ${perProcess.map((p, i) => `#${i + 1} CPU mean ${p.cpuMean}% peak ${p.cpuPeak}%, RSS ${p.rssStartMB} MB at start, peak ${p.rssPeakMB} MB, loop lag p99 peak ${p.lagPeakMs} ms`).join('; ')}
server cost   ${totalCpu.toFixed(1)} CPU s in all, ${bettingCpu.toFixed(1)} while racing for ${stats.rolls} rolls + ${stats.latency.totalCount} bets = ${cpuPerMoveMs} ms per move (kernel ${racingCpu.kernelMsPerMove})
load gen      CPU ${result.loadGenerator.cpuPercent}% of one core, RSS ${result.loadGenerator.rssMB} MB, ${loadWorkers === 1 ? 'its' : 'its threads\''} loop lag p99 peak ${ownLagPeakMs} ms (answers arriving meanwhile are read that late)
checks        ${stats.racesChecked} races checked, ${stats.violations.length} violation(s)${stats.violations.length ? `\n  ${stats.violations.slice(0, 10).join('\n  ')}` : ''}
written       loadtest/results/${name}.json and .svg`);
if (failed) console.error(failed);
process.exit(failed || stats.violations.length > 0 || stats.tablesFailed > 0 ? 1 : 0);

