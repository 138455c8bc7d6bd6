/**
 * One socket write per client per event-loop turn instead of one per message. In a bet race a
 * client receives, within the same turn, the `events` of several moves, its own reply and a state
 * patch; written one by one each costs a system call (the largest single item of a loaded server's
 * CPU profile). Here a socket is corked at its first send of a turn and uncorked in `setImmediate`,
 * which runs in the same turn after the I/O and timer callbacks: every message leaves in order, in
 * one `writev`, without waiting for a later turn.
 */
import type { Socket } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';

const corked = new Set<Socket>();
let flushing = false;
let flushSoon = false;

function uncorkAll() {
  for (const socket of corked) socket.uncork();
  corked.clear();
}

function flush() {
  flushing = false;
  uncorkAll();
}

/**
 * Sends what is corked once the current callback's promise reactions have run, instead of at the end of
 * the turn. For answers released by an I/O callback that is not the client's own message (a Redis
 * reply): the rest of that turn is other clients' messages, and these answers have waited once already.
 */
export function flushWritesSoon() {
  if (flushSoon) return;
  flushSoon = true;
  // A tick queued from a promise reaction runs after the whole reaction queue: after every answer it releases.
  process.nextTick(() => {
    flushSoon = false;
    uncorkAll(); // the end-of-turn flush already queued still runs, for what is sent after this
  });
}

function coalesce(ws: WebSocket) {
  const socket = (ws as unknown as { _socket?: Socket })._socket;
  if (!socket) return;
  const send = ws.send.bind(ws) as (...args: unknown[]) => void;
  ws.send = ((...args: unknown[]) => {
    if (!corked.has(socket) && !socket.destroyed) {
      socket.cork();
      corked.add(socket);
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    }
    send(...args);
  }) as WebSocket['send'];
}

/** Coalesces the writes of every connection the server accepts from now on. */
export function coalesceWrites(wss: WebSocketServer) {
  wss.on('connection', coalesce);
}
