/**
 * Projection: engine views into the delta-synced schema — the public table, each seat's private view
 * and legal moves, the seats' public status and the result.
 */
import type { MapSchema, Schema } from '@colyseus/schema';
import { SPECTATOR, type Actor, type Outcome, type Seat } from '../src/core/game.ts';
import { ChoiceSet } from '../schema/common.ts';
import { mirror, sameEntries } from '../schema/mirror.ts';
import type { ChoiceSetState, Table } from './table.ts';
import { seatTaken } from './seats.ts';

export class Projection {
  /** Moves were applied since the views were last projected into the synced state. */
  stale = false;
  /** Each seat's legal moves as last projected, with their texts (see syncLegalMoves). */
  private readonly listed: Listed[] = [];
  /** Each choice set's values as last projected, with their texts. */
  private readonly chosen = new Map<string, Listed>();
  /** The seats in `state.activeSeats`, as a plain list (reading the synced one goes through its proxy); a new list whenever they change. */
  activeSeats: readonly Actor[] = [];
  /** Schema instances a seat's mirror created (emptied after each seat: one list, not one per seat and patch). */
  private readonly created: Schema[] = [];

  private readonly room: Table;

  constructor(room: Table) {
    this.room = room;
  }

  syncSeats() {
    const { seats, state } = this.room;
    seats.records.forEach((r, seat) => {
      const s = state.seats[seat]!;
      s.name = r.name;
      s.taken = seatTaken(r); // (a recovered table's seats too, held for their players until the wait ends)
      s.connected = r.bot || r.connected;
      s.bot = seats.botDriven(seat);
      s.startNow = r.startNow;
    });
  }

  /** Projects the engine state into the synced state; returns whether the game is over (no active actor). */
  syncGame(): boolean {
    this.stale = false;
    const { game, state, table } = this.room;
    const s = this.room.engineState;
    mirror(state.table, game.viewFor(s, SPECTATOR).public);
    // (A game stopped at the move limit is over with its engine still waiting for someone: nobody acts.)
    const active = this.room.journal.stoppedAt === null ? game.activeActors(s) : NOBODY;
    if (!sameSeats(active, this.activeSeats)) {
      this.activeSeats = active.filter((a: Actor) => a >= 0);
      state.activeSeats.clear();
      state.activeSeats.push(...this.activeSeats);
    }
    if (game.choices) this.syncChoices(game.choices(s));
    // Patterns (`{ $oneOf: set }` fields) where the game has them: a seat's list then changes only when
    // its own options do, and a value leaving a public set is one change for everyone.
    const listMoves = game.legalMovePatterns ?? game.legalMoves;
    for (let seat = 0; seat < table.seats; seat++) {
      const mine = state.private.get(String(seat))!;
      // The public part is projected once above; a game that can give a seat's private part alone
      // saves building its public view again for every seat.
      const own = game.privateView ? game.privateView(s, seat) : game.viewFor(s, seat).private;
      const created = this.created;
      created.length = 0; // (emptied first: a mirror that threw must not show its leftovers to the next seat)
      mirror(mine.view, own ?? {}, '$', created);
      if (created.length) this.showToSeat(seat, created);
      this.listed[seat] = syncLegalMoves(mine.legalMoves, active.includes(seat) ? listMoves.call(game, s, seat) : [], this.listed[seat]);
    }
    return active.length === 0;
  }

  /** The public choice sets: each set's values keyed by JSON text; sets no longer offered are removed. */
  private syncChoices(sets: Readonly<Record<string, readonly unknown[]>>) {
    const target = this.room.state.choices;
    for (const name of [...target.keys()]) {
      if (!Object.hasOwn(sets, name)) {
        target.delete(name);
        this.chosen.delete(name);
      }
    }
    for (const [name, values] of Object.entries(sets)) {
      let set = target.get(name);
      if (!set) target.set(name, (set = new ChoiceSet() as ChoiceSetState));
      const last = this.chosen.get(name);
      if (last?.moves === values) continue; // the same (immutable) list as last time
      this.chosen.set(name, syncKeys(set.values, values, () => true, last));
    }
  }

  /** The final standings, public. */
  showResult(outcome: Outcome) {
    mirror(this.room.state.result, {
      winners: outcome.winners,
      standings: outcome.standings.map((st) => ({ ...st, team: st.team ?? -1 })),
      details: outcome.details ?? '',
    });
  }

  /** Objects created inside a seat's private view become visible to that seat's client. */
  private showToSeat(seat: Seat, objects: Schema[]) {
    const { seats, clients } = this.room;
    const sessionId = seats.records[seat]!.sessionId;
    const view = sessionId ? clients.getById(sessionId)?.view : undefined;
    if (view) for (const obj of objects) view.add(obj);
  }
}

const NOBODY: readonly Actor[] = [];

/** `active`'s seats (actors ≥ 0), in order, are exactly `seats`. */
function sameSeats(active: readonly Actor[], seats: readonly Actor[]): boolean {
  let n = 0;
  for (const a of active) {
    if (a < 0) continue;
    if (seats[n] !== a) return false;
    n++;
  }
  return n === seats.length;
}

/** A seat's legal moves as last projected, and the JSON text of each. */
export interface Listed {
  moves: readonly unknown[];
  texts: string[];
}

/** How far ahead in the last list a move is looked for (moves dropped in between, e.g. a taken space's bets). */
const LOOK_AHEAD = 8;

/**
 * A seat's legal moves, keyed by JSON text: moves that stay legal are left alone, the ones gone are
 * deleted and new ones added (in the engine's order), so a bet costs every other seat one DELETE.
 * Engines list moves in a stable order, so most moves equal one a few places on in the last list
 * (`last`): those reuse its text instead of being stringified again, and the ones of `last` passed
 * over are the ones gone. While the map holds exactly `last`'s texts (each once), only those gone and
 * the new ones are touched; otherwise the whole map is compared. Returns the list to pass next time.
 */
export function syncLegalMoves(target: MapSchema<string>, moves: readonly unknown[], last?: Listed): Listed {
  return syncKeys(target, moves, (move) => String((move as { type?: unknown }).type), last);
}

/** A map keyed by the JSON texts of `moves` (see syncLegalMoves); `value` gives each entry's value. */
function syncKeys<V>(target: MapSchema<V>, moves: readonly unknown[], value: (move: unknown) => V, last?: Listed): Listed {
  if (moves.length === 0) {
    if (target.size > 0) target.clear();
    return { moves, texts: [] };
  }
  if (last !== undefined && sameEntries(last.moves, moves) && target.size === last.texts.length) return last; // (no allocation)
  const texts: string[] = new Array(moves.length);
  const before = last?.moves ?? [];
  const beforeTexts = last?.texts ?? [];
  const gone: string[] = [];
  const added: number[] = [];
  let from = 0;
  for (let i = 0; i < moves.length; i++) {
    const move = moves[i];
    let found = -1;
    for (let k = from; k < before.length && k < from + LOOK_AHEAD; k++) {
      if (sameMove(before[k], move)) {
        found = k;
        break;
      }
    }
    if (found >= 0) {
      for (let k = from; k < found; k++) gone.push(beforeTexts[k]!);
      texts[i] = beforeTexts[found]!;
      from = found + 1;
    } else {
      texts[i] = JSON.stringify(move);
      added.push(i);
    }
  }
  for (let k = from; k < before.length; k++) gone.push(beforeTexts[k]!);
  if (last !== undefined && target.size === beforeTexts.length) {
    // The map is `last`'s texts, all distinct: a text passed over is not among the ones kept.
    if (gone.length === 0 && added.length === 0) return { moves, texts: beforeTexts };
    for (const key of gone) target.delete(key);
    for (const i of added) {
      const key = texts[i]!;
      if (!target.has(key)) target.set(key, value(moves[i]));
    }
    return { moves, texts };
  }
  const next = new Set(texts);
  if (target.size > 0) {
    const stale: string[] = [];
    for (const key of target.keys()) if (!next.has(key)) stale.push(key);
    for (const key of stale) target.delete(key);
  }
  for (let i = 0; i < moves.length; i++) {
    const key = texts[i]!;
    if (!target.has(key)) target.set(key, value(moves[i]));
  }
  return { moves, texts };
}

/** Same JSON text without writing it: same keys in the same order, equal primitives, nested values by text. */
function sameMove(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  const other = Object.keys(y);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k !== other[i]) return false;
    const u = x[k];
    const v = y[k];
    if (u === v) continue;
    if (typeof u !== 'object' || typeof v !== 'object' || u === null || v === null || JSON.stringify(u) !== JSON.stringify(v)) return false;
  }
  return true;
}
