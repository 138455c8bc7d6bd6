/**
 * A game stored before one of its options existed — a record, or a journal a peer recovers — is replayed
 * under the rule it was played by (the game's `legacyOptions`), not under the option's later default; and
 * one stored before records named their random generator, with the generator of its day (xoshiro128**); and one
 * whose moves were a form the game still takes though it lists others now (TAC's 7 step by step) as played; and a
 * choice option takes every value it took before its choices were named for people.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toJSONSchema } from 'zod';
import { SYSTEM, canonicalJson, recordedOptions, type Actor } from '../src/core/game.ts';
import { game as greatWesternTrail } from '../src/games/great-western-trail/index.ts';
import { games } from '../src/games/index.ts';
import { randomSource, seedFor } from '../src/core/rng.ts';
import { game as readySetBet } from '../src/games/ready-set-bet/index.ts';
import { game as tac } from '../src/games/tac/index.ts';
import type { TacMove } from '../src/games/tac/types.ts';
import { game as tractor } from '../src/games/tractor/index.ts';
import type { TractorMove, TractorState } from '../src/games/tractor/types.ts';
import { verifyRecord } from '../src/server/verify.ts';
import { asPlayed, replayStored, type StoredMeta } from '../rooms/journal.ts';
import type { StoredGame } from '../src/server/game-store.ts';

const SEED = 'legacy-1';
/** The seed text that drew as games of that day did. */
const PLAYED_SEED = seedFor(SEED, 'xoshiro128**');

/**
 * A whole 4-seat game as Tractor was played before `throwUnits` existed (a tractor inside a throw counted
 * whole): every lead is the longest listed, so throws holding tractors come often; the rest is the bots'.
 */
function playedBeforeThrowUnits() {
  let state: TractorState = tractor.setup(tractor.options.parse({ throwUnits: 'tractors' }), 4, PLAYED_SEED);
  const random = randomSource(`${SEED}/moves-6`);
  const moves: { actor: Actor; move: TractorMove }[] = [];
  while (tractor.activeActors(state).length > 0) {
    const actors = tractor.activeActors(state).filter((a) => tractor.legalMoves(state, a).length > 0);
    const actor = actors.includes(SYSTEM) && random() < 0.7 ? SYSTEM : actors[Math.floor(random() * actors.length)]!;
    const legal = tractor.legalMoves(state, actor);
    const longest = legal.reduce((a, b) => (b.type === 'play' && (a.type !== 'play' || b.cards.length > a.cards.length) ? b : a));
    const move = actor === SYSTEM ? legal[0]! : state.trick.length === 0 && longest.type === 'play' ? longest : (tractor.bot(tractor.viewFor(state, actor), legal, random, actor) ?? legal[0]!);
    const r = tractor.applyMove(state, actor, move);
    if (!r.ok) throw new Error(`move refused: ${r.error.code}`);
    state = r.state;
    moves.push({ actor, move });
  }
  // Stored as it was then: every option of the day, no throwUnits, no generator named.
  const { throwUnits: _, ...options } = state.options;
  return { options, moves, final: state, outcome: tractor.outcome(state)! };
}

describe('a game stored before an option existed', () => {
  const old = playedBeforeThrowUnits();

  it('is one that replays differently under the new default (else this test proves nothing)', () => {
    let state = tractor.setup(tractor.options.parse(old.options), 4, PLAYED_SEED);
    const refused = old.moves.findIndex(({ actor, move }) => {
      const r = tractor.applyMove(state, actor, move);
      if (r.ok) state = r.state;
      return !r.ok;
    });
    expect(refused).toBeGreaterThan(0);
  });

  it('verifies as played: the record lacking throwUnits replays with tractors counted whole', () => {
    const record = { game: 'tractor', options: old.options, seats: 4, seed: SEED, moves: old.moves };
    const report = verifyRecord({ record, result: old.outcome });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, moves: old.moves.length, checks: { moves: 'all legal', finished: true, result: 'match' } });
  });

  it('is replayed with the generator of its day: the same record said to draw from chacha20 deals other cards and fails', () => {
    const record = { game: 'tractor', options: old.options, seats: 4, seed: SEED, moves: old.moves };
    expect(verifyRecord({ record: { ...record, rng: 'xoshiro128**' }, result: old.outcome }).ok).toBe(true);
    const report = verifyRecord({ record: { ...record, rng: 'chacha20' }, result: old.outcome });
    expect(report.ok).toBe(false);
    expect(report.checks.moves).toBe('failed');
    // Nor can the seed's text pick the former generator for a record that names chacha20.
    const marked = verifyRecord({ record: { ...record, seed: PLAYED_SEED, rng: 'chacha20' }, result: old.outcome });
    expect(marked).toMatchObject({ ok: false, problems: [expect.stringMatching(/may not begin with "xoshiro128\*\*:"/)] });
  });

  it('is recovered as played from a journal lacking the option, its snapshot set aside', () => {
    const snapshotAt = Math.floor(old.moves.length / 2);
    let atSnapshot = tractor.setup(tractor.options.parse({ ...old.options, throwUnits: 'tractors' }), 4, PLAYED_SEED);
    for (const { actor, move } of old.moves.slice(0, snapshotAt)) atSnapshot = (tractor.applyMove(atSnapshot, actor, move) as { state: TractorState }).state;
    const { throwUnits: _, ...snapshotOptions } = atSnapshot.options;
    const meta = { game: 'tractor', table: { seats: 4, bots: 0, options: old.options, turnSeconds: 0, key: '' }, seed: SEED, status: 'playing', invite: '', seats: [] };
    const stored = { meta, snapshot: { seq: snapshotAt, state: { ...atSnapshot, options: snapshotOptions } }, moves: old.moves } as unknown as StoredGame<StoredMeta>;

    const resumed = asPlayed(tractor, stored);
    expect(resumed.meta.table.options).toEqual(tractor.options.parse({ ...old.options, throwUnits: 'tractors' }));
    expect(resumed.snapshot).toBeNull();
    expect(canonicalJson(replayStored(tractor, resumed))).toBe(canonicalJson(old.final));
  });

  it('leaves a journal that has every option as it is, snapshot included', () => {
    const options = tractor.options.parse({ ...old.options, throwUnits: 'pairs' });
    const stored = { meta: { table: { options } }, snapshot: { seq: 1, state: {} }, moves: [] } as unknown as StoredGame<StoredMeta>;
    expect(asPlayed(tractor, stored)).toBe(stored);
  });

  it('gives a journal lacking an option whose default plays as before that default, not nothing', () => {
    // Great Western Trail before auxAfterCopy, auxiliary5Cards, skipOnlySteps and endTurn: all but the second have a
    // former rule, the second's default is the old one.
    const { auxAfterCopy: _a, auxiliary5Cards: _b, skipOnlySteps: _c, endTurn: _d, ...before } = greatWesternTrail.options.parse({});
    const stored = { meta: { table: { options: before } }, snapshot: { seq: 1, state: {} }, moves: [] } as unknown as StoredGame<StoredMeta>;
    const resumed = asPlayed(greatWesternTrail, stored);
    expect(resumed.meta.table.options).toMatchObject({ auxAfterCopy: 'offered', auxiliary5Cards: 'outOfGame', skipOnlySteps: 'asked', endTurn: 'asked' });
    expect(resumed.snapshot).toBeNull();
  });

  it("plays Great Western Trail's end as one more turn for every other player when the record has no finalRound", () => {
    const { finalRound: _, ...before } = greatWesternTrail.options.parse({});
    expect(greatWesternTrail.options.parse({}).finalRound).toBe('endOfRound');
    expect(greatWesternTrail.options.parse(recordedOptions(greatWesternTrail, before))).toMatchObject({ finalRound: 'everyoneOnce' });
    expect(greatWesternTrail.options.parse(recordedOptions(greatWesternTrail, { ...before, finalRound: 'endOfRound' }))).toMatchObject({ finalRound: 'endOfRound' });
  });

  it("plays Great Western Trail's city-pair objective as compulsory when the record has no cityPairObjective", () => {
    const { cityPairObjective: _, ...before } = greatWesternTrail.options.parse({});
    expect(greatWesternTrail.options.parse(recordedOptions(greatWesternTrail, before))).toMatchObject({ cityPairObjective: 'must' });
    expect(greatWesternTrail.options.parse(recordedOptions(greatWesternTrail, { ...before, cityPairObjective: 'may' }))).toMatchObject({ cityPairObjective: 'may' });
  });
});

describe('a Great Western Trail game recorded before its turns ended by themselves', () => {
  /** A whole 2-seat game as played then: every turn ended with an endTurn move (or in Kansas City); the moves the bots'. */
  const played = () => {
    const options = greatWesternTrail.options.parse({ endTurn: 'asked' });
    let state = greatWesternTrail.setup(options, 2, seedFor(SEED, 'chacha20'));
    const random = randomSource(`${SEED}/gwt`);
    const moves: { actor: Actor; move: unknown }[] = [];
    while (greatWesternTrail.activeActors(state).length > 0) {
      const actor = state.current;
      const move = greatWesternTrail.bot(greatWesternTrail.viewFor(state, actor), greatWesternTrail.legalMoves(state, actor), random, actor);
      const r = greatWesternTrail.applyMove(state, actor, move);
      if (!r.ok) throw new Error(`move refused: ${r.error.code}`);
      state = r.state;
      moves.push({ actor, move });
    }
    const { endTurn: _, ...before } = options;
    return { record: { game: 'great-western-trail', options: before, seats: 2, seed: SEED, rng: 'chacha20' as const, moves }, outcome: greatWesternTrail.outcome(state)! };
  };

  it('verifies as played, its endTurn moves included; under the new default the first of them is refused', () => {
    const { record, outcome } = played();
    const ends = record.moves.filter(({ move }) => (move as { type: string }).type === 'endTurn').length;
    expect(ends).toBeGreaterThan(10);
    const report = verifyRecord({ record, result: outcome });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, moves: record.moves.length, checks: { moves: 'all legal', finished: true, result: 'match' } });
    const now = verifyRecord({ record: { ...record, options: { ...record.options, endTurn: 'auto' } }, result: outcome });
    expect(now.ok).toBe(false);
    expect(now.problems[0]).toMatch(/refused: great-western-trail\/turn-ended/);
  });
});

describe("a Ready Set Bet game stored before the bettors beside a seated host who does not bet waited for its first roll", () => {
  /**
   * A whole game as played then at such a table (seat 0 hosts, seats 1 and 2 bet): seat 1 bets its largest token
   * before the host's first roll of every race, the host rolls, the clock moves on between races. Stored with every
   * option of its day: `hostBetsFirst` (its default, no effect without host bets) and no `betsFromFirstRoll`.
   */
  const played = () => {
    const options = readySetBet.options.parse({ hostMode: 'hostSeat', betsFromFirstRoll: false });
    let state = readySetBet.setup(options, 3, seedFor(SEED, 'chacha20'));
    const moves: { actor: Actor; move: unknown }[] = [];
    while (readySetBet.activeActors(state).length > 0) {
      const early = state.phase === 'racing' && state.rolls === 0 && !state.bets.some((b) => b.seat === 1);
      const actor = early ? 1 : readySetBet.activeActors(state)[0]!;
      const legal = readySetBet.legalMoves(state, actor);
      const move = early ? legal.find((m) => m.type === 'bet' && m.token === 5)! : legal[0]!;
      const r = readySetBet.applyMove(state, actor, move);
      if (!r.ok) throw new Error(`move refused: ${r.error.code}`);
      state = r.state;
      moves.push({ actor, move });
    }
    const { betsFromFirstRoll: _, ...before } = options;
    return { record: { game: 'ready-set-bet', options: before, seats: 3, seed: SEED, rng: 'chacha20' as const, moves }, final: state, outcome: readySetBet.outcome(state)! };
  };
  const old = played();

  it('verifies as played, its bets before the first rolls included; under the new default the first of them is refused', () => {
    const { record, outcome } = old;
    expect(record.options).toMatchObject({ hostMode: 'hostSeat', hostBets: false, hostBetsFirst: true });
    expect(old.final.settlements).toHaveLength(4);
    expect(old.final.settlements.every((s) => s.players.some((p) => p.seat === 1 && p.lines.some((l) => l.token === 5)))).toBe(true);
    const report = verifyRecord({ record, result: outcome });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, moves: record.moves.length, checks: { moves: 'all legal', finished: true, result: 'match' } });
    const now = verifyRecord({ record: { ...record, options: { ...record.options, betsFromFirstRoll: true } }, result: outcome });
    expect(now.ok).toBe(false);
    expect(now.problems[0]).toMatch(/refused: ready-set-bet\/race-not-started/);
  });

  it('is recovered as played from a journal lacking the option, its snapshot set aside', () => {
    const snapshotAt = Math.floor(old.record.moves.length / 2);
    let atSnapshot = readySetBet.setup(readySetBet.options.parse({ ...old.record.options, betsFromFirstRoll: false }), 3, seedFor(SEED, 'chacha20'));
    for (const { actor, move } of old.record.moves.slice(0, snapshotAt)) atSnapshot = (readySetBet.applyMove(atSnapshot, actor, move) as { state: typeof atSnapshot }).state;
    const { betsFromFirstRoll: _, ...snapshotOptions } = atSnapshot.options;
    const meta = { game: 'ready-set-bet', table: { seats: 3, bots: 0, options: old.record.options, turnSeconds: 0, key: '' }, seed: SEED, rng: 'chacha20', status: 'playing', invite: '', seats: [] };
    const stored = { meta, snapshot: { seq: snapshotAt, state: { ...atSnapshot, options: snapshotOptions } }, moves: old.record.moves } as unknown as StoredGame<StoredMeta>;

    const resumed = asPlayed(readySetBet, stored);
    expect(resumed.meta.table.options).toMatchObject({ betsFromFirstRoll: false });
    expect(resumed.snapshot).toBeNull();
    expect(canonicalJson(replayStored(readySetBet, resumed))).toBe(canonicalJson(old.final));
  });
});

describe('a TAC game recorded before a 7 could move a marble several fields at once', () => {
  const record: { seats: number; options: unknown; seed: string; moves: { actor: Actor; move: TacMove }[]; final: Record<string, unknown> } =
    JSON.parse(readFileSync(new URL('./fixture/tac-single-steps-game.json', import.meta.url), 'utf8'));

  it('replays its single steps to the state it was recorded with', () => {
    // The record's 7s: single steps only, some knocking out a marble the 7 then moves on from.
    expect(record.moves.filter((m) => m.move.type === 'step').length).toBeGreaterThan(30);
    let s = tac.setup(tac.options.parse(record.options), record.seats, record.seed);
    for (const [i, { actor, move }] of record.moves.entries()) {
      const r = tac.applyMove(s, actor, move);
      if (!r.ok) throw new Error(`move ${i} ${JSON.stringify(move)} refused: ${r.error.code}`);
      s = r.state;
    }
    expect({ marbles: s.marbles, hands: s.hands, discard: s.discard, turn: s.turn, round: s.round }).toEqual(record.final);
  });
});
/**
 * Every value a choice option had before its choices were named for people (`titledChoice`), as records, journals
 * and clients of that day may hold them: each still parses to itself, the choices are these and no others, and
 * the defaults are as they were.
 */
const CHOICES: Record<string, Record<string, readonly unknown[]>> = {
  'fast-track': {
    board: ['auto', 'square', 'hex'],
    coloursPerPlayer: ['auto', 1, 2, 3],
    teams: ['none', 'pairs', 'triples'],
    partnerMarbles: ['always', 'afterFinishing'],
    fastTrackObligation: ['strict', 'loseStatus'],
    ringStepOff: ['never', 'moveStart', 'anyHop'],
    bullseyeEntry: ['anyFastTrack', 'ownFastTrack'],
    jackSwap: ['withOwn', 'anyTwo'],
  },
  tractor: {
    mode: ['tractor', 'findingFriends'],
    friendCards: ['nonTrump', 'trumpsIncluded', 'noHighest', 'noPoints'],
    friendJoin: ['unrestricted', 'noDoubleJoin'],
    startLevel: ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'],
    topLevel: ['A', 'NT'],
    mustDefend: ['A', 'pointsAndA', 'none'],
    firstStarter: ['winningBid', 'firstBid'],
    noBidFirstHand: ['redeal', 'noTrump'],
    noBidLaterHand: ['levelOrHighest', 'firstCard', 'noTrump'],
    bidPolicy: ['jokerOrGreaterLength', 'jokerOrHigherSuit', 'greaterLength'],
    reinforcement: ['whileWinning', 'overturnOrReinforce', 'none'],
    jokerBids: ['pairOrMore', 'allDecks', 'disabled'],
    buryRestriction: ['none', 'noPoints', 'noPointsOrTrumps'],
    tractorFollow: ['pairs', 'tractors'],
    throwEvaluation: ['largestUnit', 'all'],
    throwUnits: ['pairs', 'tractors'],
    throwForced: ['smallest', 'firstBlocker'],
    throwPenalty: ['none', 'tenPerAttempt', 'tenPerCard'],
    throwPenaltySide: ['handEnd', 'atThrow'],
    kittyReveal: ['attackersLastTrick', 'always'],
    kittyMultiplier: ['cards', 'largestUnit', 'power'],
  },
  'great-western-trail': {
    neutralBuildings: ['firstGame', 'random'],
    privateBuildings: ['sideA', 'randomSides'],
    firstTurn: ['neutral', 'anyBuilding'],
    fees: ['payWhatYouCan', 'mustAfford'],
    tieBreak: ['shared', 'money'],
    cowboysInStack2: [11, 12],
    unplaceableSetupTile: ['discard', 'return'],
    turnoutTransport: ['next', 'previous'],
    extraordinaryTurnout: ['notCounted', 'counted'],
    stationMasterTeepee: ['trade', 'free'],
    finalRound: ['everyoneOnce', 'endOfRound'],
    kansasCityVp: [6, -6],
    lastSpace: ['autoUpgrade', 'upgradeThenBack'],
    doubleAuxiliary: ['rulesDocument', 'printedBoard'],
    finalTurn: ['kansasCity', 'normal'],
    permanentCertificates: ['may', 'always'],
    cityPairObjective: ['may', 'must'],
    jerseyBonus: ['always', 'whenHeld'],
    upgrade9b: ['atOrBehind', 'behind'],
    revealedHandOrder: ['sorted', 'asHeld'],
    auxAfterCopy: ['never', 'offered'],
    auxiliary5Cards: ['outOfGame', 'discarded'],
    skipOnlySteps: ['passed', 'asked'],
    endTurn: ['auto', 'asked'],
    copyAdjacency: ['direct', 'nearestLocation'],
  },
  'ready-set-bet': {
    hostMode: ['server', 'hostSeat'],
    repeatMatch: ['horse', 'sum'],
    horseTies: ['competition', 'dense'],
    tieBreak: ['shared', 'fewestVip', 'mostWinningBets'],
  },
  tac: {
    sixTeams: ['3x2', '2x3'],
    sixSpacing: [11, 16],
    tacTakesBack: ['right', 'previous'],
  },
};
const DEFAULTS: Record<string, Record<string, unknown>> = {
  'fast-track': { board: 'auto', coloursPerPlayer: 'auto', teams: 'none', partnerMarbles: 'always', friendlyCapture: true, fastTrackObligation: 'strict', ringStepOff: 'never', bullseyeEntry: 'anyFastTrack', bullseyeBackward: true, bullseyeCapture: true, jackSwap: 'anyTwo', stallRelief: 0 },
  tractor: { mode: 'tractor', friends: 0, friendCards: 'nonTrump', friendJoin: 'unrestricted', smallTeamBonus: true, startLevel: '2', topLevel: 'A', mustDefend: 'A', handLimit: 0, jackBackToTwo: false, firstStarter: 'winningBid', noBidFirstHand: 'redeal', redealLimit: 10, noBidLaterHand: 'levelOrHighest', bidPolicy: 'jokerOrGreaterLength', reinforcement: 'whileWinning', bidTakeback: false, jokerBids: 'pairOrMore', kittyTheft: false, buryRestriction: 'none', tractorFollow: 'pairs', throwEvaluation: 'largestUnit', throwUnits: 'pairs', throwForced: 'smallest', throwPenalty: 'none', throwPenaltySide: 'handEnd', kittyReveal: 'attackersLastTrick', kittyMultiplier: 'cards', dealDelayMs: 150, declareWindowMs: 5000, handEndDelayMs: 6000 },
  'great-western-trail': { neutralBuildings: 'firstGame', privateBuildings: 'sideA', firstTurn: 'neutral', fees: 'payWhatYouCan', tieBreak: 'shared', cowboysInStack2: 11, unplaceableSetupTile: 'discard', turnoutTransport: 'next', extraordinaryTurnout: 'notCounted', requireAction: true, stationMasterTeepee: 'trade', finalRound: 'endOfRound', kansasCityVp: 6, lastSpace: 'autoUpgrade', doubleAuxiliary: 'rulesDocument', refillMarketAtEnd: true, finalTurn: 'kansasCity', objectivesInKansasCity: false, permanentCertificates: 'may', cityPairObjective: 'may', jerseyBonus: 'always', upgrade9b: 'atOrBehind', revealedHandOrder: 'sorted', auxAfterCopy: 'never', auxiliary5Cards: 'outOfGame', skipOnlySteps: 'passed', endTurn: 'auto', copyAdjacency: 'direct' },
  'ready-set-bet': { hostMode: 'server', hostBets: false, hostBetsFirst: true, betsFromFirstRoll: true, rollIntervalMs: 1000, startDelayMs: 3000, resultsPauseMs: 8000, draftTimeoutMs: 30000, redLine: 10, tripleRule: true, repeatMatch: 'horse', fewerTokensAtSeven: true, horseTies: 'competition', propTieWins: false, props: true, exotics: true, exoticsPersist: true, vip: true, startingMoney: 0, moneyFloor: true, tieBreak: 'shared' },
  tac: { master: false, sixTeams: '3x2', sixSpacing: 11, tacTakesBack: 'right', announce: true, dealDelayMs: 800 },
};

describe('a choice option, now listed with a title for each value', () => {
  it('takes every value it took, each as itself, and no other; the defaults are as they were', () => {
    expect(games.map((g) => g.id)).toEqual(Object.keys(CHOICES));
    for (const g of games) {
      const listed = toJSONSchema(g.options, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { enum?: unknown[]; anyOf?: { const?: unknown }[] }> };
      const choices = Object.fromEntries(Object.entries(listed.properties).flatMap(([key, o]) => (o.enum ? [[key, o.enum]] : o.anyOf ? [[key, o.anyOf.map((c) => c.const)]] : [])));
      expect(choices, g.id).toEqual(CHOICES[g.id]);
      for (const [key, values] of Object.entries(CHOICES[g.id]!)) {
        for (const value of values) expect(g.options.parse({ [key]: value })[key], `${g.id}.${key}`).toBe(value);
        expect(g.options.safeParse({ [key]: 'noSuchChoice' }).success, `${g.id}.${key}`).toBe(false);
      }
      expect(g.options.parse({}), g.id).toEqual(DEFAULTS[g.id]);
    }
    // Fast Track's ringStepOff was a yes/no: records and requests of that day still read as they played.
    const fastTrack = games.find((g) => g.id === 'fast-track')!;
    expect([true, false].map((yes) => fastTrack.options.parse({ ringStepOff: yes }).ringStepOff)).toEqual(['moveStart', 'never']);
  });
});
