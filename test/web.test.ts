/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The web client in Chromium: for every game a page creates a table in the lobby and plays a whole game
 * against bots by clicking the UI only (board parts, the chooser, the move list); Ready Set Bet with three
 * pages betting at one table at once; a Tractor friend call that no listed move names; a reload keeps the
 * seat; a spectator link shows the board; "play now" and the lobby's table list; the keyboard; the move
 * panel, Tractor's hand and a refusal on a phone; the turn clock; a page following its seat through a server crash (its own Redis, two
 * processes and the nginx front); no console errors anywhere. One browser and one server process for the
 * rest, the games running side by side.
 *
 * Needs Debian's `chromium` (.ci/run installs it), `redis-server` and `nginx`; the suite fails loudly without them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { spawnServer, type ServerProcess } from './helpers/process.ts';
import { freePort } from './helpers/ports.ts';
import { startProxy } from './helpers/proxy.ts';
import { startRedis } from './helpers/redis.ts';
import { Redis } from 'ioredis';
import { Client } from '@colyseus/sdk';
import { adopt, joinAsSpectator, legalMoves, state, type Player } from './helpers/clients.ts';
import { sleep, waitFor } from './helpers/ports.ts';

const CHROMIUM = '/usr/bin/chromium';

let server: ServerProcess;
let browser: Browser;
const consoleProblems: string[] = [];

beforeAll(async () => {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts'], { stdio: 'ignore' });
  [server, browser] = await Promise.all([
    spawnServer({ BOT_DELAY_MS: '0', RECONNECT_SECONDS: '10' }), // bots at the next patch: whole games within the tests' time on two cores
    chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(width = 1280, touch = false): Promise<Page> {
  // A touch screen's page: a phone's window, taps, and the coarse pointer of a fingertip.
  const page = await browser.newPage(touch ? { viewport: { width, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleProblems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleProblems.push(`page error: ${e.message}`));
  return page;
}

/** Fills the lobby's create form for `game` (tab by name) and creates the table; returns its room id. */
type LobbyForm = { seats: number; bots?: number; private?: boolean; turnSeconds?: number; options?: Record<string, unknown> };

/** Opens the lobby and fills the create form for `game` (tab by name). */
async function fillLobbyForm(page: Page, gameName: string, form: LobbyForm) {
  await page.goto(`${server.http}/`);
  await page.getByRole('tab', { name: gameName }).click();
  await page.locator('input[name=seats]').fill(String(form.seats));
  if (form.bots !== undefined) await page.locator('input[name=bots]').fill(String(form.bots));
  if (form.turnSeconds) await page.locator('input[name=turnSeconds]').fill(String(form.turnSeconds));
  if (form.private) await page.locator('input[name=private]').check();
  await page.locator('details.options summary').click();
  for (const [name, value] of Object.entries(form.options ?? {})) {
    const field = page.locator(`form.create [name=${name}]`);
    // A choice is found by its value (each option carries it as JSON), whether it reads in words ("host seat") or by its title.
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
      const option = await field.evaluate((el, json) => [...(el as HTMLSelectElement).options].find((o) => o.dataset.value === json)?.value, JSON.stringify(value));
      if (option === undefined) throw new Error(`${gameName}'s form has no ${name} choice ${JSON.stringify(value)}`);
      await field.selectOption(option);
    } else if ((await field.getAttribute('type')) === 'checkbox') await field.setChecked(Boolean(value));
    else await field.fill(String(value));
  }
}

/** Creates a table from the lobby's form; returns its room id once the board shows. */
async function createInLobby(page: Page, gameName: string, form: LobbyForm) {
  await fillLobbyForm(page, gameName, form);
  await page.locator('[data-action=create]').click();
  await page.waitForURL(/#\/table\//);
  await page.locator('.board > *').first().waitFor();
  return page.url().split('#/table/')[1]!;
}

/** Presses `key` until the focused element matches `selector` (at most `limit` presses); fails otherwise. */
async function pressUntilFocused(page: Page, key: string, selector: string, limit = 250) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return page.evaluate(() => (document.activeElement as HTMLElement).dataset.key ?? '');
  }
  throw new Error(`${key} never reached ${selector}`);
}

/** Your cards are in the window without scrolling (at the page's top): the whole hand, and a board above them not shrunk to a stamp. */
const cardsInView = (page: Page) =>
  page.evaluate(() => {
    const hand = document.querySelector('.board .hand')!.getBoundingClientRect();
    const board = document.querySelector('.board svg')!.getBoundingClientRect();
    return window.scrollY === 0 && hand.bottom <= window.innerHeight && board.height >= 500;
  });

/**
 * The smallest number a round board shows for a space or home hole (CSS pixels of font, as drawn); Infinity when
 * none shows. Marbles' numbers are not counted: a marble is as small as its space.
 */
const smallestSpaceNumber = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector<SVGSVGElement>('.board svg')!;
    const box = svg.getBoundingClientRect();
    const scale = Math.min(box.width / svg.viewBox.baseVal.width, box.height / svg.viewBox.baseVal.height); // drawn to fit, centred
    const shown = [...svg.querySelectorAll('text:not(.marble-no)')].filter((t) => /^\d+$/.test(t.textContent ?? '') && getComputedStyle(t).display !== 'none');
    return Math.min(...shown.map((t) => Number(t.getAttribute('font-size')) * scale));
  });

/** Seconds left on a turn clock text `m:ss`. */
const clockSeconds = (text: string | null) => {
  const [m, s] = (text ?? '').split(':').map(Number);
  return m! * 60 + s!;
};

/**
 * Tractor, burying: cards chosen are offered as the selection's move alone (once complete), never as a listed bury
 * holding them (a sample with cards never chosen). Leaves the cards chosen.
 */
async function chooseWithoutSamples(page: Page, count: number) {
  // Cards of the first listed bury: the sample that was offered for them.
  const bury = JSON.parse((await page.locator(`.all-moves .move[data-move^='{"type":"bury"']`).first().getAttribute('data-move'))!) as { cards: string[] };
  const faces = [...new Set(bury.cards)].slice(0, count);
  for (const [i, face] of faces.entries()) {
    await page.locator(`.board .hand [data-key="card:${face}"]`).click();
    await page.locator('.controls .compose p', { hasText: `(${i + 1} chosen)` }).waitFor({ timeout: 5000 });
    if ((await page.locator('.controls .chooser').count()) !== 0) throw new Error(`a listed move offered for ${i + 1} cards chosen: ${await page.locator('.controls .chooser').textContent()}`);
  }
}

/**
 * Plays the page's seat to the end by clicking, inside the page (one round trip for the whole game):
 * the chooser's first entry when it is open; otherwise every other turn a random highlighted board part
 * (card, marble, space…), else the first entry of the "all legal moves" list. After each click it waits
 * for the move to be answered and the page redrawn, so it never floods the server with stale moves.
 */
async function playToTheEnd(page: Page, timeoutMs: number) {
  const outcome = await page.evaluate(async (timeoutMs) => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const app = document.getElementById('app')!;
    const counts = { board: 0, chooser: 0, list: 0 };
    const until = Date.now() + timeoutMs;
    let turn = 0;
    const settle = async (frame: string | undefined) => {
      const limit = Date.now() + 2000;
      while (Date.now() < limit && (app.dataset.inflight !== '0' || app.dataset.frame === frame)) await sleep(10);
    };
    while (!document.querySelector('[data-seed]')) {
      if (Date.now() > until) return { counts, timedOut: true };
      const frame = app.dataset.frame;
      const chooser = document.querySelector<HTMLElement>('.chooser .move');
      const list = document.querySelector<HTMLElement>('.all-moves .move');
      const parts = [...document.querySelectorAll<HTMLElement>('.board [data-key].can')];
      if (chooser) {
        chooser.click();
        counts.chooser++;
      } else if (list && parts.length && turn++ % 2 === 0) {
        const part = parts[Math.floor(Math.random() * parts.length)]!;
        const r = part.getBoundingClientRect();
        part.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 }));
        counts.board++;
      } else if (list) {
        list.click();
        counts.list++;
      } else {
        await sleep(20);
        continue;
      }
      await settle(frame);
    }
    return { counts, timedOut: false };
  }, timeoutMs);
  if (outcome.timedOut) throw new Error(`game not over in time: ${JSON.stringify(outcome.counts)}`);
  return outcome.counts;
}

/**
 * A client at the table that never declares and plays the first listed card whenever it is its turn to
 * play (Tractor): the page's seat, the only one to declare, becomes the starter.
 */
async function playCardsOnly(player: Player, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (state(player).status !== 'over' && player.room.connection.isOpen) {
    if (Date.now() > until) throw new Error(`seat ${player.seat}: the game did not end in time`);
    const [move] = state(player).table?.phase === 'playing' ? legalMoves(player) : [];
    if (!move) {
      await sleep(10);
      continue;
    }
    // A refusal means the list was stale: wait for the next patch (and stay under the message rate limit).
    const accepted = await player.room.request('move', move).then(() => true, () => false);
    await sleep(accepted ? 40 : 60);
  }
}

/**
 * A Ready Set Bet seat that never bets: between races it says it is ready and keeps the first VIP card offered, as a
 * player does, so the game waits on it no longer than on the others (not the draft's whole timeout each race).
 */
async function readyBetweenRaces(player: Player, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (state(player).status !== 'over' && player.room.connection.isOpen) {
    if (Date.now() > until) throw new Error(`seat ${player.seat}: the game did not end in time`);
    const move = legalMoves(player).find((m) => m.type === 'ready' || m.type === 'keepVip');
    if (!move) {
      await sleep(20);
      continue;
    }
    // The state after the move (or where the table stood when it refused) before the next look: no move twice.
    const at = (await player.room.request('move', { ...move, expectSeq: state(player).seq }).catch((e) => e.reason)) as { seq?: number } | undefined;
    await waitFor(() => state(player).seq >= (at?.seq ?? 0) || state(player).status === 'over', 10_000, 'the state after the move');
  }
}

/**
 * Presses the first move of the list of all legal moves once one is there and none is in flight, then waits for the
 * page's next frame. Found and pressed in one task: between a wait and a click of their own, a redraw could take the
 * button away.
 */
async function sendFirstListedMove(page: Page) {
  const pressed = await page.waitForFunction(
    () => {
      const app = document.querySelector('#app')!;
      const button = document.querySelector<HTMLButtonElement>('.all-moves .move');
      if (!button || app.getAttribute('data-inflight') !== '0') return null;
      const frame = app.getAttribute('data-frame') ?? '';
      button.click();
      return { frame };
    },
    undefined,
    { timeout: 30_000 },
  );
  const { frame } = (await pressed.jsonValue())!;
  await page.waitForFunction((f) => document.querySelector('#app')!.getAttribute('data-frame') !== f, frame);
}

async function expectFinished(page: Page) {
  expect(await page.locator('.result table.standings tbody tr').count()).toBeGreaterThan(0);
  expect(await page.locator('.board').textContent()).not.toMatch(/ to play\b|'s turn\b/); // no turn shown once it is over
  const seed = await page.locator('[data-seed]').getAttribute('data-seed');
  expect(seed).toMatch(/^[0-9a-f]{32}$/);
}

describe('web client', () => {
  it.concurrent('Tractor: a whole hand against three bots, then the game verifies', async () => {
    const page = await newPage();
    const roomId = await createInLobby(page, 'Tractor (Shengji)', { seats: 4, bots: 3, options: { handLimit: 1, dealDelayMs: 0, declareWindowMs: 300, handEndDelayMs: 0 } });
    // A player on a short window scrolled down to the cards.
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.locator('.hand [data-key]').first().waitFor();
    expect(await page.evaluate(() => (window.scrollTo(0, document.body.scrollHeight), window.scrollY))).toBeGreaterThan(0);
    const counts = await playToTheEnd(page, 140_000);
    expect(counts.board).toBeGreaterThan(0);
    await expectFinished(page);
    // The game ended out of sight: the page brought its result into view (its top within a pixel of the window's:
    // scrolled as far as the page goes, a layout's fraction of a pixel can stay above it).
    await page.waitForFunction(() => {
      const r = document.querySelector('.result')!.getBoundingClientRect();
      return r.top > -1 && r.top < window.innerHeight;
    }, undefined, { timeout: 3000 });
    // The standings say each seat's level, not the outcome's number for it.
    const scores = await page.locator('.result table.standings tbody tr td:nth-child(3)').allTextContents();
    expect(scores.length).toBe(4);
    for (const score of scores) expect(score).toMatch(/^level (\d+|[JQKA])/);
    await page.locator('[data-action=verify]').click();
    await page.locator('.verdict.good').waitFor({ timeout: 20_000 });
    // The result lies beside the board, not above it: the board stayed where it was as the game ended.
    await page.setViewportSize({ width: 1280, height: 800 });
    const [result, board] = await Promise.all(['.result', '.board'].map((s) => page.locator(s).boundingBox()));
    expect(result!.x).toBeGreaterThanOrEqual(board!.x + board!.width);
    // The way on: back to the lobby, or a new table of the same game asked for with the same options as this one.
    expect(await page.locator('.result a', { hasText: 'Back to lobby' }).getAttribute('href')).toBe('#/');
    const asked = page.waitForRequest((r) => r.method() === 'POST' && /\/matchmake\/create\/tractor$/.test(new URL(r.url()).pathname));
    await page.locator('.result [data-action=new-table]', { hasText: 'New table like this' }).click();
    expect((await asked).postDataJSON()).toMatchObject({ seats: 4, bots: 3, options: { handLimit: 1, dealDelayMs: 0, declareWindowMs: 300, handEndDelayMs: 0 }, private: false });
    await page.waitForURL((url) => url.hash.startsWith('#/table/') && !url.hash.includes(roomId));
    await page.locator('.board > *').first().waitFor();
    expect(await page.locator('.seat .tag', { hasText: 'bot' }).count()).toBe(3);
    await page.close();
  }, 150_000);

  it.concurrent('Fast Track: a whole game against a bot; a reload keeps the seat', async () => {
    const page = await newPage();
    const roomId = await createInLobby(page, 'Fast Track', { seats: 2, bots: 1, options: { coloursPerPlayer: 1 } });
    // A desktop of 1280×800: the board and your cards under it are in the window together, no scrolling.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('.hand [data-key]').first().waitFor();
    expect(await cardsInView(page)).toBe(true);
    for (let i = 0; i < 3; i++) {
      await page.locator('.all-moves summary').waitFor();
      if (!(await page.locator('.all-moves[open]').count())) await page.locator('.all-moves summary').click();
      await page.locator('.all-moves .move').first().click({ timeout: 2000 }).catch(() => undefined);
      await page.waitForTimeout(150);
    }
    // Marbles carry their colour's initial and the number the moves call them by ("R2": red 2), and no move names a marble by its id.
    const marks = await page.locator('.board svg text.marble-no').allTextContents();
    for (const n of [1, 2, 3, 4]) expect(marks).toContainEqual(expect.stringMatching(new RegExp(`^[RBGYPO]${n}$`)));
    expect(await page.locator('.board svg text.marble-no').count()).toBe(8);
    expect(await page.locator('.board .legend').textContent()).toContain('home holes');
    for (const text of await page.locator('.all-moves .move').allTextContents()) expect(text).not.toMatch(/\b[a-z]+-\d\b/);
    const seatBefore = await page.locator('.seat.me').getAttribute('data-seat');
    const token = await page.evaluate((id) => localStorage.getItem(`parlor.seat.${id}`), roomId);
    expect(token).toBeTruthy();
    const logBefore = await page.locator('.log li').allTextContents();
    expect(logBefore.length).toBeGreaterThan(0);
    // The tab keeps its log for a reload to its newest line as the page goes (written a while after each change, and then).
    const kept = await page.evaluate((id) => {
      const shown = document.querySelector('.log li:last-child')?.textContent;
      window.dispatchEvent(new PageTransitionEvent('pagehide'));
      return { shown, saved: (JSON.parse(sessionStorage.getItem(`parlor.log.${id}`) ?? '[]') as { text: string }[]).map((line) => line.text) };
    }, roomId);
    expect(kept.saved).toContain(kept.shown);
    await page.reload();
    await page.locator('.seat.me').waitFor();
    expect(await page.locator('.seat.me').getAttribute('data-seat')).toBe(seatBefore);
    // The log is the tab's: what happened before the reload is still there.
    expect(await page.locator('.log li').allTextContents()).toContain(logBefore.at(-1));
    expect(await page.locator('.pill', { hasText: 'spectating' }).count()).toBe(0);
    const counts = await playToTheEnd(page, 140_000);
    expect(counts.board).toBeGreaterThan(0);
    await expectFinished(page);
    await page.close();
  }, 150_000);

  it.concurrent("the page under its Content-Security-Policy: no violation while a table opens and moves are played, the script's styles applied, a name in markup shown as text, a link's id that is no table's not followed", async ({ expect }) => {
    const page = await newPage();
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    // A link whose table id is a path opens the lobby: the page asked /matchmake/ and /api/seat with `..`.
    await page.goto(`${server.http}/#/watch/..`);
    await page.locator('form.create').waitFor();
    const name = '<img src=x onerror=alert(1)>';
    await fillLobbyForm(page, 'Fast Track', { seats: 2, bots: 1, options: { coloursPerPlayer: 1 } });
    await page.locator('#player-name').fill(name);
    await page.locator('[data-action=create]').click();
    await page.locator('.board > *').first().waitFor();
    for (let i = 0; i < 3; i++) {
      await page.locator('.all-moves summary').waitFor();
      if (!(await page.locator('.all-moves[open]').count())) await page.locator('.all-moves summary').click();
      await page.locator('.all-moves .move').first().click({ timeout: 2000 }).catch(() => undefined);
      await page.waitForTimeout(150);
    }
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(await page.locator('.seat.me .dot').first().evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // Not by colour alone: the seat's dot shows its marbles' initial, as they do ("R" of R1–R4).
    const initial = await page.locator('.seat.me .dot').first().textContent();
    expect(initial).toMatch(/^[RBGYPO]$/);
    expect(await page.locator('.board .marble-no').filter({ hasText: new RegExp(`^${initial}[1-4]$`) }).count()).toBe(4);
    expect(await page.locator('.seat.me .seat-name').textContent()).toBe(`${name} (you)`);
    expect(await page.locator('.seats img').count()).toBe(0);
    await page.close();
  });

  it.concurrent("a table's page asks for the server's clock again (GET /health) every five minutes, and not before: it asks nothing else over HTTP", async ({ expect }) => {
    const page = await newPage();
    await page.clock.install();
    const asked: number[] = [];
    page.on('request', (r) => void (new URL(r.url()).pathname === '/health' && asked.push(Date.now())));
    await createInLobby(page, 'Fast Track', { seats: 2, bots: 0 }); // a table waiting for a player: nothing else runs
    await page.clock.fastForward('04:50');
    await page.waitForTimeout(300);
    expect(asked).toHaveLength(0);
    await page.clock.fastForward('00:20');
    await expect.poll(() => asked.length).toBe(1);
    await page.clock.fastForward('05:00');
    await expect.poll(() => asked.length).toBe(2);
    await page.close();
  });

  it.concurrent('the move panel stays the same elements while a redraw changes nothing in it, and a kept button still sends its move', async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'Fast Track', { seats: 2, bots: 1, options: { coloursPerPlayer: 1 } });
    // The player's turn: the move list opened, focus on its first move.
    await page.locator('.controls .status.mine').waitFor({ timeout: 20_000 });
    await page.locator('.all-moves summary').click();
    const first = page.locator('.all-moves .move').first();
    await first.focus();
    await page.evaluate(() => {
      const kept = window as unknown as { panel: Element[]; button: Element | null; sends: number; picture: Element | null };
      kept.panel = [...document.querySelector('.controls')!.querySelectorAll('*')];
      kept.picture = document.querySelector('.board svg');
      kept.button = document.activeElement;
      kept.sends = 0;
      new MutationObserver(() => void (document.getElementById('app')!.dataset.inflight !== '0' && kept.sends++)).observe(document.getElementById('app')!, { attributeFilter: ['data-inflight'] });
    });
    // A narrower window redraws the page, and nothing in the panel changes: its elements stay, the focused button too.
    const frame = await page.locator('#app').getAttribute('data-frame');
    await page.setViewportSize({ width: 1200, height: 900 });
    await expect.poll(() => page.locator('#app').getAttribute('data-frame'), { timeout: 3000 }).not.toBe(frame);
    expect(
      await page.evaluate(() => {
        const kept = window as unknown as { panel: Element[]; button: Element | null };
        const now = [...document.querySelector('.controls')!.querySelectorAll('*')];
        return { same: now.length === kept.panel.length && now.every((el, i) => el === kept.panel[i]), focused: document.activeElement === kept.button };
      }),
    ).toEqual({ same: true, focused: true });
    // Enter on the kept button sends the move it shows, and the turn passes.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => (window as unknown as { sends: number }).sends), { timeout: 3000 }).toBe(1);
    expect(await page.locator('.notice.bad').count()).toBe(0);
    // The board brought up to date where the move changed it (once the state shows the move): its picture is the same
    // element, not drawn anew.
    await expect.poll(() => page.locator('.controls').getAttribute('aria-busy'), { timeout: 5000 }).toBe('false');
    expect(await page.evaluate(() => document.querySelector('.board svg') === (window as unknown as { picture: Element | null }).picture)).toBe(true);
    await page.close();
  }, 60_000);

  it.concurrent('TAC: a whole game with three bots', async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'TAC', { seats: 4, bots: 3, options: { dealDelayMs: 0 } });
    // Numbered marbles, a legend for the board's marks, and cards keyed by the hand they are in.
    await page.locator('.hand [data-key]').first().waitFor();
    // On a desktop of 1280×800 the cards are in the window under the board.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => cardsInView(page)).toBe(true);
    expect(await page.locator('.board svg text.marble-no').count()).toBe(16);
    expect(await page.locator('.board .legend').textContent()).toContain('home fields count 1–4');
    for (const key of await page.locator('.hand [data-key]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.key))) expect(key).toMatch(/^card:\d:/);
    // The round opens with the exchange: a card picked is offered to give to the partner, not to play.
    await page.locator('.board .hand [data-key].can').first().click();
    await expect.poll(() => page.locator('.controls .chooser p').first().textContent(), { timeout: 5000 }).toMatch(/^Give it to your partner\?/);
    const counts = await playToTheEnd(page, 140_000);
    expect(counts.board).toBeGreaterThan(0);
    await expectFinished(page);
    await page.close();
  }, 150_000);

  it.concurrent('Great Western Trail: a whole game against a bot', async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'Great Western Trail', { seats: 2, bots: 1 });
    // The board speaks the game's words: objective cards by what they ask and score, hazards by kind, no codes.
    await page.locator('.board .chip.objective').first().waitFor({ timeout: 5000 });
    const words = (await page.locator('.board').textContent()) ?? '';
    expect(words).toMatch(/\d (own buildings?|stations?|(green|blue) teepees?|hazards?|cattle cards? of value \d)\b[^→]* → \d VP/);
    expect(words).toMatch(/\b(flood|drought|rockfall), (green|black) hand, \d VP|\b(green|blue) teepee\b/);
    expect(words).not.toMatch(/START_|GAIN2_|DRAW_|ENGINE_|MOVE_|AUX_SF|\b(flood|drought|rockfall)-[gb]\d|\b(cert|step|hand)\d\b/);
    expect(await page.locator('.gwt > p').first().textContent()).toMatch(/(^Your|'s) turn · (moving|acting at a location|in Kansas City)/); // the view's words for the phase
    // A turn's actions and steps are buttons on the board, not only entries of the move list: play from the
    // list until one shows (the first turn places the cattleman).
    const actionButton = page.locator('.gwt-actions [data-key].can');
    for (let i = 0; i < 40 && !(await actionButton.count()); i++) {
      const listed = page.locator('.all-moves .move').first();
      if (await listed.count()) await listed.dispatchEvent('click');
      await page.waitForTimeout(250);
    }
    const frame = await page.locator('#app').getAttribute('data-frame');
    await actionButton.first().click();
    if (await page.locator('.chooser .move').count()) await page.locator('.chooser .move').first().click();
    await expect.poll(() => page.locator('#app').getAttribute('data-frame'), { timeout: 5000 }).not.toBe(frame);
    await expect.poll(() => page.locator('#app').getAttribute('data-inflight'), { timeout: 5000 }).toBe('0');
    expect(await page.locator('.notice.bad').count()).toBe(0);
    const counts = await playToTheEnd(page, 140_000);
    expect(counts.board).toBeGreaterThan(0);
    await expectFinished(page);
    // The final scoring by category, as the outcome's breakdown gives it.
    await page.locator('.gwt-score').waitFor({ timeout: 5000 });
    expect(await page.locator('.gwt-score tbody tr').count()).toBe(11);
    expect(await page.locator('.gwt-score tbody th').allTextContents()).toContain('Objective cards');
    // Under it, how each objective card counted: every player began with one, so both are there.
    const counted = await page.locator('.gwt-objective-scoring li').allTextContents();
    expect(counted.filter((line) => line.includes(' — starting objective, '))).toHaveLength(2);
    for (const line of counted) expect(line).toMatch(/ — ((not )?played|starting objective), (met: \+\d+ VP|not met: (−\d+ VP|no penalty|left out, no penalty))/);
    await page.close();
  }, 150_000);

  it.concurrent("Tractor's deal: nobody's turn while the cards are dealt, no empty trumps row, and a page drawn late logs no card dealt", async ({ expect }) => {
    const page = await newPage();
    // A card a second: the first frame comes before the page's first card.
    const roomId = await createInLobby(page, 'Tractor (Shengji)', { seats: 4, bots: 3, options: { handLimit: 1, dealDelayMs: 1000 } });
    const seen = await page.evaluate(() => ({
      phase: /· (\w+)/.exec(document.querySelector('.tractor p')?.textContent ?? '')?.[1],
      turns: document.querySelectorAll('.seat .tag.turn').length,
      titles: [...document.querySelectorAll('.board .section-title')].map((e) => e.textContent),
      trumps: document.querySelectorAll('.board .hand[aria-label=Trumps] [data-key]').length,
    }));
    expect(seen.phase).toBe('dealing');
    expect(seen.turns).toBe(0); // every seat is listed as it may declare: nobody's turn
    if (seen.trumps === 0) expect(seen.titles).not.toContain('Trumps'); // no heading over an empty row
    // A tab in the background draws nothing (no animation frames) until it is shown, yet logs what happens meanwhile.
    const watcher = await newPage();
    await watcher.addInitScript(() => {
      const held: FrameRequestCallback[] = [];
      const frame = window.requestAnimationFrame.bind(window);
      let shown = false;
      window.requestAnimationFrame = (cb) => (shown ? frame(cb) : (held.push(cb), 0));
      (window as unknown as { show: () => void }).show = () => {
        shown = true;
        for (const cb of held.splice(0)) frame(cb);
      };
    });
    await watcher.goto(`${server.http}/#/watch/${roomId}`);
    await watcher.waitForTimeout(3500); // three cards or so dealt out of sight
    await watcher.evaluate(() => (window as unknown as { show: () => void }).show());
    await watcher.locator('.board .tractor').waitFor();
    expect((await watcher.locator('.log li').allTextContents()).filter((line) => /dealt/.test(line))).toEqual([]);
    await Promise.all([page.close(), watcher.close()]);
  }, 60_000);

  it.concurrent('Ready Set Bet: three pages bet at once at one table and see each other’s tokens; a spectator watches', async () => {
    const pages = await Promise.all([newPage(), newPage(390), newPage()]);
    const roomId = await createInLobby(pages[0]!, 'Ready Set Bet', {
      seats: 4,
      bots: 0,
      private: true,
      // The first roll waits until all three have bet and seen each other's tokens, even on a busy machine: its 5 s
      // count from the game's start, which the fourth seat makes once the three pages show the table (below).
      options: { startDelayMs: 5000, rollIntervalMs: 40, resultsPauseMs: 300, draftTimeoutMs: 3000 },
    });
    const code = await pages[0]!.locator('[data-invite]').getAttribute('data-invite');
    expect(code).toMatch(/^[A-Z0-9]{4,12}$/);
    // The friends join by typing the invite code in their lobby.
    await Promise.all(
      pages.slice(1).map(async (p) => {
        await p.goto(`${server.http}/`);
        await p.locator('#invite-code').fill(code!);
        await p.getByRole('button', { name: 'Join by code' }).click();
        await p.waitForURL(new RegExp(`#/table/${roomId}`));
      }),
    );
    const seatsOf = await Promise.all(pages.map((p) => p.locator('.seat.me').getAttribute('data-seat')));
    expect(new Set(seatsOf).size).toBe(3);
    // The fourth seat, a client that never bets, starts the game once every page shows the table: the pages' joins,
    // on a busy machine, took more than the first roll's 5 s when a bot's seat started it at the third join (the race
    // run and the next one begun, the bets were off the board before every page had seen them all).
    await Promise.all(pages.map((p) => p.locator('.board > *').first().waitFor()));
    const fourth = await adopt(await new Client(server.ws).joinById(roomId, { invite: code! }));
    const fourthDone = readyBetweenRaces(fourth, 100_000);
    fourthDone.catch(() => undefined); // awaited below; a failure before that must not go unhandled
    // On the phone each bettor's tokens and notes get the table's whole width (four columns cramped them into a few words a line).
    await pages[1]!.locator('.board table.bettors tr').first().waitFor();
    const tokensShare = await pages[1]!.evaluate(() => {
      const row = document.querySelector('.board table.bettors tr')!; // in one step: the board redraws
      return row.children[2]!.getBoundingClientRect().width / row.getBoundingClientRect().width;
    });
    expect(tokensShare).toBeGreaterThan(0.9);
    // Everyone bets on a space with one click as soon as the race opens (before the first roll).
    await Promise.all(pages.map((p) => p.locator('.board [data-key^="space:"].can').first().waitFor({ timeout: 20_000 })));
    await Promise.all(
      pages.map(async (p, i) => {
        // A space another player took a moment earlier is refused: try another.
        for (let attempt = 0; attempt < 5; attempt++) {
          await p.locator('.board [data-key^="space:"].can').nth(i * 7 + attempt).click();
          const mine = await p.locator(`.board [data-bet-seat="${seatsOf[i]}"]`).first().waitFor({ timeout: 1500 }).then(() => true, () => false);
          if (mine) return;
        }
        throw new Error(`seat ${seatsOf[i]} could not place a bet`);
      }),
    );
    for (const p of pages) for (const seat of seatsOf) await p.locator(`.board [data-bet-seat="${seat}"]`).first().waitFor({ timeout: 5000 });
    const watcher = await newPage(390);
    await watcher.goto(`${server.http}/#/watch/${roomId}`);
    await watcher.locator('.board svg').first().waitFor();
    expect(await watcher.locator('.pill', { hasText: 'spectating' }).count()).toBe(1);
    await watcher.close();
    const counts = await Promise.all(pages.map((p) => playToTheEnd(p, 80_000)));
    await fourthDone;
    expect(counts.some((c) => c.board > 0)).toBe(true);
    for (const p of pages) await expectFinished(p);
    await Promise.all([...pages.map((p) => p.close()), fourth.room.leave()]);
  }, 110_000);

  // Retried: on two cores busy with the suite's other pages a first press has ended without a click now and
  // then (2 of 5 full runs in one stop, never alone), not understood.
  it.concurrent('a press held while the board redraws still clicks: Tractor cards during the deal', { retry: 2, timeout: 60_000 }, async ({ expect }) => {
    const page = await newPage();
    // A card dealt every 150 ms redraws the hand under the pointer during each 300 ms press; the deal's 15 s
    // leave room for the presses on a machine busy with the other pages of this suite.
    await createInLobby(page, 'Tractor (Shengji)', { seats: 4, bots: 3, options: { handLimit: 1, dealDelayMs: 150, declareWindowMs: 3000 } });
    await page.evaluate(() => {
      (window as unknown as { clicks: number }).clicks = 0;
      document.addEventListener('click', () => (window as unknown as { clicks: number }).clicks++, true);
    });
    const clicks = () => page.evaluate(() => (window as unknown as { clicks: number }).clicks);
    let presses = 0;
    while (presses < 4 && /dealing/.test((await page.locator('.tractor p').first().textContent()) ?? '')) {
      const box = await page.locator('.board button.card').first().boundingBox();
      if (!box) continue;
      const before = await clicks();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      const frame = await page.locator('#app').getAttribute('data-frame');
      await page.waitForTimeout(300);
      const frameWhilePressed = await page.locator('#app').getAttribute('data-frame');
      await page.mouse.up();
      presses++;
      expect(await clicks(), 'the press ended in a click').toBeGreaterThan(before);
      expect(frameWhilePressed).toBe(frame); // nothing redrawn under the press…
      await expect.poll(() => page.locator('#app').getAttribute('data-frame'), { timeout: 2000 }).not.toBe(frame); // …and drawn once released
      await page.keyboard.press('Escape');
    }
    expect(presses).toBeGreaterThanOrEqual(3);
    await page.close();
  });

  it.concurrent('a watched table its players left before the game began closes, and the watcher is told so, not sent to watch again', async ({ expect }) => {
    const player = await newPage();
    const roomId = await createInLobby(player, 'Fast Track', { seats: 2, bots: 0, options: { coloursPerPlayer: 1 } });
    const watcher = await newPage();
    await watcher.goto(`${server.http}/#/watch/${roomId}`);
    await watcher.locator('.pill', { hasText: 'spectating' }).waitFor();
    await player.locator('a.home').click(); // the only player leaves: the table waits RECONNECT_SECONDS (10 here) for one
    await watcher.locator('.notice', { hasText: 'The table has closed: its players left' }).waitFor({ timeout: 20_000 });
    await watcher.waitForTimeout(1500); // a page that watched again would be told there is no such table by now
    expect(await watcher.locator('.notice', { hasText: /watching again|Could not watch/ }).count()).toBe(0);
    await Promise.all([player.close(), watcher.close()]);
  }, 60_000);

  it.concurrent('a watched game its players left is shown paused, and once the wait is over the watcher is told the table closed, the page no longer paused, not sent to watch again', async ({ expect }) => {
    const player = await newPage();
    const roomId = await createInLobby(player, 'Fast Track', { seats: 2, bots: 1, options: { coloursPerPlayer: 1 } });
    const watcher = await newPage();
    await watcher.goto(`${server.http}/#/watch/${roomId}`);
    await watcher.locator('.pill', { hasText: 'spectating' }).waitFor();
    await player.locator('a.home').click(); // the only player leaves: the game waits RECONNECT_SECONDS (10 here) for them
    await watcher.getByText('Paused: none of its players is here.').waitFor({ timeout: 5000 });
    await watcher.locator('.pill', { hasText: 'paused' }).waitFor();
    await watcher.locator('.notice', { hasText: 'The table has closed: its players left the game and none came back' }).waitFor({ timeout: 20_000 });
    // The rest of the page says so too: not paused, no table to wait for or to send a link to.
    expect(await watcher.locator('header .info').innerText()).toBe('closed');
    expect(await watcher.locator('.controls').innerText()).toBe('The table has closed.');
    await watcher.waitForTimeout(1500);
    expect(await watcher.locator('.notice', { hasText: /watching again|Could not watch/ }).count()).toBe(0);
    await Promise.all([player.close(), watcher.close()]);
  }, 60_000);

  // 90 s: three pages, the invite notice's 4 s and two waits on the lobby's refresh; beside the whole games on a loaded
  // machine it ran out of 60 s.
  it.concurrent('a player copies an invite link that seats a friend, a spectator sees neither it nor the code, nor the players once every seat is taken; a second tab takes the seat and the first says so; from the lobby the browser goes back to its seat at a private table', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } }); // one browser profile: its tabs share the seat token
    const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
    for (const page of [first, second]) page.on('pageerror', (e) => consoleProblems.push(`page error: ${e.message}`));
    const roomId = await createInLobby(first, 'Fast Track', { seats: 2, bots: 0, private: true, options: { coloursPerPlayer: 1 } });
    const seat = await first.locator('.seat.me').getAttribute('data-seat');
    const other = await newPage(); // another player: the table needs two to start
    // By the room id alone (a spectator link's) a private table is watched, and its code stays with its players.
    await other.goto(`${server.http}/#/table/${roomId}`);
    await other.locator('.notice', { hasText: 'invite code' }).waitFor();
    await other.locator('.pill', { hasText: 'spectating' }).waitFor();
    expect(await other.locator('[data-invite], [data-focus=copy-invite]').count()).toBe(0);
    // A player copies an invite link beside the code: it seats whoever opens it.
    const code = await first.locator('[data-invite]').getAttribute('data-invite');
    const link = await first.getByRole('button', { name: 'Copy invite link' }).getAttribute('title');
    expect(link).toBe(`${server.http}/#/table/${roomId}/${code}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await first.getByRole('button', { name: 'Copy invite link' }).click();
    const copied = first.locator('.notice', { hasText: 'Invite link copied' });
    await copied.waitFor({ timeout: 2000 });
    expect(await first.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // Said for a few seconds: kept at the page's top, it spoke of free seats long after the table had filled.
    const cleared = copied.waitFor({ state: 'detached', timeout: 8000 });
    await other.goto(link!);
    await other.locator('#seat-name').fill('Bo'); // (asked for a name before the seat is taken)
    await other.locator('[data-action=take-seat]').click();
    await other.locator('.seat.me').waitFor();
    // Every seat is taken now: nobody else could use the code, and neither player is offered it any more.
    await first.locator('[data-invite]').waitFor({ state: 'detached', timeout: 5000 });
    expect(await other.locator('[data-invite], [data-focus=copy-invite]').count()).toBe(0);
    await cleared; // (before the second tab's notice could replace it)
    await second.goto(`${server.http}/#/table/${roomId}`);
    await second.locator('.seat.me').waitFor();
    expect(await second.locator('.seat.me').getAttribute('data-seat')).toBe(seat);
    await first.locator('.notice.bad', { hasText: 'another tab' }).waitFor({ timeout: 5000 });
    expect(await first.locator('.all-moves').count()).toBe(0);
    // Leaving for the lobby hands the seat to a bot; the lobby offers it back to this browser, though the table is not listed.
    let inviteLookups = 0;
    second.on('request', (r) => void (r.url().includes('/api/invites/') && inviteLookups++));
    await second.locator('a.home').click();
    const back = second.locator(`.your-seats a[href="#/table/${roomId}"]`, { hasText: 'Back to your seat' });
    await back.waitFor({ timeout: 8000 });
    await back.click();
    await second.locator('.seat.me').waitFor();
    expect(await second.locator('.seat.me').getAttribute('data-seat')).toBe(seat);
    expect(await second.locator('.pill', { hasText: 'spectating' }).count()).toBe(0);
    // Again from the lobby: the table is found by its id each time, never by its invite code (look-ups are rate-limited).
    await second.locator('a.home').click();
    await back.waitFor({ timeout: 8000 });
    expect(inviteLookups).toBe(0);
    await Promise.all([context.close(), other.close()]);
  }, 90_000);

  it.concurrent("a friend seated by an invite link is offered a new table like this one once the game is over: the same game, seats and options, private with a code of its own", async ({ expect }) => {
    const [host, friend] = await Promise.all([newPage(), newPage()]);
    // Ready Set Bet's races run by themselves: with no pause the game is over in seconds, nobody betting.
    const options = { startDelayMs: 0, rollIntervalMs: 10, resultsPauseMs: 0, draftTimeoutMs: 0 };
    const roomId = await createInLobby(host, 'Ready Set Bet', { seats: 2, bots: 0, private: true, options });
    const code = await host.locator('[data-invite]').getAttribute('data-invite');
    await friend.goto(`${server.http}/#/table/${roomId}/${code}`);
    await friend.locator('#seat-name').fill('Bo'); // (asked for a name before the seat is taken)
    await friend.locator('[data-action=take-seat]').click();
    await friend.locator('.seat.me').waitFor();
    await host.close(); // (its seat held for it meanwhile: the races run on for the friend, one page drawing them)
    await friend.locator('.result table.standings tbody tr').first().waitFor({ timeout: 60_000 });
    const asked = friend.waitForRequest((r) => r.method() === 'POST' && /\/matchmake\/create\/ready-set-bet$/.test(new URL(r.url()).pathname));
    await friend.locator('.result [data-action=new-table]', { hasText: 'New table like this' }).click();
    const body = (await asked).postDataJSON();
    // The table's bots and turn clock are told to no player: none asked for, never an old code.
    expect(body).toMatchObject({ seats: 2, private: true, options });
    for (const key of ['bots', 'turnSeconds', 'invite']) expect(body).not.toHaveProperty(key);
    await friend.waitForURL((url) => url.hash.startsWith('#/table/') && !url.hash.includes(roomId));
    const newCode = await friend.locator('[data-invite]').getAttribute('data-invite');
    expect(newCode).toMatch(/^[A-Z0-9]{4,12}$/);
    expect(newCode).not.toBe(code);
    await friend.close();
  }, 90_000);

  it.concurrent('a reload while the server cannot answer keeps the seat ticket and asks again until it can; a table gone forgets it', async ({ expect }) => {
    // Its own page: the browser's console reports every refused or failed request this test provokes.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const roomId = await createInLobby(page, 'Fast Track', { seats: 2, bots: 1, options: { coloursPerPlayer: 1 } });
    const seat = await page.locator('.seat.me').getAttribute('data-seat');
    const ticket = () => page.evaluate((id) => localStorage.getItem(`parlor.seat.${id}`), roomId);
    const watcher = await joinAsSpectator(server.ws, roomId); // keeps the table open while the page is away
    // The seat-token requests fail as while the process restarts (no answer), then as while its Redis is away (503).
    let answer: 'none' | 'busy' | 'gone' | 'real' = 'none';
    let refused = 0;
    await page.route(`**/api/rooms/${roomId}/seat`, (route) => {
      if (answer === 'real' || !route.request().postDataJSON()?.seatToken) return route.fallback();
      refused++;
      if (answer === 'none') return route.abort('connectionrefused');
      const [status, code] = answer === 'busy' ? [503, 'core/store-unavailable'] : [404, 'core/unknown-room'];
      return route.fulfill({ status, headers: { 'retry-after': '1' }, contentType: 'application/json', body: JSON.stringify({ code, message: 'as the server says it' }) });
    });
    try {
      const reloaded = Date.now();
      await page.reload();
      await page.locator('.notice.bad', { hasText: 'Reconnecting' }).waitFor({ timeout: 5000 });
      answer = 'busy';
      await page.locator('.notice.bad', { hasText: 'server is busy' }).waitFor({ timeout: 5000 });
      // Asked again and again, past the 4 s after which the page used to drop the ticket and watch instead (how
      // many asks fit in those seconds depends on how soon a loaded machine runs the page: counted, not timed).
      await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
      await page.waitForTimeout(Math.max(0, reloaded + 6000 - Date.now()));
      expect(await ticket()).toBeTruthy();
      expect(await page.locator('.pill', { hasText: 'spectating' }).count()).toBe(0);
      answer = 'real'; // the server can answer again: the page takes its seat back
      await page.locator('.notice', { hasText: 'Reconnected.' }).waitFor({ timeout: 8000 });
      await page.locator('.seat.me').waitFor();
      expect(await page.locator('.seat.me').getAttribute('data-seat')).toBe(seat);
      // A definite answer: the table is gone. The ticket goes at once, and the page offers what is left.
      answer = 'gone';
      refused = 0;
      await page.reload();
      await page.locator('.pill', { hasText: 'spectating' }).waitFor({ timeout: 8000 });
      expect(refused).toBe(1);
      expect(await ticket()).toBeNull();
      expect(pageErrors).toEqual([]);
    } finally {
      await watcher.leave();
      await page.close();
    }
  }, 60_000);

  it.concurrent('Ready Set Bet: the seated host rolls with the one roll button, by keyboard and by click', async ({ expect }) => {
    const page = await newPage();
    // The creator takes seat 0, the host's seat with hostMode hostSeat; two bots bet.
    await createInLobby(page, 'Ready Set Bet', { seats: 3, bots: 2, options: { hostMode: 'hostSeat', startDelayMs: 0 } });
    expect(await page.locator('.seat.me').getAttribute('data-seat')).toBe('0');
    // Its one move is offered first among the controls, and focus waits on it; nothing is sent for the host.
    const roll = page.locator('.controls .only-move .move');
    await roll.waitFor({ timeout: 20_000 });
    expect(await roll.textContent()).toBe('Roll the dice');
    // The host holds no tokens: no empty token row, no "$0" — it is told it rolls.
    expect(await page.locator('.controls .status').textContent()).toContain('You are the host');
    expect(await page.locator('.board .section-title', { hasText: 'Your tokens' }).count()).toBe(0);
    // One "Roll the dice" on the page: the board does not offer the same move again.
    expect(await page.getByRole('button', { name: 'Roll the dice' }).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('.controls .only-move .move') ?? false)).toBe(true);
    expect(await page.locator('.log li', { hasText: 'Rolled' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.locator('.log li', { hasText: 'Rolled' }).first().waitFor({ timeout: 5000 });
    // The log is a live region: new lines are appended, the lines shown stay (a screen reader reads the new ones).
    await page.evaluate(() => ((window as unknown as { firstLine: Element | null }).firstLine = document.querySelector('.log li')));
    await roll.click();
    await expect.poll(() => page.locator('.log li', { hasText: 'Rolled' }).count(), { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => document.querySelector('.log li') === (window as unknown as { firstLine: Element | null }).firstLine)).toBe(true);
    // The board's parts are reachable by assistive technology: no board picture is an image role.
    expect(await page.locator('.board svg[role="img"]').count()).toBe(0);
    await page.close();
  }, 60_000);

  it.concurrent("Ready Set Bet: beside a seated host who does not bet, a bettor's page says its bets open with the host's first roll, and bets once it comes", async ({ expect }) => {
    // Ada hosts (seat 0, a client here with no clock: she rolls when told); the page takes seat 1; a bot bets in seat 2.
    const ada = await adopt(await new Client(server.ws).create('ready-set-bet', { seats: 3, bots: 1, name: 'Ada', turnSeconds: 0, options: { hostMode: 'hostSeat', vip: false } }));
    const page = await newPage();
    try {
      await page.goto(`${server.http}/#/table/${ada.room.roomId}`);
      await page.locator('#seat-name').fill('Bo');
      await page.locator('[data-action=take-seat]').click();
      await expect.poll(() => page.locator('.controls .status').textContent(), { timeout: 10_000 }).toMatch(/^Waiting for the host, Ada, to start the race\. Your bets open with the first roll\./);
      expect(await page.locator('.board .rsb-head').textContent()).toBe("Race 1 of 4 · your bets open with the host's first roll");
      // A tap on a space says why it takes no bet yet.
      await page.locator('.rsb-grid [data-key="space:win-7-a"]').click();
      await expect.poll(() => page.locator('.controls .notice').textContent(), { timeout: 2000 }).toBe("Your bets open with the host's first roll.");
      // Ada's first roll starts the race: the page bets.
      await ada.room.request('move', { type: 'roll' });
      await expect.poll(() => page.locator('.controls .status').textContent(), { timeout: 10_000 }).toMatch(/Choose a space/);
      // (A space the bot took a moment earlier is refused: try another.)
      let placed = false;
      for (let attempt = 0; attempt < 5 && !placed; attempt++) {
        await page.locator('.rsb-grid [data-key^="space:"].can').nth(attempt * 3).click();
        placed = await page.locator('.board [data-bet-seat="1"]').first().waitFor({ timeout: 1500 }).then(() => true, () => false);
      }
      expect(placed).toBe(true);
    } finally {
      await ada.room.leave();
      await page.close();
    }
  }, 60_000);

  it.concurrent('Tractor at 1280×800 (4 seats): your whole hand, the trumps too, is in the window without scrolling, under the table', async ({ expect }) => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await createInLobby(page, 'Tractor (Shengji)', { seats: 4, bots: 3, options: { handLimit: 1, dealDelayMs: 0, declareWindowMs: 1500 } });
    // The page plays nothing: its turn comes (to bury, call or play) with the whole hand dealt, and stays. (Polled every
    // 100 ms, here and below: by default every animation frame, which keeps the page producing frames the whole wait.)
    await page.waitForFunction(() => /· (burying|calling|playing)/.test(document.querySelector('.tractor p')?.textContent ?? '') && document.querySelector('.controls .status.mine') && document.querySelector('.board .hand [data-key].can'), undefined, { timeout: 45_000, polling: 100 });
    await page.waitForTimeout(300);
    const at = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('.board .your-hand [data-key]')].map((el) => el.getBoundingClientRect());
      const table = document.querySelector('.board svg')!.getBoundingClientRect();
      const rows = [...new Set(cards.map((r) => Math.round(r.top)))].sort((a, b) => a - b);
      return { scrollY: window.scrollY, height: window.innerHeight, count: cards.length, table: table.bottom, tableHeight: table.height, bottom: Math.max(...cards.map((r) => r.bottom)), top: Math.min(...cards.map((r) => r.top)), row: rows[1]! - rows[0]! };
    });
    expect(at.scrollY).toBe(0);
    expect(at.count).toBeGreaterThanOrEqual(25);
    expect(at.top).toBeGreaterThanOrEqual(at.table);
    expect(at.bottom).toBeLessThanOrEqual(at.height);
    // With room for a row more: the starter picks up the kitty's 8 cards to bury (33 in hand).
    expect(at.bottom + at.row).toBeLessThanOrEqual(at.height);
    // The table is not shrunk to a stamp to make room: its seats' words stay readable.
    expect(at.tableHeight).toBeGreaterThanOrEqual(300);
    await page.close();
  }, 60_000);

  it.concurrent("Tractor on a phone: the table picture's words stay readable; a wider window redraws it for its width", async ({ expect }) => {
    const page = await newPage(390);
    await createInLobby(page, 'Tractor (Shengji)', { seats: 4, bots: 3, options: { handLimit: 1, dealDelayMs: 0, declareWindowMs: 1500 } });
    await page.locator('.board svg [data-seat] text').first().waitFor();
    // Measured in one step inside the page: the board redraws as cards are dealt.
    const nameHeight = () => page.evaluate(() => document.querySelector('.board svg [data-seat] text')?.getBoundingClientRect().height ?? 0);
    await expect.poll(nameHeight, { timeout: 3000 }).toBeGreaterThanOrEqual(11); // a 13-unit name drawn about its size (8 px before)
    // The phone turned (or a window widened) while the game waits for this seat: the picture is drawn for the new width.
    const phase = async () => /· (\w+)/.exec((await page.locator('.tractor p').first().textContent()) ?? '')?.[1];
    await expect.poll(async () => /^(burying|calling|playing)$/.test((await phase()) ?? '') && (await page.locator('.controls .status.mine').count()) > 0, { timeout: 30_000 }).toBe(true);
    const viewBox = () => page.locator('.board svg').first().getAttribute('viewBox');
    expect(await viewBox()).toBe('0 0 380 210'); // four seats: a low table, your cards under it (540 high, they were out of the window)
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(viewBox, { timeout: 3000 }).toBe('0 0 760 360');
    await page.close();
  }, 60_000);

  it.concurrent('Tractor on a phone: on your turn your cards are in the window above the move panel, under a low table (4 seats) or held over a taller one (6); a desktop keeps its layout', async ({ expect }) => {
    const phone = async (seats: number) => {
      const page = await newPage(390);
      await page.setViewportSize({ width: 390, height: 844 });
      await createInLobby(page, 'Tractor (Shengji)', { seats, bots: seats - 1, options: { handLimit: 1, dealDelayMs: 0, declareWindowMs: 1500 } });
      // The page plays nothing: its turn to play a card comes in the first trick and stays.
      await page.waitForFunction(() => /· playing/.test(document.querySelector('.tractor p')?.textContent ?? '') && document.querySelector('.controls.turn .status.mine') && document.querySelector('.board .hand [data-key].can'), undefined, { timeout: 45_000, polling: 100 });
      await page.waitForTimeout(300);
      return page;
    };
    /**
     * The table picture, the other seats' places at it (their lowest bottom: what they played shows there), the move
     * panel and your cards (their highest top, lowest bottom) as they stand in the window.
     */
    const layout = (page: Page) =>
      page.evaluate(() => {
        const cards = [...document.querySelectorAll('.board .hand [data-key]')].map((el) => el.getBoundingClientRect());
        const [table, panel] = ['.board svg', '.controls'].map((s) => document.querySelector(s)!.getBoundingClientRect());
        const me = document.querySelector<HTMLElement>('.seat.me')!.dataset.seat;
        const others = [...document.querySelectorAll<SVGElement>('.board svg [data-seat]')].filter((g) => g.dataset.seat !== me);
        return {
          scrollY: window.scrollY,
          height: window.innerHeight,
          table: { top: table!.top, bottom: table!.bottom },
          others: Math.max(...others.map((g) => g.getBoundingClientRect().bottom)),
          panel: { top: panel!.top, bottom: panel!.bottom },
          cards: { count: cards.length, top: Math.min(...cards.map((r) => r.top)), bottom: Math.max(...cards.map((r) => r.bottom)) },
        };
      });
    const [four, six] = await Promise.all([phone(4), phone(6)]);
    for (const page of [four, six]) {
      const at = await layout(page);
      expect(at.scrollY).toBe(0);
      expect(at.cards.count).toBeGreaterThanOrEqual(20);
      // Every card in the window, above the move panel, which is in the window too: no scrolling to reach them.
      expect(at.cards.top).toBeGreaterThanOrEqual(0);
      expect(at.cards.bottom).toBeLessThanOrEqual(at.panel.top);
      expect(at.panel.bottom).toBeLessThanOrEqual(at.height);
      // Four seats: the others' places above them, the trick with them (a long hand may cover the foot of the table, yours).
      if (page === four) expect(at.others).toBeLessThanOrEqual(at.cards.top);
      // Scrolled to the end, the cards rest under the table: none of it stays hidden under them.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const end = await layout(page);
      expect(end.table.bottom).toBeLessThanOrEqual(end.cards.top);
      expect(end.cards.bottom).toBeLessThanOrEqual(end.panel.top);
    }
    // Six seats need a taller table: the cards are held over its lower part while the page is at its top.
    await six.evaluate(() => window.scrollTo(0, 0));
    const top = await layout(six);
    expect(top.table.bottom).toBeGreaterThan(top.cards.top);
    // A desktop's hand stays in its place under the table.
    await four.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => four.locator('.board svg').first().getAttribute('viewBox'), { timeout: 3000 }).toBe('0 0 760 360');
    expect(await four.locator('.board .your-hand').evaluate((el) => getComputedStyle(el).position)).toBe('static');
    await Promise.all([four.close(), six.close()]);
  }, 90_000);

  it.concurrent('Tractor on a phone: a refused lead is said in the move panel, in view while scrolled down, and still when the turn has passed', async ({ expect }) => {
    const page = await newPage(390);
    await page.setViewportSize({ width: 390, height: 844 });
    // Six seats (a table taller than the window's share); the others never declare nor play, so their clocks run.
    const roomId = await createInLobby(page, 'Tractor (Shengji)', { seats: 6, bots: 0, turnSeconds: 15, options: { handLimit: 1, dealDelayMs: 0, declareWindowMs: 1500 } });
    const others = await Promise.all([1, 2, 3, 4, 5].map(async () => adopt(await new Client(server.ws).joinById(roomId, {}))));
    try {
      const phase = async () => /· (\w+)/.exec((await page.locator('.tractor p').first().textContent()) ?? '')?.[1];
      // The page alone declares, so it starts: it buries, then leads the first trick.
      const listed = (type: string) => page.locator(`.all-moves .move[data-move^='{"type":"${type}"']`);
      for (const until = Date.now() + 45_000; Date.now() < until && (await phase()) !== 'burying'; ) {
        if (await listed('declare').count()) await listed('declare').first().dispatchEvent('click', undefined, { timeout: 500 }).catch(() => undefined);
        await page.waitForTimeout(50);
      }
      await chooseWithoutSamples(page, 1); // one card: the turn clock is short
      await listed('bury').first().dispatchEvent('click');
      await expect.poll(phase, { timeout: 10_000 }).toBe('playing');
      await page.locator('.compose').waitFor({ timeout: 10_000 });
      // Two cards of different suits: a lead the server refuses (a lead is all of one suit). The page offers none (it
      // says why), so the panel's offer of the first card is sent as the two: as a client holding no rule would.
      const plain = page.locator('.board .hand[aria-label="Plain suits"] [data-key].can');
      const [first, last] = [await plain.first().getAttribute('data-key'), await plain.last().getAttribute('data-key')];
      const faces = [first, last].map((key) => key!.slice('card:'.length).split('/')[0]!);
      expect(faces[0]!.slice(-1)).not.toBe(faces[1]!.slice(-1));
      await plain.first().click();
      await plain.last().click();
      // (Read once the page has drawn the second pick: it draws at the next animation frame.)
      await expect.poll(() => page.locator('.controls').textContent()).toContain('A lead is all of one suit or all trumps');
      expect(await page.locator('.controls .compose .move').count()).toBe(0);
      await plain.last().click();
      const play = page.locator('.controls .compose .move');
      await play.waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
      // (Rewritten and clicked in one task: a redraw in between would draw the panel's own offer again.)
      await play.evaluate((button, cards) => {
        button.dataset.move = JSON.stringify({ type: 'play', cards });
        (button as HTMLButtonElement).click();
      }, faces);
      const refused = page.locator('.notice.bad', { hasText: 'Refused' });
      await refused.waitFor({ timeout: 10_000 });
      expect(await refused.textContent()).toContain('all of one suit');
      /** Where the refusal stands: in the move panel, and in the window. */
      const where = () =>
        refused.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { inPanel: Boolean(el.closest('.controls')), inWindow: r.top >= 0 && r.bottom <= window.innerHeight };
        });
      // Where the player is looking, though the page stays scrolled down.
      expect(await where()).toEqual({ inPanel: true, inWindow: true });
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
      // The clock plays for the page and the turn passes: back at the table's top, the player still reads why.
      await expect.poll(() => page.locator('.controls .status.mine').count(), { timeout: 30_000 }).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await where()).toEqual({ inPanel: true, inWindow: true });
    } finally {
      await Promise.all(others.map((p) => p.room.leave()));
      await page.close();
    }
  }, 90_000);

  it.concurrent('lobby: "play now" queues two pages to one table; the table list shows it open with a Watch link to a spectator view; its link, once full, watches quietly', async ({ expect }) => {
    const [ada, bo] = await Promise.all([newPage(), newPage(390)]);
    // The form's bots left as they come (seats − 1): play now seats people together all the same.
    const form = { seats: 2, options: { coloursPerPlayer: 1 } };
    await fillLobbyForm(ada, 'Fast Track', form);
    await ada.locator('[data-action=play-now]').click();
    await ada.waitForURL(/#\/table\//);
    const roomId = ada.url().split('#/table/')[1]!;
    await ada.locator('.seat.me').waitFor();
    await ada.locator('.pill', { hasText: 'waiting for players' }).waitFor();
    // Bo finds the open table in the lobby's list (it refreshes by itself) and watches it.
    await bo.goto(`${server.http}/`);
    const listed = bo.locator('.table-list li', { has: bo.locator(`a[href="#/watch/${roomId}"]`) });
    await listed.waitFor({ timeout: 8000 });
    expect(await listed.textContent()).toContain('waiting for players');
    expect(await listed.locator(`a[href="#/table/${roomId}"]`, { hasText: 'Join' }).count()).toBe(1);
    // A link reached with Tab keeps focus through the list's refreshes (every 3 s): its row is the same element while
    // its table shows the same, whatever other tables (this server lists every test's) come, go or change meanwhile.
    const watch = listed.getByRole('link', { name: 'Watch' });
    const focused = (await watch.elementHandle())!;
    await focused.focus();
    const refreshed = () => bo.waitForResponse((r) => r.url() === `${server.http}/api/tables`, { timeout: 8000 }).then((r) => r.finished());
    await refreshed();
    await refreshed();
    expect(await bo.evaluate((link) => document.activeElement === link && link.isConnected, focused)).toBe(true);
    await watch.click();
    await bo.waitForURL(new RegExp(`#/watch/${roomId}$`));
    await bo.locator('.pill', { hasText: 'spectating' }).waitFor();
    expect(await bo.locator('.seat').count()).toBe(2);
    expect(await bo.locator('.seat.me').count()).toBe(0);
    // Then Bo plays now with the same choices: the queue seats Bo at Ada's table and the game starts.
    await fillLobbyForm(bo, 'Fast Track', form);
    await bo.locator('[data-action=play-now]').click();
    await bo.waitForURL(new RegExp(`#/table/${roomId}$`));
    await Promise.all([ada, bo].map((p) => p.locator('.pill', { hasText: /^playing$/ }).waitFor({ timeout: 10_000 })));
    const mine = await Promise.all([ada, bo].map((p) => p.locator('.seat.me').getAttribute('data-seat')));
    expect(new Set(mine).size).toBe(2);
    // The table's link opened now that it is full: the page says so and watches, with no refused join in the console.
    const late = await newPage();
    const errors: string[] = [];
    late.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await late.goto(`${server.http}/#/table/${roomId}`);
    await late.locator('.pill', { hasText: 'spectating' }).waitFor();
    expect(await late.locator('.notice', { hasText: 'No free seat' }).textContent()).toContain('No free seat at this table: you are watching.');
    expect(errors).toEqual([]);
    await Promise.all([ada.close(), bo.close(), late.close()]);
  }, 60_000);

  // The lobby's tests have the time the others have (30 s ran out beside four pages playing whole games on a loaded
  // machine: they open the lobby two or three times each).
  it.concurrent("lobby: a rules option's description in /api/games shows under it as its help text; a choice is picked by its value and shown by its title", async ({ expect }) => {
    const page = await newPage();
    await page.goto(`${server.http}/`);
    await page.getByRole('tab', { name: 'TAC' }).click();
    await page.locator('details.options summary').click();
    const help = await page.locator('form.create [name=dealDelayMs]').getAttribute('aria-describedby');
    expect(help).toBeTruthy();
    const text = page.locator(`form.create #${help}`);
    expect(await text.textContent()).toBe('Milliseconds before each deal (pace only).'); // TAC's schema's words
    expect(await text.isVisible()).toBe(true);
    // A choice the form fills by its value and shows by its title, a number's as a string's.
    await fillLobbyForm(page, 'Ready Set Bet', { seats: 2, options: { tieBreak: 'fewestVip', hostMode: 'hostSeat' } });
    const shown = (name: string) => page.locator(`form.create [name=${name}]`).evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent);
    expect(await shown('tieBreak')).toBe('Fewest VIP cards');
    expect(await shown('hostMode')).toBe('A seated host');
    await fillLobbyForm(page, 'Great Western Trail', { seats: 2, options: { kansasCityVp: -6, neutralBuildings: 'firstGame' } });
    expect(await shown('kansasCityVp')).toBe('-6 VP each (printed board)');
    expect(await shown('neutralBuildings')).toBe('First game (lettered spaces)');
    await page.close();
  }, 60_000);

  it.concurrent("lobby: a wide window's create form shows every choice of its options whole (TAC's \"What a TAC takes back\" was cut off)", async ({ expect }) => {
    const page = await newPage();
    await page.goto(`${server.http}/`);
    const cut: string[] = [];
    for (const tab of await page.getByRole('tab').allTextContents()) {
      await page.getByRole('tab', { name: tab }).click();
      if (!(await page.locator('details.options').evaluate((d) => (d as HTMLDetailsElement).open))) await page.locator('details.options summary').click();
      // A select is as wide as its longest choice, where its room allows: narrower, that choice shows cut.
      cut.push(
        ...(await page.locator('form.create select').evaluateAll((selects, tab) =>
          selects.flatMap((el) => {
            const select = el as HTMLSelectElement;
            const shown = select.getBoundingClientRect().width;
            select.style.width = 'max-content';
            select.style.maxWidth = 'none';
            const needed = select.getBoundingClientRect().width;
            select.style.width = select.style.maxWidth = '';
            return needed > shown + 0.5 ? [`${tab}: ${select.name}`] : [];
          }), tab)),
      );
    }
    expect(cut).toEqual([]);
    await page.close();
  }, 30_000);

  it.concurrent("lobby: an option with no effect under the others chosen is disabled, and left out of the table's options: Ready Set Bet's host bets where no seat hosts", async ({ expect }) => {
    const page = await newPage();
    await fillLobbyForm(page, 'Ready Set Bet', { seats: 3 });
    const enabled = (name: string) => page.locator(`form.create [name=${name}]`).isEnabled();
    expect([await enabled('hostBets'), await enabled('hostBetsFirst')]).toEqual([false, false]); // the server rolls
    await fillLobbyForm(page, 'Ready Set Bet', { seats: 3, bots: 0, options: { hostMode: 'hostSeat', hostBets: true } });
    expect([await enabled('hostBets'), await enabled('hostBetsFirst')]).toEqual([true, true]);
    await page.locator('form.create [name=hostBets]').uncheck();
    expect([await enabled('hostBets'), await enabled('hostBetsFirst')]).toEqual([true, false]); // the host does not bet
    // Host bets asked for, then the server chosen to roll: the table is asked for without them.
    await page.locator('form.create [name=hostBets]').check();
    const server = await page.locator('form.create [name=hostMode] option[data-value=\'"server"\']').getAttribute('value');
    await page.locator('form.create [name=hostMode]').selectOption(server!);
    expect([await enabled('hostBets'), await enabled('hostBetsFirst')]).toEqual([false, false]);
    const asked = page.waitForRequest((r) => r.url().includes('/matchmake/create/ready-set-bet'));
    await page.locator('[data-action=create]').click();
    expect((await asked).postDataJSON().options).toEqual({});
    await page.waitForURL(/#\/table\//);
    await page.close();
  }, 60_000);

  it.concurrent('lobby: a first visitor is told what its two ways to a table do, beside the buttons that take them', async ({ expect }) => {
    const page = await newPage(390, true);
    await page.goto(`${server.http}/`);
    await page.locator('form.create [data-action=create]').waitFor();
    const intro = page.locator('.lobby .intro');
    expect(await intro.textContent()).toBe('Play now: a table with others at once. Create table: your own, with bots or friends.');
    // Said before the form, and in the window as the page opens on a phone.
    const [line, form] = await Promise.all([intro.boundingBox(), page.locator('form.create').boundingBox()]);
    expect(line!.y + line!.height).toBeLessThanOrEqual(form!.y);
    expect(line!.y + line!.height).toBeLessThanOrEqual(844);
    expect(await page.locator('[data-action=play-now]').textContent()).toMatch(/^Play now/);
    await page.close();
  }, 60_000);

  it.concurrent("lobby: the table's own options (seats, bots, turn clock, private) show the server's descriptions under them; a refused create is said in the window", async ({ expect }) => {
    const page = await newPage();
    await page.goto(`${server.http}/`);
    await page.getByRole('tab', { name: 'Fast Track' }).click();
    const listed = (await (await fetch(`${server.http}/api/games`)).json()) as { id: string; tableOptions: { properties: Record<string, { description: string }> } }[];
    const described = listed.find((g) => g.id === 'fast-track')!.tableOptions.properties;
    for (const name of ['seats', 'bots', 'turnSeconds', 'private']) {
      const help = await page.locator(`form.create [name=${name}]`).getAttribute('aria-describedby');
      expect(help, name).toBeTruthy();
      const text = page.locator(`form.create #${help}`);
      expect(await text.textContent()).toBe(described[name]!.description);
      expect(await text.isVisible()).toBe(true); // not folded away with the rules options
    }
    expect(await page.locator('form.create [name=turnSeconds]').getAttribute('placeholder')).toBe('default: 300'); // the server's clock
    // A create the server refuses is said in the window, though its line is under both panels (below it on a phone).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'TAC' }).click();
    await page.locator('input[name=seats]').fill('5'); // within the seats' range (2–6), but TAC is not played by five
    page.removeAllListeners('console'); // the browser's own line for the refusal's 400, which the page says in words
    await page.locator('[data-action=create]').click();
    await page.locator('.notice.bad').waitFor();
    expect(await page.locator('.notice.bad').evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight && el.getBoundingClientRect().top >= 0)).toBe(true);
    await page.close();
  }, 60_000);

  it.concurrent('a player nobody joins after "play now" starts at once with bots in the free seats', async ({ expect }) => {
    const page = await newPage();
    await fillLobbyForm(page, 'Fast Track', { seats: 3, options: { coloursPerPlayer: 1 } });
    await page.locator('[data-action=play-now]').click();
    await page.waitForURL(/#\/table\//);
    await page.locator('.pill', { hasText: 'waiting for players' }).waitFor();
    // The page asks first (friends may be on their way): "Keep waiting" changes nothing.
    await page.locator('[data-action=fill-with-bots]').click();
    await page.locator('[data-action=keep-waiting]').click();
    await page.locator('[data-action=fill-with-bots]').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).toBe('fill-with-bots'); // focus back where it was
    expect(await page.locator('.seat .tag', { hasText: /^bot$/ }).count()).toBe(0);
    await page.locator('[data-action=fill-with-bots]').click();
    await page.locator('[data-action=confirm-fill]').click();
    await page.locator('.pill', { hasText: /^playing$/ }).waitFor({ timeout: 10_000 });
    expect(await page.locator('.seat .tag', { hasText: /^bot$/ }).count()).toBe(2);
    expect(await page.locator('[data-action=fill-with-bots], [data-action=confirm-fill]').count()).toBe(0);
    // The button pressed is gone: focus stays on the table (its title while nothing is to act on), not the page's body,
    // and moves on to the first part to act on once the player has a move.
    const focused = (selector: string) => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);
    expect(await focused('.top h1, .board [data-key].can')).toBe(true);
    await expect.poll(() => focused('.board .hand [data-key].can'), { timeout: 15_000 }).toBe(true); // a card, where a move begins
    // The form's clock left empty: the server's default, five minutes a turn.
    const clock = page.locator('.seat.me .clock');
    await clock.waitFor({ timeout: 10_000 });
    expect(clockSeconds(await clock.textContent())).toBeGreaterThan(240);
    // A spectator is offered no such button.
    const watcher = await newPage();
    await watcher.goto(`${server.http}/#/watch/${page.url().split('#/table/')[1]}`);
    await watcher.locator('.pill', { hasText: 'spectating' }).waitFor();
    expect(await watcher.locator('[data-action=fill-with-bots]').count()).toBe(0);
    await Promise.all([page.close(), watcher.close()]);
  }, 60_000);

  it.concurrent('two players start with bots only once both agree; the one who asked can take it back', async ({ expect }) => {
    const ada = await newPage();
    const roomId = await createInLobby(ada, 'Fast Track', { seats: 3, bots: 0, options: { coloursPerPlayer: 1 } });
    const bo = await newPage();
    // The table's own link, no name kept in Bo's browser: asked for one before the seat is taken, not seated as "Player 2".
    await bo.goto(`${server.http}/#/table/${roomId}`);
    await bo.locator('#seat-name').fill('Bo');
    await bo.locator('[data-action=take-seat]').click();
    await bo.locator('.seat.me').waitFor();
    await ada.locator('.seat', { hasText: 'Bo' }).first().waitFor(); // Bo seated, as Ada's page shows
    // Bo's page redraws for what follows, and its board shows none of it: the board's elements are left alone (not laid
    // out and painted again), as long as nothing on it changes.
    const boardShown = () => bo.evaluate(() => !(window as unknown as { boardChanged: boolean }).boardChanged);
    await bo.evaluate(() => {
      const board = document.querySelector('.board')!;
      const seen = window as unknown as { boardChanged: boolean };
      seen.boardChanged = false;
      // (The board's own attributes, the room it keeps for the move panel and whether it waits on an answer, are no change to what it shows.)
      new MutationObserver((changes) => void (changes.some((c) => c.target !== board) && (seen.boardChanged = true))).observe(board, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const boFrame = await bo.locator('#app').getAttribute('data-frame');
    // Ada asks: with another player seated, the page says it waits for them, and Bo's page asks him.
    await ada.locator('[data-action=fill-with-bots]').click();
    expect(await ada.locator('[data-action=confirm-fill]').textContent()).toBe('Ask to start now');
    await ada.locator('[data-action=confirm-fill]').click();
    await ada.locator('[data-action=withdraw-fill]').waitFor();
    expect(await ada.locator('.compose p').textContent()).toMatch(/Waiting for .+ to agree/);
    await bo.locator('[data-action=agree-fill]').waitFor();
    expect(await bo.locator('#app').getAttribute('data-frame')).not.toBe(boFrame);
    expect(await boardShown()).toBe(true);
    await bo.waitForTimeout(200); // a redraw or two: focus does not move onto the agreement by itself (Enter would agree)
    expect(await bo.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action ?? null)).not.toBe('agree-fill');
    // Ada takes it back: Bo is no longer asked; she asks again.
    await ada.locator('[data-action=withdraw-fill]').click();
    await bo.locator('[data-action=fill-with-bots]').waitFor();
    expect(await bo.locator('[data-action=agree-fill]').count()).toBe(0);
    await ada.locator('[data-action=fill-with-bots]').click();
    await ada.locator('[data-action=confirm-fill]').click();
    await bo.locator('[data-action=agree-fill]').click();
    for (const page of [ada, bo]) await page.locator('.pill', { hasText: /^playing$/ }).waitFor({ timeout: 10_000 });
    expect(await ada.locator('.seat .tag', { hasText: /^bot$/ }).count()).toBe(1);
    await expect.poll(boardShown).toBe(false); // the marbles set out: drawn
    await Promise.all([ada.close(), bo.close()]);
  }, 60_000);

  it.concurrent("keyboard: TAC's exchange, a card picked with Enter puts focus on the button that gives it, Esc back on the card", async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'TAC', { seats: 4, bots: 3, options: { dealDelayMs: 0 } });
    const card = page.locator('.board .hand [data-key].can').first();
    await card.waitFor({ timeout: 10_000 });
    const key = (await card.getAttribute('data-key'))!;
    const focused = (selector: string) => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);
    const confirm = '.controls .chooser .move';
    // By mouse the card picked keeps focus: the chooser waits for a click.
    await card.click();
    await page.locator(confirm).waitFor({ timeout: 5000 });
    await page.waitForTimeout(200);
    expect(await focused(confirm)).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.controls .chooser').count()).toBe(0);
    // By keyboard: Enter picks the card, and focus goes to the one move to confirm (left on the card, Enter dropped the pick).
    await page.locator(`.board [data-key="${key}"]`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(confirm), { timeout: 5000 }).toBe(true);
    expect(await page.locator('.controls .chooser p').first().textContent()).toMatch(/^Give it to your partner\?/);
    // Esc clears the pick, and focus goes back to the card.
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(`.board [data-key="${key}"]`), { timeout: 5000 }).toBe(true);
    expect(await page.locator('.controls .chooser').count()).toBe(0);
    // Enter, Enter: the card is given.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(confirm), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.controls .status').textContent(), { timeout: 5000 }).not.toContain('give your partner');
    expect(await page.locator('.notice.bad').count()).toBe(0);
    await page.close();
  }, 60_000);

  it.concurrent('keyboard: Tab reaches legal parts, Space selects a token, Esc clears it, Enter on a space bets the selected token', async ({ expect }) => {
    const page = await newPage();
    // The first roll waits long enough that bets stay open for the whole test.
    await createInLobby(page, 'Ready Set Bet', { seats: 2, bots: 1, options: { startDelayMs: 60_000 } });
    const me = await page.locator('.seat.me').getAttribute('data-seat');
    await page.locator('.board [data-key^="token:"].can').first().waitFor({ timeout: 10_000 });
    // The move panel says which token a space chosen bets: the largest, then the one selected.
    const panel = () => page.locator('.controls .status').textContent();
    await expect.poll(panel).toContain('Choose a space to bet your $5 token');
    await page.locator('.top .home').focus();
    const token = await pressUntilFocused(page, 'Tab', '.board [data-key^="token:"].can');
    await page.keyboard.press(' ');
    await page.locator(`.board [data-key="${token}"].sel`).waitFor();
    await expect.poll(panel).toContain(`Choose a space to bet your $${token.split(':')[1]} token`);
    expect(await page.locator(`.board [data-key="${token}"]`).getAttribute('aria-pressed')).toBe('true'); // selected, said not only by colour
    expect(await page.locator(`.board [data-bet-seat="${me}"]`).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.board .sel').count()).toBe(0);
    await page.keyboard.press('Enter'); // focus stays on the token across redraws
    await page.locator(`.board [data-key="${token}"].sel`).waitFor();
    const space = await pressUntilFocused(page, 'Tab', '.board [data-key^="space:"].can'); // the spaces follow the tokens
    await page.keyboard.press('Enter');
    const placed = page.locator(`.board [data-key="${space}"] [data-bet-seat="${me}"]`);
    await placed.waitFor({ timeout: 5000 });
    expect(await placed.locator('.token-value').textContent()).toBe(`$${token.split(':')[1]}`);
    // After the move the focus stays on the board (where it was, or the next part to act on), not the page's top.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.board')))).toBe(true);
    await page.close();
  }, 60_000);

  it.concurrent('Ready Set Bet on a phone: the tokens stay in view with the betting spaces, a fingertip high; a token picked lists no moves; done betting, nobody is waited for', async ({ expect }) => {
    const page = await newPage(390, true);
    await createInLobby(page, 'Ready Set Bet', { seats: 2, bots: 1, options: { startDelayMs: 60_000 } });
    const me = await page.locator('.seat.me').getAttribute('data-seat');
    await page.locator('.board .rsb-grid [data-key].can').first().waitFor({ timeout: 10_000 });
    // The host's first roll comes by itself a minute on: the panel counts it down (the state's stepDeadline).
    await expect.poll(() => page.locator('.controls .status').textContent(), { timeout: 5000 }).toMatch(/ The first roll in 0:[0-5]\d\.$/);
    expect(await page.locator('.controls .status .clock').count()).toBe(1);
    const boxes = () =>
      page.evaluate(() => {
        const box = (el: Element) => el.getBoundingClientRect().toJSON() as DOMRect;
        const spaces = [...document.querySelectorAll('.rsb-grid [data-key] > rect')].map(box);
        return { tokens: box(document.querySelector('.rsb-tokens')!), grid: box(document.querySelector('.rsb-grid')!), spaces, panel: box(document.querySelector('.controls')!), height: window.innerHeight };
      });
    let at = await boxes();
    expect(Math.min(...at.spaces.map((r) => r.height))).toBeGreaterThanOrEqual(40);
    expect(at.tokens.bottom).toBeLessThanOrEqual(at.grid.top);
    expect(at.grid.top - at.tokens.bottom).toBeLessThan(20); // right above the spaces, not under the other bets
    // Scrolled down to the bets under the grid (the last exotic finish's space just above the move panel): the
    // tokens stay at the window's top.
    const exotic = await page.evaluate(() => {
      const last = [...document.querySelectorAll('.board .exotic [data-key]')].at(-1)!;
      window.scrollBy(0, last.getBoundingClientRect().bottom - document.querySelector('.controls')!.getBoundingClientRect().top + 4);
      return last.getBoundingClientRect().toJSON() as DOMRect;
    });
    at = await boxes();
    expect(exotic.bottom).toBeLessThanOrEqual(at.panel.top);
    expect(at.grid.top).toBeLessThan(0);
    expect(at.tokens.top).toBeGreaterThanOrEqual(0);
    expect(at.tokens.top).toBeLessThan(10);
    // Further down, the prop bets and then the exotic finishes at the window's top: the tokens stay over them too.
    for (const title of ['Prop bets', 'Exotic finishes']) {
      await page.evaluate((title) => {
        const heading = [...document.querySelectorAll('.board .section-title')].find((el) => el.textContent === title)!;
        window.scrollBy(0, heading.getBoundingClientRect().top);
      }, title);
      at = await boxes();
      expect(at.tokens.top, title).toBeGreaterThanOrEqual(0);
      expect(at.tokens.top, title).toBeLessThan(10);
    }
    // A token tapped is picked, with no list of moves over the board; a space tapped bets it.
    const token = page.locator('.rsb-tokens [data-key^="token:"].can').first();
    const value = (await token.getAttribute('data-key'))!.split(':')[1];
    await token.tap();
    await page.locator('.rsb-tokens [data-key^="token:"].sel').waitFor();
    expect(await page.locator('.controls .chooser').count()).toBe(0);
    const space = page.locator('.rsb-grid [data-key].can').last();
    const key = await space.getAttribute('data-key');
    await space.tap();
    const placed = page.locator(`.board [data-key="${key}"] [data-bet-seat="${me}"]`);
    await placed.waitFor({ timeout: 5000 });
    expect(await placed.locator('.token-value').textContent()).toBe(`$${value}`);
    await page.locator('.rsb-tokens [data-key=pass].can').tap();
    await expect.poll(() => page.locator('.controls .status').textContent(), { timeout: 5000 }).toMatch(/^You are done betting this race/);
    // A desktop's window: the tokens are a row right above the race and the spaces.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await boxes()).spaces[0]!.height, { timeout: 5000 }).toBeLessThan(40);
    at = await boxes();
    expect(at.tokens.bottom).toBeLessThanOrEqual(at.grid.top);
    expect(at.grid.bottom).toBeLessThanOrEqual(at.height);
    await page.close();
  }, 40_000);

  it.concurrent("a tap the move could not use is said in the panel until the step is over: not through the race's results", async ({ expect }) => {
    const page = await newPage(390, true);
    // Rolls slow enough that the two taps land while the race runs, on a page busy redrawing each roll beside others.
    await createInLobby(page, 'Ready Set Bet', { seats: 2, bots: 1, options: { startDelayMs: 1500, rollIntervalMs: 250, resultsPauseMs: 60_000, vip: false } });
    // Tapped where it shows, as a finger does: each roll draws the grid again, and a locator's tap waits for an element
    // that stays put (on a busy page it could wait out the race).
    const tap = async (selector: string) => {
      const at = await page.evaluate((selector) => {
        const el = document.querySelector(selector)!;
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      }, selector);
      await page.touchscreen.tap(at.x, at.y);
    };
    // Once bets are open and the page has brought the step into view (it scrolls then: a tap meanwhile lands elsewhere).
    await expect.poll(() => page.locator('.controls .status').textContent(), { timeout: 10_000 }).toMatch(/Choose a space/);
    const key = await page.locator('.rsb-grid [data-key].can').first().getAttribute('data-key');
    const taken = page.locator(`.rsb-grid [data-key="${key}"]:not(.can)`); // now yours
    for (let tries = 0; tries < 5 && !(await taken.count()); tries++) {
      await tap(`.rsb-grid [data-key="${key}"]`);
      await taken.waitFor({ timeout: 2000 }).catch(() => undefined);
    }
    await taken.waitFor({ timeout: 5000 });
    await tap(`.rsb-grid [data-key="${key}"]`);
    await expect.poll(() => page.locator('.controls .notice').textContent(), { timeout: 2000 }).toBe('That space holds a token already: a space takes one bet.');
    // The race runs to its end; at its results the line is gone, with the step it spoke of.
    await expect.poll(() => page.locator('.controls .status').textContent(), { timeout: 40_000 }).toMatch(/Press Ready/);
    expect(await page.locator('.controls .notice').textContent()).toBe('');
    await page.close();
  }, 70_000);

  it.concurrent("Ready Set Bet: a settlement's line the player opened stays open while another bettor gets ready", async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'Ready Set Bet', { seats: 2, bots: 0, options: { startDelayMs: 300, rollIntervalMs: 60, resultsPauseMs: 60_000, vip: false } });
    const bo = await adopt(await new Client(server.ws).joinById(page.url().split('#/table/')[1]!, { name: 'Bo' }));
    try {
      const line = page.locator('.board .settlement details').first();
      await line.locator('summary').click({ timeout: 30_000 });
      expect(await line.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      // Bo's Ready redraws the board (Bo is marked ready): the line read stays open.
      const frame = await page.locator('#app').getAttribute('data-frame');
      await bo.room.request('move', legalMoves(bo).find((m) => m.type === 'ready'));
      await page.waitForFunction((f) => document.querySelector('#app')!.getAttribute('data-frame') !== f, frame);
      expect(await line.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    } finally {
      await bo.room.leave();
      await page.close();
    }
  }, 60_000);

  it.concurrent('Ready Set Bet: a colour bet focused and no longer usable (the race settled) gives focus to the next part to act on, Ready', async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'Ready Set Bet', { seats: 2, bots: 1, options: { startDelayMs: 3000, rollIntervalMs: 60, resultsPauseMs: 60_000, vip: false } });
    await page.locator('.board .rsb-bets .bet-space.can').first().waitFor({ timeout: 10_000 });
    // A colour bet the bot has not taken, focused at once (the bot's bets draw the board again).
    // (Read back in the same task: with a roll every 60 ms, a frame before the next could find the bot on that space.)
    const [key, focused] = await page.evaluate(() => {
      const part = document.querySelector<HTMLElement>('.board .rsb-bets .bet-space.can')!;
      part.focus();
      return [part.dataset.key!, document.activeElement === part] as const;
    });
    expect(focused).toBe(true);
    // The race runs to its end: the button stays on the board, unusable; focus is not drawn back onto it.
    await page.locator('.board [data-key="ready"].can').waitFor({ timeout: 30_000 });
    expect(await page.locator(`.board [data-key="${key}"]`).getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.key ?? null), { timeout: 3000 }).toBe('ready');
    await page.close();
  }, 60_000);

  it.concurrent('Ready Set Bet at a wide window: the VIP draft brings the cards to keep into the window, not a few pixels of them at its bottom', async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'Ready Set Bet', { seats: 2, bots: 1, options: { startDelayMs: 300, rollIntervalMs: 60, resultsPauseMs: 60_000, draftTimeoutMs: 60_000 } });
    const ready = page.locator('.board [data-key="ready"].can');
    await ready.waitFor({ timeout: 30_000 });
    // The race is settled: the window made as tall as to end a few pixels under where the VIP cards will begin, in
    // place of the bettors' heading (the height changes no width: the board keeps its layout).
    const bettorsTop = () => page.evaluate(() => [...document.querySelectorAll('.board .section-title')].find((el) => el.textContent === 'Bettors')!.getBoundingClientRect().top + window.scrollY);
    await page.setViewportSize({ width: 1280, height: Math.round(await bettorsTop()) + 15 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await ready.click();
    const card = page.locator('.board [data-key^="vip:"].can').first();
    await card.waitFor({ timeout: 10_000 });
    const whollyShown = () => card.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight);
    await expect.poll(whollyShown, { timeout: 3000 }).toBe(true);
    await page.close();
  }, 60_000);

  it.concurrent("the round boards' space numbers: legible on a desktop, left out on a phone (the hexagon's spaces are 12 px apart there)", async ({ expect }) => {
    const [ft, tac] = await Promise.all([newPage(390), newPage(390)]);
    await Promise.all([
      createInLobby(ft, 'Fast Track', { seats: 2, bots: 1, options: { coloursPerPlayer: 3 } }), // three colours each: the hexagon
      createInLobby(tac, 'TAC', { seats: 4, bots: 3, options: { dealDelayMs: 0 } }),
    ]);
    for (const page of [ft, tac]) {
      await page.locator('.board svg text.marble-no').first().waitFor();
      expect(await smallestSpaceNumber(page)).toBe(Infinity);
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await smallestSpaceNumber(page)).toBeGreaterThanOrEqual(8);
    }
    expect(await ft.locator('.board svg').first().getAttribute('aria-label')).toContain('hex');
    await Promise.all([ft.close(), tac.close()]);
  }, 60_000);

  it.concurrent('on a phone your move stays in view under a tall board: Great Western Trail at 390×844, by touch and keyboard', async ({ expect }) => {
    const page = await newPage(390);
    await page.setViewportSize({ width: 390, height: 844 });
    const roomId = await createInLobby(page, 'Great Western Trail', { seats: 2, bots: 1 });
    await page.locator('.controls .status.mine').waitFor({ timeout: 15_000 });
    // Kansas City, the railroad and the players' boards, with nothing in them to act on now, fold to a line each:
    // the page is under half as tall as it was (4,900 px; 2,050 folded).
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2600);
    expect(await page.locator('.board details:not([open])').count()).toBe(4);
    /** Where the board, the move panel and a control stand in the window, and how far the page is scrolled. */
    const layout = (selector = '.controls') =>
      page.evaluate((selector) => {
        const box = (el: Element | null) => {
          const r = el!.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        };
        return { scrollY: window.scrollY, height: window.innerHeight, board: box(document.querySelector('.board')), panel: box(document.querySelector('.controls')), el: box(document.querySelector(selector)) };
      }, selector);
    // The board runs far below the window, yet the move panel and its list of moves are in it, over the board.
    let at = await layout('.controls .all-moves summary');
    expect(at.el.bottom - at.el.top).toBeGreaterThanOrEqual(40); // the list's fold a fingertip high
    expect(at.board.bottom).toBeGreaterThan(1.5 * at.height);
    expect(at).toMatchObject({ scrollY: 0 });
    expect(at.el.top).toBeGreaterThanOrEqual(0);
    expect(at.el.bottom).toBeLessThanOrEqual(at.height);
    expect(at.panel.top).toBeLessThan(at.board.bottom);
    // A board part under the panel, reached by Tab, is scrolled into view above the panel, not left under it.
    const under = await page.evaluate(async () => {
      const parts = [...document.querySelectorAll<HTMLElement>('.board [data-key].can')];
      const target = parts.at(-1)!;
      window.scrollBy(0, target.getBoundingClientRect().top - document.querySelector('.controls')!.getBoundingClientRect().top - 4);
      await new Promise((r) => requestAnimationFrame(r));
      parts.at(-2)!.focus({ preventScroll: true });
      const [part, panel] = [target, document.querySelector('.controls')!].map((el) => el.getBoundingClientRect());
      return { key: target.dataset.key!, underPanel: part!.top > panel!.top && part!.top < panel!.bottom };
    });
    expect(under.underPanel).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.key)).toBe(under.key);
    at = await layout(`.board [data-key="${under.key}"]`);
    expect(at.el.top).toBeGreaterThanOrEqual(0);
    expect(at.el.bottom).toBeLessThanOrEqual(at.panel.top);
    // A folded part opens with a tap, and stays open over the redraws (the move below).
    await page.locator('.board details', { hasText: 'Railroad' }).locator('summary').click();
    expect(await page.locator('.board .rail').isVisible()).toBe(true);
    // Its spaces are a finger's width: 44 px and more each way (ten to a row, they were 36 px wide).
    const spaces = await page.locator('.board .rail-space').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
    expect(spaces).toHaveLength(40);
    expect(Math.min(...spaces)).toBeGreaterThanOrEqual(44);
    // From the top of the page a tap opens the list and a tap on its first move sends it, with no scrolling.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.controls .all-moves summary').click();
    at = await layout('.controls .all-moves .move');
    expect(at.el.top).toBeGreaterThanOrEqual(at.panel.top);
    expect(at.el.bottom).toBeLessThanOrEqual(at.height);
    // A lower window (a phone's keyboard or address bar) makes the panel lower: the board's parts keep room for
    // it as it is now (Tab), not as it was at the last redraw.
    const panelRoom = () =>
      page.evaluate(() => [getComputedStyle(document.querySelector('.board')!).getPropertyValue('--move-panel'), `${Math.ceil(document.querySelector('.controls')!.getBoundingClientRect().height) + 8}px`]);
    await page.setViewportSize({ width: 390, height: 600 });
    await expect.poll(async () => new Set(await panelRoom()).size, { timeout: 2000 }).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => new Set(await panelRoom()).size, { timeout: 2000 }).toBe(1);
    const frame = await page.locator('#app').getAttribute('data-frame');
    await page.evaluate(() => {
      const app = document.getElementById('app')!;
      new MutationObserver(() => app.dataset.inflight === '1' && (app.dataset.sentOnce = 'yes')).observe(app, { attributeFilter: ['data-inflight'] });
    });
    await page.locator('.controls .all-moves .move').first().click();
    await expect.poll(() => page.locator('#app').getAttribute('data-sent-once'), { timeout: 5000 }).toBe('yes');
    await expect.poll(() => page.locator('#app').getAttribute('data-inflight'), { timeout: 5000 }).toBe('0');
    expect(await page.locator('.notice.bad').count()).toBe(0);
    await expect.poll(() => page.locator('#app').getAttribute('data-frame'), { timeout: 5000 }).not.toBe(frame);
    expect(await page.locator('.board .rail').isVisible()).toBe(true);
    // The move (the cattleman placed) began a step whose parts, the actions there, lie under the trail, out of the
    // window at the page's top: the page brought the first to act on into view, above the panel; the panel says what is asked.
    const step = () =>
      page.evaluate(() => {
        const panel = document.querySelector('.controls')!.getBoundingClientRect();
        const parts = [...document.querySelectorAll('.board [data-key].can')].map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
        return { scrollY: window.scrollY, firstOnPage: Math.min(...parts.map((r) => r.top + window.scrollY)), inView: parts.some((r) => r.top >= 0 && r.bottom <= panel.top) };
      });
    // (The move's answer may come, and redraw the page, before the state that shows the move: wait for the step.)
    await expect.poll(() => page.locator('.controls .status').textContent(), { timeout: 5000 }).toMatch(/^Your move · \d+:\d\d left\. At .+: choose /); // the table's clock, five minutes a turn
    await expect.poll(async () => (await step()).inView, { timeout: 5000 }).toBe(true);
    expect((await step()).firstOnPage).toBeGreaterThan(at.height);
    // Scrolled to the board's end, the panel rests under it: no part of the board stays hidden.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    at = await layout();
    expect(at.board.bottom).toBeLessThanOrEqual(at.panel.top);
    // A spectator has no move panel over the board; a desktop window keeps the panel in the side column.
    const watcher = await newPage(390);
    await watcher.setViewportSize({ width: 390, height: 844 });
    await watcher.goto(`${server.http}/#/watch/${roomId}`);
    await watcher.locator('.pill', { hasText: 'spectating' }).waitFor();
    await watcher.locator('.board > *').first().waitFor();
    const watched = await watcher.evaluate(() => [document.querySelector('.board')!, document.querySelector('.controls')!].map((el) => el.getBoundingClientRect()));
    expect(watched[1]!.top).toBeGreaterThanOrEqual(watched[0]!.bottom);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    at = await layout();
    expect(at.panel.left).toBeGreaterThanOrEqual(at.board.right);
    // Scrolled down the board, the side column's move panel is still in the window (it stayed at the page's top).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    at = await layout();
    expect(at.scrollY).toBeGreaterThan(300);
    expect(at.panel.top).toBeGreaterThanOrEqual(0);
    expect(at.panel.top).toBeLessThan(at.height / 2);
    // A list of moves longer than its room scrolls; its buttons keep the height their words need (squeezed to their
    // least height, words wrapped over several lines ran into the next button). Long words put in and taken out at once.
    await page.setViewportSize({ width: 1280, height: 300 });
    const all = page.locator('.controls .all-moves');
    if (!(await all.evaluate((el) => (el as HTMLDetailsElement).open))) await all.locator('summary').click();
    const squeezed = await all.locator('.move-list').evaluate((list) => {
      // Open while measured: a redraw for the bot's move may have closed the list since the click (shut, it measures 0).
      const details = list.closest('details')!;
      const wasOpen = details.open;
      details.open = true;
      // Eight moves at least, whatever the game left listed at this point (a turn may list only two): copies added a moment.
      const listed = [...list.querySelectorAll<HTMLElement>('.move')];
      const copies = Array.from({ length: Math.max(0, 8 - listed.length) }, () => list.appendChild(listed[0]!.cloneNode(true) as HTMLElement));
      const moves = [...listed, ...copies];
      const words = moves.map((el) => el.textContent);
      for (const el of moves) el.textContent = 'a move described at length '.repeat(6);
      const overflowing = list.scrollHeight > list.clientHeight;
      const count = moves.filter((el) => el.scrollHeight > el.clientHeight + 1).length;
      moves.forEach((el, i) => (el.textContent = words[i]!));
      copies.forEach((el) => el.remove());
      details.open = wasOpen;
      return { overflowing, count };
    });
    expect(squeezed).toEqual({ overflowing: true, count: 0 });
    await Promise.all([page.close(), watcher.close()]);
  }, 60_000);

  it.concurrent('on a phone the part focus lands on when the focused one goes is brought out from under the move panel: Great Western Trail at 390×844', async ({ expect }) => {
    const page = await newPage(390);
    await page.setViewportSize({ width: 390, height: 844 });
    await createInLobby(page, 'Great Western Trail', { seats: 2, bots: 1 });
    await page.locator('.controls .status.mine').waitFor({ timeout: 15_000 });
    // Focus landed on the first part to act on, near the page's top. The window grows lower (a phone's keyboard
    // shown): that part would lie under the panel. The player Tabs to a part that the next redraw takes away (a
    // stand-in; the board drawn again for a wide window, then a phone's), and focus lands on the first part again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('.board [data-key].can') ?? false), { timeout: 5000 }).toBe(true);
    const key = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.key!);
    const under = () =>
      page.evaluate((key) => {
        const part = document.querySelector(`.board [data-key="${CSS.escape(key)}"]`)!.getBoundingClientRect();
        const panel = document.querySelector('.controls')!.getBoundingClientRect();
        return { top: part.top, bottom: part.bottom, panelTop: panel.top, floats: getComputedStyle(document.querySelector('.controls')!).position === 'sticky' };
      }, key);
    const low = Math.ceil((await under()).bottom) + 10;
    const redrawnAt = async (width: number) => {
      const frame = await page.locator('#app').getAttribute('data-frame');
      await page.setViewportSize({ width, height: low });
      await expect.poll(() => page.locator('#app').getAttribute('data-frame'), { timeout: 5000 }).not.toBe(frame);
    };
    await redrawnAt(800);
    await page.evaluate(() => {
      const gone = Object.assign(document.createElement('button'), { className: 'can' });
      gone.dataset.key = 'gone';
      document.querySelector('.board')!.append(gone);
      gone.focus({ preventScroll: true });
    });
    await redrawnAt(390);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.key)).toBe(key);
    const after = await under();
    expect(after.floats).toBe(true);
    expect(after.top).toBeGreaterThanOrEqual(0);
    expect(after.bottom).toBeLessThanOrEqual(after.panelTop);
    await page.close();
  }, 40_000);

  it.concurrent("on a phone a step is brought into view by its parts, not by its Skip button: Great Western Trail's job market when hiring", async ({ expect }) => {
    const page = await newPage(390, true);
    await createInLobby(page, 'Great Western Trail', { seats: 2, bots: 1 });
    // The cattleman starts at building A, whose second action hires a worker ($6 in the first row; every player has $6 or more).
    const listed = (text: string) => page.locator('.controls .all-moves .move', { hasText: text }).first();
    await listed('(building A)').waitFor({ state: 'attached', timeout: 15_000 });
    await listed('(building A)').dispatchEvent('click');
    await listed('Hire 1 worker').waitFor({ state: 'attached', timeout: 5000 });
    await listed('Hire 1 worker').dispatchEvent('click');
    // The job market's tiles to act on lie far below the building's actions, where the page is, in Kansas City (the
    // step's Skip over them): the page brings the first of them into view, above the move panel.
    const tileInView = () =>
      page.evaluate(() => {
        const panel = document.querySelector('.controls')!.getBoundingClientRect();
        const tiles = [...document.querySelectorAll('.board [data-key^="slot:"].can')].map((el) => el.getBoundingClientRect());
        return tiles.length > 0 && tiles.some((r) => r.top >= 0 && r.bottom <= panel.top);
      });
    await page.locator('.board [data-key^="slot:"].can').first().waitFor({ timeout: 5000 });
    await expect.poll(tileInView, { timeout: 3000 }).toBe(true);
    // A tap on a tile hires and pays at once: the tile says the price first (the first row's $6, as the view quotes it).
    expect(await page.locator('.board [data-key^="slot:"].can').first().textContent()).toMatch(/ · −\$6$/);
    await page.close();
  }, 40_000);

  it.concurrent("keyboard: a section focused (a player's board in Great Western Trail) keeps the focus while moves change the board around it", async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'Great Western Trail', { seats: 2, bots: 1 });
    const botsBoard = page.locator('.board details.gwt-player > summary').nth(1);
    await botsBoard.focus();
    // Moves sent by script, which takes no focus: the board changes around the section read (as the others' moves
    // change it), parts coming and going before it. The focus stays on that section's line, not another's, nor the page.
    for (let move = 0; move < 6; move++) {
      await page.waitForFunction(() => document.querySelector('.all-moves .move') && document.querySelector('#app')!.getAttribute('data-inflight') === '0', undefined, { timeout: 30_000 });
      expect(await page.evaluate(() => document.activeElement?.closest('details')?.dataset.fold ?? document.activeElement?.tagName)).toBe('player:1');
      await sendFirstListedMove(page);
    }
    await page.close();
  }, 60_000);

  it.concurrent("keyboard: another player's chip focused (Great Western Trail) keeps the focus while moves change the board around it", async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'Great Western Trail', { seats: 2, bots: 1 });
    await page.locator('.board details.gwt-player > summary').nth(1).click();
    // The bot's last city: a chip no move names (a keyless button), after the parts of its board that come and go.
    const city = page.locator('.board details.gwt-player').nth(1).locator('.hand').last().locator('button').last();
    await city.focus();
    const name = await city.textContent();
    for (let move = 0; move < 6; move++) {
      await page.waitForFunction(() => document.querySelector('.all-moves .move') && document.querySelector('#app')!.getAttribute('data-inflight') === '0', undefined, { timeout: 30_000 });
      expect(await page.evaluate(() => [document.activeElement?.closest('details')?.dataset.fold, document.activeElement?.textContent])).toEqual(['player:1', name]);
      await sendFirstListedMove(page);
    }
    await page.close();
  }, 60_000);

  it.concurrent('a redraw leaves the page where the player scrolled it, though focus is on a part above', async ({ expect }) => {
    const page = await newPage();
    await createInLobby(page, 'Ready Set Bet', { seats: 2, bots: 1, options: { startDelayMs: 60_000 } });
    await page.setViewportSize({ width: 1280, height: 400 });
    // The page put focus on the first part to act on (the first betting space, where Enter bets the token the panel
    // names, not a token nor a colour bet under the spaces); the player scrolls down to the colour bets.
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('.board .rsb-grid [data-key="space:show-2/3-a"]') ?? false), { timeout: 10_000 }).toBe(true);
    const below = await page.evaluate(() => document.querySelector('.rsb-bets')!.getBoundingClientRect().top + window.scrollY);
    expect(below).toBeGreaterThan(400);
    await page.evaluate((y) => window.scrollTo(0, y), below);
    const frame = await page.locator('#app').getAttribute('data-frame');
    await page.setViewportSize({ width: 1200, height: 400 }); // a new width draws the table again
    await expect.poll(() => page.locator('#app').getAttribute('data-frame'), { timeout: 5000 }).not.toBe(frame);
    // Still at the colour bets: not pulled back up to the token focused.
    expect(await page.evaluate(() => document.activeElement!.getBoundingClientRect().bottom)).toBeLessThan(0);
    expect(await page.evaluate(() => Math.abs(document.querySelector('.rsb-bets')!.getBoundingClientRect().top))).toBeLessThan(100);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.board')))).toBe(true); // focus kept on the board
    await page.close();
  }, 40_000);

  it.concurrent('the turn clock of the seat to act counts down, and stays beside a long name in a wide window', async ({ expect }) => {
    const page = await newPage(390);
    await page.addInitScript(() => localStorage.setItem('parlor.name', 'Ada Lovelace of the Round Table'));
    await createInLobby(page, 'Fast Track', { seats: 2, bots: 1, turnSeconds: 30, options: { coloursPerPlayer: 1 } });
    const clock = page.locator('.seat.me .clock');
    await clock.waitFor({ timeout: 10_000 });
    const first = clockSeconds(await clock.textContent());
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(30);
    await expect.poll(async () => clockSeconds(await clock.textContent()), { timeout: 4000 }).toBeLessThan(first);
    // The time left is said in the move panel too, where the player looks while deciding (the seat list is under it on a
    // phone): the same clock, counting down in place, the panel kept (not drawn again each second).
    const panelClock = page.locator('.controls .status.mine .clock');
    expect(await page.locator('.controls .status.mine').textContent()).toMatch(/^Your move · \d:\d\d left\./);
    await panelClock.evaluate((el) => ((el as HTMLElement & { kept?: boolean }).kept = true));
    const before = clockSeconds(await panelClock.textContent());
    expect(Math.abs(before - clockSeconds(await clock.textContent()))).toBeLessThanOrEqual(1);
    await expect.poll(async () => clockSeconds(await panelClock.textContent()), { timeout: 4000 }).toBeLessThan(before);
    expect(await panelClock.evaluate((el) => (el as HTMLElement & { kept?: boolean }).kept)).toBe(true);
    expect(await clock.evaluate((el) => el.classList.contains('low'))).toBe(false);
    // In a wide window's side column the seat line breaks the long name, not the line: the clock stays on the name's
    // first line (it fell under the name).
    // (Read as the page shows it: the seat line is drawn again for the new width, and one read as it went is not laid out.)
    await page.setViewportSize({ width: 1280, height: 900 });
    const clockBesideName = () =>
      page.locator('.seat.me').evaluate((li) => {
        const [name, time] = ['.seat-name', '.clock'].map((sel) => li.querySelector(sel)!.getBoundingClientRect());
        return li.isConnected && name!.height > 0 ? time!.top < name!.bottom : null;
      });
    // (Polled to the answer: a redraw may replace the line between two reads, which then reads null.)
    await expect.poll(clockBesideName, { timeout: 5000 }).toBe(true);
    await page.close();
  }, 40_000);

  it.concurrent('a turn clock in its last seconds turns red, in the seat list and the move panel', async ({ expect }) => {
    const page = await newPage(390);
    await createInLobby(page, 'Fast Track', { seats: 2, bots: 1, turnSeconds: 16, options: { coloursPerPlayer: 1 } });
    const clocks = page.locator('.seat.me .clock, .controls .status.mine .clock');
    await page.locator('.controls .status.mine .clock').waitFor({ timeout: 10_000 });
    expect(await clocks.evaluateAll((els) => els.map((el) => el.classList.contains('low')))).toEqual([false, false]);
    // Ticked in place into its last ten seconds: both red, the same kept elements.
    await expect.poll(() => clocks.evaluateAll((els) => els.map((el) => el.classList.contains('low'))), { timeout: 9000 }).toEqual([true, true]);
    expect(await clocks.first().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)');
    await page.close();
  }, 40_000);

  it.concurrent('a server crash: the page follows its seat through the proxy to the process that takes the game over', async ({ expect }) => {
    // A deployment in miniature: Redis, two processes behind the repository's nginx front, the page on the front.
    const dir = mkdtempSync(join(tmpdir(), 'parlor-web-crash-'));
    mkdirSync(join(dir, 'redis'));
    const redis = await startRedis({ appendOnlyDir: join(dir, 'redis') });
    const ports = [await freePort(), await freePort(), await freePort()];
    const env = (slot: number) => ({ REDIS_URL: redis.url, PUBLIC_ADDRESS: `127.0.0.1:${ports[2]}/p${slot + 1}`, TRUSTED_PROXIES: '1', RECONNECT_SECONDS: '20', BOT_DELAY_MS: '0' });
    const procs = await Promise.all([0, 1].map((slot) => spawnServer(env(slot), undefined, ports[slot])));
    const proxy = await startProxy(ports[2]!, [ports[0]!, ports[1]!], join(dir, 'nginx'));
    // Its own page: the console reports the dropped sockets and the proxy's 502s while the process is down.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    try {
      await page.goto(`${proxy.http}/`);
      await page.getByRole('tab', { name: 'Fast Track' }).click();
      await page.locator('input[name=seats]').fill('2');
      await page.locator('input[name=bots]').fill('1');
      await page.locator('[data-action=create]').click();
      await page.waitForURL(/#\/table\//);
      const seat = await page.locator('.seat.me').getAttribute('data-seat');
      await page.locator('.all-moves .move').first().waitFor({ state: 'attached', timeout: 20_000 });
      const owner = Number(/\/p(\d)\//.exec(sockets.at(-1) ?? '')?.[1]) - 1;
      expect([0, 1]).toContain(owner);
      // The kill comes once the table is in Redis (a table killed before its first journal write is gone,
      // with nothing acknowledged) and one of our moves is answered.
      const roomId = page.url().split('#/table/')[1]!;
      const journal = new Redis(redis.url);
      await expect.poll(() => journal.sismember('parlor:live', roomId), { timeout: 5000 }).toBe(1);
      journal.disconnect();
      await page.locator('.all-moves .move').first().dispatchEvent('click');
      await expect.poll(() => page.locator('#app').getAttribute('data-inflight'), { timeout: 5000 }).toBe('0');
      await procs[owner]!.stop('SIGKILL');
      await page.locator('.notice', { hasText: 'Reconnected.' }).waitFor({ timeout: 30_000 });
      expect(sockets.at(-1)).toContain(`/p${2 - owner}/`);
      expect(await page.locator('.seat.me').getAttribute('data-seat')).toBe(seat);
      // The game goes on at the new process: a move from the list is answered.
      const frame = await page.locator('#app').getAttribute('data-frame');
      await page.locator('.all-moves .move').first().waitFor({ state: 'attached', timeout: 20_000 });
      await page.locator('.all-moves .move').first().dispatchEvent('click');
      await expect.poll(() => page.locator('#app').getAttribute('data-frame'), { timeout: 5000 }).not.toBe(frame);
      await expect.poll(() => page.locator('#app').getAttribute('data-inflight'), { timeout: 5000 }).toBe('0');
      expect(await page.locator('.notice.bad').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
      await Promise.all(procs.map((p) => p.stop('SIGKILL')));
      await proxy.stop();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  // A game joined mid-way: the log so far, and a phone's list of every move.
  it.concurrent('a spectator opening a running table sees its log so far, as a page watching from the start shows it', async ({ expect }) => {
    const pageProblems: string[] = [];
    const watch = async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && pageProblems.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
      await page.goto(`${server.http}/#/watch/${roomId}`);
      await page.locator('.pill', { hasText: 'spectating' }).waitFor();
      return page;
    };
    // Two players and a bot; the table waits for Bo, so the first page watches from before the first event.
    const ada = await adopt(await new Client(server.ws).create('fast-track', { seats: 3, bots: 1, name: 'Ada', options: { coloursPerPlayer: 1 } }));
    const roomId = ada.room.roomId;
    const early = await watch();
    const bo = await adopt(await new Client(server.ws).joinById(roomId, { name: 'Bo' }));
    try {
      // A few moves of each player's (the bot's between); the table then waits on a player, so nothing happens while the late page opens.
      for (let played = 0; played < 4; ) {
        const mover = await waitFor(() => [ada, bo].find((p) => state(p)?.status === 'playing' && legalMoves(p).length > 0), 10_000, 'a player’s turn');
        await mover.room.request('move', { ...legalMoves(mover)[0], expectSeq: state(mover).seq }).then(() => played++, () => undefined);
        await sleep(100);
      }
      await waitFor(() => [ada, bo].some((p) => legalMoves(p).length > 0), 10_000, 'the table waiting on a player');
      const shown = (page: Page) => page.locator('.log li').allTextContents();
      const late = await watch();
      // (Compared as each page has drawn them by now: the early page too may still be drawing the last lines.)
      const same = async () => {
        const [before, after] = await Promise.all([shown(early), shown(late)]);
        return before.length > 4 && before.join('\n') === after.join('\n');
      };
      await expect.poll(same, { timeout: 10_000 }).toBe(true);
      expect((await shown(late)).some((line) => line.includes('Ada'))).toBe(true);
      expect(await late.locator('.log-earlier').isVisible()).toBe(false); // the whole game so far
      await Promise.all([early.close(), late.close()]);
      expect(pageProblems).toEqual([]);
    } finally {
      await Promise.all([ada.room.leave(), bo.room.leave()]);
    }
  }, 60_000);

  it.concurrent('a page opening a long game shows its last lines, and says earlier moves are not shown', async ({ expect }) => {
    // A player and a bot: the table waits on the player's turn, so nothing happens while the page opens.
    // Two colours each (the default for two players): a game long enough.
    const ada = await adopt(await new Client(server.ws).create('fast-track', { seats: 2, bots: 1, name: 'Ada' }));
    try {
      // Enough moves for more lines than the page shows (each move's message makes a line or more).
      while (ada.events.length < 80) {
        await waitFor(() => state(ada)?.status === 'playing' && legalMoves(ada).length > 0, 10_000, 'Ada’s turn');
        // The table's seq after the move (or where it stood when it refused): the next move is chosen from the state there.
        const at = (await ada.room.request('move', { ...legalMoves(ada)[0], expectSeq: state(ada).seq }).catch((e) => e.reason)) as { seq: number };
        await waitFor(() => state(ada).seq >= at.seq, 10_000, 'the state after the move');
      }
      await waitFor(() => legalMoves(ada).length > 0, 10_000, 'the table waiting on Ada');
      const page = await newPage();
      await page.goto(`${server.http}/#/watch/${ada.room.roomId}`);
      await page.locator('.log-earlier').waitFor({ timeout: 10_000 });
      expect(await page.locator('.log li').count()).toBe(60);
      // The log is scrolled to its newest line, and follows the lines that come while it is there; scrolled back by the
      // player to read, it stays where they put it as lines come.
      const scroll = () => page.locator('.log').evaluate((log) => ({ top: log.scrollTop, end: log.scrollHeight - log.clientHeight }));
      const atEnd = async () => {
        const at = await scroll();
        return at.end > 0 && Math.abs(at.top - at.end) <= 1;
      };
      /** Ada moves, and the page draws the lines of it (and of the bot's move after it). */
      const nextLines = async () => {
        await page.locator('.log li').last().evaluate((li) => li.setAttribute('data-seen', ''));
        await waitFor(() => legalMoves(ada).length > 0, 10_000, 'Ada’s turn');
        const at = (await ada.room.request('move', { ...legalMoves(ada)[0], expectSeq: state(ada).seq })) as { seq: number };
        await waitFor(() => state(ada).seq >= at.seq, 10_000, 'the state after the move');
        await page.locator('.log li:last-child:not([data-seen])').waitFor({ timeout: 10_000 });
      };
      await expect.poll(atEnd, { timeout: 5000 }).toBe(true);
      await nextLines();
      await expect.poll(atEnd, { timeout: 5000 }).toBe(true);
      await page.locator('.log').evaluate((log) => (log.scrollTop = 100));
      await nextLines();
      await page.waitForTimeout(200); // (a frame or more: the page would have scrolled the log by now)
      expect((await scroll()).top).toBeLessThan(110);
      expect(await atEnd()).toBe(false);
      await page.close();
    } finally {
      await ada.room.leave();
    }
  }, 90_000);

  it.concurrent('Tractor on a phone: the list of every move closes once a move from it is sent, and stays closed on the next turn', async ({ expect }) => {
    const page = await newPage(390);
    await page.setViewportSize({ width: 390, height: 844 });
    // A declaring window the bots answer in on a loaded machine too (one that closes before any bot declares deals the
    // hand again, a hundred cards a patch apart), and a first wait for the deal and the first trick as long as the whole
    // games beside it may make them (one run on a loaded machine waited out 45 s; alone it takes a few seconds).
    await createInLobby(page, 'Tractor (Shengji)', { seats: 4, bots: 3, options: { handLimit: 1, dealDelayMs: 0, declareWindowMs: 1500 } });
    await page.waitForFunction(() => /· playing/.test(document.querySelector('.tractor p')?.textContent ?? '') && document.querySelector('.controls.turn .status.mine') && document.querySelector('.all-moves'), undefined, { timeout: 75_000, polling: 100 });
    await page.locator('.all-moves summary').click();
    await page.locator('.all-moves[open] .move').first().waitFor();
    const held = await page.locator('.hand [data-key]').count();
    await page.locator('.all-moves[open] .move').first().click();
    // The player's next turn: the card played gone from the hand. (Not the list going away while the others play: a
    // player who plays a trick's last card and wins it leads the next at once, in the state that answers the move.)
    // (The others' three moves and a trick's end, each a patch apart: slow when the whole games beside it load the machine.)
    await page.waitForFunction((before) => document.querySelectorAll('.hand [data-key]').length < before && document.querySelector('.controls.turn .status.mine') && document.querySelector('.all-moves'), held, { timeout: 45_000, polling: 100 });
    expect(await page.locator('.all-moves').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await page.close();
  }, 140_000);

  // Last of the concurrent tests: its five seats would slow the whole games running beside it, and by the time it
  // starts they are long over (they start first); beside the last few short tests it fills the cores they leave idle.
  it.concurrent('Tractor, finding friends: the starter calls friends no listed move names, and the hand goes on', async ({ expect }) => {
    const page = await newPage();
    const roomId = await createInLobby(page, 'Tractor (Shengji)', {
      seats: 5,
      bots: 0,
      options: { mode: 'findingFriends', friends: 2, handLimit: 1, dealDelayMs: 0, declareWindowMs: 1500, handEndDelayMs: 0 },
    });
    const others = await Promise.all([1, 2, 3, 4].map(async () => adopt(await new Client(server.ws).joinById(roomId, {}))));
    const playing = Promise.all(others.map((p) => playCardsOnly(p, 90_000)));
    playing.catch(() => undefined); // awaited below; a failure before that must not go unhandled
    try {
      const phase = async () => /· (\w+)/.exec((await page.locator('.tractor p').first().textContent()) ?? '')?.[1];
      // The page declares whatever it can (a hand without a declaration is dealt again): it alone declares, so it starts.
      const listed = (type: string) => page.locator(`.all-moves .move[data-move^='{"type":"${type}"']`);
      for (const until = Date.now() + 60_000; Date.now() < until && (await phase()) !== 'burying'; ) {
        if (await listed('declare').count()) await listed('declare').first().dispatchEvent('click', undefined, { timeout: 500 }).catch(() => undefined);
        await page.waitForTimeout(50);
      }
      expect(await phase()).toBe('burying');
      await chooseWithoutSamples(page, 3);
      await listed('bury').first().dispatchEvent('click');
      // Calling: every callable card once per ordinal; a pair of them that no listed call names.
      await page.locator('.board [data-key^="call:"].can').first().waitFor({ timeout: 10_000 });
      // A card of the hand is no part of a call: a tap on it says so in the panel and sends nothing.
      await page.locator('.board .hand [data-key^="card:"]').first().click({ force: true });
      expect(await page.locator('.controls .notice.bad').textContent()).toBe('That card cannot be played now.');
      expect(await page.locator('#app').getAttribute('data-inflight')).toBe('0');
      const parts = await page.locator('.board [data-key^="call:"].can').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.key!));
      expect(parts.some((k) => k.startsWith('call:1:')) && parts.some((k) => k.startsWith('call:2:'))).toBe(true);
      const calls = await listed('callFriends').evaluateAll((els) => els.map((e) => JSON.parse((e as HTMLElement).dataset.move!) as { friends: { card: string; ordinal: number }[] }));
      expect(calls.length).toBeGreaterThan(0);
      const named = new Set(calls.map((m) => m.friends.map((f) => `call:${f.ordinal}:${f.card}`).sort().join()));
      const chosen = parts.slice(-2);
      expect(named.has([...chosen].sort().join())).toBe(false);
      for (const key of chosen) await page.locator(`.board [data-key="${key}"]`).click();
      // The panel read once it shows both picks: a pick is drawn at the next frame, and read at once the panel could
      // still be the first pick's (its offer, or a button for a call of one friend).
      const button = page.locator('.compose .move');
      const friends = chosen.map((k) => ({ card: k.split(':')[2], ordinal: Number(k.split(':')[1]) }));
      await expect.poll(async () => JSON.parse((await button.getAttribute('data-move', { timeout: 1000 }).catch(() => null)) ?? 'null'), { timeout: 5000 }).toEqual({ type: 'callFriends', friends });
      expect(await page.locator('.controls .notice.bad').count()).toBe(0); // a part picked takes the words away
      expect(await page.locator('.controls .chooser').count()).toBe(0); // no listed call beside the selection's
      await button.click();
      // The server took the call: the table names the friends, play begins, and the hand is played out.
      await expect.poll(phase, { timeout: 10_000 }).toBe('playing');
      const called = () => (state(others[0]!).table.friendCalls as { card: string; ordinal: number }[]).map((f) => ({ card: f.card, ordinal: f.ordinal }));
      await expect.poll(called, { timeout: 5000 }).toEqual(friends);
      expect(await page.locator('.tractor p').first().textContent()).toContain('friends: ');
      // The call's line, once: its events message is a task after the patch's, and a frame may be drawn between the two.
      await page.locator('.log li', { hasText: 'calls the' }).first().waitFor({ timeout: 5000 });
      expect(await page.locator('.log li', { hasText: 'calls the' }).count()).toBe(1);
      expect(await page.locator('.notice.bad').count()).toBe(0);
      await playToTheEnd(page, 90_000);
      await playing;
      await expectFinished(page);
    } finally {
      await Promise.all(others.map((p) => p.room.leave()));
      await page.close();
    }
  }, 150_000);

  it.concurrent('a move answered before the state that shows it: the page waits for that state, a tap meanwhile sends nothing, and no refusal is said', async ({ expect }) => {
    const page = await newPage();
    // The server's frames to the page after its move are held, the move's reply let through (ROOM_RESPONSE): the
    // moment between a reply and the patch that shows the move (docs/PROTOCOL.md, Events), made long enough to tap in.
    const ROOM_REQUEST = 21;
    const ROOM_RESPONSE = 22;
    const code = (m: string | Buffer) => (typeof m === 'string' ? -1 : m[0]! & 0x1f);
    const isMove = (m: string | Buffer) => code(m) === ROOM_REQUEST && (m as Buffer).includes('move');
    let armed = false;
    let holding = false;
    let moveRequests = 0;
    const held: (string | Buffer)[] = [];
    let release = () => undefined as void;
    await page.routeWebSocket(/./, (ws) => {
      const toServer = ws.connectToServer();
      ws.onMessage((m) => {
        if (isMove(m)) {
          moveRequests++;
          holding ||= armed;
        }
        toServer.send(m);
      });
      toServer.onMessage((m) => (holding && code(m) !== ROOM_RESPONSE ? held.push(m) : ws.send(m)));
      release = () => {
        holding = armed = false;
        for (const m of held.splice(0)) ws.send(m);
      };
    });
    // The SDK first tries Node's WebSocket(url, { headers, protocols }), which a browser's refuses at once; the routed
    // one refuses it only later, uncaught: refused at once here too, the SDK goes on to the browser's form.
    await page.addInitScript(() => {
      const Routed = window.WebSocket;
      window.WebSocket = class extends Routed {
        constructor(url: string | URL, protocols?: string | string[]) {
          if (protocols !== undefined && typeof protocols !== 'string' && !Array.isArray(protocols)) throw new SyntaxError('protocols: not a protocol');
          super(url, protocols);
        }
      };
    });
    try {
      await createInLobby(page, 'Fast Track', { seats: 2, bots: 1, options: { coloursPerPlayer: 1 } });
      await page.locator('.controls .status.mine').waitFor({ timeout: 20_000 });
      await page.locator('.all-moves summary').click();
      const first = page.locator('.all-moves .move').first();
      armed = true;
      await first.click();
      // Answered: the page has the reply, not the state after it, and still shows the moves of the position before.
      await expect.poll(() => page.locator('#app').getAttribute('data-inflight'), { timeout: 5000 }).toBe('0');
      expect(moveRequests).toBe(1);
      expect(holding).toBe(true);
      await page.locator('.all-moves .move').first().dispatchEvent('click');
      await page.waitForTimeout(300);
      expect(moveRequests).toBe(1); // the tap sent nothing: the move would be the old position's
      await expect.poll(() => page.locator('.controls').getAttribute('aria-busy'), { timeout: 5000 }).toBe('true');
      release();
      await expect.poll(() => page.locator('.controls').getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
      expect(await page.locator('.notice.bad').count()).toBe(0);
    } finally {
      release();
      await page.close();
    }
  }, 60_000);

  it.concurrent("a refusal of the player's move is read through the turn, and goes once the player's next turn begins", async ({ expect }) => {
    const page = await newPage();
    // A short clock: the turn passes without a move of the page's (the bot plays it), and the next comes.
    await createInLobby(page, 'Fast Track', { seats: 2, bots: 1, turnSeconds: 3, options: { coloursPerPlayer: 1 } });
    await page.locator('.controls .status.mine').waitFor({ timeout: 20_000 });
    await page.locator('.all-moves summary').click();
    // A move the game does not have, as a client holding no rule could send (rewritten and clicked in one task).
    await page.locator('.all-moves .move').first().evaluate((button) => {
      button.dataset.move = JSON.stringify({ type: 'nonsense' });
      (button as HTMLButtonElement).click();
    });
    await page.locator('.controls .notice.bad', { hasText: 'Refused' }).waitFor({ timeout: 10_000 });
    // Whether the refusal was still said as the page's turn ended (the clock played it), and as its next turn began.
    const seen = await page.evaluate(
      () =>
        new Promise<{ turnOver: boolean; nextTurn: boolean } | 'timed out'>((resolve) => {
          const refused = () => [...document.querySelectorAll('.controls .notice.bad')].some((el) => el.textContent?.startsWith('Refused'));
          let turnOver: boolean | null = null;
          const look = () => {
            const mine = document.querySelector('.controls .status.mine') !== null;
            if (turnOver === null && !mine) turnOver = refused();
            else if (turnOver !== null && mine) {
              observer.disconnect();
              resolve({ turnOver, nextTurn: refused() });
            }
          };
          const observer = new MutationObserver(look);
          observer.observe(document.querySelector('.controls')!, { subtree: true, childList: true, characterData: true, attributes: true });
          setTimeout(() => resolve('timed out'), 30_000);
        }),
    );
    expect(seen).toEqual({ turnOver: true, nextTurn: false });
    await page.close();
  }, 60_000);

  it.concurrent('a friend come by an invite link is asked for a name before the seat is taken; a name the browser keeps is taken as it is', async ({ expect }) => {
    const host = await newPage();
    const roomId = await createInLobby(host, 'Fast Track', { seats: 3, bots: 0, private: true, options: { coloursPerPlayer: 1 } });
    const link = `${server.http}/#/table/${roomId}/${await host.locator('[data-invite]').getAttribute('data-invite')}`;
    const [friend, another] = await Promise.all([newPage(), newPage()]);
    await friend.goto(link);
    await friend.locator('#seat-name').waitFor({ timeout: 5000 });
    expect(await friend.locator('.seat.me').count()).toBe(0);
    expect(await host.locator('.seat', { hasText: 'free seat' }).count()).toBe(2); // not seated while asked
    await friend.locator('#seat-name').fill('Bo');
    await friend.locator('[data-action=take-seat]').click();
    await friend.locator('.seat.me', { hasText: 'Bo (you)' }).waitFor({ timeout: 5000 });
    await host.locator('.seat', { hasText: 'Bo' }).waitFor({ timeout: 5000 });
    expect(await friend.evaluate(() => localStorage.getItem('parlor.name'))).toBe('Bo'); // kept for the lobby and the next table
    await another.addInitScript(() => localStorage.setItem('parlor.name', 'Cy'));
    await another.goto(link);
    await another.locator('.seat.me', { hasText: 'Cy (you)' }).waitFor({ timeout: 5000 });
    expect(await another.locator('#seat-name').count()).toBe(0);
    await Promise.all([host.close(), friend.close(), another.close()]);
  }, 60_000);

  it.concurrent("lobby: an option that has no effect under the others chosen shows unticked, says what it needs, and is not sent", async ({ expect }) => {
    const page = await newPage();
    await fillLobbyForm(page, 'Ready Set Bet', { seats: 4, bots: 3 });
    const option = (name: string) => page.locator(`form.create [name=${name}]`);
    const shown = async (name: string) => ({ disabled: await option(name).isDisabled(), checked: await option(name).isChecked(), note: await page.locator(`#option-applies-${name}:visible`).textContent({ timeout: 500 }).catch(() => null) });
    // The server rolls (the default): the host's bets do not apply, and the host's first bets not either.
    expect(await shown('hostBetsFirst')).toEqual({ disabled: true, checked: false, note: 'Applies only with Host mode: A seated host, and Host bets: on.' });
    expect(await shown('hostBets')).toEqual({ disabled: true, checked: false, note: 'Applies only with Host mode: A seated host.' });
    const hostMode = async (value: string) =>
      option('hostMode').selectOption((await option('hostMode').evaluate((el, json) => [...(el as HTMLSelectElement).options].find((o) => o.dataset.value === json)!.value, JSON.stringify(value)))!);
    await hostMode('hostSeat');
    await option('hostBets').check();
    // A seated host who bets: the host bets first, as the rules have it (the option's default).
    expect(await shown('hostBetsFirst')).toEqual({ disabled: false, checked: true, note: null });
    await option('hostBetsFirst').uncheck();
    await hostMode('server');
    expect(await shown('hostBetsFirst')).toEqual({ disabled: true, checked: false, note: 'Applies only with Host mode: A seated host, and Host bets: on.' });
    // Back under a seated host who bets, the player's choice comes back.
    await hostMode('hostSeat');
    expect(await shown('hostBets')).toEqual({ disabled: false, checked: true, note: null });
    expect(await shown('hostBetsFirst')).toEqual({ disabled: false, checked: false, note: null });
    await hostMode('server');
    const asked = page.waitForRequest((r) => r.method() === 'POST' && /\/matchmake\/create\/ready-set-bet$/.test(new URL(r.url()).pathname));
    await page.locator('[data-action=create]').click();
    const body = (await asked).postDataJSON();
    for (const key of ['hostBets', 'hostBetsFirst']) expect(body.options).not.toHaveProperty(key);
    await page.waitForURL(/#\/table\//);
    await page.close();
  }, 60_000);

  it.concurrent("lobby: the seat count is bounded by the options chosen (the schema's seatsWhen): Ready Set Bet's ninth seat only for a seated host", async ({ expect }) => {
    const page = await newPage();
    await fillLobbyForm(page, 'Ready Set Bet', { seats: 8 });
    const seats = page.locator('form.create [name=seats]');
    const label = page.locator('form.create label.field:has([name=seats]) > span');
    const bounds = async () => ({ min: await seats.getAttribute('min'), max: await seats.getAttribute('max'), value: await seats.inputValue(), label: await label.textContent() });
    // The server rolls (the default): every seat bets, eight at most.
    expect(await bounds()).toEqual({ min: '2', max: '8', value: '8', label: 'Seats (2–8)' });
    const hostMode = page.locator('form.create [name=hostMode]');
    const choose = async (value: string) => hostMode.selectOption((await hostMode.locator(`option[data-value='${JSON.stringify(value)}']`).getAttribute('value'))!);
    await choose('hostSeat');
    expect(await bounds()).toEqual({ min: '3', max: '9', value: '8', label: 'Seats (3–9)' }); // a host and at least two bettors
    await seats.fill('9');
    // Back to the server rolling: nine seats are brought within the bound, and the table asked for is one it takes.
    await choose('server');
    expect(await bounds()).toEqual({ min: '2', max: '8', value: '8', label: 'Seats (2–8)' });
    await page.locator('input[name=bots]').fill('7');
    const asked = page.waitForResponse((r) => /\/matchmake\/create\/ready-set-bet$/.test(new URL(r.url()).pathname));
    await page.locator('[data-action=create]').click();
    expect((await asked).status()).toBe(200);
    await page.waitForURL(/#\/table\//);
    await page.close();
  }, 60_000);

  it.concurrent("lobby on a phone: your seats come before the create form (beside it on a wide window), each saying when it is the seat's turn", async ({ expect }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } }); // one profile: the lobby tab sees the table tab's seat
    const [table, lobby] = await Promise.all([context.newPage(), context.newPage()]);
    for (const page of [table, lobby]) page.on('pageerror', (e) => consoleProblems.push(`page error: ${e.message}`));
    // No seats yet: no empty panel for them.
    await lobby.goto(`${server.http}/`);
    await lobby.locator('form.create button').first().waitFor();
    expect(await lobby.locator('.lobby > .mine').isVisible()).toBe(false);
    expect(await lobby.title()).toBe('Parlor');
    const roomId = await createInLobby(table, 'Fast Track', { seats: 2, bots: 1, options: { coloursPerPlayer: 1 } });
    await lobby.locator(`.your-seats a[href="#/table/${roomId}"]`).waitFor({ timeout: 8000 });
    // The game waits for the table tab's player (its bot moves at once): the lobby says so beside the seat.
    await table.locator('.seat.me .tag.turn').waitFor({ timeout: 10_000 });
    expect(await table.title()).toBe('Your turn · Fast Track · Parlor'); // (the tab's title, for a tab in the background)
    await lobby.locator('.your-seats li', { hasText: 'Fast Track' }).locator('.tag.turn', { hasText: 'your turn' }).waitFor({ timeout: 10_000 });
    expect(await lobby.title()).toBe('Your turn (1) · Parlor');
    const boxes = async () => {
      const [seats, form] = await Promise.all([lobby.locator('.your-seats').boundingBox(), lobby.locator('form.create').boundingBox()]);
      return { seats: seats!, form: form! };
    };
    const phone = await boxes();
    expect(phone.seats.y + phone.seats.height).toBeLessThanOrEqual(phone.form.y);
    expect(phone.seats.y + phone.seats.height).toBeLessThanOrEqual(844); // in the window as the lobby opens
    await lobby.setViewportSize({ width: 1280, height: 900 });
    const wide = await boxes();
    expect(wide.seats.x).toBeGreaterThanOrEqual(wide.form.x + wide.form.width);
    expect(wide.seats.y).toBeLessThan(wide.form.y + wide.form.height);
    await context.close();
  }, 60_000);

  it.concurrent('Fast Track: the marbles marked as moved while you waited are counted afresh after a visit to the lobby', async ({ expect }) => {
    const page = await newPage();
    const roomId = await createInLobby(page, 'Fast Track', { seats: 2, bots: 1, options: { coloursPerPlayer: 1 } });
    const yourTurn = () => page.waitForFunction(() => document.querySelector('.all-moves .move') && document.querySelector('#app')!.getAttribute('data-inflight') === '0', undefined, { timeout: 30_000 });
    // Moves until the bot's move between two of yours is marked on the board.
    for (let move = 0; move < 60; move++) {
      await yourTurn();
      if (await page.locator('.board .moved').count()) break;
      await sendFirstListedMove(page);
    }
    expect(await page.locator('.board .moved').count()).toBeGreaterThan(0);
    // To the lobby and back in the same tab, as a page opened now: nothing to compare yet, so nothing marked.
    await page.evaluate(() => (location.hash = '#/'));
    await page.locator('form.create button').first().waitFor();
    await page.evaluate((id) => (location.hash = `#/table/${id}`), roomId);
    await yourTurn();
    expect(await page.locator('.board .moved').count()).toBe(0);
    await page.close();
  }, 60_000);

  it('logs no console errors or warnings on any page', () => {
    expect(consoleProblems).toEqual([]);
  });
});
