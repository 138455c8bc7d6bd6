/** The spread heartbeat: every client pinged once per interval, a few at a time, and a silent one cut off. */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { spreadPings } from './heartbeat.ts';

const INTERVAL_MS = 500;
let wss: WebSocketServer | null = null;
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  await new Promise<void>((resolve) => (wss ? wss.close(() => resolve()) : resolve()));
  wss = null;
});

async function serve(): Promise<number> {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  // Colyseus' own pong handler (ws-transport) runs beside the heartbeat and resets its count on any pong.
  wss.on('connection', (ws: WebSocket & { pingCount?: number }) => ws.on('pong', () => (ws.pingCount = 0)));
  spreadPings(wss, INTERVAL_MS, 2);
  await new Promise((resolve) => wss!.once('listening', resolve));
  return (wss.address() as { port: number }).port;
}

async function connect(port: number, autoPong = true): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`, { autoPong });
  clients.push(ws);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return ws;
}

describe('heartbeat', () => {
  it('pings every client once per interval, spread over the interval instead of all at once', async () => {
    const port = await serve();
    const pings: number[][] = [];
    const connectedAt: number[] = [];
    for (let i = 0; i < 40; i++) {
      const seen: number[] = [];
      pings.push(seen);
      (await connect(port)).on('ping', () => seen.push(performance.now()));
      connectedAt.push(performance.now());
    }
    // Every client pinged again and again (a busy machine's timers run late: waited for, not timed)…
    for (const until = performance.now() + INTERVAL_MS * 20; pings.some((seen) => seen.length < 2) && performance.now() < until; ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const now = performance.now();
    for (const [i, seen] of pings.entries()) {
      expect(seen.length).toBeGreaterThanOrEqual(2);
      // …and never more than once an interval, however long it has been connected.
      expect(seen.length).toBeLessThanOrEqual(Math.floor((now - connectedAt[i]!) / INTERVAL_MS) + 1);
    }
    // The first pings of the 40 clients span most of an interval, not one instant.
    const first = pings.map((seen) => seen[0]!);
    expect(Math.max(...first) - Math.min(...first)).toBeGreaterThan(INTERVAL_MS / 2);
  });

  it('cuts off a client that leaves its pings unanswered, and keeps the ones that answer', async () => {
    const port = await serve();
    const silent = await connect(port, false);
    const alive = await connect(port);
    const closed = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)));
    expect(await closed).toBe(1006); // terminated: no closing handshake
    expect(alive.readyState).toBe(WebSocket.OPEN);
  });

  it('cuts off a client that sends pongs of its own instead of answering the pings', async () => {
    const port = await serve();
    const faking = await connect(port, false);
    const timer = setInterval(() => faking.pong('keepalive'), INTERVAL_MS / 10);
    const closed = new Promise<number>((resolve) => {
      faking.once('close', (code) => resolve(code));
      setTimeout(() => resolve(-1), INTERVAL_MS * 8); // still open: its own pongs kept it alive
    });
    try {
      expect(await closed).toBe(1006);
    } finally {
      clearInterval(timer);
    }
  });
});
