/**
 * TCP connections, before any HTTP: Node's HTTP server never closes a connection that sends nothing (its
 * header timeout starts with the first byte), so one address opening silent sockets could hold every file
 * descriptor the process has and lock everyone else out. Here a connection must send its first byte within
 * `firstByteMs`, and one peer address may hold at most `maxPerAddress` connections at once (0 = no cap).
 * The cap counts direct peers: behind a proxy every connection is the proxy's, whose own limits apply.
 * The process as a whole holds at most `maxTotal` (0 = no cap): many addresses together could otherwise
 * take the descriptors Redis, the verifier and the logs need; addresses listed as exempt (a load generator,
 * a health checker) count but are never refused.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './rate-limit.ts';

export interface ConnectionLimits {
  maxPerAddress: number;
  maxTotal: number;
  firstByteMs: number;
  /** Addresses neither cap refuses (their connections count toward the process's total). */
  exempt: ReadonlySet<string>;
  /** A connection closed unread, and why (for a rate-limited warning). */
  refused(address: string, reason: 'too-many-connections' | 'server-full' | 'silent-connection'): void;
}

export function guardConnections(server: Server, limits: ConnectionLimits) {
  const open = new Map<string, number>();
  let total = 0;
  server.prependListener('connection', (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? 'unknown'); // as the other limits count it (IPv6 per /64)
    const silent = setTimeout(() => {
      // bytesRead counts what the HTTP parser consumed straight from the socket's handle as well.
      if (socket.bytesRead === 0 && !socket.destroyed) {
        limits.refused(address, 'silent-connection');
        socket.destroy();
      }
    }, limits.firstByteMs);
    silent.unref();
    socket.once('close', () => clearTimeout(silent));
    const exempt = limits.exempt.has(address);
    if (!exempt && limits.maxTotal > 0 && total >= limits.maxTotal) {
      limits.refused(address, 'server-full');
      socket.destroy();
      return;
    }
    total++;
    socket.once('close', () => total--);
    if (limits.maxPerAddress <= 0 || exempt) return;
    const held = open.get(address) ?? 0;
    if (held >= limits.maxPerAddress) {
      limits.refused(address, 'too-many-connections');
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * The default cap on a process's connections: its open-file limit less room for what else it opens (Linux:
 * /proc/self/limits, read after Node raised the soft limit to the hard one), at most 10,000 (a process
 * running the 500-table load test holds ~4,000) and at least 64; no cap where the limit cannot be read.
 */
export function defaultMaxConnections(limits = readLimits()): number {
  const files = /^Max open files\s+(\d+)/m.exec(limits ?? '');
  if (!files) return 0;
  return Math.max(64, Math.min(10_000, Number(files[1]) - 512));
}

function readLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}
