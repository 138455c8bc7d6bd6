/**
 * `GET /api/invites/:code`: a private table's invite code → its room. The codes live in one presence hash
 * (`INVITES_KEY`), written by the table (rooms/seats.ts), put back after a Redis loss (redis-restore.ts) and
 * removed when the table closes. A process that dies takes no code away, and Redis before 7.4 cannot expire
 * a hash field: a code whose table is on no live process is checked here, and removed once its table is
 * gone for good. A table on its way back (its game taken over by a peer, or put back after a Redis restart)
 * keeps its code: the peer publishes it again once it has the game. Codes nobody looks up again are found by each
 * process's sweep (at start, then hourly).
 */
import { matchMaker } from '@colyseus/core';
import { INVITES_KEY, roomSettings } from '../../rooms/settings.ts';
import { STORE_COMING_BACK, STORE_UNREACHABLE, TABLE_MOVING, type Refusal } from './guest-seat.ts';
import { LISTINGS_KEY, OTHERS_TABLE } from './game-store.ts';
import { heldByAProcess } from './scaling.ts';

// KEYS: invites, live games · ARGV: code, the value read, its room id → 'gone' (removed), 'live' (kept: its game
// runs or is being taken over), 'changed' (another value now). One script: a peer that takes the game over
// (claiming it live first) publishes the same value again, which a check before a plain HDEL would remove.
const DROP_IF_GONE = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 'changed' end
if redis.call('SISMEMBER', KEYS[2], ARGV[3]) == 1 then return 'live' end
redis.call('HDEL', KEYS[1], ARGV[1])
return 'gone'`;

// KEYS: invites, the table's game, listings · ARGV: code, the table's value, room id, this process  → 1 removed; 0
// kept: another value (a new table took the code once it was free) or the table is another process's. A copy that
// stalled while a peer took its game over and published the same value again, and whose table closed as it woke
// (its last clients left before a beat fenced it), would otherwise remove the peer's code.
const DROP_OWN = `${OTHERS_TABLE}
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] or othersTable(KEYS[2], KEYS[3], ARGV[3], ARGV[4]) then return 0 end
return redis.call('HDEL', KEYS[1], ARGV[1])`;

/**
 * A closing table's code, `value` as the table published it, removed unless it is no longer this table's or the
 * table is another process's (OTHERS_TABLE). Without Redis, removed.
 */
export async function withdrawInvite(code: string, value: string, roomId: string): Promise<void> {
  const store = roomSettings.store;
  if (!store) return void (await matchMaker.presence.hdel(INVITES_KEY, code));
  await store.redis.eval(DROP_OWN, 3, INVITES_KEY, store.keys.game(roomId), LISTINGS_KEY, code, value, roomId, store.options.processId);
}

export type InviteAnswer = { status: 200; table: { roomId: string; game: string } } | Refusal;

const unknown: Refusal = { status: 404, code: 'core/unknown-invite', message: 'No open table has this invite code.' };

/** `asked`: the code as the client sent it, in any letter case; looked up only when it is 4–16 letters and digits. */
export async function lookUpInvite(asked: string): Promise<InviteAnswer> {
  const code = asked.toUpperCase();
  if (!/^[A-Z0-9]{4,16}$/.test(code)) return unknown;
  try {
    // Twice at most: a value changed since it was read (a new table took the code once it was free) is read again.
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await matchMaker.presence.hget(INVITES_KEY, code);
      if (!found) return unknown;
      const answer = await answerFound(code, found);
      if (answer !== 'changed') return answer;
    }
    return unknown;
  } catch {
    return STORE_UNREACHABLE;
  }
}

/** What a code the hash holds (`found`, its value) answers; its table gone for good, the code is removed. */
async function answerFound(code: string, found: string): Promise<InviteAnswer | 'changed'> {
  const table = JSON.parse(found) as { roomId: string; game: string };
  const store = roomSettings.store;
  // Without Redis the codes die with their process.
  if (!store) return { status: 200, table };
  const room = await matchMaker.getRoomById(table.roomId);
  if (room && (room.processId === matchMaker.processId || ((await store.isAlive(room.processId)) && (await heldByAProcess(room.roomId))))) return { status: 200, table };
  // No table on a live process (its heartbeat lapsed, or nobody listens on the table's channel: killed). As for seat
  // tokens (guest-seat.ts): its game listed live is on its way back (handed over or orphaned, a peer takes it within a
  // few beats), and just after Redis came back its process may not have put the table back yet. Otherwise the table is gone: finished, or given up.
  if (store.settling) return (await store.isLive(table.roomId)) ? TABLE_MOVING : STORE_COMING_BACK;
  const outcome = await store.redis.eval(DROP_IF_GONE, 2, INVITES_KEY, store.keys.live, code, found, table.roomId);
  if (outcome === 'live') return TABLE_MOVING;
  if (outcome === 'gone') return unknown;
  return 'changed';
}

/** How often each process goes through every invite code (sweepInvites). */
export const INVITE_SWEEP_MS = 60 * 60 * 1000;

/**
 * Goes through every code as a look-up would, removing those whose table is gone for good: a code nobody looks up
 * again (its players moved on) would otherwise stay for good. Nothing while Redis is away or has just come back
 * (tables may not be put back yet): null then, when it went through none. Returns how many codes it removed.
 */
export async function sweepInvites(): Promise<number | null> {
  const store = roomSettings.store;
  if (!store || store.away || store.settling) return null;
  let removed = 0;
  let cursor = '0';
  do {
    const [next, entries] = await store.redis.hscan(INVITES_KEY, cursor, 'COUNT', 100);
    cursor = next;
    for (let i = 0; i + 1 < entries.length; i += 2) {
      if (store.away || store.settling) return removed; // (the next sweep goes on)
      const answer = await answerFound(entries[i]!, entries[i + 1]!).catch(() => null); // (a value that does not parse stays, as at a look-up)
      if (answer === unknown) removed++;
    }
  } while (cursor !== '0');
  return removed;
}
