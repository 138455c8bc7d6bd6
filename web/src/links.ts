/**
 * Links to a table, as the page's routes read them (main.ts): `#/table/<roomId>/<invite code>` plays at a private
 * table, `#/watch/<roomId>` spectates.
 */

/** A private table's invite link (`base`: the page's address before its hash): it seats whoever opens it, as the code does in the lobby. */
export const inviteLink = (base: string, roomId: string, code: string) => `${base}#/table/${roomId}/${code}`;

/** A table's spectator link: it watches, never takes a seat. */
export const watchLink = (base: string, roomId: string) => `${base}#/watch/${roomId}`;
