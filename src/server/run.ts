/** Starts one Parlor process and stops it gracefully on SIGTERM/SIGINT. */
import { matchMaker, type Room } from '@colyseus/core';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createParlorServer } from './app.ts';
import { waitAtMost } from './front-door.ts';
import { dueLine } from './client-faults.ts';
import { warmUp } from './warm-up.ts';
import { roomSettings } from '../../rooms/settings.ts';
import { stopState } from '../../rooms/shutdown.ts';

export async function run(extraRooms: Record<string, new (...args: never[]) => Room> = {}) {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    // Before a logger exists (its level is configuration too): one JSON line as the logger writes them, no stack.
    process.stdout.write(`${JSON.stringify({ level: 60, time: Date.now(), service: 'parlor', msg: (err as Error).message })}\n`);
    process.exit(1);
  }
  // Colyseus reads NODE_ENV itself, and outside production logs client-given room ids whole: an unset one
  // means production here (config.ts), so it must mean production to Colyseus too.
  process.env.NODE_ENV = config.NODE_ENV;
  const logger = createLogger(config);
  // Before anything listens or connects: nothing waits on the process while it warms up.
  if (config.WARM_UP_MS > 0) {
    const warm = warmUp(config.WARM_UP_MS);
    if (warm.failed.length > 0) logger.warn(warm, 'warmed up; a game failed during the warm-up');
    else logger.info(warm, 'warmed up');
  }
  const { server, listen } = createParlorServer({ config, logger, extraRooms });

  try {
    await listen(config.PORT, config.HOST);
  } catch (err) {
    // A Redis error (its reply refused the password, say) says so, not "could not listen".
    const redis = /^(ReplyError|MaxRetriesPerRequestError)$/.test((err as Error)?.name ?? '') || 'command' in ((err as object) ?? {});
    if (redis) logger.fatal({ err }, 'Redis refused or could not be reached at start; exiting');
    else logger.fatal({ err, port: config.PORT, host: config.HOST }, 'could not listen; exiting');
    // Colyseus registered this process with its peers before listening: they would send it creates (each
    // waiting 2 s for an answer) until a health check found it gone.
    await waitAtMost(Promise.resolve().then(() => matchMaker.stats.excludeProcess(matchMaker.processId)).catch(() => undefined), 1000);
    process.exit(1);
  }
  logger.info({ port: config.PORT, host: config.HOST, publicAddress: config.publicAddress ?? null, redis: Boolean(config.REDIS_URL) }, 'parlor listening');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const store = roomSettings.store;
    // With Redis the grace is only how long to wait for Redis, should it be away: the games are handed over at once.
    const games = store ? 'running games are handed over at once, resumed by a peer or the next process to start (a Redis away is waited for within the grace period)' : 'running games may finish within the grace period';
    logger.info({ signal, graceSeconds: config.SHUTDOWN_GRACE_SECONDS }, `shutting down: no new games; ${games}`);
    const hardStop = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, (config.SHUTDOWN_GRACE_SECONDS + 15) * 1000);
    hardStop.unref();
    // Games are handed over through Redis: while it is away (or refusing writes) they cannot be, and
    // Colyseus' shutdown would give up on its first Redis call before any table hands over, the moves made
    // meanwhile living only here. Wait for it, within the grace period.
    stopState.deadline = Date.now() + config.SHUTDOWN_GRACE_SECONDS * 1000;
    const handedOver = !store || (await store.caughtUp(config.SHUTDOWN_GRACE_SECONDS * 1000));
    if (!handedOver) logger.error({ games: store.journals.size, graceSeconds: config.SHUTDOWN_GRACE_SECONDS }, 'Redis did not come back within the grace period: running games stop with only the moves Redis has');
    await server.gracefullyShutdown(false);
    logger.info('stopped');
    process.exit(handedOver && stopState.undrained === 0 ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('unhandledRejection', (err) => {
    // Colyseus leaves some of its Redis writes unawaited (a room's stats, presence messages): while Redis is
    // away they give up after ioredis' retries. Expected then, and the games go on: a warning once a window.
    if ((err as Error)?.name === 'MaxRetriesPerRequestError') {
      const suppressed = dueLine('redis-gave-up');
      if (suppressed !== null) logger.warn({ err: (err as Error).message, suppressed }, 'a Redis call gave up while Redis was away; the games go on');
      return;
    }
    logger.error({ err }, 'unhandled rejection');
  });
}
