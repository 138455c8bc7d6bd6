/**
 * Parlor against the floor, side by side in one run: for each table count T, the same bet race (same
 * bots, seeds, join pacing, roll interval and checks) first against one Parlor process, then against
 * the bare-`ws` floor server (loadtest/floor-server.ts). Prints the ratio table: server CPU per handled
 * move (and the kernel's part of it: socket reads and writes, which both pay) and bet-ack p50/p99, with
 * the load average before each run and the commit measured.
 *
 *   node loadtest/parlor-vs-floor.ts [--tables 50,100,200] [--processes 1] [--bettors 8] [--races 1] [--roll-ms 250] [--join-concurrency 4] [--spread-per-table 50] [--start-delay-per-table 20] [--load-workers 1] [--pairs 1] [--warm 0]
 *
 * Both servers race on the same clock: table i joins no sooner than i × `--spread-per-table` ms after
 * the start, and every table's first roll comes 2 s after the last table's join is due, so each table
 * races at the same moment against either server and no join falls in the measured window. (With
 * `--spread-per-table 0` tables join as fast as the server lets them and race 1 s +
 * `--start-delay-per-table` ms per table after they filled: the faster-joining server then races its
 * tables together and the slower one spread out, which is not the same load.)
 *
 * `--pairs N` runs each T N times, Parlor and the floor alternating, and adds the median of the pairs'
 * ratios: on a shared machine one pair's ratio moves by a fifth or more from run to run.
 *
 * `--processes 1,2` runs each T on one process and on two, both servers alike: Parlor's processes share
 * a private Redis (matchmaking and the journal), the floor's share nothing (each table lives on one).
 * With more than one count Parlor journals on Redis at every count, one process included, so that the
 * split table (CPU per move on N processes against one, the same T) compares like with like for both.
 *
 * `--warm N` runs N unmeasured races on each server before the measured one (loadtest/race-once.ts):
 * the figures of servers past their warm-up, V8's compiling included, which every process pays once.
 *
 * Ratios from one run are the figure to compare across machines and times: both sides see the same
 * machine within minutes of each other. Exits 1 when any run fails a check or loses a table.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { startServers } from './servers.ts';
import { describeRace, raceFailed, raceOnce } from './race-once.ts';
import { measuredCode, serverFigures } from './measure.ts';
import { median } from './report.ts';
import { floorTransport, parlorTransport, type Transport } from './transports.ts';
import { intOption } from './int-option.ts';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '50,100,200' },
    bettors: { type: 'string', default: '8' },
    races: { type: 'string', default: '1' },
    'roll-ms': { type: 'string', default: '250' },
    'join-concurrency': { type: 'string', default: '4' },
    // Table i joins no sooner than i × this many ms after the start (0: as fast as the server lets it).
    'spread-per-table': { type: 'string', default: '50' },
    // With --spread-per-table 0, ms per table before a table's first roll (plus 1 s): 20 lets tables
    // joined in a burst race together; a larger value (e.g. 100) keeps the joins out of the racing window.
    'start-delay-per-table': { type: 'string', default: '20' },
    seed: { type: 'string', default: 'bet-race' },
    // The bots on this many worker threads (loadtest/load-workers.ts), for both servers alike.
    'load-workers': { type: 'string', default: '1' },
    pairs: { type: 'string', default: '1' },
    processes: { type: 'string', default: '1' },
    warm: { type: 'string', default: '0' },
  },
});
const tableCounts = args.tables!.split(',').map(Number);
if (tableCounts.some((t) => !Number.isInteger(t) || t < 1 || t > 2000)) throw new Error('--tables is a comma-separated list of 1–2000');
const processCounts = args.processes!.split(',').map(Number);
if (processCounts.some((n) => !Number.isInteger(n) || n < 1 || n > 16)) throw new Error('--processes is a comma-separated list of 1–16');
/** Parlor on Redis at every process count when the counts are compared (see the usage above). */
const journaled = processCounts.some((n) => n > 1);
const bettors = intOption(args, 'bettors', 2, 8);
const races = intOption(args, 'races', 1, 4);
const rollMs = intOption(args, 'roll-ms', 10, 60_000);
const joinConcurrency = intOption(args, 'join-concurrency', 1, 1000);
const startDelayPerTable = intOption(args, 'start-delay-per-table', 0, 10_000);
const spreadPerTable = intOption(args, 'spread-per-table', 0, 200);
const loadWorkers = intOption(args, 'load-workers', 1, 16);
const pairs = intOption(args, 'pairs', 1, 20);
const warm = intOption(args, 'warm', 0, 3);

/** The joins' pacing and each table's wait for its first roll (see the usage above). */
function schedule(tables: number): { spreadMs: number; startDelayMs: number } {
  if (spreadPerTable === 0) return { spreadMs: 0, startDelayMs: Math.min(60_000, 1000 + tables * startDelayPerTable) };
  const spreadMs = tables * spreadPerTable;
  return { spreadMs, startDelayMs: Math.min(60_000, spreadMs + 2000) };
}

const { commit, dirty, label } = measuredCode();

async function run(transport: Transport, tables: number, processes: number) {
  const floor = transport.name === 'floor';
  const servers = await startServers(processes, {}, !floor && journaled, { entry: floor ? 'loadtest/floor-server.ts' : 'src/server/main.ts' });
  const race = { tables, bettors, races, rollMs, seed: args.seed!, joinConcurrency, ...schedule(tables), transport: transport.name };
  const { stats, series, figures } = await raceOnce(servers, race, loadWorkers, warm);
  const line = { server: transport.name, tables, processes, ...figures, rssPeakMB: serverFigures(series[0]!).rssPeakMB, slowestFillMs: Math.round(stats.slowestFillMs) };
  console.log(
    `${transport.name.padEnd(6)} T=${String(tables).padEnd(4)} ${processes > 1 ? `${processes} processes ` : ''}load ${line.loadAtStart.join(' ')}  CPU ${line.cpuMsPerMove} ms/move (kernel ${line.kernelMsPerMove}; ${line.moves} moves)  ${describeRace(line)}${spreadPerTable ? `  slowest fill ${line.slowestFillMs} ms` : ''}`,
  );
  return line;
}

console.log(`Parlor vs floor: T = ${tableCounts.join(', ')} tables × ${bettors} bettors, on ${processCounts.join(' and ')} process(es)${journaled ? ' (Parlor journaling on Redis at every count)' : ''}${warm ? `, ${warm} warm-up race(s) per server first` : ''}, ${races} race(s), roll ${rollMs} ms, join concurrency ${joinConcurrency}, ${spreadPerTable ? `table i joins at i × ${spreadPerTable} ms, every table's first roll 2 s after the last join is due` : `first roll 1 s + ${startDelayPerTable} ms per table after a table fills`}; commit ${label}; ${cpus().length} CPUs`);
const rows: { parlor: Awaited<ReturnType<typeof run>>; floor: Awaited<ReturnType<typeof run>> }[] = [];
for (const tables of tableCounts) {
  for (let pair = 0; pair < pairs; pair++) {
    for (const processes of processCounts) {
      const parlor = await run(parlorTransport, tables, processes);
      const floor = await run(floorTransport, tables, processes);
      rows.push({ parlor, floor });
    }
  }
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '—');
console.log(`
| T | processes | load avg (Parlor / floor) | CPU per move Parlor | floor | ratio | of which kernel, Parlor / floor | p50 Parlor / floor | p99 Parlor | floor | ratio | load generator lag, Parlor / floor | checks |
|---|---|---|---|---|---|---|---|---|---|---|---|---|`);
for (const { parlor: p, floor: f } of rows) {
  const checks = `${p.racesChecked + f.racesChecked} races, ${p.violations + f.violations} violations, ${p.unanswered + f.unanswered} unanswered`;
  console.log(
    `| ${p.tables} | ${p.processes} | ${p.loadAtStart[0]} / ${f.loadAtStart[0]} | ${p.cpuMsPerMove} ms | ${f.cpuMsPerMove} ms | ${ratio(p.cpuMsPerMove, f.cpuMsPerMove)} | ${p.kernelMsPerMove} / ${f.kernelMsPerMove} ms | ${p.p50} / ${f.p50} ms | ${p.p99} ms | ${f.p99} ms | ${ratio(p.p99, f.p99)} | ≤ ${p.loadGenLagMs} / ${f.loadGenLagMs} ms | ${checks} |`,
  );
}
const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
if (pairs > 1) {
  console.log(`\n| T | processes | pairs | CPU ratio, median (each pair) | p99 ratio, median (each pair) |\n|---|---|---|---|---|`);
  for (const tables of tableCounts) {
    for (const processes of processCounts) {
      const mine = rows.filter((r) => r.parlor.tables === tables && r.parlor.processes === processes);
      const cpu = mine.map((r) => r.parlor.cpuMsPerMove / r.floor.cpuMsPerMove);
      const p99 = mine.map((r) => r.parlor.p99 / r.floor.p99);
      console.log(`| ${tables} | ${processes} | ${mine.length} | ${median(cpu).toFixed(2)} (${list(cpu)}) | ${median(p99).toFixed(2)} (${list(p99)}) |`);
    }
  }
}
if (journaled && processCounts.includes(1)) {
  // The same T split over N processes against one process, each pair's runs minutes apart.
  console.log(`\n| T | processes | CPU per move against one process: Parlor, median (each pair) | floor, median (each pair) |\n|---|---|---|---|`);
  for (const tables of tableCounts) {
    const one = rows.filter((r) => r.parlor.tables === tables && r.parlor.processes === 1);
    for (const processes of processCounts.filter((n) => n > 1)) {
      const many = rows.filter((r) => r.parlor.tables === tables && r.parlor.processes === processes);
      const split = (side: 'parlor' | 'floor') => many.map((r, i) => r[side].cpuMsPerMove / one[i]![side].cpuMsPerMove);
      const [p, f] = [split('parlor'), split('floor')];
      console.log(`| ${tables} | ${processes} | ${median(p).toFixed(2)} (${list(p)}) | ${median(f).toFixed(2)} (${list(f)}) |`);
    }
  }
}
console.log(`\ncommit ${label}; command: node loadtest/parlor-vs-floor.ts ${process.argv.slice(2).join(' ')}`.trimEnd());

mkdirSync('loadtest/results', { recursive: true });
const at = new Date().toISOString();
writeFileSync(`loadtest/results/parlor-vs-floor-${at.replace(/[:.]/g, '-')}.json`, JSON.stringify({ at, commit, dirty, args, rows }, null, 2));
const failed = rows.some(({ parlor, floor }) => raceFailed(parlor) || raceFailed(floor));
process.exit(failed ? 1 : 0);
