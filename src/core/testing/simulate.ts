/**
 * The shared random-simulation harness. It plays seeded random games of any engine and checks, at
 * every step, the invariants every engine promises (see src/core/game.ts):
 *
 *  1. over ⇔ no active actor ⇔ outcome present; every active actor has a legal move (a seat listed
 *     beside SYSTEM acts optionally and may have none), others have none
 *  2. every listed legal move applies (all of them, or a seeded sample when the list is long)
 *  3. inputs are never mutated (states are deep-frozen before the engine sees them)
 *  4. state, views and moves are JSON-plain and round-trip through JSON; every legal move is canonical
 *     (the game's move shapes keep it as it is: what a client echoes back is what gets recorded)
 *  5. the public part of a view is the same for every viewer; spectators get no private part
 *  6. no leak: re-dealing what a viewer cannot see (the engine's `resample`) changes neither its
 *     view, nor its legal moves, nor the public list of active actors
 *  7. the bot, acting from its own view, picks a move that applies
 *  8. the engine's own invariants (conservation of cards, marbles, money, …) hold
 *  9. the game ends within `maxSteps`
 * 10. replaying the recorded moves from the same seed gives the same final state
 */
import type { Actor, AnyGame, MoveBase, Outcome } from '../game.ts';
import { EXPECT_SEQ_FIELD, SPECTATOR, SYSTEM, actsOptionally, canonicalJson, canonicalMove, sameMove, standardTableSizes } from '../game.ts';
import { expandPattern } from '../../../client/legal-moves.ts';
import { pick, randomSource } from '../rng.ts';
import { deepFreeze, firstDifference, jsonPlainProblem, sameJson } from './invariants.ts';

export interface SimulationConfig {
  /** Number of games to play. */
  games: number;
  /** Table sizes to cycle through (default: every size in the game's range). */
  seats?: number[];
  /** Option sets to cycle through (default: the standard game). Each is parsed by the game's schema. */
  options?: unknown[];
  /** Base seed; game i uses `${seed}#${i}`. */
  seed?: string;
  /** A game longer than this fails the termination check. */
  maxSteps?: number;
  /** Share of seat moves chosen by the bot rather than uniformly at random (0..1). */
  botShare?: number;
  /** Try every legal move when there are at most this many; otherwise a sample of this size. */
  tryMovesUpTo?: number;
  /** Run the leak probe every N steps (0 = never). */
  resampleEvery?: number;
}

export interface GameRecord {
  options: unknown;
  seats: number;
  seed: string;
  moves: { actor: Actor; move: MoveBase }[];
}

export interface SimulationReport {
  games: number;
  steps: number;
  longest: number;
  outcomes: Outcome[];
}

type Fail = (message: string, step: number) => InvariantViolation;

export class InvariantViolation extends Error {
  readonly record: GameRecord;
  readonly step: number;
  constructor(message: string, record: GameRecord, step: number) {
    super(`${message}\n  at step ${step} of seats=${record.seats} seed=${JSON.stringify(record.seed)} options=${JSON.stringify(record.options)}`);
    this.record = record;
    this.step = step;
  }
}

/** Engine calls that throw (a bug by the contract, e.g. writing to a frozen input) become violations. */
function guarded(game: AnyGame, record: GameRecord): AnyGame {
  const wrap = <A extends unknown[], R>(name: string, fn: (...args: A) => R) => (...args: A): R => {
    try {
      return fn(...args);
    } catch (e) {
      if (e instanceof InvariantViolation) throw e;
      throw new InvariantViolation(`[${game.id}] ${name} threw: ${(e as Error).message}`, record, record.moves.length);
    }
  };
  return {
    ...game,
    setup: wrap('setup', game.setup.bind(game)),
    activeActors: wrap('activeActors', game.activeActors.bind(game)),
    ...(game.optionalMove ? { optionalMove: wrap('optionalMove', game.optionalMove.bind(game)) } : {}),
    legalMoves: wrap('legalMoves', game.legalMoves.bind(game)),
    applyMove: wrap('applyMove', game.applyMove.bind(game)),
    viewFor: wrap('viewFor', game.viewFor.bind(game)),
    ...(game.privateView ? { privateView: wrap('privateView', game.privateView.bind(game)) } : {}),
    ...(game.legalMovePatterns ? { legalMovePatterns: wrap('legalMovePatterns', game.legalMovePatterns.bind(game)) } : {}),
    ...(game.choices ? { choices: wrap('choices', game.choices.bind(game)) } : {}),
    outcome: wrap('outcome', game.outcome.bind(game)),
    bot: wrap('bot', game.bot.bind(game)),
    ...(game.invariants ? { invariants: wrap('invariants', game.invariants.bind(game)) } : {}),
    ...(game.resample ? { resample: wrap('resample', game.resample.bind(game)) } : {}),
  };
}

export function simulate(game: AnyGame, config: SimulationConfig): SimulationReport {
  // By default every table size the standard game accepts (some games skip a size, e.g. TAC has no 5).
  const seatsList = config.seats ?? standardTableSizes(game);
  const optionsList = config.options ?? [{}];
  const report: SimulationReport = { games: 0, steps: 0, longest: 0, outcomes: [] };
  for (let i = 0; i < config.games; i++) {
    const seed = `${config.seed ?? 'sim'}#${i}`;
    const seats = seatsList[i % seatsList.length]!;
    const options = game.options.parse(optionsList[Math.floor(i / seatsList.length) % optionsList.length]);
    const record: GameRecord = { options, seats, seed, moves: [] };
    const { steps, outcome } = playOne(guarded(game, record), record, config);
    report.games++;
    report.steps += steps;
    report.longest = Math.max(report.longest, steps);
    report.outcomes.push(outcome);
  }
  return report;
}

function playOne(game: AnyGame, record: GameRecord, config: SimulationConfig): { steps: number; outcome: Outcome } {
  const maxSteps = config.maxSteps ?? 20_000;
  const tryUpTo = config.tryMovesUpTo ?? 24;
  const resampleEvery = config.resampleEvery ?? 7;
  const random = randomSource(`${record.seed}/harness`);
  const fail: Fail = (message, step) => new InvariantViolation(`[${game.id}] ${message}`, record, step);

  const setupProblem = game.validateSetup?.(record.options, record.seats);
  if (setupProblem) throw fail(`options rejected for ${record.seats} seats: ${setupProblem.code}`, 0);
  let state = deepFreeze(game.setup(record.options, record.seats, record.seed));

  for (let step = 0; ; step++) {
    checkState(game, state, record.seats, step, fail, random, resampleEvery > 0 && step % resampleEvery === 0);
    const actors = game.activeActors(state);
    const outcome = game.outcome(state);
    if (actors.length === 0) {
      if (!outcome) throw fail('no active actor but no outcome', step);
      checkReplay(game, record, state, step, fail);
      return { steps: step, outcome: outcome! };
    }
    if (outcome) throw fail(`outcome present while ${actors.join(',')} may act`, step);
    if (step >= maxSteps) throw fail(`no end after ${maxSteps} steps`, step);

    const optional = (actor: Actor) => actor !== SYSTEM && actsOptionally(game, state, actors, actor);
    // Someone must drive the game on: SYSTEM, or a seat whose move the game waits for (a clock forces it).
    if (!actors.includes(SYSTEM) && actors.every(optional)) throw fail(`every listed seat (${actors.join(',')}) acts optionally and no SYSTEM step drives the game`, step);
    const movers: Actor[] = [];
    for (const actor of actors) {
      const legal = game.legalMoves(state, actor);
      if (legal.length === 0) {
        if (optional(actor)) continue;
        throw fail(`active actor ${actor} has no legal move`, step);
      }
      movers.push(actor);
      const sample = legal.length <= tryUpTo ? legal : Array.from({ length: tryUpTo }, () => pick(random, legal));
      for (const move of sample) {
        const p = jsonPlainProblem(move);
        if (p) throw fail(`legal move is not JSON-plain: ${p}`, step);
        const canonical = canonicalMove(game, move);
        if (!canonical.ok || !sameMove(canonical.move, move) || EXPECT_SEQ_FIELD in move) {
          throw fail(`legal move ${JSON.stringify(move)} is not canonical: ${canonical.ok ? JSON.stringify(canonical.move) : canonical.error.message}`, step);
        }
        const r = game.applyMove(state, actor, move);
        if (!r.ok) throw fail(`listed legal move ${JSON.stringify(move)} of actor ${actor} rejected: ${r.error.code}`, step);
      }
    }

    const actor = pick(random, movers);
    const legal = game.legalMoves(state, actor);
    let move: MoveBase = pick(random, legal);
    if (actor !== SYSTEM) {
      const botMove = game.bot(game.viewFor(state, actor), legal, random, actor);
      if (botMove === null) {
        if (!optional(actor)) throw fail(`bot of seat ${actor} declined a move the game waits for`, step);
      } else {
        const r = game.applyMove(state, actor, botMove);
        if (!r.ok) throw fail(`bot move ${JSON.stringify(botMove)} of seat ${actor} rejected: ${r.error.code}`, step);
        if (random() < (config.botShare ?? 0.5)) move = botMove;
      }
    }
    const result = game.applyMove(state, actor, move);
    if (!result.ok) throw fail(`chosen move rejected: ${result.error.code}`, step);
    const p = jsonPlainProblem(result.events);
    if (p) throw fail(`events are not JSON-plain: ${p}`, step);
    record.moves.push({ actor, move });
    state = deepFreeze(result.state);
  }
}

function checkState(
  game: AnyGame,
  state: unknown,
  seats: number,
  step: number,
  fail: Fail,
  random: () => number,
  probeLeaks: boolean,
): void {
  const plain = jsonPlainProblem(state);
  if (plain) throw fail(`state is not JSON-plain: ${plain}`, step);
  const violations = game.invariants?.(state) ?? [];
  if (violations.length) throw fail(`invariant: ${violations.join('; ')}`, step);

  const spectator = game.viewFor(state, SPECTATOR);
  if (spectator.private !== null) throw fail('spectator view has a private part', step);
  const sp = jsonPlainProblem(spectator);
  if (sp) throw fail(`spectator view is not JSON-plain: ${sp}`, step);
  const actors = game.activeActors(state);
  for (let seat = 0; seat < seats; seat++) {
    const view = game.viewFor(state, seat);
    if (JSON.stringify(view.public) !== JSON.stringify(spectator.public) && !sameJson(view.public, spectator.public)) {
      throw fail(`public view of seat ${seat} differs from the spectator's: ${firstDifference(view.public, spectator.public)}`, step);
    }
    const vp = jsonPlainProblem(view);
    if (vp) throw fail(`view of seat ${seat} is not JSON-plain: ${vp}`, step);
    if (game.privateView && !sameJson(game.privateView(state, seat), view.private)) {
      throw fail(`privateView of seat ${seat} differs from viewFor's private part: ${firstDifference(game.privateView(state, seat), view.private)}`, step);
    }
    if (!actors.includes(seat) && game.legalMoves(state, seat).length > 0) throw fail(`inactive seat ${seat} has legal moves`, step);
    if (game.legalMovePatterns) checkPatterns(game, state, seat, step, fail);
  }
  if (game.choices) {
    for (const [name, values] of Object.entries(game.choices(state))) {
      const p = jsonPlainProblem(values);
      if (p) throw fail(`choice set ${name} is not JSON-plain: ${p}`, step);
      if (new Set(values.map((v) => JSON.stringify(v))).size !== values.length) throw fail(`choice set ${name} lists a value twice`, step);
    }
  }
  if (probeLeaks && game.resample) {
    for (const viewer of [SPECTATOR, ...range(0, seats - 1)]) {
      const other = game.resample(state, viewer, random);
      const othersActors = game.activeActors(other);
      if (!sameJson(othersActors, actors)) {
        throw fail(`leak: the public active actors change when hidden information is re-dealt for viewer ${viewer}: [${actors.join(',')}] ≠ [${othersActors.join(',')}]`, step);
      }
      // Which listed seats act optionally is public too: the room clocks the others (seats[i].clocked).
      const optional = (s: unknown) => actors.filter((a) => a !== SYSTEM && actsOptionally(game, s, actors, a));
      if (!sameJson(optional(other), optional(state))) {
        throw fail(`leak: the seats that act optionally change when hidden information is re-dealt for viewer ${viewer}: [${optional(state).join(',')}] ≠ [${optional(other).join(',')}]`, step);
      }
      // And the server's step (a new one restarts the wait that `stepDeadline` shows everyone), and where a turn ends.
      if (game.systemStep && game.systemStep(other) !== game.systemStep(state)) {
        throw fail(`leak: the server's step changes when hidden information is re-dealt for viewer ${viewer}: ${game.systemStep(state)} ≠ ${game.systemStep(other)}`, step);
      }
      if (game.continuesTurn && game.continuesTurn(other) !== game.continuesTurn(state)) {
        throw fail(`leak: whether the turn goes on changes when hidden information is re-dealt for viewer ${viewer}`, step);
      }
      const d = firstDifference(game.viewFor(other, viewer), game.viewFor(state, viewer));
      if (d) throw fail(`leak: viewer ${viewer}'s view changes when hidden information is re-dealt: ${d}`, step);
      if (game.choices && !sameJson(game.choices(other), game.choices(state))) {
        throw fail(`leak: the public choice sets change when hidden information is re-dealt for viewer ${viewer}`, step);
      }
      if (viewer !== SPECTATOR && !sameJson(game.legalMoves(other, viewer), game.legalMoves(state, viewer))) {
        throw fail(`leak: seat ${viewer}'s legal moves change when hidden information is re-dealt`, step);
      }
    }
  }
}

/** The synced (pattern) form of a seat's legal moves stands for exactly its legal moves, each once. */
function checkPatterns(game: AnyGame, state: unknown, seat: number, step: number, fail: Fail): void {
  const choices = game.choices?.(state) ?? {};
  const valuesOf = (set: string) => (Object.hasOwn(choices, set) ? choices[set]! : []);
  const patterns = game.legalMovePatterns!(state, seat);
  // Expanded as clients expand them (the same function), so what the harness checks is what they play.
  const expanded = patterns.flatMap((p) => expandPattern(p as object, valuesOf)).map(canonicalJson).sort();
  const listed = game.legalMoves(state, seat).map(canonicalJson).sort();
  if (expanded.join('\n') !== listed.join('\n')) {
    const missing = listed.filter((m) => !expanded.includes(m)).slice(0, 3);
    const extra = expanded.filter((m) => !listed.includes(m)).slice(0, 3);
    throw fail(`seat ${seat}'s legal-move patterns do not expand to its legal moves (${expanded.length} vs ${listed.length}; missing ${missing.join(' ')}; extra or repeated ${extra.join(' ') || '(a repeat)'})`, step);
  }
  if (new Set(patterns.map((p) => JSON.stringify(p))).size !== patterns.length) throw fail(`seat ${seat} lists a legal-move pattern twice`, step);
}

function checkReplay(game: AnyGame, record: GameRecord, finalState: unknown, step: number, fail: Fail): void {
  let state = game.setup(record.options, record.seats, record.seed);
  for (const { actor, move } of record.moves) {
    const r = game.applyMove(JSON.parse(JSON.stringify(state)), actor, JSON.parse(JSON.stringify(move)));
    if (!r.ok) throw fail(`replay rejected ${JSON.stringify(move)}: ${r.error.code}`, step);
    state = r.state;
  }
  const d = firstDifference(state, finalState);
  if (d) throw fail(`replay differs: ${d}`, step);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
