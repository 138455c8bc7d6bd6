/**
 * What a server allocates, by call stack: preload this into a server process and it samples every
 * allocation (one in ALLOC_PROF_INTERVAL bytes, 32 KB by default), the ones already collected included,
 * between two SIGUSR2 signals; at the second it writes the sampling heap profile to ALLOC_PROF.
 * `node loadtest/alloc-top.ts FILE` reads it. V8's own `--heap-prof` keeps only what is still alive
 * when the profile is written, which says nothing about the garbage a workload makes.
 * `ALLOC_PROF_YOUNG=no` leaves out what died young (collected by a scavenge): what is left is what the
 * scavenges promoted to the old generation — what makes them long and brings the major collections.
 *
 *   NODE_OPTIONS="--import ./loadtest/alloc-sampler.ts" ALLOC_PROF=/tmp/race.heapprofile node src/server/main.ts &
 *   kill -USR2 $!   # start (e.g. when the tables start racing)
 *   kill -USR2 $!   # stop and write
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const file = process.env.ALLOC_PROF;
if (file) {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  await post('HeapProfiler.enable');
  let sampling = false;
  process.on('SIGUSR2', () => {
    void (async () => {
      if (!sampling) {
        sampling = true;
        const samplingInterval = Number(process.env.ALLOC_PROF_INTERVAL ?? 32768);
        const includeObjectsCollectedByMinorGC = process.env.ALLOC_PROF_YOUNG !== 'no';
        await post('HeapProfiler.startSampling', { samplingInterval, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC });
        console.error(`allocation sampling started (1 in ${samplingInterval} bytes)`);
      } else {
        sampling = false;
        const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
        writeFileSync(file, JSON.stringify(profile));
        console.error(`allocation profile written to ${file}`);
      }
    })();
  });
}
