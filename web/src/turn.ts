/** The move panel's first line: whose turn it is, their time left, and what is asked, in words. */
import { serverNow } from './server-clock.ts';
import type { BoardContext, GameBoard } from './types.ts';

/**
 * A part of the line: words, or a clock (its deadline), which the page shows as the time left and ticks in place; a
 * turn clock turns red in its last seconds, the server's own step's (`step`: a window, a pause) never does.
 */
export type LinePart = string | { clock: number; step?: true };

/** The time left until `deadline` (the server's ms since epoch) as m:ss, whole seconds counted up. */
export function clockText(deadline: number, now = serverNow()): string {
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** Seconds left from which a clock shows it is running out (the away clock's 15-s turns are short throughout). */
export const LOW_CLOCK_SECONDS = 10;

/** Whether a clock running to `deadline` is in its last LOW_CLOCK_SECONDS (or out): the page shows it in red. */
export function clockLow(deadline: number, now = serverNow()): boolean {
  return deadline - now <= LOW_CLOCK_SECONDS * 1000;
}

/**
 * A running game paused until one of its players comes back with their seat token (docs/PROTOCOL.md,
 * Reconnection): the state's `paused` (all its players gone, or a recovered game's not back yet). It closes unless
 * one does. From a server before that field: every seat is a bot's and some seat's player left it.
 */
export function waitsForItsPlayers(ctx: Pick<BoardContext, 'status' | 'seats' | 'paused'>): boolean {
  if (ctx.status !== 'playing') return false;
  return ctx.paused ?? (ctx.seats.every((s) => s.bot) && ctx.seats.some((s) => !s.connected));
}

/**
 * Whether a seated player is offered to start now with bots: only while the table waits with a seat free. Once
 * every seat is taken there is nothing to fill (the wishes may already have filled it): the table starts when every
 * player is here, and the turn line names whom it waits for.
 */
export function startNowOffered(ctx: Pick<BoardContext, 'status' | 'seats' | 'mySeat'>): boolean {
  return ctx.status === 'waiting' && ctx.mySeat !== null && !ctx.seats.every((seat) => seat.taken);
}

/**
 * The seats the seat list marks as the ones to act: the active seats, but none while the game is paused for its
 * players (nothing happens until one comes back) or where the game lists seats that do not take a turn (a deal).
 */
export function seatsToAct(ctx: BoardContext, board: GameBoard | null): number[] {
  return waitsForItsPlayers(ctx) || !(board?.turnShown?.(ctx) ?? true) ? [] : ctx.active;
}

/**
 * The move panel's first line, from the state (`board`: the game's own status words; `step`: the state's `stepDeadline`,
 * counted down where the game names the step). The time left is said where the player looks while deciding, on their
 * own clocked turn (the seat list with the clock is under the panel, out of sight on a phone), and beside whose turn it
 * is while they wait or watch: once where every seat named runs one clock, else each seat's own beside its name (seats
 * clocked at once may have different ones: one player away, on the short clock).
 */
export function turnLine(ctx: BoardContext, board: GameBoard | null, step = 0): LinePart[] {
  const parts = lineParts(ctx, board);
  // The server's own step, when the game names it: a VIP draft nobody's clock covers ends for everyone at once.
  const words = step > 0 && ctx.status === 'playing' ? board?.stepClock?.(ctx) : null;
  return words ? [...parts, ` ${words} `, { clock: step, step: true }, '.'] : parts;
}

function lineParts(ctx: BoardContext, board: GameBoard | null): LinePart[] {
  const mine = ctx.mySeat;
  const status = board?.status?.(ctx) ?? '';
  /** `who`, the time left on the clock of `seats` (if one runs), then `after` and the game's words. */
  const line = (who: string, seats: number[], after = ''): LinePart[] => {
    const rest = `${after}${status}`.trim();
    const deadline = sharedDeadline(ctx, seats);
    return deadline > 0 ? [`${who} · `, { clock: deadline }, ` left.${rest ? ` ${rest}` : ''}`] : [`${who}.${rest ? ` ${rest}` : ''}`];
  };
  /** `before`, the seats' names, `after`: each name with its own time left where the seats' clocks differ. */
  const named = (before: string, seats: number[], after = ''): LinePart[] => {
    if (sharedDeadline(ctx, seats) >= 0) return line(`${before}${seats.map(ctx.name).join(', ')}${after}`, seats);
    const parts: LinePart[] = [before];
    seats.forEach((seat, i) => {
      const deadline = ctx.seats[seat]?.deadline ?? 0;
      parts.push(`${i ? ', ' : ''}${ctx.name(seat)}`, ...(deadline > 0 ? [' (', { clock: deadline }, ' left)'] : []));
    });
    return [...parts, `${after}.${status ? ` ${status}` : ''}`];
  };
  if (ctx.status === 'waiting') {
    // Every seat taken, a player away: the table starts only once every player is here (or the seat comes free).
    const away = ctx.seats.flatMap((seat, i) => (seat.taken && !seat.bot && !seat.connected ? [i] : []));
    if (away.length && ctx.seats.every((seat) => seat.taken)) return [`Waiting for ${away.map(ctx.name).join(', ')} to come back: the game starts once every player is here.`];
    return ['Waiting for every seat to be taken…'];
  }
  if (ctx.status === 'over') return [`The game is over.${status ? ` ${status}` : ''}`]; // (and the game's words: how its last race ended)
  if (waitsForItsPlayers(ctx)) return ['Paused: none of its players is here. The table closes unless one comes back soon.'];
  if (mine === null) {
    // Whose turn it is, as a player waiting is told; none named where the seats listed do not take a turn (a deal).
    const toMove = seatsToAct(ctx, board);
    return toMove.length ? named('Watching · ', toMove, ' to move') : [`Watching. ${status}`.trim()];
  }
  if (ctx.moves.length) {
    return line('Your move', [mine], ctx.seats[mine]?.shortClock ? 'Your clock ran out before: your turns are short until you make a move yourself. ' : '');
  }
  // The game's words where the seats listed as active do not keep the player waiting (Ready Set Bet: the others betting).
  const waiting = board?.waiting?.(ctx);
  if (typeof waiting === 'string' && waiting) return [`${waiting} ${status}`.trim()];
  if (waiting && typeof waiting === 'object') return line(waiting.who, waiting.seats, waiting.after);
  // Listed as active with no legal move: a system step (a deal, a race) runs and seats may join in.
  const others = ctx.active.includes(mine) ? [] : ctx.active;
  return others.length ? named('Waiting for ', others) : line(`Waiting for ${ctx.name(-1)}`, others);
}

/** The one turn clock all of `seats` run (0: none of them is clocked); -1 where their clocks differ or some run none. */
function sharedDeadline(ctx: BoardContext, seats: number[]): number {
  const deadlines = new Set(seats.map((seat) => ctx.seats[seat]?.deadline ?? 0));
  return deadlines.size > 1 ? -1 : ([...deadlines][0] ?? 0);
}
