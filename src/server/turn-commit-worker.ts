/**
 * The thread behind src/server/turn-commit.ts: its own Redis connection, one pipeline of journal appends
 * per job, the replies written to shared memory and the waiting thread woken. It keeps no state of its
 * own: a job it cannot run is answered with FAILED for every append, and the journals resend through the
 * main connection.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Redis } from 'ioredis';
import { DONE, FAILED, READY, RESULTS } from './turn-commit.ts';

const { redisUrl, script, shared } = workerData as { redisUrl: string; script: string; shared: SharedArrayBuffer };
const slots = new Int32Array(shared);

// No offline queue and no retries: an append this connection cannot send now is better resent by the
// journal through the main connection (which waits out an outage) than held here.
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: (times) => Math.min(times * 50, 1000) });
let sha = '';

const setReady = (ready: boolean) => Atomics.store(slots, READY, ready ? 1 : 0);
redis.on('error', () => undefined); // the main connection logs Redis' troubles
redis.on('close', () => setReady(false));
const loadScript = () =>
  redis.script('LOAD', script).then(
    (loaded) => {
      sha = loaded as string;
      setReady(true);
    },
    () => redis.disconnect(true), // reconnects, and loads it again when ready
  );
redis.on('ready', loadScript);

parentPort!.on('message', async (calls: string[][]) => {
  const pipeline = redis.pipeline();
  for (const args of calls) pipeline.evalsha(sha, 3, ...args);
  const replies = await pipeline.exec().catch(() => null);
  for (let i = 0; i < calls.length; i++) {
    const [err, length] = replies?.[i] ?? [new Error('not sent')];
    slots[RESULTS + i] = err ? FAILED : Number(length);
  }
  if (replies?.some(([err]) => err?.message.includes('NOSCRIPT'))) {
    setReady(false); // Redis' script cache was flushed: load it again before the next job
    void loadScript();
  }
  Atomics.add(slots, DONE, 1);
  Atomics.notify(slots, DONE);
});
