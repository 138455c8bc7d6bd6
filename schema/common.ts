/**
 * Room state every game shares, and the builder that adds a game's own public and private parts.
 *
 *   status       'waiting' | 'playing' | 'over'
 *   seedCommitment  SHA-256 (hex) of the game's seed, published when the table is created
 *   seed         the seed itself, revealed when the game is over (check it against the commitment)
 *   seats[i]     name, connected, bot, team, taken, clocked (a turn clock runs for the seat now), deadline (when that
 *                clock runs out, ms since epoch; 0 when none: seats clocked at once may have different ones), shortClock
 *                (its clock ran out and its player has not moved since: its turns get the shorter away clock),
 *                startNow (before the start: its player asked to fill the free seats with bots now)
 *   activeSeats  seats that may act now
 *   turnDeadline server time (ms since epoch) when the earliest running turn clock runs out, 0 when none
 *   stepDeadline server time when the server's own next step is due (a roll, a card dealt, the end of a draft), 0 when none
 *   paused       the game waits for its players (all gone, or a recovered game's not back yet): nothing moves until one is
 *   seq          moves the table has accepted (as in events and move replies; a move's `expectSeq`)
 *   result       standings once over
 *   table        the game's public view (the same for every client)
 *   choices      named public sets of values that legal-move patterns draw from (e.g. the free spaces)
 *   private      per-seat private view and legal moves, the seat's token and a private table's invite code
 *                (seated players only: a spectator never sees it); each client receives only its own entry
 *
 * A seat's legal moves are a map keyed by each move's JSON text (the value is the move's type): a
 * move taken off the list is one DELETE on the wire, a new one one ADD, and the moves still legal are
 * not sent again. A list of texts rewrote every later index whenever one move left it. A key may be a
 * pattern: a field `{"$oneOf": name}` stands for every value of `choices[name]` (keys are the values'
 * JSON texts), so a list shared by every seat (a race's free spaces) changes once, not once per seat.
 */
import { schema, t, type Schema } from '@colyseus/schema';

export const SeatState = schema(
  {
    name: t.string().default(''),
    taken: t.boolean().default(false),
    connected: t.boolean().default(false),
    bot: t.boolean().default(false),
    team: t.int8().default(-1),
    clocked: t.boolean().default(false),
    deadline: t.number().default(0),
    shortClock: t.boolean().default(false),
    startNow: t.boolean().default(false),
  },
  'SeatState',
);

export const StandingState = schema(
  {
    seat: t.uint8().default(0),
    rank: t.uint8().default(0),
    score: t.number().default(0),
    team: t.int8().default(-1),
  },
  'StandingState',
);

export const ResultState = schema(
  {
    winners: t.array('uint8'),
    standings: t.array(StandingState),
    details: t.string().default(''),
  },
  'ResultState',
);

/** One public choice set: its values' JSON texts as keys. */
export const ChoiceSet = schema({ values: t.map('boolean') }, 'ChoiceSet');

type SchemaClass = new (...args: never[]) => Schema;

/** The room state class of one game: shared fields plus its public `table` and per-seat `private` parts. */
export function defineRoomState<Pub extends SchemaClass, Priv extends SchemaClass>(name: string, table: Pub, mine: Priv) {
  const SeatPrivate = schema(
    {
      seat: t.uint8().default(0),
      seatToken: t.string().default(''),
      invite: t.string().default(''),
      legalMoves: t.map('string'),
      view: mine,
    },
    `${name}SeatPrivate`,
  );
  const RoomState = schema(
    {
      game: t.string().default(''),
      status: t.string().default('waiting'),
      seedCommitment: t.string().default(''),
      seed: t.string().default(''),
      seats: t.array(SeatState),
      activeSeats: t.array('int8'),
      turnDeadline: t.number().default(0),
      stepDeadline: t.number().default(0),
      paused: t.boolean().default(false),
      seq: t.uint32().default(0),
      result: ResultState,
      table,
      choices: t.map(ChoiceSet),
      private: t.map(SeatPrivate).view(),
    },
    `${name}RoomState`,
  );
  return { RoomState, SeatPrivate };
}
