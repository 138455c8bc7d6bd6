/**
 * A greedy bot working from its own view: it scores each legal move by how the table changes for its
 * team (progress towards the homes, marbles out of the apron, opponents knocked out, own and partner's
 * marbles kept on the board) and keeps its strong cards when it must discard or give one away. A 7's
 * moves are scored run by run, so it takes the run that pays best now (often all seven steps at once).
 */
import type { RandomSource, Seat, View } from '../../core/game.ts';
import type { Board } from './board.ts';
import { APRON, marblesOf, ownerOf, placeMarble, startOf, straightRun } from './board.ts';
import type { Card, TacMove, TacPrivate, TacPublic } from './types.ts';

/** Cards from least to most worth keeping. */
const KEEP_ORDER: readonly string[] = ['9', '10', '12', '6', '5', '3', '2', '8', '4', 'warrior', 'fool', 'devil', 'angel', 'trickster', '13', '1', '7', 'tac'];

function boardOf(pub: TacPublic): Board {
  return {
    colours: pub.colours,
    ring: pub.ring,
    spacing: pub.spacing,
    marbles: pub.marbles.map((m) => ({
      pos: m.zone === 'apron' ? APRON : m.zone === 'home' ? pub.ring + m.field : m.field,
      fresh: m.fresh,
    })),
  };
}

/** How far along a marble is: nothing in the apron, more the further round, most deep in its home. */
function marbleValue(board: Board, id: number): number {
  const pos = board.marbles[id]!.pos;
  if (pos === APRON) return 0;
  if (pos >= board.ring) return 2 * board.ring + 4 * (pos - board.ring);
  return 20 + ((pos - startOf(board, ownerOf(id)) + board.ring) % board.ring);
}

/** Opponent marbles up to 13 fields behind a team marble on the ring can knock it out next turn. */
function exposure(board: Board, pub: TacPublic, team: number, id: number): number {
  const pos = board.marbles[id]!.pos;
  if (pos < 0 || pos >= board.ring) return 0;
  let threats = 0;
  board.marbles.forEach((m, other) => {
    if (pub.teamOfColour[ownerOf(other)] === team || m.pos < 0 || m.pos >= board.ring) return;
    const behind = (pos - m.pos + board.ring) % board.ring;
    if (behind > 0 && behind <= 13) threats++;
  });
  return threats;
}

function tableValue(board: Board, pub: TacPublic, team: number): number {
  let value = 0;
  board.marbles.forEach((_, id) => {
    const v = marbleValue(board, id);
    value += pub.teamOfColour[ownerOf(id)] === team ? v - 3 * exposure(board, pub, team, id) : -v;
  });
  return value;
}

function afterMove(board: Board, pub: TacPublic, move: TacMove, colour: number): Board | null {
  const next: Board = { ...board, marbles: board.marbles.slice() };
  switch (move.type) {
    case 'move':
      placeMarble(next, move.marble, move.to);
      return next;
    case 'seven':
    case 'step': {
      // A 7's run knocks out every marble it passes, as its single steps would. A TAC's 7 runs in the position
      // before the card it undoes, which the view does not show: it is scored on the board shown, by its landing
      // alone where no run of the marble gets there.
      const run = straightRun(board, move.marble, move.to, pub.sevenRemaining || 7);
      for (const field of run.length ? run : [move.to]) placeMarble(next, move.marble, field);
      return next;
    }
    case 'swap': {
      const a = next.marbles[move.a]!;
      next.marbles[move.a] = { ...next.marbles[move.b]!, fresh: false };
      next.marbles[move.b] = { ...a, fresh: false };
      return next;
    }
    case 'enter': {
      const target = move.colour ?? colour;
      const marble = marblesOf(target).find((id) => next.marbles[id]!.pos === APRON);
      if (marble === undefined) return null;
      placeMarble(next, marble, startOf(next, target));
      return next;
    }
    default:
      return null;
  }
}

function keepRank(card: string): number {
  return KEEP_ORDER.indexOf(card);
}

export function bot(view: View<TacPublic, TacPrivate>, legal: TacMove[], random: RandomSource, _seat: Seat): TacMove {
  const pub = view.public;
  const first = legal[0]!;
  if (first.type === 'deal') return first;
  if (first.type === 'exchange') {
    // Give the partner an opening card if they announced they have none; otherwise the least useful card.
    const own = view.private?.colours.find((_, i) => view.private!.given[i] === '') ?? -1;
    const partnerColour = own >= 0 ? (own + pub.colours / 2) % pub.colours : -1;
    const opener = legal.find((m) => m.type === 'exchange' && (m.card === '1' || m.card === '13'));
    if (opener && partnerColour >= 0 && !pub.canOpen[partnerColour]) return opener;
    return lowest(legal);
  }
  if (legal.every((m) => m.type === 'discard')) return lowest(legal);
  const board = boardOf(pub);
  const colour = pub.devilTarget >= 0 ? pub.devilTarget : pub.turn;
  const team = pub.teamOfColour[pub.devilTarget >= 0 ? pub.turn : colour]!;
  const base = tableValue(board, pub, team);
  let best: TacMove = first;
  let bestScore = -Infinity;
  for (const move of legal) {
    const after = afterMove(board, pub, move, colour);
    let score = after ? tableValue(after, pub, team) - base : move.type === 'discard' ? -5 : 2;
    // Spend strong cards only when they pay off.
    if ('card' in move) score -= keepRank(move.card) * 0.3;
    score += random();
    if (score > bestScore) {
      bestScore = score;
      best = move;
    }
  }
  return best;
}

function lowest(legal: TacMove[]): TacMove {
  const card = (m: TacMove) => ('card' in m ? (m.card as Card) : '');
  return legal.reduce((a, b) => (keepRank(card(b)) < keepRank(card(a)) ? b : a));
}
