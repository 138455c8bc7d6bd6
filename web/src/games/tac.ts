/**
 * TAC: the ring with each colour's start, apron (outside) and home (inside), the marbles, your cards
 * (per hand for two-colour seats), the partner exchange, the card a TAC would copy and what it undid,
 * and the pending 7, skip, Devil and Fool steps.
 *
 * Clicks: a card, a marble (or an apron to come out) and a destination field each narrow the listed
 * moves; a Trickster swap is two marbles; a 7's move takes a marble to any field its steps in a row reach (one
 * tap for several fields), and the steps left follow the same way. A card's key names the hand it
 * is in (`card:2:5`), so a seat of two colours sees only the hand in play light up; a second copy of a card is a
 * part of its own (`card:2:5/2`), so only the one tapped lights up.
 */
import { cloned, h, inkIn, inkOn, markedDot, s, svg } from '../dom.ts';
import type { BoardContext, GameBoard, GameEvent, Move, Plain } from '../types.ts';
import { NO_CARD_MOVES, cardThenMarble, discardQuestion, sevenLeft } from './asked.ts';
import { cardKeys, confirmsCard, faceOfKey, pickedCopy } from './cards.ts';
import { count, listText } from './generic.ts';
import { forgetMoved, MOVED_BAND, movedRing, movedWhileWaiting } from './moved.ts';
import { alongLabel, boardName, colourInitial, labelCorners, labelText, MARBLE_FILL, marbleMark, overWhite, textWidth, viewBoxOf, type Label, type Spot } from './board-layout.ts';

const COLOUR_NAME = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'];
/** Each colour's fill, by its number (the state names colours 0–5). */
const FILL = COLOUR_NAME.map((name) => MARBLE_FILL[name]!);
/** A colour's dot as the seat list and the colours' list show it: its fill, and its initial as its marbles show it. */
const colourMark = (c: number) => ({ colour: FILL[c]!, mark: colourInitial(COLOUR_NAME[c]!) });
/** A field's number: quiet, darker only where a colour's tint needs it. */
const FIELD_NUMBER = '#6f6034';
/** A home field's tint of its colour (over white). */
const HOME_TINT = 0.13;
/** The header's word for each phase (the engine's own names; play says whose turn instead). */
const PHASE_WORDS: Record<string, string> = { deal: 'dealing', exchange: 'partners exchange a card', over: 'game over' };
const SIZE = 700;
const C = SIZE / 2;
const R = 280;
type P = [number, number];

const CARD_NAME: Record<string, string> = { tac: 'TAC', trickster: 'Trickster', angel: 'Angel', devil: 'Devil', warrior: 'Warrior', fool: 'Fool' };
export const tacCard = (c: string) => CARD_NAME[c] ?? c;

/** The aprons' circle: outside the ring, clear of its start fields. */
const APRON = R + 34;

function geometry(t: Plain) {
  const ring: number = t.ring ?? 0;
  const spacing: number = t.spacing ?? 0;
  const at = (field: number, radius = R): P => {
    const a = -Math.PI / 2 + (2 * Math.PI * field) / ring;
    return [C + radius * Math.cos(a), C + radius * Math.sin(a)];
  };
  const start = (colour: number) => colour * spacing;
  const home = (colour: number, k: number): P => at(start(colour), R - 34 - k * 30);
  const apron = (colour: number, k: number): P => at(start(colour) - 2.2 + k * 0.9, APRON);
  const r = ring > 64 ? 9 : 11;
  // A marble another player moved has a dashed ring round it, on a white band: clear of a start field's coloured ring
  // (r + 3.5, 2 wide) and of the highlight on a marble you can move (its rim), which it sat on and blended into.
  const moved = r + 6.5;
  // A colour's player along the aprons' circle after its apron's last marble, centred on its line, upright.
  const nameLabel = (colour: number, text: string): Label => {
    const size = 16;
    const last = start(colour) - 2.2 + 3 * 0.9;
    const middle = last + ((r + 12 + textWidth(text, size) / 2) / APRON) * (ring / (2 * Math.PI));
    const a = -Math.PI / 2 + (2 * Math.PI * middle) / ring;
    return alongLabel(at(middle, APRON), [-Math.sin(a), Math.cos(a)], text, size, true);
  };
  return { ring, at, start, home, apron, r, moved, nameLabel };
}

/**
 * The ring's parts and words where they are drawn, and the frame's circle fitted round them with a margin (a phone's
 * width shows the ring, not an empty border). Every round part is listed with the radius it may take.
 */
export function tacLayout(t: Plain, name: (seat: number) => string) {
  const g = geometry(t);
  const colours: number = t.colours ?? 0;
  const marbles = (c: number) => (t.marbles ?? []).filter((m: Plain) => m.colour === c).length || 4;
  // Wherever a marble stands it may have the ring of a marble moved by another player round it (its band included).
  const around = g.moved + MOVED_BAND / 2;
  const spots: Spot[] = [
    ...Array.from({ length: g.ring }, (_, i) => ({ x: g.at(i)[0], y: g.at(i)[1], r: around })),
    // (A home field is a square: its corners reach 1.42 of its half-width from its middle.)
    ...Array.from({ length: colours }, (_, c) => Array.from({ length: marbles(c) }, (_, k) => ({ x: g.home(c, k)[0], y: g.home(c, k)[1], r: Math.max(g.r * 1.42, around) }))).flat(),
    ...Array.from({ length: colours }, (_, c) => Array.from({ length: marbles(c) }, (_, k) => ({ x: g.apron(c, k)[0], y: g.apron(c, k)[1], r: around }))).flat(),
  ];
  const names = Array.from({ length: colours }, (_, c) => {
    const seat = t.seatOfColour?.[c];
    return g.nameLabel(c, `${seat !== undefined ? boardName(name(seat)) : ''}${t.canOpen?.[c] ? ' ●' : ''}`);
  });
  let reach = R + 16;
  for (const p of spots) reach = Math.max(reach, Math.hypot(p.x - C, p.y - C) + p.r);
  for (const l of names) for (const [x, y] of labelCorners(l)) reach = Math.max(reach, Math.hypot(x - C, y - C));
  const frame = reach + 8;
  return { g, spots, names, frame, viewBox: { x: C - frame - 3, y: C - frame - 3, width: 2 * frame + 6, height: 2 * frame + 6 } };
}

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A field in words: a ring field by its number, a home field 1–4 from the entrance (after the ring's fields). */
function fieldText(f: unknown, ring: number): string {
  return Number(f) >= ring ? `home ${Number(f) - ring + 1}` : `field ${f}`;
}

/** A marble in words: "red 2". */
function marbleName(t: Plain, id: unknown): string {
  const m = marbleOf(t, Number(id));
  return `${COLOUR_NAME[m.colour] ?? ''} ${m.n}`;
}

/** A marble's colour and its number among its colour's marbles (1-based), from the published marbles. */
function marbleOf(t: Plain, id: number): { colour: number; n: number } {
  const all: Plain[] = t.marbles ?? [];
  const colour: number = all.find((m) => m.id === id)?.colour ?? -1;
  return { colour, n: all.filter((m) => m.colour === colour && m.id <= id).length };
}

/**
 * The hand the listed card moves take their card from: the Devil's victim's while it is played, else the
 * colour on turn; in the exchange, the seat's colour still to give whose hand holds the listed cards.
 */
function handColour(ctx: BoardContext): number {
  const t = ctx.table;
  const v = ctx.view;
  if (t.phase !== 'exchange') return t.devilTarget >= 0 ? t.devilTarget : t.turn;
  const own: number[] = v?.colours ?? [];
  const open = own.filter((_, i) => !v?.given?.[i]);
  const cards: string[] = v?.cards ?? [];
  const holds = (c: number) => ctx.moves.every((m) => cards.some((card, i) => card === m.card && v?.cardColours?.[i] === c));
  return open.find(holds) ?? open[0] ?? own[0] ?? -1;
}

/** The colour whose hand your `i`th card is in (a seat of one colour: its colour). */
const colourOfCard = (v: Plain, i: number): number => v.cardColours?.[i] ?? v.colours?.[0] ?? 0;

/** The cards of the hand of `colour` you see: yours, or the Devil's victim's while it is played. */
function cardsOf(ctx: BoardContext, colour: number): string[] {
  const v = ctx.view;
  if (colour === ctx.table.devilTarget && v?.devilHand?.length) return v.devilHand;
  return (v?.cards ?? []).filter((_: string, i: number) => colourOfCard(v, i) === colour);
}

/** The keys of a hand's cards, each copy its own part (`card:2:12`, then `card:2:12/2`): the one tapped lights alone. */
export const handKeys = (cards: readonly string[], colour: number) => cardKeys(cards, `card:${colour}:`);

/** The colour a seat of two colours passes its exchange card to: its other colour of the same team (null with one colour). */
function ownPartner(ctx: BoardContext, colour: number): number | null {
  const own: number[] = ctx.view?.colours ?? [];
  const team: number[] = ctx.table.teamOfColour ?? [];
  return own.find((c) => c !== colour && team[c] === team[colour]) ?? null;
}

/** Where the received cards are marked, after their sentence: nowhere where none could be. */
const markedIn = (count: number) => (count ? ` (marked in your hand${count > 1 ? 's' : ''})` : '');

const COPIES = ['', 'one', 'two', 'three', 'four', 'five', 'six'];

/**
 * What your hands received in this deal's exchange, while the card is still there (the view's `received`): per own colour
 * its card, the sentence that says it ("You received 7 from your partner"; a seat of two colours: "Green's hand
 * received 7 from red's") and whether one card of the hand can be marked as it. The view names a face, not a card: with
 * several cards of that face in the hand nothing says which came from the partner (the first of them to leave the hand
 * ends `received`, whichever it is), so none is marked and the sentence says so ("one of your two 7s").
 */
export function receivedCards(ctx: BoardContext): { colour: number; card: string; text: string; marked: boolean }[] {
  const v = ctx.view;
  return ((v?.colours ?? []) as number[]).flatMap((colour, i) => {
    const card: string = v?.received?.[i] ?? '';
    if (!card) return [];
    const from = ownPartner(ctx, colour);
    const copies = ((v?.cards ?? []) as string[]).filter((c, j) => c === card && colourOfCard(v, j) === colour).length;
    const among = copies > 1 ? `, one of ${from === null ? 'your' : 'its'} ${COPIES[copies] ?? copies} ${tacCard(card)}s` : '';
    const text = from === null ? `You received ${tacCard(card)} from your partner${among}` : `${cap(COLOUR_NAME[colour] ?? '')}'s hand received ${tacCard(card)} from ${COLOUR_NAME[from]}'s${among}`;
    return [{ colour, card, text, marked: copies === 1 }];
  });
}

/**
 * The part a move's marble is tapped by: the marble, or its apron where it lies there now (a TAC's moves name the marbles
 * as the card it undoes leaves them: one that card knocked out is back on the ring for the TAC's move).
 */
function marbleKey(t: Plain, id: number): string {
  const m = (t.marbles ?? []).find((x: Plain) => x.id === id);
  return m?.zone === 'apron' ? `apron:${m.colour}` : `marble:${id}`;
}

function toKey(to: number, marble: number, t: Plain) {
  return to >= t.ring ? `to:${marbleOf(t, marble).colour}:home-${to - t.ring}` : `to:ring-${to}`;
}

type Geometry = ReturnType<typeof geometry>;

/** The ring's fields, a start's in its colour, each with its number. */
function ringFields(g: Geometry, colours: number) {
  return Array.from({ length: g.ring }, (_, i) => {
    const [x, y] = g.at(i);
    const owner = Array.from({ length: colours }, (_, c) => c).find((c) => g.start(c) === i);
    const fill = owner !== undefined ? overWhite(FILL[owner]!, 0.27) : '#ffffff';
    return [
      s('circle', {
        ...(owner !== undefined ? { class: 'start-field' } : {}),
        cx: x,
        cy: y,
        // A start's coloured ring stands off a marble on it: a gap to the rim a marble you can move lights up in.
        r: owner !== undefined ? g.r + 3.5 : g.r,
        fill,
        stroke: owner !== undefined ? FILL[owner] : '#b9a775',
        'stroke-width': owner !== undefined ? 2 : 1.5,
        'data-key': `to:ring-${i}`,
        'aria-label': `field ${i}${owner !== undefined ? ` (${COLOUR_NAME[owner]} start)` : ''}`,
      }),
      // Its number, quiet but legible: the moves name fields by number (too small to read on a phone: hidden there).
      s('text', { class: 'space-no', x, y: y + g.r * 0.36, 'text-anchor': 'middle', 'font-size': g.r, fill: inkIn(FIELD_NUMBER, fill) }, i),
    ];
  });
}

/** A colour's home: a field for each of its `count` marbles. */
function homeFields(g: Geometry, c: number, count: number) {
  return Array.from({ length: count }, (_, k) => {
    const [x, y] = g.home(c, k);
    return [
      s('rect', { x: x - g.r, y: y - g.r, width: g.r * 2, height: g.r * 2, rx: 4, fill: overWhite(FILL[c]!, HOME_TINT), stroke: FILL[c], 'stroke-width': 2, 'data-key': `to:${c}:home-${k}`, 'aria-label': `${COLOUR_NAME[c]} home ${k + 1}` }),
      // Numbered as the moves say it ("home 1" next to the entrance).
      s('text', { class: 'space-no', x, y: y + g.r * 0.35, 'text-anchor': 'middle', 'font-size': g.r, fill: inkIn(FILL[c]!, overWhite(FILL[c]!, HOME_TINT)) }, k + 1),
    ];
  });
}

function render(ctx: BoardContext) {
  const t = ctx.table;
  const layout = tacLayout(t, ctx.name);
  const { g } = layout;
  const marbles: Plain[] = t.marbles ?? [];
  const colours: number = t.colours ?? 0;
  const apronIndex = new Map<number, number>();
  const turnColour = t.turn;
  const moved = movedMarbles(ctx);
  // Where each marble stands (an apron's in the order they are listed).
  const placed = marbles.map((m) => {
    let p: P;
    if (m.zone === 'ring') p = g.at(m.field);
    else if (m.zone === 'home') p = g.home(m.colour, m.field);
    else {
      const k = apronIndex.get(m.colour) ?? 0;
      apronIndex.set(m.colour, k + 1);
      p = g.apron(m.colour, k);
    }
    return { m, p };
  });
  const frame = s('circle', { cx: C, cy: C, r: g.ring ? +layout.frame.toFixed(1) : R + 64, fill: '#f4ead2', stroke: '#c9b98f', 'stroke-width': 4 });
  if (!g.ring) return svg(SIZE, SIZE, { 'aria-label': 'TAC board' }, frame); // before the first state
  return svg(
    layout.viewBox.width,
    layout.viewBox.height,
    { 'aria-label': 'TAC board', viewBox: viewBoxOf(layout.viewBox) },
    frame,
    // The ring and the homes' fields follow the layout alone: built once, cloned each frame (dom.ts).
    cloned(`tac-ring:${g.ring}:${t.spacing}:${colours}`, () => [
      s('circle', { cx: C, cy: C, r: R, fill: 'none', stroke: '#d8c9a0', 'stroke-width': 2 }),
      ringFields(g, colours),
    ]),
    Array.from({ length: colours }, (_, c) => {
      const count = marbles.filter((m) => m.colour === c).length;
      return [
        cloned(`tac-home:${g.ring}:${t.spacing}:${c}:${count}`, () => homeFields(g, c, count)),
        labelText(layout.names[c]!, { fill: '#444', 'font-weight': c === turnColour ? 700 : 400 }, t.seatOfColour?.[c] !== undefined ? ctx.name(t.seatOfColour[c]) : undefined),
      ];
    }),
    // Moved by another player while you waited: a dark dashed ring on a white band, outside a start field's coloured ring
    // and the rim a marble you can move lights up in. Under every marble (a neighbour's covers it, not it a neighbour);
    // taps pass through. In a group of their own: however many there are, every marble after them stays in its place
    // among the board's parts (dom.ts, morph, pairs parts by their place), not replaced when a ring comes or goes.
    s('g', { class: 'moved-rings' }, placed.map(({ m, p }) => (moved.has(String(m.id)) ? movedRing(p[0], p[1], g.moved) : null))),
    placed.map(({ m, p }) => {
      const n = marbleOf(t, m.id).n;
      const at = m.zone === 'ring' ? `on field ${m.field}` : m.zone === 'home' ? `in home ${m.field + 1}` : 'in the apron';
      return [
        s('circle', {
          class: 'marble',
          cx: p[0],
          cy: p[1],
          r: g.r - 1,
          fill: FILL[m.colour] ?? '#666666',
          stroke: m.fresh ? '#222' : '#fff',
          'stroke-width': 2,
          'data-key': m.zone === 'apron' ? `apron:${m.colour}` : `marble:${m.id}`,
          'data-marble': m.id,
          'aria-label': `${COLOUR_NAME[m.colour]} ${n} ${at}${m.fresh ? ' (fresh on its start)' : ''}`,
        }),
        // Its colour's initial and the number the moves call it by ("R2": red 2), which tell marbles apart where colours do not;
        // a little smaller than a single digit was, for two within the marble.
        s('text', { class: 'marble-no', x: p[0], y: p[1] + g.r * 0.3, 'text-anchor': 'middle', 'font-size': g.r * 0.85, 'font-weight': 700, fill: inkOn(FILL[m.colour] ?? '#666666') }, marbleMark(COLOUR_NAME[m.colour] ?? '', n)),
      ];
    }),
    s('text', { x: C, y: C - 12, 'text-anchor': 'middle', 'font-size': 24, 'font-weight': 700 }, t.lastCard ? `last card: ${tacCard(t.lastCard)}` : `round ${t.round || 1}`),
    s('text', { x: C, y: C + 18, 'text-anchor': 'middle', 'font-size': 18, fill: '#555' }, `deck ${t.deckCount ?? 0} · discards ${t.discardCount ?? 0}`),
    t.sevenRemaining ? s('text', { x: C, y: C + 44, 'text-anchor': 'middle', 'font-size': 20, fill: '#b3261e' }, sevenLeft(t.sevenRemaining)) : null,
  );
}

/** The marbles another player moved since your last turn (moved.ts). */
const movedMarbles = (ctx: BoardContext) =>
  movedWhileWaiting(ctx.roomId, ctx.mySeat, ctx.moves.length > 0, new Map((ctx.table.marbles ?? []).map((m: Plain) => [String(m.id), `${m.zone}-${m.field}`])));

/**
 * Once the colour on turn has all its marbles home its cards move a teammate's: whose, as the listed moves name them
 * ('' otherwise, and while the Devil plays another's hand).
 */
function finished(ctx: BoardContext, twoHands: boolean): string {
  const t = ctx.table;
  const marbles: Plain[] = t.marbles ?? [];
  const own = marbles.filter((m) => m.colour === t.turn);
  if (t.devilTarget >= 0 || !own.length || own.some((m) => m.zone !== 'home')) return '';
  const colourOf = (id: unknown) => marbles.find((m) => m.id === id)?.colour;
  const moved = new Set(ctx.moves.flatMap((m) => (m.type === 'enter' ? [m.colour] : ['move', 'seven', 'step'].includes(m.type) ? [colourOf(m.marble)] : [])));
  const others = [...moved].filter((c): c is number => typeof c === 'number' && c !== t.turn).map((c) => COLOUR_NAME[c]);
  if (!others.length) return '';
  return `${twoHands ? `${cap(COLOUR_NAME[t.turn] ?? '')}'s` : 'Your'} marbles are all home: ${twoHands ? 'its' : 'your'} cards move ${others.join(' and ')}'s marbles. `;
}

/** A colour in the list under the board: its player, team and cards in hand. */
export function colourLine(colour: number, ctx: BoardContext): string {
  const t = ctx.table;
  return `${COLOUR_NAME[colour]}: ${ctx.name(t.seatOfColour?.[colour] ?? 0)} · team ${(t.teamOfColour?.[colour] ?? 0) + 1} · ${count(t.handCounts?.[colour] ?? 0, 'card')}`;
}

function pendingNotes(t: Plain, ctx: BoardContext): string[] {
  const notes: string[] = [];
  const twoHands = (ctx.view?.colours?.length ?? 0) > 1;
  // (A spectator gives nothing: the note says what the players do.)
  const asked = !ctx.view ? 'each player gives one card to their partner' : twoHands ? 'each of your hands passes one card to the other' : 'give one card to your partner';
  const given = (t.exchangeGiven ?? []).map((g: boolean, c: number) => (g ? COLOUR_NAME[c] : '')).filter(Boolean);
  if (t.phase === 'exchange') notes.push(`Exchange: ${asked} (${given.length ? `already given: ${given.join(', ')}` : 'nobody has given yet'}).`);
  // While it is pending the skipped player is on turn, and only discards (or answers with a TAC).
  if (t.skipPending) notes.push(`${ctx.name(t.turnSeat ?? t.seatOfColour?.[t.turn] ?? 0)} (${COLOUR_NAME[t.turn] ?? ''}) is skipped (an 8): a card is discarded, unless a TAC answers it.`);
  if (t.devilTarget >= 0) notes.push(`Devil: playing a card from ${ctx.name(t.seatOfColour?.[t.devilTarget] ?? 0)}'s hand.`);
  if (t.foolPending) notes.push('Fool: the hands have passed; play a card from your new hand.');
  if (t.winPending) notes.push('A team is about to win: a TAC may undo it.');
  return notes;
}

export const tac: GameBoard = {
  left: forgetMoved,
  render(ctx) {
    const t = ctx.table;
    const v = ctx.view;
    const cards: string[] = v?.cards ?? [];
    const byColour = new Map<number, string[]>();
    cards.forEach((c, i) => {
      const col = colourOfCard(v, i);
      byColour.set(col, [...(byColour.get(col) ?? []), c]);
    });
    const inPlay = ctx.moves.length ? handColour(ctx) : -1;
    const received = receivedCards(ctx);
    // The card received in the exchange is marked in its hand ("received" under its face) while it is there and the
    // only card of its face (receivedCards).
    const hand = (list: string[], col: number, own = true) => {
      const keys = handKeys(list, col);
      const got = own ? received.find((r) => r.colour === col && r.marked) : undefined;
      const marked = got ? list.indexOf(got.card) : -1;
      return h(
        'div',
        { class: 'hand' },
        list.map((c, i) =>
          i === marked
            ? h('button', { type: 'button', class: 'chip card received', 'data-key': keys[i], style: `border-bottom: 4px solid ${FILL[col]}; flex-direction: column`, title: `${got!.text}.` }, tacCard(c), h('small', { style: 'font-size: 0.6em; font-weight: 400' }, 'received'))
            : h('button', { type: 'button', class: 'chip card', 'data-key': keys[i], style: `border-bottom: 4px solid ${FILL[col]}` }, tacCard(c)),
        ),
      );
    };
    const marks = [
      t.canOpen?.some(Boolean) ? '● after a name: was dealt a 1 or 13 this round (announced at the deal: can bring a marble out)' : '',
      (t.marbles ?? []).some((m: Plain) => m.fresh) ? 'dark rim: a marble just out on its start (not home before it has moved)' : '',
      movedMarbles(ctx).size ? 'a dashed ring on white, outside the field: moved by another player since your turn' : '',
    ].filter(Boolean);
    return h(
      'div',
      { class: 'tac' },
      h('p', null, h('b', null, `Round ${t.round || 1}`), PHASE_WORDS[t.phase] ? ` · ${PHASE_WORDS[t.phase]}` : '', t.phase === 'play' && t.turnSeat !== undefined ? ` · ${t.turnSeat === ctx.mySeat ? 'your turn' : `${ctx.name(t.turnSeat)} to play`} (${COLOUR_NAME[t.turn]})` : '', t.winner >= 0 ? ` · team ${t.winner + 1} won` : ''),
      pendingNotes(t, ctx).map((n) => h('p', { class: 'note' }, n)),
      render(ctx),
      // Your cards right under the board (the legend after them): on a desktop both fit the window.
      v
        ? [...byColour].map(([col, list]) => [
            h('div', { class: 'section-title' }, `Your cards${byColour.size > 1 ? ` (${COLOUR_NAME[col]})${col === inPlay ? ' — in play' : ''}` : ''}`),
            hand(list, col),
          ])
        : null,
      received.length ? h('p', { class: 'tac-received' }, `${received.map((r) => r.text).join('. ')}${markedIn(received.filter((r) => r.marked).length)}.`) : null,
      h('p', { class: 'legend' }, `Marbles show their colour's initial and their number (R2 is red 2); home fields count 1–4 from the entrance.${marks.length ? ` ${marks.join('; ')}.` : ''}`),
      v?.given?.some(Boolean)
        ? h(
            'p',
            null,
            (v.colours ?? [])
              .map((col: number, i: number) => {
                const to = ownPartner(ctx, col);
                return v.given[i] ? `${to === null ? 'Given to your partner' : `Passed from ${COLOUR_NAME[col]} to ${COLOUR_NAME[to]}`}: ${tacCard(v.given[i])}.` : '';
              })
              .filter(Boolean)
              .join(' '),
          )
        : null,
      // The Devil's victim's cards: one of them is played for the victim.
      v?.devilHand?.length ? [h('div', { class: 'section-title' }, `${COLOUR_NAME[t.devilTarget] ?? ''}'s hand (the Devil plays one)`), hand(v.devilHand, t.devilTarget, false)] : null,
      h(
        'ul',
        { class: 'plain-list' },
        (t.seatOfColour ?? []).map((_seat: number, c: number) =>
          // The colour's dot alone: a second dot after the player's name, in the seat's own colour, read as the
          // marbles' colour ("green: Ada" with a red dot).
          h('li', null, markedDot(colourMark(c)), ` ${colourLine(c, ctx)}`),
        ),
      ),
    );
  },
  // The colours a seat plays, each with its initial, as Fast Track's: the seats' list showed each player in the seat's own
  // colour (red for the player of green), which read as the marbles' colour.
  seatMarks(seat, ctx) {
    return ((ctx.table.seatOfColour ?? []) as number[]).flatMap((owner, c) => (owner === seat ? [colourMark(c)] : []));
  },
  // What your listed moves ask of you; for everyone, the 7 split under way (else only drawn inside the ring).
  status(ctx) {
    const t = ctx.table;
    const seven = t.sevenRemaining ? sevenLeft(t.sevenRemaining) : '';
    if (!ctx.moves.length) return seven && `${seven}.`;
    const all = (type: string) => ctx.moves.every((m) => m.type === type);
    if (all('deal')) return 'Deal the cards.';
    if (all('exchange')) {
      const to = ownPartner(ctx, handColour(ctx));
      return to === null ? 'Choose a card to give your partner.' : `Choose a card to pass from ${COLOUR_NAME[handColour(ctx)]}'s hand to ${COLOUR_NAME[to]}'s.`;
    }
    // A seat of two colours plays them in turn: which one's turn it is (its hand is the one "in play").
    const own: number[] = ctx.view?.colours ?? [];
    const whose = own.length > 1 && own.includes(t.turn) ? `${cap(COLOUR_NAME[t.turn] ?? '')}'s turn. ` : '';
    if (all('step')) return `${whose}${seven}: choose a marble, then the field it steps to.`;
    // Skipped by an 8: every card may only be discarded (or a TAC undo the 8), whether or not it could move a marble.
    if (t.skipPending) return `${whose}You are skipped (an 8): choose a card to discard${all('discard') ? '' : ', or play your TAC to undo the 8'}.`;
    const devil = t.devilTarget >= 0 ? `Devil: ${ctx.name(t.seatOfColour?.[t.devilTarget] ?? 0)}'s hand. ` : '';
    // The Devil's discard is of the victim's cards: "no card of yours" named the wrong hand.
    if (all('discard')) return whose + (devil ? `${devil}No card in it can move a marble: choose one to discard.` : NO_CARD_MOVES);
    return whose + devil + finished(ctx, own.length > 1) + cardThenMarble(tac, ctx, tacCard);
  },
  // A card tapped is offered to confirm (a card played is gone), but not where every listed move is a discard: a seat
  // that cannot move discards a card each turn, and asked "Discard it?" every time it tapped twice a turn for a round.
  // So is a TAC that a marble or field tapped alone would play: it takes back the last card, and the tap named neither
  // (a tap on the apron brought a marble out with the TAC, knocking the player's own marble off its start).
  confirms: (key, ctx) => confirmsCard(key, ctx) || ctx.moves.filter((m) => tac.keys(m, ctx).includes(key)).every((m) => m.card === 'tac'),
  // The exchange gives the card away, to the partner (or to the seat's other hand), and a discard throws it away: not "Play it?".
  question(move, ctx) {
    if (move.type !== 'exchange') return discardQuestion(move);
    const to = ownPartner(ctx, handColour(ctx));
    return to === null ? 'Give it to your partner?' : `Pass it to ${COLOUR_NAME[to]}'s hand?`;
  },
  keys(move: Move, ctx) {
    const k: string[] = [move.type];
    if (move.card) {
      // Copies of a card (two 12s) make the same moves, named by value: the moves are the copy picked's, else any copy's.
      const colour = handColour(ctx);
      const copies = handKeys(cardsOf(ctx, colour), colour).filter((key) => faceOfKey(key) === move.card);
      const picked = pickedCopy(copies, ctx.selected);
      k.push(...(picked ? [picked] : copies.length ? copies : [`card:${colour}:${move.card}`]));
    }
    for (const id of [move.marble, move.a, move.b]) if (typeof id === 'number') k.push(marbleKey(ctx.table, id));
    if (typeof move.to === 'number') k.push(toKey(move.to, move.marble as number, ctx.table));
    if (move.type === 'enter') k.push(`apron:${move.colour ?? ctx.table.turn}`);
    return k;
  },
  // The outcome's score is 1 for the winning team, 0 for the rest (README, Winning): said as such, with the marbles
  // each of the seat's colours has home (`details.homeCounts`). A bare "1" and "0" read as points scored.
  scoreText(standing, ctx) {
    const homes: unknown = ctx.result?.details?.homeCounts;
    const colours = ((ctx.table.seatOfColour ?? []) as number[]).flatMap((seat, c) => (seat === standing.seat ? [c] : []));
    const home = Array.isArray(homes) && colours.length ? ` · home: ${colours.map((c) => `${COLOUR_NAME[c]} ${Number(homes[c] ?? 0)} of 4`).join(', ')}` : '';
    return `${standing.score > 0 ? 'won' : 'lost'}${home}`;
  },
  describe(move, ctx) {
    const to = (f: unknown) => fieldText(f, ctx.table.ring ?? 0);
    // A TAC plays the last card, taken back from the colour that played it: the move says which ("TAC: green 1 to
    // field 44" left a player to work out from the board's middle what it copied and whose it undid).
    const last = ctx.table.lastCard ? tacCard(String(ctx.table.lastCard)) : '';
    const whose = `${COLOUR_NAME[ctx.table.lastColour] ?? 'the last'}'s`;
    const takenBack = last && move.card === 'tac' && ['move', 'enter', 'swap', 'skip', 'warrior'].includes(move.type) ? `TAC as ${last}, taking back ${whose}` : '';
    const card = takenBack || (move.card ? tacCard(String(move.card)) : '');
    // A marble in the apron now that a TAC's move names: the undo brings it back first.
    const marble = (id: unknown) => `${marbleName(ctx.table, id)}${marbleKey(ctx.table, Number(id)).startsWith('apron:') ? ', back from the apron,' : ''}`;
    // The marble standing on the field a move ends on, which it knocks out (one of your own too): the move's words named
    // only the field, and a marble of yours sent back to the apron came as a surprise.
    // Not a TAC's: it replays the undone card from the board as that card found it, not as it stands now.
    const onto = (m: Move) => {
      if (m.card === 'tac') return '';
      const there = (ctx.table.marbles ?? []).find((o: Plain) => o.zone === 'ring' && o.field === m.to && o.id !== m.marble);
      return there ? `, knocking out ${marbleName(ctx.table, there.id)}` : '';
    };
    // A 7's run knocks out every ring marble it passes, not only the one it ends on: the words of a run past a marble
    // named none. It runs forward on the ring up to its field, or up to its own start on the way into its home.
    const passed = (m: Move) => {
      if (m.card === 'tac') return '';
      const t = ctx.table;
      const all: Plain[] = t.marbles ?? [];
      const mover = all.find((o) => o.id === m.marble);
      const ring = Number(t.ring ?? 0);
      if (mover?.zone !== 'ring' || !ring) return '';
      const end = Number(m.to) >= ring ? mover.colour * Number(t.spacing ?? 0) : Number(m.to);
      const fields: number[] = [];
      for (let f = mover.field; f !== end && fields.length < ring; ) fields.push((f = (f + 1) % ring));
      const knocked = fields.flatMap((f) => all.filter((o) => o.zone === 'ring' && o.field === f && o.id !== m.marble)).map((o) => marbleName(t, o.id));
      return knocked.length ? `, knocking out ${listText(knocked)}` : '';
    };
    switch (move.type) {
      case 'enter':
        return `${card}: bring a${typeof move.colour === 'number' ? ` ${COLOUR_NAME[move.colour] ?? ''}` : ''} marble out`;
      case 'move':
        return `${card}: ${marble(move.marble)} to ${to(move.to)}${onto(move)}`;
      case 'seven':
        // A 7's first run (a TAC copying a 7 says so, and whose 7 it takes back, as a TAC's other moves do).
        return `${card === '7' ? '7' : move.card === 'tac' && last ? `TAC as 7, taking back ${whose}` : `${card} as 7`}: ${marble(move.marble)} to ${to(move.to)}${passed(move)}`;
      case 'step':
        return `7: ${marble(move.marble)} to ${to(move.to)}${passed(move)}`;
      case 'swap':
        return `${card}: swap ${marble(move.a)} and ${marble(move.b)}`;
      case 'skip':
        return `${card}: the next player skips`;
      case 'warrior':
        return `${card}: ${marble(move.marble)} charges`;
      case 'exchange': {
        // A seat of two colours is its own partner: the card passes between its hands.
        const from = handColour(ctx);
        const to = ownPartner(ctx, from);
        return to === null ? `Give ${card} to your partner` : `Pass ${card} from ${COLOUR_NAME[from]}'s hand to ${COLOUR_NAME[to]}'s`;
      }
      case 'discard':
        return `Discard ${card}`;
      case 'devil':
      case 'fool':
        return `Play ${card}`;
    }
    return `${move.type} ${card}`;
  },
  describeEvent(ev: GameEvent, ctx, events) {
    const colour = (c: unknown) => (typeof c === 'number' ? `${COLOUR_NAME[c]} (${ctx.name(ctx.table.seatOfColour?.[c] ?? 0)})` : '');
    const marble = (id: unknown) => marbleName(ctx.table, id);
    const field = (f: unknown) => fieldText(f, ctx.table.ring ?? 0);
    // Under the Devil a card is played by the colour on turn (`by`) from its victim's hand (`colour`): said as
    // "red (Ada) plays blue's 7 (the Devil)", where "blue (Bo) plays 7" named the victim as the player.
    const devil = typeof ev.by === 'number' && ev.by !== ev.colour;
    const player = colour(devil ? ev.by : ev.colour);
    const victim = COLOUR_NAME[Number(ev.colour)] ?? '';
    const victims = devil ? `${victim}'s ` : '';
    const byDevil = devil ? ' (the Devil)' : '';
    switch (ev.type) {
      case 'play':
        // The Devil's and the Fool's own lines say who played them and what they do: "plays Devil." before
        // "plays the Devil on blue" said it twice.
        if ((ev.card === 'devil' || ev.card === 'fool') && events.some((e) => e.type === ev.card)) return '';
        return `${player} plays ${victims}${tacCard(String(ev.card))}${ev.as && ev.as !== ev.card ? ` as ${tacCard(String(ev.as))}` : ''}${byDevil}.`;
      case 'tac': {
        const undid = `${colour(ev.undidColour)}'s ${tacCard(String(ev.undid ?? ''))}${ev.skipCancelled ? ' (and the skip)' : ''}`;
        // The Devil's TAC plays the card taken back for its victim, with the victim's marbles.
        if (devil) return `TAC! ${player} undoes ${undid} with ${victims}TAC${byDevil} and plays it for ${victim}.`;
        return `TAC! ${player} undoes ${undid} and plays it.`;
      }
      case 'knockout':
        // A 7's run says itself which marbles it knocked out.
        if (events.some((e) => e.type === 'step' && Array.isArray(e.knocked) && e.knocked.includes(ev.marble))) return '';
        return `${marble(ev.marble)} is knocked out.`;
      case 'moved':
        return `${marble(ev.marble)} moves from ${field(ev.from)} to ${field(ev.to)}.`;
      case 'enter':
        return `${marble(ev.marble)} comes out onto its start.`;
      case 'step': {
        const left = Number(ev.remaining) > 0 ? ` (${ev.remaining} of the 7 left)` : '';
        // Events of before a 7 could take several fields name no `from`.
        if (ev.from === undefined) return `${marble(ev.marble)} steps to ${field(ev.to)}${left}.`;
        const knocked = Array.isArray(ev.knocked) ? ev.knocked.map(marble) : [];
        const knocks = knocked.length ? `, knocks out ${listText(knocked)}` : '';
        return `7: ${marble(ev.marble)} from ${field(ev.from)} to ${field(ev.to)}${knocks}${left}.`;
      }
      case 'deal':
        return `Round ${ev.round}: cards dealt.`;
      case 'discard':
        // A skipped player (an 8) discards whether or not they could move.
        if (devil) return `${player} discards ${victims}${tacCard(String(ev.card))}${byDevil}: ${victim} cannot move.`;
        return ev.skipped ? `${colour(ev.colour)}, skipped, discards ${tacCard(String(ev.card))}.` : `${colour(ev.colour)} cannot move and discards ${tacCard(String(ev.card))}.`;
      case 'exchangeGiven': {
        // Whom to, as the event names it (a server before it named none); a seat of two colours passes between its hands.
        const to = typeof ev.to === 'number' ? ev.to : null;
        if (to === null) return `${colour(ev.colour)} gives a card to the partner.`;
        const seats: number[] = ctx.table.seatOfColour ?? [];
        if (seats[to] !== undefined && seats[to] === seats[Number(ev.colour)]) return `${colour(ev.colour)} passes a card to ${COLOUR_NAME[to]}'s hand.`;
        return `${colour(ev.colour)} gives a card to their partner, ${colour(to)}.`;
      }
      case 'exchangeDone': {
        // Yours, as your private view holds it now (the events name no card: only you see which one came).
        const received = receivedCards(ctx).map((r) => ` ${r.text}.`);
        return `The partners have exchanged their cards.${received.join('')}`;
      }
      case 'skip':
        return `${colour(ev.colour)} is skipped.`;
      case 'devil':
        return `${colour(ev.colour)} plays the Devil on ${colour(ev.target)}.`;
      case 'fool':
        return `${player} plays ${devil ? `${victims}Fool${byDevil}` : 'the Fool'}: the hands pass on.`;
      case 'swap':
        return `${marble(ev.a)} and ${marble(ev.b)} swap places.`;
      case 'reshuffle':
        // The first deal's shuffle is the game's start, not a reshuffle of discards.
        return events.some((e) => e.type === 'deal' && e.round === 1) ? '' : 'The discards are shuffled into a new deck.';
      case 'winPending':
        return `Team ${Number(ev.team ?? 0) + 1} is about to win.`;
      case 'win':
        return `Team ${Number(ev.team ?? 0) + 1} wins!`;
    }
    return null;
  },
};
