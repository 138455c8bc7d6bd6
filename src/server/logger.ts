/** Structured JSON logs (pino); human-readable only in development. */
import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'parlor' },
    serializers: { err: loggedError },
    ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  });
}

/**
 * An error as logged, without the command a Redis client attaches to it: its arguments may be a password
 * (a refused AUTH at start) or a game's stored data.
 */
export function loggedError(err: unknown) {
  const logged = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (logged && typeof logged === 'object') delete logged.command;
  return logged;
}
