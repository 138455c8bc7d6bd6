/**
 * Request bodies, bounded: never more than `limit` bytes buffered, and a body over the limit refused at
 * once. Express' body parsers answer an oversize body only once all of it has come, so a client trickling
 * one held its connection until Node's request timeout; here the answer leaves at once, and the front door
 * closes the connection soon after (front-door.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

export type Refusal = { status: 400 | 413 | 503; code: string; message: string };

/**
 * Bytes that bodies being read hold together, bounded beside each body's own limit: many addresses each within
 * their own bounds could otherwise make the process hold their bodies' sum at once.
 */
export interface BytePool {
  held: number;
  readonly max: number;
  /** The answer to a body that would take the pool past `max`. */
  readonly full: Refusal;
}

/** The body's bytes, or why there are none; with a pool, its bytes are counted there until the answer. */
export function readBody(req: IncomingMessage, limit: number, pool?: BytePool): Promise<{ bytes: Buffer } | Refusal> {
  const tooLarge: Refusal = { status: 413, code: 'core/payload-too-large', message: `Bodies are limited to ${limit} bytes.` };
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    req.resume(); // discarded
    return Promise.resolve(tooLarge);
  }
  return new Promise((answer) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Counted in the pool until the body is answered, however that comes (once: later events change nothing).
    let taken = 0;
    let answered = false;
    const resolve = (outcome: { bytes: Buffer } | Refusal) => {
      if (answered) return;
      answered = true;
      if (pool) pool.held -= taken;
      answer(outcome);
    };
    const refuse = (refusal: Refusal) => {
      req.removeAllListeners('data');
      req.resume(); // discarded
      chunks.length = 0; // (not kept while the connection lingers)
      resolve(refusal);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return refuse(tooLarge);
      if (pool) {
        if (pool.held + chunk.length > pool.max) return refuse(pool.full);
        pool.held += chunk.length;
        taken += chunk.length;
      }
      chunks.push(chunk);
    });
    const unreadable = () => resolve({ status: 400, code: 'core/bad-request', message: 'The request body could not be read.' });
    req.on('error', unreadable);
    req.on('close', () => req.complete || unreadable()); // the client left before the end (no-op once resolved)
    req.on('end', () => answered || resolve({ bytes: Buffer.concat(chunks) }));
  });
}

/** The request says a body follows (one of 0 bytes included). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
}

/** The body parsed as JSON (an empty body is `{}`), or why it is not. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<{ value: unknown } | Refusal> {
  const body = await readBody(req, limit);
  if ('status' in body) return body;
  const text = body.bytes.toString('utf8').trim();
  try {
    return { value: text ? JSON.parse(text) : {} };
  } catch {
    return { status: 400, code: 'core/bad-request', message: 'The body is not JSON.' };
  }
}

/**
 * Express middleware: a request's body (at most `limit` bytes) into `req.body`, read as JSON; a refusal answered in the
 * API's shape. A POST's body is read whatever type it names, as matchmaking reads its options: sent as `text/plain`
 * (fetch's type for a string body), it went unread, and the queue seated its sender at a table of default options.
 */
export function jsonBody(limit: number): RequestHandler {
  return (req, res, next) => {
    if (!req.is('json') && !(req.method === 'POST' && hasBody(req))) return next(); // (no body: the routes read none)
    readJsonBody(req, limit).then((body) => {
      if ('status' in body) return void res.status(body.status).json({ code: body.code, message: body.message });
      req.body = body.value;
      next();
    }, next);
  };
}
