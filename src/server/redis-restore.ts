/**
 * After Redis lost this process's keys (a restart without persistence), running games must stay
 * reachable: this puts back what the process had published there. Colyseus' listing of each live room
 * (spectator seats, seat tokens, reconnects and joinById all look the room up there), the invite codes of
 * private tables (drawn now for one made while Redis was away), and the process's room count (Colyseus picks processes for new rooms from it). The
 * journals are rewritten by the game store itself (src/server/game-store.ts).
 */
import { matchMaker, RoomInternalState, type IRoomCache, type Room } from '@colyseus/core';
import type { Table } from '../../rooms/table.ts';
import { liveRooms } from './metrics.ts';

type LiveRoom = Room & Pick<Table, 'inviteCode'>;

export async function republishLiveRooms(): Promise<{ listings: number; invites: number }> {
  let listings = 0;
  let invites = 0;
  for (const live of liveRooms) {
    const room = live as unknown as LiveRoom;
    const internal = room as unknown as { _internalState: number; _listing?: IRoomCache };
    if (internal._internalState !== RoomInternalState.CREATED) continue; // still creating, or disposing
    const listing = internal._listing;
    if (!listing || listing.roomId !== room.roomId) continue; // a fenced copy: the game lives on a peer
    await matchMaker.driver.persist(listing, true);
    listings++;
    if (await room.inviteCode.putBack()) invites++;
  }
  await matchMaker.stats.persist(true);
  return { listings, invites };
}
