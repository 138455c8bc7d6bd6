/**
 * The bet race itself: `tables` Ready Set Bet tables of `bettors` bots each, every bot a real
 * @colyseus/sdk client. A bot bets the moment a roll arrives (one request in flight at most), mostly
 * on the horse just rolled, so bots of a table often race for the same space. One bot per table also
 * records what the table saw; once its races are over each race goes through `checkRace`.
 */
import hdr from 'hdr-histogram-js';
import type { Histogram } from 'hdr-histogram-js';
import { randomSource } from '../src/core/rng.ts';
import { BASE_TOKENS, BOARD_SPACES, COLOR_SPACES, HORSES, SMALL_TABLE_TOKENS } from '../src/games/ready-set-bet/data/board.ts';
import { checkRace, type Answer, type BetEvent, type RaceObservation, type Settlement } from './checks.ts';
import { parlorTransport, type BotConnection, type GameEvents, type Transport } from './transports.ts';

export interface BetRaceOptions {
  /**
   * WebSocket endpoints; table i is created through endpoint i and its bots join through the next ones
   * (through endpoint i too when the transport's processes share no matchmaking).
   */
  endpoints: string[];
  tables: number;
  bettors: number;
  /** Races each table plays (a game has 4). */
  races: number;
  rollMs: number;
  seed: string;
  /** Tables being joined at once. */
  joinConcurrency: number;
  /** Pause before each table's first roll, so tables joined in a burst race together. */
  startDelayMs: number;
  /** A seated host (seat 0, hostMode hostSeat) rolls every `rollMs` instead of the server: `bettors` + 1 seats. */
  hostSeat?: boolean;
  /** Parlor (default) or the bare-WebSocket floor server. */
  transport?: Transport;
  /** Spread the tables' joins evenly over this long (table i joins no sooner than i × spread / tables), as real tables start. */
  spreadMs?: number;
  /** Play only the tables i with i % of === index (the share of one load-generator thread). */
  part?: { index: number; of: number };
}

/** The default pause before a table's first roll: long enough for a burst of joins to finish, so the tables race together. */
export function defaultStartDelayMs(tables: number): number {
  return Math.min(60_000, 1000 + tables * 20);
}

export interface BetRaceStats {
  /** Bet acknowledgement latency, microseconds. */
  latency: Histogram;
  /** The same since the last progress line. */
  recent: Histogram;
  sent: number;
  accepted: number;
  rejected: Record<string, number>;
  unanswered: number;
  tablesJoined: number;
  tablesRacing: number;
  tablesDone: number;
  tablesFailed: number;
  /** Why tables failed to join or to finish (not correctness violations). */
  failures: string[];
  peakRacing: number;
  racesChecked: number;
  /** Rolls seen (one bot per table counts). */
  rolls: number;
  violations: string[];
  /** With the bots on worker threads: the largest event-loop lag p99 (ms) of those threads since it was last read and reset. */
  threadLagMs: number;
  /** The same, never reset, over only the threads' reports made after their first bet: the lag while bets flowed. */
  racingLagMs: number;
  /** performance.now() of the first bet sent, the last answer received and the last roll seen. */
  firstBetAt: number;
  /** The longest a table took to fill, from the moment its join was due (with `spreadMs`: whether the server kept the schedule). */
  slowestFillMs: number;
  lastAnswerAt: number;
  lastRollAt: number;
}

const ALL_SPACES = [...BOARD_SPACES, ...COLOR_SPACES].map((s) => s.id);
/** The spaces of each horse (win, place, show): where bots crowd after that horse moves. */
const HORSE_SPACES = new Map(HORSES.map((h) => [h, BOARD_SPACES.filter((s) => s.id.endsWith(`-${h}-a`) || s.id.endsWith(`-${h}-b`) || s.id.endsWith(`-${h}-c`)).map((s) => s.id)]));

export function newStats(): BetRaceStats {
  const histogram = () => hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: 3 });
  return {
    latency: histogram(),
    recent: histogram(),
    sent: 0,
    accepted: 0,
    rejected: {},
    unanswered: 0,
    tablesJoined: 0,
    tablesRacing: 0,
    tablesDone: 0,
    tablesFailed: 0,
    failures: [],
    peakRacing: 0,
    racesChecked: 0,
    rolls: 0,
    violations: [],
    threadLagMs: 0,
    racingLagMs: 0,
    firstBetAt: 0,
    slowestFillMs: 0,
    lastAnswerAt: 0,
    lastRollAt: 0,
  };
}

interface Bot {
  room: BotConnection;
  seat: number;
  tokens: number[];
  /** Token of the bet in flight, or null. */
  inFlight: number | null;
  open: boolean;
  race: number;
  lastSeq: number;
  taken: Set<string>;
  random: () => number;
}

/** What one table saw, gathered by its first bot (events) and all bots (answers). */
interface TableLog {
  bets: BetEvent[];
  rolls: { seq: number; horse: string; moved: number }[];
  closedSeq: number[];
  settledSeq: number[];
  settlements: { settlement: Settlement; money: number[] }[];
  answers: Answer[];
}

/** `onTable` receives each finished table's races as checked (the test keeps a sample). */
export async function runBetRace(opts: BetRaceOptions, stats: BetRaceStats = newStats(), onTable?: (races: RaceObservation[]) => void): Promise<BetRaceStats> {
  const transport = opts.transport ?? parlorTransport;
  const tokenSet = opts.bettors >= 7 ? SMALL_TABLE_TOKENS : BASE_TOKENS;
  const gameOptions = { rollIntervalMs: opts.rollMs, startDelayMs: opts.startDelayMs, resultsPauseMs: 300, vip: false, ...(opts.hostSeat ? { hostMode: 'hostSeat' } : {}) };
  const seats = opts.bettors + (opts.hostSeat ? 1 : 0);
  const hostSeat = opts.hostSeat ? 0 : -1;
  const running: Promise<void>[] = [];
  let next = 0;

  /** Joins one table; every bot listens from the moment its join resolves, so it misses no event. */
  const playTable = async (index: number) => {
    const log: TableLog = { bets: [], rolls: [], closedSeq: [], settledSeq: [], settlements: [], answers: [] };
    const bots: Bot[] = [];
    let racing = false;
    let finished: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finished = resolve));

    const bet = (bot: Bot, horse: string) => {
      if (bot.inFlight !== null || bot.tokens.length === 0 || bot.seat === hostSeat) return;
      const hot = HORSE_SPACES.get(horse as (typeof HORSES)[number])!.filter((s) => !bot.taken.has(s));
      const pool = hot.length > 0 && bot.random() < 0.7 ? hot : ALL_SPACES.filter((s) => !bot.taken.has(s));
      if (pool.length === 0) return;
      const space = pool[Math.floor(bot.random() * pool.length)]!;
      const token = bot.tokens.splice(Math.floor(bot.random() * bot.tokens.length), 1)[0]!;
      bot.inFlight = token;
      stats.sent++;
      const sentAt = performance.now();
      if (!stats.firstBetAt) stats.firstBetAt = sentAt;
      bot.room.request(
        { type: 'bet', space, token },
        (ok, payload) => {
          const now = performance.now();
          const micros = Math.max(1, Math.round((now - sentAt) * 1000));
          stats.latency.recordValue(micros);
          stats.recent.recordValue(micros);
          stats.lastAnswerAt = now;
          bot.inFlight = null;
          const code = ok ? '' : String((payload as { code?: unknown } | null)?.code ?? '');
          // A refusal's seq is where the table stood (Parlor says; the floor's events are never behind its replies).
          const told = (payload as { seq?: unknown } | null)?.seq;
          log.answers.push({ seat: bot.seat, space, token, ok, seq: typeof told === 'number' ? told : bot.lastSeq, code });
          if (ok) stats.accepted++;
          else {
            stats.rejected[code] = (stats.rejected[code] ?? 0) + 1;
            bot.tokens.push(token);
          }
        },
        () => {
          bot.inFlight = null;
          stats.unanswered++;
        },
      );
    };

    // A race is done once both its `settled` event and its settlement in the state are in, whichever
    // comes first (Parlor sends a move's events right after the patch that shows it).
    let shown: { race: number; read: () => { settlement: Settlement; money: number[] } } | null = null;
    const settle = () => {
      const race = log.settlements.length + 1;
      if (shown?.race !== race || log.settledSeq.length < race) return;
      log.settlements.push(shown.read());
      if (log.settlements.length >= opts.races) finished();
    };

    const attach = (room: BotConnection) => {
      const bot: Bot = { room, seat: -1, tokens: [...tokenSet], inFlight: null, open: true, race: 1, lastSeq: 0, taken: new Set(), random: () => 0 };
      const observer = bots.length === 0;
      bots.push(bot);
      room.onSeat((seat) => {
        bot.seat = seat;
        bot.random = randomSource(`${opts.seed}/${index}/${seat}`);
      });
      room.onEvents(({ seq, events }: GameEvents) => {
        bot.lastSeq = seq;
        let rolled: string | null = null;
        for (const e of events) {
          if (e.type === 'bet') bot.taken.add(e.space as string);
          else if (e.type === 'roll') rolled = e.horse as string;
          else if (e.type === 'noMoreBets' || e.type === 'settled') bot.open = false;
          else if (e.type === 'raceStart') {
            // A bet still in flight may land in the new race: its token stays out until answered.
            bot.race = e.race as number;
            bot.open = true;
            bot.taken.clear();
            bot.tokens = [...tokenSet];
            if (bot.inFlight !== null) bot.tokens.splice(bot.tokens.indexOf(bot.inFlight), 1);
          }
          if (observer) record(log, seq, e);
          if (observer && e.type === 'roll') {
            stats.rolls++;
            stats.lastRollAt = performance.now();
          }
        }
        if (observer) settle();
        if (observer && rolled && !racing) {
          racing = true;
          stats.tablesRacing++;
          stats.peakRacing = Math.max(stats.peakRacing, stats.tablesRacing);
        }
        if (rolled && bot.open && bot.seat >= 0 && bot.race <= opts.races) bet(bot, rolled);
      });
      if (observer) {
        room.onSettlement((race, read) => {
          shown = { race, read };
          settle();
        });
      }
    };

    const endpoint = (k: number) => opts.endpoints[(index + (transport.joinsAnywhere ? k : 0)) % opts.endpoints.length]!;
    const first = await transport.create(endpoint(0), seats, gameOptions);
    attach(first);
    await Promise.all(Array.from({ length: seats - 1 }, async (_, k) => attach(await transport.join(endpoint(k + 1), first.roomId))));
    stats.tablesJoined++;

    // Wrapped, so that awaiting the join does not also await the races.
    const play = async () => {
      const deadline = opts.startDelayMs + opts.races * (120 * opts.rollMs + 2000) + 60_000;
      let over = false;
      // The seated host rolls every rollMs, one roll in flight; refusals (between races) are expected.
      const hostRolls = async () => {
        let waiting = false;
        for (await sleep(opts.startDelayMs); !over; await sleep(opts.rollMs)) {
          const host = bots.find((b) => b.seat === hostSeat);
          if (!host || waiting) continue;
          waiting = true;
          host.room.request({ type: 'roll' }, () => (waiting = false), () => (waiting = false));
        }
      };
      const rolling = opts.hostSeat ? hostRolls() : Promise.resolve();
      const timedOut = await Promise.race([done.then(() => false), sleep(deadline).then(() => true)]);
      over = true;
      await rolling;
      // Let answers still on the way arrive; what does not within 10 s is lost.
      for (let waited = 0; waited < 10_000 && bots.some((b) => b.inFlight !== null); waited += 20) await sleep(20);
      const lost = bots.filter((b) => b.inFlight !== null).length;
      if (racing) stats.tablesRacing--;
      if (timedOut) {
        stats.tablesFailed++;
        stats.failures.push(`table ${index}: did not finish ${opts.races} races in ${Math.round(deadline / 1000)} s (saw ${log.settlements.length})`);
      }
      const races = observations(log);
      for (const obs of races) {
        stats.racesChecked++;
        stats.violations.push(...checkRace(obs).map((v) => `table ${index} ${v}`));
      }
      onTable?.(races);
      if (lost) stats.violations.push(`table ${index}: ${lost} bet(s) never answered`);
      stats.tablesDone++;
      await Promise.all(bots.map((b) => b.room.leave().catch(() => undefined)));
    };
    return { playing: play() };
  };

  const begun = performance.now();
  const part = opts.part ?? { index: 0, of: 1 };
  next = part.index;
  const worker = async () => {
    while (next < opts.tables) {
      const index = next;
      next += part.of;
      const due = begun + ((opts.spreadMs ?? 0) * index) / opts.tables;
      if (due > performance.now()) await sleep(due - performance.now());
      try {
        const { playing } = await playTable(index);
        stats.slowestFillMs = Math.max(stats.slowestFillMs, performance.now() - due);
        running.push(
          playing.catch((err: Error) => {
            stats.tablesFailed++;
            stats.failures.push(`table ${index}: ${err.message}`);
          }),
        );
      } catch (err) {
        stats.tablesFailed++;
        const e = err as Error & { code?: unknown };
        stats.failures.push(`table ${index}: could not join: ${[e.name, e.code, e.message].filter(Boolean).join(' ')}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.joinConcurrency) }, worker));
  await Promise.all(running);
  return stats;
}

function record(log: TableLog, seq: number, e: { type: string; [k: string]: unknown }) {
  const race = log.settledSeq.length; // races finished so far
  if (e.type === 'bet') log.bets.push({ seq, seat: e.seat as number, space: e.space as string, token: e.token as number });
  else if (e.type === 'roll') log.rolls.push({ seq, horse: e.horse as string, moved: e.moved as number });
  else if (e.type === 'noMoreBets') log.closedSeq[race] ??= seq;
  else if (e.type === 'settled') {
    log.closedSeq[race] ??= seq; // finished before the red line closed betting
    log.settledSeq.push(seq);
  }
}

/** Splits the table's log into races by the seq of each `settled` event. */
export function observations(log: TableLog): RaceObservation[] {
  let money: number[] = [];
  return log.settlements.map(({ settlement, money: after }, i) => {
    const from = log.settledSeq[i - 1] ?? 0;
    const to = log.settledSeq[i]!;
    const within = (x: { seq: number }) => x.seq > from && x.seq <= to;
    const obs: RaceObservation = {
      race: i + 1,
      closedSeq: log.closedSeq[i]!,
      bets: log.bets.filter(within),
      rolls: log.rolls.filter(within),
      answers: log.answers.filter(within),
      settlement,
      moneyBefore: money,
      moneyAfter: after,
    };
    money = after;
    return obs;
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
