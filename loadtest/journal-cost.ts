/**
 * What journaling costs, alone: the main thread's CPU and Redis' CPU per journaled move, with no room,
 * no client and nothing else running. A private redis-server; `--games` journals; each event-loop turn
 * appends `--per-turn` moves spread over the games (as a burst of bets over many tables does), in
 * `sync` mode (answers awaited in batches, as the room does).
 *
 *   node loadtest/journal-cost.ts [--turns 3000] [--games 100] [--per-turn 12]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { GameStore } from '../src/server/game-store.ts';
import { startRedis } from '../test/helpers/redis.ts';
import { measuredCode } from './measure.ts';
import { intOption } from './int-option.ts';

const { values: args } = parseArgs({
  options: { turns: { type: 'string', default: '3000' }, games: { type: 'string', default: '100' }, 'per-turn': { type: 'string', default: '12' } },
});
const turns = intOption(args, 'turns', 1, 1_000_000);
const games = intOption(args, 'games', 1, 10_000);
const perTurn = intOption(args, 'per-turn', 1, 10_000);

const redis = await startRedis();
/** user + system CPU of the redis-server process, in clock ticks (1/100 s). */
const redisTicks = () => {
  const fields = readFileSync(`/proc/${redis.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const quiet = { debug() {}, info() {}, warn() {}, error() {} } as never;
const store = new GameStore({ redisUrl: redis.url, processId: 'bench', logger: quiet, mode: 'sync', ackTimeoutMs: 5000, snapshotEvery: 100, retentionSeconds: 60, heartbeatMs: 1000 });
const journals = Array.from({ length: games }, (_, i) => store.open(`bench-${i}`, { game: 'ready-set-bet' }));
await Promise.all(journals.map((j) => j.drained()));
const state = { spaces: Array.from({ length: 67 }, (_, i) => ({ space: i, holder: null })) }; // snapshotted every 100 moves

let moves = 0;
const waiting: Promise<boolean>[] = [];
const cpu0 = process.cpuUsage();
const redis0 = redisTicks();
const started = performance.now();
for (let turn = 0; turn < turns; turn++) {
  for (let k = 0; k < perTurn; k++) {
    const journal = journals[(turn * 7 + k * 13) % games]!;
    waiting.push(journal.append({ actor: k % 8, move: { type: 'bet', space: `s${(turn + k) % 67}`, token: 2 } }, () => state));
    moves++;
  }
  await new Promise((resolve) => setImmediate(resolve));
  if (waiting.length > 2000) await Promise.all(waiting.splice(0));
}
const stored = (await Promise.all(waiting)).every(Boolean);
const cpu = process.cpuUsage(cpu0);
const redisCpuUs = (redisTicks() - redis0) * 10_000;
console.log(`journal-cost: ${moves} moves over ${games} games, ${perTurn} a turn, in ${(performance.now() - started).toFixed(0)} ms; commit ${measuredCode().label}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`main thread ${((cpu.user + cpu.system) / moves).toFixed(1)} µs a move (system ${(cpu.system / moves).toFixed(1)}), Redis ${(redisCpuUs / moves).toFixed(1)} µs a move; all stored: ${stored}`);
await store.stop();
await redis.stop();
if (!stored) process.exit(1);
