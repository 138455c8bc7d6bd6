/**
 * Packing under a burst: N players ask at the same moment for a table of the fixture game, alternating
 * between two server processes on a private Redis. Prints, per run, the tables opened, how full they are,
 * what the matchmaking listing holds afterwards, and join latency percentiles. Compares the table queue
 * with plain joinOrCreate.
 *
 *   node loadtest/packing.ts [players=200] [seats=4] [runs=3] [modes=queue,joinOrCreate]
 */
import { readFileSync } from 'node:fs';
import { Client, type Room } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { joinQueue } from '../client/queue.ts';
import { tableConfig } from '../rooms/join-options.ts';
import { highCard } from '../test/fixture/high-card.ts';
import { spawnServer, type ServerProcess } from '../test/helpers/process.ts';
import { startRedis } from '../test/helpers/redis.ts';
import { sleep, waitFor } from '../test/helpers/ports.ts';

const [players = 200, seats = 4, runs = 3] = process.argv.slice(2, 5).map(Number);
const modes = (process.argv[5] ?? 'queue,joinOrCreate').split(',') as ('queue' | 'joinOrCreate')[];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function burst(servers: ServerProcess[], redis: Redis, mode: 'queue' | 'joinOrCreate', run: number) {
  // A table configuration of its own per run (turn clock), so runs never share tables.
  const options = { seats, options: { handSize: 1 }, turnSeconds: 1000 + run * 10 + modes.indexOf(mode) };
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: players }, async (_, i) => {
      const client = new Client(servers[i % servers.length]!.ws);
      const t0 = performance.now();
      try {
        const join = mode === 'queue' ? joinQueue(client, 'high-card', options) : client.joinOrCreate('high-card', options);
        const room: Room = await Promise.race([join, sleep(60_000).then(() => Promise.reject(new Error('no answer in 60 s')))]);
        room.onMessage('*', () => undefined); // the table's messages are not under test here
        return { room, ms: performance.now() - t0 };
      } catch (err) {
        return { error: String(err), ms: performance.now() - t0 };
      }
    }),
  );
  const joinedAll = performance.now() - started;
  const rooms = results.filter((r) => 'room' in r).map((r) => (r as { room: Room }).room);
  const failed = results.length - rooms.length;
  const sizes = new Map<string, number>();
  for (const r of rooms) sizes.set(r.roomId, (sizes.get(r.roomId) ?? 0) + 1);
  const full = [...sizes.values()].filter((n) => n === seats).length;
  const expected = Math.ceil(players / seats);
  let playing = 0;
  try {
    await waitFor(() => {
      playing = rooms.filter((r) => (r.state as { status?: string }).status === 'playing').length;
      return playing === Math.floor(players / seats) * seats;
    }, 10_000);
  } catch {
    /* reported below */
  }
  const key = (tableConfig(highCard, options) as { key: string }).key;
  const listed = Object.values(await redis.hgetall('roomcaches')).filter((r) => (JSON.parse(r) as { metadata?: { table?: string } }).metadata?.table === key).length;
  const lat = results.map((r) => r.ms).sort((x, y) => x - y);
  const byProcess = new Map<string, number>();
  for (const r of Object.values(await redis.hgetall('roomcaches')).map((x) => JSON.parse(x) as { processId: string; metadata?: { table?: string } })) {
    if (r.metadata?.table === key) byProcess.set(r.processId, (byProcess.get(r.processId) ?? 0) + 1);
  }
  console.log(
    `${mode.padEnd(12)} run ${run}: ${sizes.size} tables (${full} full, ideal ${expected}), listed ${listed}, per process [${[...byProcess.values()].join(', ')}], ` +
      `${playing}/${players} playing, ${failed} failed | all joined in ${ms(joinedAll)}; join p50 ${ms(pct(lat, 50))} p95 ${ms(pct(lat, 95))} p99 ${ms(pct(lat, 99))} max ${ms(lat.at(-1)!)}`,
  );
  const errors = new Map<string, number>();
  for (const r of results) if ('error' in r) errors.set(r.error!, (errors.get(r.error!) ?? 0) + 1);
  for (const [e, n] of errors) console.log(`  ${n} × ${e}`);
  await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));
  await sleep(500);
}

const redis = await startRedis();
const servers: ServerProcess[] = [];
const probe = new Redis(redis.url);
try {
  for (let i = 0; i < 2; i++) servers.push(await spawnServer({ REDIS_URL: redis.url }));
  console.log(`${players} players, ${seats}-seat tables, 2 processes, private Redis; ${runs} runs per mode`);
  for (let run = 1; run <= runs; run++) for (const mode of modes) await burst(servers, probe, mode, run);
  const rss = servers.map((s) => {
    try {
      return `${Math.round(Number(/VmRSS:\s+(\d+)/.exec(readStatus(s.child.pid!))?.[1] ?? 0) / 1024)} MB`;
    } catch {
      return '?';
    }
  });
  console.log(`server RSS after the runs: ${rss.join(', ')}`);
  const logs = servers.map((s) => s.output()).join('');
  const count = (text: string) => logs.split(text).length - 1;
  console.log(`queue log: ${count('taking over its creation')} creation takeovers, ${count('queueing again')} re-queued tickets, ${count('room creation failed')} failed creations`);
} finally {
  probe.disconnect();
  await Promise.all(servers.map((s) => s.stop()));
  await redis.stop();
}

function readStatus(pid: number): string {
  return readFileSync(`/proc/${pid}/status`, 'utf8');
}
