/**
 * Chaos run: several Parlor processes on one private Redis host real games (one human client and bots
 * per table) while processes are killed, stalled and replaced and Redis is restarted. Prints what it
 * injected and what survived, and checks that every game a client saw acknowledged moves for either
 * finished with a record that verifies and holds every acknowledged move, or is still running.
 *
 *   node loadtest/chaos.ts [--seconds 90] [--tables 12] [--processes 3] [--every 8] [--seed chaos]
 */
import { parseArgs } from 'node:util';
import type { Room } from '@colyseus/sdk';
import { randomSource, pick } from '../src/core/rng.ts';
import { followSeat } from '../client/rejoin.ts';
import { verifyRecord } from '../src/server/verify.ts';
import { spawnServer, type ServerProcess } from '../test/helpers/process.ts';
import { startRedis } from '../test/helpers/redis.ts';
import { joinAsPlayer, adopt, legalMoves, state, type Player } from '../test/helpers/clients.ts';
import { sleep } from '../test/helpers/ports.ts';
import { intOption } from './int-option.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '90' },
    tables: { type: 'string', default: '12' },
    processes: { type: 'string', default: '3' },
    every: { type: 'string', default: '8' },
    seed: { type: 'string', default: 'chaos' },
  },
});
const random = randomSource(args.seed!);
const started = Date.now();
const at = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const log = (line: string) => console.log(`[${at()}] ${line}`);

const seconds = intOption(args, 'seconds', 1, 3600);
const tableCount = intOption(args, 'tables', 1, 1000);
const processCount = intOption(args, 'processes', 1, 16);
const everySeconds = intOption(args, 'every', 1, 3600);
const redis = await startRedis();
const env = { REDIS_URL: redis.url, HEARTBEAT_MS: '500', RECONNECT_SECONDS: '30', BOT_DELAY_MS: '60', LOG_LEVEL: 'error' };
const procs: ServerProcess[] = [];
for (let i = 0; i < processCount; i++) procs.push(await spawnServer(env, 'src/server/main.ts'));
const endpoints = () => procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null).map((p) => p.ws);
log(`${procs.length} processes up on one Redis`);

interface Table {
  game: string;
  roomId: string;
  seatToken: string;
  player: Player;
  ackedSeq: number;
  rejoins: number;
  longestRejoinMs: number;
  over: boolean;
  record: unknown;
  problem: string | null;
}

const games = [
  { game: 'fast-track', seats: 4, options: {} },
  { game: 'tac', seats: 2, options: { dealDelayMs: 0 } },
];
const tables: Table[] = [];
for (let i = 0; i < tableCount; i++) {
  const g = games[i % games.length]!;
  const player = await joinAsPlayer(procs[i % procs.length]!.ws, g.game, { seats: g.seats, bots: g.seats - 1, options: g.options, turnSeconds: 0 }, 'create');
  tables.push({ game: g.game, roomId: player.room.roomId, seatToken: player.seatToken, player, ackedSeq: 0, rejoins: 0, longestRejoinMs: 0, over: false, record: null, problem: null });
}
log(`${tables.length} tables playing (${games.map((g) => g.game).join(', ')}; one human client each, bots elsewhere)`);

/** The human: plays the first listed move, and follows its seat (client/rejoin.ts) whenever its process goes away. */
async function drive(t: Table, until: number) {
  let droppedAt = 0;
  const follow = (room: Room) => {
    room.onDrop(() => (droppedAt ||= Date.now()));
    room.onLeave((code) => {
      if (code !== 4000) droppedAt ||= Date.now();
    });
  };
  follow(t.player.room);
  followSeat(t.player.room, endpoints, { roomId: t.roomId, seatToken: t.seatToken }, (room) => {
    void adopt(room).then((p) => {
      t.player = p;
      t.rejoins++;
      t.longestRejoinMs = Math.max(t.longestRejoinMs, Date.now() - droppedAt);
      droppedAt = 0;
      follow(room);
    });
  }, { timeoutMs: 40_000, onError: (err) => (t.problem ??= t.over ? null : `could not rejoin: ${err.message}`) });
  while (!t.over && !t.problem && Date.now() < until) {
    if (state(t.player)?.status === 'over') {
      t.over = true;
      t.record = await t.player.room.request('record').catch(() => null);
      await t.player.room.leave(); // consented: stop following the seat
      return;
    }
    const [move] = droppedAt ? [] : legalMoves(t.player);
    if (move) {
      const reply = (await t.player.room.request('move', move).catch(() => null)) as { seq?: number } | null;
      if (reply?.seq) t.ackedSeq = Math.max(t.ackedSeq, reply.seq);
    }
    await sleep(move ? 40 : 60);
  }
}

const injections: string[] = [];
async function inject(until: number) {
  while (Date.now() < until) {
    await sleep(everySeconds * 1000);
    if (Date.now() >= until) break;
    const alive = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    const kind = pick(random, ['kill', 'stall', 'redis', 'kill']);
    if ((kind === 'kill' || kind === 'stall') && alive.length < 2) continue;
    const victim = pick(random, alive);
    if (kind === 'kill') {
      await victim.stop('SIGKILL');
      log(`SIGKILL process on port ${victim.port}; starting a replacement`);
      injections.push(`${at()} SIGKILL :${victim.port}`);
      procs.push(await spawnServer(env, 'src/server/main.ts'));
    } else if (kind === 'stall') {
      victim.child.kill('SIGSTOP');
      log(`SIGSTOP process on port ${victim.port} for 4 s`);
      injections.push(`${at()} SIGSTOP 4s :${victim.port}`);
      await sleep(4000);
      victim.child.kill('SIGCONT');
    } else {
      await redis.stop();
      log('Redis stopped for 3 s (restarts empty)');
      injections.push(`${at()} Redis restart (3 s down, data lost)`);
      await sleep(3000);
      await redis.restart();
    }
  }
}

const chaosUntil = Date.now() + seconds * 1000;
await Promise.all([inject(chaosUntil), ...tables.map((t) => drive(t, chaosUntil + 120_000))]);

// What survived: every finished game's record must verify and hold every move its client saw acknowledged.
let verified = 0;
for (const t of tables) {
  if (!t.over || t.problem) continue;
  const report = verifyRecord({ record: t.record as Parameters<typeof verifyRecord>[0]["record"] });
  const moves = (t.record as { moves?: unknown[] } | null)?.moves?.length ?? 0;
  if (!report.ok) t.problem = `record does not verify: ${report.problems.join('; ')}`;
  else if (moves < t.ackedSeq) t.problem = `record holds ${moves} moves but ${t.ackedSeq} were acknowledged`;
  else verified++;
}
console.log('\nInjected:');
for (const line of injections) console.log(`  ${line}`);
console.log('\nTables:');
for (const t of tables) {
  console.log(
    `  ${t.game.padEnd(11)} ${t.roomId}  ${t.over ? 'finished' : 'running '}  acked ${String(t.ackedSeq).padStart(4)}  rejoins ${t.rejoins}  longest rejoin ${t.longestRejoinMs} ms  ${t.problem ?? 'ok'}`,
  );
}
const finished = tables.filter((t) => t.over).length;
const problems = tables.filter((t) => t.problem).length;
console.log(`\nSurvived: ${finished}/${tables.length} games finished, ${verified} records verified, ${problems} problems, ${tables.reduce((n, t) => n + t.rejoins, 0)} rejoins after ${injections.length} injections.`);
for (const p of procs) await p.stop('SIGKILL');
await redis.stop();
process.exit(problems ? 1 : 0);
