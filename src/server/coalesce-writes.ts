/**
 * One socket write per client per event-loop turn instead of one per message. In a bet race a
 * client receives, within the same turn, the `events` of several moves, its own reply and a state
 * patch; written one by one each costs a system call (the largest single item of a loaded server's
 * CPU profile). Here a connection's frames of a turn are collected and written in `setImmediate`,
 * which runs in the same turn after the I/O and timer callbacks: every message leaves in order, as
 * one buffer in one write, without waiting for a later turn.
 *
 * The frames are built here, not by `ws`: a server's data frame is a 2–10 byte header and the payload
 * (no mask, no compression: the transport turns per-message deflate off), so a turn's messages to a
 * client become one buffer of known length. Sent through `ws` and a corked socket, each message had
 * cost an options object, a header buffer, two queued stream writes and two entries of a `writev`:
 * a fifth of what a racing server allocates. Every other frame `ws` writes (pings, pongs, close, and
 * any message this path does not take) goes through the sender, which here writes the connection's
 * queue first and the frame right after it: the order on the wire is the order of the calls.
 *
 * A turn that runs long (a burst of bets read at once) does not hold its first answers until its last
 * is handled: once the oldest queued frame has waited `HOLD_MS`, the next send writes everything queued.
 *
 * A client that stops reading would make the server hold all it is sent: past `MAX_UNSENT_BYTES` waiting
 * in the socket it is disconnected (its seat is held for a reconnection like any dropped connection).
 */
import type { Socket } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';

type Done = (err?: Error | null) => void;

/** A connection's frames of this turn, in order. */
interface Queue {
  socket: Socket;
  /**
   * The first `count` entries: payloads (data frames, `heads[i]` their opcode) or frame parts `ws` built
   * (`heads[i]` = RAW). The lists are the connection's for its life, so a turn's sends allocate none.
   */
  parts: (Uint8Array | string | null)[];
  heads: number[];
  count: number;
  bytes: number;
  done: Done[];
  /** In `queued`. */
  queued: boolean;
}

/** A part `ws` framed itself (header or payload of a ping, pong, close or fallback frame). */
const RAW = -1;
const OPEN = 1;

/** The connections with frames to write at the end of the turn (an array: a Set cleared each turn regrows). */
const queued: Queue[] = [];
let flushing = false;
let flushSoon = false;
/**
 * How long a frame may wait for the end of its turn. A long turn (a burst of bets read at once, a
 * server catching up) would otherwise hold every answer it produced until all of them were handled:
 * past this, what is queued is written at the next send, and the turn goes on.
 */
const HOLD_MS = 1;
/** When the oldest frame still queued was queued (performance.now()): set as the queue leaves empty. */
let heldSince = 0;
/**
 * What a connection may have waiting to be sent, beyond what the kernel took. A game's full state and a
 * finished game's record are tens of KB; a client this far behind has stopped reading.
 */
export const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
/** Told of every connection closed for not reading. */
let onStalled: (socket: Socket) => void = () => undefined;

function headerLength(length: number): number {
  return length < 126 ? 2 : length < 65536 ? 4 : 10;
}

function push(q: Queue, part: Uint8Array | string, head: number, bytes: number) {
  q.parts[q.count] = part;
  q.heads[q.count] = head;
  q.count++;
  q.bytes += bytes;
}

function writeQueue(q: Queue) {
  const { socket, parts, heads, count, bytes } = q;
  if (count === 0) return;
  q.count = 0;
  q.bytes = 0;
  let callback: Done | undefined;
  if (q.done.length > 0) {
    const done = q.done;
    q.done = [];
    callback = (err) => done.forEach((cb) => cb(err));
  }
  if (!socket.destroyed && socket.writableLength + bytes > MAX_UNSENT_BYTES) {
    onStalled(socket);
    socket.destroy(); // ws sees the close (1006), Colyseus the drop
  }
  const out = socket.destroyed ? null : Buffer.allocUnsafe(bytes);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const part = parts[i]!;
    const head = heads[i]!;
    parts[i] = null; // the payload is not kept past its write
    if (out === null) continue;
    if (head !== RAW) {
      const length = part.length; // data frames are Uint8Arrays
      out[at] = 0x80 | head; // FIN and the opcode
      if (length < 126) {
        out[at + 1] = length;
        at += 2;
      } else if (length < 65536) {
        out[at + 1] = 126;
        out.writeUInt16BE(length, at + 2);
        at += 4;
      } else {
        out[at + 1] = 127;
        out.writeUInt32BE(Math.floor(length / 2 ** 32), at + 2);
        out.writeUInt32BE(length >>> 0, at + 6);
        at += 10;
      }
    }
    if (typeof part === 'string') at += out.write(part, at);
    else {
      out.set(part, at);
      at += part.length;
    }
  }
  if (out === null) callback?.(new Error('the connection closed before its frames were written'));
  else socket.write(out, callback);
}

function writeAll() {
  for (let i = 0; i < queued.length; i++) {
    queued[i]!.queued = false;
    writeQueue(queued[i]!);
  }
  queued.length = 0;
}

function flush() {
  flushing = false;
  writeAll();
}

function enqueue(q: Queue) {
  const now = performance.now();
  if (queued.length === 0) heldSince = now;
  if (!q.queued) {
    q.queued = true;
    queued.push(q);
  }
  if (!flushing) {
    flushing = true;
    setImmediate(flush);
  } else if (now - heldSince > HOLD_MS) {
    writeAll(); // the end-of-turn flush already queued still runs, for what is sent after this
  }
}

/**
 * Writes what is queued once the current callback's promise reactions have run, instead of at the end of
 * the turn. For answers released by an I/O callback that is not the client's own message (a Redis
 * reply): the rest of that turn is other clients' messages, and these answers have waited once already.
 */
export function flushWritesSoon() {
  if (flushSoon) return;
  flushSoon = true;
  // A tick queued from a promise reaction runs after the whole reaction queue: after every answer it releases.
  process.nextTick(() => {
    flushSoon = false;
    writeAll(); // the end-of-turn flush already queued still runs, for what is sent after this
  });
}

/** The parts of a `ws` connection and its sender used here. */
interface WsInternals {
  _socket?: Socket;
  _extensions: Record<string, unknown>;
  _sender: { _state: number; _queue: unknown[]; sendFrame(list: (Uint8Array | string)[], cb?: Done): void };
}

function coalesce(ws: WebSocket) {
  const internals = ws as unknown as WsInternals;
  const socket = internals._socket;
  if (!socket) return;
  const q: Queue = { socket, parts: [], heads: [], count: 0, bytes: 0, done: [], queued: false };
  const sender = internals._sender;
  // Frames ws builds itself (control frames, and messages this path leaves to ws) leave at once, after
  // what the connection has queued: a close frame must not wait for the end of the turn (a process
  // exiting in this turn would drop it), and pings are few.
  sender.sendFrame = (list, cb) => {
    for (const part of list) push(q, part, RAW, typeof part === 'string' ? Buffer.byteLength(part) : part.length);
    if (cb) q.done.push(cb);
    writeQueue(q); // (if in `queued`, it stays there for what is sent after this)
  };
  const compressing = Object.keys(internals._extensions).length > 0;
  const send = ws.send.bind(ws) as (data: unknown, options?: unknown, cb?: unknown) => void;
  ws.send = ((data: unknown, options?: unknown, cb?: unknown) => {
    // The plain case: an open connection, a binary payload, no options beyond `binary`, nothing
    // held in the sender (it holds frames only while compressing or reading a Blob).
    if (
      data instanceof Uint8Array &&
      ws.readyState === OPEN &&
      !compressing &&
      sender._state === 0 &&
      sender._queue.length === 0 &&
      (options === undefined || typeof options === 'function' || plainBinary(options))
    ) {
      const text = typeof options === 'object' && (options as { binary?: boolean }).binary === false; // a text frame
      push(q, data, text ? 1 : 2, headerLength(data.length) + data.length);
      const done = typeof options === 'function' ? options : cb;
      if (typeof done === 'function') q.done.push(done as Done);
      enqueue(q);
      return;
    }
    send(data, options, cb);
  }) as WebSocket['send'];
}

/** The options object last found plain: Colyseus passes the same constant with every message. */
let plainSeen: object | null = null;

/** Options that only say whether the payload is binary (what Colyseus passes). */
function plainBinary(options: unknown): boolean {
  if (options === plainSeen) return true;
  if (typeof options !== 'object' || options === null) return false;
  for (const key in options) if (key !== 'binary') return false;
  plainSeen = options;
  return true;
}

/** Coalesces the writes of every connection the server accepts from now on; `stalled` hears of each one cut off for not reading. */
export function coalesceWrites(wss: WebSocketServer, stalled: (socket: Socket) => void = () => undefined) {
  onStalled = stalled;
  wss.on('connection', coalesce);
}
