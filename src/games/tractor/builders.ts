/** Scenario builders for the tests: a table in a chosen phase with hands given as faces. */
import { RANKS } from '../../core/cards/index.ts';
import type { Suit } from '../../core/cards/index.ts';
import { setup } from './setup.ts';
import type { Play, TractorOptions, TractorState } from './types.ts';
import { tractorOptions } from './types.ts';

export interface Scenario {
  options?: Partial<TractorOptions>;
  seats?: number;
  /** Trump rank of the hand ('' = no-trump level); by default the starter's level, else 2. */
  level?: string;
  trumpSuit?: Suit | null;
  hands: string[][];
  kitty?: string[];
  starter?: number;
  levels?: string[];
  leader?: number;
  trick?: Play[];
  captured?: number[];
}

/** Gives every face a deck number so identical faces stay distinct ids. */
export function idsFor(faceLists: string[][]): string[][] {
  const used = new Map<string, number>();
  return faceLists.map((faces) =>
    faces.map((face) => {
      const n = used.get(face) ?? 0;
      used.set(face, n + 1);
      return `${face}.${n}`;
    }),
  );
}

/** A hand in the middle of trick play. */
export function playing(s: Scenario): TractorState {
  const seats = s.seats ?? s.hands.length;
  const options = tractorOptions.parse(s.options ?? {});
  const state = setup(options, seats, 'scenario');
  const [kitty, ...hands] = idsFor([s.kitty ?? [], ...s.hands, ...(s.trick ?? []).map((p) => p.cards)]);
  const level = s.level ?? s.levels?.[s.starter ?? 0] ?? '2';
  state.phase = 'playing';
  state.trumpRank = level === '' ? -1 : RANKS.indexOf(level as (typeof RANKS)[number]);
  state.trumpSuit = s.trumpSuit === undefined ? 'S' : s.trumpSuit;
  state.hands = hands.slice(0, seats);
  state.kitty = kitty!;
  state.deck = [];
  state.starter = s.starter ?? 0;
  state.exchanger = state.starter;
  state.levels = (s.levels ?? Array<string>(seats).fill(level || 'A')).map((r) => (r === 'NT' ? 13 : RANKS.indexOf(r as (typeof RANKS)[number])));
  state.declarers = Array.from({ length: seats }, (_, seat) => (options.mode === 'tractor' ? seat % 2 === state.starter % 2 : seat === state.starter));
  state.leader = s.leader ?? state.starter;
  state.trick = (s.trick ?? []).map((p, i) => ({ seat: p.seat, cards: hands[seats + i]! }));
  state.turn = (state.leader + state.trick.length) % seats;
  state.captured = s.captured ?? Array<number>(seats).fill(0);
  return state;
}

/** The live deal with a stacked deck (next card first); the kitty is the deck's last 8 (at 4 players) cards. */
export function dealing(s: { options?: Partial<TractorOptions>; seats?: number; deck: string[]; hands?: string[][]; starter?: number; level?: string }): TractorState {
  const seats = s.seats ?? 4;
  const state = setup(tractorOptions.parse(s.options ?? {}), seats, 'scenario');
  const [deck, ...hands] = idsFor([s.deck, ...(s.hands ?? Array.from({ length: seats }, () => []))]);
  state.deck = deck!;
  state.hands = hands;
  state.nextDrawer = s.starter ?? 0;
  state.starter = s.starter ?? -1;
  if (s.level) {
    state.levels = state.levels.map(() => RANKS.indexOf(s.level as (typeof RANKS)[number]));
    state.trumpRank = RANKS.indexOf(s.level as (typeof RANKS)[number]);
  }
  if (state.starter >= 0) state.declarers = state.hands.map((_, seat) => seat % 2 === state.starter % 2);
  return state;
}
