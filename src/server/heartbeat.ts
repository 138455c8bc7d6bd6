/**
 * WebSocket heartbeat with the pings spread out. Colyseus pings every client at the same instant each
 * interval: with thousands of connections that is thousands of socket writes in one event-loop turn —
 * tens of milliseconds in which no bet is read — and then thousands of pongs in one burst. Here each
 * connection joins one of BUCKETS groups as it opens and the groups take turns, so every client is
 * still pinged every `intervalMs` and cut off after `maxMissed` unanswered pings, a few at a time.
 *
 * A ping carries random bytes and only a pong that echoes an unanswered ping's answers it (RFC 6455: a pong
 * carries its ping's data, as browsers and the SDK's socket send it): a client that never reads but sends
 * pongs of its own is cut off like a silent one. (Colyseus' own pong handler, which resets its count on
 * any pong, is not what is read here.)
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket, WebSocketServer } from 'ws';

const BUCKETS = 50;

/** `unanswered`: the data of each ping sent since the client last answered one (at most `maxMissed`). */
type Pinged = WebSocket & { unanswered?: Buffer[] };

const noop = () => undefined;

export function spreadPings(wss: WebSocketServer, intervalMs: number, maxMissed: number) {
  const buckets = Array.from({ length: BUCKETS }, () => new Set<Pinged>());
  let opened = 0;
  let turn = 0;
  wss.on('connection', (ws: Pinged) => {
    const bucket = buckets[opened++ % BUCKETS]!;
    bucket.add(ws);
    ws.once('close', () => bucket.delete(ws));
    ws.on('pong', (data: Buffer) => {
      if (ws.unanswered?.some((sent) => sent.equals(data))) ws.unanswered.length = 0; // a late answer still counts
    });
  });
  const timer = setInterval(() => {
    const bucket = buckets[turn]!;
    turn = (turn + 1) % BUCKETS;
    const data = randomBytes(8); // one per turn, unguessable: what a pong must echo
    for (const ws of bucket) {
      const unanswered = (ws.unanswered ??= []);
      if (unanswered.length >= maxMissed) {
        ws.terminate();
        continue;
      }
      unanswered.push(data);
      ws.ping(data, undefined, noop);
    }
  }, intervalMs / BUCKETS);
  timer.unref();
  wss.once('close', () => clearInterval(timer));
}
