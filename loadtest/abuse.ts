/**
 * What one hostile client can take from a server process, measured: memory under oversize matchmaking
 * bodies and under reservations stuffed with unknown option keys, how many private tables one address
 * opens, and how many requests a client that is cut off and reconnects gets answered per second. Also
 * counts the server's error lines (and stack traces) while a client sends truncated frames.
 *
 *   node loadtest/abuse.ts [--entry src/server/main.ts] [--seconds 10] [--body-mb 100]
 *
 * `--entry` may point at another checkout's main.ts, to measure an older build the same way. The server
 * runs with RATE_LIMIT_EXEMPT='' so that its per-address limits apply to loopback. All traffic stays on
 * 127.0.0.1 and every loop is bounded by count and time.
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { Client, type SeatReservation } from '@colyseus/sdk';
import { WebSocket } from 'ws';
import { spawnServer, type ServerProcess } from '../test/helpers/process.ts';
import { sleep } from '../test/helpers/ports.ts';
import { intOption } from './int-option.ts';

const { values: args } = parseArgs({
  options: {
    entry: { type: 'string', default: 'src/server/main.ts' },
    seconds: { type: 'string', default: '10' },
    'body-mb': { type: 'string', default: '100' },
  },
});
const seconds = intOption(args, 'seconds', 1, 3600);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const tally = (xs: string[]) =>
  Object.entries(xs.reduce<Record<string, number>>((acc, x) => ((acc[x] = (acc[x] ?? 0) + 1), acc), {}))
    .map(([k, n]) => `${n}× ${k}`)
    .join(', ');

const bodyMb = intOption(args, 'body-mb', 1, 4096);

// The SDK throws from its socket handlers when a refused connection closes: counted as refusals here.
process.on('unhandledRejection', () => undefined);
process.on('uncaughtException', () => undefined);

const server = await spawnServer({ RATE_LIMIT_EXEMPT: '', LOG_LEVEL: 'info', NODE_ENV: 'production' }, args.entry);
try {
  const rssStart = await rss(server);
  console.log(`server ${args.entry}: RSS at start ${mb(rssStart)}`);
  await bigBodies(server);
  // Tables for the later probes first: the open-table cap counts them too.
  const floodTable = await openTable(server, { seats: 2, bots: 1 });
  const framesTable = await openTable(server, { seats: 2, bots: 1 });
  const privates = await privateTables(server);
  await stuffedReservations(server, privates);
  await reconnectingFlood(server, floodTable);
  await truncatedFrames(server, framesTable).catch((e) => console.log(`truncated frames: probe failed: ${(e as Error).message}`));
} finally {
  await server.stop('SIGKILL');
}

/** Six concurrent matchmaking requests with a body of `--body-mb` MB each. */
async function bigBodies(s: ServerProcess) {
  const before = await rss(s);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: 6 }, () =>
      new Promise<string>((resolve) => {
        const req = request(`${s.http}/matchmake/create/ready-set-bet`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(bodyMb * chunk.length + 2) } }, (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.statusCode)));
        });
        req.on('error', (e) => resolve(`closed (${(e as NodeJS.ErrnoException).code ?? e.message})`));
        req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
        void (async () => {
          req.write('{"');
          for (let i = 0; i < bodyMb && !req.destroyed; i++) {
            if (!req.write(chunk)) await Promise.race([new Promise((r) => req.once('drain', r)), sleep(2000)]);
          }
          req.end();
        })();
      }),
    ),
  );
  const peak = await rss(s);
  console.log(`6 × ${bodyMb} MB matchmaking bodies: answers ${tally(statuses)} in ${Date.now() - started} ms; RSS ${mb(before)} → ${mb(peak)}`);
}

/** 300 spectator reservations spread over the private tables, each carrying ~900 KB of unknown option keys. */
async function stuffedReservations(s: ServerProcess, roomIds: string[]) {
  if (!roomIds.length) return console.log('stuffed reservations: no table to join');
  const before = await rss(s);
  const junk: Record<string, string> = {};
  for (let i = 0; i < 900; i++) junk[`k${i}`] = 'x'.repeat(1000);
  const statuses: string[] = [];
  const until = Date.now() + 30_000;
  for (let i = 0; i < 300 && Date.now() < until; i += 10) {
    const roomId = roomIds[Math.floor(i / 30) % roomIds.length]!;
    const batch = await Promise.all(Array.from({ length: 10 }, () => post(s, `/matchmake/joinById/${roomId}`, { spectator: true, ...junk })));
    statuses.push(...batch.map((b) => String(b.status)));
  }
  const after = await rss(s);
  console.log(`300 reservations × 900 KB of unknown keys: answers ${tally(statuses)}; RSS ${mb(before)} → ${mb(after)} (+${mb(after - before)})`);
}

/** One address (already holding two tables) opens 8-seat private tables until refused (at most 200). */
async function privateTables(s: ServerProcess): Promise<string[]> {
  let opened = 0;
  let last = '';
  const ids: string[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await post(s, '/matchmake/create/ready-set-bet', { seats: 8, private: true });
    if (r.status !== 200) {
      last = `${r.status} ${JSON.stringify(r.body).slice(0, 100)}`;
      if (r.status === 429 && /rate-limited/.test(last)) {
        await sleep(250); // the reservation rate, not the table cap: wait and go on
        continue;
      }
      break;
    }
    opened++;
    ids.push((r.body as SeatReservation).roomId);
  }
  console.log(`private tables opened by one address: ${opened} of 200 asked, besides its 2 public ones${last ? ` (then ${last})` : ''}`);
  return ids.slice(0, 10);
}

/** Opens a table and sits its creator down (an empty table closes once the creator's reservation expires). */
async function openTable(s: ServerProcess, options: object): Promise<string> {
  const r = await post(s, '/matchmake/create/ready-set-bet', options);
  const roomId = (r.body as SeatReservation).roomId;
  if (!roomId) throw new Error(`could not open a table: ${r.status} ${JSON.stringify(r.body)}`);
  const player = await new Client(s.ws).consumeSeatReservation(r.body as SeatReservation);
  player.onMessage('*', () => undefined);
  return roomId;
}

/**
 * Four workers from one address: each takes a spectator seat, sends pipelined requests as fast as it
 * can, and when cut off takes a new seat and goes on. Counts answered requests and reconnects.
 */
async function reconnectingFlood(s: ServerProcess, roomId: string) {
  await sleep(2500); // the previous probes' reservation budget refills
  let answered = 0;
  let reconnects = 0;
  let refused = 0;
  const closeCodes: Record<string, number> = {};
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        try {
          const res = await post(s, `/api/rooms/${roomId}/seat`, { spectator: true });
          if (res.status !== 200) {
            refused++;
            await sleep(20);
            continue;
          }
          const room = await withTimeout(new Client(s.ws).consumeSeatReservation(res.body as SeatReservation), 3000);
          reconnects++;
          room.onMessage('*', () => undefined);
          let open = true;
          room.onLeave((code) => {
            open = false;
            closeCodes[code] = (closeCodes[code] ?? 0) + 1;
          });
          const inFlight = new Set<Promise<unknown>>();
          while (open && room.connection.isOpen && Date.now() < until) {
            while (inFlight.size < 32 && open) {
              const p = room.request('move', { type: 'flood' }).then(
                () => answered++,
                (e: { reason?: unknown }) => (e?.reason ? answered++ : undefined), // a rejection the server sent
              );
              const tracked = p.finally(() => inFlight.delete(tracked));
              inFlight.add(tracked);
            }
            await Promise.race([...inFlight, sleep(50)]);
            await new Promise((r) => setImmediate(r)); // let socket events (the close) through
          }
          if (open) await room.leave().catch(() => undefined);
        } catch {
          refused++;
          await sleep(20);
        }
      }
    }),
  );
  console.log(
    `reconnecting flooder (4 workers, ${seconds} s): ${Math.round(answered / seconds)} answered requests/s, ${reconnects} reconnects, ${refused} refused seats/connections; close codes ${JSON.stringify(closeCodes)}`,
  );
}

/** One spectator sends truncated frames for a few seconds; counts the server's log lines meanwhile. */
async function truncatedFrames(s: ServerProcess, roomId: string) {
  await sleep(3000); // budgets refill after the flood
  let seat = await post(s, `/api/rooms/${roomId}/seat`, { spectator: true });
  for (let i = 0; i < 20 && seat.status !== 200; i++) {
    await sleep(500);
    seat = await post(s, `/api/rooms/${roomId}/seat`, { spectator: true });
  }
  const logStart = s.output().length;
  const room = await withTimeout(new Client(s.ws).consumeSeatReservation(seat.body as SeatReservation), 3000);
  room.onMessage('*', () => undefined);
  const raw = (room.connection.transport as unknown as { ws: WebSocket }).ws;
  const frame = Buffer.from([21, 1, 0xa4, 0x6d, 0x6f, 0x76, 0x65, 0x83]); // ROOM_REQUEST #1 "move", then a map that never comes
  const until = Date.now() + 4000;
  let sent = 0;
  while (Date.now() < until && raw.readyState === WebSocket.OPEN) {
    raw.send(frame);
    sent++;
    await sleep(40);
  }
  await sleep(300);
  const lines = s.output().slice(logStart).split('\n').filter((l) => l.startsWith('{'));
  const errors = lines.filter((l) => /"level":50/.test(l));
  const stacks = lines.filter((l) => /\\n\s+at /.test(l));
  console.log(`truncated frames (${sent} sent over ${((4000 - Math.max(0, until - Date.now())) / 1000).toFixed(1)} s): ${lines.length} log lines, ${errors.length} at error level, ${stacks.length} with stack traces`);
  await room.leave().catch(() => undefined);

  // 40 sockets without a reservation, each sending one frame over MAX_PAYLOAD_BYTES.
  const from = s.output().length;
  const outcomes = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${s.ws}/${s.processId}/nosuchroom${i}?sessionId=x${i}`);
        const timer = setTimeout(() => (ws.terminate(), resolve('timeout')), 5000);
        ws.on('open', () => ws.send(Buffer.alloc(64 * 1024)));
        ws.on('unexpected-response', (_req, res) => (clearTimeout(timer), resolve(String(res.statusCode))));
        ws.on('close', (code) => (clearTimeout(timer), resolve(`closed ${code}`)));
        ws.on('error', () => undefined);
      }),
    ),
  );
  await sleep(300);
  const after = s.output().slice(from).split('\n').filter((l) => l.startsWith('{'));
  console.log(
    `40 reservation-less sockets with oversize frames: ${tally(outcomes)}; ${after.length} log lines, ${after.filter((l) => /"level":50/.test(l)).length} at error level, ${after.filter((l) => /\\n\s+at /.test(l)).length} with stack traces`,
  );
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<never>((_, no) => setTimeout(() => no(new Error('timeout')), ms))]);
}

async function post(s: ServerProcess, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(`${s.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  } catch (e) {
    return { status: 0, body: (e as Error).message };
  }
}

async function rss(s: ServerProcess): Promise<number> {
  const text = await (await fetch(`${s.http}/metrics`)).text();
  return Number(/^parlor_process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? 0);
}
