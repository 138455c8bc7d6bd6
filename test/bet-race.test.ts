/**
 * A small seeded sample of the bet-race load test (loadtest/bet-race.ts): a few tables of bots racing
 * for the same spaces must pass every correctness check; and the checks must catch a double claim, a
 * refusal before the holder's claim, a lost answer and a wrong payout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadySetBetRoom } from '../rooms/ready-set-bet.ts';
import { checkRace, type RaceObservation } from '../loadtest/checks.ts';
import { newStats, runBetRace, type BetRaceStats } from '../loadtest/tables.ts';
import { runOnThreads } from '../loadtest/load-workers.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { spawnServer } from './helpers/process.ts';
import { floorTransport } from '../loadtest/transports.ts';
import { answerHistogram, cpuWhileRacing, serverAnswerTime } from '../loadtest/measure.ts';
import { raceOnce } from '../loadtest/race-once.ts';

/** Every table finished its races, every race passed every check, every bet was answered. */
function expectCleanRun(stats: BetRaceStats, tables: number, races: number) {
  expect(stats.violations).toEqual([]);
  expect(stats.failures).toEqual([]);
  expect(stats.tablesDone).toBe(tables);
  expect(stats.racesChecked).toBe(tables * races);
  expect(stats.unanswered).toBe(0);
}

let server: TestServer;
beforeAll(async () => (server = await startServer({}, { 'ready-set-bet': ReadySetBetRoom })));
afterAll(() => server.close());

describe('bet race', () => {
  let sample: RaceObservation[] = [];

  it('three tables of four bots race twice each: no lost or double claims, money as settled', async () => {
    const before = await answerHistogram([server.http]);
    const stats = await runBetRace(
      { endpoints: [server.ws], tables: 3, bettors: 4, races: 2, rollMs: 20, seed: 'test', joinConcurrency: 3, startDelayMs: 200 },
      undefined,
      (obs) => (sample = sample.length ? sample : obs),
    );
    expectCleanRun(stats, 3, 2);
    expect(stats.accepted).toBeGreaterThan(0);
    expect(stats.rejected['ready-set-bet/space-taken'] ?? 0).toBeGreaterThan(0); // the bots did contend
    expect(stats.accepted + Object.values(stats.rejected).reduce((a, b) => a + b, 0)).toBe(stats.sent);
    // The server timed its own answers to these bets (what the load tests print beside the bots' latency).
    const after = await answerHistogram([server.http]);
    expect((after.get(Infinity) ?? 0) - (before.get(Infinity) ?? 0)).toBe(stats.sent);
    expect(serverAnswerTime(after, before)!.p99).toBeGreaterThan(0);
  });

  it('spread over two load-generator threads, every table and answer is counted once, on one clock', async () => {
    const stats = newStats();
    const before = performance.now();
    await runOnThreads({ endpoints: [server.ws], tables: 4, bettors: 4, races: 1, rollMs: 20, seed: 'threads', joinConcurrency: 2, startDelayMs: 200, transport: 'parlor' }, 2, stats);
    expectCleanRun(stats, 4, 1);
    expect(stats.latency.totalCount).toBe(stats.sent); // every answer's latency, from both threads
    expect(stats.accepted + Object.values(stats.rejected).reduce((a, b) => a + b, 0)).toBe(stats.sent);
    // The threads' times are on this thread's clock.
    expect(stats.firstBetAt).toBeGreaterThan(before);
    expect(stats.lastAnswerAt).toBeGreaterThanOrEqual(stats.firstBetAt);
    expect(stats.lastAnswerAt).toBeLessThanOrEqual(performance.now());
  });

  it('the floor server passes the same checks, and joins paced on one clock wait for their turn', async () => {
    const floor = await spawnServer({}, 'loadtest/floor-server.ts');
    try {
      // Table i joins no sooner than i × 150 ms: the third joins at 300 ms at the earliest.
      const started = performance.now();
      const stats = newStats();
      let allJoinedAfter = Infinity;
      const watch = setInterval(() => {
        if (stats.tablesJoined === 3 && allJoinedAfter === Infinity) allJoinedAfter = performance.now() - started;
      }, 5);
      await runBetRace({ endpoints: [floor.ws], transport: floorTransport, tables: 3, bettors: 4, races: 1, rollMs: 20, seed: 'floor', joinConcurrency: 3, startDelayMs: 200, spreadMs: 450 }, stats);
      clearInterval(watch);
      expect(allJoinedAfter).toBeGreaterThanOrEqual(300);
      expectCleanRun(stats, 3, 1);
      expect(stats.accepted).toBeGreaterThan(0);
      expect(stats.slowestFillMs).toBeGreaterThan(0);
      expect(stats.slowestFillMs).toBeLessThan(performance.now() - started);
    } finally {
      await floor.stop();
    }
  });

  it('on two floor servers, which share nothing, every table plays where it was created', async () => {
    const floors = [await spawnServer({}, 'loadtest/floor-server.ts'), await spawnServer({}, 'loadtest/floor-server.ts')];
    try {
      const stats = newStats();
      // Tables 0 and 2 on the first server, 1 and 3 on the second; a bot sent to the other server would
      // find no such table there and the run would fail.
      await runBetRace({ endpoints: floors.map((f) => f.ws), transport: floorTransport, tables: 4, bettors: 3, races: 1, rollMs: 20, seed: 'floors', joinConcurrency: 4, startDelayMs: 200 }, stats);
      expectCleanRun(stats, 4, 1);
      expect(stats.accepted).toBeGreaterThan(0);
    } finally {
      await Promise.all(floors.map((f) => f.stop()));
    }
  });

  it('with warm-up races first, measures only the last race, and a warm-up that fails fails the run', async () => {
    const race = { tables: 2, bettors: 3, races: 1, rollMs: 20, seed: 'warm', joinConcurrency: 2, startDelayMs: 200, transport: 'floor' as const };
    const floor = await spawnServer({}, 'loadtest/floor-server.ts');
    let stopped = 0;
    const stop = async () => {
      stopped++;
      await floor.stop();
    };
    const { figures } = await raceOnce({ ws: [floor.ws], http: [floor.http], stop }, race, 1, 2);
    expect(figures.error).toBeNull();
    expect(figures.racesChecked).toBe(2); // the measured race's two tables, not the warm-ups' four
    expect(figures.bets).toBeGreaterThan(0);
    expect(figures.unanswered).toBe(0);
    expect(stopped).toBe(1);

    const gone = await spawnServer({}, 'loadtest/floor-server.ts');
    await gone.stop(); // nothing listens there any more: the warm-up cannot join
    const failed = await raceOnce({ ws: [gone.ws], http: [gone.http], stop: async () => undefined }, race, 1, 1);
    expect(failed.figures.error).toMatch(/^warm-up race 1: /);
    expect(failed.figures.bets).toBe(0); // no measured race after it
  });

  it('catches a double claim, an early refusal, an untold claim and a wrong payout', () => {
    const race = sample.find((o) => o.bets.length > 0 && o.answers.some((a) => a.code === 'ready-set-bet/space-taken'))!;
    expect(race).toBeDefined();
    expect(checkRace(race)).toEqual([]);
    const copy = () => structuredClone(race);

    const doubled = copy();
    const bet = doubled.bets[0]!;
    doubled.bets.push({ ...bet, seq: doubled.closedSeq, seat: (bet.seat + 1) % 4 });
    expect(checkRace(doubled).join()).toMatch(/accepted twice/);

    const early = copy();
    const refused = early.answers.find((a) => a.code === 'ready-set-bet/space-taken')!;
    refused.seq = early.bets.find((b) => b.space === refused.space)!.seq - 1;
    expect(checkRace(early).join()).toMatch(/before its holder's claim/);

    const untold = copy();
    untold.answers = untold.answers.filter((a) => !a.ok || a.seq !== untold.bets[0]!.seq);
    expect(checkRace(untold).join()).toMatch(/never told/);

    const overpaid = copy();
    overpaid.moneyAfter = overpaid.moneyAfter.map((m) => m + 1);
    expect(checkRace(overpaid).join()).toMatch(/settlement says/);
  });
});

describe('the server cost of a race', () => {
  it('counts the CPU of the racing window only, per move, with the kernel part apart', () => {
    const stats = newStats();
    const started = 1000;
    stats.firstBetAt = started + 2000; // racing from t = 2 s …
    stats.lastAnswerAt = started + 4000; // … to t = 4 s
    stats.lastRollAt = started + 3500;
    stats.rolls = 100;
    for (let i = 0; i < 100; i++) stats.latency.recordValue(1000);
    // One sample a second, each for the second before it: t = 3, 4, 5 cover the race (and the second
    // after its last answer); the joins (t ≤ 2) at 90% and the drain (t = 6) at 70% are left out.
    const cpu = [90, 90, 90, 50, 50, 50, 70];
    const series = [cpu.map((c, t) => ({ t, cpu: c, kernel: c === 50 ? 20 : 5, rssMB: 0, lagP99Ms: 0 }))];
    const cost = cpuWhileRacing(series, stats, started);
    expect(cost.moves).toBe(200);
    expect(cost.seconds).toBeCloseTo(1.5); // t = 3, 4, 5: half a core each
    expect(cost.msPerMove).toBe(7.5);
    expect(cost.kernelMsPerMove).toBe(3); // 0.6 s of kernel time over 200 moves
  });

  it("reads the server's own answer time from its histogram between two readings, within the buckets", () => {
    const before = new Map([[0.005, 10], [0.01, 10], [Infinity, 10]]);
    const after = new Map([[0.005, 60], [0.01, 110], [Infinity, 110]]); // since before: 50 answers ≤ 5 ms, 50 in (5, 10]
    expect(serverAnswerTime(after, before)).toEqual({ p50: 5, p99: 9.9 });
    expect(serverAnswerTime(before, before)).toBeNull(); // nothing answered in between (or a floor server)
    expect(serverAnswerTime(new Map([[0.005, 0], [Infinity, 10]]))).toEqual({ p50: 5, p99: 5 }); // past the last bound: at least it
  });
});
