import { seedRng } from '../../core/rng.ts';
import { APRON, MARBLES_PER_COLOUR } from './board.ts';
import type { Card, TacOptions, TacState } from './types.ts';

/** Copies of each card in the four-colour deck (100 cards; the master cards make 104). */
const BASE_COUNTS: Record<string, number> = {
  '1': 9, '2': 7, '3': 7, '4': 7, '5': 7, '6': 7, '7': 8, '8': 7, '9': 7, '10': 7, '12': 7, '13': 9, trickster: 7, tac: 4,
};

/** Six colours: two 12s fewer (102 with master cards), and without them also one 9 and one 10 fewer (96). */
export function deckFor(colours: number, master: boolean): Card[] {
  const counts = { ...BASE_COUNTS };
  if (master) Object.assign(counts, { angel: 1, devil: 1, warrior: 1, fool: 1 });
  if (colours === 6) {
    counts['12']! -= 2;
    if (!master) {
      counts['9']! -= 1;
      counts['10']! -= 1;
    }
  }
  return Object.entries(counts).flatMap(([card, n]) => Array.from({ length: n }, () => card as Card));
}

/** Cards per hand in each deal between two reshuffles; every schedule uses the whole deck. */
export function dealSchedule(colours: number, master: boolean): number[] {
  if (colours === 4) return master ? [5, 5, 5, 5, 6] : [5, 5, 5, 5, 5];
  return master ? [6, 6, 5] : [5, 5, 6];
}

/** Colours on the board for a table size: two players share the four-colour board, three the six-colour one. */
export function coloursFor(seats: number): number {
  return seats === 3 || seats === 6 ? 6 : 4;
}

/** Team of a colour: opposite colours at four; at six, opposite pairs (3x2) or every second colour (2x3). */
export function teamOf(state: Pick<TacState, 'colours' | 'options' | 'seats'>, colour: number): number {
  if (state.colours === 4) return colour % 2;
  // Three players always play one opposite pair each.
  return state.seats === 6 && state.options.sixTeams === '2x3' ? colour % 2 : colour % 3;
}

/** With two or three players each plays a whole team (its colours); otherwise one colour each. */
export function seatOf(state: Pick<TacState, 'seats'>, colour: number): number {
  return colour % state.seats;
}

export function setup(options: TacOptions, seats: number, seed: string): TacState {
  const colours = coloursFor(seats);
  const spacing = colours === 4 ? 16 : options.sixSpacing;
  return {
    options,
    seats,
    colours,
    ring: colours * spacing,
    spacing,
    rng: seedRng(seed),
    phase: 'deal',
    // Unshuffled in the box; the first deal shuffles it.
    deck: deckFor(colours, options.master),
    discard: [],
    hands: Array.from({ length: colours }, () => []),
    exchange: Array.from({ length: colours }, () => null),
    received: Array.from({ length: colours }, () => null),
    dealInCycle: 0,
    round: 0,
    // The first deal makes colour 0 the dealer's left-hand neighbour, so colour 0 leads.
    dealer: colours - 1,
    turn: 0,
    marbles: Array.from({ length: colours * MARBLES_PER_COLOUR }, () => ({ pos: APRON, fresh: false })),
    canOpen: Array.from({ length: colours }, () => false),
    last: null,
    skipPending: false,
    seven: null,
    devilTarget: -1,
    foolPending: false,
    winPending: false,
    tacBlocked: false,
    winner: -1,
  };
}
