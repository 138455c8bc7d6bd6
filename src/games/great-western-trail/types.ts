import { z } from 'zod';
import { titledChoice } from '../../core/options.ts';
import type { RngState } from '../../core/rng.ts';
import type { City, Disc } from './data/board.ts';
import type { SlotBonus } from './data/buildings.ts';
import type { Worker } from './data/tiles.ts';

export const GAME_ID = 'great-western-trail';

export const optionsSchema = z.object({
  neutralBuildings: titledChoice({ firstGame: 'First game (lettered spaces)', random: 'Random spaces' })
    .default('firstGame')
    .describe('Neutral buildings A–G. First game (lettered spaces): each on the space of its letter; Random spaces: shuffled onto the seven neutral spaces.'),
  privateBuildings: titledChoice({ sideA: 'Side A for everyone', randomSides: 'Random sides' })
    .default('sideA')
    .describe("Players' buildings. Side A for everyone: each building on its side a; Random sides: for each number one side is drawn, the same for everyone."),
  firstTurn: titledChoice({ neutral: 'Neutral building', anyBuilding: 'Any building' })
    .default('neutral')
    .describe('Where the cattleman enters the trail on the first turn. Neutral building: on a neutral building only; Any building: on any building on the trail.'),
  fees: titledChoice({ payWhatYouCan: 'Pay what you can', mustAfford: 'Only fees you can pay' })
    .default('payWhatYouCan')
    .describe('Fees you cannot pay in full. Pay what you can: pay what you have and move on; Only fees you can pay: such routes are offered only when no route is affordable.'),
  tieBreak: titledChoice({ shared: 'Shared victory', money: 'More money wins' })
    .default('shared')
    .describe('Equal scores. Shared victory: they share the victory (the original rules); More money wins: the one with more money wins.'),
  cowboysInStack2: titledChoice([
    [11, '11 (7 in the third stack)'],
    [12, '12 (6 in the third stack)'],
  ])
    .default(11)
    .describe("Cowboys in Kansas City's second supply stack; the rest of the 18 go in the third.")
    .meta({ title: 'Cowboys in the second stack' }),
  unplaceableSetupTile: titledChoice({ discard: 'Discard it', return: 'Shuffle it back' })
    .default('discard')
    .describe('At setup, a stack-1 tile with no free space left. Discard it: it leaves the game; Shuffle it back: it is shuffled back into stack 1.'),
  turnoutTransport: titledChoice({ next: 'From the space after it', previous: 'From the space before it' })
    .default('next')
    .describe('Transport cost with your engine on a turnout. From the space after it: counted from the space after the turnout; From the space before it: from the space before the turnout.'),
  extraordinaryTurnout: titledChoice({ notCounted: 'Not counted', counted: 'Counted' })
    .default('notCounted')
    .describe('Extraordinary delivery (building 9a), a turnout the engine moves back onto. Not counted: it does not count as a space moved; Counted: it does.'),
  requireAction: z
    .boolean()
    .default(true)
    .describe('Phase B: you must take an action at your location, at least a single auxiliary action. Off: you may pass.'),
  stationMasterTeepee: titledChoice({ trade: 'Space value as usual', free: 'Free' })
    .default('trade')
    .describe("Station master 3's free hazard or teepee, when a teepee is taken. Space value as usual: its space's value is paid or earned as usual; Free: it costs and gives nothing."),
  /** `endOfRound` is the original rules document's «تا پایان همان دور» (to the end of that same round). */
  finalRound: titledChoice({ everyoneOnce: 'One more turn each', endOfRound: 'End of the round' })
    .default('endOfRound')
    .describe('After the end is triggered. End of the round: play goes on to the end of the round, stopping before the first player (the original rules); One more turn each: every other player has one more turn (as older games here were played).'),
  kansasCityVp: titledChoice([
    [6, '6 VP each (original rules)'],
    [-6, '-6 VP each (printed board)'],
  ])
    .default(6)
    .describe('VP at the end for each of your discs on Kansas City. 6 VP each: the original rules; -6 VP each: as printed on the board.')
    .meta({ title: 'VP for your discs on Kansas City' }),
  lastSpace: titledChoice({ autoUpgrade: 'Free upgrade, engine stays', upgradeThenBack: 'Upgrade, then back' })
    .default('autoUpgrade')
    .describe('Railroad space 39. Free upgrade, engine stays: the engine stops there and station 10 is upgraded for free (the original rules); Upgrade, then back: the printed board, an optional paid upgrade, then the engine must move back, earning $3.'),
  doubleAuxiliary: titledChoice({ rulesDocument: 'Rules document', printedBoard: 'Printed board' })
    .default('rulesDocument')
    .describe('Double auxiliary actions 3 and 4. Rules document (the original rules): pay $2, engine 1 back, 2 certificates; pay $1, engine exactly 2 forward. Printed board: pay $2, engine 2 back, 2 certificates; pay $2, engine up to 2 forward.'),
  refillMarketAtEnd: z
    .boolean()
    .default(true)
    .describe('Triggering the end refills the cattle market to 7/10/13 cards (the original rules). Off: it is left as it is.'),
  finalTurn: titledChoice({ kansasCity: 'Straight to Kansas City', normal: 'Ordinary turn' })
    .default('kansasCity')
    .describe('Final turns after the end is triggered. Straight to Kansas City: the cattleman goes straight to Kansas City, any number of steps, for its five sub-phases (the original rules); Ordinary turn: an ordinary turn.'),
  objectivesInKansasCity: z
    .boolean()
    .default(false)
    .describe('House rule: objective cards may also be played between the Kansas City sub-phases (on arriving there, before the first, they always may).')
    .meta({ title: 'Objective cards in Kansas City' }),
  permanentCertificates: titledChoice({ may: 'May add them', always: 'Always added' })
    .default('may')
    .describe('Permanent certificates (from station masters) at the Kansas City income. May add them: you add as many as you like, as the temporary ones (the original rules); Always added: every one counts (as older games here were played).')
    .meta({ title: 'Permanent certificates at the income' }),
  cityPairObjective: titledChoice({ may: 'May take it', must: 'Must take it' })
    .default('may')
    .describe("A completed city pair's objective card. May take it: you may (the original rules); Must take it: you must while any is left (as older games here were played)."),
  /**
   * Offered whatever the hand holds because a step dropped for want of a Jersey told the table what the hand
   * lacked; `whenHeld` replays games recorded before this option.
   */
  jerseyBonus: titledChoice({ always: 'Always offered', whenHeld: 'Only with a Jersey in hand' })
    .default('always')
    .describe("A worker's Jersey bonus. Always offered: to take or skip, whether or not you hold a Jersey, so nobody learns your hand; Only with a Jersey in hand: as older games here were played."),
  /** `atOrBehind` covers both sources: the original rules document (where the engine stands) and the printed tile (behind it). */
  upgrade9b: titledChoice({ atOrBehind: 'At or behind the engine', behind: 'Behind the engine' })
    .default('atOrBehind')
    .describe('The station building 9b upgrades. At or behind the engine: the one where your engine stands or any behind it; Behind the engine: only one behind it (as older games here were played).')
    .meta({ title: 'What building 9b upgrades' }),
  revealedHandOrder: titledChoice({ sorted: 'Sorted', asHeld: 'In the order held' })
    .default('sorted')
    .describe('A hand revealed for income goes onto your discard pile, whose top card everyone sees. Sorted: in sorted order; In the order held: which showed the card drawn last (as older games here were played).'),
  auxAfterCopy: titledChoice({ never: 'No auxiliary action', offered: 'One auxiliary action too' })
    .default('never')
    .describe("After building 8b's copy. No auxiliary action: a building gives local actions or one auxiliary action (the original rules); One auxiliary action too: a single auxiliary action is offered as well (as older games here were played)."),
  /**
   * `outOfGame` follows the original rules document's note that auxiliary actions shrink the deck, and the printed
   * board; `discarded` its glossary meaning of the verb.
   */
  auxiliary5Cards: titledChoice({ outOfGame: 'Out of the game', discarded: 'Onto your discard pile' })
    .default('outOfGame')
    .describe("Auxiliary action 5's hand cards. Out of the game: they leave the game (as on the printed board); Onto your discard pile: they are discarded.")
    .meta({ title: "Auxiliary action 5's cards" }),
  /**
   * Every such step depends on public facts alone; the Jersey bonus offered without a Jersey in hand stays asked
   * (`jerseyBonus: always`): passing it would tell the table what the hand lacks.
   */
  skipOnlySteps: titledChoice({ passed: 'Passed without asking', asked: 'Wait for your skip' })
    .default('passed')
    .describe('A step whose only choice is to skip (a station master you have no two workers of a kind for, a hazard or teepee you cannot afford, nothing left to buy). Passed without asking: it is skipped for you; Wait for your skip: you skip it yourself (as older games here were played).'),
  /**
   * Judged on public facts alone (moves.ts, `onlyEndTurnLeft`): a move the hand might allow keeps the turn open, so
   * its ending by itself tells the table nothing about the hand.
   */
  endTurn: titledChoice({ auto: 'Ends by itself', asked: 'Wait for "End your turn"' })
    .default('auto')
    .describe('Phase C (drawing up to your hand limit) once phase B leaves you nothing to do. Ends by itself: your turn ends, unless a card you might hold, as far as the others can tell, could still be played or discarded; Wait for "End your turn": you end it yourself (as older games here were played).'),
  copyAdjacency: titledChoice({ direct: 'Directly neighbouring', nearestLocation: 'Nearest building' })
    .default('direct')
    .describe('What building 8b copies. Directly neighbouring: the building on a directly neighbouring space; Nearest building: the nearest building, past empty spaces.'),
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
  /**
   * In Kansas City: false on arriving, true once a sub-phase has been carried out (objective cards then wait for the
   * visit's end, or the house rule). Absent in a state kept before it existed: derived from the table (moves.ts).
   */
  kansasCityBegun?: boolean;
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
  /** `certificates`: the temporary ones spent; `permanent`: the permanent ones added (absent: all of them). */
  | { type: 'income'; certificates: number; permanent?: number }
  | { type: 'deliver'; city: City };
