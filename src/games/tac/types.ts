import type { RngState } from '../../core/rng.ts';

/** Card faces. Numbers move that many fields; the named cards are the specials and the master cards. */
export const NUMBER_CARDS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12', '13'] as const;
export const MASTER_CARDS = ['angel', 'devil', 'warrior', 'fool'] as const;
export type MasterCard = (typeof MASTER_CARDS)[number];
export type Card = (typeof NUMBER_CARDS)[number] | 'trickster' | 'tac' | MasterCard;
/** The order a hand is kept in once the partners have exchanged (numbers, then the specials). */
const CARD_ORDER: readonly Card[] = [...NUMBER_CARDS, 'trickster', 'tac', ...MASTER_CARDS];
/** Compares two cards in CARD_ORDER (for sort). */
export const byCardOrder = (a: Card, b: Card) => CARD_ORDER.indexOf(a) - CARD_ORDER.indexOf(b);

/** The options schema (index.ts) describes each option. */
export interface TacOptions {
  master: boolean;
  sixTeams: '3x2' | '2x3';
  sixSpacing: 11 | 16;
  tacTakesBack: 'right' | 'previous';
  announce: boolean;
  dealDelayMs: number;
}

/**
 * Where a marble is: `-1` in its apron, `0..ring-1` on the ring (start of colour c is `c * spacing`),
 * `ring + i` in field i of its own home (0 is next to the entrance, 3 the deepest).
 * `fresh` marks a marble that sits on its start and has not moved since it was put there: it may not
 * enter its home yet.
 */
export interface Marble {
  pos: number;
  fresh: boolean;
}

/** The last card in this round, for TAC: its effective card and the marbles just before it acted. */
export interface LastPlay {
  card: Card;
  colour: number;
  /** Marbles before the card acted; null after a discard (nothing to undo). */
  before: Marble[] | null;
  /**
   * The colour whose turn laid it down when that is not `colour`: a discarded TAC leaves the card beneath it
   * to be copied, laid down by the player who discarded the TAC.
   */
  by?: number;
}

/** A 7 being played, single steps or runs of them at a time. */
export interface Seven {
  remaining: number;
  /** The colour the card is played for (its marbles, then its partner's once all four are home). */
  colour: number;
  /** The 7 is a TAC answering a winning move (no TAC may answer it in turn). */
  answeringWin: boolean;
}

export type Phase = 'deal' | 'exchange' | 'play' | 'over';

export interface TacState {
  options: TacOptions;
  seats: number;
  /** Colours on the board: 4 (two and four players) or 6 (three and six players). */
  colours: number;
  ring: number;
  spacing: number;
  rng: RngState;
  phase: Phase;
  deck: Card[];
  discard: Card[];
  /** One hand per colour (a player of two colours holds two hands). */
  hands: Card[][];
  /** The card each colour gives its partner this round; null until chosen. */
  exchange: (Card | null)[];
  /**
   * The card each colour received in this deal's exchange while it is still in that hand: cleared when a card of
   * that face leaves the hand (played, discarded, played by the Devil's player), when the Fool passes the hands, and
   * at the next deal. Null otherwise. Only the hand's own seat sees it (private view `received`).
   */
  received: (Card | null)[];
  /** Deals since the last reshuffle (the deal sizes follow a fixed schedule per deck). */
  dealInCycle: number;
  round: number;
  dealer: number;
  turn: number;
  marbles: Marble[];
  /** Per colour, as announced after the deal: holds a 1 or 13. */
  canOpen: boolean[];
  last: LastPlay | null;
  /** The colour to move was skipped by an 8: it must discard (or answer with a TAC). */
  skipPending: boolean;
  seven: Seven | null;
  /** Devil: the player to move plays one card of `devilTarget`'s hand for that colour. */
  devilTarget: number;
  /** Fool: the player who played it now plays a card from the hand they received, same turn. */
  foolPending: boolean;
  /** A team completed on the previous card; the colour to move must TAC it if it can. */
  winPending: boolean;
  /** The last card was a TAC on a winning move: no TAC may answer it. */
  tacBlocked: boolean;
  /** Winning team, or -1. */
  winner: number;
}

export type TacMove =
  | { type: 'deal' }
  | { type: 'exchange'; card: Card }
  | { type: 'discard'; card: Card }
  /**
   * 1, 13, Angel (for the next player) or a TAC copying one of them: a marble from `colour`'s apron to its
   * start (the own colour, a finished player's partner's, or the Angel's target). Sent without `colour` (as
   * before it was named) the card decides it.
   */
  | { type: 'enter'; card: Card; colour?: number }
  | { type: 'move'; card: Card; marble: number; to: number }
  | { type: 'skip'; card: Card }
  | { type: 'swap'; card: Card; a: number; b: number }
  /**
   * First move of a 7 (card '7' or a TAC copying a 7); the rest follow as `step`. Each moves `marble` to `to`
   * by one or several single steps in a row (all forward, or all back inside its home): `to` names the run.
   */
  | { type: 'seven'; card: Card; marble: number; to: number }
  | { type: 'step'; marble: number; to: number }
  | { type: 'warrior'; card: Card; marble: number }
  | { type: 'devil'; card: Card }
  | { type: 'fool'; card: Card };

export type CardMove = Extract<TacMove, { card: Card }>;

export interface MarbleView {
  id: number;
  colour: number;
  zone: 'apron' | 'ring' | 'home';
  /** Ring field, or home field 0..3; -1 in the apron. */
  field: number;
  fresh: boolean;
}

export interface TacPublic {
  phase: Phase;
  colours: number;
  ring: number;
  spacing: number;
  /** Seat playing each colour. */
  seatOfColour: number[];
  /** Team of each colour. */
  teamOfColour: number[];
  round: number;
  dealer: number;
  turn: number;
  turnSeat: number;
  marbles: MarbleView[];
  handCounts: number[];
  deckCount: number;
  discardCount: number;
  discardTop: string;
  canOpen: boolean[];
  exchangeGiven: boolean[];
  /** The card TAC would copy now ('' none) and who played it. */
  lastCard: string;
  lastColour: number;
  skipPending: boolean;
  sevenRemaining: number;
  devilTarget: number;
  foolPending: boolean;
  winPending: boolean;
  winner: number;
}

/**
 * Flat arrays only: the room mirrors this into a per-seat filtered schema, where primitive arrays
 * directly on the private root are what reliably syncs.
 */
export interface TacPrivate {
  /** The seat's colours (two or three players hold two). */
  colours: number[];
  /** Every card the seat holds, and beside it the colour whose hand it is in. */
  cards: string[];
  cardColours: number[];
  /** Per own colour: the card given in the exchange under way, '' if none (or none yet). */
  given: string[];
  /**
   * Per own colour: the card its hand received from the partner in this deal's exchange, while it is still in that
   * hand ('' before the exchange is done, once a card of that face has left the hand, after the Fool passed the hands).
   */
  received: string[];
  /** Devil: the hand being played from (the seat's own secret while it chooses). */
  devilHand: string[];
}
