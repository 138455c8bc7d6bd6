/** A new game, and the table reset between races. */
import { seedRng, shuffled } from '../../core/rng.ts';
import { EXOTIC_CARDS, HORSES, PROP_CARDS, PROPS_PER_RACE } from './data/board.ts';
import { VIP_DECK } from './data/vip.ts';
import { baseTokens, bettorSeats } from './race.ts';
import type { Options, State } from './types.ts';

export function setup(options: Options, seats: number, seed: string): State {
  const rng = seedRng(seed);
  const hostSeat = options.hostMode === 'hostSeat' ? 0 : -1;
  const state: State = {
    options,
    seats,
    hostSeat,
    rng,
    phase: 'racing',
    race: 0,
    positions: HORSES.map(() => 0),
    rolls: 0,
    lastRoll: null,
    bonusArmed: false,
    bettingOpen: true,
    bets: [],
    players: Array.from({ length: seats }, () => ({
      money: options.startingMoney,
      tokens: [],
      passed: false,
      ready: false,
      vip: [],
      offer: [],
    })),
    propDeck: options.props ? shuffled(rng, PROP_CARDS.map((c) => c.id)) : [],
    props: [],
    propDiscard: [],
    exoticDeck: options.exotics ? shuffled(rng, EXOTIC_CARDS.map((c) => c.id)) : [],
    exotics: [],
    vipDeck: options.vip ? shuffled(rng, VIP_DECK) : [],
    vipDiscard: [],
    rollHits: [],
    settlements: [],
  };
  for (const seat of bettorSeats(state)) state.players[seat]!.tokens = baseTokens(options, seats, seat === hostSeat);
  startRace(state);
  return state;
}

/** Next race on the fresh state: horses back to the start, tokens back, new props, a new exotic card. */
export function startRace(state: State): void {
  state.race++;
  state.phase = 'racing';
  state.positions = HORSES.map(() => 0);
  state.rolls = 0;
  state.lastRoll = null;
  state.bonusArmed = false;
  state.bettingOpen = true;
  state.bets = [];
  state.rollHits = [];
  for (const p of state.players) {
    p.passed = false;
    p.ready = false;
  }
  state.propDiscard.push(...state.props);
  state.props = state.propDeck.splice(0, PROPS_PER_RACE);
  const exotic = state.exoticDeck.shift();
  if (exotic !== undefined) state.exotics.push(exotic);
}

/** Deals two VIP cards to every bettor, reshuffling the draft discards when the deck runs short. */
export function dealVipOffers(state: State): void {
  state.phase = 'vipDraft';
  for (const seat of bettorSeats(state)) {
    if (state.vipDeck.length < 2) {
      state.vipDeck.push(...shuffled(state.rng, state.vipDiscard));
      state.vipDiscard = [];
    }
    state.players[seat]!.offer = state.vipDeck.splice(0, 2);
  }
}
