/** Tractor (Shengji) state, moves and views. Cards in state are ids (`10H.1` = ten of hearts from deck 1); moves and views use faces (`10H`). */
import { z } from 'zod';
import type { RngState } from '../../core/rng.ts';
import type { Suit } from '../../core/cards/index.ts';
import { RANKS, type Rank } from '../../core/cards/index.ts';
import { titledChoice } from '../../core/options.ts';

/** Levels by name for the create form: the court cards in words (the ranks' own letters read badly in words: "j", "a"). */
const RANK_TITLES: Record<Rank, string> = { 2: '2', 3: '3', 4: '4', 5: '5', 6: '6', 7: '7', 8: '8', 9: '9', 10: '10', J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };

export const tractorOptions = z.object({
  mode: titledChoice({ tractor: 'Tractor (fixed partners)', findingFriends: 'Finding friends' })
    .default('tractor')
    .describe("Tractor (fixed partners): two fixed partnerships, alternating round the table (4, 6 or 8 players); Finding friends (Zhao Pengyou): the starter calls friend cards, and whoever plays one joins the starter's side."),
  friends: z
    .number()
    .int()
    .min(0)
    .max(5)
    .default(0)
    .describe('Finding friends: how many friends the starter calls (0: half the table minus one). The starter and the friends must be fewer than all players.'),
  friendCards: titledChoice({ nonTrump: 'Any but trumps', trumpsIncluded: 'Trumps too', noHighest: 'No trumps, no aces', noPoints: 'No trumps, no point cards' })
    .default('nonTrump')
    .describe('Finding friends: the cards that may be called, never a joker. Any but trumps: any card but trumps; Trumps too: trumps as well; No trumps, no aces: no trump and no A (no K at level A); No trumps, no point cards: no trump and no 5, 10 or K (a K at level A).'),
  friendJoin: titledChoice({ unrestricted: 'Counts, using the card up', noDoubleJoin: 'Only outsiders join' })
    .default('unrestricted')
    .describe("Finding friends, a called card played by someone already on the starter's side. Counts, using the card up: it counts, and that copy is used up; Only outsiders join: it does not count, only a player outside the side can join."),
  smallTeamBonus: z
    .boolean()
    .default(true)
    .describe("Finding friends: a starter's side that wins the hand with fewer players than were called (a friend not found) rises one level more."),
  startLevel: titledChoice(RANKS.map((rank) => [rank, RANK_TITLES[rank]] as const))
    .default('2')
    .describe('The level every player starts at (2 in the standard game).'),
  topLevel: titledChoice({ A: 'Ace', NT: 'No trump (after ace)' })
    .default('A')
    .describe('The last level. Ace: A; No trump (after ace): NT, an extra level after A played without trump suit (only jokers are trumps, and nobody declares).'),
  mustDefend: titledChoice({ A: 'Top level', pointsAndA: '5, 10, K and top level', none: 'None' })
    .default('A')
    .describe('Levels where an advance stops, passed only by winning a hand there as declarers. Top level: A (NT when that is the top level); 5, 10, K and top level: those levels as well; None: no level stops an advance.'),
  handLimit: z
    .number()
    .int()
    .min(0)
    .max(200)
    .default(0)
    .describe('Stop after this many hands: the highest level wins (ties shared). 0: play until a side passes the top level.'),
  jackBackToTwo: z
    .boolean()
    .default(false)
    .describe('Declarers on level J whose opponents win the last trick with a single jack fall back to level 2.'),
  firstStarter: titledChoice({ winningBid: 'Winning declaration', firstBid: 'First declaration' })
    .default('winningBid')
    .describe('Who starts hand 1. Winning declaration: its player; First declaration: the player of the first one.'),
  noBidFirstHand: titledChoice({ redeal: 'Deal again', noTrump: 'No trump suit' })
    .default('redeal')
    .describe('Hand 1 with no declaration at all. Deal again: the cards are dealt again; No trump suit: it is played without trump suit, the first player dealt to starting.'),
  /** Bounded because the server deals: a table where nobody ever declares would otherwise deal forever. */
  redealLimit: z
    .number()
    .int()
    .min(0)
    .max(20)
    .default(10)
    .describe('Hand 1 is dealt again at most this many times (No bid first hand: Deal again); after that a hand with no declaration is played without trump suit, the first player dealt to starting.'),
  noBidLaterHand: titledChoice({ levelOrHighest: 'Kitty: level card or highest', firstCard: "Kitty's first card", noTrump: 'No trump suit' })
    .default('levelOrHighest')
    .describe("Later hands with no declaration. Kitty: level card or highest: the kitty's cards are turned until a level card or a joker fixes the trump suit (a joker: none), else the highest card does; Kitty's first card: it decides; No trump suit: the hand is played without one."),
  bidPolicy: titledChoice({ jokerOrGreaterLength: 'More cards, or jokers', jokerOrHigherSuit: 'More cards, jokers, or higher suit', greaterLength: 'More cards only' })
    .default('jokerOrGreaterLength')
    .describe('What overrides a declaration. More cards, or jokers: more cards, and at equal count jokers over level cards (big over small); More cards, jokers, or higher suit: also, at equal count of two or more, the higher suit (♦ < ♣ < ♥ < ♠); More cards only: only more cards.'),
  reinforcement: titledChoice({ whileWinning: 'Reinforce it', overturnOrReinforce: 'Reinforce or overturn it', none: 'Nothing' })
    .default('whileWinning')
    .describe('What the player of the top declaration may still declare. Reinforce it: more identical cards to it; Reinforce or overturn it: also a stronger declaration of other cards; Nothing: nothing more.'),
  bidTakeback: z
    .boolean()
    .default(false)
    .describe('The player of the top declaration may take back their last declaration while declaring is open.'),
  jokerBids: titledChoice({ pairOrMore: 'A pair or more', allDecks: 'Every copy in play', disabled: 'Not allowed' })
    .default('pairOrMore')
    .describe('Declaring with jokers, for a hand without trump suit. A pair or more: two or more of one joker; Every copy in play: every copy of that joker in play; Not allowed: not at all.'),
  kittyTheft: z
    .boolean()
    .default(false)
    .describe('After the kitty is buried, another player may make a stronger declaration, take the kitty and bury in turn; that declaration fixes the trump suit; the starter stays.'),
  buryRestriction: titledChoice({ none: 'Any card', noPoints: 'No point cards', noPointsOrTrumps: 'No point cards or trumps' })
    .default('none')
    .describe('Cards the starter may bury only when holding no others. Any card: no such cards; No point cards: 5s, 10s and Ks; No point cards or trumps: those and trumps.'),
  tractorFollow: titledChoice({ pairs: 'Pairs suffice', tractors: 'Tractors must be played' })
    .default('pairs')
    .describe('Following a tractor. Pairs suffice: identical pairs of the suit, consecutive or not (the original rules); Tractors must be played: a tractor held, or the longest part of one.'),
  throwEvaluation: titledChoice({ largestUnit: 'Largest unit decides', all: 'Every unit higher' })
    .default('largestUnit')
    .describe('A throw trumped by several players. Largest unit decides: the highest largest unit wins (the original rules); Every unit higher: a trump play beats another only if every unit is higher.'),
  throwUnits: titledChoice({ pairs: 'As its pairs', tractors: 'As one tractor' })
    .default('pairs')
    .describe('A tractor thrown with other cards. As its pairs: a throw being singles and pairs (the original rules); As one tractor: it stays one unit, beaten only by a higher tractor (as older games here were played).'),
  throwForced: titledChoice({ smallest: 'Smallest beatable unit', firstBlocker: 'First player able to beat one' })
    .default('smallest')
    .describe("A throw that fails: the unit the thrower plays instead. Smallest beatable unit: the smallest unit (fewest cards, then lowest) any other player could beat; First player able to beat one: the smallest unit that the first player in turn after the thrower able to beat any of them could beat."),
  throwPenalty: titledChoice({ none: 'No penalty', tenPerAttempt: '10 points a throw', tenPerCard: '10 points a card taken back' })
    .default('none')
    .describe('Penalty for a failed throw, in points to the other side. No penalty; 10 points a throw; 10 points a card taken back.'),
  throwPenaltySide: titledChoice({ handEnd: "The thrower's side as the hand ends", atThrow: 'The side when thrown' })
    .default('handEnd')
    .describe("Finding friends with a throw penalty: whose side a hidden friend's failed throw counts against. The thrower's side as the hand ends: the declarers', once the friend is found; The side when thrown: the attackers' (as older games here were played)."),
  kittyReveal: titledChoice({ attackersLastTrick: "Attackers' last trick", always: 'Always' })
    .default('attackersLastTrick')
    .describe("When the kitty is shown at the end of a hand. Attackers' last trick: only when the attackers win the last trick (the original rules); Always: every time."),
  kittyMultiplier: titledChoice({ cards: '2 × cards led', largestUnit: '2 × largest unit', power: '2 to the power of the largest unit' })
    .default('cards')
    .describe("What the kitty's points are multiplied by when the attackers win the last trick. 2 × cards led: twice the cards in that trick's lead (the original rules); 2 × largest unit: twice its largest unit; 2 to the power of the largest unit: of the lead's largest unit."),
  dealDelayMs: z.number().int().min(0).max(10_000).default(150).describe('Milliseconds between two cards of the deal.'),
  declareWindowMs: z
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(5_000)
    .describe('Milliseconds declaring stays open after the last card is dealt (and, with kitty theft, after each burial).'),
  handEndDelayMs: z.number().int().min(0).max(60_000).default(6_000).describe('Milliseconds the hand result stays up before the next deal.'),
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

/** Finding friends, while the starter calls: what a call may name (whatever the starter holds), and how many calls are made. */
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
  /** The cards the exchanger picked up, for the exchanger's view while burying. */
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
  /**
   * Each seat's throw penalties while it counted as an attacker, in points: a friend found later brings them over to
   * the declarers' side (`throwPenaltySide: 'handEnd'`).
   */
  attackerPenalties: number[];
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
  /** Finding friends: what the starter may call, while calling (null otherwise). */
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
