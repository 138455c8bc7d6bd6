import { z } from 'zod';
import type { RngState } from '../../core/rng.ts';

export const GAME_ID = 'ready-set-bet';

/** Every house rule and every point the sources leave open; `parse({})` is the standard game. */
export const optionsSchema = z.object({
  /** `server`: the server rolls on a timer and every seat bets. `hostSeat`: seat 0 rolls and has no tokens. */
  hostMode: z.enum(['server', 'hostSeat']).default('server'),
  /** hostSeat only: the host also gets a token set and may bet, but only before the first roll of a race. */
  hostBets: z.boolean().default(false),
  /**
   * hostBets only: the others bet once the race has started (the host's first roll), as the rules say —
   * the host bets "before the race starts", the players "during the race". False: everyone from the start.
   */
  hostBetsFirst: z.boolean().default(true),
  /** Pause between two rolls while racing. */
  rollIntervalMs: z.number().int().min(10).max(60_000).default(1000),
  /** Pause before the first roll of a race ("and they're off"). */
  startDelayMs: z.number().int().min(0).max(60_000).default(3000),
  /** How long the settlement stays up before the game moves on by itself. */
  resultsPauseMs: z.number().int().min(0).max(600_000).default(8000),
  /** How long the VIP draft waits before keeping the first offered card for anyone undecided. */
  draftTimeoutMs: z.number().int().min(0).max(600_000).default(30_000),
  /** A horse is past the red line at this position or beyond. */
  redLine: z.number().int().min(1).max(14).default(10),
  /** The third identical roll in a row gives no bonus (it starts a new pair). */
  tripleRule: z.boolean().default(true),
  /** What makes a repeat: the same horse (2 then 3 counts) or the same dice sum. */
  repeatMatch: z.enum(['horse', 'sum']).default('horse'),
  /** With 7–8 bettors each returns one 3 token. */
  fewerTokensAtSeven: z.boolean().default(true),
  /** Tied horses: standard competition ranking (1, 2, 2, 4) or dense ranking (1, 2, 2, 3). */
  horseTies: z.enum(['competition', 'dense']).default('competition'),
  /** A prop bet also wins when its horse ties the others it must beat. */
  propTieWins: z.boolean().default(false),
  props: z.boolean().default(true),
  exotics: z.boolean().default(true),
  /** Exotic Finish cards of earlier races stay open for bets in later races. */
  exoticsPersist: z.boolean().default(true),
  vip: z.boolean().default(true),
  startingMoney: z.number().int().min(0).max(1000).default(0),
  /** Nobody goes below $0: a player who cannot pay a penalty pays what they have. */
  moneyFloor: z.boolean().default(true),
  /** Equal money at the end: shared victory, or the fewer VIP cards, or the more winning bets. */
  tieBreak: z.enum(['shared', 'fewestVip', 'mostWinningBets']).default('shared'),
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
  bettingOpen: boolean;
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
}

export interface PrivateView {
  offer: VipCardView[];
  hand: (VipCardView & { race: number; revealed: boolean; spent: boolean })[];
}
