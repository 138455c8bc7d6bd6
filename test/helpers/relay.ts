/**
 * A TCP relay in front of a server, for clients whose network misbehaves: `deafen` stops passing what the
 * server sends (a half-open client that never reads a close frame, so never answers it, while what it sends
 * still arrives); `close` drops every connection without a word (no close frame) and takes no more.
 */
import { createServer, connect, type Socket } from 'node:net';
import { once } from 'node:events';

export interface Relay {
  ws: string;
  deafen(): void;
  close(): Promise<void>;
}

export async function startRelay(port: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  let deaf = false;
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => (sockets.delete(s), client.destroy(), upstream.destroy()));
    }
    client.pipe(upstream);
    upstream.on('data', (d: Buffer) => {
      if (!deaf) client.write(d);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port: own } = server.address() as { port: number };
  return {
    ws: `ws://127.0.0.1:${own}`,
    deafen: () => void (deaf = true),
    close: () => new Promise((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}
