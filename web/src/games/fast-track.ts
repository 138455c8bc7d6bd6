/**
 * Fast Track: the square (4 colours) or hexagonal (6) board with the main track, the fast-track corners,
 * the bull's eye in the centre, each colour's holding pen (outside) and home row (inside), the marbles
 * in their colours, your cards and the turn's chain of plays.
 *
 * Clicks: a card, a marble and a destination space each narrow the listed moves (any order); a swap is
 * two marbles; the chooser names what is left. Marbles carry their number and spaces theirs, in the words
 * the moves use ("red 2 to space 17"). Cards of one rank whose listed moves are the same (two jacks) answer
 * as one card: the chooser offers each move once, as the moves of the one tapped (else of the first).
 */
import { cloned, h, inkIn, inkOn, markedDot, phoneWidth, s, seatColour, svg } from '../dom.ts';
import type { BoardContext, GameBoard, GameEvent, Move, Plain } from '../types.ts';
import { NO_CARD_MOVES, cardThenMarble, discardQuestion, sevenLeft } from './asked.ts';
import { count } from './generic.ts';
import { cardChip, cardText, confirmsCard, pickedCopy } from './cards.ts';
import { forgetMoved, MOVED_BAND, movedRing, movedWhileWaiting } from './moved.ts';
import { alongLabel, boardName, boundsOf, colourInitial, labelText, MARBLE_FILL, marbleMark, overWhite, viewBoxOf, type Label, type Spot } from './board-layout.ts';

/** The board's ground. */
const BOARD = '#f7f0dd';
/** A space's number: quiet, darker only where a colour's tint needs it. */
const SPACE_NUMBER = '#6f6034';
/** A home hole's tint of its colour (over white). */
const HOME_TINT = 0.13;
const SIZE = 700;
const C = SIZE / 2;
type P = [number, number];

/**
 * Where the board's places are: track spaces on a polygon whose corners are the fast-track spaces. On a phone's narrow
 * window the hexagon stands on a corner (its width is then its flats', 87% of its corners'), so it is drawn larger.
 */
function geometry(t: Plain, narrow = false) {
  const board = t.board ?? {};
  // Everything from the published board: its length, and the fast-track corners (one per side).
  // (While a state is still arriving a field may be missing: draw nothing rather than NaN.)
  const n: number = Number.isFinite(board.trackLength) ? board.trackLength : 0;
  const corners: number[] = [...(board.fastTrackSpaces ?? [])].filter((c: unknown) => Number.isFinite(c));
  const sides = Math.max(corners.length, 1);
  const perSide = n / sides;
  const R = sides === 4 ? 372 : 300;
  const turn = sides === 6 && narrow ? 0 : -Math.PI / sides;
  const vertex = (k: number): P => {
    const a = -Math.PI / 2 + turn + (2 * Math.PI * k) / sides;
    return [C + R * Math.cos(a), C + R * Math.sin(a)];
  };
  const first = corners[0] ?? 0;
  const track = (i: number): P => {
    if (!Number.isFinite(i) || !n) return [C, C];
    const j = (((i - first) % n) + n) % n;
    const side = Math.floor(j / perSide);
    const f = (j % perSide) / perSide;
    const [x1, y1] = vertex(side);
    const [x2, y2] = vertex(side + 1);
    return [x1 + (x2 - x1) * f, y1 + (y2 - y1) * f];
  };
  const toward = (p: P, q: P, d: number): P => {
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    return [p[0] + ((q[0] - p[0]) * d) / len, p[1] + ((q[1] - p[1]) * d) / len];
  };
  const step = sides === 4 ? 30 : 25;
  const home = (colour: Plain, k: number): P => toward(track(colour.homeEntry), [C, C], step * (k + 1.2));
  // The pen's holes run along the side outside the pen exit, every other one a little further out.
  const penAt = (colour: Plain, k: number, zig: boolean): P => {
    const base = track(colour.penExit);
    const out = toward(base, [C, C], -step * 1.3);
    const along = track(colour.penExit + 1);
    const dx = (along[0] - base[0]) * (k - 1.5) * 0.9;
    const dy = (along[1] - base[1]) * (k - 1.5) * 0.9;
    const far = toward(out, [C, C], zig ? -step * 0.2 : 0);
    return [far[0] + dx, far[1] + dy];
  };
  const pen = (colour: Plain, k: number): P => penAt(colour, k, Boolean(k % 2));
  // The word "pen" along the side after its last hole (outside the holes it would widen the board).
  const penLabel = (colour: Plain): Label => {
    const from = penAt(colour, 4.1, false);
    const on = penAt(colour, 5.1, false);
    return alongLabel(from, [on[0] - from[0], on[1] - from[1]], 'pen', 11);
  };
  // Its player's name along the side, before the pen's first hole (reading on to the holes: "Ada ①②③④"), which leaves the
  // side's middle free up to the previous corner: a name of NAME_CHARS fits there on either board.
  const nameLabel = (colour: Plain, name: string): Label => {
    const from = penAt(colour, -1.1, false);
    const back = penAt(colour, -2.1, false);
    return alongLabel(from, [back[0] - from[0], back[1] - from[1]], boardName(name), 16);
  };
  const r = sides === 4 ? 14 : 10;
  // A pen exit's or home entry's coloured ring (2 wide, r - 0.5 to r + 1.5) and the rim a marble you can move lights up
  // in (style.css: 3 wide, r - 4 to r - 1) keep a gap between them, and the ring one to a highlighted marble on the next
  // space (the hexagon's spaces are 2.14 r apart): the ring at r, 3 wide, round a marble of r - 1, lay on the rim.
  const marble = r - 2.5;
  const ownerRing = { r: r + 0.5, width: 2 };
  // A marble another player moved has a dashed ring round it on a white band (moved.ts): outside the rim a marble you can
  // move lights up in (5 wide once picked) and a pen exit's or home entry's coloured ring, and on a corner outside its
  // gold ring (r + 5, 1.5 wide). At r + 3 it lay on them, and read as one ring with them.
  const moved = (corner: boolean) => (corner ? r + 7.5 : r + 3.5);
  return { n, sides, corners, track, home, pen, penLabel, nameLabel, r, marble, ownerRing, moved };
}

/**
 * The board's parts and words where they are drawn, and the picture's box fitted round them (the frame with a margin):
 * a phone's width shows the board itself, not an empty border. Every round part is listed with the radius it may take.
 */
export function fastTrackLayout(t: Plain, name: (seat: number) => string, narrow = false) {
  const g = geometry(t, narrow);
  const colours: Plain[] = t.board?.colours ?? [];
  const perColour = (colour: Plain) => (t.marbles ?? []).filter((m: Plain) => m.colour === colour.name).length || 4;
  const corners = new Set<number>(g.corners);
  // Wherever a marble stands it may have the ring of a marble moved by another player round it (its band included).
  const around = (corner = false) => g.moved(corner) + MOVED_BAND / 2;
  const spots: Spot[] = [
    ...Array.from({ length: g.n }, (_, i) => ({ x: g.track(i)[0], y: g.track(i)[1], r: around(corners.has(i)) })),
    // (A home hole is a square: its corners reach 1.42 of its half-width from its middle.)
    ...colours.flatMap((colour) => Array.from({ length: t.board?.homeLength ?? 0 }, (_, k) => ({ x: g.home(colour, k)[0], y: g.home(colour, k)[1], r: Math.max(g.r * 1.42, around()) }))),
    ...colours.flatMap((colour) => Array.from({ length: perColour(colour) }, (_, k) => ({ x: g.pen(colour, k)[0], y: g.pen(colour, k)[1], r: around() }))),
    { x: C, y: C, r: 32 },
  ];
  const names = colours.map((colour) => g.nameLabel(colour, colour.seat >= 0 ? name(colour.seat) : ''));
  const words = [
    ...colours.map((colour) => g.penLabel(colour)),
    { x: C, y: C + 44, angle: 0, anchor: 'middle', size: 12, text: "bull's eye" } as Label,
  ];
  const frame = boundsOf(spots, [...names, ...words], 14);
  return { g, spots, names, words, frame, viewBox: { x: frame.x - 4, y: frame.y - 4, width: frame.width + 8, height: frame.height + 8 } };
}

/** A marble in words, as its number on the board says it: `red-0` is "red 1". */
function marbleName(id: unknown): string {
  const [colour, k] = String(id).split('-');
  return `${colour} ${Number(k) + 1}`;
}
const marbleNumber = (id: string) => Number(id.split('-')[1]) + 1;

/** A location in words, as the board labels it (home holes count from 1). */
function placeName(v: unknown): string {
  const [area, n] = String(v).split('-');
  if (area === 'track') return `space ${n}`;
  if (area === 'home') return `home ${Number(n) + 1}`;
  if (area === 'bullseye') return "the bull's eye";
  if (area === 'pen') return 'the pen';
  return String(v);
}

/** Rank a card shows (suits play no part in Fast Track; both jokers are jokers). */
const face = (card: string) => (card === 'BJ' || card === 'SJ' ? 'joker' : card.slice(0, -1));
/**
 * A card inside a sentence: a joker as "joker" ("Bot 4 plays Small joker." named a difference Fast Track does not make,
 * capitalised mid-sentence), with its article after a verb ("plays a joker").
 */
const cardWord = (card: string) => (face(card) === 'joker' ? 'joker' : cardText(card));
const aCard = (card: string) => (face(card) === 'joker' ? 'a joker' : cardText(card));

/**
 * For each card in hand with listed moves, the keys of its twins: the cards of its rank whose listed moves are
 * exactly its own but for the card (two jacks), itself included, in hand order. Read from the server's list only,
 * so a copy is left out of the chooser only when its twin offers the very same moves.
 */
const twinsCache = new WeakMap<Move[], Map<string, string[]>>();
function twins(ctx: BoardContext): Map<string, string[]> {
  const cached = twinsCache.get(ctx.moves);
  if (cached) return cached;
  const uses = new Map<string, Set<string>>();
  for (const m of ctx.moves) {
    if (typeof m.card !== 'string') continue;
    const set = uses.get(m.card) ?? new Set<string>();
    set.add(JSON.stringify(m, (k, v) => (k === 'card' ? undefined : v)));
    uses.set(m.card, set);
  }
  const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
  const groups: string[][] = [];
  for (const card of ctx.view?.hand ?? []) {
    const mine = uses.get(card);
    if (!mine) continue;
    const group = groups.find(([first]) => face(first!) === face(card) && same(uses.get(first!)!, mine));
    if (group) group.push(card);
    else groups.push([card]);
  }
  const out = new Map(groups.flatMap((group) => group.map((card) => [card, group.map((c) => `card:${c}`)] as const)));
  twinsCache.set(ctx.moves, out);
  return out;
}

function locationKey(to: string, marble: string): string {
  if (to.startsWith('home') || to === 'pen') return `to:${marble.split('-')[0]}:${to}`;
  return `to:${to}`;
}

function render(ctx: BoardContext) {
  const t = ctx.table;
  const narrow = phoneWidth();
  const layout = fastTrackLayout(t, ctx.name, narrow);
  const { g, frame: box } = layout;
  const colours: Plain[] = t.board?.colours ?? [];
  const marbles: Plain[] = t.marbles ?? [];
  const penIndex = new Map<string, number>();
  const where = (m: Plain): P => {
    const colour = colours.find((c) => c.name === m.colour);
    if (m.area === 'track') return g.track(m.space);
    if (m.area === 'home' && colour) return g.home(colour, m.space);
    if (m.area === 'bullseye') return [C, C];
    const k = penIndex.get(m.colour) ?? 0;
    penIndex.set(m.colour, k + 1);
    return colour ? g.pen(colour, k) : [C, C];
  };
  const corners = new Set<number>(g.corners);
  const moved = movedMarbles(ctx);
  // Where each marble stands (a pen's in the order they are listed).
  const placed = marbles.map((m) => ({ m, p: where(m) }));
  if (!g.n || !g.corners.length) {
    // before the first state
    return svg(SIZE, SIZE, { 'aria-label': 'Fast Track board' }, s('rect', { x: 4, y: 4, width: SIZE - 8, height: SIZE - 8, rx: 30, fill: BOARD, stroke: '#c9b98f', 'stroke-width': 4 }));
  }
  // Everything under the marbles follows the board, the marbles of each colour (its pen's holes), the seats' names and the
  // window's width class alone: built once, cloned each frame (dom.ts).
  const layoutKey = JSON.stringify(['fast-track', t.board, narrow, colours.map((c) => [marbles.filter((m) => m.colour === c.name).length, c.seat >= 0 ? ctx.name(c.seat) : ''])]);
  return svg(
    layout.viewBox.width,
    layout.viewBox.height,
    { 'aria-label': `Fast Track ${t.board?.kind ?? ''} board`, viewBox: viewBoxOf(layout.viewBox) },
    cloned(layoutKey, () => [
      s('rect', { x: +box.x.toFixed(1), y: +box.y.toFixed(1), width: +box.width.toFixed(1), height: +box.height.toFixed(1), rx: 30, fill: BOARD, stroke: '#c9b98f', 'stroke-width': 4 }),
      s('polygon', { points: Array.from({ length: g.sides }, (_, k) => g.track(g.corners[k] ?? 0).join(',')).join(' '), fill: '#efe4c6', stroke: '#d8c9a0', 'stroke-width': 2 }),
      // fast track: the corners joined round the centre
      s('polygon', { points: g.corners.map((i) => g.track(i).join(',')).join(' '), fill: 'none', stroke: '#b08d3c', 'stroke-width': 3, 'stroke-dasharray': '2 8' }),
      s('circle', { cx: C, cy: C, r: 30, fill: '#fff', stroke: '#b08d3c', 'stroke-width': 4, 'data-key': 'to:bullseye' }),
      labelText(layout.words.at(-1)!, { fill: '#8a6d2a' }),
      Array.from({ length: g.n }, (_, i) => {
        const [x, y] = g.track(i);
        const owner = colours.find((c) => c.penExit === i || c.homeEntry === i);
        const fill = corners.has(i) ? '#ffe9a8' : owner ? overWhite(MARBLE_FILL[owner.name] ?? '#999999', 0.2) : '#ffffff';
        return [
          s('circle', {
            class: 'track-space',
            cx: x,
            cy: y,
            r: corners.has(i) ? g.r + 5 : owner ? g.ownerRing.r : g.r,
            fill,
            stroke: owner ? MARBLE_FILL[owner.name] : '#b9a775',
            'stroke-width': owner ? g.ownerRing.width : 1.5,
            'data-key': `to:track-${i}`,
            'aria-label': `space ${i}${corners.has(i) ? ' (fast track)' : ''}`,
          }),
          // Its number, quiet but legible: the moves name spaces by number (too small to read on a phone: hidden there).
          s('text', { class: 'space-no', x, y: y + g.r * 0.36, 'text-anchor': 'middle', 'font-size': g.r * 1.05, fill: inkIn(SPACE_NUMBER, fill) }, i),
        ];
      }),
      colours.map((colour, ci) =>
        s(
          'g',
          null,
          Array.from({ length: t.board?.homeLength ?? 0 }, (_, k) => {
            const [x, y] = g.home(colour, k);
            const fill = MARBLE_FILL[colour.name] ?? '#999999';
            return [
              s('rect', { x: x - g.r, y: y - g.r, width: g.r * 2, height: g.r * 2, rx: 4, fill: overWhite(fill, HOME_TINT), stroke: fill, 'stroke-width': 2, 'data-key': `to:${colour.name}:home-${k}`, 'aria-label': `${colour.name} home ${k + 1}` }),
              s('text', { class: 'space-no', x, y: y + g.r * 0.36, 'text-anchor': 'middle', 'font-size': g.r * 1.05, fill: inkIn(fill, overWhite(fill, HOME_TINT)) }, k + 1),
            ];
          }),
          Array.from({ length: marbles.filter((m) => m.colour === colour.name).length }, (_, k) => {
            const [x, y] = g.pen(colour, k);
            return s('circle', { cx: x, cy: y, r: g.r - 2, fill: 'none', stroke: MARBLE_FILL[colour.name], 'stroke-dasharray': '3 3', 'data-key': k === 0 ? `to:${colour.name}:pen` : null, 'aria-label': k === 0 ? `${colour.name} pen` : null });
          }),
          // Its player's name along the side, and the pen the moves name ("red 2 from the pen").
          colour.seat >= 0 ? labelText(layout.names[ci]!, { fill: '#555' }, ctx.name(colour.seat)) : null,
          labelText(layout.words[ci]!, { class: 'pen-word', 'font-style': 'italic', fill: inkIn(MARBLE_FILL[colour.name] ?? '#555555', BOARD) }),
        ),
      ),
    ]),
    // Moved by another player while you waited: a dashed ring on a white band outside the space's rings (moved.ts).
    // (In a group of their own: a ring coming or going leaves every marble after it in its place, tac.ts.)
    s('g', { class: 'moved-rings' }, placed.map(({ m, p }) => (moved.has(m.id) ? movedRing(p[0], p[1], g.moved(m.area === 'track' && corners.has(m.space))) : null))),
    placed.map(({ m, p: [x, y] }) => {
      const at = m.area === 'track' || m.area === 'home' ? `${m.area}-${m.space}` : m.area;
      return [
        s('circle', {
          class: 'marble',
          cx: x,
          cy: y,
          r: g.marble,
          fill: MARBLE_FILL[m.colour] ?? '#666666',
          stroke: m.ring !== 'none' ? '#ffd54f' : '#fff',
          'stroke-width': m.ring !== 'none' ? 4 : 2,
          'data-key': `marble:${m.id}`,
          'data-marble': m.id,
          'aria-label': `${marbleName(m.id)} in ${placeName(at)}${m.ring !== 'none' ? ' (on the fast track)' : ''}`,
        }),
        // Its colour's initial and the number the moves call it by ("R2": red 2), which tell marbles apart where colours do not;
        // a little smaller than a single digit was, for two within the marble.
        s('text', { class: 'marble-no', x, y: y + g.r * 0.3, 'text-anchor': 'middle', 'font-size': g.r * 0.85, 'font-weight': 700, fill: inkOn(MARBLE_FILL[m.colour] ?? '#666666') }, marbleMark(m.colour, marbleNumber(m.id))),
      ];
    }),
  );
}

/** The marbles another player moved since your last turn (moved.ts). */
const movedMarbles = (ctx: BoardContext) =>
  movedWhileWaiting(ctx.roomId, ctx.mySeat, ctx.moves.length > 0, new Map((ctx.table.marbles ?? []).map((m: Plain) => [m.id, `${m.area}-${m.space}`])));

/** A player in the list under the board: colours, cards in hand, deck, last card played, the cut. */
export function playerLine(p: Plain, ctx: BoardContext): string {
  return `${ctx.name(p.seat)}: ${p.colours.join(' & ')} · ${count(p.handCount, 'card')} · deck ${p.deckCount}${p.discardTop ? ` · last ${cardWord(p.discardTop)}` : ''}${p.cut ? ` · cut ${cardWord(p.cut)}` : ''}`;
}

export const fastTrack: GameBoard = {
  left: forgetMoved,
  render(ctx) {
    const t = ctx.table;
    const hand: string[] = ctx.view?.hand ?? [];
    return h(
      'div',
      { class: 'fast-track' },
      h(
        'p',
        null,
        ctx.status === 'over' ? 'Game over.' : [
          t.phase === 'cut' ? 'Cutting for the first player… ' : '',
          t.turn?.seat >= 0 ? (t.turn.seat === ctx.mySeat ? 'Your turn' : `${ctx.name(t.turn.seat)} to play`) : '',
          t.turn?.chain?.length ? ` · played this turn: ${t.turn.chain.map(cardWord).join(', ')}` : '',
          t.turn?.split?.remaining > 0 ? ` · split ${sevenLeft(t.turn.split.remaining)}` : '',
        ],
      ),
      render(ctx),
      // Your cards right under the board (the legend after them): on a desktop both fit the window.
      ctx.view && hand.length > 0
        ? [
            h('div', { class: 'section-title' }, 'Your cards'),
            h('div', { class: 'hand' }, hand.map((c) => cardChip(c, `card:${c}`))),
          ]
        : null,
      h('p', { class: 'legend' }, `Each marble shows its colour's initial and its number (R2 is red 2); home holes count 1–4 from the entrance; a gold rim: on the fast track${movedMarbles(ctx).size ? '; a dashed ring on white, outside the space: moved by another player since your turn' : ''}.`),
      h(
        'ul',
        { class: 'plain-list' },
        (t.players ?? []).map((p: Plain) =>
          h('li', null, fastTrack.seatMarks!(p.seat, ctx).map((m) => markedDot(m)), ` ${playerLine(p, ctx)}`),
        ),
      ),
    );
  },
  // Colours are spread round the board, not dealt in seat order: two players play red and green, say. Each with its
  // initial, as the marbles show it: red and green are near alike to some eyes.
  seatMarks(seat, ctx) {
    const colours: string[] = (ctx.table.players ?? []).find((p: Plain) => p.seat === seat)?.colours ?? [];
    return colours.map((c) => ({ colour: MARBLE_FILL[c] ?? seatColour(seat), mark: colourInitial(c) }));
  },
  // What your listed moves ask of you; for everyone, the 7 split under way.
  status(ctx) {
    const t = ctx.table;
    const split = t.turn?.split?.remaining > 0 ? sevenLeft(t.turn.split.remaining) : '';
    if (!ctx.moves.length) return split && `${split}.`;
    const all = (type: string) => ctx.moves.every((m) => m.type === type);
    if (all('splitRest')) return `${split}: choose the other marble to take ${t.turn.split.remaining === 1 ? 'it' : 'them'}.`;
    // A play-again card (A, K, Q, J, 6, joker) was played (or discarded) this turn: another card follows.
    const chain: string[] = t.turn?.chain ?? [];
    const again = chain.length ? `After ${aCard(chain.at(-1)!)} you play again. ` : ''; // (not the card played again)
    if (all('discard')) return again + NO_CARD_MOVES;
    return again + cardThenMarble(fastTrack, ctx, cardText);
  },
  confirms: confirmsCard,
  question: discardQuestion,
  keys(move: Move, ctx) {
    // Twins (two jacks) make the same moves: those of the one picked, else the first, stand for them all, so the chooser
    // offers each once and names the card tapped. The other's moves keep only their card, for it to be picked.
    const copies = typeof move.card === 'string' ? twins(ctx).get(move.card) : undefined;
    if (copies && (pickedCopy(copies, ctx.selected) ?? copies[0]) !== `card:${move.card}`) return [move.type, `card:${move.card}`];
    const k: string[] = [move.type];
    if (move.card) k.push(`card:${move.card}`);
    if (move.marble) k.push(`marble:${move.marble}`);
    if (move.other) k.push(`marble:${move.other}`);
    if (move.to) k.push(locationKey(move.to as string, move.marble as string));
    return k;
  },
  describe(move, ctx) {
    const card = move.card ? cardText(move.card as string) : '';
    const to = placeName;
    const marble = marbleName;
    // Where the marble starts when that is off the track (pen and bull's eye have no space number).
    const area = (ctx.table.marbles ?? []).find((m: Plain) => m.id === move.marble)?.area;
    const from = area === 'pen' ? ' from the pen' : area === 'bullseye' ? " from the bull's eye" : '';
    switch (move.type) {
      case 'move':
        return `${card}: ${marble(move.marble)}${from} to ${to(move.to)}`;
      case 'split':
        // The marble's number and the steps apart ("red 1 4 steps" read as one number), and what is left of the 7.
        return `${card} split: ${marble(move.marble)} to ${to(move.to)} (${count(Number(move.steps), 'step')}, ${7 - Number(move.steps)} left for another marble)`;
      case 'splitRest':
        return `Rest of the 7: ${marble(move.marble)} to ${to(move.to)}`;
      case 'swap':
        return `${card}: swap ${marble(move.marble)} with ${marble(move.other)}`;
      case 'discard':
        return `Discard ${card} (no effect)`;
      case 'cut':
        return 'Cut';
    }
    return move.type;
  },
  // The outcome's score is the marbles home (README, Winning); a team game's is 1 for the winning team and 0 for the
  // others, the team's marbles home in the details (`marblesHome`, per seat).
  scoreText(standing, ctx) {
    if ((standing.team ?? -1) >= 0) {
      const home: unknown = ctx.result?.details?.marblesHome?.[standing.seat];
      return `${standing.score > 0 ? 'won' : 'lost'}${typeof home === 'number' ? ` · ${home} of the team's marbles home` : ''}`;
    }
    return `${standing.score} ${standing.score === 1 ? 'marble' : 'marbles'} home`;
  },
  describeEvent(ev: GameEvent, ctx, events) {
    const who = typeof ev.seat === 'number' ? ctx.name(ev.seat) : '';
    switch (ev.type) {
      case 'played':
        // A card that moves no marble was discarded: its move's events are the card alone.
        return events.some((e) => e.type === 'moved') ? `${who} plays ${aCard(String(ev.card))}.` : `${who} discards ${aCard(String(ev.card))} (no effect).`;
      case 'moved': {
        // A jack's swap moves two marbles, each to the other's place: one line, not two moves (one of them backward).
        const other = events.find((e) => e !== ev && e.type === 'moved' && e.from === ev.to && e.to === ev.from);
        if (other) return events.indexOf(other) < events.indexOf(ev) ? '' : `${marbleName(ev.marble)} and ${marbleName(other.marble)} swap places (${placeName(ev.from)} and ${placeName(ev.to)}).`;
        return `${marbleName(ev.marble)} moves from ${placeName(ev.from)} to ${placeName(ev.to)}.`;
      }
      case 'captured':
        return `${marbleName(ev.marble)} is sent back to its pen.`;
      case 'stallRelief':
        return `After discards in a row, ${marbleName(ev.marble)} leaves the pen by itself to ${placeName(ev.to)}.`;
      case 'reshuffled':
        return `${who}'s played cards are shuffled into a new deck.`;
      case 'drew':
      case 'turn':
        return '';
      case 'cut': {
        // Everyone still contending shows a card: the single highest starts, a tie cuts again.
        const shown = Object.entries((ev.cards ?? {}) as Record<string, string>).map(([seat, card]) => `${ctx.name(Number(seat))} ${cardWord(card)}`);
        return `Cut for the first player: ${shown.join(', ')}.`;
      }
      case 'won':
        return ''; // the room's game-over line names the winners, as in every game
    }
    return null;
  },
};
