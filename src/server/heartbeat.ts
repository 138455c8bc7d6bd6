/**
 * WebSocket heartbeat with the pings spread out. Colyseus pings every client at the same instant each
 * interval: with thousands of connections that is thousands of socket writes in one event-loop turn —
 * tens of milliseconds in which no bet is read — and then thousands of pongs in one burst. Here each
 * connection joins one of BUCKETS groups as it opens and the groups take turns, so every client is
 * still pinged every `intervalMs` and cut off after `maxMissed` unanswered pings (Colyseus' rule: its
 * pong handler resets the count), a few at a time.
 */
import type { WebSocket, WebSocketServer } from 'ws';

const BUCKETS = 50;

type Pinged = WebSocket & { pingCount?: number };

const noop = () => undefined;

export function spreadPings(wss: WebSocketServer, intervalMs: number, maxMissed: number) {
  const buckets = Array.from({ length: BUCKETS }, () => new Set<Pinged>());
  let opened = 0;
  let turn = 0;
  wss.on('connection', (ws: Pinged) => {
    const bucket = buckets[opened++ % BUCKETS]!;
    bucket.add(ws);
    ws.once('close', () => bucket.delete(ws));
  });
  const timer = setInterval(() => {
    const bucket = buckets[turn]!;
    turn = (turn + 1) % BUCKETS;
    for (const ws of bucket) {
      const missed = ws.pingCount ?? 0;
      if (missed >= maxMissed) {
        ws.terminate();
        continue;
      }
      ws.pingCount = missed + 1;
      ws.ping(noop);
    }
  }, intervalMs / BUCKETS);
  timer.unref();
  wss.once('close', () => clearInterval(timer));
}
