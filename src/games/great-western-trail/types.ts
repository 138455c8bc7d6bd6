import { z } from 'zod';
import type { RngState } from '../../core/rng.ts';
import type { City, Disc } from './data/board.ts';
import type { SlotBonus } from './data/buildings.ts';
import type { Worker } from './data/tiles.ts';

export const GAME_ID = 'great-western-trail';

export const optionsSchema = z.object({
  /** Neutral buildings on their lettered spaces (first game) or shuffled onto the seven neutral spaces. */
  neutralBuildings: z.enum(['firstGame', 'random']).default('firstGame'),
  /** Private buildings all on side a (first game) or each number's side drawn once, the same for everyone. */
  privateBuildings: z.enum(['sideA', 'randomSides']).default('sideA'),
  /** First turn: the cattleman enters on a neutral building only, or on any building on the trail. */
  firstTurn: z.enum(['neutral', 'anyBuilding']).default('neutral'),
  /** Fees you cannot pay in full: pay what you can and move on, or such routes are forbidden. */
  fees: z.enum(['payWhatYouCan', 'mustAfford']).default('payWhatYouCan'),
  /** Equal scores share the victory, or the player with more money wins the tie. */
  tieBreak: z.enum(['shared', 'money']).default('shared'),
  /** Cowboys in Kansas City stack 2 (the rest of the 18 are in stack 3). */
  cowboysInStack2: z.union([z.literal(11), z.literal(12)]).default(11),
  /** A setup tile that has no free space is discarded, or shuffled back into stack 1. */
  unplaceableSetupTile: z.enum(['discard', 'return']).default('discard'),
  /** Transport cost from a turnout counts as from the space after it, or the space before it. */
  turnoutTransport: z.enum(['next', 'previous']).default('next'),
  /** Extraordinary delivery: a turnout destination does not count as a space moved, or it does. */
  extraordinaryTurnout: z.enum(['notCounted', 'counted']).default('notCounted'),
  /** Phase B: an action must be taken (at least a single auxiliary action), or the player may pass. */
  requireAction: z.boolean().default(true),
  /** Station master 3's teepee: traded at the space's value, or taken for free. */
  stationMasterTeepee: z.enum(['trade', 'free']).default('trade'),
  /** After the end trigger: every other player has one more turn, or play stops at the end of the round (before the first player). */
  finalRound: z.enum(['everyoneOnce', 'endOfRound']).default('everyoneOnce'),
  /** VP of each disc on Kansas City at the end: +6 as the original rules document says, or -6 as printed on the board. */
  kansasCityVp: z.union([z.literal(6), z.literal(-6)]).default(6),
  /**
   * Railroad space 39: the engine stops and station 10 is upgraded automatically (free, a disc goes on it; the
   * original rules document), or the printed board: optional paid upgrade, then the engine goes back for $3.
   */
  lastSpace: z.enum(['autoUpgrade', 'upgradeThenBack']).default('autoUpgrade'),
  /**
   * Double auxiliary actions 3 and 4: the original rules document's values ($2, engine 1 back, 2 certificates;
   * $1, engine exactly 2 forward), or the printed board's doubled single ($2, 2 back, 2 certificates; $2, up to 2).
   */
  doubleAuxiliary: z.enum(['rulesDocument', 'printedBoard']).default('rulesDocument'),
  /** The end trigger refills the cattle market to 7/10/13 (the original rules document), or leaves it. */
  refillMarketAtEnd: z.boolean().default(true),
  /**
   * Final turns after the end trigger: the cattleman goes to Kansas City (any number of steps) for the five
   * sub-phases (the original rules document), or a normal turn.
   */
  finalTurn: z.enum(['kansasCity', 'normal']).default('kansasCity'),
  /** Objective cards may also be played between the Kansas City sub-phases (a house rule; the default forbids it). */
  objectivesInKansasCity: z.boolean().default(false),
  /** The objective card of a completed city pair: the player may take it (the original rules document), or must. */
  cityPairObjective: z.enum(['may', 'must']).default('may'),
  /**
   * A worker's Jersey bonus (discard a Jersey for certificates or money) is offered whether or not the hand
   * holds a Jersey (`always`: declined with skip), or only when it does (`whenHeld`, as games recorded before
   * this option were played): a step dropped for want of a Jersey told the table what the hand lacked.
   */
  jerseyBonus: z.enum(['always', 'whenHeld']).default('always'),
  /**
   * The station 9b upgrades: the one where the engine stands (the original rules document) or any behind it
   * (the printed tile, per the digest) — `atOrBehind` — or only behind it (`behind`: games recorded before).
   */
  upgrade9b: z.enum(['atOrBehind', 'behind']).default('atOrBehind'),
  /**
   * The order a hand revealed for income goes onto the discard pile, whose top is public: `sorted`, or as
   * held (`asHeld`, as games recorded before this option were played), which showed the card drawn last.
   */
  revealedHandOrder: z.enum(['sorted', 'asHeld']).default('sorted'),
  /**
   * After 8b's copy (its local action) a single auxiliary action is not offered (`never`: local actions or one
   * auxiliary action, the original rules document), or is (`offered`, as games recorded before this option were played).
   */
  auxAfterCopy: z.enum(['never', 'offered']).default('never'),
  /**
   * Where auxiliary action 5's hand cards go: out of the game (`outOfGame`: the document's note that auxiliary
   * actions shrink the deck, the printed board) or onto the discard pile (`discarded`: the document's glossary
   * meaning of its verb).
   */
  auxiliary5Cards: z.enum(['outOfGame', 'discarded']).default('outOfGame'),
  /**
   * A step whose only move is `skip` (a station master with no pair of workers to give, a hazard or teepee nobody
   * can afford, a cattle purchase with nothing left to buy) is passed without asking (`passed`), or waits for the
   * player's skip (`asked`, as games recorded before this option were played). A Jersey bonus offered without a
   * Jersey in hand is always asked (`jerseyBonus: always`): passing it would tell the table what the hand lacks.
   */
  skipOnlySteps: z.enum(['passed', 'asked']).default('passed'),
  /** 8b copies the building on the directly neighbouring space, or the nearest location past empty spaces. */
  copyAdjacency: z.enum(['direct', 'nearestLocation']).default('direct'),
});
export type GwtOptions = z.infer<typeof optionsSchema>;

export interface PlayerState {
  money: number;
  /** Trail space of the cattleman; '' before the first turn. */
  location: string;
  hand: string[];
  deck: string[];
  discard: string[];
  /** Objective cards played to the objective area (the starting one included). */
  objectives: string[];
  /** Discs still on the player board. */
  discs: Disc[];
  /** Temporary certificate marker (0,1,2,3,4,6). */
  certificates: number;
  permanentCertificates: number;
  /** Workers in each row, the printed one included. */
  workers: Record<Worker, number>;
  /** Private building tiles not yet placed. */
  buildings: string[];
  /** Engine position: 0..39, a turnout between n and n+1 is n + 0.5. */
  engine: number;
  hazards: string[];
  teepees: string[];
  stationMasters: number[];
  /** Workers sent to station masters (they stay there). */
  masterWorkers: Worker[];
  cities: Record<City, number>;
  jobToken: boolean;
}

export type Step =
  | { kind: 'engine'; max: number; exact: boolean }
  | { kind: 'engineBack'; exact: number; reward: 'cert1' | 'cert2' | 'remove1' | 'remove2' | 'money3' | 'end39' | 'extraDelivery' }
  | { kind: 'upgrade'; station: number }
  | { kind: 'disc'; city: City | ''; station: number }
  | { kind: 'master'; station: number }
  | { kind: 'hazard'; cost: number; orTeepee: boolean }
  | { kind: 'teepee' }
  | { kind: 'hire'; mod: number }
  | { kind: 'jersey'; bonus: SlotBonus }
  | { kind: 'build'; perCraftsman: number }
  | { kind: 'buy' }
  | { kind: 'discard'; count: number }
  | { kind: 'remove'; count: number }
  | { kind: 'objective'; toHand: boolean; optional: boolean }
  | { kind: 'aux' }
  | { kind: 'draw'; max: number }
  | { kind: 'move'; max: number; ignoreFees: boolean; activate: boolean }
  | { kind: 'copy' }
  | { kind: 'upgradeBehind' }
  | { kind: 'foresight'; column: number }
  | { kind: 'income' }
  | { kind: 'deliver'; max: number; extraordinary: boolean };

/** Phase B at a location. `tile` is the tile whose local actions are offered (a copied one after 8b). */
export interface Session {
  space: string;
  tile: string;
  /** Local actions are allowed (neutral or own building); false: a single auxiliary action only. */
  local: boolean;
  /** Risk action of the owner's building available here. */
  risk: 'jersey' | 'any' | '';
  used: string[];
  acted: boolean;
  auxUsed: boolean;
}

export interface TurnState {
  phase: 'A' | 'B';
  session: Session | null;
  /** Pending sub-steps, the last one is resolved first. */
  stack: Step[];
  cowboysUsed: number;
}

export interface GwtState {
  options: GwtOptions;
  playerCount: number;
  rng: RngState;
  /** Seat of the first player (who started with $6). */
  firstPlayer: number;
  current: number;
  /** Private building side of each number 1..10, the same for every player. */
  sides: string[];
  turn: TurnState;
  /** Tile on each trail space: '' empty, `n:A` neutral, `p:<seat>:<building>` private, `h:<hazard>`, `t:green|blue`. */
  trail: Record<string, string>;
  stacks: string[][];
  /** Foresight spaces: column k holds indices 2k and 2k+1; '' is empty. */
  foresight: string[];
  /** Job market slots row by row (playerCount per row); '' is empty or hired. */
  jobMarket: string[];
  /** Slots filled so far; the token sits in row floor(jobFilled / playerCount). */
  jobFilled: number;
  market: string[];
  marketDeck: string[];
  objectiveDisplay: string[];
  objectiveStack: string[];
  stations: { discs: number[]; master: number }[];
  removedTiles: string[];
  removedCards: string[];
  /** Seat that triggered the game end, or -1. */
  endTrigger: number;
  over: boolean;
  /** Money created by and returned to the bank, for the conservation check. */
  ledger: { paidOut: number; paidIn: number };
  players: PlayerState[];
}

export type GwtMove =
  | { type: 'place'; space: string }
  | { type: 'move'; path: string[] }
  | { type: 'action'; action: string; cards?: string[] }
  | { type: 'aux'; aux: number; double: boolean }
  | { type: 'endTurn' }
  | { type: 'playObjective'; card: string }
  | { type: 'skip' }
  | { type: 'engine'; to: number }
  | { type: 'upgrade' }
  | { type: 'disc'; disc: string }
  | { type: 'claimMaster'; worker: Worker }
  | { type: 'takeHazard'; space: string }
  | { type: 'takeTeepee'; space: string }
  | { type: 'hire'; slot: number }
  | { type: 'discard'; card: string }
  | { type: 'build'; building: string; space: string }
  | { type: 'buyCattle'; cards: string[]; cowboys: number }
  | { type: 'refillMarket' }
  | { type: 'remove'; card: string }
  | { type: 'takeObjective'; card: string }
  | { type: 'draw'; count: number }
  | { type: 'copy'; space: string }
  | { type: 'upgradeStation'; station: number }
  | { type: 'foresight'; pick: number }
  | { type: 'income'; certificates: number }
  | { type: 'deliver'; city: City };
