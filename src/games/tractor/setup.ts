/** A new match and the start of each hand: shuffle, choose who draws first, open the live deal. */
import { RANKS } from '../../core/cards/index.ts';
import type { MoveError } from '../../core/game.ts';
import { randomInt, seedRng, shuffled } from '../../core/rng.ts';
import { alternatingTeams } from '../../core/seats.ts';
import { fullPack } from './cards.ts';
import type { TractorOptions, TractorState } from './types.ts';

/** One deck per two players: 4 → 2 decks, 6 → 3 decks. */
export function decksFor(seats: number): number {
  return Math.floor(seats / 2);
}

/** Kitty size: what does not divide evenly, at least 5 (8 at 4 players, 6 at 6 players). */
export function kittySizeFor(seats: number): number {
  const cards = 54 * decksFor(seats);
  let k = cards % seats || seats;
  if (k < 5) k += seats;
  return k;
}

/** Fixed partnerships alternate round the table; in finding friends every seat is on its own until play reveals the sides. */
export function teamsOf(state: Pick<TractorState, 'seats' | 'options'>): number[] {
  return state.options.mode === 'tractor' ? alternatingTeams(state.seats, 2) : Array.from({ length: state.seats }, (_, seat) => seat);
}

/** Finding friends: the number of friends the starter calls. */
export function friendCount(options: TractorOptions, seats: number): number {
  return options.friends || Math.floor(seats / 2) - 1;
}

export function validateSetup(options: TractorOptions, seats: number): MoveError | null {
  if (options.mode === 'tractor' && seats % 2 !== 0) return { code: 'tractor/seats', message: 'Fixed partnerships need an even number of players (4, 6 or 8).' };
  if (options.mode === 'findingFriends' && friendCount(options, seats) + 1 >= seats) {
    return { code: 'tractor/friends', message: 'The starter and the friends must be fewer than all players.' };
  }
  return null;
}

export function setup(options: TractorOptions, seats: number, seed: string): TractorState {
  const decks = decksFor(seats);
  const level = RANKS.indexOf(options.startLevel);
  const state: TractorState = {
    options,
    seats,
    decks,
    kittySize: kittySizeFor(seats),
    rng: seedRng(seed),
    phase: 'dealing',
    handNumber: 1,
    redeals: 0,
    levels: Array<number>(seats).fill(level),
    starter: -1,
    trumpRank: level,
    trumpSuit: null,
    deck: [],
    nextDrawer: 0,
    hands: [],
    kitty: [],
    exchanger: -1,
    pickedUp: [],
    bids: [],
    declarers: Array<boolean>(seats).fill(false),
    leader: -1,
    turn: -1,
    trick: [],
    tricks: [],
    captured: [],
    penalty: 0,
    attackerPenalties: [],
    kittyShown: [],
    throwFailure: null,
    friendCalls: [],
    friendSeen: [],
    result: null,
    winners: [],
  };
  startHand(state);
  return state;
}

/** Shuffles and opens the deal (mutates the fresh state being built). The starter, when known, draws first. */
export function startHand(state: TractorState): void {
  const { seats } = state;
  state.phase = 'dealing';
  state.deck = shuffled(state.rng, fullPack(state.decks));
  state.nextDrawer = state.starter >= 0 ? state.starter : randomInt(state.rng, seats);
  state.hands = Array.from({ length: seats }, () => []);
  state.kitty = [];
  state.exchanger = -1;
  state.pickedUp = [];
  state.bids = [];
  state.trumpRank = state.starter >= 0 ? rankIndexOrNone(state.levels[state.starter]!) : rankIndexOrNone(state.levels[0]!);
  state.trumpSuit = null;
  state.declarers = initialDeclarers(state);
  state.leader = -1;
  state.turn = -1;
  state.trick = [];
  state.tricks = [];
  state.captured = Array<number>(seats).fill(0);
  state.penalty = 0;
  state.attackerPenalties = Array<number>(seats).fill(0);
  state.kittyShown = [];
  state.throwFailure = null;
  state.friendCalls = [];
  state.friendSeen = [];
  state.result = null;
}

/** The starter's side before play: his partners, or in finding friends himself alone. */
export function initialDeclarers(state: TractorState): boolean[] {
  const teams = teamsOf(state);
  return teams.map((t) => state.starter >= 0 && t === teams[state.starter]);
}

/** The trump rank of a level: none on the no-trump level. */
export function rankIndexOrNone(level: number): number {
  return level < RANKS.length ? level : -1;
}

/**
 * A copy of the state that a move may change: every array a move mutates is fresh; finished records
 * (bids, tricks, plays, results, options) are shared because nothing ever mutates them.
 */
export function cloneState(s: TractorState): TractorState {
  return {
    ...s,
    rng: [...s.rng],
    levels: s.levels.slice(),
    deck: s.deck.slice(),
    hands: s.hands.map((h) => h.slice()),
    kitty: s.kitty.slice(),
    pickedUp: s.pickedUp.slice(),
    bids: s.bids.slice(),
    declarers: s.declarers.slice(),
    trick: s.trick.slice(),
    tricks: s.tricks.slice(),
    captured: s.captured.slice(),
    attackerPenalties: s.attackerPenalties.slice(),
    kittyShown: s.kittyShown.slice(),
    winners: s.winners.slice(),
    friendCalls: s.friendCalls.map((c) => ({ ...c })),
    friendSeen: s.friendSeen.slice(),
  };
}
