import { z } from 'zod';
import { titledChoice } from '../../core/options.ts';
import type { RngState } from '../../core/rng.ts';
import type { BoardKind } from './data/boards.ts';

/**
 * `ringStepOff` was a yes/no option before `anyHop`: games recorded (and tables asked for) with `true` or `false`
 * play as they did, stepping off where the move starts or never.
 */
function fromYesNo(value: unknown): unknown {
  return value === true ? 'moveStart' : value === false ? 'never' : value;
}

/** Every house rule has a default; `parse({})` is the game as the original rules document describes it. */
export const optionsSchema = z.object({
  board: titledChoice({ auto: 'By the colours in play', square: 'Square (4 colours)', hex: 'Hexagon (6 colours)' })
    .default('auto')
    .describe('Which board. Square (4 colours) or Hexagon (6 colours); By the colours in play: the square one when the colours in play fit on its four sides, else the hexagon.'),
  coloursPerPlayer: titledChoice([
    ['auto', 'By the number of players'],
    [1, '1 colour'],
    [2, '2 colours'],
    [3, '3 colours'],
  ])
    .default('auto')
    .describe('How many colours of marbles each player moves, all with one hand of cards. By the number of players: 2 each with 2 or 3 players, 1 each with 4–6. Team play needs 1 colour.'),
  teams: titledChoice({ none: 'No teams', pairs: 'Teams of two', triples: 'Teams of three' })
    .default('none')
    .describe('Partnerships, which win together. No teams: everyone plays alone; Teams of two: 4 or 6 players, partners opposite; Teams of three: 6 players, every second seat.'),
  partnerMarbles: titledChoice({ always: 'At any time', afterFinishing: 'Once your own are home' })
    .default('always')
    .describe("Team play, moving your partners' marbles. At any time: the original rules; Once your own are home: only once all your own marbles are home."),
  friendlyCapture: z
    .boolean()
    .default(true)
    .describe("Landing on a partner's marble, or on a marble of your own other colour, sends it to its pen (the original rules). Off: such a landing is blocked."),
  fastTrackObligation: titledChoice({ strict: 'Must move it', loseStatus: 'May move another' })
    .default('strict')
    .describe('A marble of yours on the fast track. Must move it (the original rules): while you have a marble on the fast track you must move it, and it goes back to its pen when the card cannot move it. May move another: you may move another marble instead, and your fast-track marbles then lose their fast-track status.'),
  ringStepOff: z
    .preprocess(fromYesNo, titledChoice({ never: 'Never', moveStart: 'Where a move starts', anyHop: 'At any fast-track space' }).default('never'))
    .describe('Where a marble travelling round the fast track may leave it for the main track. Never: it rides on to its own exit (the original rules); Where a move starts: at the start of any move, from the fast-track space it stands on; At any fast-track space: also at any fast-track space it reaches during the move, then on along the main track for the rest of the count.'),
  bullseyeEntry: titledChoice({ anyFastTrack: 'Past any fast-track space', ownFastTrack: 'Past your own only' })
    .default('anyFastTrack')
    .describe("A move ending one step past a fast-track space may end in the bull's eye instead. Past any fast-track space: the original rules; Past your own only: only past the first one after your colour's pen exit."),
  bullseyeBackward: z
    .boolean()
    .default(true)
    .describe("A backward move (a 4, or a forced one) may also end in the bull's eye when its last step would leave a fast-track space (the original rules). Off: backward moves never enter the bull's eye."),
  bullseyeCapture: z
    .boolean()
    .default(true)
    .describe("Entering the bull's eye captures another colour's marble there (back to its pen). Off: an occupied bull's eye cannot be entered."),
  jackSwap: titledChoice({ withOwn: 'One of them yours', anyTwo: 'Any two marbles' })
    .default('anyTwo')
    .describe("What a jack swaps. Any two marbles: any two of different colours, even two opponents' (the original rules); One of them yours: one of the two must be a marble you may move."),
  stallRelief: z
    .number()
    .int()
    .min(0)
    .max(10)
    .default(0)
    .describe('House rule against stalling: after this many of your cards in a row are discarded without effect, one of your marbles leaves its pen by itself. 0: off.'),
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
