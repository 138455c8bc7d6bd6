import type { RandomSource, View, Viewer } from '../../core/game.ts';
import { shuffleWith } from '../../core/rng.ts';
import { SPECTATOR } from '../../core/game.ts';
import { geometry } from './board.ts';
import type { PrivateView, PublicView, State } from './types.ts';

export function viewFor(state: State, viewer: Viewer): View<PublicView, PrivateView> {
  const g = geometry(state.board);
  const name = (c: number) => g.colourNames[c]!;
  const colours = state.players
    .flatMap((p, seat) => p.colours.map((c) => ({ c, seat, team: p.team })))
    .sort((a, b) => a.c - b.c)
    .map(({ c, seat, team }) => ({
      name: name(c),
      seat,
      team,
      penExit: g.penExit(c),
      homeEntry: g.homeEntry(c),
      fastTrackExit: g.fastTrackExit(c),
      firstFastTrack: g.firstFastTrack(c),
    }));
  const split = state.turn.split;
  const pub: PublicView = {
    phase: state.phase,
    board: { kind: state.board, trackLength: g.trackLength, homeLength: g.homeLength, fastTrackSpaces: g.fastTrackSpaces, colours },
    marbles: state.marbles.map((m) => ({ id: m.id, colour: name(m.colour), area: m.area, space: m.space, ring: m.ring })),
    players: state.players.map((p, seat) => ({
      seat,
      colours: p.colours.map(name),
      team: p.team,
      handCount: p.hand.length,
      deckCount: p.deck.length,
      discardCount: p.discard.length,
      discardTop: p.discard.at(-1) ?? '',
      cut: p.cut,
      stalls: p.stalls,
    })),
    turn: { seat: state.turn.seat, chain: [...state.turn.chain], split: split && { card: split.card, marble: split.marble, remaining: split.remaining } },
    cutContenders: [...state.cutContenders],
    winners: [...state.winners],
  };
  return { public: pub, private: viewer === SPECTATOR ? null : { hand: [...state.players[viewer]!.hand] } };
}


/** Leak probe: every deck re-shuffled, every hand but the viewer's re-dealt from its owner's unseen cards. */
export function resample(state: State, viewer: Viewer, random: RandomSource): State {
  const s = structuredClone(state) as State;
  s.players.forEach((p, seat) => {
    const unseen = shuffleWith(random, seat === viewer ? p.deck : [...p.hand, ...p.deck]);
    if (seat !== viewer) p.hand = unseen.splice(0, p.hand.length);
    p.deck = unseen;
  });
  return s;
}
