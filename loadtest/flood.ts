/**
 * Does a flooding client hurt everyone else? Players at several tables play as fast as humans might
 * (a move every THINK ms, always the first one listed) against one server process with the default
 * rate limit; their move round-trip is measured unloaded, then while flooders join every table as
 * spectators and send as fast as they can, get cut off, and come straight back, then unloaded again.
 * The flooders run in their own process at the lowest CPU priority: a real attacker's CPU is elsewhere,
 * and what matters is the work the flood causes on the server (its CPU is printed per phase).
 *
 *   node loadtest/flood.ts [--game tac] [--tables 8] [--seconds 20] [--think 100] [--flooders 8]
 * Prints p50/p90/p99 of the others' move latency before, during and after the flood, and the flood cut off.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { spawnServer } from '../test/helpers/process.ts';
import { adopt, legalMoves, state, type Player } from '../test/helpers/clients.ts';
import { sleep, waitFor } from '../test/helpers/ports.ts';
import { intOption } from './int-option.ts';

const { values: args } = parseArgs({
  options: {
    game: { type: 'string', default: 'tac' },
    tables: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '20' },
    think: { type: 'string', default: '100' },
    flooders: { type: 'string', default: '8' },
    // internal: run as the flooding process against this endpoint and these rooms
    flood: { type: 'string' },
    rooms: { type: 'string' },
  },
});

if (args.flood) await flood(args.flood, args.rooms!.split(','), intOption(args, 'flooders', 1, 1000));
else await measure();

/** Flooder process: per worker, join a table as spectator, send until cut off, repeat; reports counts on exit. */
async function flood(ws: string, roomIds: string[], workers: number) {
  let sent = 0;
  let cutOff = 0;
  let stop = false;
  process.on('message', () => (stop = true));
  process.send!('ready'); // loaded: the parent starts the clock now
  const http = ws.replace(/^ws/, 'http');
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (!stop) {
        const roomId = roomIds[w % roomIds.length]!;
        try {
          const res = await fetch(`${http}/api/rooms/${roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"spectator":true}' });
          const room = await new Client(ws).consumeSeatReservation((await res.json()) as SeatReservation);
          room.onMessage('*', () => undefined);
          let closed = false;
          room.onLeave(() => (closed = true));
          while (!closed && !stop) {
            for (let i = 0; i < 50 && room.connection.isOpen; i++, sent++) room.send('move', { type: 'bet', space: 'x'.repeat(64) });
            await sleep(1);
          }
          if (closed) cutOff++;
          else await room.leave();
        } catch {
          await sleep(50); // the table may be between games
        }
      }
    }),
  );
  process.send!({ sent, cutOff }, () => process.exit(0));
}

interface Table {
  players: Player[];
}

async function measure() {
  const game = args.game!;
  const tableCount = intOption(args, 'tables', 1, 1000);
  const seconds = intOption(args, 'seconds', 1, 3600);
  const think = intOption(args, 'think', 0, 60_000);
  const server = await spawnServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }, 'src/server/main.ts');
  const seats = 4;
  const options = game === 'tac' ? { dealDelayMs: 0 } : game === 'tractor' ? { dealDelayMs: 0, declareWindowMs: 0, handEndDelayMs: 0 } : {};

  const newTable = async (): Promise<Table> => {
    const first = await adopt(await new Client(server.ws).create(game, { seats, options }));
    const others = await Promise.all(Array.from({ length: seats - 1 }, async () => adopt(await new Client(server.ws).joinById(first.room.roomId, {}))));
    await waitFor(() => state(first).status === 'playing', 5000, 'table started');
    return { players: [first, ...others] };
  };
  const tables = await Promise.all(Array.from({ length: tableCount }, newTable));

  // Unloaded before and after the flood: the difference between the two is this machine's own noise.
  let phase: 'warmup' | 'unloaded' | 'flood' | 'after' | 'done' = 'warmup';
  const latencies: Record<'unloaded' | 'flood' | 'after', number[]> = { unloaded: [], flood: [], after: [] };
  let refused = 0;
  let gamesFinished = 0;

  // Each player: think, play the first listed move, record the round-trip. A finished table is replaced.
  const play = async (index: number) => {
    while (phase !== 'done') {
      const t = tables[index]!;
      if (state(t.players[0]!).status === 'over') {
        gamesFinished++;
        await Promise.all(t.players.map((p) => p.room.leave()));
        tables[index] = await newTable();
        continue;
      }
      await Promise.all(
        t.players.map(async (p) => {
          const [move] = legalMoves(p);
          if (!move) return;
          const started = performance.now();
          const ok = await p.room.request('move', move).then(
            () => true,
            () => false,
          );
          if (!ok) refused++;
          else if (phase !== 'warmup' && phase !== 'done') latencies[phase].push(performance.now() - started);
        }),
      );
      await sleep(think);
    }
  };
  const players = tables.map((_, i) => play(i));

  const cpuSeconds = async () => Number(/^parlor_process_cpu_seconds_total (\S+)/m.exec(await (await fetch(`${server.http}/metrics`)).text())?.[1]);
  const serverCpu: Record<string, number> = {};
  const timed = async (name: string) => {
    const [cpu, at] = [await cpuSeconds(), performance.now()];
    await sleep(seconds * 1000);
    serverCpu[name] = ((await cpuSeconds()) - cpu) / ((performance.now() - at) / 1000);
  };

  await sleep(2000);
  phase = 'unloaded';
  await timed('unloaded');

  const floodArgs = ['--flood', server.ws, '--rooms', tables.map((t) => t.players[0]!.room.roomId).join(','), '--flooders', args.flooders!];
  const flooder = spawn('nice', ['-n', '19', process.execPath, new URL(import.meta.url).pathname, ...floodArgs], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const floodReport = new Promise<{ sent: number; cutOff: number }>((resolve) => flooder.on('message', (m) => m !== 'ready' && resolve(m as { sent: number; cutOff: number })));
  await new Promise((resolve) => flooder.once('message', resolve));
  phase = 'flood';
  await timed('flood');
  flooder.send('stop');
  const { sent, cutOff } = await floodReport;
  phase = 'after';
  await timed('after');
  phase = 'done';
  await Promise.all(players);
  const alive = server.child.exitCode === null;
  await server.stop('SIGKILL');

  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
  };
  const row = (name: 'unloaded' | 'flood' | 'after') => {
    const xs = latencies[name];
    const cpu = `server CPU ${(serverCpu[name]! * 100).toFixed(0)}% of a core`;
    return `${name.padEnd(9)} ${String(xs.length).padStart(6)} moves  p50 ${pct(xs, 50).toFixed(2).padStart(7)} ms  p90 ${pct(xs, 90).toFixed(2).padStart(7)} ms  p99 ${pct(xs, 99).toFixed(2).padStart(7)} ms  ${cpu}`;
  };
  console.log(`${game}: ${tableCount} tables × ${seats} players, a move every ${think} ms each, ${seconds} s per phase, ${args.flooders} flooders`);
  console.log(row('unloaded'));
  console.log(row('flood'));
  console.log(row('after'));
  const change = (xs: number[], p: number) => `${((pct(xs, p) / pct(latencies.unloaded, p) - 1) * 100).toFixed(1)}%`;
  for (const p of [50, 90, 99]) console.log(`p${p} vs unloaded: flood ${change(latencies.flood, p)}, after ${change(latencies.after, p)}`);
  console.log(`flood: ${sent} messages sent, ${cutOff} connections cut off; stale moves refused: ${refused}; games finished: ${gamesFinished}; server alive: ${alive}`);
  process.exit(0);
}
