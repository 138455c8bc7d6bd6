/**
 * What a message costs to write, alone: a server process sends a bet race's traffic shape (each 2 ms, a
 * fifth of its clients get a 300-byte patch and a 60-byte `events` message) to C WebSocket clients in
 * this process, three ways, alternating, in one run:
 *
 *   ws       `ws`' own send: two socket writes per message (header, payload)
 *   corked   the socket corked for the event-loop turn, one `writev` of every part at its end (the
 *            previous src/server/coalesce-writes.ts, kept here as the reference)
 *   framed   src/server/coalesce-writes.ts: the turn's frames built into one buffer, one write
 *
 * Prints the server's CPU per message sent (user and system), from `process.cpuUsage` of the server
 * process over the sending window.
 *
 *   npm run bench:writes -- [--clients 400] [--seconds 5] [--rounds 3]
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { WebSocket, WebSocketServer } from 'ws';
import { coalesceWrites } from '../src/server/coalesce-writes.ts';
import { measuredCode } from './measure.ts';
import { median } from './report.ts';
import { intOption } from './int-option.ts';

const VARIANTS = ['ws', 'corked', 'framed'] as const;
type Variant = (typeof VARIANTS)[number];

/** The previous coalescing: cork a socket at its first send of a turn, uncork them all in setImmediate. */
function corkWrites(wss: WebSocketServer) {
  const corked = new Set<Socket>();
  wss.on('connection', (ws: WebSocket) => {
    const socket = (ws as unknown as { _socket: Socket })._socket;
    const send = ws.send.bind(ws) as (...args: unknown[]) => void;
    ws.send = ((...args: unknown[]) => {
      if (!corked.has(socket)) {
        if (corked.size === 0) setImmediate(() => {
          for (const s of corked) s.uncork();
          corked.clear();
        });
        socket.cork();
        corked.add(socket);
      }
      send(...args);
    }) as WebSocket['send'];
  });
}

async function serve(variant: Variant, seconds: number) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  if (variant === 'corked') corkWrites(wss);
  if (variant === 'framed') coalesceWrites(wss);
  await once(wss, 'listening');
  const clients: WebSocket[] = [];
  wss.on('connection', (ws: WebSocket) => clients.push(ws));
  const patch = new Uint8Array(300).fill(7);
  const events = new Uint8Array(60).fill(9);
  const options = { binary: true };
  process.on('message', () => {
    let tick = 0;
    let sent = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const timer = setInterval(() => {
      for (let i = tick % 5; i < clients.length; i += 5) {
        clients[i]!.send(patch, options);
        clients[i]!.send(events, options);
        sent += 2;
      }
      tick++;
      if (performance.now() - started >= seconds * 1000) {
        clearInterval(timer);
        const used = process.cpuUsage(cpu);
        process.send!({ sent, user: used.user / sent, system: used.system / sent });
      }
    }, 2);
  });
  process.send!({ port: (wss.address() as { port: number }).port });
}

async function measure(variant: Variant, clientCount: number, seconds: number) {
  const child = fork(new URL(import.meta.url).pathname, ['--serve', variant, '--seconds', String(seconds)]);
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  const sockets = Array.from({ length: clientCount }, () => new WebSocket(`ws://127.0.0.1:${port}`));
  let received = 0;
  for (const s of sockets) s.on('message', () => received++);
  await Promise.all(sockets.map((s) => once(s, 'open')));
  await new Promise((resolve) => setTimeout(resolve, 300));
  child.send('go');
  const [result] = (await once(child, 'message')) as [{ sent: number; user: number; system: number }];
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const s of sockets) s.terminate();
  child.kill();
  if (received < result.sent * 0.99) throw new Error(`${variant}: ${received} of ${result.sent} messages arrived`);
  return result;
}

const { values: args } = parseArgs({
  options: {
    serve: { type: 'string' },
    clients: { type: 'string', default: '400' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
  },
});
const seconds = intOption(args, 'seconds', 1, 600);
if (args.serve) await serve(args.serve as Variant, seconds);
else {
  const rounds = intOption(args, 'rounds', 1, 20);
  const clients = intOption(args, 'clients', 1, 10_000);
  console.log(`write cost at ${measuredCode().label}: ${clients} clients, ${seconds} s per run, ${rounds} rounds, load ${loadavg()[0]!.toFixed(2)}, ${cpus().length} CPUs`);
  const all = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
  for (let round = 0; round < rounds; round++) {
    for (const variant of VARIANTS) {
      const r = await measure(variant, clients, seconds);
      all.get(variant)!.push(r.user + r.system);
      console.log(`${variant.padEnd(7)} ${r.sent} messages  ${(r.user + r.system).toFixed(2)} µs each (user ${r.user.toFixed(2)}, system ${r.system.toFixed(2)})`);
    }
  }
  console.log(`median µs per message: ${VARIANTS.map((v) => `${v} ${median(all.get(v)!).toFixed(2)}`).join(', ')}`);
}
