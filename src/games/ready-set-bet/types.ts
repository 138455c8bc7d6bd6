import { z } from 'zod';
import { titledChoice } from '../../core/options.ts';
import type { RngState } from '../../core/rng.ts';

export const GAME_ID = 'ready-set-bet';

/** Every house rule and every point the sources leave open; `parse({})` is the standard game. */
export const optionsSchema = z.object({
  hostMode: titledChoice({ server: 'The server', hostSeat: 'A seated host' })
    .default('server')
    .describe('Who rolls the dice. The server: on a timer, and every seat bets (2–8 seats); A seated host: seat 0 is the host, who rolls and holds no tokens (up to 9 seats).'),
  hostBets: z
    .boolean()
    .default(false)
    .describe('With a seated host: the host also gets a set of tokens and may bet, but only before the race starts (the original rules allow it).')
    .meta({ appliesWhen: { hostMode: 'hostSeat' } }),
  /** The rules document: the host bets "before the race starts", the players "during the race". */
  hostBetsFirst: z
    .boolean()
    .default(true)
    .describe("With a betting host: the others may bet only once the host's first roll has started the race (the original rules). Off: everyone from before the first roll (as older games here were played).")
    .meta({ appliesWhen: { hostMode: 'hostSeat', hostBets: true } }),
  /** The rules document: the players bet "during the race", which the host starts ("and now the race begins"). */
  betsFromFirstRoll: z
    .boolean()
    .default(true)
    .describe("With a host who does not bet: the players may bet only once the host's first roll has started the race (the original rules). Off: from before the first roll (as older games here were played).")
    .meta({ title: 'Bets open with the first roll', appliesWhen: { hostMode: 'hostSeat', hostBets: false } }),
  rollIntervalMs: z.number().int().min(10).max(60_000).default(1000).describe('Milliseconds between two rolls while a race runs.'),
  startDelayMs: z.number().int().min(0).max(60_000).default(3000).describe("Milliseconds before a race's first roll."),
  resultsPauseMs: z.number().int().min(0).max(600_000).default(8000).describe('Milliseconds the settlement stays up before the game moves on by itself.'),
  draftTimeoutMs: z.number().int().min(0).max(600_000).default(30_000).describe('Milliseconds the VIP draft waits; then anyone undecided keeps the first card offered.').meta({ title: 'VIP draft timeout (ms)' }),
  redLine: z
    .number()
    .int()
    .min(1)
    .max(14)
    .default(10)
    .describe('Where the red line is: betting closes when a roll takes the third horse to this position or beyond. 10 as read off the printed board.'),
  tripleRule: z
    .boolean()
    .default(true)
    .describe('The third identical roll in a row gives no bonus: a pair that paid is used up, and the fourth roll pairs with the third (the original rules). Off: every repeat gives the bonus.')
    .meta({ title: 'Triple-roll rule' }),
  repeatMatch: titledChoice({ horse: 'Horse', sum: 'Dice sum' })
    .default('horse')
    .describe('What makes a repeat roll, which moves the horse its bonus too. Horse: the same horse, so a 2 then a 3 counts (the original rules); Dice sum: the same dice sum.')
    .meta({ title: 'A repeat roll is the same' }),
  fewerTokensAtSeven: z
    .boolean()
    .default(true)
    .describe('With 7 or 8 players betting besides the host, each of them returns one 3 token (the original rules). Off: everyone keeps both 3s.')
    .meta({ title: 'Fewer tokens at 7–8 bettors' }),
  horseTies: titledChoice({ competition: '1, 2, 2, 4', dense: '1, 2, 2, 3' })
    .default('competition')
    .describe('Places of tied horses. 1, 2, 2, 4: a tie for 2nd leaves no 3rd (competition ranking); 1, 2, 2, 3: the next horse is 3rd (dense ranking).'),
  propTieWins: z
    .boolean()
    .default(false)
    .describe('A prop bet also wins when its horse ties a horse it must beat. Off: a tie is not ahead.')
    .meta({ title: 'A tie wins a prop bet' }),
  props: z
    .boolean()
    .default(true)
    .describe('Prop bets: five new prop cards to bet on each race. The original rules suggest leaving them out of a first game.')
    .meta({ title: 'Prop bets' }),
  exotics: z
    .boolean()
    .default(true)
    .describe('Exotic Finish bets: a new card each race, with three bet spaces. The original rules suggest leaving them out of a first game.')
    .meta({ title: 'Exotic Finish bets' }),
  exoticsPersist: z
    .boolean()
    .default(true)
    .describe("Exotic Finish cards of earlier races stay open for bets in later races. Off: only the race's own card.")
    .meta({ title: 'Exotic Finish cards stay open' }),
  vip: z
    .boolean()
    .default(true)
    .describe("VIP cards: after races 1–3 each bettor keeps one of two dealt; this server's own designed deck (the official texts are not available). The original rules suggest leaving them out of a first game.")
    .meta({ title: 'VIP cards' }),
  startingMoney: z.number().int().min(0).max(1000).default(0).describe('Dollars every bettor starts with.'),
  moneyFloor: z
    .boolean()
    .default(true)
    .describe('Nobody goes below $0: a player who cannot pay a penalty pays what they have. Off: money may go negative.'),
  tieBreak: titledChoice({ shared: 'Shared victory', fewestVip: 'Fewest VIP cards', mostWinningBets: 'Most winning bets' })
    .default('shared')
    .describe('Equal money at the end. Shared victory: they share it; Fewest VIP cards: fewer VIP cards wins; Most winning bets: more winning bets wins (both house rules).')
    .meta({ title: 'Tie-break' }),
}).meta({
  // The table sizes validateSetup takes, by the options that bound them (docs/PROTOCOL.md: `seatsWhen`): the create
  // form bounds its seats by them. At most 8 bettors; the VIP deck serves at most 8; at least two bet besides a host.
  seatsWhen: [
    { when: { hostMode: 'server' }, max: 8 },
    { when: { hostMode: 'hostSeat', hostBets: false }, min: 3 },
    { when: { hostMode: 'hostSeat', hostBets: true, vip: true }, max: 8 },
  ],
});
export type Options = z.infer<typeof optionsSchema>;

export type Phase = 'racing' | 'results' | 'vipDraft' | 'over';

export interface Roll {
  a: number;
  b: number;
  sum: number;
  horse: string;
  /** Spaces moved, bonus included. */
  moved: number;
  bonus: number;
}

export interface Bet {
  space: string;
  seat: number;
  token: number;
}

export interface VipHolding {
  card: string;
  /** Drafted after this race; it works from the next one. */
  race: number;
  revealed: boolean;
  spent: boolean;
}

export interface PlayerState {
  money: number;
  /** Every token the player owns (base set plus bonus tokens); placed ones are the seat's bets. */
  tokens: number[];
  passed: boolean;
  ready: boolean;
  vip: VipHolding[];
  /** The two VIP cards offered in the current draft (empty otherwise). */
  offer: string[];
}

export interface SettlementLine {
  /** The bet space, or '' for a VIP line that is not about one bet. */
  space: string;
  label: string;
  token: number;
  won: boolean;
  /** Money gained (positive) or owed (negative), VIP changes included. */
  amount: number;
  /** Names of the VIP cards that changed this line, or ''. */
  vip: string;
}

export interface PlayerSettlement {
  seat: number;
  before: number;
  gains: number;
  penalties: number;
  /** Penalties actually paid (less than `penalties` only at the $0 floor). */
  paid: number;
  delta: number;
  lines: SettlementLine[];
}

export interface HorseFinish {
  horse: string;
  position: number;
  rank: number;
}

export interface Settlement {
  race: number;
  winner: string;
  finish: HorseFinish[];
  players: PlayerSettlement[];
}

export interface RollHit {
  seat: number;
  card: string;
  count: number;
}

export interface State {
  options: Options;
  seats: number;
  /** The seat that rolls in host mode, else -1. */
  hostSeat: number;
  rng: RngState;
  phase: Phase;
  race: number;
  positions: number[];
  rolls: number;
  lastRoll: Roll | null;
  /** Whether a repeat of the last roll would now earn its bonus (false right after a bonus). */
  bonusArmed: boolean;
  bettingOpen: boolean;
  /** Bets of the current race in the order they were accepted. */
  bets: Bet[];
  players: PlayerState[];
  propDeck: string[];
  props: string[];
  propDiscard: string[];
  exoticDeck: string[];
  /** Exotic cards revealed so far; index r-1 is race r's card. */
  exotics: string[];
  vipDeck: string[];
  vipDiscard: string[];
  /** VIP roll triggers of the current race, paid at settlement. */
  rollHits: RollHit[];
  settlements: Settlement[];
}

export type Move =
  | { type: 'roll' }
  | { type: 'bet'; space: string; token: number }
  | { type: 'pass' }
  | { type: 'ready' }
  | { type: 'keepVip'; card: string }
  | { type: 'continue' };

export interface VipCardView {
  id: string;
  name: string;
  text: string;
  duration: string;
}

export interface PublicPlayer {
  seat: number;
  bettor: boolean;
  money: number;
  tokens: number[];
  available: number[];
  passed: boolean;
  ready: boolean;
  drafting: boolean;
  /** Cards shown to the table (used at least once, or spent). */
  vip: { id: string; name: string; spent: boolean }[];
  hiddenVip: number;
}

/** One space of the printed betting board, as published to clients (static). */
export interface BoardSpaceView {
  id: string;
  /** 'show' | 'place' | 'win' (the horse grid) or 'color'. */
  kind: string;
  /** The horse of a grid space, '' for a colour bet. */
  horse: string;
  label: string;
  multiplier: number;
  penalty: number;
}

export interface PublicView {
  phase: Phase;
  race: number;
  races: number;
  hostSeat: number;
  /** `bonus`: the spaces a repeated roll adds (blue 3, orange 2, red 1, 7 none). */
  horses: { horse: string; color: string; bonus: number; position: number }[];
  redLine: number;
  crossed: number;
  /**
   * The race's betting is open: to the seated host alone before its first roll where `hostBetsFirst`, to nobody before
   * it where `betsFromFirstRoll`.
   */
  bettingOpen: boolean;
  /**
   * A seated host bets first: before its first roll of a race only the host bets, the others' bets open with that roll
   * (options hostBets and hostBetsFirst at a seated host's table). Static.
   */
  hostBetsFirst: boolean;
  /**
   * A seated host who does not bet starts each race with its first roll: before it nobody bets, the bettors' bets open
   * with that roll (option betsFromFirstRoll at a seated host's table without hostBets). Static.
   */
  betsFromFirstRoll: boolean;
  rolls: number;
  lastRoll: Roll | null;
  bonusArmed: boolean;
  /** Spaces a horse needs to finish. Static. */
  finish: number;
  /** "No more bets" once this many horses are past the red line. Static. */
  redLineHorses: number;
  /** The printed board: the horse grid row by row (Show A … Win C), then the colour bets. Static. */
  board: readonly BoardSpaceView[];
  bets: Bet[];
  props: { id: string; ahead: string; behind: string[]; multiplier: number; penalty: number }[];
  /** `spaces`: the card's bet space ids. */
  exotics: { id: string; name: string; text: string; race: number; multiplier: number; penalty: number; open: boolean; spaces: string[] }[];
  players: PublicPlayer[];
  settlement: Settlement | null;
  decks: { props: number; exotics: number; vip: number };
  /** The table's option `tieBreak`: how equal money ranks at the end (the result says only the money). Static. */
  tieBreak: Options['tieBreak'];
  /** At the end, where `tieBreak` is mostWinningBets: each seat's winning bets of the game, what it counted; else empty. */
  winningBets: number[];
}

export interface PrivateView {
  offer: VipCardView[];
  hand: (VipCardView & { race: number; revealed: boolean; spent: boolean })[];
}
