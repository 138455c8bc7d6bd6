import type { GameDefinition, Outcome } from '../../core/game.ts';
import { sameMultiset, standardDeck } from '../../core/cards/index.ts';
import { rankByScore, teamOutcome } from '../../core/result.ts';
import { geometry, occupancyKey } from './board.ts';
import { bot } from './bot.ts';
import { MARBLES_PER_COLOUR } from './data/boards.ts';
import { activeActors, applyMove, legalMoves } from './moves.ts';
import { moveShapes } from './move-schema.ts';
import { GAME_ID, isLayout, resolveLayout, setup } from './setup.ts';
import { optionsSchema, type Move, type Options, type PrivateView, type PublicView, type State } from './types.ts';
import { resample, viewFor } from './view.ts';

const FULL_DECK = standardDeck({ jokers: true });

function outcome(state: State): Outcome | null {
  if (state.phase !== 'over') return null;
  const homeOf = (colours: number[]) => state.marbles.filter((m) => colours.includes(m.colour) && m.area === 'home').length;
  const teams = state.players.map((p) => p.team);
  const scores = state.players.map((p) =>
    p.team === -1 ? homeOf(p.colours) : homeOf(state.players.filter((q) => q.team === p.team).flatMap((q) => q.colours)),
  );
  if (teams[0] === -1) return rankByScore(scores);
  // Teams: ranked by the marbles they have home (the winners, with all home, first).
  const teamScore = new Map(teams.map((team, seat) => [team, scores[seat]!]));
  const ranks = new Map([...teamScore].map(([team, score]) => [team, 1 + [...teamScore.values()].filter((x) => x > score).length]));
  return teamOutcome(teams, ranks, { marblesHome: scores });
}

/** Marble conservation (four per colour, each in exactly one place) and card conservation per player. */
function invariants(state: State): string[] {
  const out: string[] = [];
  const g = geometry(state.board);
  const seen = new Set<string>();
  const colours = state.players.flatMap((p) => p.colours);
  for (const colour of colours) {
    const count = state.marbles.filter((m) => m.colour === colour).length;
    if (count !== MARBLES_PER_COLOUR) out.push(`colour ${colour} has ${count} marbles`);
  }
  for (const m of state.marbles) {
    const inRange =
      (m.area === 'pen' && m.space === -1) ||
      (m.area === 'bullseye' && m.space === -1) ||
      (m.area === 'track' && m.space >= 0 && m.space < g.trackLength) ||
      (m.area === 'home' && m.space >= 0 && m.space < g.homeLength);
    if (!inRange) out.push(`${m.id} is at an impossible place ${m.area} ${m.space}`);
    if (m.ring !== 'none' && !(m.area === 'track' && g.isFastTrack(m.space))) out.push(`${m.id} has fast-track status off the fast track`);
    if (m.area === 'pen') continue;
    const key = occupancyKey(m, m.colour);
    if (seen.has(key)) out.push(`two marbles at ${key}`);
    seen.add(key);
  }
  state.players.forEach((p, seat) => {
    if (!sameMultiset([...p.deck, ...p.hand, ...p.discard], FULL_DECK)) out.push(`seat ${seat}: deck + hand + discard is not one 54-card deck`);
    if (state.phase === 'play' && seat !== state.turn.seat && p.hand.length !== 5) out.push(`seat ${seat} holds ${p.hand.length} cards between turns`);
  });
  return out;
}

export const game: GameDefinition<Options, State, Move, PublicView, PrivateView> = {
  id: GAME_ID,
  name: 'Fast Track',
  seats: { min: 2, max: 6, default: 4 },
  options: optionsSchema,
  validateSetup(options, seats) {
    const layout = resolveLayout(options, seats);
    return isLayout(layout) ? null : layout;
  },
  setup,
  activeActors,
  // A turn is the seat's plays until the next seat's (play-again cards, a split 7's two parts): a clock run out leaves the bot the turn.
  turnsOfSteps: true,
  legalMoves,
  applyMove,
  moveShapes,
  viewFor,
  outcome,
  bot,
  teams: (state) => (state.players[0]!.team === -1 ? undefined : state.players.map((p) => p.team)),
  systemDelayMs: () => 800,
  invariants,
  resample,
};
