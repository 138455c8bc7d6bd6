import { randomInt, seedRng, shuffled } from '../../core/rng.ts';
import { CITIES, DISCS, MARKET_SIZE, STATION_MASTERS, STATIONS } from './data/board.ts';
import { GENERAL_OBJECTIVES, STARTING_DECK, STARTING_OBJECTIVES } from './data/cards.ts';
import { MARKET_DECK } from './data/cards.ts';
import { supplyStacks } from './data/tiles.ts';
import { NEUTRAL_SPACES, TILE_SPACES } from './data/trail.ts';
import { drawCards, placeHazard, placeTeepee, placeWorker } from './rules.ts';
import { isHazard } from './data/tiles.ts';
import type { GwtOptions, GwtState, PlayerState } from './types.ts';
import type { City } from './data/board.ts';

/** Tiles placed from stack 1 before the game (rules digest §2.5). */
const SETUP_TILES = 7;

/** Stack 1 tiles until seven are on the board; a tile without a free space is discarded or returned to the stack. */
export function placeSetupTiles(state: GwtState): void {
  const returned: string[] = [];
  let placed = 0;
  while (placed < SETUP_TILES && state.stacks[0]!.length > 0) {
    const tile = state.stacks[0]!.pop()!;
    if (isHazard(tile) ? placeHazard(state, tile) : placeTeepee(state, tile)) placed++;
    else if (state.options.unplaceableSetupTile === 'return') returned.push(tile);
    else state.removedTiles.push(tile);
  }
  if (returned.length > 0) state.stacks[0] = shuffled(state.rng, [...state.stacks[0]!, ...returned]);
}

export function setup(options: GwtOptions, seats: number, seed: string): GwtState {
  const rng = seedRng(seed);
  const neutral = options.neutralBuildings === 'random' ? shuffled(rng, [...NEUTRAL_SPACES]) : [...NEUTRAL_SPACES];
  const sides = Array.from({ length: 10 }, (_, i) => `${i + 1}${options.privateBuildings === 'randomSides' && randomInt(rng, 2) === 1 ? 'b' : 'a'}`);
  const masters = shuffled(rng, STATION_MASTERS);
  const trail: Record<string, string> = Object.fromEntries(TILE_SPACES.map((s) => [s, '']));
  NEUTRAL_SPACES.forEach((space, i) => (trail[space] = `n:${neutral[i]}`));
  const startingObjectives = shuffled(rng, STARTING_OBJECTIVES);
  const first = randomInt(rng, seats);

  const state: GwtState = {
    options,
    playerCount: seats,
    rng,
    firstPlayer: first,
    current: first,
    sides,
    turn: { phase: 'A', session: null, stack: [], cowboysUsed: 0 },
    trail,
    stacks: supplyStacks(options.cowboysInStack2).map((s) => shuffled(rng, s)),
    foresight: ['', '', '', '', '', ''],
    jobMarket: Array.from({ length: 12 * seats }, () => ''),
    jobFilled: 0,
    market: [],
    marketDeck: shuffled(rng, MARKET_DECK),
    objectiveDisplay: [],
    objectiveStack: shuffled(rng, GENERAL_OBJECTIVES),
    stations: STATIONS.map((_, i) => ({ discs: [], master: masters[i] ?? 0 })),
    removedTiles: [],
    removedCards: startingObjectives.slice(seats),
    endTrigger: -1,
    over: false,
    ledger: { paidOut: 0, paidIn: 0 },
    players: [],
  };

  placeSetupTiles(state);
  // Job market: 2P - 1 workers from stack 2, which leaves the token in row 2.
  for (let i = 0; i < 2 * seats - 1; i++) placeWorker(state, state.stacks[1]!.pop()!);
  for (let column = 0; column < 3; column++) for (const slot of [0, 1]) state.foresight[column * 2 + slot] = state.stacks[column]!.pop()!;
  for (let i = 0; i < MARKET_SIZE[seats]!; i++) state.market.push(state.marketDeck.pop()!);
  for (let i = 0; i < 4; i++) state.objectiveDisplay.push(state.objectiveStack.pop()!);

  for (let seat = 0; seat < seats; seat++) {
    const order = (seat - first + seats) % seats;
    const p: PlayerState = {
      money: 6 + order,
      location: '',
      hand: [],
      deck: shuffled(rng, STARTING_DECK),
      discard: [],
      objectives: [startingObjectives[seat]!],
      discs: [...DISCS],
      certificates: 0,
      permanentCertificates: 0,
      workers: { cowboy: 1, craftsman: 1, engineer: 1 },
      buildings: [...sides],
      engine: 0,
      hazards: [],
      teepees: [],
      stationMasters: [],
      masterWorkers: [],
      cities: Object.fromEntries(CITIES.map((c) => [c, 0])) as Record<City, number>,
      jobToken: false,
    };
    drawCards(state, p, 4);
    state.players.push(p);
  }
  return state;
}
