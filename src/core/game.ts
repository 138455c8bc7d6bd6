/**
 * The engine contract: one shape for every game Parlor hosts.
 *
 * A game is a pure state machine. The room adapter (rooms/engine-room.ts), the simulation harness
 * (src/core/testing) and the bots all drive an engine through this interface only, so a rule lives in
 * exactly one place and a thin client never needs to know it.
 *
 * Ground rules every engine keeps (checked by the shared simulation harness):
 * - State is JSON-plain data (objects, arrays, strings, finite numbers, booleans, null). It survives
 *   `JSON.parse(JSON.stringify(state))` unchanged, so it can be stored, replayed and diffed.
 * - Randomness comes only from the PRNG kept in the state (src/core/rng.ts). Dice, shuffles and deals
 *   happen inside `applyMove`, usually on a move of the SYSTEM actor. No clock, no I/O, no Math.random.
 * - `applyMove` never mutates its input and never throws on bad input: an illegal or malformed move
 *   returns an error with a namespaced code (`<game-id>/<reason>`). A throw is an engine bug.
 * - `viewFor` is the only place hidden information is decided. Its `public` part must not depend on
 *   the viewer; its `private` part exists only for a seat, and only that seat receives it.
 * - States and views are never mutated once returned (the harness deep-freezes states): the room
 *   skips a view's object it meets again by identity, as unchanged.
 * - `activeActors` is public too: the room shows it to every client and spectator, so it must not
 *   depend on anything hidden (a card received, a hand's contents). Whether a seat can act on what it
 *   alone knows belongs in its legal moves.
 */
import type { z } from 'zod';

/** A table position, 0-based. Seats, not sessions: the room maps sessions to seats. */
export type Seat = number;

/**
 * The actor for chance and time: dice rolls, shuffles, the live deal, timeouts. The room schedules its
 * moves on the room clock (after `systemDelayMs`), the simulation harness applies them at once.
 */
export const SYSTEM = -1;
export type Actor = Seat | typeof SYSTEM;

/** Who is looking: a seat, or a spectator who sees only the public part. */
export const SPECTATOR = -2;
export type Viewer = Seat | typeof SPECTATOR;

/** Every move is a discriminated union member: `{ type: 'playCard', card: 'H7' }`. */
export interface MoveBase {
  type: string;
}

/** Something that happened, public to the whole table (never private data): shown by clients as a log. */
export interface GameEvent {
  type: string;
  [key: string]: unknown;
}

export interface MoveError {
  /** Namespaced and stable, e.g. `tac/must-play` or `core/not-your-turn`. */
  code: string;
  /** One sentence for a human. */
  message: string;
}

export type MoveResult<S> =
  | { ok: true; state: S; events: GameEvent[] }
  | { ok: false; error: MoveError };

/** What a viewer sees: the public part (identical for everyone) and, for a seat, its private part. */
export interface View<Pub = unknown, Priv = unknown> {
  public: Pub;
  private: Priv | null;
}

/** Final standing of one seat. Rank 1 is the winner; equal ranks are ties. Teams share a rank. */
export interface Standing {
  seat: Seat;
  rank: number;
  score: number;
  team?: number;
}

export interface Outcome {
  standings: Standing[];
  /** Seats of rank 1 (several on a shared win or a team win). */
  winners: Seat[];
  /** Game-specific breakdown (per-category scores, …), public. */
  details?: unknown;
}

/** Randomness handed to bots; bots may be random but must not use Math.random (engines stay pure). */
export type RandomSource = () => number;

/**
 * The fields of every move type, one zod schema per `type` (without the `type` field itself). Parsing a
 * client's move with its type's schema gives the canonical move: only the fields the game defines, each
 * of the right type and bounded (`.max()` on strings and arrays), unknown fields dropped. What the room
 * applies, journals, broadcasts and records is always the canonical move, never the client's object.
 * Every legal move must already be canonical (the simulation harness checks it).
 */
export type MoveShapes<Move extends MoveBase> = {
  readonly [T in Move['type']]: z.ZodType<Omit<Extract<Move, { type: T }>, 'type'>>;
};

/**
 * A legal-move pattern's field that stands for any value of a public choice set: `{ $oneOf: 'freeSpaces' }`
 * (clients expand patterns with client/legal-moves.ts, which the simulation harness uses too).
 */
export const ONE_OF = '$oneOf';

/** A field name the room reserves in move requests (the expected table position, docs/PROTOCOL.md). */
export const EXPECT_SEQ_FIELD = 'expectSeq';

export interface SeatRange {
  min: number;
  max: number;
  /** Table size used when the creator does not say. */
  default: number;
}

export interface GameDefinition<
  Options = unknown,
  State = unknown,
  Move extends MoveBase = MoveBase,
  Pub = unknown,
  Priv = unknown,
> {
  /** Folder name, room name and error-code namespace: `fast-track`, `tractor`, … */
  id: string;
  /** Human name for listings. */
  name: string;
  seats: SeatRange;
  /** Game options with a default for every house rule; `parse({})` gives the standard game. */
  options: z.ZodType<Options>;
  /**
   * Options added after games were first recorded, each with the value that plays as the game did before
   * it existed. A record or journal stores its options complete as of its day; one that lacks such a key
   * was played under this value, not under today's default (see `recordedOptions`).
   */
  legacyOptions?: Partial<Options>;
  /** Extra check of options against the table size (e.g. colours per player); returns an error or null. */
  validateSetup?(options: Options, seats: number): MoveError | null;

  /** A new game for `seats` players. `seed` feeds the PRNG kept in the state. */
  setup(options: Options, seats: number, seed: string): State;
  /**
   * Who may act now: one seat, several seats at once, or SYSTEM. Empty exactly when the game is over.
   * Public information (shown to everyone as `activeSeats`): it must not change when hidden information
   * is re-dealt, so it never reveals who holds what.
   * Every listed actor has a legal move, except seats that act optionally (`optionalMove`; by default
   * those listed beside SYSTEM): the game moves on without them (bets while the dice roll, declarations
   * during the deal), so such a seat may have none — whether it can act may be its own secret.
   */
  activeActors(state: State): Actor[];
  /**
   * Whether a seat listed now acts optionally: the game goes on without its move, so the room runs no
   * turn clock for it and its bot may decline. Left out: exactly the seats listed beside SYSTEM. A game
   * whose pace is set by a seat (a seated host rolling the dice) says which moves beside it are optional.
   * Public, like `activeActors` (the room shows whose clock runs): the harness checks it does not change
   * when hidden information is re-dealt.
   */
  optionalMove?(state: State, seat: Seat): boolean;
  /**
   * A seat's turn is every move it makes while it stays listed to act: a turn of several steps, each its own move
   * (Great Western Trail). A turn clock that runs out leaves the rest of that turn to the seat's bot, at the bot's
   * pace and with one `turnTimeout`, not a clock (and a timeout) a step. Left out, a move listed again to the same
   * seat may be a turn of its own (the next lead of a trick's winner), clocked anew.
   */
  turnsOfSteps?: boolean;
  /**
   * With `turnsOfSteps`, where one seat may be listed for two turns in a row (TAC, when the others hold no cards; Ready
   * Set Bet's seated host, roll after roll): whether the seat listed now goes on with the turn it began (a 7's further
   * steps, the card after a Devil or a Fool, a betting host's bets before its first roll);
   * false: its next move begins a new turn (its bot, which finished the last one, gives it back to the clock). Left
   * out: every move a seat makes while it stays listed is one turn. Public, like `activeActors`: the harness checks it.
   */
  continuesTurn?(state: State): boolean;
  /**
   * Every move `actor` may make now (empty when it may not act). Where the space is huge, a documented
   * representative subset; `applyMove` still validates anything submitted.
   */
  legalMoves(state: State, actor: Actor): Move[];
  /** The shape of each move type: what `canonicalMove` keeps of an untrusted move (see MoveShapes). */
  moveShapes: MoveShapes<Move>;
  /** Pure: validates `move` (untrusted input) and returns the next state, or a namespaced error. */
  applyMove(state: State, actor: Actor, move: unknown): MoveResult<State>;
  /** The only redaction site. */
  viewFor(state: State, viewer: Viewer): View<Pub, Priv>;
  /**
   * Optional shortcut: exactly `viewFor(state, seat).private`, without building the public part. The
   * room projects the public part once (from the spectator's view) and each seat's private part from
   * this, so a game with many seats skips rebuilding its public view once per seat every patch. The
   * harness checks it deep-equals `viewFor(state, seat).private` at every step.
   */
  privateView?(state: State, seat: Seat): Priv | null;
  /**
   * Optional compact legal moves for the synced state (docs/PROTOCOL.md, State: `legalMoves`): the moves of
   * `legalMoves(state, seat)` where a field may be a placeholder `{ $oneOf: name }` standing for every
   * value of the public choice set `name` (see `choices`). A seat choosing among many values of the
   * same public list (Ready Set Bet: any free space × a token) is then a few entries, and a value
   * leaving the list is one change in one shared set instead of one per seat. The harness checks that
   * the patterns expand to exactly `legalMoves(state, seat)` at every step.
   */
  legalMovePatterns?(state: State, seat: Seat): readonly unknown[];
  /**
   * Named public sets of values that `legalMovePatterns` placeholders draw from (JSON values, each
   * once). Public like `activeActors`: the harness checks they do not change when hidden information is
   * re-dealt.
   */
  choices?(state: State): Readonly<Record<string, readonly unknown[]>>;
  /** Standings once the game is over, otherwise null. */
  outcome(state: State): Outcome | null;
  /**
   * Picks a move for `seat` from its own view and its legal moves (never from the full state). Null: no
   * move now — only where the seat's move is optional, beside an active SYSTEM (a declaration during the
   * deal); the bot is asked again after the next move.
   */
  bot(view: View<Pub, Priv>, legal: Move[], random: RandomSource, seat: Seat): Move | null;

  /** Team of each seat (same number = partners), or undefined for free-for-all. */
  teams?(state: State): number[] | undefined;
  /** Milliseconds the room waits before the next SYSTEM move (a roll interval, a dealing pace). */
  systemDelayMs?(state: State, options: Options): number;
  /**
   * Names the step SYSTEM's next move ends (Ready Set Bet: the race and its phase). SYSTEM's delay counts from the
   * move that began the step: players' moves within it (bets while the dice roll, each Ready after a race) leave the
   * wait as it is, and one that begins another step while SYSTEM stays active (the last Ready opening the VIP draft)
   * starts it afresh. Without it, the wait counts from when SYSTEM became active. Public, like `activeActors` (the
   * wait is `stepDeadline`): the harness checks it does not change when hidden information is re-dealt.
   */
  systemStep?(state: State): string;
  /** Conservation and other state invariants: returns a list of violations (empty when sound). */
  invariants?(state: State): string[];
  /**
   * Leak probe: a state the viewer cannot tell apart from `state` (everything hidden from that viewer
   * re-dealt at random). The harness checks that the viewer's view is unchanged by it.
   */
  resample?(state: State, viewer: Viewer, random: RandomSource): State;
}

/** Any game, for code that handles all of them (the room adapter, the registry, the harness). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, any, any>;

/** Builds a failed MoveResult with a namespaced code. */
export function reject(code: string, message: string): { ok: false; error: MoveError } {
  return { ok: false, error: { code, message } };
}

/** Builds a successful MoveResult. */
export function accept<S>(state: S, events: GameEvent[] = []): { ok: true; state: S; events: GameEvent[] } {
  return { ok: true, state, events };
}

/** Error codes the platform itself uses; games use `<game-id>/...`. */
export const CoreErrors = {
  notYourTurn: 'core/not-your-turn',
  gameOver: 'core/game-over',
  malformedMove: 'core/malformed-move',
  unknownMove: 'core/unknown-move',
} as const;

/** True when `move` looks like a move object at all (an object with a string `type`). */
export function isMoveShape(move: unknown): move is MoveBase & Record<string, unknown> {
  return typeof move === 'object' && move !== null && !Array.isArray(move) && typeof (move as MoveBase).type === 'string';
}

/**
 * The options a stored game (record or journal) was played under: its own, with each option added since
 * filled with the value that plays as the game did before it (`legacyOptions`), not today's default.
 */
export function recordedOptions(game: AnyGame, stored: unknown): unknown {
  if (!game.legacyOptions || typeof stored !== 'object' || stored === null || Array.isArray(stored)) return stored;
  return { ...(game.legacyOptions as object), ...stored };
}

/**
 * The canonical form of an untrusted move: its type's fields as the game defines them (MoveShapes),
 * nothing else. A move of no known type is `core/unknown-move`; a field of the wrong type or size is
 * `core/malformed-move`. Callers bound the value's depth and size first (a schema walk is recursive).
 */
export function canonicalMove(game: AnyGame, move: unknown): { ok: true; move: MoveBase } | { ok: false; error: MoveError } {
  if (!isMoveShape(move)) return reject(CoreErrors.malformedMove, 'A move is an object with a string "type".');
  const shapes = game.moveShapes as Record<string, z.ZodType<object>>;
  const type = move.type;
  if (!Object.hasOwn(shapes, type)) return reject(CoreErrors.unknownMove, `${game.name} has no move "${clip(type)}".`);
  const parsed = shapes[type]!.safeParse(move);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return reject(CoreErrors.malformedMove, `A "${type}" move: ${issue.path.map(String).join('.') || 'value'}: ${clip(issue.message)}.`);
  }
  return { ok: true, move: { type, ...parsed.data } };
}

function clip(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** Every table size the game plays by its default options (a game may refuse some within its range, e.g. TAC's 5). */
export function standardTableSizes(game: AnyGame): number[] {
  const options = game.options.parse({});
  const sizes: number[] = [];
  for (let seats = game.seats.min; seats <= game.seats.max; seats++) if (!game.validateSetup?.(options, seats)) sizes.push(seats);
  return sizes;
}

/** Whether `seat`, listed in `active` (the state's active actors), acts optionally (see `optionalMove`). */
export function actsOptionally(game: AnyGame, state: unknown, active: readonly Actor[], seat: Seat): boolean {
  return game.optionalMove ? game.optionalMove(state, seat) : active.includes(SYSTEM);
}

/**
 * Common guard at the top of `applyMove`: the game is running, the actor may act, the move has a type.
 * Returns an error result, or null when the engine should go on.
 */
export function guardMove(activeActors: Actor[], actor: Actor, move: unknown): { ok: false; error: MoveError } | null {
  if (activeActors.length === 0) return reject(CoreErrors.gameOver, 'The game is over.');
  if (!activeActors.includes(actor)) return reject(CoreErrors.notYourTurn, 'You may not act now.');
  if (!isMoveShape(move)) return reject(CoreErrors.malformedMove, 'A move is an object with a string "type".');
  return null;
}

/** Deep-equality of JSON-plain values, used to match a submitted move against the legal list. */
export function sameMove(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** JSON with object keys sorted, so equal data gives equal text whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
