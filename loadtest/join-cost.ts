/**
 * What a join costs the server, Parlor against the floor: T Ready Set Bet tables of B clients join
 * (one client creates the table, the others join it by id, `--join-concurrency` tables at a time, as
 * the bet race joins) and nothing races (the first roll is a minute away). The server's CPU time over
 * the joins, less what the tables already joined cost meanwhile (pings, patch ticks: the mean of the
 * idle rates measured right before and right after), divided by the clients, is a join's cost. `--warm` tables join first,
 * unmeasured, so the figure is a warm server's (the first tables of a fresh process also pay for
 * compiling the code they run).
 *
 *   node loadtest/join-cost.ts [--tables 100] [--bettors 8] [--warm 50] [--join-concurrency 4] [--server both|parlor|floor] [--cpu-prof DIR]
 *
 * For Parlor a join is the matchmaking request over HTTP, the WebSocket upgrade, the seat, the schema
 * handshake and the full state, and for the table's last player the game's first projection; for the
 * floor, a WebSocket handshake and a message. Compare the two within one run.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { measuredCode } from './measure.ts';
import { sampleMetrics, startServers } from './servers.ts';
import { floorTransport, parlorTransport, type BotConnection, type Transport } from './transports.ts';
import { intOption } from './int-option.ts';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '100' },
    bettors: { type: 'string', default: '8' },
    warm: { type: 'string', default: '50' },
    'join-concurrency': { type: 'string', default: '4' },
    server: { type: 'string', default: 'both' },
    'cpu-prof': { type: 'string', default: '' },
  },
});
const tables = intOption(args, 'tables', 1, 2000);
const bettors = intOption(args, 'bettors', 2, 8);
const warm = intOption(args, 'warm', 0, 2000);
const concurrency = intOption(args, 'join-concurrency', 1, 2000);
if (!['both', 'parlor', 'floor'].includes(args.server!)) throw new Error('--server is both, parlor or floor');

/** No roll for a minute (the longest start delay a table takes): the tables only sit there. */
const OPTIONS = { rollIntervalMs: 250, startDelayMs: 60_000, resultsPauseMs: 300, vip: false };
const IDLE_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measure(transport: Transport) {
  const servers = await startServers(1, {}, false, { entry: transport.name === 'floor' ? 'loadtest/floor-server.ts' : 'src/server/main.ts', cpuProfileDir: args['cpu-prof'] ?? '' });
  const endpoint = servers.ws[0]!;
  const connections: BotConnection[] = [];
  const quiet = (c: BotConnection) => {
    c.onSeat(() => undefined); // the SDK warns about messages nobody listens to
    connections.push(c);
  };
  const join = async (count: number) => {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        const first = await transport.create(endpoint, bettors, OPTIONS);
        quiet(first);
        await Promise.all(Array.from({ length: bettors - 1 }, async () => quiet(await transport.join(endpoint, first.roomId))));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
  const sampler = sampleMetrics(servers.http, 500);
  const idleRate = async () => {
    await sleep(1000); // the last joins' samples are in
    const cpu = sampler.cpuSeconds()[0]!;
    await sleep(IDLE_MS);
    return (sampler.cpuSeconds()[0]! - cpu) / (IDLE_MS / 1000);
  };
  try {
    await join(warm);
    const idleBefore = await idleRate(); // CPU s per s with the warm-up tables joined
    const loadBefore = loadavg()[0]!;
    const cpu = sampler.cpuSeconds()[0]!;
    const started = performance.now();
    await join(tables);
    await sleep(1000); // a sample after the last join
    const joinCpu = sampler.cpuSeconds()[0]! - cpu;
    const windowS = (performance.now() - started) / 1000;
    const idleAfter = await idleRate(); // with every table joined
    // Meanwhile the tables already there cost their idle rate, which grew from the one to the other as they joined.
    const perClient = ((joinCpu - ((idleBefore + idleAfter) / 2) * windowS) * 1000) / (tables * bettors);
    console.log(
      `${transport.name.padEnd(6)} ${tables} tables × ${bettors} joined in ${(windowS - 1).toFixed(2)} s (load ${loadBefore.toFixed(2)}): ` +
        `server CPU ${joinCpu.toFixed(2)} s, idle ${(idleBefore * 100).toFixed(1)} → ${(idleAfter * 100).toFixed(1)}% of a core → ${perClient.toFixed(3)} ms per joining client`,
    );
    return perClient;
  } finally {
    sampler.stop();
    await Promise.all(connections.map((c) => c.leave().catch(() => undefined)));
    await servers.stop();
  }
}

console.log(`join cost at ${measuredCode().label}: ${warm} tables to warm up, then ${tables} × ${bettors} measured, ${concurrency} tables joining at once`);
const parlor = args.server === 'floor' ? null : await measure(parlorTransport);
const floor = args.server === 'parlor' ? null : await measure(floorTransport);
if (parlor !== null && floor !== null) console.log(`ratio  Parlor / floor per joining client: ${(parlor / floor).toFixed(2)}`);
process.exit(0);
