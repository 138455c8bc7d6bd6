/**
 * Parlor's web client: a lobby and a table page for every game. It holds no rules: boards draw the
 * synced state, and every move is one the server listed as legal (legal.ts).
 *
 * Routes (in the hash, so the server serves one page): `#/` lobby, `#/table/<roomId>` play (your
 * seat, or a free one), `#/table/<roomId>/<invite code>` play at a private table, `#/watch/<roomId>` spectate.
 */
import './style.css';
import { isInviteCode, isRoomId } from './api.ts';
import { showLobby } from './lobby.ts';
import { showTable, type Pending } from './table.ts';

const app = document.getElementById('app')!;
let leave: (() => void) | null = null;
let pending: Pending | null = null;

/** Goes to a table with a room already joined (from the lobby), without joining twice. */
export function goToTable(p: Pending) {
  pending = p;
  location.hash = `#/table/${p.room.roomId}`;
}

function route() {
  leave?.();
  leave = null;
  app.replaceChildren();
  document.title = 'Parlor'; // (each page says more once it knows it)
  const [, page, roomId, invite] = location.hash.replace(/^#/, '').split('/');
  if ((page === 'table' || page === 'watch') && roomId && isRoomId(roomId)) {
    const handOver = pending?.room.roomId === roomId ? pending : null;
    pending = null;
    leave = showTable(app, roomId, page === 'watch' ? 'watch' : 'play', handOver, invite && isInviteCode(invite) ? invite : undefined, goToTable);
  } else {
    leave = showLobby(app, goToTable);
  }
  window.scrollTo(0, 0);
}

window.addEventListener('hashchange', route);
route();
