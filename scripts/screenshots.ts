/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * `npm run screenshots`: retakes docs/images/<game>-desktop.png (1280 wide) and <game>-phone.png (390×844)
 * for every game. Builds the web client, starts one local server with bots on a free loopback port, opens
 * a table of each game in Chromium from the lobby, plays a few moves by clicking (so the board shows a game
 * under way), and captures the whole page at 1280, and a phone's window on the player's turn at 390.
 *
 *   npm run screenshots                 # all five games
 *   npm run screenshots -- tac tractor  # only these
 *
 * Needs Debian's `chromium` (CHROMIUM=/path overrides). Nothing leaves the machine.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

interface Scene {
  game: string;
  /** The lobby tab. */
  tab: string;
  seats: number;
  bots: number;
  options: Record<string, unknown>;
  /** Own moves to play before the picture. */
  moves: number;
  /** Waits for something worth showing (after the moves). */
  ready?: (page: Page) => Promise<void>;
}

const SCENES: Scene[] = [
  {
    game: 'ready-set-bet',
    tab: 'Ready Set Bet',
    seats: 5,
    bots: 4,
    options: { startDelayMs: 2500, rollIntervalMs: 500 },
    moves: 2,
    // Bets placed and the horses well on their way, before anyone crosses the finish.
    ready: async (page) => {
      await page.waitForFunction(() => document.querySelectorAll('.board [data-bet-seat]').length >= 8, null, { timeout: 20_000 });
      await page.waitForTimeout(9000);
    },
  },
  { game: 'tractor', tab: 'Tractor (Shengji)', seats: 4, bots: 3, options: { dealDelayMs: 0, declareWindowMs: 300 }, moves: 6 },
  { game: 'fast-track', tab: 'Fast Track', seats: 4, bots: 3, options: {}, moves: 10 },
  { game: 'tac', tab: 'TAC', seats: 4, bots: 3, options: { dealDelayMs: 0 }, moves: 8 },
  { game: 'great-western-trail', tab: 'Great Western Trail', seats: 3, bots: 2, options: {}, moves: 14 },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BOT_DELAY_MS: '150', RATE_LIMIT_EXEMPT: '127.0.0.1,::1' }; // one browser drives every table
  delete env.REDIS_URL; // one process, state in memory
  delete env.PUBLIC_ADDRESS;
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const http = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${http}/health`).then((r) => r.ok, () => false);
    if (up) return { http, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not come up in 60 s');
}

/** Creates the scene's table from the lobby form, as a person would. */
async function openTable(page: Page, http: string, scene: Scene) {
  await page.goto(`${http}/`);
  await page.getByRole('tab', { name: scene.tab }).click();
  await page.locator('input[name=seats]').fill(String(scene.seats));
  await page.locator('input[name=bots]').fill(String(scene.bots));
  await page.locator('details.options summary').click();
  for (const [name, value] of Object.entries(scene.options)) await page.locator(`form.create [name=${name}]`).fill(String(value));
  await page.locator('[data-action=create]').click();
  await page.waitForURL(/#\/table\//);
  await page.locator('.board > *').first().waitFor();
}

/** Plays up to `count` own moves (a highlighted board part, the chooser, or the first listed move), at most 60 s. */
async function playSome(page: Page, count: number) {
  await page.evaluate(async (count) => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const app = document.getElementById('app')!;
    const until = Date.now() + 60_000;
    for (let played = 0, turn = 0; played < count && Date.now() < until && !document.querySelector('[data-seed]'); ) {
      const frame = app.dataset.frame;
      const chooser = document.querySelector<HTMLElement>('.chooser .move');
      const first = document.querySelector<HTMLElement>('.all-moves .move');
      const parts = [...document.querySelectorAll<HTMLElement>('.board [data-key].can')];
      const target = chooser ?? (first && parts.length && turn++ % 2 === 0 ? parts[Math.floor(Math.random() * parts.length)]! : first);
      if (!target) {
        await sleep(50);
        continue;
      }
      target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      if (target === chooser || target === first) played++;
      const limit = Date.now() + 2000;
      while (Date.now() < limit && (app.dataset.inflight !== '0' || app.dataset.frame === frame)) await sleep(20);
    }
    document.querySelector<HTMLElement>('.chooser [data-focus=clear]')?.click();
  }, count);
}

const wanted = process.argv.slice(2);
const scenes = wanted.length ? SCENES.filter((s) => wanted.includes(s.game)) : SCENES;
if (!scenes.length) throw new Error(`no such game; choose from ${SCENES.map((s) => s.game).join(', ')}`);

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit' });
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const scene of scenes) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openTable(page, server.http, scene);
    await playSome(page, scene.moves);
    await scene.ready?.(page);
    await page.mouse.move(0, 0);
    // A click of the scripted player can race a bot and be refused ("not your turn"): not part of the picture.
    await page.evaluate(() => document.querySelectorAll('.notice.bad').forEach((n) => n.replaceChildren()));
    // From the page's top: the side column keeps to the window, and a page scrolled to a step's parts would show it there.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${root}docs/images/${scene.game}-desktop.png`, fullPage: true });
    // The phone's window as the player sees it on their turn: the board's top and the move panel under it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.controls.turn').waitFor({ timeout: 10_000 }).catch(() => undefined);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${root}docs/images/${scene.game}-phone.png` });
    console.log(`docs/images/${scene.game}-desktop.png, -phone.png`);
    await page.close();
  }
} finally {
  await browser.close();
  server.stop();
}
