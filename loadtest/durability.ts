/**
 * What durability costs, in one run: the same bet race against one Parlor process with the journal
 * off, `DURABILITY=async` and `DURABILITY=sync` (both journaling on a private Redis), run in turns
 * (off, async, sync; again for each `--triples`), so the three modes see the same machine within
 * minutes. Prints each run (CPU per handled move, bet-ack p50/p99) and each triple's ratios against
 * off, then their medians: on a shared machine one run's p99 moves by a third from run to run. Beside
 * the bots' latency, each run's server's own answer time (from reading a bet to answering it: with
 * `sync`, the wait for Redis), which the load generator's lag does not reach.
 *
 *   node loadtest/durability.ts [--triples 3] [--tables 100] [--bettors 8] [--races 2] [--roll-ms 250] [--spread-ms 20000] [--load-workers 2] [--warm 0]
 *
 * `--warm N`: N unmeasured races on each server before the measured one (loadtest/race-once.ts).
 *
 * Exits 1 when any run fails a check, leaves a bet unanswered or loses a table.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { startServers } from './servers.ts';
import { describeRace, raceFailed, raceOnce } from './race-once.ts';
import { measuredCode } from './measure.ts';
import { median } from './report.ts';
import { defaultStartDelayMs } from './tables.ts';
import { intOption } from './int-option.ts';

const { values: args } = parseArgs({
  options: {
    triples: { type: 'string', default: '3' },
    tables: { type: 'string', default: '100' },
    bettors: { type: 'string', default: '8' },
    races: { type: 'string', default: '2' },
    'roll-ms': { type: 'string', default: '250' },
    // Tables join evenly over this many ms (as real tables start).
    'spread-ms': { type: 'string', default: '20000' },
    'join-concurrency': { type: 'string', default: '4' },
    seed: { type: 'string', default: 'bet-race' },
    'load-workers': { type: 'string', default: '2' },
    warm: { type: 'string', default: '0' },
  },
});
const int = (name: keyof typeof args, min: number, max: number) => intOption(args, name, min, max);
const triples = int('triples', 1, 20);
const tables = int('tables', 1, 2000);
const loadWorkers = int('load-workers', 1, 16);
const warm = int('warm', 0, 3);
const race = {
  tables,
  bettors: int('bettors', 2, 8),
  races: int('races', 1, 4),
  rollMs: int('roll-ms', 10, 60_000),
  spreadMs: int('spread-ms', 0, 600_000),
  joinConcurrency: int('join-concurrency', 1, 1000),
  startDelayMs: defaultStartDelayMs(tables),
  seed: args.seed!,
  transport: 'parlor' as const,
};

type Mode = 'off' | 'async' | 'sync';
const modes: Mode[] = ['off', 'async', 'sync'];
const { commit, dirty, label } = measuredCode();

async function run(mode: Mode) {
  const servers = await startServers(1, mode === 'off' ? {} : { DURABILITY: mode }, mode !== 'off');
  const { figures } = await raceOnce(servers, race, loadWorkers, warm);
  const line = { mode, at: new Date().toISOString(), ...figures };
  console.log(`${mode.padEnd(5)} load ${line.loadAtStart.join(' ')}  CPU ${line.cpuMsPerMove} ms/move  ${describeRace(line)}`);
  return line;
}

console.log(`Durability off / async / sync: ${tables} tables × ${race.bettors} bettors, ${race.races} race(s), roll ${race.rollMs} ms, joins spread over ${race.spreadMs} ms, ${loadWorkers} load worker(s), ${triples} triple(s)${warm ? `, ${warm} warm-up race(s) per server first` : ''}; commit ${label}; ${cpus().length} CPUs`);
type Triple = Record<Mode, Awaited<ReturnType<typeof run>>>;
const rows: Triple[] = [];
for (let i = 0; i < triples; i++) {
  const row = {} as Triple;
  for (const mode of modes) row[mode] = await run(mode);
  rows.push(row);
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
const fixed = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');
console.log(`
| triple | p99 off / async / sync (ms) | sync/off | async/off | sync/async | the server's own answer p99 off / async / sync (ms) | CPU ms a move off / async / sync | CPU sync/off |
|---|---|---|---|---|---|---|---|`);
const columns = { syncOff: [] as number[], asyncOff: [] as number[], syncAsync: [] as number[], cpuSyncOff: [] as number[], cpuAsyncOff: [] as number[] };
rows.forEach(({ off, async, sync }, i) => {
  const r = { syncOff: ratio(sync.p99, off.p99), asyncOff: ratio(async.p99, off.p99), syncAsync: ratio(sync.p99, async.p99), cpuSyncOff: ratio(sync.cpuMsPerMove, off.cpuMsPerMove), cpuAsyncOff: ratio(async.cpuMsPerMove, off.cpuMsPerMove) };
  for (const key of Object.keys(columns) as (keyof typeof columns)[]) columns[key].push(r[key]);
  console.log(`| ${i + 1} | ${off.p99} / ${async.p99} / ${sync.p99} | ${fixed(r.syncOff)} | ${fixed(r.asyncOff)} | ${fixed(r.syncAsync)} | ${off.serverP99} / ${async.serverP99} / ${sync.serverP99} | ${off.cpuMsPerMove} / ${async.cpuMsPerMove} / ${sync.cpuMsPerMove} | ${fixed(r.cpuSyncOff)} |`);
});
const m = (key: keyof typeof columns) => fixed(median(columns[key]));
console.log(`| median | | **${m('syncOff')}** | ${m('asyncOff')} | ${m('syncAsync')} | | CPU async/off ${m('cpuAsyncOff')} | **${m('cpuSyncOff')}** |`);
console.log(`\ncommit ${label}; command: node loadtest/durability.ts ${process.argv.slice(2).join(' ')}`.trimEnd());

mkdirSync('loadtest/results', { recursive: true });
const at = new Date().toISOString();
writeFileSync(`loadtest/results/durability-${at.replace(/[:.]/g, '-')}.json`, JSON.stringify({ at, commit, dirty, args, rows }, null, 2));
const failed = rows.some((row) => modes.some((mode) => raceFailed(row[mode])));
process.exit(failed ? 1 : 0);
