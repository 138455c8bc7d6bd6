/**
 * What a closed table leaves in memory: one server process opens and closes `--tables` tables of each game in
 * each of `--waves` waves (a player and bots, `--moves` of the player's listed moves, a spectator who comes and
 * goes, then the player leaves), and prints the heap it uses after forced collections at the start and after
 * each wave. Its growth from the first wave on (which also pays for compiling the code and each game's caches),
 * over the tables closed since, is what each closed table keeps for good: near 0 when tables are let go of (some
 * KB a table either way is code V8 still optimizes: a heap snapshot's classes, compared between two later waves,
 * grew by code objects alone). Last, from a heap snapshot, how many of the closed tables' rooms are still in
 * memory, the figure to read first: 0 when they are let go of.
 *
 *   node loadtest/table-churn.ts [--tables 4] [--waves 2] [--moves 3]
 *
 * The server runs as in production, with the inspector open on loopback: the collections and heap readings are
 * its (HeapProfiler.collectGarbage, Runtime.getHeapUsage), no hook in the server. A wave is read once its tables
 * have closed: each waits RECONNECT_SECONDS (1 here) for its player who left.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { joinAsPlayer, joinAsSpectator, state } from '../test/helpers/clients.ts';
import { freePort, waitFor } from '../test/helpers/ports.ts';
import { playSome, SMALL_TABLES as TABLES } from '../test/helpers/play.ts';
import { intOption } from './int-option.ts';
import { measuredCode } from './measure.ts';
import { startServers } from './servers.ts';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '4' },
    waves: { type: 'string', default: '2' },
    moves: { type: 'string', default: '3' },
  },
});
const perGame = intOption(args, 'tables', 1, 50);
const waves = intOption(args, 'waves', 1, 20);
const moves = intOption(args, 'moves', 0, 50);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server process's inspector: forced collections and the heap in use after them. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const answers = new Map<number, (result: unknown) => void>();
  let snapshot: string[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; method?: string; params?: { chunk: string } };
    if (message.id !== undefined) answers.get(message.id)?.(message.result);
    else if (message.method === 'HeapProfiler.addHeapSnapshotChunk') snapshot.push(message.params!.chunk);
  });
  const call = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      answers.set(++id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** Bytes of heap in use after a few collections a moment apart (weak references are let go of between turns). */
    async heapAfterCollection() {
      for (let i = 0; i < 4; i++) {
        await call('HeapProfiler.collectGarbage');
        await sleep(100);
      }
      await call('HeapProfiler.collectGarbage');
      return (await call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
    },
    /** How many objects of the named class the heap holds (from a heap snapshot: a second or two). */
    async count(className: string) {
      snapshot = [];
      await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      const { snapshot: meta, nodes, strings } = JSON.parse(snapshot.join('')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
      snapshot = [];
      const [width, type, name] = [meta.meta.node_fields.length, meta.meta.node_fields.indexOf('type'), meta.meta.node_fields.indexOf('name')];
      const object = meta.meta.node_types[0].indexOf('object');
      let n = 0;
      for (let i = 0; i < nodes.length; i += width) if (nodes[i + type] === object && strings[nodes[i + name]!] === className) n++;
      return n;
    },
    close: () => socket.close(),
  };
}

/** One table's life: the player and bots, some moves, a spectator, the player gone. */
async function churn(endpoint: string, { game, seats, options }: (typeof TABLES)[number]) {
  const player = await joinAsPlayer(endpoint, game, { seats, bots: seats - 1, options }, 'create');
  await waitFor(() => state(player).status === 'playing', 10_000, `${game} started`);
  await playSome(player, moves, 5000);
  const spectator = await joinAsSpectator(endpoint, player.room.roomId);
  await sleep(50);
  await spectator.leave();
  await player.room.leave();
}

async function openRooms(http: string) {
  const text = await (await fetch(`${http}/metrics`)).text();
  return [...text.matchAll(/^parlor_rooms\{[^}]*\} (\S+)$/gm)].reduce((sum, [, n]) => sum + Number(n), 0);
}

const inspectPort = await freePort();
const servers = await startServers(1, { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}`, RECONNECT_SECONDS: '1' }, false);
const [endpoint, http] = [servers.ws[0]!, servers.http[0]!];
const heap = await inspector(inspectPort);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(2);
try {
  console.log(`table churn at ${measuredCode().label}: ${perGame} tables of each of ${TABLES.length} games a wave, ${waves} waves, ${moves} moves each (load ${loadavg()[0]!.toFixed(2)})`);
  const start = await heap.heapAfterCollection();
  console.log(`start   heap used ${mib(start)} MiB`);
  const after: number[] = [];
  for (let wave = 1; wave <= waves; wave++) {
    const began = Date.now();
    await Promise.all(TABLES.flatMap((table) => Array.from({ length: perGame }, () => churn(endpoint, table))));
    const lastJoin = Date.now(); // (every join is before its table's player left)
    await waitFor(async () => (await openRooms(http)) === 0, 10_000, 'the tables closed');
    after.push(await heap.heapAfterCollection());
    const grew = after.at(-1)! - (after.at(-2) ?? start);
    console.log(`wave ${wave}  heap used ${mib(after.at(-1)!)} MiB (${grew >= 0 ? '+' : ''}${mib(grew)}; ${perGame * TABLES.length} tables in ${((lastJoin - began) / 1000).toFixed(1)} s)`);
  }
  const closed = perGame * TABLES.length;
  // Last: a snapshot's own allocations would be in the next reading.
  const held = await heap.count('EngineRoom'); // (the room class of every game, rooms/engine-room.ts)
  console.log(`closed tables still in memory: ${held} of ${closed * waves}`);
  if (waves > 1) {
    const kept = (after.at(-1)! - after[0]!) / (closed * (waves - 1));
    console.log(`kept per closed table after the first wave: ${Math.round(kept)} bytes (${closed * (waves - 1)} tables; load ${loadavg()[0]!.toFixed(2)})`);
  } else console.log(`kept per closed table, first wave included: ${Math.round((after[0]! - start) / closed)} bytes`);
} finally {
  heap.close();
  await servers.stop();
}
process.exit(0);
