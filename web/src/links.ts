/**
 * Links to a table, as the page's routes read them (main.ts): `#/table/<roomId>/<invite code>` plays at a private
 * table, `#/watch/<roomId>` spectates.
 */

/** A private table's invite link (`base`: the page's address before its hash): it seats whoever opens it, as the code does in the lobby. */
export const inviteLink = (base: string, roomId: string, code: string) => `${base}#/table/${roomId}/${code}`;

/**
 * The invite code a seated player is offered to pass on (`invite`, the seat's private entry), '' once nobody could use
 * it: a code seats a new player only before the start, in a free seat. A seat freed again before the start (its player
 * left) brings it back.
 */
export const inviteOnOffer = (invite: string, status: string, seats: readonly { taken: boolean }[]) =>
  status === 'waiting' && seats.some((seat) => !seat.taken) ? invite : '';

/** A table's spectator link: it watches, never takes a seat. */
export const watchLink = (base: string, roomId: string) => `${base}#/watch/${roomId}`;

/**
 * Copies `link` to `clipboard` and gives the notice's words: `copied`, else (no clipboard, as on a page not served
 * over https, or the copy refused) that it was not copied, with the link to copy by hand.
 */
export async function copyLink(link: string, copied: string, clipboard: Pick<Clipboard, 'writeText'> | undefined): Promise<string> {
  try {
    if (!clipboard) throw new Error('no clipboard');
    await clipboard.writeText(link);
    return copied;
  } catch {
    return `The link was not copied. Copy this link: ${link}`;
  }
}
