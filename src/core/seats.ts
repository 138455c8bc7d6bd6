/** Seat and team arithmetic shared by the games. Seats are 0-based and go clockwise. */
import type { Seat } from './game.ts';

/** The seat `steps` places clockwise of `seat` at a table of `count`. */
export function nextSeat(seat: Seat, count: number, steps = 1): Seat {
  return (((seat + steps) % count) + count) % count;
}

/** Seats in play order starting at `first`. */
export function seatOrder(first: Seat, count: number): Seat[] {
  return Array.from({ length: count }, (_, i) => nextSeat(first, count, i));
}

/** Alternating teams: seat i is on team i % teamCount (partners sit opposite at 4 and 6 with 2 or 3 teams). */
export function alternatingTeams(count: number, teamCount: number): number[] {
  if (count % teamCount !== 0) throw new RangeError(`${count} seats do not split into ${teamCount} teams`);
  return Array.from({ length: count }, (_, i) => i % teamCount);
}

/** Seats of `team` in seat order. */
export function teamSeats(teams: readonly number[], team: number): Seat[] {
  return teams.flatMap((t, seat) => (t === team ? [seat] : []));
}

/** The other members of `seat`'s team. */
export function partnersOf(teams: readonly number[], seat: Seat): Seat[] {
  return teamSeats(teams, teams[seat]!).filter((s) => s !== seat);
}
