/** Real @colyseus/sdk clients for room tests. */
import { Client, type Room, type SeatReservation } from '@colyseus/sdk';
import { legalMovesIn, type LegalMove } from '../../client/legal-moves.ts';
import { waitFor } from './ports.ts';

export interface Player {
  room: Room;
  seat: number;
  seatToken: string;
  events: { seq: number; actor: number; events: { type: string }[] }[];
  errors: unknown[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyState = any;

function track(room: Room) {
  const events: Player['events'] = [];
  const errors: unknown[] = [];
  room.onMessage('events', (m) => events.push(m));
  room.onMessage('error', (m) => errors.push(m));
  room.onMessage('*', () => undefined);
  return { events, errors };
}

export async function joinAsPlayer(endpoint: string, game: string, options: Record<string, unknown> = {}, method: 'joinOrCreate' | 'create' = 'joinOrCreate'): Promise<Player> {
  const client = new Client(endpoint);
  const room = await client[method](game, options);
  return adopt(room);
}

export async function adopt(room: Room): Promise<Player> {
  let seatMsg: { seat: number; seatToken: string } | null = null;
  room.onMessage('seat', (m) => (seatMsg = m));
  const { events, errors } = track(room);
  // The seat message, or (if it came before we listened) the seat's own private entry in the state.
  const fromState = () => {
    const entries = (room.state as AnyState)?.private;
    const own = entries && Array.from(entries.values() as Iterable<{ seat: number; seatToken: string }>).find((e) => e.seatToken);
    return own ? { seat: own.seat, seatToken: own.seatToken } : null;
  };
  const seat = await waitFor(() => seatMsg ?? fromState(), 5000, 'seat message');
  return { room, seat: seat.seat, seatToken: seat.seatToken, events, errors };
}

export async function joinAsSpectator(endpoint: string, roomId: string): Promise<Room> {
  const http = endpoint.replace(/^ws/, 'http');
  const res = await fetch(`${http}/api/rooms/${roomId}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ spectator: true }) });
  if (!res.ok) throw new Error(`spectator seat: ${res.status} ${await res.text()}`);
  const room = await new Client(endpoint).consumeSeatReservation((await res.json()) as SeatReservation);
  track(room);
  return room;
}

/** The seat's own private entry as the client sees it. */
export function mine(p: Player): AnyState {
  return (p.room.state as AnyState).private.get(String(p.seat));
}

/** The seat's legal moves as synced: the keys of its `legalMoves` map, patterns expanded over the state's `choices`. */
export function legalMoves(p: Player): LegalMove[] {
  return legalMovesIn(mine(p), state(p).choices);
}

export function state(p: Player): AnyState {
  return p.room.state as AnyState;
}

/**
 * A refusal's code (docs/PROTOCOL.md, Errors): `core/…` or `<game-id>/…`, the reason letters and hyphens, lower
 * case but for a move type a game names in it (Great Western Trail's `illegal-takeObjective`). `game` narrows the
 * namespace to `core` and that game.
 */
export function refusalCode(game = '[a-z-]+'): RegExp {
  return new RegExp(`^(core|${game})/[A-Za-z-]+$`);
}
