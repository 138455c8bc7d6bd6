/**
 * TCP connections, before any HTTP: Node's HTTP server never closes a connection that sends nothing (its
 * header timeout starts with the first byte), so one address opening silent sockets could hold every file
 * descriptor the process has and lock everyone else out. Here a connection must send its first byte within
 * `firstByteMs`, and one peer address may hold at most `maxPerAddress` connections at once (0 = no cap).
 * The cap counts direct peers: behind a proxy every connection is the proxy's, whose own limits apply.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './rate-limit.ts';

export interface ConnectionLimits {
  maxPerAddress: number;
  firstByteMs: number;
  /** Addresses the cap does not apply to. */
  exempt: ReadonlySet<string>;
  /** A connection closed unread, and why (for a rate-limited warning). */
  refused(address: string, reason: 'too-many-connections' | 'silent-connection'): void;
}

export function guardConnections(server: Server, limits: ConnectionLimits) {
  const open = new Map<string, number>();
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
    if (limits.maxPerAddress <= 0 || limits.exempt.has(address)) return;
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
