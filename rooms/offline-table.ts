/**
 * A table without a room or sockets: a game's engine, its synced state with every seat's view, the
 * room's own Projection, and patches encoded as Colyseus encodes a room's (the shared changes once,
 * then each seat's view; rooms/shared-frames.ts). Bots play every seat. The server's warm-up
 * (src/server/warm-up.ts) plays such tables before it accepts players; the projection benchmark
 * (loadtest/projection.ts) times them.
 */
import { Encoder, StateView } from '@colyseus/schema';
import { SYSTEM, type Actor, type AnyGame } from '../src/core/game.ts';
import { gameRooms } from './index.ts';
import { Projection } from './projection.ts';
import { shareUnchangedViews } from './shared-frames.ts';
import type { PrivateSeat, Table, TableState } from './table.ts';

export interface OfflineTable {
  readonly game: AnyGame;
  readonly seatCount: number;
  readonly projection: Projection;
  readonly state: TableState;
  readonly views: StateView[];
  readonly encoder: Encoder;
  engineState: unknown;
}

/** `perView`: encode every seat's view in full, as Colyseus alone does (no shared frames). */
export function openOfflineTable(game: AnyGame, seatCount: number, options: unknown, seed: string, perView = false): OfflineTable {
  const { RoomState, SeatPrivate } = gameRooms[game.id]!.schemas; // the schemas the game's room syncs
  const state = new RoomState() as TableState;
  // The encoder first, as a room's serializer is made before any client joins: a view can only hold what the
  // encoder's tree already tracks (added before it, a seat's private entry was never encoded in its view).
  const encoder = new Encoder(state);
  if (!perView) shareUnchangedViews(encoder);
  const views: StateView[] = [];
  for (let seat = 0; seat < seatCount; seat++) {
    const mine = new SeatPrivate() as PrivateSeat;
    mine.seat = seat;
    state.private.set(String(seat), mine);
    views.push(new StateView());
    views[seat]!.add(mine);
  }
  // Only what the projection reads of a room: the engine, the state, the seat count, the seats' views.
  const room = {
    game,
    state,
    table: { seats: seatCount },
    engineState: game.setup(game.options.parse(options ?? {}), seatCount, seed),
    seats: { records: views.map((_, seat) => ({ sessionId: `s${seat}` })), botDriven: () => false },
    clients: { getById: (id: string) => ({ view: views[Number(id.slice(1))] }) },
    journal: { stoppedAt: null }, // never stopped at the move limit
  };
  return {
    game,
    seatCount,
    projection: new Projection(room as unknown as Table),
    state,
    views,
    encoder,
    get engineState() {
      return room.engineState;
    },
    set engineState(s: unknown) {
      room.engineState = s;
    },
  };
}

/** Encodes one patch the way Colyseus' SchemaSerializer does for a room with per-seat views; returns its bytes. */
export function encodePatch(t: OfflineTable): number {
  const it = { offset: 1 };
  let bytes = t.encoder.encode(it).length; // the spectators' (shared) patch
  const shared = it.offset;
  for (const view of t.views) bytes += t.encoder.encodeView(view, shared, it).length;
  t.encoder.discardChanges();
  return bytes;
}

/**
 * One move of a bot (or of the system, where it has one, half the time): the actor's legal moves, the
 * bot's choice, the engine's answer: 'over' once nobody can move, 'none' when the actor had no move or
 * declined an optional one.
 */
export function botStep(t: OfflineTable, random: () => number): 'moved' | 'none' | 'over' {
  const { game } = t;
  const active = game.activeActors(t.engineState);
  if (active.length === 0) return 'over';
  const actor: Actor = active.includes(SYSTEM) && random() < 0.5 ? SYSTEM : active[Math.floor(random() * active.length)]!;
  const legal = game.legalMoves(t.engineState, actor);
  if (legal.length === 0) return 'none';
  const move = actor === SYSTEM ? legal[0] : game.bot(game.viewFor(t.engineState, actor), legal, random, actor);
  if (move === null) return 'none';
  const r = game.applyMove(t.engineState, actor, move);
  if (!r.ok) throw new Error(`${game.id}: bot move refused: ${r.error.code}`);
  t.engineState = r.state;
  return 'moved';
}
