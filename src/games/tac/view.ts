import type { RandomSource, View, Viewer } from '../../core/game.ts';
import { shuffleWith } from '../../core/rng.ts';
import { APRON, inHome, ownerOf } from './board.ts';
import { seatOf, teamOf } from './setup.ts';
import type { Card, MarbleView, TacPrivate, TacPublic, TacState } from './types.ts';

/** The seat that sees the Devil's victim's hand while it chooses a card from it, or -1. */
function devilSeat(s: TacState): number {
  return s.devilTarget >= 0 ? seatOf(s, s.turn) : -1;
}

export function viewFor(s: TacState, viewer: Viewer): View<TacPublic, TacPrivate> {
  const colours = Array.from({ length: s.colours }, (_, c) => c);
  const marbles: MarbleView[] = s.marbles.map((m, id) => ({
    id,
    colour: ownerOf(id),
    zone: m.pos === APRON ? 'apron' : inHome(s, m.pos) ? 'home' : 'ring',
    field: m.pos === APRON ? -1 : inHome(s, m.pos) ? m.pos - s.ring : m.pos,
    fresh: m.fresh,
  }));
  const pub: TacPublic = {
    phase: s.phase,
    colours: s.colours,
    ring: s.ring,
    spacing: s.spacing,
    seatOfColour: colours.map((c) => seatOf(s, c)),
    teamOfColour: colours.map((c) => teamOf(s, c)),
    round: s.round,
    dealer: s.dealer,
    turn: s.turn,
    turnSeat: seatOf(s, s.turn),
    marbles,
    handCounts: s.hands.map((h) => h.length),
    deckCount: s.deck.length,
    discardCount: s.discard.length,
    discardTop: s.discard.at(-1) ?? '',
    canOpen: s.canOpen.slice(),
    exchangeGiven: s.exchange.map((c) => c !== null),
    lastCard: s.last?.card ?? '',
    lastColour: s.last?.colour ?? -1,
    skipPending: s.skipPending,
    sevenRemaining: s.seven?.remaining ?? 0,
    devilTarget: s.devilTarget,
    foolPending: s.foolPending,
    winPending: s.winPending,
    winner: s.winner,
  };
  if (viewer < 0 || viewer >= s.seats) return { public: pub, private: null };
  const own = colours.filter((c) => seatOf(s, c) === viewer);
  return {
    public: pub,
    private: {
      colours: own,
      cards: own.flatMap((c) => s.hands[c]!),
      cardColours: own.flatMap((c) => s.hands[c]!.map(() => c)),
      given: own.map((c) => s.exchange[c] ?? ''),
      received: own.map((c) => s.received[c] ?? ''),
      devilHand: devilSeat(s) === viewer ? s.hands[s.devilTarget]!.slice() : [],
    },
  };
}

/** Leak probe: the deck, the other players' hands (with the card each received) and cards in flight re-dealt at random. */
export function resample(s: TacState, viewer: Viewer, random: RandomSource): TacState {
  const known = (c: number) => seatOf(s, c) === viewer || (c === s.devilTarget && devilSeat(s) === viewer);
  const hidden = Array.from({ length: s.colours }, (_, c) => c).filter((c) => !known(c));
  const pool: Card[] = shuffleWith(random, [...s.deck, ...hidden.flatMap((c) => s.hands[c]!), ...hidden.flatMap((c) => s.exchange[c] ?? [])]);
  const next = structuredClone(s) as TacState;
  for (const c of hidden) {
    next.hands[c] = pool.splice(0, s.hands[c]!.length);
    if (s.exchange[c] !== null) next.exchange[c] = pool.shift()!;
    // What another hand received is as hidden as the hand: any card of the re-dealt one.
    if (s.received[c] !== null) next.received[c] = next.hands[c]![0] ?? null;
  }
  next.deck = pool;
  return next;
}
