/**
 * Problems a client causes (malformed frames, oversize messages, bad moves, floods) are logged as
 * warnings without stack traces, at most one line per kind every few seconds, with their payloads
 * truncated: a hostile client cannot fill the logs or hide a real server error among its own.
 *
 *   warnClientFault(log, 'bad-frame', { roomId, error: err.message, payload: bytes })
 *
 * `key` names the kind of fault (optionally with a scope, e.g. `bad-frame:${roomId}`): each key logs its
 * first occurrence at once, then at most once per window with `suppressed` = how many were skipped.
 */
import { isUtf8 } from 'node:buffer';
import { unpack } from 'msgpackr';

/** Any logger with pino's `warn(fields, message)`. */
export interface WarnLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Longest text kept of any string field or serialised payload. */
export const MAX_FIELD_CHARS = 200;
/** One line per key per window. */
export const CLIENT_FAULT_WINDOW_MS = 10_000;
/** Keys remembered at once; the oldest are forgotten first (so a flood of distinct keys stays bounded). */
const MAX_KEYS = 1000;

const seen = new Map<string, { until: number; suppressed: number }>();

/** Logs a client-caused problem as a rate-limited warning. Returns whether a line was written. */
export function warnClientFault(logger: WarnLogger, key: string, fields: Record<string, unknown>, message = 'client fault'): boolean {
  const suppressed = dueLine(key);
  if (suppressed === null) return false;
  const safe: Record<string, unknown> = { fault: key.split(':')[0] };
  for (const [name, value] of Object.entries(fields)) safe[name] = boundedField(value);
  if (suppressed) safe.suppressed = suppressed;
  logger.warn(safe, message);
  return true;
}

/**
 * Whether a line of this key is due (its first, or the first of a new window): then how many were
 * skipped since the last, else null. Lets a line a client can provoke be written at any level.
 */
export function dueLine(key: string): number | null {
  const now = Date.now();
  const entry = seen.get(key);
  if (entry && now < entry.until) {
    entry.suppressed++;
    return null;
  }
  seen.delete(key); // re-inserted last: Map order is the eviction order
  seen.set(key, { until: now + CLIENT_FAULT_WINDOW_MS, suppressed: 0 });
  if (seen.size > MAX_KEYS) seen.delete(seen.keys().next().value!);
  return entry?.suppressed ?? 0;
}

/** Numbers and booleans as they are; everything else as text of at most MAX_FIELD_CHARS. */
export function boundedField(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return truncate(value);
  if (typeof value === 'bigint') return truncate(`${value}n`);
  if (value instanceof Error) return truncate(`${value.name}: ${value.message}`);
  if (value instanceof Uint8Array) return truncate(`<${value.byteLength} bytes> ${Buffer.from(value.subarray(0, 48)).toString('hex')}`);
  return truncate(safeJson(value));
}

/** JSON text of any value without throwing: cycles, BigInts and depth beyond 8 are replaced. */
export function safeJson(value: unknown, maxChars = MAX_FIELD_CHARS): string {
  let budget = maxChars + 1; // stop walking once the text is long enough to be truncated anyway
  const walk = (v: unknown, depth: number, stack: object[]): string => {
    if (budget <= 0) return '';
    const leaf = (text: string) => {
      budget -= text.length;
      return text;
    };
    if (typeof v === 'bigint') return leaf(`"${v}n"`);
    if (v === null || typeof v !== 'object') return leaf(JSON.stringify(v) ?? 'null');
    if (stack.includes(v)) return leaf('"<cycle>"');
    if (depth >= 8) return leaf('"<deep>"');
    stack.push(v);
    const parts: string[] = [];
    if (Array.isArray(v)) {
      for (const item of v) {
        if (budget <= 0) break;
        parts.push(walk(item, depth + 1, stack));
      }
    } else {
      for (const k of Object.keys(v)) {
        if (budget <= 0) break;
        parts.push(`${leaf(JSON.stringify(k))}:${walk((v as Record<string, unknown>)[k], depth + 1, stack)}`);
      }
    }
    stack.pop();
    budget -= 2;
    return Array.isArray(v) ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
  };
  return truncate(walk(value, 0, []), maxChars);
}

function truncate(text: string, max = MAX_FIELD_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…(${text.length} chars)`;
}

/** Forgets every key (tests). */
export function resetClientFaults() {
  seen.clear();
}

const ROOM_DATA = 13;
const ROOM_DATA_BYTES = 17;
const ROOM_REQUEST = 21;
/** The protocol code's bits of a frame's first byte (the rest are modifiers). */
export const PROTOCOL_CODE_MASK = 0x1f;

/** A message or request frame's type: where its msgpack starts (`at`), and its text's bytes (`start`–`end`; none for a number). */
function frameType(frame: Uint8Array): { code: number; at: number; start: number; end: number; text: boolean } | null {
  const code = frame[0]! & PROTOCOL_CODE_MASK;
  if (code !== ROOM_DATA && code !== ROOM_DATA_BYTES && code !== ROOM_REQUEST) return null;
  let at = 1;
  if (code === ROOM_REQUEST) at += numberLength(frame, at);
  const prefix = frame[at];
  if (prefix === undefined) return null;
  // msgpack str: fixstr (0xa0–0xbf, length in the low bits), str 8 / 16 / 32 (length after the prefix, little-endian as Colyseus writes it).
  const lengthBytes = prefix >= 0xa0 && prefix <= 0xbf ? 0 : prefix === 0xd9 ? 1 : prefix === 0xda ? 2 : prefix === 0xdb ? 4 : -1;
  if (lengthBytes < 0) {
    const end = at + numberLength(frame, at);
    return { code, at, start: end, end, text: false };
  }
  let length = lengthBytes === 0 ? prefix & 0x1f : 0;
  for (let i = 0; i < lengthBytes; i++) length += (frame[at + 1 + i] ?? 0) * 2 ** (8 * i);
  const start = at + 1 + lengthBytes;
  return { code, at, start, end: Math.min(frame.length, start + length), text: true };
}

/**
 * A client's message (msgpack or bytes) or request frame as the room is to read it; frames are `[code,
 * requestId (requests), type (msgpack str or number), payload]`, parsed once here:
 * - a type that is not UTF-8 is read with replacement characters (the room then answers it as any type it
 *   lacks): Colyseus' decoder would print a console line for each such frame, outside the logs and their limits;
 * - a msgpack payload that does not decode is cut off (the room reads the frame as sent without one: a move is
 *   refused `core/malformed-move`, a request answered as one with none), and `undecodable` gives its type and
 *   the decoder's complaint: Colyseus would close a message's connection and answer a request with its text.
 * Any other frame comes back as it came.
 */
export function readableFrame(frame: Uint8Array): { frame: Uint8Array; undecodable?: { type: string; error: string } } {
  const span = frameType(frame);
  if (!span) return { frame };
  const error = span.code === ROOM_DATA_BYTES ? null : payloadError(frame.subarray(span.end));
  const type = frame.subarray(span.start, span.end);
  const readable = !span.text || type.every((b) => b < 0x80) || isUtf8(type) ? null : replacedType(type);
  if (!readable && error === null) return { frame };
  const head = readable ? Buffer.concat([frame.subarray(0, span.at), Buffer.from([0xa0 | readable.length]), readable]) : frame.subarray(0, span.end);
  if (error === null) return { frame: Buffer.concat([head, frame.subarray(span.end)]) };
  return { frame: head, undecodable: { type: Buffer.from(readable ?? type.subarray(0, MAX_FIELD_CHARS)).toString('utf8'), error } };
}

/** A fixstr's bytes of a type read with replacement characters: no type the room knows is longer (only 31 bytes are read of one that may be 16 KiB). */
function replacedType(type: Uint8Array): Buffer {
  let text = Buffer.from(type.subarray(0, 31)).toString('utf8');
  while (Buffer.byteLength(text) > 31) text = text.slice(0, -1);
  return Buffer.from(text);
}

/** Null when the payload is absent or decodes; else the decoder's complaint. */
function payloadError(payload: Uint8Array): string | null {
  if (payload.length === 0) return null;
  try {
    unpack(payload);
    return null;
  } catch (err) {
    return decoderComplaint((err as Error)?.message ?? String(err));
  }
}

/**
 * A msgpack decoder's complaint without the values it read: for a payload with bytes left over it appends the start
 * of what it decoded as JSON, a move's values (which may name a hand's cards) that a log line must not hold.
 */
export function decoderComplaint(message: string): string {
  return message.replace(/(end of buffer not reached)\b[\s\S]*/, '$1');
}

/** Bytes of the number at `at` in Colyseus' number encoding (a request id): a msgpack int or float. */
function numberLength(frame: Uint8Array, at: number): number {
  const prefix = frame[at] ?? 0;
  if (prefix < 0x80 || prefix >= 0xe0) return 1; // positive / negative fixint
  return 1 + ({ 0xcc: 1, 0xcd: 2, 0xce: 4, 0xcf: 8, 0xd0: 1, 0xd1: 2, 0xd2: 4, 0xd3: 8, 0xca: 4, 0xcb: 8 }[prefix] ?? 0);
}
