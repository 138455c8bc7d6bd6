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
