/** The race itself: who bets, which spaces are open, the dice and the finishing order. */
import type { GameEvent } from '../../core/game.ts';
import { rollDie } from '../../core/rng.ts';
import type { RaceResult } from './data/board.ts';
import {
  BASE_TOKENS,
  BOARD_SPACES,
  COLOR_SPACES,
  EXOTIC_CARDS,
  FINISH,
  HORSE_BONUS,
  HORSES,
  RED_LINE_HORSES,
  SMALL_TABLE_TOKENS,
  exoticSpaces,
  horseOfSum,
} from './data/board.ts';
import { vipDesign } from './data/vip.ts';
import type { Options, State } from './types.ts';

/** Seats that hold bet tokens: everyone but a host who does not bet. */
export function isBettor(state: State, seat: number): boolean {
  return seat >= 0 && seat < state.seats && (seat !== state.hostSeat || state.options.hostBets);
}

/** Whether a seated host bets before the others: their bets open with its first roll (options hostBets, hostBetsFirst). */
export function hostBetsFirst(state: State): boolean {
  return state.hostSeat >= 0 && state.options.hostBets && state.options.hostBetsFirst;
}

/** Whether a seated host who does not bet starts the race with its first roll: the bets open with it (option betsFromFirstRoll). */
export function betsFromFirstRoll(state: State): boolean {
  return state.hostSeat >= 0 && !state.options.hostBets && state.options.betsFromFirstRoll;
}

export function bettorSeats(state: State): number[] {
  return Array.from({ length: state.seats }, (_, s) => s).filter((s) => isBettor(state, s));
}

/** The token set of a bettor at this table size (the host is not counted among the 7–8). */
/** A bettor's tokens: "in 8- and 9-player games each non-host player has one 3 token fewer" (a betting host keeps all). */
export function baseTokens(options: Options, seats: number, isHost: boolean): number[] {
  const others = options.hostMode === 'hostSeat' ? seats - 1 : seats;
  return (options.fewerTokensAtSeven && others >= 7 && !isHost ? SMALL_TABLE_TOKENS : BASE_TOKENS).slice();
}

const leftByPlayer = new WeakMap<State['players'][number], { bets: State['bets']; left: number[] }>();

/**
 * Token values of `seat` not yet placed this race, ascending, with repeats (frozen). Asked several
 * times per seat after every move, so kept while the player and the bets are the same objects.
 */
export function availableTokens(state: State, seat: number): number[] {
  const player = state.players[seat]!;
  const known = leftByPlayer.get(player);
  if (known && known.bets === state.bets) return known.left;
  const left = player.tokens.slice();
  const { bets } = state;
  for (let b = 0; b < bets.length; b++) {
    const i = bets[b]!.seat === seat ? left.indexOf(bets[b]!.token) : -1;
    if (i >= 0) left[i] = NaN; // placed (indexOf never finds NaN again); removed below, in one pass
  }
  let kept = 0;
  for (let i = 0; i < left.length; i++) if (!Number.isNaN(left[i])) left[kept++] = left[i]!;
  left.length = kept;
  Object.freeze(ascending(left));
  leftByPlayer.set(player, { bets: state.bets, left });
  return left;
}

/**
 * `list` sorted ascending, in place. Tokens are dealt in ascending order and only a VIP card's extra
 * token can break it, so the sort (which copies the list) mostly does not run.
 */
export function ascending(list: number[]): number[] {
  for (let i = 1; i < list.length; i++) if (list[i - 1]! > list[i]!) return list.sort((a, b) => a - b);
  return list;
}

/** The bet spaces on the table this race, in board order. */
export function openSpaces(state: State): string[] {
  const { options } = state;
  const exotics = options.exoticsPersist ? state.exotics : state.exotics.slice(state.race - 1, state.race);
  return [
    ...BOARD_SPACES.map((s) => s.id),
    ...COLOR_SPACES.map((s) => s.id),
    ...state.props,
    ...exotics.flatMap((id) => exoticSpaces(EXOTIC_CARDS.find((c) => c.id === id)!).map((s) => s.id)),
  ];
}

/** The open spaces as a set, while the cards on the table are the same (a bet asks, and openSpaces builds a list). */
const openByCards = new WeakMap<State['props'], { exotics: State['exotics']; race: number; open: ReadonlySet<string> }>();

/** Whether `space` is on the table this race (openSpaces, without building the list each time). */
export function isOpenSpace(state: State, space: string): boolean {
  let known = openByCards.get(state.props);
  if (!known || known.exotics !== state.exotics || known.race !== state.race) {
    known = { exotics: state.exotics, race: state.race, open: new Set(openSpaces(state)) };
    openByCards.set(state.props, known);
  }
  return known.open.has(space);
}

/** Free spaces by the bets placed: the same list while the bets and the cards on the table are the same. */
const freeByBets = new WeakMap<State['bets'], { props: string[]; exotics: string[]; race: number; free: readonly string[] }>();

/** The open spaces no token holds, in board order: every seat's legal moves ask, after every move. */
export function freeSpaces(state: State): readonly string[] {
  const known = freeByBets.get(state.bets);
  if (known && known.props === state.props && known.exotics === state.exotics && known.race === state.race) return known.free;
  const taken = new Set(state.bets.map((b) => b.space));
  const free = Object.freeze(openSpaces(state).filter((id) => !taken.has(id)));
  freeByBets.set(state.bets, { props: state.props, exotics: state.exotics, race: state.race, free });
  return free;
}

/** Why `seat` may not place a bet now (an error reason), or null when it may. */
export function betBlock(state: State, seat: number): 'betting-closed' | 'race-not-started' | 'not-a-bettor' | 'passed' | 'no-tokens' | null {
  if (!isBettor(state, seat)) return 'not-a-bettor';
  if (state.phase !== 'racing' || !state.bettingOpen) return 'betting-closed';
  if (seat === state.hostSeat && state.rolls > 0) return 'betting-closed';
  // (Asked for every seat after every move: the server-hosted race, the common one, is out at the first test.)
  if (state.hostSeat >= 0 && state.rolls === 0 && seat !== state.hostSeat && (hostBetsFirst(state) || betsFromFirstRoll(state))) return 'race-not-started';
  if (state.players[seat]!.passed) return 'passed';
  if (availableTokens(state, seat).length === 0) return 'no-tokens';
  return null;
}

export function crossedCount(state: State): number {
  return state.positions.filter((p) => p >= state.options.redLine).length;
}

/** Ranks per the tie option: competition (1, 2, 2, 4) or dense (1, 2, 2, 3). */
export function rankHorses(positions: readonly number[], ties: Options['horseTies']): number[] {
  return positions.map((p) => {
    const ahead = positions.filter((q) => q > p);
    return 1 + (ties === 'dense' ? new Set(ahead).size : ahead.length);
  });
}

export function raceResult(positions: readonly number[], ties: Options['horseTies']): RaceResult {
  return { positions, ranks: rankHorses(positions, ties) };
}

/**
 * One roll of 2d6: moves the horse (with its bonus on a repeat), records VIP roll triggers, closes
 * betting when the third horse passes the red line. Returns the events; the caller settles the race
 * when a horse has reached the finish. `state` is the move's own top-level copy with its own `rng` and
 * `positions`: everything else is replaced, never changed in place, so the rest stays shared with the
 * state before the roll.
 */
export function rollDice(state: State): GameEvent[] {
  const a = rollDie(state.rng);
  const b = rollDie(state.rng);
  const sum = a + b;
  const h = horseOfSum(sum);
  const previous = state.lastRoll;
  const sameAsBefore =
    previous !== null && (state.options.repeatMatch === 'horse' ? previous.horse === HORSES[h] : previous.sum === sum);
  const repeat = sameAsBefore && state.bonusArmed;
  const bonus = repeat ? HORSE_BONUS[h]! : 0;
  const crossedBefore = crossedCount(state);
  const from = state.positions[h]!;
  state.positions[h] = Math.min(FINISH, from + 1 + bonus);
  state.rolls++;
  const roll = { a, b, sum, horse: HORSES[h]!, moved: state.positions[h]! - from, bonus };
  state.lastRoll = roll;
  // A pair that paid a bonus is used up, so the third identical roll starts a new pair.
  state.bonusArmed = !(repeat && state.options.tripleRule);

  const events: GameEvent[] = [{ type: 'roll', ...roll }];
  recordRollTriggers(state, sum, events);
  const crossed = crossedCount(state);
  if (crossed > crossedBefore) events.push({ type: 'redLine', horse: HORSES[h], crossed });
  if (state.bettingOpen && crossed >= RED_LINE_HORSES) {
    state.bettingOpen = false;
    events.push({ type: 'noMoreBets' });
  }
  return events;
}

/** VIP holdings of `seat` that work in the current race. */
export function activeHoldings(state: State, seat: number) {
  return state.players[seat]!.vip.filter(
    (h) => !h.spent && h.race < state.race && (vipDesign(h.card).duration === 'game' || h.race === state.race - 1),
  );
}

function recordRollTriggers(state: State, sum: number, events: GameEvent[]): void {
  for (let seat = 0; seat < state.seats; seat++) {
    // Runs on every roll: a seat without VIP cards (most, and all when they are off) costs no list.
    if (!isBettor(state, seat) || state.players[seat]!.vip.length === 0) continue;
    for (const holding of activeHoldings(state, seat)) {
      const design = vipDesign(holding.card);
      if (!design.effects.some((e) => e.on === 'roll' && e.sums.includes(sum))) continue;
      const at = state.rollHits.findIndex((r) => r.seat === seat && r.card === holding.card);
      state.rollHits =
        at >= 0 ? state.rollHits.map((r, i) => (i === at ? { ...r, count: r.count + 1 } : r)) : [...state.rollHits, { seat, card: holding.card, count: 1 }];
      if (!holding.revealed) {
        const player = state.players[seat]!;
        state.players = state.players.map((p, i) => (i === seat ? { ...player, vip: player.vip.map((h) => (h === holding ? { ...h, revealed: true } : h)) } : p));
        events.push({ type: 'vipRevealed', seat, card: holding.card, name: design.name });
      }
    }
  }
}
