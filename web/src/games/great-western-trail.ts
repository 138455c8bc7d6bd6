/**
 * Great Western Trail as clear panels: the trail from the start to Kansas City with its buildings,
 * hazards, teepees and the cattlemen; Kansas City (foresight, job market, cattle market, objectives);
 * the railroad with engines and stations; every player's board; your hand.
 *
 * Clicks: anything a listed move names — a trail location, a card, a building, a worker slot, a
 * railroad space, a city, a disc — keeps the moves that name it; the chooser says what is left.
 */
import { h, seatColour } from '../dom.ts';
import type { BoardContext, GameBoard, GameEvent, Move, Plain } from '../types.ts';
import { describeMoveGeneric } from './generic.ts';

const words = (k: string) => k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
const TRAIL_END = 'KANSAS_CITY';

/** What stands on a trail location, in words: `n:A` neutral building A, `p:1:3a` seat 1's 3a, `h:…` hazard, `t:…` teepee. */
function content(code: string, ctx: BoardContext): { text: string; owner: number | null; kind: string } {
  if (!code) return { text: '', owner: null, kind: 'empty' };
  const [kind, a, b] = code.split(':');
  if (kind === 'n') return { text: `building ${a}`, owner: null, kind: 'neutral' };
  if (kind === 'p') return { text: `${b} (${ctx.name(Number(a))})`, owner: Number(a), kind: 'private' };
  if (kind === 'h') return { text: words(a ?? ''), owner: null, kind: 'hazard' };
  if (kind === 't') return { text: `${a} teepee`, owner: null, kind: 'teepee' };
  return { text: code, owner: null, kind: 'other' };
}

function chip(key: string | null, label: string, extra = '', style = '') {
  return h('button', { type: 'button', class: `chip gwt ${extra}`, 'data-key': key, style: style || null }, label);
}

function trail(ctx: BoardContext) {
  const t = ctx.table;
  const players: Plain[] = t.players ?? [];
  const here = (loc: string) => players.map((p, seat) => (p.location === loc ? seat : -1)).filter((s) => s >= 0);
  const locations: [string, string][] = [['START', ''], ...(Object.entries(t.trail ?? {}) as [string, string][]), [TRAIL_END, '']];
  return h(
    'div',
    { class: 'gwt-trail' },
    locations.map(([loc, code]) => {
      const c = content(code, ctx);
      const cattlemen = here(loc);
      return h(
        'button',
        { type: 'button', class: `chip loc ${c.kind}`, 'data-key': `v:${loc}`, style: c.owner !== null ? `border-color:${seatColour(c.owner)}` : null, 'aria-label': `${words(loc)} ${c.text}` },
        h('small', null, words(loc)),
        c.text ? h('span', null, c.text) : null,
        cattlemen.length ? h('span', { class: 'cattlemen' }, cattlemen.map((s) => h('span', { class: 'dot', style: `background:${seatColour(s)}`, title: ctx.name(s) }))) : null,
      );
    }),
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
            return chip(column === resolving ? `pick:${pick}` : null, tile ? words(tile) : '—');
          }),
        ),
      ),
    ),
  );
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
function turnSteps(ctx: BoardContext) {
  const types = new Set(ctx.moves.map((m) => m.type));
  const steps = Object.entries(STEPS).filter(([type]) => types.has(type));
  return steps.length ? h('div', { class: 'gwt-actions', role: 'group', 'aria-label': 'Steps' }, steps.map(([type, label]) => chip(type, label))) : null;
}

function kansasCity(ctx: BoardContext) {
  const t = ctx.table;
  return h(
    'div',
    { class: 'gwt-grid' },
    foresight(ctx),
    h(
      'div',
      null,
      h('div', { class: 'section-title' }, `Job market (${t.jobFilled ?? 0} filled)`),
      h('div', { class: 'hand' }, (t.jobMarket ?? []).map((w: string, i: number) => (w ? chip(`slot:${i}`, `${i + 1}: ${w}`) : null))),
    ),
    h('div', null, h('div', { class: 'section-title' }, `Cattle market (deck ${t.marketDeckCount ?? 0})`), h('div', { class: 'hand' }, (t.market ?? []).map((c: string) => chip(`v:${c}`, words(c))))),
    h('div', null, h('div', { class: 'section-title' }, `Objectives (stack ${t.objectiveStackCount ?? 0})`), h('div', { class: 'hand' }, (t.objectiveDisplay ?? []).map((c: string) => chip(`v:${c}`, words(c))))),
    h('p', { class: 'muted' }, `Supply stacks: ${(t.supplyCounts ?? []).join(' / ')}`),
  );
}

function railroad(ctx: BoardContext) {
  const t = ctx.table;
  const engines = new Map<number, number[]>();
  (t.players ?? []).forEach((p: Plain, seat: number) => engines.set(p.engine, [...(engines.get(p.engine) ?? []), seat]));
  return h(
    'div',
    null,
    h('div', { class: 'section-title' }, 'Railroad'),
    h(
      'div',
      { class: 'rail' },
      Array.from({ length: t.railroadSpaces ?? 0 }, (_, i) =>
        h('button', { type: 'button', class: 'chip rail-space', 'data-key': `to:${i}`, 'aria-label': `railroad space ${i}` }, h('small', null, String(i)), (engines.get(i) ?? []).map((s) => h('span', { class: 'dot', style: `background:${seatColour(s)}` }))),
      ),
    ),
    h(
      'div',
      { class: 'hand' },
      (t.stations ?? []).map((st: Plain, i: number) =>
        h('span', { class: 'chip station', 'data-key': `station:${i}` }, `station ${i + 1}`, st.master ? h('small', null, ` master ${st.master}`) : null, (st.discs ?? []).map((s: number) => h('span', { class: 'dot', style: `background:${seatColour(s)}` }))),
      ),
    ),
  );
}

function playerBoards(ctx: BoardContext) {
  return (ctx.table.players ?? []).map((p: Plain, seat: number) =>
    h(
      'details',
      { class: 'gwt-player', open: seat === ctx.mySeat },
      h('summary', null, h('span', { class: 'dot', style: `background:${seatColour(seat)}` }), ` ${ctx.name(seat)} · $${p.money} · ${p.certificates} cert · at ${words(p.location || 'start')} · engine ${p.engine}`),
      h(
        'div',
        { class: 'fields-list' },
        h('dt', null, 'workers'),
        h('dd', null, `${p.workers?.cowboy ?? 0} cowboys, ${p.workers?.craftsman ?? 0} craftsmen, ${p.workers?.engineer ?? 0} engineers`),
        h('dt', null, 'buildings'),
        h('dd', null, h('div', { class: 'hand' }, (p.buildings ?? []).map((b: string) => chip(seat === ctx.mySeat ? `v:${b}` : null, b)))),
        h('dt', null, 'discs'),
        h('dd', null, h('div', { class: 'hand' }, (p.discs ?? []).map((d: string) => chip(seat === ctx.mySeat ? `v:${d}` : null, d)))),
        h('dt', null, 'cities'),
        h('dd', null, h('div', { class: 'hand' }, Object.entries(p.cities ?? {}).map(([city, n]) => chip(seat === ctx.mySeat ? `v:${city}` : null, `${words(city)}${n ? ` ×${n}` : ''}`)))),
        h('dt', null, 'hazards, teepees'),
        h('dd', null, [...(p.hazards ?? []), ...(p.teepees ?? [])].map(words).join(', ') || '—'),
        h('dt', null, 'objectives'),
        h('dd', null, (p.objectives ?? []).map(words).join(', ') || '—'),
        h('dt', null, 'cards'),
        h('dd', null, `${p.handCount} in hand, deck ${p.deckCount}, discard ${p.discardCount}${p.discardTop ? ` (top ${words(p.discardTop)})` : ''}`),
      ),
    ),
  );
}

export const greatWesternTrail: GameBoard = {
  render(ctx) {
    const t = ctx.table;
    const hand: string[] = ctx.view?.hand ?? [];
    return h(
      'div',
      { class: 'gwt' },
      ctx.status === 'over' ? h('p', null, h('b', null, 'Game over.')) : h('p', null, h('b', null, `${ctx.name(t.current)}'s turn`), ` · phase ${t.phase}${t.pending ? ` · choosing: ${words(t.pending)}` : ''}${t.session?.space ? ` · at ${words(t.session.space)}` : ''}${t.endTrigger >= 0 ? ' · last round' : ''}`),
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
      turnSteps(ctx),
      ctx.view ? [h('div', { class: 'section-title' }, 'Your hand'), h('div', { class: 'hand' }, hand.map((c) => chip(`v:${c}`, words(c), 'card')))] : null,
      kansasCity(ctx),
      railroad(ctx),
      h('div', { class: 'section-title' }, 'Players'),
      playerBoards(ctx),
    );
  },
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
  describe(move, ctx) {
    switch (move.type) {
      case 'move': {
        const path = move.path as string[];
        return `Move to ${words(path.at(-1) ?? '')} (${path.length} location${path.length === 1 ? '' : 's'}${path.length > 1 ? `, via ${path.slice(0, -1).map(words).join(', ')}` : ''})`;
      }
      case 'place':
        return `Start at ${words(String(move.space))}`;
      case 'action': {
        const text = (ctx.table.session?.actions ?? []).find((a: Plain) => a.id === move.action)?.text ?? `local action ${move.action}`;
        const cards = (move.cards as string[] | undefined) ?? [];
        return `${text[0]!.toUpperCase()}${text.slice(1)}${cards.length ? ` (${cards.map(words).join(', ')})` : ''}`;
      }
      case 'aux': {
        const aux = (ctx.table.auxiliary ?? []).find((a: Plain) => a.aux === move.aux);
        const text = aux ? (move.double ? aux.double : aux.single) : `action ${move.aux}`;
        return `Auxiliary${move.double ? ' (double)' : ''}: ${text}`;
      }
      case 'endTurn':
        return 'End your turn';
      case 'foresight': {
        const column: number = ctx.table.foresightColumn ?? -1;
        if (column < 0) return describeMoveGeneric(move);
        const tile = foresightTile(ctx, column, Number(move.pick));
        return `Foresight column ${column + 1}: take ${tile ? words(tile) : 'the empty space'}`;
      }
    }
    return describeMoveGeneric(move);
  },
  describeEvent(ev: GameEvent, ctx) {
    const who = typeof ev.seat === 'number' ? `${ctx.name(ev.seat)}: ` : '';
    if (ev.type === 'move' && Array.isArray(ev.path)) return `${who}moves to ${words(String(ev.path.at(-1)))}.`;
    if (ev.type === 'action' || ev.type === 'aux') return `${who}${greatWesternTrail.describe(ev as Move, ctx)}.`;
    if (ev.type === 'handRevealed') return `${who}shows the hand ${(ev.hand as string[]).map(words).join(', ')} in Kansas City.`;
    const { seat: _seat, ...move } = ev; // the seat is said already
    return `${who}${describeMoveGeneric(move as Move)}`;
  },
};
