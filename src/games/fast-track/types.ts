import { z } from 'zod';
import type { RngState } from '../../core/rng.ts';
import type { BoardKind } from './data/boards.ts';

/** Every house rule has a default; `parse({})` is the game as the original rules document describes it. */
export const optionsSchema = z.object({
  /** 'auto': square when the colours in play fit on four sides, hexagonal otherwise. */
  board: z.enum(['auto', 'square', 'hex']).default('auto'),
  /** 'auto': 2 colours each with 2 or 3 players, 1 colour each with 4–6 players. */
  coloursPerPlayer: z.union([z.literal('auto'), z.literal(1), z.literal(2), z.literal(3)]).default('auto'),
  /** Partnerships: pairs (4 or 6 players, partners opposite) or triples (6 players, alternate seats). */
  teams: z.enum(['none', 'pairs', 'triples']).default('none'),
  /** Team play: move a partner's marbles at any time (original rules) or only once your own are home. */
  partnerMarbles: z.enum(['always', 'afterFinishing']).default('always'),
  /** Landing on a partner's (or your own other colour's) marble sends it to its pen; off: such a landing is blocked. */
  friendlyCapture: z.boolean().default(true),
  /**
   * 'strict' (original rules): while you have a marble on the fast track you must move it, and it goes back
   * to its pen when the card cannot move it. 'loseStatus': you may move another marble instead, and your
   * fast-track marbles then lose their fast-track status.
   */
  fastTrackObligation: z.enum(['strict', 'loseStatus']).default('strict'),
  /** A marble riding the fast track may step off onto the main track at any fast-track space (off: only at its own exit). */
  ringStepOff: z.boolean().default(false),
  /** Bull's-eye entry one step past any fast-track space, or only past the colour's first one (after its pen exit). */
  bullseyeEntry: z.enum(['anyFastTrack', 'ownFastTrack']).default('anyFastTrack'),
  /**
   * A backward move (a 4, or a forced one) whose last step would leave a fast-track space may end in the bull's eye
   * instead (original rules); off: backward moves stay on the main track (the digest's reference implementation).
   */
  bullseyeBackward: z.boolean().default(true),
  /** Entering an occupied bull's eye captures the marble there; off: it is blocked. */
  bullseyeCapture: z.boolean().default(true),
  /** Jack swap: any two marbles of different colours (the original rules), or one must be one you may move ('withOwn'). */
  jackSwap: z.enum(['withOwn', 'anyTwo']).default('anyTwo'),
  /** Anti-stall house rule: after this many no-effect discards in a row a marble leaves the pen by itself (0: off). */
  stallRelief: z.number().int().min(0).max(10).default(0),
});
export type Options = z.infer<typeof optionsSchema>;

export type Area = 'pen' | 'track' | 'home' | 'bullseye';
/**
 * Fast-track status of a marble standing on a fast-track space: 'entered' (arrived there: may go round the
 * fast track or along the main track), 'riding' (travelling the fast track: stays on it), 'none' elsewhere.
 */
export type RingStatus = 'none' | 'entered' | 'riding';

export interface Marble {
  /** `${colour}-${index}`, e.g. `red-0`. */
  id: string;
  /** Zone index of its colour. */
  colour: number;
  area: Area;
  /** Track index 0…, home hole 0–3, -1 in pen and bull's eye. */
  space: number;
  ring: RingStatus;
}

export interface Player {
  /** Zone indices of the colours this seat plays. */
  colours: number[];
  /** Team number, -1 without teams. */
  team: number;
  /** Face-down deck, top card last. */
  deck: string[];
  hand: string[];
  /** Played cards, face up, top card last. */
  discard: string[];
  /** Card shown in the cut for first player ('' if none). */
  cut: string;
  /** No-effect discards in a row (for the stallRelief house rule). */
  stalls: number;
}

/** The second half of a split 7 still to be moved. */
export interface PendingSplit {
  card: string;
  /** Marble moved by the first part (the second part must move another one). */
  marble: string;
  remaining: number;
  /** Marbles on the fast track when the 7 was played (the obligation is judged against them). */
  fastTrackAtStart: string[];
}

export interface State {
  options: Options;
  board: BoardKind;
  seats: number;
  rng: RngState;
  phase: 'cut' | 'play' | 'over';
  players: Player[];
  marbles: Marble[];
  /** Seats still cutting for first player (ties cut again). */
  cutContenders: number[];
  turn: { seat: number; chain: string[]; split: PendingSplit | null };
  winners: number[];
}

export type Move =
  | { type: 'cut' }
  /** One marble: forward, backward, out of the pen, out of the bull's eye, a whole 7, or back to its pen. */
  | { type: 'move'; card: string; marble: string; to: string }
  /** First part of a split 7 (`steps` 1–6); the rest follows as `splitRest`. */
  | { type: 'split'; card: string; marble: string; to: string; steps: number }
  | { type: 'splitRest'; marble: string; to: string }
  | { type: 'swap'; card: string; marble: string; other: string }
  /** A card with no possible effect. */
  | { type: 'discard'; card: string };

export interface MarbleView {
  id: string;
  colour: string;
  area: Area;
  space: number;
  ring: RingStatus;
}

export interface ColourView {
  name: string;
  seat: number;
  team: number;
  penExit: number;
  homeEntry: number;
  fastTrackExit: number;
  /** The fast-track space just after the pen exit (the fast track may be left backwards only there). */
  firstFastTrack: number;
}

export interface PlayerView {
  seat: number;
  colours: string[];
  team: number;
  handCount: number;
  deckCount: number;
  discardCount: number;
  discardTop: string;
  cut: string;
  stalls: number;
}

export interface PublicView {
  phase: State['phase'];
  board: { kind: BoardKind; trackLength: number; homeLength: number; fastTrackSpaces: number[]; colours: ColourView[] };
  marbles: MarbleView[];
  players: PlayerView[];
  turn: { seat: number; chain: string[]; split: { card: string; marble: string; remaining: number } | null };
  cutContenders: number[];
  winners: number[];
}

export interface PrivateView {
  hand: string[];
}
