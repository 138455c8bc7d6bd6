/** Turning scores into standings, with ties, teams and tie-breakers handled once for every game. */
import type { Outcome, Seat, Standing } from './game.ts';

/**
 * Ranks seats by score (higher first unless `lowerIsBetter`), then by each tie-breaker in turn.
 * Seats equal on every key share a rank (1, 1, 3 …).
 */
export function rankByScore(
  scores: readonly number[],
  options: { tieBreakers?: readonly (readonly number[])[]; lowerIsBetter?: boolean; teams?: readonly number[]; details?: unknown } = {},
): Outcome {
  const keys = (seat: Seat) => [scores[seat]!, ...(options.tieBreakers ?? []).map((t) => t[seat]!)];
  const sign = options.lowerIsBetter ? -1 : 1;
  const compare = (a: Seat, b: Seat) => {
    const ka = keys(a);
    const kb = keys(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (i === 0 ? sign : 1) * (kb[i]! - ka[i]!);
    return 0;
  };
  const order = scores.map((_, seat) => seat).sort((a, b) => compare(a, b) || a - b);
  const standings: Standing[] = [];
  order.forEach((seat, i) => {
    const prev = i > 0 ? standings[i - 1]! : undefined;
    const rank = prev && compare(prev.seat, seat) === 0 ? prev.rank : i + 1;
    const team = options.teams?.[seat];
    standings.push(team === undefined ? { seat, rank, score: scores[seat]! } : { seat, rank, score: scores[seat]!, team });
  });
  standings.sort((a, b) => a.seat - b.seat);
  return {
    standings,
    winners: standings.filter((s) => s.rank === 1).map((s) => s.seat),
    ...(options.details === undefined ? {} : { details: options.details }),
  };
}

/** Team game: the winning team's seats share rank 1, everyone else rank 2 (or by team order given). */
export function teamOutcome(teams: readonly number[], teamRanks: ReadonlyMap<number, number>, details?: unknown): Outcome {
  const standings: Standing[] = teams.map((team, seat) => {
    const rank = teamRanks.get(team) ?? teamRanks.size + 1;
    return { seat, rank, score: rank === 1 ? 1 : 0, team };
  });
  return { standings, winners: standings.filter((s) => s.rank === 1).map((s) => s.seat), ...(details === undefined ? {} : { details }) };
}
