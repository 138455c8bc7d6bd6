/**
 * The web client (web/): serves its built bundle at `/` and lists the public tables for its lobby.
 *
 * The bundle is built by Vite into dist/web (`npm start` builds it first; the image builds it in its
 * build stage). Run from source this file is src/server/web.ts, built it is dist/src/server/web.js:
 * either way the bundle sits in dist/web at the project root.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { matchMaker } from '@colyseus/core';
import express, { type Application, type Response } from 'express';

const bundle = fileURLToPath(new URL(import.meta.url.endsWith('.js') ? '../../web/' : '../../dist/web/', import.meta.url));

/** Most tables a listing returns (open tables first, then running, then finished; the newest first in each). */
const MAX_LISTED = 100;
/** Most tables one `?ids=` request names. */
const MAX_ASKED = 20;
/**
 * How long a process answers the public listing it last read: every lobby polls it (every 3 s), and reading it
 * loads every table's listing of the deployment from Redis — a request for each poll would cost in proportion
 * to all the tables there are.
 */
const LISTING_FRESH_MS = 1000;

/**
 * Sent with the page and its assets. The page loads its own script and stylesheet only, sets styles through the
 * CSSOM (no inline style), and opens WebSockets to the process holding its room: the address matchmaking names
 * (PUBLIC_ADDRESS), which may be another host than the page's. Nobody frames it (a seat's buttons under another
 * site's), and no URL it leaves for carries its address: a spectator link names its room in the fragment, never sent.
 */
export const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

type Listing = Awaited<ReturnType<typeof matchMaker.query>>[number];

export function mountWeb(app: Application) {
  let publicListing: { at: number; tables: Promise<LobbyEntry[]> } | null = null;
  const listPublic = () => {
    if (!publicListing || Date.now() - publicListing.at > LISTING_FRESH_MS) {
      const tables = matchMaker.query({}).then((listings) => lobbyEntries(listings.filter((l) => !l.private)));
      const read = { at: Date.now(), tables };
      publicListing = read;
      tables.catch(() => publicListing === read && (publicListing = null)); // (Redis away: the next request asks again)
    }
    return publicListing.tables;
  };

  // Open and running public tables: what the lobby offers to join or watch. Private tables never appear.
  // With `?ids=a,b,…` the tables of those ids, private ones included: whoever holds a table's id can join or
  // watch it already; this tells a browser whether its seats are still there and a table has a free seat.
  app.get('/api/tables', async (req, res) => {
    const ids = req.query.ids;
    const asked = typeof ids === 'string' ? new Set(ids.split(',').filter((id) => id.length > 0 && id.length <= 64)) : null;
    if ((ids !== undefined && !asked) || (asked && asked.size > MAX_ASKED)) {
      res.status(400).json({ code: 'core/bad-request', message: `ids: one comma-separated list of at most ${MAX_ASKED} table ids.` });
      return;
    }
    const tables = asked ? lobbyEntries([...(await matchMaker.findRoomsByIds([...asked])).values()]) : await listPublic();
    res.set('cache-control', 'no-store').json(tables);
  });

  if (!existsSync(`${bundle}index.html`)) {
    app.get('/', (_req, res) => {
      res.status(503).set(PAGE_HEADERS).type('text').send('The web client is not built: run `npm run build:web` (npm start does it for you).');
    });
    return;
  }
  // Hashed asset names never change content: cache them for good; index.html is always revalidated.
  const setHeaders = (res: Response) => res.set(PAGE_HEADERS);
  app.use('/assets', express.static(`${bundle}assets`, { immutable: true, maxAge: '1y', index: false, setHeaders }));
  app.use(express.static(bundle, { index: 'index.html', maxAge: 0, setHeaders }));
}

/**
 * What the lobby is told of these tables: a table a player may join first, then running ones, then finished ones,
 * the newest first in each, at most MAX_LISTED (the 100 newest of any kind were finished tables a client could
 * keep open in numbers, hiding the tables that wait for players).
 */
function lobbyEntries(listings: Listing[]) {
  return listings
    .filter((l) => typeof l.metadata?.game === 'string')
    .map((l) => ({ entry: describe(l), createdAt: l.createdAt ? new Date(l.createdAt as unknown as string).getTime() || 0 : 0 }))
    .sort((a, b) => rank(a.entry) - rank(b.entry) || b.createdAt - a.createdAt)
    .slice(0, MAX_LISTED)
    .map(({ entry }) => entry);
}

type LobbyEntry = ReturnType<typeof describe>;

/** What the lobby is told of a table. */
function describe(l: Listing) {
  return {
    roomId: l.roomId,
    game: l.metadata.game as string,
    seats: Number(l.metadata.seats) || 0,
    clients: l.clients,
    // A table locks when no seat is left for a new player: at its start, or before it when every free seat
    // is promised or its players filled it with bots (then it waits for them, not started).
    open: !l.locked,
    // (A listing of an earlier version's process has no `started`: a locked table was then a running one.)
    started: typeof l.metadata.started === 'boolean' ? l.metadata.started : l.locked === true,
    over: l.metadata.over === true,
    // The seats that must act now (a "your turn" for whoever holds one), as last written (at most once a second).
    acting: Array.isArray(l.metadata.acting) ? (l.metadata.acting as unknown[]).filter((s): s is number => Number.isInteger(s)) : [],
    // True only in answers by id (the public list has no private table): a page opened by a private table's id
    // without its code watches it without asking for a seat it would be refused.
    private: l.private === true,
  };
}

/** Open tables, then running ones, then finished ones. */
const rank = (t: LobbyEntry) => (t.open ? 0 : t.over ? 2 : 1);
