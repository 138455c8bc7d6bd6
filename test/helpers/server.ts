/** Starts a Parlor server in this test process (one per test file: the matchmaker is a singleton). */
import type { Room } from '@colyseus/core';
import { createParlorServer } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger, type Logger } from '../../src/server/logger.ts';
import { HighCardRoom } from '../fixture/room.ts';
import { LOOPBACK, freePort } from './ports.ts';

export interface TestServer {
  port: number;
  http: string;
  ws: string;
  close(): Promise<void>;
}

export async function startServer(
  env: Record<string, string> = {},
  extraRooms: Record<string, new (...args: never[]) => Room> = { 'high-card': HighCardRoom },
  logger?: Logger,
): Promise<TestServer> {
  const port = await freePort();
  const config = loadConfig({ NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_DELAY_MS: '20', SHUTDOWN_GRACE_SECONDS: '1', RATE_LIMIT_EXEMPT: LOOPBACK, ...env });
  const { server, listen } = createParlorServer({ config, logger: logger ?? createLogger(config), extraRooms });
  await listen(port, '127.0.0.1');
  return {
    port,
    http: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}`,
    close: () => server.gracefullyShutdown(false),
  };
}
