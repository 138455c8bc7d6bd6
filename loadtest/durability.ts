/**
 * What durability costs, in one run: the same bet race against one Parlor process with the journal
 * off, `DURABILITY=async` and `DURABILITY=sync` (both journaling on a private Redis), run in turns
 * (off, async, sync; again for each of `--rounds`), so the modes see the same machine within minutes.
 * Prints each run (CPU per handled move, bet-ack p50/p99) and each round's ratios against off, then
 * their medians: on a shared machine one run's p99 moves by a third from run to run.
 *
 * `--modes` picks the modes and their order; besides the three, `sync-awaited` is `sync` answering
 * from the Redis reply's own turn (`DURABILITY_COMMIT_WAIT_MS=0`), as before the turn commit.
 *
 *   node loadtest/durability.ts [--rounds 3] [--modes off,async,sync] [--tables 100] [--bettors 8] [--races 2] [--roll-ms 250] [--spread-ms 20000] [--load-workers 2]
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
    rounds: { type: 'string', default: '3' },
    modes: { type: 'string', default: 'off,async,sync' },
    tables: { type: 'string', default: '100' },
    bettors: { type: 'string', default: '8' },
    races: { type: 'string', default: '2' },
    'roll-ms': { type: 'string', default: '250' },
    // Tables join evenly over this many ms (as real tables start).
    'spread-ms': { type: 'string', default: '20000' },
    'join-concurrency': { type: 'string', default: '4' },
    seed: { type: 'string', default: 'bet-race' },
    'load-workers': { type: 'string', default: '2' },
  },
});
const int = (name: keyof typeof args, min: number, max: number) => intOption(args, name, min, max);
const rounds = int('rounds', 1, 20);
const tables = int('tables', 1, 2000);
const loadWorkers = int('load-workers', 1, 16);
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

/** Each mode's server environment (off: no Redis at all). */
const MODES = {
  off: {},
  async: { DURABILITY: 'async' },
  sync: { DURABILITY: 'sync' },
  'sync-awaited': { DURABILITY: 'sync', DURABILITY_COMMIT_WAIT_MS: '0' },
} as const;
type Mode = keyof typeof MODES;
const modes = args.modes!.split(',') as Mode[];
if (modes[0] !== 'off' || modes.some((m) => !Object.hasOwn(MODES, m)) || new Set(modes).size !== modes.length) {
  console.error(`--modes: off first, then any of ${Object.keys(MODES).slice(1).join(', ')}, each once`);
  process.exit(2);
}
const { commit, dirty, label } = measuredCode();

async function run(mode: Mode) {
  const servers = await startServers(1, MODES[mode], mode !== 'off');
  const { figures } = await raceOnce(servers, race, loadWorkers);
  const line = { mode, at: new Date().toISOString(), ...figures };
  console.log(`${mode.padEnd(5)} load ${line.loadAtStart.join(' ')}  CPU ${line.cpuMsPerMove} ms/move  ${describeRace(line)}`);
  return line;
}

console.log(`Durability ${modes.join(' / ')}: ${tables} tables × ${race.bettors} bettors, ${race.races} race(s), roll ${race.rollMs} ms, joins spread over ${race.spreadMs} ms, ${loadWorkers} load worker(s), ${rounds} round(s); commit ${label}; ${cpus().length} CPUs`);
type Round = Partial<Record<Mode, Awaited<ReturnType<typeof run>>>>;
const rows: Round[] = [];
for (let i = 0; i < rounds; i++) {
  const row: Round = {};
  for (const mode of modes) row[mode] = await run(mode);
  rows.push(row);
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
const fixed = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');
const others = modes.slice(1);
console.log(`
| round | p99 ${modes.join(' / ')} (ms) | ${others.map((m) => `${m}/off`).join(' | ')} | CPU ms a move ${modes.join(' / ')} | ${others.map((m) => `CPU ${m}/off`).join(' | ')} |
|---|---|${others.map(() => '---|').join('')}---|${others.map(() => '---|').join('')}`);
const p99Ratios = others.map(() => [] as number[]);
const cpuRatios = others.map(() => [] as number[]);
rows.forEach((row, i) => {
  const off = row.off!;
  const p = others.map((m, k) => (p99Ratios[k]!.push(ratio(row[m]!.p99, off.p99)), fixed(ratio(row[m]!.p99, off.p99))));
  const c = others.map((m, k) => (cpuRatios[k]!.push(ratio(row[m]!.cpuMsPerMove, off.cpuMsPerMove)), fixed(ratio(row[m]!.cpuMsPerMove, off.cpuMsPerMove))));
  console.log(`| ${i + 1} | ${modes.map((m) => row[m]!.p99).join(' / ')} | ${p.join(' | ')} | ${modes.map((m) => row[m]!.cpuMsPerMove).join(' / ')} | ${c.join(' | ')} |`);
});
const medians = (columns: number[][]) => columns.map((c) => `**${fixed(median(c))}**`).join(' | ');
console.log(`| median | | ${medians(p99Ratios)} | | ${medians(cpuRatios)} |`);
console.log(`\ncommit ${label}; command: node loadtest/durability.ts ${process.argv.slice(2).join(' ')}`.trimEnd());

mkdirSync('loadtest/results', { recursive: true });
const at = new Date().toISOString();
writeFileSync(`loadtest/results/durability-${at.replace(/[:.]/g, '-')}.json`, JSON.stringify({ at, commit, dirty, args, rows }, null, 2));
const failed = rows.some((row) => modes.some((mode) => raceFailed(row[mode]!)));
process.exit(failed ? 1 : 0);
