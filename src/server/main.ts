/** Starts one Parlor process: `npm start`. Configuration comes from the environment (config.ts). */
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createParlorServer } from './app.ts';

const config = loadConfig();
const logger = createLogger(config);
const { server } = createParlorServer({ config, logger });

await server.listen(config.PORT, config.HOST);
logger.info(
  { port: config.PORT, host: config.HOST, publicAddress: config.publicAddress ?? null, redis: Boolean(config.REDIS_URL) },
  'parlor listening',
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, graceSeconds: config.SHUTDOWN_GRACE_SECONDS }, 'shutting down: no new games; running games may finish');
  const hardStop = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, (config.SHUTDOWN_GRACE_SECONDS + 15) * 1000);
  hardStop.unref();
  await server.gracefullyShutdown(false);
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
