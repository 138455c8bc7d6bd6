/** Shapes the client works with: plain JSON from the synced state (toJSON), moves, events. */
// Synced state is game-specific and arrives as plain JSON; each board reads the fields it knows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Plain = any;

export interface Move {
  type: string;
  [key: string]: unknown;
}

export interface GameEvent {
  type: string;
  [key: string]: unknown;
}

export interface SeatInfo {
  name: string;
  taken: boolean;
  connected: boolean;
  bot: boolean;
  team: number;
  /** When the seat's turn clock runs out (ms since epoch), 0 while none runs for it. */
  deadline: number;
  /** The seat's clock ran out and its player has not moved since: its turns get the server's short clock. */
  shortClock: boolean;
  /** Before the start: the seat's player asked to fill the free seats with bots now. */
  startNow: boolean;
}

/** Everything a board needs to draw one frame. */
export interface BoardContext {
  game: string;
  /** The table's room id: what a board keeps for the player (a section opened) is kept per table. */
  roomId: string;
  table: Plain;
  /** Your private view (null for spectators). */
  view: Plain;
  seats: SeatInfo[];
  mySeat: number | null;
  active: number[];
  status: string;
  /** The game waits for its players (the state's `paused`; absent from a server before it). */
  paused?: boolean;
  /** Your legal moves now. */
  moves: Move[];
  /** Moves you sent that the server accepted but the state does not show yet (at most a patch). */
  sent: Move[];
  /** The parts you have selected on the board (keys, as `keys` gives them); none when absent. */
  selected?: string[];
  /** Display name of a seat. */
  name(seat: number): string;
  /** Once the game is over: the standings and the outcome's `details` (parsed from the synced JSON text; null when none). */
  result: { standings: { seat: number; rank: number; score: number; team: number }[]; details: Plain } | null;
}

/** A move composed from selected parts where the listed moves are only a sample of the choice. */
export interface Composing {
  /** The parts that may be selected now. */
  keys: string[];
  /** The move the selection makes, or null while it makes none. */
  move: Move | null;
  /** Send the move as soon as the selection makes it (no button to press). */
  now?: boolean;
  /** What to select, in words. */
  hint: string;
}

/** One game's readable board: draws the state and maps clicks to legal moves by keys. */
export interface GameBoard {
  /** Draws the board; clickable parts carry `data-key`, and those that only pass a step, choose how another part acts or that focus passes over for now `data-aside` too (see partsActedOn). */
  render(ctx: BoardContext): Node;
  /**
   * What the drawing reads besides the context, as text: what the board keeps per table (a section the player opened, a
   * building tapped). The page draws the board again only when this, the context or the window's width class changed.
   */
  drawnAlso?(ctx: BoardContext): string;
  /**
   * The page left the table (for the lobby or another table): what the board kept of it goes, so a return to it starts
   * afresh as a page opened then would (Fast Track's and TAC's marbles moved while you waited, counted from then).
   */
  left?(roomId: string): void;
  /** Keys a move involves (`card:7H`, `marble:red-0`, `space:win-7-a` …): clicking one selects among the moves that have it. */
  keys(move: Move, ctx: BoardContext): string[];
  /** The move in words. */
  describe(move: Move, ctx: BoardContext): string;
  /**
   * An event in words ('' for no line), or null to use the generic wording. `events` are all the events of
   * its message (one move's), for words that depend on what came with it.
   */
  describeEvent?(event: GameEvent, ctx: BoardContext, events: GameEvent[]): string | null;
  /** Keys that stay selected after a move (a chosen betting token). */
  sticky?(key: string): boolean;
  /**
   * Parts whose click alone never sends a move: a card clicked to look at it, whose one fitting move is
   * offered to confirm (a card played is gone). Parts clicked after another still send as usual. `ctx` is the
   * position the click is read in (the listed moves).
   */
  confirms?(key: string, ctx: BoardContext): boolean;
  /** The chooser's question for the one move a selection fits, where "Play it?" would not say what it does (null: that). */
  question?(move: Move, ctx: BoardContext): string | null;
  /**
   * The moves as the full list of legal moves shows them, where the board offers several as one choice (Ready Set Bet's
   * two copies of one VIP card): one of each such group. Default: every move.
   */
  listed?(moves: Move[], ctx: BoardContext): Move[];
  /** Among several moves left by a click, the one to send at once (or null for the chooser). */
  prefer?(moves: Move[], ctx: BoardContext): Move | null;
  /**
   * A free choice the listed moves only sample (Tractor: any cards to bury, to lead or to follow with, any friend call),
   * given the selected keys; null when the listed moves are the whole choice. While a board composes, a
   * click on one of its parts only selects it, the move the selection makes is offered, and the server
   * judges it (a refusal says why).
   */
  compose?(keys: string[], ctx: BoardContext): Composing | null;
  /**
   * Why a part the player picked cannot be used now, where the board can say more than the page (null: the page's
   * words): a refusal's words, or `{ note }`, what the part is (Great Western Trail's building), said as no error is.
   */
  whyNot?(key: string, ctx: BoardContext): PartWords | null;
  /**
   * How the board marks a seat where not with its seat colour and number (`seatDot`): the colours it plays, each with the
   * mark the board shows on it (a Fast Track seat's marbles, with their colour's initial; a Ready Set Bet bettor's
   * colour, with its seat number as on its tokens), for the seat list's dots; empty until known.
   */
  seatMarks?(seat: number, ctx: BoardContext): SeatMark[];
  /**
   * Whether the seat list marks the active seats as the ones to act (default yes). No while every seat is
   * listed only because it may act beside the server's own step (Tractor's deal, where any seat may declare).
   */
  turnShown?(ctx: BoardContext): boolean;
  /**
   * The move panel's first words while you have no move, where the page's "Waiting for <the seats listed as active>"
   * would not be true (Ready Set Bet: the bettors still betting keep nobody waiting) or not say why (its seated host,
   * who bets before the others); null: the page's words. Words waiting on seats (`who`, `seats`) are said as the page's
   * are, with the time left when one of the seats is clocked, then `after` (Ready Set Bet's seated host, who bets first).
   */
  waiting?(ctx: BoardContext): string | { who: string; seats: number[]; after: string } | null;
  /**
   * Words for the server's own next step where its time is worth counting down (Ready Set Bet: "The draft ends in"):
   * the panel's line adds the time left to the state's `stepDeadline`. Null: not said (a race's next roll).
   */
  stepClock?(ctx: BoardContext): string | null;
  /** A one-line phase/status summary: on your turn, what is asked of you (the panel says it under the board). */
  status?(ctx: BoardContext): string;
  /** What the game calls the server's own part, the rolls or deals no seat makes (default: the dealer). */
  systemName?: string;
  /** A final standing's score in the game's words (default: the number). */
  scoreText?(standing: { seat: number; score: number; team?: number }, ctx: BoardContext): string;
}

/** What the move panel's line says of a part picked that no move can use: a refusal (said as an error), or a note. */
/** A seat's colour as a board shows it, and the mark on it that tells it apart where colour does not ("R", "3"). */
export interface SeatMark {
  colour: string;
  mark: string;
}

export type PartWords = string | { note: string };
