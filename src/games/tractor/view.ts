/** Redaction: hands are private, the kitty belongs to its holder (shown to all only at some hand ends), the undealt deck to nobody. */
import type { View, Viewer } from '../../core/game.ts';
import { SPECTATOR } from '../../core/game.ts';
import { shuffled, seedRng } from '../../core/rng.ts';
import { RANKS } from '../../core/cards/index.ts';
import { effSuit, faceOf, sortFaces } from './cards.ts';
import { friendCallable, trumpOf } from './moves.ts';
import { levelName } from './scoring.ts';
import { cloneState, teamsOf } from './setup.ts';
import type { Play, TractorPrivate, TractorPublic, TractorState } from './types.ts';

/** Phases in which the exchanger knows the kitty (picked up or buried), until the next hand begins. */
const kittyHeld = (state: TractorState) => ['burying', 'stealing', 'calling', 'playing', 'handEnd', 'over'].includes(state.phase);
/** The buried kitty turned face up at the end of the hand. */
const kittyOpen = (state: TractorState) => (state.phase === 'handEnd' || state.phase === 'over') && state.kittyShown.length > 0;

const faces = (plays: readonly Play[]): Play[] => plays.map((p) => ({ seat: p.seat, cards: p.cards.map(faceOf) }));

export function viewFor(state: TractorState, viewer: Viewer): View<TractorPublic, TractorPrivate> {
  const trump = trumpOf(state);
  const attackerPoints = state.penalty + state.captured.reduce((sum, p, seat) => (state.declarers[seat] ? sum : sum + p), 0);
  const pub: TractorPublic = {
    phase: state.phase,
    handNumber: state.handNumber,
    levels: state.levels.map(levelName),
    teams: teamsOf(state),
    declarers: state.declarers.slice(),
    starter: state.starter,
    exchanger: state.exchanger,
    nextDrawer: state.phase === 'dealing' ? state.nextDrawer : -1,
    deckCount: state.deck.length,
    handCounts: state.hands.map((h) => h.length),
    trumpRank: state.trumpRank >= 0 ? RANKS[state.trumpRank]! : '',
    trumpSuit: state.trumpSuit ?? '',
    bids: state.bids.map((b) => ({ ...b })),
    kittyCount: state.phase === 'dealing' || state.phase === 'declaring' ? state.kittySize : state.kitty.length,
    kittyShown: state.kittyShown.slice(),
    leader: state.leader,
    turn: state.phase === 'playing' ? state.turn : -1,
    trick: faces(state.trick),
    tricks: state.tricks.map((t) => ({ leader: t.leader, winner: t.winner, points: t.points, plays: faces(t.plays) })),
    captured: state.captured.slice(),
    attackerPoints: state.phase === 'handEnd' || state.phase === 'over' ? (state.result?.attackerPoints ?? attackerPoints) : attackerPoints,
    throwFailure: state.throwFailure ? { ...state.throwFailure, attempted: state.throwFailure.attempted.slice(), forced: state.throwFailure.forced.slice() } : null,
    friendCalls: state.friendCalls.map((c) => ({ ...c })),
    callable: state.phase === 'calling' ? friendCallable(state) : null,
    result: state.result ? { ...state.result } : null,
    winners: state.winners.slice(),
  };
  if (viewer === SPECTATOR || viewer < 0 || viewer >= state.seats) return { public: pub, private: null };
  const ownsKitty = viewer === state.exchanger && kittyHeld(state);
  const hand = sortFaces(state.hands[viewer]!.map(faceOf), trump);
  return {
    public: pub,
    private: {
      hand,
      trumps: hand.filter((f) => effSuit(f, trump) === 'T').length,
      kitty: ownsKitty ? sortFaces((state.phase === 'burying' ? state.pickedUp : state.kitty).map(faceOf), trump) : [],
    },
  };
}

/**
 * A state the viewer cannot tell from this one: every card it cannot see (other hands, the undealt deck,
 * the kitty unless the viewer holds it or it was shown) re-dealt at random, each place keeping its size.
 */
export function resample(state: TractorState, viewer: Viewer, random: () => number): TractorState {
  const next = cloneState(state);
  const kittyKnown = (viewer === state.exchanger && kittyHeld(state)) || kittyOpen(state);
  const places: string[][] = next.hands.filter((_, seat) => seat !== viewer);
  places.push(next.deck);
  if (!kittyKnown) places.push(next.kitty);
  const rng = seedRng(String(random()));
  const pool = shuffled(rng, places.flat());
  for (const place of places) place.splice(0, place.length, ...pool.splice(0, place.length));
  if (state.phase === 'burying') next.pickedUp = next.hands[next.exchanger]!.slice(-next.pickedUp.length);
  return next;
}
