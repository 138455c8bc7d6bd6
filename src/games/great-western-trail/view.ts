/** What each viewer sees, and the leak probe that re-deals what a viewer cannot see. */
import type { RandomSource, View, Viewer } from '../../core/game.ts';
import { shuffleWith } from '../../core/rng.ts';
import type { City } from './data/board.ts';
import { LAST_SPACE } from './data/board.ts';
import { CATTLE } from './data/cards.ts';
import type { Worker } from './data/tiles.ts';
import { auxiliaryTexts, buildingTexts, localActionTexts } from './labels.ts';
import type { BuildingText } from './labels.ts';
import { NAMES } from './names.ts';
import type { Names } from './names.ts';
import { quotes } from './quotes.ts';
import { endsBefore } from './rules.ts';
import { objectiveScore } from './scoring.ts';
import type { ObjectiveCount } from './scoring.ts';
import type { GwtState } from './types.ts';

/**
 * The cattle market as the table lays it out: "sorted by colour (yellow, red, blue, brown, purple)" (original rules
 * document), i.e. Holstein, Brown Swiss, Ayrshire, West Highland, Texas Longhorn (the order `CATTLE` lists them in),
 * the cards of one breed by their VP.
 */
const CATTLE_RANK = new Map(Object.keys(CATTLE).map((card, rank) => [card, rank]));
const marketByColour = (market: string[]): string[] => [...market].sort((a, b) => CATTLE_RANK.get(a)! - CATTLE_RANK.get(b)!);

export interface PublicPlayer {
  money: number;
  location: string;
  engine: number;
  certificates: number;
  permanentCertificates: number;
  /** Discs still on the player board. */
  discs: string[];
  workers: Record<Worker, number>;
  /** Private buildings not yet placed. */
  buildings: string[];
  hazards: string[];
  teepees: string[];
  stationMasters: number[];
  objectives: string[];
  cities: Record<City, number>;
  jobToken: boolean;
  handCount: number;
  deckCount: number;
  discardCount: number;
  /** Top card of the discard pile, '' when empty. */
  discardTop: string;
}

export interface PublicView {
  current: number;
  over: boolean;
  endTrigger: number;
  /**
   * Once the end is triggered, the seat before whose next turn the game ends (rules.ts `endsBefore`: the first player,
   * at the end of the round; with `finalRound: everyoneOnce` the seat that triggered it); -1 before.
   */
  endsBefore: number;
  /** 'A' move, 'B' act at a location, 'KC' Kansas City. */
  phase: string;
  /** Kind of the pending sub-step ('' when none). */
  pending: string;
  /** The station the pending step is about (its upgrade, a disc placed for it, its master), -1 when none. */
  pendingStation: number;
  /** The cards the pending `discard` step still asks for, or the most a `remove` step may remove; 0 for other steps. */
  pendingCount: number;
  /** The city a pending `disc` step claims (the city delivered to), '' otherwise (a station's disc: `pendingStation`). */
  pendingCity: string;
  /**
   * The value a pending `deliver` step delivers, cities up to it being open to it: the hand's breeding value with the
   * certificates spent (the hand was shown for the income), or an extraordinary delivery's spaces; 0 for other steps.
   */
  pendingValue: number;
  /**
   * Phase B at a location. `actions`: the local actions offered there in words, keyed as `action` moves
   * name them (`1.0`, `risk`); empty where only an auxiliary action is allowed.
   */
  session: { space: string; tile: string; used: string[]; acted: boolean; auxUsed: boolean; actions: { id: string; text: string }[] } | null;
  /** The five auxiliary actions in words, single and double, as `aux` moves number them (static per game). */
  auxiliary: { aux: number; single: string; double: string }[];
  /**
   * The printed game's words for the codes in this view (static, the same frozen object in every view): cards,
   * supply tiles, trail spaces and the trail's layout, cities, discs, stations and station masters (names.ts).
   */
  names: Names;
  /**
   * The buildings in play in words (labels.ts), keyed by code as the trail (`n:A`, `p:0:3a`) and the players'
   * `buildings` name them: neutral A–G and the private buildings of the sides in play. Static: the same frozen object
   * in every view of the game.
   */
  buildings: Readonly<Record<string, BuildingText>>;
  /** Spaces on the railroad, 0 included (static). */
  railroadSpaces: number;
  trail: Record<string, string>;
  /** Column k holds tiles 2k and 2k+1; '' is empty. */
  foresight: string[];
  /** The column whose tile a `foresight` move picks now (its `pick` 0 or 1 counts within it); -1 otherwise. */
  foresightColumn: number;
  supplyCounts: number[];
  jobMarket: string[];
  jobFilled: number;
  /** The cattle market in the order the table lays it out: by colour (Holstein to Texas Longhorn), then VP. */
  market: string[];
  marketDeckCount: number;
  objectiveDisplay: string[];
  objectiveStackCount: number;
  stations: { discs: number[]; master: number }[];
  players: PublicPlayer[];
  /**
   * Once the game is over, how each seat's objective cards counted in the final scoring (its `objectives` row), seat by
   * seat: the played ones (`counted` met: +VP, unmet: the penalty), then those left in the hand, deck or discard pile,
   * which count only where that helps (`leftOut`: no penalty, `vp` 0). The cards are shown at the end, as the scoring
   * shows them at the table; empty while the game runs.
   */
  objectiveScoring: (ObjectiveCount & { seat: number })[];
}

export interface PrivateView {
  seat: number;
  hand: string[];
  discard: string[];
  /**
   * What the seat's listed moves do to its money (quotes.ts), keyed by the move's JSON text as `legalMoves` is:
   * the signed change (9 for +$9, -6 for −$6), only for the moves that move money; a delivery's is its transport
   * cost, or Kansas City's $6 that its disc brings next. Empty while the seat has no move.
   */
  quotes: Record<string, number>;
}

function foresightColumn(state: GwtState): number {
  const step = state.turn.stack.at(-1);
  return step?.kind === 'foresight' ? step.column : -1;
}

export function viewFor(state: GwtState, viewer: Viewer): View<PublicView, PrivateView> {
  const s = state.turn.session;
  const step = state.turn.stack.at(-1);
  const pub: PublicView = {
    current: state.current,
    over: state.over,
    endTrigger: state.endTrigger,
    endsBefore: endsBefore(state),
    phase: state.turn.phase === 'A' ? 'A' : s ? 'B' : 'KC',
    pending: step?.kind ?? '',
    pendingStation: step && 'station' in step ? step.station : -1,
    pendingCount: step?.kind === 'discard' || step?.kind === 'remove' ? step.count : 0,
    pendingCity: step?.kind === 'disc' ? step.city : '',
    pendingValue: step?.kind === 'deliver' ? step.max : 0,
    session: s
      ? { space: s.space, tile: s.tile, used: [...s.used], acted: s.acted, auxUsed: s.auxUsed, actions: s.local ? localActionTexts(s.tile, s.risk, state.options.upgrade9b) : [] }
      : null,
    auxiliary: auxiliaryTexts(state),
    names: NAMES,
    buildings: buildingTexts(state.playerCount, state.sides, state.options.upgrade9b),
    railroadSpaces: LAST_SPACE + 1,
    trail: { ...state.trail },
    foresight: [...state.foresight],
    foresightColumn: foresightColumn(state),
    supplyCounts: state.stacks.map((st) => st.length),
    jobMarket: [...state.jobMarket],
    jobFilled: state.jobFilled,
    market: marketByColour(state.market),
    marketDeckCount: state.marketDeck.length,
    objectiveDisplay: [...state.objectiveDisplay],
    objectiveStackCount: state.objectiveStack.length,
    stations: state.stations.map((st) => ({ discs: [...st.discs], master: st.master })),
    players: state.players.map((p) => ({
      money: p.money,
      location: p.location,
      engine: p.engine,
      certificates: p.certificates,
      permanentCertificates: p.permanentCertificates,
      discs: [...p.discs],
      workers: { ...p.workers },
      buildings: [...p.buildings],
      hazards: [...p.hazards],
      teepees: [...p.teepees],
      stationMasters: [...p.stationMasters],
      objectives: [...p.objectives],
      cities: { ...p.cities },
      jobToken: p.jobToken,
      handCount: p.hand.length,
      deckCount: p.deck.length,
      discardCount: p.discard.length,
      discardTop: p.discard.at(-1) ?? '',
    })),
    objectiveScoring: state.over ? state.players.flatMap((_, seat) => objectiveScore(state, seat).cards.map((c) => ({ seat, ...c }))) : [],
  };
  if (viewer < 0 || viewer >= state.playerCount) return { public: pub, private: null };
  const p = state.players[viewer]!;
  return { public: pub, private: { seat: viewer, hand: [...p.hand], discard: [...p.discard], quotes: quotes(state, viewer) } };
}


/** Re-deals every draw pile and supply stack, and other players' hands and discard piles (keeping each visible top). */
export function resample(state: GwtState, viewer: Viewer, random: RandomSource): GwtState {
  const next = structuredClone(state) as GwtState;
  next.stacks = next.stacks.map((s) => shuffleWith(random, s));
  next.marketDeck = shuffleWith(random, next.marketDeck);
  next.objectiveStack = shuffleWith(random, next.objectiveStack);
  next.players.forEach((p, seat) => {
    if (seat === viewer) {
      p.deck = shuffleWith(random, p.deck);
      return;
    }
    const top = p.discard.pop();
    const pool = shuffleWith(random, [...p.hand, ...p.deck, ...p.discard]);
    p.hand = pool.splice(0, p.hand.length);
    p.discard = pool.splice(0, p.discard.length);
    if (top !== undefined) p.discard.push(top);
    p.deck = pool;
  });
  return next;
}
