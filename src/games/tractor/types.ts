/** Tractor (Shengji) state, moves and views. Cards in state are ids (`10H.1` = ten of hearts from deck 1); moves and views use faces (`10H`). */
import { z } from 'zod';
import type { RngState } from '../../core/rng.ts';
import type { Suit } from '../../core/cards/index.ts';
import { RANKS } from '../../core/cards/index.ts';

export const tractorOptions = z.object({
  /** Fixed partnerships, or Zhao Pengyou: the starter calls friend cards and whoever plays them joins him. */
  mode: z.enum(['tractor', 'findingFriends']).default('tractor'),
  /** Finding friends: how many friends the starter calls (0 = half the table minus one). */
  friends: z.number().int().min(0).max(5).default(0),
  /** Finding friends: which cards may be called. */
  friendCards: z.enum(['nonTrump', 'trumpsIncluded', 'noHighest', 'noPoints']).default('nonTrump'),
  /** Finding friends: whether a declarer playing a called card uses it up, or it waits for an outsider. */
  friendJoin: z.enum(['unrestricted', 'noDoubleJoin']).default('unrestricted'),
  /** Finding friends: a winning declarer side smaller than called rises one extra level. */
  smallTeamBonus: z.boolean().default(true),
  /** Level every team starts at. */
  startLevel: z.enum(RANKS).default('2'),
  /** Highest level: A, or an extra no-trump level after A. */
  topLevel: z.enum(['A', 'NT']).default('A'),
  /** Levels that stop an advance and can only be passed by defending them as declarers. */
  mustDefend: z.enum(['A', 'pointsAndA', 'none']).default('A'),
  /** 0 = play until a team passes the top level; otherwise stop after this many hands (highest level wins). */
  handLimit: z.number().int().min(0).max(200).default(0),
  /** Declarers on level J who lose the last trick to a single jack fall back to 2. */
  jackBackToTwo: z.boolean().default(false),
  /** Hand 1: the winning or the first declaration makes the starter. */
  firstStarter: z.enum(['winningBid', 'firstBid']).default('winningBid'),
  /** Hand 1 without any declaration: deal again, or play without trump suit with the first drawer as starter. */
  noBidFirstHand: z.enum(['redeal', 'noTrump']).default('redeal'),
  /**
   * Redeals of hand 1 at most (with `redeal`); after them a hand without any declaration is played without trump
   * suit, the first drawer starting, so a table where nobody ever declares does not deal forever.
   */
  redealLimit: z.number().int().min(0).max(20).default(10),
  /** Later hands without any declaration: how the starter's kitty fixes the trump suit. */
  noBidLaterHand: z.enum(['levelOrHighest', 'firstCard', 'noTrump']).default('levelOrHighest'),
  /** What overrides a declaration: more cards (jokers over level cards at equal count), also a higher suit, or only more cards. */
  bidPolicy: z.enum(['jokerOrGreaterLength', 'jokerOrHigherSuit', 'greaterLength']).default('jokerOrGreaterLength'),
  /** What the current top declarer may do himself: add identical cards, also overturn himself, or nothing. */
  reinforcement: z.enum(['whileWinning', 'overturnOrReinforce', 'none']).default('whileWinning'),
  /** Whether the top declarer may take his last declaration back while declaring is open. */
  bidTakeback: z.boolean().default(false),
  /** Joker declarations: a pair (or more) of one joker, all of one joker in play, or none. */
  jokerBids: z.enum(['pairOrMore', 'allDecks', 'disabled']).default('pairOrMore'),
  /** Kitty theft: after a burial, a stronger declaration takes the kitty (and the trump) until nobody outbids. */
  kittyTheft: z.boolean().default(false),
  /** Cards the starter may not bury while he has enough others. */
  buryRestriction: z.enum(['none', 'noPoints', 'noPointsOrTrumps']).default('none'),
  /** Following a tractor: identical pairs suffice (the original rules document), or held tractors must be played. */
  tractorFollow: z.enum(['pairs', 'tractors']).default('pairs'),
  /** Comparing throws ruffed by several players: the highest largest unit, or every unit higher. */
  throwEvaluation: z.enum(['largestUnit', 'all']).default('largestUnit'),
  /** A throw's units: its singles and pairs (the original rules document), or its tractors kept whole. */
  throwUnits: z.enum(['pairs', 'tractors']).default('pairs'),
  /** Penalty for a failed throw. */
  throwPenalty: z.enum(['none', 'tenPerAttempt', 'tenPerCard']).default('none'),
  /** End of hand: the kitty is shown when the attackers win the last trick (the original rules document), or always. */
  kittyReveal: z.enum(['attackersLastTrick', 'always']).default('attackersLastTrick'),
  /** Kitty bonus multiplier when the attackers win the last trick. */
  kittyMultiplier: z.enum(['cards', 'largestUnit', 'power']).default('cards'),
  /** Pace of the live deal. */
  dealDelayMs: z.number().int().min(0).max(10_000).default(150),
  /** Declaration window after the last card. */
  declareWindowMs: z.number().int().min(0).max(60_000).default(5_000),
  /** Pause on the hand result before the next deal. */
  handEndDelayMs: z.number().int().min(0).max(60_000).default(6_000),
});
export type TractorOptions = z.infer<typeof tractorOptions>;

export type Phase = 'dealing' | 'declaring' | 'burying' | 'stealing' | 'calling' | 'playing' | 'handEnd' | 'over';

/** A trump declaration: `count` identical `card`s (a level card or a joker face). */
export interface Bid {
  seat: number;
  card: string;
  count: number;
}

export interface Play {
  seat: number;
  cards: string[];
}

export interface TrickRecord {
  leader: number;
  winner: number;
  points: number;
  plays: Play[];
}

export interface HandResult {
  attackerPoints: number;
  /** Points in the kitty once it is shown; 0 while it stays hidden (the declarers took the last trick). */
  kittyPoints: number;
  kittyMultiplier: number;
  declarersWon: boolean;
  steps: number;
  nextStarter: number;
}

/** Finding friends: the `ordinal`-th player of `card` joins the starter (`seat` once found, else -1). */
export interface FriendCall {
  card: string;
  ordinal: number;
  seat: number;
}

/** Finding friends, while the starter calls: what a call may name (whatever he holds), and how many calls he makes. */
export interface FriendCallable {
  /** Every face that may be called, by suit (spades, hearts, clubs, diamonds) and high to low. */
  cards: string[];
  /** The ordinals a call may take: 1 to the number of decks. */
  ordinals: number[];
  /** How many calls the move must name. */
  calls: number;
}

export interface ThrowFailure {
  seat: number;
  attempted: string[];
  forced: string[];
}

export interface TractorState {
  options: TractorOptions;
  seats: number;
  decks: number;
  kittySize: number;
  rng: RngState;
  phase: Phase;
  handNumber: number;
  /** Hand 1 dealt again for want of any declaration, so far. */
  redeals: number;
  /** Level per seat as an index into RANKS (13 = NT); partners always share it. */
  levels: number[];
  /** -1 until the first hand's declaration names one. */
  starter: number;
  /** Trump rank as an index into RANKS, -1 on the no-trump level. */
  trumpRank: number;
  trumpSuit: Suit | null;
  /** Undealt cards, next card first (the last `kittySize` become the kitty). */
  deck: string[];
  nextDrawer: number;
  hands: string[][];
  kitty: string[];
  /** Who holds the kitty now: the starter, or after a kitty theft the thief (-1 before the pick-up). */
  exchanger: number;
  /** The cards the exchanger picked up, for his view while burying. */
  pickedUp: string[];
  bids: Bid[];
  declarers: boolean[];
  leader: number;
  turn: number;
  trick: Play[];
  tricks: TrickRecord[];
  captured: number[];
  /** Throw penalties, added to the attackers' points. */
  penalty: number;
  /** Kitty cards shown to everyone (no-declaration reveal; end of hand when the attackers take the last trick). */
  kittyShown: string[];
  throwFailure: ThrowFailure | null;
  friendCalls: FriendCall[];
  /** Finding friends: how often each called card has been played so far. */
  friendSeen: number[];
  result: HandResult | null;
  /** Seats that passed the top level (or lead at the hand limit). */
  winners: number[];
}

export type TractorMove =
  | { type: 'deal' }
  | { type: 'closeDeclaring' }
  | { type: 'endTheft' }
  | { type: 'nextHand' }
  | { type: 'declare'; card: string; count: number }
  | { type: 'takeBackBid' }
  | { type: 'bury'; cards: string[] }
  | { type: 'callFriends'; friends: { card: string; ordinal: number }[] }
  | { type: 'play'; cards: string[] };

export interface TractorPublic {
  phase: Phase;
  handNumber: number;
  levels: string[];
  teams: number[];
  declarers: boolean[];
  starter: number;
  exchanger: number;
  nextDrawer: number;
  deckCount: number;
  handCounts: number[];
  trumpRank: string;
  trumpSuit: string;
  bids: Bid[];
  kittyCount: number;
  kittyShown: string[];
  leader: number;
  turn: number;
  trick: Play[];
  tricks: TrickRecord[];
  captured: number[];
  attackerPoints: number;
  throwFailure: ThrowFailure | null;
  friendCalls: FriendCall[];
  /** Finding friends: what the starter may call, while he calls (null otherwise). */
  callable: FriendCallable | null;
  result: HandResult | null;
  winners: number[];
}

export interface TractorPrivate {
  /** Sorted for display: trumps first (strongest first), then spades, hearts, clubs, diamonds. */
  hand: string[];
  /** How many cards at the head of `hand` are trumps (so a client shows them apart without knowing the trump rules). */
  trumps: number;
  /** The exchanger's kitty: the cards picked up while burying, then the buried cards. */
  kitty: string[];
}
