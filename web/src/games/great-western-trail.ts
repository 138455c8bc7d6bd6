/**
 * Great Western Trail as clear panels: the trail from the start to Kansas City as the view lays it out, its routes
 * side by side between the neutral buildings, with buildings, hazards, teepees and the cattlemen;
 * Kansas City (foresight, job market, cattle market, objectives); the railroad with engines and
 * stations; every player's board; your hand; the final scoring by category once the game is over.
 *
 * Clicks: anything a listed move names — a trail location, a card, a building, a worker slot, a
 * railroad space, a city, a disc — keeps the moves that name it; the chooser says what is left.
 */
import { cloned, edgeIn, h, phoneWidth, seatColour, seatDot } from '../dom.ts';
import type { BoardContext, GameBoard, GameEvent, Move, Plain } from '../types.ts';
import { capital, count, describeMoveGeneric, listText } from './generic.ts';
import { fold, foldsChosen, foldsKept } from './folds.ts';
import { cityValueText, content, kindOf, named } from './great-western-trail-words.ts';
import type { Names } from './great-western-trail-words.ts';

const dot = (seat: number, ctx: BoardContext) => seatDot(seat, { title: ctx.name(seat) });

// The printed game's words come with the view (`table.names`, the same for the whole game).
const names = (ctx: BoardContext): Names => ctx.table.names;
/** A trail space as the board names it ('' before the first turn: the start). */
const spaceName = (ctx: BoardContext, space: string): string => (space ? names(ctx)?.spaces?.[space]?.text ?? space : named(names(ctx), 'spaces', 'START'));
/** Any card: a cattle card by breed, value and VP, an objective card by what it asks and scores. */
const cardName = (ctx: BoardContext, card: string): string => `${kindOf(names(ctx), 'cards', card) === 'objective' ? 'objective: ' : ''}${named(names(ctx), 'cards', card)}`;
const objectiveText = (ctx: BoardContext, card: string): string => named(names(ctx), 'cards', card);
const tileName = (ctx: BoardContext, tile: string): string => named(names(ctx), 'tiles', tile);
const cityName = (ctx: BoardContext, city: string): string => named(names(ctx), 'cities', city);
const masterName = (ctx: BoardContext, master: number): string => `station master ${master}: ${named(names(ctx), 'stationMasters', master)}`;
/** A disc by the player-board space it leaves, or the station it comes back from (`station:3`). */
function discName(ctx: BoardContext, disc: string): string {
  const station = /^station:(\d+)$/.exec(disc);
  if (station) return `the disc on station ${Number(station[1]) + 1}`;
  return `${named(names(ctx), 'discs', disc)}${kindOf(names(ctx), 'discs', disc) === 'dark' ? ' (dark)' : ''}`;
}
/** A disc of an auxiliary action's pair as the view names it, with what lifting one or both frees. */
const PAIR_NOTE = /, (first|second) disc \(one frees the single, both the double\)$/;
/**
 * A disc's name on a button, short enough for a phone's one line: "auxiliary action 3 (1 of 2)", "auxiliary action 1
 * (double)", what a pair frees said once in the panel line.
 */
const discButtonName = (text: string): string =>
  text.replace(PAIR_NOTE, (_, which: string) => ` (${which === 'first' ? 1 : 2} of 2)`).replace(/^(auxiliary action \d+): the double$/, '$1 (double)');
/** The printed stations: cost, VP and the railroad space their turnout leaves. */
const printedStations = (ctx: BoardContext): { cost: number; vp: number; turnout: number }[] => names(ctx)?.stations ?? [];
/** Where an engine stands: a railroad space, or the turnout (n + 0.5) of a station. */
function engineName(ctx: BoardContext, position: number): string {
  if (Number.isInteger(position)) return `space ${position}`;
  const station = printedStations(ctx).findIndex((s) => s.turnout === Math.floor(position));
  return station >= 0 ? `the turnout of station ${station + 1}` : `space ${position}`;
}

/** A station with what its upgrade costs and scores, as printed: "station 3 ($4, 2 VP)"; "station 3 (2 VP)" without the cost. */
function stationText(ctx: BoardContext, station: number, withCost = true): string {
  const printed = printedStations(ctx)[station];
  return `station ${station + 1}${printed ? ` (${withCost ? `$${printed.cost}, ` : ''}${printed.vp} VP)` : ''}`;
}

/** A building as the view describes it (`table.buildings`, keyed `A`, `4a`): its actions, craftsmen, hand and fee, VP; null if unknown. */
const building = (ctx: BoardContext, code: string): Plain | null => ctx.table.buildings?.[code] ?? null;
/** What a building does and costs in one line ("pay $5 → remove a hazard; … · 2 craftsmen · black hand: fee $1 · 3 VP"), '' if unknown. */
const buildingText = (ctx: BoardContext, code: string): string => String(building(ctx, code)?.text ?? '');
/** The building standing on a trail location, by its code (`A`, `4a`): '' where none stands. */
function buildingAt(ctx: BoardContext, loc: string): string {
  const [kind, a = '', b = ''] = String(ctx.table.trail?.[loc] ?? '').split(':');
  return kind === 'n' ? a : kind === 'p' ? b : '';
}

/**
 * The trail location whose building the player last tapped, by table: its line stays under its stage over the redraws
 * (a title is no help on a phone), until another is tapped. A location selected for a move is described first.
 */
const tapped = new Map<string, string>();
/** Each table's board context as last drawn, for the listeners of a board kept on the page (see render). */
const drawnLast = new Map<string, BoardContext>();

/** The line describing the building on `loc`: "Building 4a (Bo's) on A-2: …", "Neutral building A: …"; null where none stands. */
function buildingNote(ctx: BoardContext, loc: string) {
  const code = buildingAt(ctx, loc);
  const text = code ? buildingText(ctx, code) : '';
  if (!text) return null;
  return h(
    'p',
    { class: 'gwt-building-note', role: 'status', style: 'flex-basis:100%;margin:0.2rem 0;font-size:0.9rem;overflow-wrap:anywhere' },
    h('b', null, buildingNoteHead(ctx, loc)),
    text,
  );
}

/** Which building stands on `loc`, whose and where: "Building 4a (Bo's) on A-2: ", "Neutral building A: ". */
function buildingNoteHead(ctx: BoardContext, loc: string): string {
  const code = buildingAt(ctx, loc);
  const c = content(names(ctx), ctx.table.trail?.[loc] ?? '');
  if (c.kind === 'neutral') return `Neutral building ${code}: `;
  const owner = c.owner === null ? '' : c.owner === ctx.mySeat ? ' (yours)' : ` (${ctx.name(c.owner)}'s)`;
  return `Building ${code}${owner} on ${spaceName(ctx, loc)}: `;
}

/** The location whose building is described under the trail: the one selected, else the one last tapped. */
function describedLocation(ctx: BoardContext): string {
  const selected = (ctx.selected ?? []).map((k) => k.slice(2)).findLast((loc) => buildingAt(ctx, loc) !== '');
  const last = tapped.get(ctx.roomId) ?? '';
  return selected ?? (buildingAt(ctx, last) ? last : '');
}

/**
 * A tap on a trail location with a building (caught at the board's root): its line is drawn under the location's stage
 * at once, whether or not the tap makes a move (a part no move names redraws nothing).
 */
export function buildingTapped(e: Pick<Event, 'target' | 'currentTarget'>, ctx: BoardContext) {
  const part = (e.target as Element | null)?.closest?.<HTMLElement>('[data-building-at]');
  const root = e.currentTarget as HTMLElement;
  if (!part || !root) return;
  const loc = part.dataset.buildingAt!;
  tapped.set(ctx.roomId, loc);
  const note = buildingNote(ctx, loc);
  for (const old of root.querySelectorAll('.gwt-building-note')) old.remove();
  const stage = part.closest('.gwt-trail > *') ?? part;
  if (note) stage.after(note);
}

/** A player's building's ground on the trail (style.css, `.chip.loc.private`): its owner's border must stand out on it. */
const BUILDING_GROUND = '#f6ecff';

/** A trail location: its name, what stands there (an owner's colour on the border, darkened where light) and the cattlemen on it. */
function location(loc: string, ctx: BoardContext) {
  const c = content(names(ctx), ctx.table.trail?.[loc] ?? '');
  const code = buildingAt(ctx, loc);
  const about = code ? buildingText(ctx, code) : '';
  const end = ['start', 'kc'].includes(kindOf(names(ctx), 'spaces', loc));
  const cattlemen = (ctx.table.players ?? []).flatMap((p: Plain, seat: number) => (p.location === loc ? [seat] : []));
  const owner = c.owner !== null ? ` (${ctx.name(c.owner)})` : '';
  return h(
    'button',
    {
      type: 'button',
      class: `chip loc ${end ? 'end' : c.kind}`,
      'data-key': `v:${loc}`,
      style: c.owner !== null ? `border-color:${edgeIn(seatColour(c.owner), BUILDING_GROUND)}` : null,
      'aria-label': `${spaceName(ctx, loc)}${c.text ? `: ${c.text}${owner}` : ''}`,
      // What the building does and costs, as the view describes it; tapped, the same in a line under its stage.
      title: [c.owner !== null ? ctx.name(c.owner) : '', about].filter(Boolean).join(': ') || null,
      'data-building-at': code ? loc : null,
    },
    h('small', null, spaceName(ctx, loc)),
    // The owner's dot beside its building: its number tells whose where the border's colour does not.
    c.text ? h('span', null, c.text, c.owner !== null ? [' ', dot(c.owner, ctx)] : null) : null,
    cattlemen.length ? h('span', { class: 'cattlemen' }, cattlemen.map((s: number) => dot(s, ctx))) : null,
  );
}

/** A location and what stands there, for move descriptions: "flood 2 (flood, green hand, 4 VP)". */
function placeText(loc: string, ctx: BoardContext): string {
  const c = content(names(ctx), ctx.table.trail?.[loc] ?? '');
  return `${spaceName(ctx, loc)}${c.text ? ` (${c.text}${c.owner !== null ? `, ${ctx.name(c.owner)}` : ''})` : ''}`;
}

/** Whether a section opens by itself: on a wide window always; on a phone while it holds a part a listed move names. */
type Opens = (section: Element) => boolean;

function chip(key: string | null, label: string, extra = '', attrs: Record<string, string | boolean> = {}) {
  return h('button', { type: 'button', class: `chip gwt ${extra}`, 'data-key': key, ...attrs }, label);
}

/**
 * A part of a player's board: yours by its key (a move may name it), another's, which no move names, named for the
 * page's focus, given back to it after a redraw (table.ts): the board brought onto the page pairs its keyless parts by
 * place (dom.ts, morph), and one coming or going before it left the focus on another player's chip or the page's body.
 */
const playerPart = (ctx: BoardContext, seat: number, key: string): Record<string, string> =>
  seat === ctx.mySeat ? { 'data-key': key } : { 'data-focus': `player:${seat}:${key}` };

/** A disc on a player board: its short name, as on its button, the whole in its title ("… (one frees the single, both the double)"). */
function discChip(ctx: BoardContext, disc: string, seat: number) {
  const name = discName(ctx, disc);
  return chip(null, discButtonName(name), kindOf(names(ctx), 'discs', disc) === 'dark' ? 'disc dark' : 'disc', { ...playerPart(ctx, seat, `v:${disc}`), title: name });
}

/**
 * A building not yet placed, as the view describes it: its code with craftsmen and VP first (what a choice of one to
 * build weighs), then what it does and its hand's fee on a line under them.
 */
function buildingChip(ctx: BoardContext, code: string, seat: number) {
  const b = building(ctx, code);
  if (!b) return chip(null, `building ${code}`, '', playerPart(ctx, seat, `v:${code}`));
  const head = `${code} · ${count(b.craftsmen, 'craftsman', 'craftsmen')} · ${b.vp} VP`;
  const fee = b.feeHand === 'none' ? 'no fee' : `${b.feeHand === 'both' ? 'green and black hands' : `${b.feeHand} hand`}: fee $${b.fee}`;
  const body = `${(b.actions ?? []).join('; ')} · ${fee}`;
  return h(
    'button',
    {
      type: 'button',
      class: 'chip gwt',
      ...playerPart(ctx, seat, `v:${code}`),
      'aria-label': `building ${head}: ${body}`,
      style: 'flex-direction:column;align-items:flex-start;max-width:280px;text-align:left;font-weight:400',
    },
    h('b', null, `building ${head}`),
    h('small', null, body),
  );
}

type Route = { name: string; spaces: string[]; to: string[] };

/**
 * The trail stage by stage as the view lays it out (`names.trail`): a single location, or the routes that
 * run side by side between two of them; then the spaces beside the trail.
 */
function trail(ctx: BoardContext) {
  const stages: { routes: Route[] }[] = names(ctx)?.trail ?? [];
  const beside: string[] = names(ctx)?.besideTrail ?? [];
  const placed = new Set<string>([...beside, ...stages.flatMap((stage) => stage.routes.flatMap((r) => r.spaces))]);
  // A space the layout does not know still shows (and stays clickable), after the rest.
  const others = Object.keys(ctx.table.trail ?? {}).filter((loc) => !placed.has(loc));
  const single = (routes: Route[]) => routes.length === 1 && routes[0]!.spaces.length === 1 && !routes[0]!.name;
  const fork = (routes: Route[]) =>
    h(
      'div',
      { class: 'gwt-fork' },
      routes.map((r) =>
        h(
          'div',
          { class: 'gwt-route', 'aria-label': r.name || null },
          r.name ? h('small', null, r.name) : null,
          r.spaces.map((loc) => location(loc, ctx)),
          r.to?.length ? h('small', null, `→ ${r.to.map((loc) => spaceName(ctx, loc)).join(' or ')}`) : null,
        ),
      ),
    );
  // The building described (selected or tapped) in a line under its stage.
  const described = describedLocation(ctx);
  const stageOf = (stage: { routes: Route[] }) => [
    single(stage.routes) ? location(stage.routes[0]!.spaces[0]!, ctx) : fork(stage.routes),
    described && stage.routes.some((r) => r.spaces.includes(described)) ? buildingNote(ctx, described) : null,
  ];
  return h(
    'div',
    null,
    h('div', { class: 'gwt-trail' }, stages.map(stageOf)),
    h('div', { class: 'gwt-route' }, h('small', null, 'beside the trail'), beside.map((loc) => location(loc, ctx)), others.map((loc) => location(loc, ctx))),
  );
}

/** A foresight tile ('' when empty): column k holds tiles 2k and 2k + 1. */
const foresightTile = (ctx: BoardContext, column: number, pick: number): string => ctx.table.foresight?.[column * 2 + pick] ?? '';

/** The three foresight columns; a `foresight` move's `pick` (0 or 1) counts within the column being resolved. */
function foresight(ctx: BoardContext) {
  const resolving: number = ctx.table.foresightColumn ?? -1;
  return h(
    'div',
    null,
    h('div', { class: 'section-title' }, 'Foresight'),
    h(
      'div',
      { class: 'gwt-foresight' },
      [0, 1, 2].map((column) =>
        h(
          'div',
          { class: 'hand', 'aria-label': `foresight column ${column + 1}${column === resolving ? ', choosing now' : ''}` },
          h('small', null, `${column + 1}`),
          [0, 1].map((pick) => {
            const tile = foresightTile(ctx, column, pick);
            // Outside the column being chosen no move names a tile: named for the page's focus (see playerPart).
            const label = tile ? tileName(ctx, tile) : '—';
            return column === resolving ? chip(`pick:${pick}`, label) : chip(null, label, '', { 'data-focus': `foresight:${column}:${pick}` });
          }),
        ),
      ),
    ),
  );
}

/** Where a foresight tile went, as its event says (a server before it said nothing): the job market, a trail space, or out of the game. */
function foresightPlace(ctx: BoardContext, to: unknown): string {
  if (typeof to !== 'string') return '';
  if (to === 'jobMarket') return ', into the job market';
  return to ? `, onto ${spaceName(ctx, to)}` : ', out of the game (no free space for it)';
}

/** Steps that name no part of the board, as buttons while they are legal: the chooser offers their variants. */
const STEPS: Record<string, string> = {
  endTurn: 'End your turn',
  skip: 'Skip',
  income: 'Take your income',
  deliver: 'Deliver',
  draw: 'Draw cards',
  upgrade: 'Upgrade',
  refillMarket: 'Refill the cattle market',
  claimMaster: 'Take the station master',
};
/**
 * The buttons that pass a step or end the turn rather than act in it (`data-aside`): the page brings the step's other
 * parts into view and focus first (the job market's tiles, the cattle cards), not these buttons drawn by the trail.
 */
const ASIDE = new Set(['endTurn', 'skip', 'refillMarket']);
/**
 * The steps whose parts lie in Kansas City, by the part of it: their buttons (Skip, Refill the cattle market) are drawn
 * there, over the parts, not by the trail (on a phone the page scrolled to the tiles left them far above, out of view).
 */
const STEPS_IN_CITY: Record<string, string> = { hire: 'job market', buy: 'cattle market' };
/** The step buttons drawn in Kansas City's `part` while its step is pending, else by the trail (`part` null). */
const stepsAt = (ctx: BoardContext, part: string | null) => ((STEPS_IN_CITY[ctx.table.pending] ?? null) === part ? turnSteps(ctx) : null);
function turnSteps(ctx: BoardContext) {
  const types = new Set(ctx.moves.map((m) => m.type));
  const steps = Object.entries(STEPS).filter(([type]) => types.has(type));
  // A step of one move says it whole ("Upgrade station 3 ($4, 2 VP)"): a tap sends it, with no chooser to read first.
  const label = (type: string, text: string) => {
    const listed = ctx.moves.filter((m) => m.type === type);
    return listed.length === 1 ? greatWesternTrail.describe(listed[0]!, ctx) : text;
  };
  return steps.length ? h('div', { class: 'gwt-actions', role: 'group', 'aria-label': 'Steps' }, steps.map(([type, text]) => chip(type, label(type, text), '', { 'data-aside': ASIDE.has(type) }))) : null;
}

/**
 * The job market row by row (one slot per player in each row), as `hire` moves number the slots. A worker you may
 * hire says what it costs you, as the view quotes the move: a tap hires at once.
 */
function jobMarket(ctx: BoardContext) {
  const t = ctx.table;
  const perRow = Math.max(1, (t.players ?? []).length);
  const slots: string[] = t.jobMarket ?? [];
  const rows = Array.from({ length: Math.ceil(slots.length / perRow) }, (_, r) => slots.slice(r * perRow, (r + 1) * perRow));
  const tile = (worker: string, slot: number) => {
    const hire = ctx.moves.find((m) => m.type === 'hire' && m.slot === slot);
    return chip(`slot:${slot}`, `${worker}${hire ? moneyText(hire, worker, ctx) : ''}`);
  };
  return h(
    'div',
    null,
    h('div', { class: 'section-title' }, `Job market (${t.jobFilled ?? 0} filled)`),
    stepsAt(ctx, 'job market'),
    rows.map((row, r) =>
      row.some(Boolean) ? h('div', { class: 'gwt-route', 'aria-label': `row ${r + 1}` }, h('small', null, `row ${r + 1}`), row.map((w, i) => (w ? tile(w, r * perRow + i) : null))) : null,
    ),
  );
}

/**
 * What a cattle card you may buy alone costs you, as the view quotes its listed purchases (" · −$6"; " · −$3 or −$6"
 * with one cowboy more or less), as the job market's tiles say it: the tile said only the card until tapped.
 */
function cattlePrice(ctx: BoardContext, card: string): string {
  const quotes: Record<string, number> = ctx.view?.quotes ?? {};
  const buys = ctx.moves.filter((m) => m.type === 'buyCattle' && (m.cards as string[]).length === 1 && (m.cards as string[])[0] === card);
  const prices = [...new Set(buys.map((m) => quotes[JSON.stringify(m)]).filter((q): q is number => typeof q === 'number'))].sort((a, b) => b - a);
  return prices.length ? ` · ${prices.map((q) => `−$${-q}`).join(' or ')}` : '';
}

function kansasCity(ctx: BoardContext, opens: Opens) {
  const t = ctx.table;
  const grid = h(
    'div',
    { class: 'gwt-grid' },
    foresight(ctx),
    jobMarket(ctx),
    h(
      'div',
      null,
      h('div', { class: 'section-title' }, `Cattle market (deck ${t.marketDeckCount ?? 0})`),
      stepsAt(ctx, 'cattle market'),
      h('div', { class: 'hand' }, (t.market ?? []).map((c: string) => chip(`v:${c}`, `${cardName(ctx, c)}${cattlePrice(ctx, c)}`))),
    ),
    h(
      'div',
      null,
      h('div', { class: 'section-title' }, `Objective cards (stack ${t.objectiveStackCount ?? 0})`),
      h('div', { class: 'hand' }, (t.objectiveDisplay ?? []).map((c: string) => chip(`v:${c}`, objectiveText(ctx, c), 'objective'))),
    ),
    h('p', { class: 'muted' }, `Supply stacks: ${(t.supplyCounts ?? []).join(' / ')}`),
  );
  return fold(ctx, 'kansas-city', opens(grid), 'gwt-section', h('summary', { class: 'section-title' }, 'Kansas City: foresight, job market, cattle market, objective cards'), grid);
}

/** A railroad space's words: its number, and whose engines stand on it ("railroad space 3: Ada's engine"). */
function railSpaceLabel(space: number, seats: number[], ctx: BoardContext): string {
  if (!seats.length) return `railroad space ${space}`;
  return `railroad space ${space}: ${listText(seats.map((seat) => `${ctx.name(seat)}'s`))} ${seats.length > 1 ? 'engines' : 'engine'}`;
}

/** The railroad: spaces 0–39 with the engines; each station after the space its turnout leaves (station 10 on the last space). */
function railroad(ctx: BoardContext, opens: Opens) {
  const t = ctx.table;
  const engines = new Map<number, number[]>();
  (t.players ?? []).forEach((p: Plain, seat: number) => engines.set(p.engine, [...(engines.get(p.engine) ?? []), seat]));
  const stations: Plain[] = t.stations ?? [];
  const station = (i: number) => {
    const st = stations[i]!;
    const printed = printedStations(ctx)[i];
    const turnout = printed && printed.turnout < (t.railroadSpaces ?? 0) - 1 ? engines.get(printed.turnout + 0.5) ?? [] : [];
    return h(
      'span',
      { class: 'chip station', 'data-key': `station:${i}`, title: st.master ? masterName(ctx, st.master) : null },
      h('b', null, `Station ${i + 1}`),
      printed ? h('small', null, `$${printed.cost} · ${printed.vp} VP`) : null,
      st.master ? h('small', null, masterName(ctx, st.master)) : null,
      (st.discs ?? []).length ? h('span', { class: 'cattlemen', 'aria-label': `discs: ${st.discs.map(ctx.name).join(', ')}` }, st.discs.map((s: number) => dot(s, ctx))) : null,
      turnout.length ? h('small', null, 'engine on the turnout ', turnout.map((s) => dot(s, ctx))) : null,
    );
  };
  // Its spaces and stations change only as an engine moves or a station is upgraded or claimed: built once for what
  // they show, cloned each frame (dom.ts).
  const shown = [t.railroadSpaces ?? 0, [...engines], stations, printedStations(ctx), stations.map((st) => (st.master ? masterName(ctx, st.master) : '')), (t.players ?? []).map((_: Plain, seat: number) => ctx.name(seat))];
  const [body] = cloned(JSON.stringify(['gwt-railroad', ...shown]), () => h(
    'div',
    null,
    h(
      'div',
      { class: 'rail' },
      Array.from({ length: t.railroadSpaces ?? 0 }, (_, i) =>
        h(
          'button',
          // Read aloud with whose engines stand there: the label stands for the dots, whose names are only their titles.
          { type: 'button', class: 'chip rail-space', 'data-key': `to:${i}`, 'aria-label': railSpaceLabel(i, engines.get(i) ?? [], ctx) },
          h('small', null, String(i)),
          (engines.get(i) ?? []).map((s) => dot(s, ctx)),
          printedStations(ctx).some((st) => st.turnout === i) ? h('small', { class: 'turnout', 'aria-hidden': 'true' }, '⌂') : null,
        ),
      ),
    ),
    h('div', { class: 'gwt-stations' }, stations.map((_, i) => station(i))),
  )) as [HTMLElement];
  return fold(ctx, 'railroad', opens(body), 'gwt-section', h('summary', { class: 'section-title' }, 'Railroad: engines and stations'), body);
}

/** Every player's board: yours open as a section (see Opens), the others' folded to their summaries until opened. */
function playerBoards(ctx: BoardContext, opens: Opens) {
  return (ctx.table.players ?? []).map((p: Plain, seat: number) => {
    const mine = seat === ctx.mySeat;
    const certificates = `${count(p.certificates, 'certificate')}${p.permanentCertificates ? ` + ${p.permanentCertificates} permanent` : ''}`;
    const body = h(
      'div',
      { class: 'fields-list' },
      h('dt', null, 'workers'),
      h('dd', null, `${count(p.workers?.cowboy, 'cowboy')}, ${count(p.workers?.craftsman, 'craftsman', 'craftsmen')}, ${count(p.workers?.engineer, 'engineer')}`),
      h('dt', null, 'buildings to place'),
      h('dd', null, h('div', { class: 'hand' }, (p.buildings ?? []).map((b: string) => buildingChip(ctx, b, seat)))),
      h('dt', null, 'discs on the board'),
      h('dd', null, h('div', { class: 'hand' }, (p.discs ?? []).map((d: string) => discChip(ctx, d, seat)))),
      h('dt', null, 'cities'),
      h('dd', null, h('div', { class: 'hand' }, Object.entries(p.cities ?? {}).map(([city, n]) => chip(null, `${cityName(ctx, city)}${n ? ` ×${n}` : ''}`, n ? 'has-disc' : '', playerPart(ctx, seat, `v:${city}`))))),
      h('dt', null, 'hazards'),
      h('dd', null, (p.hazards ?? []).map((x: string) => tileName(ctx, x)).join(', ') || '—'),
      h('dt', null, 'teepees'),
      h('dd', null, (p.teepees ?? []).map((x: string) => tileName(ctx, x)).join(', ') || '—'),
      h('dt', null, 'station masters'),
      h('dd', null, (p.stationMasters ?? []).length ? h('ul', { class: 'plain-list' }, p.stationMasters.map((m: number) => h('li', null, masterName(ctx, m)))) : '—'),
      h('dt', null, 'objective cards'),
      h('dd', null, (p.objectives ?? []).length ? h('ul', { class: 'plain-list' }, p.objectives.map((c: string) => h('li', null, objectiveText(ctx, c)))) : '—'),
      h('dt', null, 'cards'),
      h('dd', null, `${p.handCount} in hand, deck ${p.deckCount}, discard ${p.discardCount}${p.discardTop ? ` (top: ${cardName(ctx, p.discardTop)})` : ''}`),
    );
    const summary = h('summary', null, dot(seat, ctx), ` ${ctx.name(seat)} · $${p.money} · ${certificates} · at ${spaceName(ctx, p.location)} · engine on ${engineName(ctx, p.engine)}${p.jobToken ? ' · job market token' : ''}`);
    return fold(ctx, `player:${seat}`, mine && opens(body), 'gwt-player', summary, body);
  });
}

/** The final scoring as the server's outcome broke it down (`details.breakdown`, one entry per seat): categories by players. */
function finalScoring(ctx: BoardContext) {
  const breakdown: Plain[] | undefined = ctx.result?.details?.breakdown;
  if (!Array.isArray(breakdown) || !breakdown.length) return null;
  const seats = breakdown.map((_, seat) => seat);
  const categories = Object.keys(breakdown[0] ?? {});
  const total = (seat: number) => ctx.result?.standings.find((s) => s.seat === seat)?.score ?? '';
  return h(
    'div',
    null,
    h('div', { class: 'section-title' }, 'Final scoring'),
    h(
      'table',
      { class: 'gwt-score' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Victory points'), seats.map((seat) => h('th', { scope: 'col', class: seat === ctx.mySeat ? 'me' : '' }, dot(seat, ctx), ` ${ctx.name(seat)}`)))),
      h(
        'tbody',
        null,
        categories.map((k) => h('tr', null, h('th', { scope: 'row' }, named(names(ctx), 'scoring', k)), seats.map((seat) => h('td', null, String(breakdown[seat]?.[k] ?? ''))))),
      ),
      h('tfoot', null, h('tr', null, h('th', { scope: 'row' }, 'Total'), seats.map((seat) => h('td', null, String(total(seat)))))),
    ),
    objectiveScoring(ctx),
  );
}

/** A signed VP figure: "+3", "−2", "0". */
const signedVp = (vp: number) => (vp > 0 ? `+${vp}` : vp < 0 ? `−${-vp}` : '0');

/**
 * How each seat's objective cards counted in the objectives row, as the view says once the game is over: met,
 * unmet (its penalty) or, not played, left out.
 */
function objectiveScoring(ctx: BoardContext) {
  const scoring: Plain[] = Array.isArray(ctx.table.objectiveScoring) ? ctx.table.objectiveScoring : [];
  if (!scoring.length) return null;
  const seats = [...new Set(scoring.map((c) => Number(c.seat)))].sort((a, b) => a - b);
  const how = (c: Plain) => {
    // A starting objective was dealt, not played (it counts as played); unmet it costs nothing ("0 VP" read as a penalty
    // of nothing, as if it were missing).
    const where = c.starting ? 'starting objective' : c.played ? 'played' : 'not played';
    if (c.counted === 'met') return `${where}, met: ${signedVp(c.vp)} VP`;
    if (c.counted === 'unmet' && !c.vp) return `${where}, not met: no penalty`;
    if (c.counted === 'unmet') return `${where}, not met: ${signedVp(c.vp)} VP${c.played ? '' : ' (counted for a station master)'}`;
    return `${where}, not met: left out, no penalty`;
  };
  return h(
    'div',
    { class: 'gwt-objective-scoring' },
    h('div', { class: 'section-title' }, 'Objective cards in the scoring'),
    h('p', { class: 'legend' }, 'Played cards and the starting objective count met or not (not met: their penalty, none for the starting objective); cards still in the hand, deck or discard pile count only where that helps.'),
    seats.map((seat) =>
      h(
        'div',
        null,
        h('b', null, dot(seat, ctx), ` ${ctx.name(seat)}`),
        h('ul', { class: 'plain-list' }, scoring.filter((c) => c.seat === seat).map((c) => h('li', null, `${objectiveText(ctx, c.card).split(' · played: ')[0]} — ${how(c)}`))),
      ),
    ),
  );
}

/**
 * The step being chosen in the view's words, with the foresight column it picks from ("a foresight tile for column
 * 2"), or how many cards a discard or removal asks for, a card a move ("a card to discard (3 cards, one at a time)").
 */
function stepText(ctx: BoardContext): string {
  const t = ctx.table;
  const column = t.pending === 'foresight' && t.foresightColumn >= 0 ? ` for column ${t.foresightColumn + 1}` : '';
  const count = Number(t.pendingCount ?? 0);
  const cards = count > 1 && (t.pending === 'discard' || t.pending === 'remove') ? ` (${t.pending === 'remove' ? 'up to ' : ''}${count} cards, one at a time)` : '';
  return `${named(names(ctx), 'steps', t.pending)}${column}${cards}${deliveryValue(ctx)}${discPlace(ctx)}`;
}

/**
 * What a pending delivery is worth, as the view says (cities up to that value are open to it): in Kansas City the hand's
 * breeding value with the certificates spent, else an extraordinary delivery's (building 9a).
 */
function deliveryValue(ctx: BoardContext): string {
  const t = ctx.table;
  const value = Number(t.pendingValue ?? 0);
  if (t.pending !== 'deliver' || !value) return '';
  return t.phase === 'KC' ? ` (hand value ${value})` : ` (extraordinary delivery of value ${value})`;
}

/** Where a pending disc goes, as the view says: the city delivered to, or the station upgraded. */
function discPlace(ctx: BoardContext): string {
  const t = ctx.table;
  if (t.pending !== 'disc') return '';
  if (t.pendingCity) return ` in ${cityValueText(cityName(ctx, t.pendingCity))}`;
  return Number(t.pendingStation ?? -1) >= 0 ? ` on ${stationText(ctx, t.pendingStation, false)}` : '';
}

/** The board's first line after whose turn it is: the phase, the step as the move panel names it, where, the last round. */
export function turnLine(ctx: BoardContext): string {
  const t = ctx.table;
  return ` · ${named(names(ctx), 'phases', t.phase)}${t.pending ? ` · choosing ${stepText(ctx)}` : ''}${t.session?.space ? ` · at ${placeText(t.session.space, ctx)}` : ''}${t.endTrigger >= 0 ? ' · last round' : ''}`;
}

/** Moves listed beside a step's choices that make none of them: passing it, or a card playable any time. */
const PASSING = new Set(['skip', 'refillMarket', 'playObjective']);

/**
 * What is asked now, for the move panel (the board's first line is out of view once scrolled): the step pending, else
 * what the phase's listed moves offer; someone else's turn as the board's first line says it.
 */
function asked(ctx: BoardContext): string {
  const t = ctx.table;
  const types = new Set(ctx.moves.map((m) => m.type));
  if (!types.size) {
    const who = t.current === ctx.mySeat ? 'You are' : `${ctx.name(t.current)} is`;
    return `${who} ${named(names(ctx), 'phases', t.phase)}${t.pending ? `, choosing ${stepText(ctx)}` : ''}.`;
  }
  const orSkip = types.has('skip') ? ', or skip' : '';
  // A step whose choices are all beyond you (no cattle card affordable, none in the market) is only passed: said so.
  if (t.pending === 'buy' && !types.has('buyCattle')) {
    const refill = types.has('refillMarket') ? `refill the cattle market${orSkip}` : 'skip';
    return `No cattle card can be bought now: ${refill}.`;
  }
  if (t.pending && types.has('skip') && [...types].every((type) => PASSING.has(type))) return `You cannot choose ${stepText(ctx)} now: skip.`;
  // The income is taken, not chosen ("Choose the income."): with or without certificates where both are listed.
  if (t.pending === 'income' && types.has('income')) return `Take your income${ctx.moves.length > 1 ? ', with certificates or without' : ''}.`;
  // What a disc of an auxiliary action's pair frees, left off its button: said here once.
  const pairs = t.pending === 'disc' && ctx.moves.some((m) => m.type === 'disc' && PAIR_NOTE.test(discName(ctx, String(m.disc))));
  if (pairs) return `Choose ${stepText(ctx)}${orSkip}. Of an auxiliary action's two discs, one lifted frees its single action, both its double.`;
  // A worker's Jersey bonus is taken by discarding a Jersey, the one part it offers: "Choose a Jersey bonus" named
  // neither the discard nor why (the card's chip says only "Jersey, value 1").
  if (t.pending === 'jersey' && types.has('discard')) return `Discard a Jersey for the bonus of the worker you hired${orSkip}.`;
  if (t.pending === 'build') {
    const picked = buildPicked(ctx);
    if (picked) return picked;
  }
  if (t.pending) return `Choose ${stepText(ctx)}${orSkip}.`;
  if (types.has('place')) return 'Choose where your cattleman starts on the trail.';
  if (types.has('move')) return 'Move your cattleman along the trail.';
  const choices = [types.has('action') ? 'an action of this building' : '', types.has('aux') ? 'an auxiliary action' : ''].filter(Boolean);
  const end = types.has('endTurn') ? `${choices.length ? ', or ' : ''}end your turn` : '';
  const offered = `${choices.length ? `choose ${choices.join(' or ')}` : ''}${end}`;
  if (!offered) return '';
  return t.session?.space ? `At ${placeText(t.session.space, ctx)}: ${offered}.` : `${capital(offered)}.`;
}

/**
 * What is left of the building step once a building or a space is picked: the line asked for a building still, with one
 * picked and 21 spaces offered for it.
 */
function buildPicked(ctx: BoardContext): string {
  const selected = ctx.selected ?? [];
  const builds = ctx.moves.filter((m) => m.type === 'build');
  const building = builds.find((m) => selected.includes(`v:${String(m.building)}`))?.building;
  const space = builds.find((m) => selected.includes(`v:${String(m.space)}`))?.space;
  if (building && !space) return `Building ${String(building)}: now choose the space to place it on.`;
  if (space && !building) return `${capital(spaceName(ctx, String(space)))}: now choose the building to place there.`;
  return '';
}

/**
 * The last round for the move panel once the end is triggered: who filled the job market and how the game ends, as
 * the view's `endsBefore` says (the panel said only "Last round.", as it still does where a server sent no `endsBefore`).
 */
function lastRound(ctx: BoardContext): string {
  const t = ctx.table;
  if (!(t.endTrigger >= 0)) return '';
  const ends = Number(t.endsBefore ?? -1);
  if (ends < 0) return ' Last round.';
  const who = t.endTrigger === ctx.mySeat ? 'you' : ctx.name(t.endTrigger);
  const whose = ends === ctx.mySeat ? 'your' : `${ctx.name(ends)}'s`;
  // The seat that triggered it last: every other seat has one more turn (the option's rule, or the first player's trigger).
  const how = ends === t.endTrigger ? 'every other player has one more turn, then the game ends' : `play goes on to the end of the round, the game ends before ${whose} next turn`;
  const lastTurn = (t.current + 1) % (t.players?.length || 1) === ends ? ' This turn is the last.' : '';
  return ` Last round: ${who} filled the job market; ${how}.${lastTurn}`;
}

export const greatWesternTrail: GameBoard = {
  status(ctx) {
    if (ctx.status !== 'playing') return '';
    return `${asked(ctx)}${lastRound(ctx)}`;
  },
  render(ctx) {
    const t = ctx.table;
    const hand: string[] = ctx.view?.hand ?? [];
    // On a phone (where the board ran to 4,800 px) Kansas City, the railroad and your board fold to a line each.
    const live = phoneWidth() ? new Set(ctx.moves.flatMap((m) => greatWesternTrail.keys(m, ctx))) : null; // (a wide window opens all)
    const opens: Opens = (section) => !live || [...section.querySelectorAll<HTMLElement>('[data-key]')].some((part) => live.has(part.dataset.key!));
    const root = h(
      'div',
      { class: 'gwt' },
      ctx.status === 'over'
        ? [h('p', null, h('b', null, 'Game over.')), finalScoring(ctx)]
        : h(
            'p',
            null,
            h('b', null, t.current === ctx.mySeat ? 'Your turn' : `${ctx.name(t.current)}'s turn`),
            turnLine(ctx),
          ),
      h('div', { class: 'section-title' }, 'Trail (start → Kansas City)'),
      trail(ctx),
      t.session?.actions?.length
        ? h(
            'div',
            { class: 'gwt-actions', role: 'group', 'aria-label': 'Local actions here' },
            t.session.actions.map((a: Plain) => chip(`v:${a.id}`, a.text, (t.session.used ?? []).includes(a.id.split('.')[0]) ? 'used' : '')),
          )
        : null,
      ctx.moves.some((m) => m.type === 'aux') ? h('div', { class: 'gwt-actions', role: 'group', 'aria-label': 'Auxiliary actions' }, (t.auxiliary ?? []).map((a: Plain) => chip(`aux:${a.aux}`, `Auxiliary: ${a.single}`))) : null,
      stepsAt(ctx, null),
      // No heading over an empty hand (in Kansas City, once the income has taken it): the players' boards count it.
      hand.length ? [h('div', { class: 'section-title' }, 'Your hand'), h('div', { class: 'hand' }, hand.map((c) => chip(`v:${c}`, cardName(ctx, c), 'card')))] : null,
      kansasCity(ctx, opens),
      railroad(ctx, opens),
      h('div', { class: 'section-title' }, 'Players'),
      playerBoards(ctx, opens),
    );
    // The page brings a redrawn board onto the one shown (dom.ts, morph): this root may be dropped and the first one
    // kept, with its listeners. So they read the table as last drawn, never the state they were made with.
    drawnLast.set(ctx.roomId, ctx);
    root.addEventListener('click', (e) => buildingTapped(e, drawnLast.get(ctx.roomId) ?? ctx));
    return foldsKept(root, ctx);
  },
  // The building last tapped and the sections opened or closed at this table: drawn as the player left them.
  drawnAlso: (ctx) => JSON.stringify([tapped.get(ctx.roomId) ?? '', foldsChosen(ctx.roomId)]),
  keys(move: Move) {
    const k: string[] = [move.type];
    for (const [field, value] of Object.entries(move)) {
      if (field === 'type') continue;
      if (field === 'path' && Array.isArray(value)) k.push(`v:${value.at(-1)}`);
      else if (Array.isArray(value)) for (const v of value) k.push(`v:${String(v)}`);
      else if (typeof value === 'string') k.push(`v:${value}`);
      else if (typeof value === 'number') k.push(`${field === 'slot' ? 'slot' : field === 'pick' ? 'pick' : field === 'to' ? 'to' : field}:${value}`);
    }
    return k;
  },
  // A building tapped that no move takes now says what it is in the panel's line (at hand on a phone, the trail far above):
  // a note, not a refusal.
  whyNot(key, ctx) {
    const code = key.startsWith('v:') ? key.slice(2) : '';
    const loc = code && buildingAt(ctx, code) ? code : '';
    const about = loc ? buildingText(ctx, buildingAt(ctx, loc)) : building(ctx, code)?.kind === 'private' ? buildingText(ctx, code) : '';
    if (!about) return null;
    const which = loc ? buildingNoteHead(ctx, loc) : `Building ${code}: `;
    return { note: `${which}${about}.${ctx.moves.length ? ` ${loc ? 'It cannot be chosen now.' : 'It cannot be placed now.'}` : ''}` };
  },
  describe(move, ctx) {
    const text = moveWords(move, ctx);
    // A building to place says what it does and costs after the money: its words would read as the move's own price.
    const about = move.type === 'build' ? buildingText(ctx, String(move.building)) : '';
    return `${text}${moneyText(move, text, ctx)}${about ? ` (${about})` : ''}`;
  },
  describeEvent(ev: GameEvent, ctx, events = [ev]) {
    const who = typeof ev.seat === 'number' ? `${ctx.name(ev.seat)}: ` : '';
    // The fees a route paid, as its event says (none said where it paid none, or a server before the cost sent none).
    const fees = Number(ev.cost) > 0 ? `, paying $${ev.cost} in fees` : '';
    if (ev.type === 'move' && Array.isArray(ev.path)) return `${who}moves to ${spaceName(ctx, String(ev.path.at(-1)))}${fees}.`;
    if (ev.type === 'handRevealed') return `${who}shows the hand ${(ev.hand as string[]).map((c) => cardName(ctx, c)).join('; ')} in Kansas City.`;
    // Said in the third person, or without what the move took: the board has changed by the time the event arrives.
    // A turn that ends by itself comes after the events of the move that left nothing to do in it (endTurn: auto, a
    // Kansas City visit's last step); an ended turn's own echo comes first. The log said "ends the turn" of both, as if
    // the player had ended it.
    // Phase C's draw, counted as the event says (which cards, nobody else is told).
    const drawn = Number(ev.drawn) > 0 ? `${Number(ev.drawn)} card${ev.drawn === 1 ? '' : 's'}` : '';
    if (ev.type === 'endTurn') {
      if (events.indexOf(ev) > 0) return `${who}the turn ends by itself (nothing is left to do in it)${drawn ? `; draws ${drawn}` : ''}.`;
      return `${who}ends the turn${drawn ? ` and draws ${drawn}` : ''}.`;
    }
    // The step passed, as its event names it (a server before it named none).
    if (ev.type === 'skip') return `${who}skips${typeof ev.step === 'string' && ev.step ? ` choosing ${named(names(ctx), 'steps', ev.step)}` : ''}.`;
    // What ended the game, and who (the log said only "Game over"; the panel "Last round." while it lasted).
    if (ev.type === 'endTriggered') return `${who}fills the job market's last space, which triggers the game's end: the last turns follow.`;
    // The tile as it lay (the event's: gone from the foresight by now); a server before it sent none.
    if (ev.type === 'foresight') return `${who}takes ${typeof ev.tile === 'string' && ev.tile ? `the foresight tile: ${tileName(ctx, ev.tile)}` : 'a foresight tile'}${foresightPlace(ctx, ev.to)}.`;
    if (ev.type === 'income') {
      const amount = typeof ev.amount === 'number' ? ` of $${ev.amount}` : ''; // (a server before the amount sent none)
      return `${who}takes the income${amount}${Number(ev.certificates) ? ` using ${count(Number(ev.certificates), 'certificate')}` : ''}${permanentAdded(ev.permanent)}.`;
    }
    // The money an engine move brought (the $3 of a move back), as its event says.
    // And the certificates of auxiliary action 3's move back, as its event says: none at the limit.
    if (ev.type === 'engine') {
      const certificates = typeof ev.certificatesGained === 'number' ? `, ${certificatesGiven(ev.certificatesGained)}` : '';
      return `${who}moves the engine to ${engineName(ctx, Number(ev.to))}${Number(ev.amount) ? `, ${signed(Number(ev.amount))}` : ''}${certificates}.`;
    }
    // The station and master of the step the move answered, as the event names them (the step is over by now; a
    // server before them named neither): the master here, the station with an upgrade's price below.
    if (ev.type === 'claimMaster') return `${who}gives a ${String(ev.worker)} for ${typeof ev.master === 'number' ? masterName(ctx, ev.master) : 'the station master'}.`;
    // What a purchase paid, as its event says (a server before it said nothing).
    const paid = typeof ev.cost === 'number' ? (ev.cost ? ` for $${ev.cost}` : ' for free') : '';
    // An upgrade's price is the event's; the printed one only where a server before the cost sent none.
    if (ev.type === 'upgrade' || ev.type === 'upgradeStation') return `${who}upgrades ${typeof ev.station === 'number' ? stationText(ctx, ev.station, !paid) : 'the station'}${paid}.`;
    // The space alone: by now the building stands there, and the space's words would name it again.
    if (ev.type === 'build') return `${who}places building ${String(ev.building)} on ${spaceName(ctx, String(ev.space))}${paid}.`;
    // A delivery's transport, as its event says; the city's own payment comes with the disc, said on its line.
    if (ev.type === 'deliver') {
      const transport = typeof ev.cost === 'number' ? (ev.cost ? `, paying $${ev.cost} for transport` : ', no transport to pay') : '';
      return `${who}delivers to ${cityValueText(cityName(ctx, String(ev.city)))}${transport}.`;
    }
    // Where the disc went (the city delivered to, the station upgraded) and the money it moved, as its event says.
    if (ev.type === 'disc') {
      const where = typeof ev.city === 'string' ? ` in ${cityName(ctx, ev.city).replace(/ \(\d+\)$/, '')}` : typeof ev.station === 'number' ? ` on station ${ev.station + 1}` : '';
      const money = Number(ev.amount) ? `, ${signed(Number(ev.amount))}` : '';
      // A disc of a pair without the note on what the pair frees (said in the move panel): in the line's own brackets
      // it read as brackets in brackets.
      const disc = discName(ctx, String(ev.disc)).replace(PAIR_NOTE, (_, which: string) => `, ${which} disc`);
      return `${who}places a disc${where} (from ${disc})${money}.`;
    }
    // A Jersey discarded for a hired worker's bonus: what it gave, as its event says (a server before it said only
    // the discard). A certificate bonus at the limit gives none.
    if (ev.type === 'discard' && typeof ev.bonus === 'string') {
      const gave = Number(ev.amount) ? signed(Number(ev.amount)) : certificatesGiven(Number(ev.certificatesGained));
      return `${who}discards a Jersey for the bonus of the worker hired: ${gave}.`;
    }
    const { seat: _seat, cost: _cost, ...move } = ev; // the seat is said already, the price after the words
    // A local action or an auxiliary action is chosen, its words quoted: what it offers is done by the moves after it
    // ("takes the local action “place a building ($2 per craftsman)”", then "places building 3a on …").
    if (ev.type === 'action') {
      const words = theirs(actionWords(move as Move, ctx, (text) => `“${text}”`));
      // The money it moved, as its event says, where its words do not say the sum (a rate: "+$2 per own building").
      const amount = Number(ev.amount);
      const money = amount && (!words.includes(`$${Math.abs(amount)}`) || words.includes(' per ')) ? `, ${signed(amount)}` : '';
      // The certificates it gave, as its event says, where its words do not say that many: a rate, "to your maximum",
      // none at the limit, two for the track's one space from 4 to 6 (a server before it said none).
      const gained = typeof ev.certificatesGained === 'number' ? ev.certificatesGained : -1;
      const gave = gained < 0 ? '' : gained === 0 && words.includes(' per ') ? 'no certificate' : certificatesGiven(gained);
      const certificates = gave && (!words.includes(gave) || words.includes(' per ')) ? `, ${gave}` : '';
      return `${who}takes the local action ${words}${money}${certificates}.`;
    }
    if (ev.type === 'aux') return `${who}takes auxiliary action ${String(ev.aux)}${ev.double ? ' (double)' : ''}: ${theirs(auxWords(move as Move, ctx))}.`;
    // Without the quotes: they are the listed moves' of now, not the logged move's.
    // A teepee's money (its space's value) as its event says: brought or paid.
    const teepee = ev.type === 'takeTeepee' && Number(ev.amount) ? `: ${signed(Number(ev.amount))}` : '';
    return `${who}${thirdPerson(moveWords(move as Move, ctx))}${['hire', 'buyCattle', 'takeHazard'].includes(ev.type) ? paid : teepee}.`;
  },
};

/** The verbs a move's words (and a building's local actions, as the view words them) begin with, said to the player. */
const LEADING_VERB = /^(buy|deliver|discard|draw|end|hire|move|pay|place|play|refill|remove|skip|start|take|trade|upgrade|use)\b/;

/**
 * A move's words, said to its player ("Move your engine up to 2 forward"), as the log says them of whoever took it:
 * "moves their engine up to 2 forward". Words that begin with no verb ("+$2") keep their order.
 */
function thirdPerson(words: string): string {
  return theirs(`${words.charAt(0).toLowerCase()}${words.slice(1)}`.replace(LEADING_VERB, '$1s'));
}

/** Words said to the player, of whoever the log line is about: "your" → "their". */
const theirs = (words: string): string => words.replace(/\byour\b/g, 'their');

/**
 * A local action in words, with the cards it discards: the event's own words (as the view offered them when it was
 * taken), else those of the building offering it now (a move listed now, or an event from a server that sent none).
 */
function actionWords(move: Move, ctx: BoardContext, said = (text: string) => text): string {
  const text = typeof move.text === 'string' ? move.text : ((ctx.table.session?.actions ?? []).find((a: Plain) => a.id === move.action)?.text ?? `local action ${move.action}`);
  const cards = (move.cards as string[] | undefined) ?? [];
  return `${said(text)}${cards.length ? ` (${cards.map((c) => cardName(ctx, c)).join('; ')})` : ''}`;
}

/** An auxiliary action's words, single or double, as the view gives them. */
function auxWords(move: Move, ctx: BoardContext): string {
  const aux = (ctx.table.auxiliary ?? []).find((a: Plain) => a.aux === move.aux);
  return aux ? (move.double ? aux.double : aux.single) : `action ${move.aux}`;
}

/**
 * What a listed move does to your money, as the view quotes it (`quotes`, keyed by the move's JSON text as the
 * listed moves are): " · +$9", " · transport −$3", Kansas City's " · +$6 with the disc" (the view's `cityPayments`: the
 * disc placed next pays it, and its quote says so; the delivery's own is its transport). Nothing where the move's words already say that amount
 * ("+$2", "pay $2", "costs $5", a station's "($4, 2 VP)"), unless as a rate ("+$1 per engineer").
 *
 * The view leaves out a move that moves no money: where other moves of its kind are quoted, it says so (" · $0",
 * " · no fees", a delivery's " · no transport to pay": "$0" beside a city read as the city paying nothing) beside their amounts, and a delivery always (its money is what a city is chosen for: a lone
 * "Deliver to Topeka" on its button said nothing). Not an action's, an auxiliary action's or an objective card's: their money is
 * one part of what they do, and the rest (a worker hired, a building placed) may cost after.
 */
function moneyText(move: Move, words: string, ctx: BoardContext): string {
  const quotes: Record<string, number> | undefined = ctx.view?.quotes;
  const quoted = (m: Move) => typeof quotes?.[JSON.stringify(m)] === 'number';
  const saysNone = quotes && (move.type === 'deliver' || (!UNPRICED.has(move.type) && ctx.moves.some((m) => m.type === move.type && quoted(m))));
  const amount: unknown = quotes?.[JSON.stringify(move)] ?? (saysNone ? 0 : undefined);
  if (typeof amount !== 'number') return '';
  // A city's payment comes with the disc placed next, and is quoted there: said beside the delivery as the disc's.
  const payment = move.type === 'deliver' ? Number(names(ctx)?.cityPayments?.[String(move.city)] ?? 0) : 0;
  const withDisc = payment > 0 ? `+$${payment} with the disc` : '';
  if (amount === 0) return move.type === 'move' ? ' · no fees' : withDisc ? ` · ${withDisc}` : move.type === 'deliver' ? ' · no transport to pay' : ' · $0';
  const said = amount > 0 ? [`+$${amount}`] : [`pay $${-amount}`, `costs $${-amount}`, `($${-amount},`];
  if (said.some((s) => words.includes(s)) && !words.includes(' per ')) return '';
  const sum = `${amount > 0 ? '+' : '−'}$${Math.abs(amount)}`;
  if (move.type === 'deliver' && amount < 0) return ` · transport ${sum}${withDisc ? `, ${withDisc}` : ''}`;
  return ` · ${move.type === 'move' ? `fees ${sum}` : sum}`;
}

/** A sum of money with its sign: "+$6", "−$5". */
const signed = (amount: number): string => `${amount > 0 ? '+' : '−'}$${Math.abs(amount)}`;

/** Kinds of move whose money is only part of what they do: one that moves none says nothing of it. */
const UNPRICED = new Set(['action', 'aux', 'playObjective']);

/** A move in words, without what it does to the money. */
function moveWords(move: Move, ctx: BoardContext): string {
  const t = ctx.table;
  switch (move.type) {
    case 'move': {
      const path = move.path as string[];
      const via = path.length > 1 ? `, via ${path.slice(0, -1).map((loc) => spaceName(ctx, loc)).join(', ')}` : '';
      return `Move to ${placeText(path.at(-1) ?? '', ctx)} (${path.length} location${path.length === 1 ? '' : 's'}${via})`;
    }
    case 'place':
      return `Start at ${placeText(String(move.space), ctx)}`;
    case 'action':
      return capital(actionWords(move, ctx));
    case 'aux':
      return `Auxiliary${move.double ? ' (double)' : ''}: ${auxWords(move, ctx)}`;
    case 'endTurn':
      return 'End your turn';
    case 'skip':
      return 'Skip';
    case 'foresight': {
      const column: number = t.foresightColumn ?? -1;
      if (column < 0) return describeMoveGeneric(move);
      const tile = foresightTile(ctx, column, Number(move.pick));
      return `Foresight column ${column + 1}: take ${tile ? tileName(ctx, tile) : 'the empty space'}`;
    }
    case 'playObjective':
      return `Play the objective card: ${objectiveText(ctx, String(move.card))}`;
    case 'takeObjective':
      return move.card === 'stack' ? 'Take the top card of the objective stack' : `Take the objective card: ${objectiveText(ctx, String(move.card))}`;
    case 'discard':
      return `Discard ${cardName(ctx, String(move.card))}`;
    case 'remove':
      return `Remove ${cardName(ctx, String(move.card))} from the game`;
    case 'buyCattle': {
      const cowboys = Number(move.cowboys);
      return `Buy ${(move.cards as string[]).map((c) => cardName(ctx, c)).join('; ')} with ${cowboys} cowboy${cowboys === 1 ? '' : 's'}`;
    }
    case 'refillMarket':
      return 'Refill the cattle market';
    case 'disc':
      return `Disc from ${discButtonName(discName(ctx, String(move.disc)))}`;
    case 'takeHazard':
    case 'takeTeepee': {
      // A logged move names the tile it took (the event's: gone from the trail by now).
      const text = typeof move.tile === 'string' ? tileName(ctx, move.tile) : content(names(ctx), t.trail?.[String(move.space)] ?? '').text;
      return `Take ${text || (move.type === 'takeHazard' ? 'the hazard' : 'the teepee')} from ${spaceName(ctx, String(move.space))}`;
    }
    case 'hire': {
      const slot = Number(move.slot);
      const perRow = Math.max(1, (t.players ?? []).length);
      const worker = typeof move.worker === 'string' ? move.worker : t.jobMarket?.[slot];
      return `Hire the ${worker || 'worker'} in row ${Math.floor(slot / perRow) + 1} of the job market`;
    }
    case 'claimMaster': {
      const master = t.stations?.[t.pendingStation ?? -1]?.master;
      // The worker given first: the master's words run long ("…; 3 VP per … at the end").
      return master ? `With a ${String(move.worker)}, take ${masterName(ctx, master)}` : `Take the station master with a ${String(move.worker)}`;
    }
    case 'build':
      return `Place building ${String(move.building)} on ${placeText(String(move.space), ctx)}`;
    case 'copy':
      return `Use the actions of ${placeText(String(move.space), ctx)}`;
    case 'engine':
      return `Move your engine to ${engineName(ctx, Number(move.to))}`;
    case 'upgrade': {
      // The station the step is about (the view's): what the upgrade costs there.
      const station = Number(t.pendingStation ?? -1);
      return station >= 0 ? `Upgrade ${stationText(ctx, station)}` : 'Upgrade the station';
    }
    case 'upgradeStation':
      return `Upgrade ${stationText(ctx, Number(move.station))}`;
    case 'draw':
      return `Draw ${move.count} card${move.count === 1 ? '' : 's'}`;
    case 'income': {
      const n = Number(move.certificates);
      return `Take your income${n ? ` using ${count(n, 'certificate')}` : ''}${permanentAdded(move.permanent)}`;
    }
    case 'deliver':
      return `Deliver to ${cityValueText(cityName(ctx, String(move.city)))}`;
  }
  return describeMoveGeneric(move);
}

/** An income's permanent certificates, where its move leaves some out (`permanent`: those added; absent: all of them). */
function permanentAdded(permanent: unknown): string {
  if (typeof permanent !== 'number') return '';
  return permanent ? `, with only ${permanent} permanent` : ', without the permanent certificates';
}

/** Temporary certificates a move gave, as its event's `certificatesGained` says: none only at the track's limit. */
function certificatesGiven(gained: number): string {
  return gained ? `+${count(gained, 'certificate')}` : 'no certificate (the certificates are at their limit)';
}
