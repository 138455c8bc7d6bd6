/**
 * A sensible player working from its own view: it scores each legal move by the progress it makes,
 * captures it makes (and suffers for hitting friends), and how exposed the marble ends up, then plays
 * the best one (random among equals). Cheap enough for load tests.
 */
import type { RandomSource, Seat, View } from '../../core/game.ts';
import type { Move, MarbleView, PrivateView, PublicView } from './types.ts';

const PLAY_AGAIN = /^(A|K|Q|J|6)[SHDC]$|^[BS]J$/;

export function bot(view: View<PublicView, PrivateView>, legal: Move[], random: RandomSource, seat: Seat): Move {
  const pub = view.public;
  const { trackLength: n, colours } = pub.board;
  const zone = n / pub.board.fastTrackSpaces.length;
  const colourOf = new Map(colours.map((c) => [c.name, c]));
  const myTeam = pub.players[seat]!.team;
  const friendly = (colour: string) => {
    const c = colourOf.get(colour)!;
    return c.seat === seat || (myTeam !== -1 && c.team === myTeam);
  };
  const byId = new Map(pub.marbles.map((m) => [m.id, m]));
  const at = new Map(pub.marbles.filter((m) => m.area === 'track' || m.area === 'bullseye').map((m) => [place(m.area, m.space), m]));

  function place(area: string, space: number): string {
    return area === 'track' ? `track-${space}` : area;
  }
  function parse(to: string): { area: string; space: number } {
    const [area, space] = to.split('-');
    return { area: area!, space: space === undefined ? -1 : Number(space) };
  }
  /** How far along its journey a marble of `colour` is at a place (higher is better). */
  function progress(colour: string, area: string, space: number, ring = 'none'): number {
    const c = colourOf.get(colour)!;
    if (area === 'pen') return 0;
    if (area === 'home') return n + 6 + space;
    if (area === 'bullseye') return n - 11;
    const r = (space - c.penExit + n) % n;
    let p = r === n - 1 ? 0 : r + 1;
    if (ring !== 'none') p = Math.max(p, n - 8 - ((c.fastTrackExit - space + n) % n) / zone);
    return p;
  }
  function threatened(colour: string, area: string, space: number): boolean {
    if (area !== 'track') return false;
    return pub.marbles.some((o) => o.area === 'track' && !friendly(o.colour) && o.colour !== colour && (space - o.space + n) % n <= 10 && o.space !== space);
  }
  function relocate(m: MarbleView, to: string): number {
    const d = parse(to);
    const ring = d.area === 'track' && pub.board.fastTrackSpaces.includes(d.space) ? 'entered' : 'none';
    let score = (progress(m.colour, d.area, d.space, ring) - progress(m.colour, m.area, m.space, m.ring)) * (friendly(m.colour) ? 1 : -1);
    if (m.area === 'pen' && d.area === 'track') score += 12;
    if (friendly(m.colour)) {
      if (threatened(m.colour, d.area, d.space)) score -= 6;
      if (threatened(m.colour, m.area, m.space)) score += 4;
    }
    const victim = d.area === 'track' || d.area === 'bullseye' ? at.get(place(d.area, d.space)) : undefined;
    if (victim && victim.id !== m.id) score += (progress(victim.colour, victim.area, victim.space) + 10) * (friendly(victim.colour) ? -1 : 1);
    return score;
  }
  function score(move: Move): number {
    switch (move.type) {
      case 'cut':
        return 0;
      case 'discard':
        return PLAY_AGAIN.test(move.card) ? 1 : 0;
      case 'swap': {
        const a = byId.get(move.marble)!;
        const b = byId.get(move.other)!;
        return (progress(a.colour, b.area, b.space) - progress(a.colour, a.area, a.space)) * (friendly(a.colour) ? 1 : -1) +
          (progress(b.colour, a.area, a.space) - progress(b.colour, b.area, b.space)) * (friendly(b.colour) ? 1 : -1) + 1;
      }
      default: {
        const base = relocate(byId.get(move.marble)!, move.to);
        return 'card' in move && PLAY_AGAIN.test(move.card) ? base + 2 : base;
      }
    }
  }
  let best: Move[] = [];
  let bestScore = -Infinity;
  for (const move of legal) {
    const s = score(move);
    if (s > bestScore) [best, bestScore] = [[move], s];
    else if (s === bestScore) best.push(move);
  }
  return best[Math.min(best.length - 1, Math.floor(random() * best.length))]!;
}
