/** Structured JSON logs (pino); human-readable only in development. */
import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const options = { level: config.LOG_LEVEL, base: { service: 'parlor' }, serializers: { err: loggedError } };
  if (config.NODE_ENV === 'development') return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true } } });
  // Each line written as it is logged, as Node writes its own stdout to a pipe. pino's default holds lines back and
  // writes them at exit, retrying a failed write for ever: a process whose log reader had gone (a log collector
  // restarted) never exited on SIGTERM. Here a broken pipe only stops the logging (pino's destination then drops lines).
  return pino(options, pino.destination({ dest: 1, sync: true }));
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
