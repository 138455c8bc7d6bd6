/** The boards' words and marks without a browser: seat colours, log lines, who is marked as declaring. */
import { describe, expect, it, vi } from 'vitest';
import { contrast, h, inkIn, inkOn, markedDot, SEAT_COLOURS, seatDot } from './dom.ts';
import { distanceToPolygon, labelCorners, MARBLE_FILL, overWhite, type Label, type P, type Spot } from './games/board-layout.ts';
import { fastTrack, fastTrackLayout, playerLine } from './games/fast-track.ts';
import { sectionOpen, sectionToggled } from './games/folds.ts';
import { buildingTapped, greatWesternTrail, turnLine } from './games/great-western-trail.ts';
import { BETTOR_COLOURS, bettors, dollars, finishOrder, raceOutcome, raceStatus, readySetBet, settlementText, tieNote, tokenRow, vipChoices } from './games/ready-set-bet.ts';
import { colourLine, tac, tacLayout } from './games/tac.ts';
import { handOutcome, lastTrickText, levelsText, seatTitle, tableLayout, tableLines, tractor, trumpsTitle } from './games/tractor.ts';
import { describeEventGeneric } from './games/generic.ts';
import { boardFor } from './games/index.ts';
import { chooserPrompt, partLine, Selection } from './select.ts';
import { partsActedOn } from './steps.ts';
import { startNowOffered, turnLine as panelLine } from './turn.ts';
import type { BoardContext, GameEvent, Move, Plain } from './types.ts';

function context(game: string, table: Record<string, unknown>): BoardContext {
  return {
    roomId: 'table-1',
    game,
    table,
    view: null,
    seats: [],
    mySeat: 0,
    active: [],
    status: 'playing',
    moves: [],
    sent: [],
    name: (seat) => ['Ada', 'Bo', 'Cy', 'Di'][seat] ?? `Seat ${seat + 1}`,
    result: null,
  };
}

describe('Fast Track on the page', () => {
  it("shows each seat in the colour of the marbles it plays, not in its seat colour, with the colour's initial its marbles show", () => {
    // Two players, one colour each: the colours sit opposite, red and green (seat 1's own colour is blue).
    const ctx = context('fast-track', { players: [{ seat: 0, colours: ['red'] }, { seat: 1, colours: ['green'] }] });
    expect(fastTrack.seatMarks!(0, ctx)).toEqual([{ colour: MARBLE_FILL.red, mark: 'R' }]);
    expect(fastTrack.seatMarks!(1, ctx)).toEqual([{ colour: MARBLE_FILL.green, mark: 'G' }]);
    const two = context('fast-track', { players: [{ seat: 0, colours: ['red', 'green'] }, { seat: 1, colours: ['blue', 'yellow'] }] });
    expect(fastTrack.seatMarks!(1, two)).toEqual([{ colour: MARBLE_FILL.blue, mark: 'B' }, { colour: MARBLE_FILL.yellow, mark: 'Y' }]);
    // The players' list under the board marks them alike: red and green are near alike to some eyes.
    const dots = drawnParts(() => fastTrack.render({ ...two, table: { ...two.table, board: fastTrackBoard('hex', [0, 1, 2, 3]).board, marbles: [] } }), 'seat-dot');
    expect(dots.map((d) => d.text)).toEqual(['R', 'G', 'B', 'Y']);
    expect(dots[3]!.attributes.style).toBe(`background:${MARBLE_FILL.yellow};color:${inkOn(MARBLE_FILL.yellow!)}`);
  });

  it('logs a jack\'s swap as one line, not as two moves (one of them backward)', () => {
    const ctx = context('fast-track', {});
    const swap = [
      { type: 'played', seat: 0, card: 'JD' },
      { type: 'moved', marble: 'red-0', from: 'track-0', to: 'track-24' },
      { type: 'moved', marble: 'green-2', from: 'track-24', to: 'track-0' },
    ];
    expect(swap.map((ev) => fastTrack.describeEvent!(ev, ctx, swap))).toEqual(['Ada plays J♦.', 'red 1 and green 3 swap places (space 0 and space 24).', '']);
    const two = [{ type: 'played', seat: 0, card: '7H' }, { type: 'moved', marble: 'red-0', from: 'track-0', to: 'track-3' }, { type: 'moved', marble: 'red-1', from: 'track-5', to: 'track-9' }];
    expect(two.slice(1).map((ev) => fastTrack.describeEvent!(ev, ctx, two))).toEqual(['red 1 moves from space 0 to space 3.', 'red 2 moves from space 5 to space 9.']);
  });

  it('says a play-again card gives you another play (not that the card is played again) before asking for the next, a discard too', () => {
    const ctx = (moves: Move[]) => ({ ...context('fast-track', { turn: { chain: ['QC'] } }), moves });
    expect(fastTrack.status!(ctx([{ type: 'discard', card: '5H' }]))).toBe('After Q♣ you play again. No card of yours can move a marble: choose one to discard.');
    expect(fastTrack.status!({ ...ctx([{ type: 'discard', card: '5H' }]), table: {} })).toBe('No card of yours can move a marble: choose one to discard.');
  });

  it('asks of a card that can only be discarded whether to discard it, not to play it', () => {
    const ctx = context('fast-track', {});
    expect(chooserPrompt(1, false, fastTrack.question!({ type: 'discard', card: '5H' }, ctx) ?? undefined)).toBe('Discard it?');
    expect(chooserPrompt(1, false, fastTrack.question!({ type: 'move', card: '5H', marble: 'red-0', to: 'track-5' }, ctx) ?? undefined)).toBe('Play it?');
  });

  it('says a card that moved no marble was discarded, not played', () => {
    const ctx = context('fast-track', {});
    const discard = [{ type: 'played', seat: 1, card: '5H' }, { type: 'turn', seat: 0 }];
    expect(fastTrack.describeEvent!(discard[0]!, ctx, discard)).toBe('Bo discards 5♥ (no effect).');
    const play = [{ type: 'played', seat: 1, card: '5H' }, { type: 'moved', marble: 'blue-0', from: 'track-3', to: 'track-8' }];
    expect(fastTrack.describeEvent!(play[0]!, ctx, play)).toBe('Bo plays 5♥.');
    // With the stall-relief house rule a marble may leave the pen after the discard: the card still did nothing.
    const relief = [{ type: 'played', seat: 0, card: '9C' }, { type: 'stallRelief', seat: 0, marble: 'red-2', to: 'track-5' }];
    expect(relief.map((ev) => fastTrack.describeEvent!(ev, ctx, relief))).toEqual(['Ada discards 9♣ (no effect).', 'After discards in a row, red 3 leaves the pen by itself to space 5.']);
    expect(fastTrack.describeEvent!({ type: 'reshuffled', seat: 1 }, ctx, [])).toBe("Bo's played cards are shuffled into a new deck.");
  });

  it('says in the move panel what is asked: a card, then a marble; the rest of a split 7; a discard; another card after a play-again card', () => {
    const table = { phase: 'play', turn: { seat: 0, chain: [], split: null }, players: [{ seat: 0, colours: ['red'] }] };
    const status = (moves: Move[], selected: string[] = [], more: Record<string, unknown> = {}) => fastTrack.status!({ ...context('fast-track', { ...table, ...more }), moves, selected });
    const plays: Move[] = [{ type: 'move', card: '5H', marble: 'red-0', to: 'track-8' }, { type: 'move', card: 'KS', marble: 'red-1', to: 'track-3' }];
    expect(status(plays)).toBe('Choose a card to play, then a marble.');
    expect(status(plays, ['card:5H'])).toBe('5♥: now choose a marble.');
    // A card that moves no marble where another does: thrown away, not played (the chooser asks "Discard it?").
    expect(status([...plays, { type: 'discard', card: 'KD' }], ['card:KD'])).toBe('K♦: it can only be discarded.');
    expect(status(plays, [], { turn: { seat: 0, chain: ['KS'], split: null } })).toBe('After K♠ you play again. Choose a card to play, then a marble.');
    expect(status([{ type: 'discard', card: '5H' }, { type: 'discard', card: '9C' }])).toBe('No card of yours can move a marble: choose one to discard.');
    const rest = { turn: { seat: 0, chain: ['7D'], split: { card: '7D', marble: 'red-0', remaining: 1 } } };
    expect(status([{ type: 'splitRest', marble: 'red-1', to: 'track-9' }], [], rest)).toBe('7: 1 step left: choose the other marble to take it.');
    expect(status([{ type: 'splitRest', marble: 'red-1', to: 'track-9' }], [], { turn: { ...rest.turn, split: { ...rest.turn.split, remaining: 3 } } })).toBe('7: 3 steps left: choose the other marble to take them.');
    const ctx = context('fast-track', table);
    // (The marble's number and the steps apart: "red 1 4 steps" read as one number.)
    expect(fastTrack.describe({ type: 'split', card: '7D', marble: 'red-0', steps: 1, to: 'track-6' }, ctx)).toBe('7♦ split: red 1 to space 6 (1 step, 6 left for another marble)');
    expect(fastTrack.describe({ type: 'split', card: '7D', marble: 'red-0', steps: 4, to: 'track-9' }, ctx)).toBe('7♦ split: red 1 to space 9 (4 steps, 3 left for another marble)');
    // Someone else's split: the steps left, no more.
    expect(status([], [], { turn: { seat: 1, chain: ['7D'], split: { card: '7D', marble: 'blue-0', remaining: 4 } } })).toBe('7: 4 steps left.');
    expect(playerLine({ seat: 1, colours: ['green'], handCount: 1, deckCount: 30 }, context('fast-track', table))).toBe('Bo: green · 1 card · deck 30');
  });

  it('rings the marbles another player moved while you waited, and says so in the legend', () => {
    const board = { trackLength: 56, fastTrackSpaces: [7, 21, 35, 49], homeLength: 4, colours: [{ name: 'red', seat: 0, penExit: 0, homeEntry: 54 }, { name: 'blue', seat: 1, penExit: 14, homeEntry: 12 }] };
    const marbles = (blue: number) => [{ id: 'red-0', colour: 'red', area: 'track', space: 3, ring: 'none' }, { id: 'blue-0', colour: 'blue', area: 'track', space: blue, ring: 'none' }];
    const ctx = (blue: number) => ({ ...context('fast-track', { board, marbles: marbles(blue), players: [], turn: { seat: 1, chain: [] } }), roomId: 'moved-ft' });
    const rings = (blue: number) => drawnParts(() => fastTrack.render(ctx(blue)), 'moved').length;
    const legend = (blue: number) => drawnTexts(() => fastTrack.render(ctx(blue)), 'legend')[0];
    expect(rings(20)).toBe(0);
    expect(rings(25)).toBe(1);
    expect(pictureParts(() => fastTrack.render(ctx(25)))).toEqual(pictureParts(() => fastTrack.render(ctx(20)))); // (the ring in a group of its own)
    expect(legend(25)).toContain('a dashed ring on white, outside the space: moved by another player since your turn');
    expect(legend(20)).not.toContain('a dashed ring'); // back where it stood when your turn ended
  });

  it("rings a marble another player moved outside a corner's gold ring, a pen exit's coloured ring and the highlight of a marble you can move", () => {
    const board = { trackLength: 56, fastTrackSpaces: [7, 21, 35, 49], homeLength: 4, colours: [{ name: 'red', seat: 0, penExit: 0, homeEntry: 54 }, { name: 'blue', seat: 1, penExit: 14, homeEntry: 12 }] };
    // Your red marble sent onto a corner (on the fast track), or onto blue's pen exit, by another player while you waited.
    const ctx = (space: number, ring = 'none') => ({ ...context('fast-track', { board, marbles: [{ id: 'red-0', colour: 'red', area: 'track', space, ring }], players: [], turn: { seat: 1, chain: [] } }), roomId: 'moved-ft-rings' });
    const num = (a: Record<string, string>, k: string) => Number(a[k]);
    const outer = (a: Record<string, string>) => num(a, 'r') + num(a, 'stroke-width') / 2;
    const inner = (a: Record<string, string>) => num(a, 'r') - num(a, 'stroke-width') / 2;
    expect(drawnParts(() => fastTrack.render(ctx(3)), 'moved')).toEqual([]); // where it stood when your turn ended
    for (const [space, ring] of [[7, 'fast'], [14, 'none']] as const) {
      const drawn = (cls: string) => drawnParts(() => fastTrack.render(ctx(space, ring)), cls);
      const [band, dashes] = [drawn('moved-band'), drawn('moved')].map((parts) => (expect(parts.length).toBe(1), parts[0]!.attributes));
      const field = drawn('track-space').find((part) => part.attributes['data-key'] === `to:track-${space}`)!.attributes;
      const marble = drawn('marble').find((part) => part.attributes['data-key'] === 'marble:red-0')!.attributes;
      expect([dashes!.cx, dashes!.cy]).toEqual([field.cx, field.cy]);
      expect(band!.stroke).toBe('#fff');
      expect(dashes!['stroke-dasharray']).toBeTruthy();
      // The white band starts outside the space's own ring and the rim a marble you can move lights up in (style.css:
      // 5 wide once picked); the dashes with a gap of white to both.
      const under = Math.max(outer(field), num(marble, 'r') + 5 / 2);
      expect(inner(band!)).toBeGreaterThanOrEqual(under - 0.01);
      expect(inner(dashes!)).toBeGreaterThan(under + 0.5);
    }
  });

  it("keeps a pen exit's and a home entry's coloured ring clear of the highlight of a marble you can move, there and on the next space", () => {
    const rim = 3; // the highlight: the marble's rim, as style.css draws a part you can pick (3 wide)
    const num = (a: Record<string, string>, k: string) => Number(a[k]);
    for (const kind of ['hex', 'square'] as const) {
      const { board } = fastTrackBoard(kind, kind === 'hex' ? [0, 1, 2, 3, 4, 5] : [0, 1, 2, 3]);
      const n = board.trackLength;
      // Red's marbles on its pen exit and the space after it, on its home entry and the space before it.
      const spaces = [0, 1, n - 2, n - 3];
      const marbles = spaces.map((space, k) => ({ id: `red-${k}`, colour: 'red', area: 'track', space, ring: 'none' }));
      const draw = () => fastTrack.render({ ...context('fast-track', { board, marbles, players: [], turn: { seat: 0, chain: [] } }), roomId: `rings-${kind}` });
      const fields = drawnParts(draw, 'track-space').map((part) => part.attributes);
      const drawnMarbles = drawnParts(draw, 'marble').map((part) => part.attributes);
      for (const [own, next] of [[0, 1], [2, 3]] as const) {
        const ring = fields.find((a) => a['data-key'] === `to:track-${spaces[own]}`)!;
        const [here, there] = [drawnMarbles[own]!, drawnMarbles[next]!];
        expect(ring.stroke).toBe(MARBLE_FILL.red);
        const lit = (m: Record<string, string>) => num(m, 'r') + rim / 2;
        expect(num(ring, 'r') - num(ring, 'stroke-width') / 2 - lit(here)).toBeGreaterThanOrEqual(0.5 - 1e-9);
        const apart = Math.hypot(num(there, 'cx') - num(ring, 'cx'), num(there, 'cy') - num(ring, 'cy'));
        expect(apart - lit(there) - (num(ring, 'r') + num(ring, 'stroke-width') / 2)).toBeGreaterThanOrEqual(0.5 - 1e-9);
      }
    }
  });

  it("tints a pen exit and a home entry without letting the board's lines show through: the fast track's dashes ran across their numbers", () => {
    for (const kind of ['hex', 'square'] as const) {
      const { board } = fastTrackBoard(kind, kind === 'hex' ? [0, 1, 2, 3, 4, 5] : [0, 1, 2, 3]);
      const draw = () => fastTrack.render({ ...context('fast-track', { board, marbles: [], players: [], turn: { seat: 0, chain: [] } }), roomId: `tint-${kind}` });
      const fields = drawnParts(draw, 'track-space').map((part) => part.attributes);
      const red = board.colours.find((c) => c.name === 'red')!;
      for (const space of [red.penExit, red.homeEntry]) {
        // Red's tint over white, opaque (#rrggbb, no alpha).
        expect(fields.find((a) => a['data-key'] === `to:track-${space}`)!.fill).toBe(overWhite(MARBLE_FILL.red!, 0.2));
      }
    }
  });

  it("heads the board with whose turn it is, yours as yours (it named you: \"Ada to play\")", () => {
    const board = { trackLength: 56, fastTrackSpaces: [7, 21, 35, 49], homeLength: 4, colours: [{ name: 'red', seat: 0, penExit: 0, homeEntry: 54 }, { name: 'blue', seat: 1, penExit: 14, homeEntry: 12 }] };
    const first = (seat: number) => drawnTexts(() => fastTrack.render({ ...context('fast-track', { board, marbles: [], players: [], turn: { seat, chain: [] } }), roomId: 'head-ft' }), 'fast-track')[0]!;
    expect(first(0)).toMatch(/^Your turn/);
    expect(first(1)).toMatch(/^Bo to play/);
  });

  it('says what the result\'s scores count: the marbles home, a team\'s for a team game', () => {
    const ctx = context('fast-track', {});
    expect([4, 1, 0].map((score, seat) => fastTrack.scoreText!({ seat, score, team: -1 }, ctx))).toEqual(['4 marbles home', '1 marble home', '0 marbles home']);
    // A team game's score is 1 for the winning team and 0 for the others (teamOutcome); the marbles home are in the
    // details. It said "1 of the team's marbles home" of the winners, with all eight home.
    const teams = { ...context('fast-track', {}), result: { standings: [], winners: [0, 2], details: { marblesHome: [8, 3, 8, 3] } } } as unknown as BoardContext;
    expect(fastTrack.scoreText!({ seat: 0, score: 1, team: 0 }, teams)).toBe("won · 8 of the team's marbles home");
    expect(fastTrack.scoreText!({ seat: 1, score: 0, team: 1 }, teams)).toBe("lost · 3 of the team's marbles home");
    expect(fastTrack.scoreText!({ seat: 1, score: 0, team: 1 }, ctx)).toBe('lost');
  });

  it('describes the cut for the first player, and leaves the win to the room\'s game-over line', () => {
    const ctx = context('fast-track', {});
    const say = (ev: GameEvent) => fastTrack.describeEvent!(ev, ctx, [ev]);
    expect(say({ type: 'cut', cards: { 0: '7H', 1: 'KS' } })).toBe('Cut for the first player: Ada 7♥, Bo K♠.');
    expect(say({ type: 'won', seats: [1] })).toBe('');
  });

  it('names a joker in a sentence as a joker: both are the same card in Fast Track', () => {
    const table = { phase: 'play', turn: { seat: 0, chain: ['SJ'], split: null }, players: [{ seat: 0, colours: ['red'] }] };
    const ctx = context('fast-track', table);
    const say = (events: GameEvent[]) => events.map((ev) => fastTrack.describeEvent!(ev, ctx, events));
    expect(say([{ type: 'played', seat: 0, card: 'SJ' }, { type: 'moved', marble: 'red-0', from: 'pen', to: 'track-0' }])[0]).toBe('Ada plays a joker.');
    expect(say([{ type: 'played', seat: 1, card: 'BJ' }])).toEqual(['Bo discards a joker (no effect).']);
    expect(say([{ type: 'cut', cards: { 0: 'BJ', 1: 'KS' } }])).toEqual(['Cut for the first player: Ada joker, Bo K♠.']);
    const moves: Move[] = [{ type: 'move', card: '5H', marble: 'red-0', to: 'track-5' }];
    expect(fastTrack.status!({ ...ctx, moves })).toBe('After a joker you play again. Choose a card to play, then a marble.');
    expect(playerLine({ seat: 0, colours: ['red'], handCount: 4, deckCount: 40, discardTop: 'SJ', cut: 'BJ' }, ctx)).toBe('Ada: red · 4 cards · deck 40 · last joker · cut joker');
  });
});

/** Whether two convex boxes overlap (no line of either side separates them). */
function overlap(a: readonly P[], b: readonly P[]): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [p, q] = [poly[i]!, poly[(i + 1) % poly.length]!];
      const n: P = [q[1] - p[1], p[0] - q[0]];
      const project = (pts: readonly P[]) => pts.map(([x, y]) => x * n[0] + y * n[1]);
      if (Math.max(...project(a)) <= Math.min(...project(b)) || Math.max(...project(b)) <= Math.min(...project(a))) return false;
    }
  }
  return true;
}

/** The faults of a board's words: one covering a round part or another word, or leaving the frame (`inside`). */
function wordFaults(spots: readonly Spot[], labels: readonly Label[], inside: (p: P) => boolean): string[] {
  const faults: string[] = [];
  labels.forEach((l, i) => {
    const box = labelCorners(l);
    if (!box.every(inside)) faults.push(`"${l.text}" leaves the frame`);
    for (const spot of spots) if (distanceToPolygon([spot.x, spot.y], box) < spot.r + 1) faults.push(`"${l.text}" covers a part at ${Math.round(spot.x)},${Math.round(spot.y)}`);
    labels.slice(i + 1).forEach((other) => overlap(box, labelCorners(other)) && faults.push(`"${l.text}" covers "${other.text}"`));
  });
  return faults;
}

/** A Fast Track board as the view publishes it (src/games/fast-track/data/boards.ts): zones of 14 spaces. */
function fastTrackBoard(kind: 'square' | 'hex', inPlay: number[]) {
  const names = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'].slice(0, kind === 'square' ? 4 : 6);
  const n = names.length * 14;
  const colours = inPlay.map((c, i) => ({ name: names[c], seat: i % 3, penExit: c * 14, homeEntry: (c * 14 - 2 + n) % n }));
  const marbles = colours.flatMap((c) => [0, 1, 2, 3].map((k) => ({ id: `${c.name}-${k}`, colour: c.name, area: 'pen', space: -1, ring: 'none' })));
  return { board: { kind, trackLength: n, fastTrackSpaces: names.map((_, c) => c * 14 + 5), homeLength: 4, colours }, marbles };
}

describe('Fast Track board layout', () => {
  const long = () => 'Bartholomew Quince the Third';
  // The colours in play at each table size: the square's 2 and 4, the hexagon's 3 to 6 (and 2 × 3, 4 on the hexagon).
  const tables: ['square' | 'hex', number[]][] = [
    ['square', [0, 2]],
    ['square', [0, 1, 2, 3]],
    ['hex', [0, 2, 4]],
    ['hex', [0, 1, 3, 4]],
    ['hex', [0, 1, 2, 3, 4]],
    ['hex', [0, 1, 2, 3, 4, 5]],
  ];

  it('writes every name and "pen" clear of every space, hole and marble, of each other and inside the frame, at every table size', () => {
    for (const narrow of [true, false]) {
      for (const [kind, inPlay] of tables) {
        const { spots, names, words, frame, viewBox } = fastTrackLayout(fastTrackBoard(kind, inPlay), long, narrow);
        const inFrame = ([x, y]: P) => x >= frame.x && x <= frame.x + frame.width && y >= frame.y && y <= frame.y + frame.height;
        expect(wordFaults(spots, [...names, ...words], inFrame), `${kind} ${inPlay.length} colours, ${narrow ? 'phone' : 'wide'}`).toEqual([]);
        expect(spots.every((p) => inFrame([p.x - p.r, p.y - p.r]) && inFrame([p.x + p.r, p.y + p.r]))).toBe(true);
        expect(viewBox.x < frame.x && viewBox.x + viewBox.width > frame.x + frame.width && viewBox.y < frame.y && viewBox.y + viewBox.height > frame.y + frame.height).toBe(true);
        expect(names.every((l) => l.text === 'Bartholomew…')).toBe(true); // cut on the board, whole in the seat list
      }
    }
  });

  it('fits the picture to what is drawn: no empty border, and on a phone the hexagon stands on a corner to fill the width', () => {
    for (const narrow of [true, false]) {
      for (const [kind, inPlay] of tables) {
        const { spots, names, words, frame } = fastTrackLayout(fastTrackBoard(kind, inPlay), long, narrow);
        const xs = [...spots.flatMap((p) => [p.x - p.r, p.x + p.r]), ...[...names, ...words].flatMap((l) => labelCorners(l).map(([x]) => x))];
        const ys = [...spots.flatMap((p) => [p.y - p.r, p.y + p.r]), ...[...names, ...words].flatMap((l) => labelCorners(l).map(([, y]) => y))];
        expect([frame.x, frame.y, frame.x + frame.width, frame.y + frame.height].map(Math.round)).toEqual([Math.min(...xs) - 14, Math.min(...ys) - 14, Math.max(...xs) + 14, Math.max(...ys) + 14].map(Math.round));
      }
    }
    // The six-colour hexagon was drawn 700 wide, its spaces 21 apart: a phone's width holds it 650 wide, the spaces 24 apart.
    const hex = (narrow: boolean) => fastTrackLayout(fastTrackBoard('hex', [0, 1, 2, 3, 4, 5]), long, narrow);
    expect(hex(true).viewBox.width).toBeLessThan(660);
    expect(hex(true).viewBox.width).toBeLessThan(hex(false).viewBox.width);
    expect(hex(false).viewBox.height).toBeLessThan(hex(false).viewBox.width); // lying on a side in a wide window, lower than wide
  });

  it("draws each table its own track and its own players' names, where other tables were drawn before in the same page", () => {
    // Built once and cloned (dom.ts): a square and a hexagon of two players each, then the square with another player on it.
    const square = fastTrackBoard('square', [0, 2]);
    const hex = fastTrackBoard('hex', [0, 3]);
    const draw = ({ board, marbles }: ReturnType<typeof fastTrackBoard>, names: string[], roomId: string) =>
      fastTrack.render({ ...context('fast-track', { board, marbles, players: [], turn: { seat: -1, chain: [] } }), roomId, name: (seat) => names[seat] ?? '' });
    const tables = () => h('div', null, draw(square, ['Ada', 'Bo'], 'square-1'), draw(hex, ['Ada', 'Bo'], 'hex'), draw(square, ['Zed', 'Bo'], 'square-2'));
    expect(drawnParts(tables, 'track-space')).toHaveLength(56 + 84 + 56);
    const words = drawnTexts(tables, 'fast-track');
    expect(words[0]).toContain('Ada');
    expect(words[2]).toContain('Zed');
    expect(words[2]).not.toContain('Ada');
  });
});

describe('TAC board layout', () => {
  const long = (seat: number) => (seat === 0 ? 'Bartholomew Quince' : `Bot ${seat + 1}`);
  const tables = [
    { seats: 2, colours: 4, spacing: 16 },
    { seats: 4, colours: 4, spacing: 16 },
    { seats: 3, colours: 6, spacing: 11 },
    { seats: 3, colours: 6, spacing: 16 },
    { seats: 6, colours: 6, spacing: 11 },
    { seats: 6, colours: 6, spacing: 16 },
  ];
  const table = ({ seats, colours, spacing }: (typeof tables)[number]) => ({
    ring: colours * spacing,
    spacing,
    colours,
    seatOfColour: Array.from({ length: colours }, (_, c) => c % seats),
    canOpen: Array.from({ length: colours }, () => true),
    marbles: Array.from({ length: colours * 4 }, (_, id) => ({ id, colour: Math.floor(id / 4), zone: 'apron', field: -1 })),
  });

  it("writes every player's name (with its ●) clear of the fields, the aprons' marbles and the other names, inside the ring's frame", () => {
    for (const size of tables) {
      const { spots, names, frame } = tacLayout(table(size), long);
      const inFrame = ([x, y]: P) => Math.hypot(x - 350, y - 350) <= frame - 2;
      expect(wordFaults(spots, names, inFrame), `${size.seats} seats, ring of ${size.colours * size.spacing}`).toEqual([]);
      expect(spots.every((p) => Math.hypot(p.x - 350, p.y - 350) + p.r <= frame - 2)).toBe(true);
      expect(names[0]!.text).toBe('Bartholomew… ●');
    }
  });

  it('fits the frame and the picture to the ring, its aprons and names: a phone shows no empty border round them', () => {
    for (const size of tables) {
      const { spots, names, frame, viewBox } = tacLayout(table(size), long);
      const reach = Math.max(...spots.map((p) => Math.hypot(p.x - 350, p.y - 350) + p.r), ...names.flatMap((l) => labelCorners(l).map(([x, y]) => Math.hypot(x - 350, y - 350))));
      expect(frame).toBeCloseTo(reach + 8);
      expect(viewBox.width).toBeCloseTo(2 * frame + 6);
      expect(viewBox.width).toBeLessThan(690); // it was 700 wide, the frame 344 round
    }
  });
});

describe('TAC on the page', () => {
  it('logs a skipped player\'s discard as a skip, not as a player who cannot move', () => {
    const ctx = context('tac', { seatOfColour: [0, 1, 2, 3] });
    expect(tac.describeEvent!({ type: 'discard', colour: 3, card: '2', skipped: true }, ctx, [])).toBe('yellow (Di), skipped, discards 2.');
    expect(tac.describeEvent!({ type: 'discard', colour: 3, card: '2', skipped: false }, ctx, [])).toBe('yellow (Di) cannot move and discards 2.');
  });

  it('logs whom a card of the exchange goes to: the partner by name, or a seat\'s own other hand', () => {
    const say = (ev: GameEvent, seatOfColour = [0, 1, 2, 3]) => tac.describeEvent!(ev, context('tac', { seatOfColour }), [ev]);
    expect(say({ type: 'exchangeGiven', colour: 0, to: 2 })).toBe('red (Ada) gives a card to their partner, green (Cy).');
    expect(say({ type: 'exchangeGiven', colour: 0, to: 2 }, [0, 1, 0, 1])).toBe("red (Ada) passes a card to green's hand.");
    expect(say({ type: 'exchangeGiven', colour: 0 })).toBe('red (Ada) gives a card to the partner.'); // (a server before `to`)
  });

  it("heads the board with the phase in words and whose turn it is, yours as yours (it gave the engine's word: \"· play\", \"· exchange\")", () => {
    const head = (t: Record<string, unknown>) => drawnParts(() => tac.render(context('tac', { ring: 64, marbles: [], seatOfColour: [0, 1, 2, 3], round: 2, winner: -1, ...t })), 'tac')[0]!.text;
    expect(head({ phase: 'play', turn: 1, turnSeat: 1 })).toMatch(/^Round 2 · Bo to play \(blue\)/);
    expect(head({ phase: 'play', turn: 0, turnSeat: 0 })).toMatch(/^Round 2 · your turn \(red\)/);
    expect(head({ phase: 'exchange', turn: 0, turnSeat: 0 })).toMatch(/^Round 2 · partners exchange a card(?! ·)/);
  });

  it('logs no reshuffle for the first deal, only for a deck made again from the discards', () => {
    const ctx = context('tac', { round: 1 });
    const first = [{ type: 'reshuffle' }, { type: 'deal', round: 1, dealer: 0, cards: 5 }];
    expect(tac.describeEvent!(first[0]!, ctx, first)).toBe('');
    const later = [{ type: 'reshuffle' }, { type: 'deal', round: 6, dealer: 1, cards: 5 }];
    expect(tac.describeEvent!(later[0]!, ctx, later)).toBe('The discards are shuffled into a new deck.');
  });

  it('says which marble moved, from where to where, and which one was knocked out, swapped or brought out', () => {
    // Four colours of four marbles (ids 4c…4c+3); a ring of 64 fields, home fields after it.
    const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4) }));
    const ctx = context('tac', { ring: 64, marbles, seatOfColour: [0, 1, 2, 3] });
    const say = (ev: GameEvent) => tac.describeEvent!(ev, ctx, [ev]);
    expect(say({ type: 'moved', marble: 5, from: 12, to: 21 })).toBe('blue 2 moves from field 12 to field 21.');
    expect(say({ type: 'moved', marble: 0, from: 62, to: 65 })).toBe('red 1 moves from field 62 to home 2.');
    expect(say({ type: 'knockout', marble: 10 })).toBe('green 3 is knocked out.');
    expect(say({ type: 'swap', a: 1, b: 15 })).toBe('red 2 and yellow 4 swap places.');
    expect(say({ type: 'enter', marble: 4 })).toBe('blue 1 comes out onto its start.');
    expect(say({ type: 'step', marble: 6, to: 30, remaining: 4 })).toBe('blue 3 steps to field 30 (4 of the 7 left).');
  });

  it('names in a move the marble on the field it ends on, which it knocks out, your own too', () => {
    const marbles = [
      { id: 0, colour: 0, zone: 'ring', field: 55 },
      { id: 1, colour: 0, zone: 'ring', field: 0 },
      { id: 4, colour: 1, zone: 'ring', field: 20 },
      { id: 5, colour: 1, zone: 'apron', field: 0 },
    ];
    const ctx = context('tac', { ring: 64, marbles, seatOfColour: [0, 1, 2, 3] });
    expect(tac.describe({ type: 'move', card: '9', marble: 0, to: 0 }, ctx)).toBe('9: red 1 to field 0, knocking out red 2');
    expect(tac.describe({ type: 'seven', card: '7', marble: 1, to: 20 }, ctx)).toBe('7: red 2 to field 20, knocking out blue 1');
    expect(tac.describe({ type: 'step', marble: 4, to: 21 }, ctx)).toBe('7: blue 1 to field 21');
    expect(tac.describe({ type: 'move', card: '4', marble: 0, to: 51 }, ctx)).toBe('4: red 1 to field 51');
  });

  it('offers to confirm the TAC a marble tapped alone would play: it takes back the last card, which the tap did not name', () => {
    const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4), zone: id === 0 ? 'ring' : 'apron', field: id === 0 ? 0 : -1 }));
    const table = { phase: 'play', ring: 64, spacing: 16, marbles, seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 0, devilTarget: -1, sevenRemaining: 0, lastCard: '1', lastColour: 3 };
    const moves: Move[] = [{ type: 'enter', card: 'tac', colour: 0 }, { type: 'move', card: '9', marble: 0, to: 9 }];
    const ctx: BoardContext = { ...context('tac', table), moves, view: { colours: [0], cards: ['tac', '9'], cardColours: [0, 0], given: [] } };
    const selection = new Selection(tac);
    expect(selection.click('apron:0', ctx)).toBeNull();
    expect(selection.offered(ctx)).toEqual([moves[0]]);
    expect(tac.describe(moves[0]!, ctx)).toBe("TAC as 1, taking back yellow's: bring a red marble out");
    // A marble whose one move plays a card of another kind is sent at once, as before.
    expect(new Selection(tac).click('marble:0', ctx)).toEqual(moves[1]);
  });

  it("names in a 7's run every marble it passes, which it knocks out, up to its own start on the way home", () => {
    const at: Record<number, [string, number]> = { 1: ['ring', 35], 4: ['ring', 36], 11: ['ring', 37], 2: ['ring', 62], 12: ['ring', 0], 3: ['home', 0] };
    const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4), zone: at[id]?.[0] ?? 'apron', field: at[id]?.[1] ?? -1 }));
    const ctx = context('tac', { ring: 64, spacing: 16, marbles, seatOfColour: [0, 1, 2, 3] });
    expect(tac.describe({ type: 'seven', card: '7', marble: 1, to: 38 }, ctx)).toBe('7: red 2 to field 38, knocking out blue 1 and green 4');
    expect(tac.describe({ type: 'step', marble: 1, to: 36 }, ctx)).toBe('7: red 2 to field 36, knocking out blue 1');
    // Into the home through the own start: the marble on the start is passed; one in the home is not on the ring.
    expect(tac.describe({ type: 'step', marble: 2, to: 66 }, ctx)).toBe('7: red 3 to home 3, knocking out yellow 1');
    expect(tac.describe({ type: 'step', marble: 3, to: 67 }, ctx)).toBe('7: red 4 to home 4');
  });

  it("logs a 7's run as one line: from where to where, every marble it knocked out on the way, the steps left", () => {
    const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4) }));
    const ctx = context('tac', { ring: 64, marbles, seatOfColour: [0, 1, 2, 3] });
    const say = (events: GameEvent[]) => events.map((ev) => tac.describeEvent!(ev, ctx, events));
    const run = [
      { type: 'knockout', marble: 5 },
      { type: 'knockout', marble: 9 },
      { type: 'knockout', marble: 1 },
      { type: 'step', marble: 0, from: 5, to: 9, steps: 4, knocked: [5, 9, 1], remaining: 3 },
    ];
    expect(say(run)).toEqual(['', '', '', '7: red 1 from field 5 to field 9, knocks out blue 2, green 2 and red 2 (3 of the 7 left).']);
    expect(say([{ type: 'step', marble: 0, from: 62, to: 65, steps: 4, knocked: [], remaining: 0 }])).toEqual(['7: red 1 from field 62 to home 2.']);
    const one = [{ type: 'knockout', marble: 4 }, { type: 'step', marble: 0, from: 5, to: 6, steps: 1, knocked: [4], remaining: 6 }];
    expect(say(one)).toEqual(['', '7: red 1 from field 5 to field 6, knocks out blue 1 (6 of the 7 left).']);
  });

  it('logs the Devil and the Fool played in one line each, the card with what it does', () => {
    const ctx = context('tac', { ring: 64, marbles: [], seatOfColour: [0, 1, 2, 3] });
    const say = (events: GameEvent[]) => events.map((ev) => tac.describeEvent!(ev, ctx, events)).filter(Boolean);
    expect(say([{ type: 'play', colour: 0, card: 'devil', as: 'devil', move: 'devil' }, { type: 'devil', colour: 0, target: 1 }])).toEqual(['red (Ada) plays the Devil on blue (Bo).']);
    expect(say([{ type: 'play', colour: 2, card: 'fool', as: 'fool', move: 'fool' }, { type: 'fool', colour: 2 }])).toEqual(['green (Cy) plays the Fool: the hands pass on.']);
    expect(say([{ type: 'play', colour: 0, card: '5', as: '5', move: 'move' }])).toEqual(['red (Ada) plays 5.']);
  });

  it("names under the Devil the player who played the victim's card, and whose card it was", () => {
    const ctx = context('tac', { ring: 64, marbles: [], seatOfColour: [0, 1, 2, 3] });
    const say = (events: GameEvent[]) => events.map((ev) => tac.describeEvent!(ev, ctx, events)).filter(Boolean);
    // The log said "blue (Bo) plays 7." of the 7 red played from blue's hand.
    expect(say([{ type: 'play', colour: 1, by: 0, card: '7', as: '7', move: 'seven' }])).toEqual(["red (Ada) plays blue's 7 (the Devil)."]);
    expect(say([{ type: 'discard', colour: 1, by: 0, card: '5', skipped: false }])).toEqual(["red (Ada) discards blue's 5 (the Devil): blue cannot move."]);
    expect(say([{ type: 'play', colour: 1, by: 0, card: 'fool', as: 'fool', move: 'fool' }, { type: 'fool', colour: 1, by: 0 }])).toEqual([
      "red (Ada) plays blue's Fool (the Devil): the hands pass on.",
    ]);
    expect(say([{ type: 'tac', colour: 1, by: 0, undid: '3', undidColour: 3, skipCancelled: false }, { type: 'play', colour: 1, by: 0, card: 'tac', as: '3', move: 'move' }])).toEqual([
      "TAC! red (Ada) undoes yellow (Di)'s 3 with blue's TAC (the Devil) and plays it for blue.",
      "red (Ada) plays blue's TAC as 3 (the Devil).",
    ]);
    // A card played in one's own turn, or an event of a server before `by`, reads as before.
    expect(say([{ type: 'play', colour: 1, card: '7', as: '7', move: 'seven' }])).toEqual(['blue (Bo) plays 7.']);
    expect(say([{ type: 'tac', colour: 1, undid: '3', undidColour: 0, skipCancelled: true }])).toEqual(["TAC! blue (Bo) undoes red (Ada)'s 3 (and the skip) and plays it."]);
  });

  it('says in the move panel what is asked: a card, then a marble; the steps of a 7; a discard; the exchange', () => {
    const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4) }));
    const table = { phase: 'play', ring: 64, marbles, seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 0, devilTarget: -1, sevenRemaining: 0 };
    const view = { colours: [0], cards: ['5', 'trickster'], cardColours: [0, 0], given: [] };
    const status = (moves: Move[], selected: string[] = [], more: Record<string, unknown> = {}) => tac.status!({ ...context('tac', { ...table, ...more }), view, moves, selected });
    const plays: Move[] = [{ type: 'move', card: '5', marble: 0, to: 9 }, { type: 'swap', card: 'trickster', a: 0, b: 5 }];
    expect(status(plays)).toBe('Choose a card to play, then a marble.');
    expect(status(plays, ['card:0:trickster'])).toBe('Trickster: now choose a marble.');
    expect(status([{ type: 'step', marble: 0, to: 10 }], [], { sevenRemaining: 1 })).toBe('7: 1 step left: choose a marble, then the field it steps to.');
    expect(status([], [], { sevenRemaining: 3 })).toBe('7: 3 steps left.');
    expect(status([{ type: 'discard', card: '5' }])).toBe('No card of yours can move a marble: choose one to discard.');
    // Under the Devil the cards are the victim's: their hand is named, not yours.
    expect(status([{ type: 'discard', card: '5' }], [], { devilTarget: 1 })).toBe("Devil: Bo's hand. No card in it can move a marble: choose one to discard.");
    expect(status([{ type: 'exchange', card: '5' }], [], { phase: 'exchange' })).toBe('Choose a card to give your partner.');
    expect(colourLine(1, context('tac', { ...table, handCounts: [4, 1, 0, 2] }))).toBe('blue: Bo · team 2 · 1 card');
  });

  it("shows a TAC seat in its marbles' colours, and each colour's line with that colour's dot alone, each with the initial its marbles show", () => {
    // Seat 0 plays green and seat 1 red: a dot in the seat's own colour (red for seat 0) read as the marbles' colour.
    const ctx = context('tac', { seatOfColour: [1, 0, 0, 1], teamOfColour: [0, 1, 1, 0], handCounts: [4, 4, 4, 4], ring: 64, marbles: [], round: 1, winner: -1 });
    const { red, blue, green, yellow } = MARBLE_FILL;
    expect(tac.seatMarks!(0, ctx)).toEqual([{ colour: blue, mark: 'B' }, { colour: green, mark: 'G' }]);
    expect(tac.seatMarks!(1, ctx)).toEqual([{ colour: red, mark: 'R' }, { colour: yellow, mark: 'Y' }]);
    const dots = drawnParts(() => tac.render(ctx), 'dot');
    expect(dots.map((d) => d.attributes.style)).toEqual([red, blue, green, yellow].map((c) => `background:${c};color:${inkOn(c!)}`));
    expect(dots.map((d) => d.text)).toEqual(['R', 'B', 'G', 'Y']);
  });

  it('tells a player skipped by an 8 that they are skipped, not that no card of theirs can move a marble', () => {
    const table = { phase: 'play', ring: 64, seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 0, turnSeat: 0, devilTarget: -1, sevenRemaining: 0, skipPending: true };
    const ctx = (moves: Move[]) => ({ ...context('tac', table), view: { colours: [0], cards: ['5', 'tac'], cardColours: [0, 0], given: [] }, moves });
    expect(tac.status!(ctx([{ type: 'discard', card: '5' }]))).toBe('You are skipped (an 8): choose a card to discard.');
    expect(tac.status!(ctx([{ type: 'discard', card: '5' }, { type: 'tac', card: 'tac' }]))).toBe('You are skipped (an 8): choose a card to discard, or play your TAC to undo the 8.');
    // The board's note names who is skipped: the player on turn (not "the next player", which reads as the one after).
    const notes = drawnTexts(() => tac.render({ ...ctx([]), mySeat: null, view: null }), 'note');
    expect(notes).toEqual(['Ada (red) is skipped (an 8): a card is discarded, unless a TAC answers it.']);
  });

  it('tells a spectator of the exchange what the players do, not to give a card', () => {
    const table = { phase: 'exchange', ring: 64, seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 0, devilTarget: -1, exchangeGiven: [false, true, false, false] };
    const notes = (view: unknown) => drawnTexts(() => tac.render({ ...context('tac', table), view, mySeat: view ? 0 : null }), 'note');
    expect(notes(null)).toEqual(['Exchange: each player gives one card to their partner (already given: blue).']);
    expect(notes({ colours: [0], cards: ['5'], cardColours: [0], given: [] })).toEqual(['Exchange: give one card to your partner (already given: blue).']);
    const none = drawnTexts(() => tac.render({ ...context('tac', { ...table, exchangeGiven: [false, false, false, false] }), mySeat: null }), 'note');
    expect(none).toEqual(['Exchange: each player gives one card to their partner (nobody has given yet).']);
  });

  it('tells a player which card the partner gave them and marks it in the hand (none of two alike), in the log too; a spectator and the Devil\'s hand show none', () => {
    const table = { phase: 'play', ring: 64, marbles: [], seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 1, turnSeat: 1, devilTarget: -1, winner: -1 };
    const view = { colours: [0], cards: ['5', '7', 'tac'], cardColours: [0, 0, 0], given: [''], received: ['7'], devilHand: [] };
    const page = (v: unknown, more: Record<string, unknown> = {}) => () => tac.render({ ...context('tac', { ...table, ...more }), view: v, mySeat: v ? 0 : null });
    expect(drawnTexts(page(view), 'tac-received')).toEqual(['You received 7 from your partner (marked in your hand).']);
    expect(drawnParts(page(view), 'received').map((part) => [part.attributes['data-key'], part.text])).toEqual([['card:0:7', '7received']]);
    const say = (v: unknown) => tac.describeEvent!({ type: 'exchangeDone' }, { ...context('tac', table), view: v as Plain }, [{ type: 'exchangeDone' }]);
    expect(say(view)).toBe('The partners have exchanged their cards. You received 7 from your partner.');
    // Two 7s in the hand: the view names the face, not which of them came (the first of them played ends it), so
    // neither is marked as the one, and the words say so.
    const twins = { ...view, cards: ['5', '7', '7', 'tac'], cardColours: [0, 0, 0, 0] };
    expect(drawnTexts(page(twins), 'tac-received')).toEqual(['You received 7 from your partner, one of your two 7s.']);
    expect(drawnParts(page(twins), 'received')).toEqual([]);
    expect(say(twins)).toBe('The partners have exchanged their cards. You received 7 from your partner, one of your two 7s.');
    // Once played (or before the exchange, or the next deal): nothing said, nothing marked.
    const gone = { ...view, cards: ['5', 'tac'], cardColours: [0, 0], received: [''] };
    expect([drawnTexts(page(gone), 'tac-received'), drawnParts(page(gone), 'received')]).toEqual([[], []]);
    expect(say(gone)).toBe('The partners have exchanged their cards.');
    expect(say(null)).toBe('The partners have exchanged their cards.');
    expect(drawnTexts(page(null), 'tac-received')).toEqual([]);
    // The Devil's player sees the victim's hand, never which card the victim received; their own is still marked.
    const devil = { ...view, devilHand: ['7', '9'] };
    expect(drawnParts(page(devil, { devilTarget: 1, turn: 0, turnSeat: 0 }), 'received').map((part) => part.attributes['data-key'])).toEqual(['card:0:7']);
    // A seat of two colours: each hand by its colour, from its other hand.
    const two = { colours: [0, 2], cards: ['5', '9', '12'], cardColours: [0, 2, 2], given: ['', ''], received: ['5', '12'], devilHand: [] };
    const twoPage = () => tac.render({ ...context('tac', { ...table, seatOfColour: [0, 1, 0, 1] }), view: two, mySeat: 0 });
    expect(drawnTexts(twoPage, 'tac-received')).toEqual(["Red's hand received 5 from green's. Green's hand received 12 from red's (marked in your hands)."]);
    expect(drawnParts(twoPage, 'received').map((part) => part.attributes['data-key'])).toEqual(['card:0:5', 'card:2:12']);
  });

  it("rings a marble another player moved outside a start field's ring and clear of the highlight of a marble you can move", () => {
    // Your red marble swapped onto blue's start (field 16) by another player while you waited.
    const marbles = (at: number) => [{ id: 0, colour: 0, zone: 'ring', field: at, fresh: false }];
    const ctx = (at: number) => ({ ...context('tac', { ring: 64, spacing: 16, colours: 4, marbles: marbles(at), seatOfColour: [0, 1, 2, 3], turn: 1, devilTarget: -1 }), roomId: 'moved-tac' });
    expect(drawnParts(() => tac.render(ctx(5)), 'moved')).toEqual([]); // where it stood when your turn ended
    const [band, ring] = [drawnParts(() => tac.render(ctx(16)), 'moved-band'), drawnParts(() => tac.render(ctx(16)), 'moved')];
    expect([band.length, ring.length]).toEqual([1, 1]);
    expect(pictureParts(() => tac.render(ctx(16)))).toEqual(pictureParts(() => tac.render(ctx(5)))); // (the ring in a group of its own)
    const start = drawnParts(() => tac.render(ctx(16)), 'start-field').find((part) => part.attributes['data-key'] === 'to:ring-16')!.attributes;
    const num = (a: Record<string, string>, k: string) => Number(a[k]);
    const [dashes, under] = [ring[0]!.attributes, band[0]!.attributes];
    expect([dashes.cx, dashes.cy]).toEqual([start.cx, start.cy]);
    // The dashes lie on a white band that starts outside the start's coloured ring: a gap of white between them.
    expect(dashes['stroke-dasharray']).toBeTruthy();
    expect(under.stroke).toBe('#fff');
    expect(num(under, 'r') - num(under, 'stroke-width') / 2).toBeGreaterThanOrEqual(num(start, 'r') + num(start, 'stroke-width') / 2 - 0.01);
    expect(num(dashes, 'r') - num(dashes, 'stroke-width') / 2).toBeGreaterThan(num(start, 'r') + num(start, 'stroke-width') / 2 + 0.5);
    // The highlight of a marble you can move is its rim (style.css: 3 wide, 5 once picked): a gap to the start's ring.
    const marble = drawnParts(() => tac.render(ctx(16)), 'marble').find((part) => part.attributes['data-key'] === 'marble:0')!.attributes;
    expect(num(start, 'r') - num(start, 'stroke-width') / 2).toBeGreaterThan(num(marble, 'r') + 5 / 2 + 0.5);
    expect(drawnTexts(() => tac.render(ctx(16)), 'legend')[0]).toContain('a dashed ring on white, outside the field: moved by another player since your turn');
  });

  it("tints a start field without letting the ring's line show through: it ran across the field's number", () => {
    const ctx = { ...context('tac', { ring: 64, spacing: 16, colours: 4, marbles: [], seatOfColour: [0, 1, 2, 3], turn: 0, devilTarget: -1 }), roomId: 'tint-tac' };
    const fills = drawnParts(() => tac.render(ctx), 'start-field').map((part) => part.attributes.fill);
    // Each colour's tint over white, opaque (#rrggbb, no alpha): red's first.
    expect(fills).toHaveLength(4);
    expect(fills[0]).toBe(overWhite(MARBLE_FILL.red!, 0.27));
    for (const fill of fills) expect(fill).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('draws each table its own ring and homes, where tables of other sizes were drawn before in the same page, and every frame new fields', () => {
    // Built once and cloned (dom.ts): four colours on 64 fields, six on 96, two on 64 with their starts 32 apart, then four
    // again with three marbles each.
    const tables = [
      { ring: 64, spacing: 16, colours: 4, home: 4 },
      { ring: 96, spacing: 16, colours: 6, home: 4 },
      { ring: 64, spacing: 32, colours: 2, home: 4 },
      { ring: 64, spacing: 16, colours: 4, home: 3 },
    ];
    const ctx = ({ home, ...t }: (typeof tables)[number], i: number) => {
      const marbles = Array.from({ length: t.colours * home }, (_, id) => ({ id, colour: Math.floor(id / home), zone: 'apron', field: 0 }));
      return { ...context('tac', { ...t, marbles, seatOfColour: [0, 1, 2, 3, 0, 1], turn: 0, devilTarget: -1 }), roomId: `sizes-${i}` };
    };
    const keysOf = (cls: string) => drawnParts(() => h('div', null, tables.map((t, i) => tac.render(ctx(t, i)))), cls).map((part) => part.attributes['data-key']);
    expect(keysOf('start-field')).toEqual([0, 16, 32, 48, 0, 16, 32, 48, 64, 80, 0, 32, 0, 16, 32, 48].map((f) => `to:ring-${f}`));
    const homes = keysOf('space-no').length - (64 + 96 + 64 + 64); // (a number on each field and home field)
    expect(homes).toBe(16 + 24 + 8 + 12);
    // Each frame's fields are its own: the page's mark on one frame's field is not on the next frame's.
    type Part = { attributes: Record<string, string>; childNodes: unknown[]; setAttribute(name: string, value: string): void };
    const find = (part: Part, key: string): Part | undefined =>
      part.attributes['data-key'] === key ? part : part.childNodes.map((n) => (typeof n === 'object' ? find(n as Part, key) : undefined)).find(Boolean);
    const marks = drawnParts(() => {
      const first = tac.render(ctx(tables[0]!, 0)) as unknown as Part;
      find(first, 'to:ring-0')!.setAttribute('class', 'start-field can');
      return h('div', null, first as unknown as Node, tac.render(ctx(tables[0]!, 0)));
    }, 'start-field').filter((part) => part.attributes['data-key'] === 'to:ring-0');
    expect(marks.map((part) => part.attributes.class)).toEqual(['start-field can', 'start-field']);
  });

  it("lets a TAC's move of a marble the undone card knocked out be picked by its apron, where the marble lies now", () => {
    const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4), zone: id < 4 ? 'apron' : 'ring', field: id }));
    const ctx = context('tac', { ring: 64, marbles, seatOfColour: [0, 1, 2, 3], turn: 0, devilTarget: -1 });
    const undo: Move = { type: 'move', card: 'tac', marble: 0, to: 9 };
    expect(tac.keys(undo, { ...ctx, view: { colours: [0], cards: ['tac'], cardColours: [0] } })).toEqual(['move', 'card:0:tac', 'apron:0', 'to:ring-9']);
    expect(tac.describe(undo, ctx)).toBe('TAC: red 1, back from the apron, to field 9');
    expect(tac.describe({ type: 'move', card: 'tac', marble: 5, to: 9 }, ctx)).toBe('TAC: blue 2 to field 9');
  });

  it('tells a seat of two colours whose turn it is, red or green, in the move panel', () => {
    const table = { phase: 'play', ring: 64, seatOfColour: [0, 1, 0, 1], teamOfColour: [0, 1, 0, 1], turn: 2, turnSeat: 0, devilTarget: -1, sevenRemaining: 0 };
    const ctx = (moves: Move[], more = {}) => ({ ...context('tac', { ...table, ...more }), view: { colours: [0, 2], cards: ['5', '9'], cardColours: [0, 2], given: [] }, moves });
    expect(tac.status!(ctx([{ type: 'move', card: '9', marble: 8, to: 41 }]))).toBe("Green's turn. Choose a card to play, then a marble.");
    expect(tac.status!(ctx([{ type: 'discard', card: '9' }]))).toBe("Green's turn. No card of yours can move a marble: choose one to discard.");
    expect(tac.status!(ctx([{ type: 'discard', card: '9' }], { skipPending: true }))).toBe("Green's turn. You are skipped (an 8): choose a card to discard.");
    expect(tac.status!(ctx([{ type: 'step', marble: 8, to: 41 }], { sevenRemaining: 3 }))).toBe("Green's turn. 7: 3 steps left: choose a marble, then the field it steps to.");
  });

  it("says, once your marbles are all home, that your cards move your partner's", () => {
    const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4), zone: id < 4 ? 'home' : 'ring', field: id }));
    const table = { phase: 'play', ring: 64, marbles, seatOfColour: [0, 1, 2, 3], teamOfColour: [0, 1, 0, 1], turn: 0, turnSeat: 0, devilTarget: -1, sevenRemaining: 0 };
    const status = (moves: Move[], more = {}) => tac.status!({ ...context('tac', { ...table, ...more }), view: { colours: [0], cards: ['5', '1'], cardColours: [0, 0], given: [] }, moves });
    const partner: Move[] = [{ type: 'move', card: '5', marble: 9, to: 14 }, { type: 'enter', card: '1', colour: 2 }];
    expect(status(partner)).toBe("Your marbles are all home: your cards move green's marbles. Choose a card to play, then a marble.");
    // Not before: a marble of yours still out.
    expect(status([{ type: 'move', card: '5', marble: 3, to: 8 }], { marbles: marbles.map((m) => (m.id === 3 ? { ...m, zone: 'ring' } : m)) })).toBe('Choose a card to play, then a marble.');
  });

  it("names a 7's first run as a 7, and a TAC played as a 7 as such, with whose 7 it takes back", () => {
    const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4) }));
    const ctx = context('tac', { ring: 64, marbles, seatOfColour: [0, 1, 2, 3], lastCard: '7', lastColour: 1 });
    expect(tac.describe({ type: 'seven', card: '7', marble: 0, to: 3 }, ctx)).toBe('7: red 1 to field 3');
    // As a TAC's other moves say it ("TAC as 12, taking back blue's: …"): it said only "TAC as 7".
    expect(tac.describe({ type: 'seven', card: 'tac', marble: 0, to: 3 }, ctx)).toBe("TAC as 7, taking back blue's: red 1 to field 3");
  });

  it("says what the result's score means: won or lost, and the marbles each of the seat's colours has home", () => {
    const ctx = { ...context('tac', { seatOfColour: [0, 1, 0, 1] }), result: { standings: [], details: { winningTeam: 1, homeCounts: [3, 4, 1, 4] } } } as unknown as BoardContext;
    expect(tac.scoreText!({ seat: 1, score: 1, team: 1 }, ctx)).toBe('won · home: blue 4 of 4, yellow 4 of 4');
    expect(tac.scoreText!({ seat: 0, score: 0, team: 0 }, ctx)).toBe('lost · home: red 3 of 4, green 1 of 4');
  });

  it("says what a TAC plays and whose card it takes back, as the view's last card says", () => {
    const marbles = Array.from({ length: 16 }, (_, id) => ({ id, colour: Math.floor(id / 4), zone: 'ring', field: id * 3 }));
    const ctx = context('tac', { ring: 64, marbles, seatOfColour: [0, 1, 0, 1], lastCard: '12', lastColour: 1 });
    expect(tac.describe({ type: 'move', card: 'tac', marble: 8, to: 44 }, ctx)).toBe("TAC as 12, taking back blue's: green 1 to field 44");
    const angel = { ...ctx, table: { ...ctx.table, lastCard: 'angel', lastColour: 3 } };
    expect(tac.describe({ type: 'enter', card: 'tac', colour: 3 }, angel)).toBe("TAC as Angel, taking back yellow's: bring a yellow marble out");
    // The card itself given or discarded is named as itself.
    expect(tac.describe({ type: 'discard', card: 'tac' }, ctx)).toBe('Discard TAC');
    expect(tac.describe({ type: 'move', card: '12', marble: 8, to: 44 }, ctx)).toBe('12: green 1 to field 44');
  });

  it('asks of a card picked in the exchange whether to give it, and of one that can only be discarded whether to discard it, not to play it', () => {
    const table = { phase: 'exchange', seatOfColour: [0, 1, 0, 1], teamOfColour: [0, 1, 0, 1], turn: 0, devilTarget: -1 };
    const give: Move = { type: 'exchange', card: '5' };
    const asked = (view: Record<string, unknown>, move: Move) => chooserPrompt(1, false, tac.question!(move, { ...context('tac', table), view, moves: [move] }) ?? undefined);
    expect(asked({ colours: [0], cards: ['5', '9'], cardColours: [0, 0], given: [] }, give)).toBe('Give it to your partner?');
    // A seat of two colours passes the card between its own hands.
    expect(asked({ colours: [0, 2], cards: ['5', '9'], cardColours: [0, 2], given: [] }, give)).toBe("Pass it to green's hand?");
    expect(asked({ colours: [0], cards: ['5'], cardColours: [0], given: [] }, { type: 'discard', card: '5' })).toBe('Discard it?');
    expect(asked({ colours: [0], cards: ['5'], cardColours: [0], given: [] }, { type: 'move', card: '5', marble: 0, to: 5 })).toBe('Play it?');
  });
});

describe('Tractor on the page', () => {
  it("says the levels by team, and in finding friends by player (everyone's while they are one level), not by a team per seat", () => {
    expect(levelsText(context('tractor', { teams: [0, 1, 0, 1], levels: ['2', '3', '2', '3'] }))).toBe('team 1 at 2, team 2 at 3');
    expect(levelsText(context('tractor', { teams: [0, 1, 2, 3, 4], levels: ['2', '2', '2', '2', '2'] }))).toBe('everyone at 2');
    expect(levelsText(context('tractor', { teams: [0, 1, 2], levels: ['3', '2', '2'] }))).toBe('Ada at 3, Bo at 2, Cy at 2');
  });

  it('marks with ★ the seat whose declaration stands: an overcall moves it, whichever side declares', () => {
    // Ada's side are the declarers (Ada started); Ada declared, then Bo overcalled.
    const table = { starter: 0, declarers: [true, false, true, false], bids: [{ seat: 0, card: '2S', count: 1 }, { seat: 1, card: '2H', count: 2 }] };
    expect([0, 1, 2, 3].map((seat) => seatTitle(context('tractor', table), seat))).toEqual(['Ada (starter)', 'Bo ★', 'Cy', 'Di']);
    // Bo takes it back: Ada's stands again.
    expect(seatTitle(context('tractor', { ...table, bids: table.bids.slice(0, 1) }), 0)).toBe('Ada ★ (starter)');
    expect([0, 1, 2, 3].map((seat) => seatTitle(context('tractor', { ...table, bids: [] }), seat))).toEqual(['Ada (starter)', 'Bo', 'Cy', 'Di']);
  });

  it("tells who named trump apart from the starter's side in the line over the table (\"declared\" and \"declarers\" read as one)", () => {
    const table = { phase: 'playing', starter: 0, declarers: [true, false, true, false], bids: [{ seat: 0, card: '2S', count: 1 }, { seat: 1, card: '2H', count: 2 }], trick: [] };
    const [line] = drawnTexts(() => tractor.render(context('tractor', table)), 'tractor-head');
    expect(line).toContain(' · trump named by: Ada 1× 2♠, Bo 2× 2♥ (★ the one that stands)');
    expect(line).toContain(" · starter's side: Ada, Cy");
    expect(line).not.toMatch(/\bdeclare/);
  });

  it("cuts a long name on the table as the round boards do (it ran out of its seat's box, off a phone's window)", () => {
    const ctx = { ...context('tractor', { starter: 0 }), name: () => 'W'.repeat(32) };
    expect(seatTitle(ctx, 0)).toBe(`${'W'.repeat(11)}… (starter)`);
  });

  it("says who starts a hand when it starts, not at the hand-over (which may have ended the game)", () => {
    const ctx = context('tractor', {});
    const handOver = { type: 'handOver', attackerPoints: 85, kittyPoints: 0, kittyMultiplier: 0, declarersWon: false, steps: 1, nextStarter: 1 };
    expect(tractor.describeEvent!(handOver, ctx, [handOver])).toBe('Hand over: the attackers took 85 points. The attackers take over, rising 1 level.');
    // The kitty counted (the attackers took the last trick), and a take-over that rises no level: said, no "kitty 0 × 0".
    const counted = { ...handOver, attackerPoints: 105, kittyPoints: 10, kittyMultiplier: 2, steps: 0 };
    expect(tractor.describeEvent!(counted, ctx, [counted])).toBe("Hand over: the attackers took 105 points (the kitty's 10 counted ×2). The attackers take over, rising no level.");
    // The board's hand result says it in the same words: "kitty 0 × 0" when the kitty was not counted.
    expect(handOutcome({ ...handOver, attackerPoints: 105, steps: 0 })).toBe('the attackers took 105 points. The attackers take over, rising no level.');
    const started = { type: 'handStarted', handNumber: 2, starter: 1 };
    expect(tractor.describeEvent!(started, ctx, [started])).toBe('Hand 2: Bo starts.');
  });

  it('says in words a declaration taken back, a kitty picked up by an overcall and a deal made again', () => {
    const ctx = context('tractor', {});
    const say = (ev: GameEvent) => tractor.describeEvent!(ev, ctx, [ev]);
    expect(say({ type: 'declarationWithdrawn', seat: 1 })).toBe('Bo takes the declaration back.');
    expect(say({ type: 'kittyStolen', seat: 2 })).toBe('Cy picks up the kitty.');
    expect(say({ type: 'redeal' })).toBe('Nobody declared: the cards are dealt again.');
  });

  it('says a trump suit declared while declarations are open is so far, and heads no empty hand between hands', () => {
    const trump = (phase: string, trumpSuit: string) => tableLines(context('tractor', { phase, trumpRank: '2', trumpSuit }))[0];
    expect(trump('dealing', 'D')).toBe('Trump: 2 of diamonds ♦ (declared so far)'); // a stronger declaration may change it
    expect(trump('stealing', 'D')).toBe('Trump: 2 of diamonds ♦ (declared so far)');
    expect(trump('playing', 'D')).toBe('Trump: 2 of diamonds ♦');
    expect(trump('dealing', '')).toBe('Trump: 2 (suit open)');
    const titles = (hand: string[], phase: string) => drawnTexts(() => tractor.render({ ...context('tractor', { phase, trick: [] }), view: { hand, trumps: 0, kitty: [] } }), 'section-title');
    expect(titles(['AH'], 'playing')).toContain('Your hand (1)');
    expect(titles([], 'handEnd').filter((t) => t.startsWith('Your hand'))).toEqual([]); // it read "Your hand (0)"
  });

  it('says the trump fixed, and that there is no trump suit when jokers were declared', () => {
    const say = (ev: GameEvent) => tractor.describeEvent!(ev, context('tractor', {}), [ev]);
    expect(say({ type: 'trumpFixed', starter: 0, rank: '2', suit: 'S' })).toBe('Trump fixed: spades ♠.');
    expect(say({ type: 'trumpFixed', starter: 0, rank: '2', suit: '' })).toBe('Trump fixed: no trump suit, the jokers and the 2s alone are trumps.');
    expect(say({ type: 'trumpFixed', starter: 0, rank: '', suit: '' })).toBe('Trump fixed: no trump suit, the jokers alone are trumps.'); // the no-trump level
  });

  it('logs no line for each card dealt, and says who keeps the kitty when nobody steals it', () => {
    const ctx = context('tractor', {});
    const say = (ev: GameEvent) => tractor.describeEvent!(ev, ctx, [ev]);
    expect(say({ type: 'dealt', seat: 2 })).toBe('');
    expect(say({ type: 'kittySettled', seat: 0 })).toBe('Nobody outbids: Ada keeps the kitty.');
  });

  it('heads the trumps "none" when no card held is one, and not at all before the first card', () => {
    expect(trumpsTitle({ hand: [], trumps: 0 })).toBeNull();
    expect(trumpsTitle({ hand: ['AS', 'KH'], trumps: 0 })).toBe('Trumps: none');
    expect(trumpsTitle({ hand: ['BJ', '2S', 'AS'], trumps: 2 })).toBe('Trumps');
  });

  it("draws every seat's box at the table clear of the others and inside the picture, at 4 to 8 seats, on a phone and a wide window", () => {
    for (const narrow of [true, false]) {
      for (let n = 4; n <= 8; n++) {
        const { W, H, boxW, boxH, seats } = tableLayout(n, narrow);
        const boxes = seats.map(({ x, y }) => ({ left: x - boxW / 2, right: x + boxW / 2, top: y - boxH / 2, bottom: y + boxH / 2 }));
        for (const [i, a] of boxes.entries()) {
          expect(a.left >= 0 && a.right <= W && a.top >= 0 && a.bottom <= H, `${n} seats, ${narrow ? 'phone' : 'wide'}: seat ${i} in the picture`).toBe(true);
          for (const [j, b] of boxes.entries()) {
            const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0;
            if (j > i) expect(overlap, `${n} seats, ${narrow ? 'phone' : 'wide'}: seats ${i} and ${j}`).toBe(false);
          }
        }
      }
    }
  });

  it("outlines every seat's box in its seat colour, darkened where it is light to stand 3:1 against the box (a light green, a cyan, a yellow were faint)", () => {
    for (const turn of [0, 4]) {
      const ctx = { ...context('tractor', { phase: 'playing', turn, trick: [] }), seats: SEAT_COLOURS.slice(0, 8).map(() => ({}) as BoardContext['seats'][number]) };
      const boxes = drawnParts(() => tractor.render(ctx), 'seat-box');
      expect(boxes).toHaveLength(8);
      for (const [seat, box] of boxes.entries()) {
        expect(contrast(box.attributes.stroke!, box.attributes.fill!), `seat ${seat + 1}'s ${box.attributes.stroke} on ${box.attributes.fill}`).toBeGreaterThanOrEqual(3);
        // Still its seat's colour where that stood out already (a darker one only for the light ones).
        if (contrast(SEAT_COLOURS[seat]!, box.attributes.fill!) >= 3) expect(box.attributes.stroke).toBe(SEAT_COLOURS[seat]);
      }
    }
  });

  it('keeps the last trick in sight, who won it and its points, until the next one is gathered', () => {
    const plays = (seats: number[], cards: string[][]) => seats.map((seat, i) => ({ seat, cards: cards[i] }));
    const won = { leader: 1, winner: 2, points: 15, plays: plays([1, 2, 3, 0], [['KS'], ['AS'], ['5S'], ['10S']]) };
    const table = (trick: unknown[], tricks: unknown[]) => context('tractor', { phase: 'playing', trick, tricks });
    // No trick gathered yet in this hand.
    expect(lastTrickText(table([], []))).toBe('');
    // Just gathered (the table shows its cards too), then while its winner leads the next and the others follow.
    const line = 'Last trick: Cy won it (15 points) — Bo K♠ · Cy A♠ · Di 5♠ · Ada 10♠';
    expect(lastTrickText(table([], [won]))).toBe(line);
    expect(lastTrickText(table(plays([2], [['QH', 'QH']]), [won]))).toBe(line);
    expect(lastTrickText(table(plays([2, 3, 0], [['QH', 'QH'], ['3H', '4H'], ['5D', '6D']]), [won]))).toBe(line);
    // The next one gathered takes its place.
    const next = { leader: 2, winner: 2, points: 0, plays: plays([2, 3, 0, 1], [['QH', 'QH'], ['3H', '4H'], ['6D', '7D'], ['8C', '9C']]) };
    expect(lastTrickText(table([], [won, next]))).toBe('Last trick: Cy won it (no points) — Cy Q♥ Q♥ · Di 3♥ 4♥ · Ada 6♦ 7♦ · Bo 8♣ 9♣');
  });

  it("shows nobody's turn while the cards are dealt and the declaration windows are open, where every seat may declare", () => {
    for (const phase of ['dealing', 'declaring', 'stealing']) expect(tractor.turnShown!(context('tractor', { phase }))).toBe(false);
    for (const phase of ['burying', 'calling', 'playing']) expect(tractor.turnShown!(context('tractor', { phase }))).toBe(true);
  });
});

/** The texts of a board's elements of a class, drawn without a browser. */
function drawnTexts(draw: () => unknown, className: string | RegExp): string[] {
  return drawnParts(draw, className).map((part) => part.text);
}

/** A board's elements of a class (or of a class matching a pattern), drawn without a browser (`h` builds on a document of plain objects): words and attributes. */
function drawnParts(draw: () => unknown, className: string | RegExp): { text: string; attributes: Record<string, string> }[] {
  class Element {
    readonly attributes: Record<string, string> = {};
    readonly childNodes: (Element | string)[] = [];
    /** A style set through the CSSOM (as `h` sets one) reads as the attribute, as a browser reflects it. */
    readonly style: { cssText: string };
    constructor() {
      const attributes = this.attributes;
      this.style = {
        get cssText() {
          return attributes.style ?? '';
        },
        set cssText(css: string) {
          attributes.style = css;
        },
      };
    }
    setAttribute(name: string, value: string) {
      this.attributes[name] = value;
    }
    addEventListener() {}
    append(...nodes: (Element | string)[]) {
      this.childNodes.push(...nodes);
    }
    /** A copy, as a board's parts built once are cloned each frame (dom.ts, cloned). */
    cloneNode(deep = false): Element {
      const copy = new Element();
      Object.assign(copy.attributes, this.attributes);
      if (deep) copy.append(...this.childNodes.map((n) => (typeof n === 'string' ? n : n.cloneNode(true))));
      return copy;
    }
    get textContent(): string {
      return this.childNodes.map((n) => (typeof n === 'string' ? n : n.textContent)).join('');
    }
  }
  vi.stubGlobal('Node', Element);
  vi.stubGlobal('document', { createElement: () => new Element(), createElementNS: () => new Element() }); // (an SVG board too)
  try {
    const found: { text: string; attributes: Record<string, string> }[] = [];
    const walk = (el: Element) => {
      const classes = el.attributes.class?.split(' ') ?? [];
      if (classes.some((c) => (typeof className === 'string' ? c === className : className.test(c)))) found.push({ text: el.textContent, attributes: el.attributes });
      for (const n of el.childNodes) if (n instanceof Element) walk(n);
    };
    walk(draw() as Element);
    return found;
  } finally {
    vi.unstubAllGlobals();
  }
}

/** The attributes of a board's parts that carry a `data-key`, in the page's order (the order of Tab and of the page's focus). */
function keyedParts(draw: () => unknown): Record<string, string>[] {
  let root: unknown;
  drawnParts(() => (root = draw()), '(none)');
  type Part = { attributes: Record<string, string>; childNodes: (Part | string)[] };
  const walk = (el: Part): Record<string, string>[] => [...('data-key' in el.attributes ? [el.attributes] : []), ...el.childNodes.flatMap((n) => (typeof n === 'string' ? [] : walk(n)))];
  return walk(root as Part);
}

/**
 * The kinds (class, else `data-key`) of the board picture's own parts, in order: what `morph` pairs by place. A part that
 * comes and goes among them (a ring round a moved marble) must not shift the ones after it.
 */
function pictureParts(draw: () => unknown): string[] {
  let root: unknown;
  drawnParts(() => (root = draw()), '(none)');
  type Part = { attributes: Record<string, string>; childNodes: (Part | string)[] };
  const find = (el: Part): Part | null => (el.attributes.viewBox ? el : el.childNodes.reduce<Part | null>((hit, n) => hit ?? (typeof n === 'string' ? null : find(n)), null));
  return find(root as Part)!.childNodes.map((n) => (typeof n === 'string' ? 'text' : (n.attributes.class ?? n.attributes['data-key'] ?? '')));
}

describe('Great Western Trail on the page', () => {
  it('draws the railroad as it stands at each frame, where its parts are built once for what they show: an engine moved, a station claimed, a name', () => {
    const names = { stations: [{ cost: 2, vp: 1, turnout: 2 }], stationMasters: { 5: 'gain $2 each turn' } };
    const table = (engine: number, master: number) => ({ names, players: [{ engine }, { engine: 0 }], railroadSpaces: 6, stations: [{ master, discs: master ? [0] : [] }], current: 0 });
    const frames = [table(0, 0), table(3, 0), table(3, 5), table(3, 5)];
    const draw = () => h('div', null, frames.map((t, i) => greatWesternTrail.render({ ...context('great-western-trail', t), ...(i === 3 ? { name: (seat: number) => ['Zed', 'Bo'][seat]! } : {}) })));
    // Each frame's dots: the engines' on the railroad (both on space 0, then Ada's on 3), the station's disc once claimed,
    // then the players' boards.
    const dots = drawnParts(draw, 'dot').map((part) => part.attributes.title);
    expect(dots).toEqual(['Ada', 'Bo', 'Ada', 'Bo', ...['Bo', 'Ada', 'Ada', 'Bo'], ...['Bo', 'Ada', 'Ada', 'Ada', 'Bo'], ...['Bo', 'Zed', 'Zed', 'Zed', 'Bo']]);
    // (A disc, as every seat's dot, carries its seat's number: Ada's "1".)
    expect(drawnTexts(draw, 'station')).toEqual(['Station 1$2 · 1 VP', 'Station 1$2 · 1 VP', 'Station 1$2 · 1 VPstation master 5: gain $2 each turn1', 'Station 1$2 · 1 VPstation master 5: gain $2 each turn1']);
    // A screen reader hears whose engines stand on a space (its label stands for the dots).
    const labels = drawnParts(draw, 'rail-space').map((part) => part.attributes['aria-label']);
    expect(labels.slice(0, 4)).toEqual(["railroad space 0: Ada's and Bo's engines", 'railroad space 1', 'railroad space 2', 'railroad space 3']);
    expect(labels.slice(18, 24)).toEqual(["railroad space 0: Bo's engine", 'railroad space 1', 'railroad space 2', "railroad space 3: Zed's engine", 'railroad space 4', 'railroad space 5']);
  });

  it('says under the final scoring how each objective card counted: met, not met (its penalty), or left out unplayed', () => {
    const cards = {
      START_BBH: { text: '2 own buildings, 1 hazard → 3 VP (no penalty if unmet)', kind: 'objective' },
      START_SSG: { text: '2 stations, 1 green teepee → 3 VP (no penalty if unmet)', kind: 'objective' },
      GAIN2_SSH: { text: '2 stations, 1 hazard → 3 VP (−2 if unmet) · played: +$2', kind: 'objective' },
      DRAW_5H: { text: '1 cattle card of value 5, 1 hazard → 3 VP (−2 if unmet) · played: draw up to 3 cards', kind: 'objective' },
    };
    const objectiveScoring = [
      { seat: 0, card: 'START_BBH', played: true, starting: true, counted: 'met', vp: 3 },
      { seat: 0, card: 'GAIN2_SSH', played: true, starting: false, counted: 'unmet', vp: -2 },
      { seat: 0, card: 'DRAW_5H', played: false, starting: false, counted: 'leftOut', vp: 0 },
      { seat: 1, card: 'START_SSG', played: true, starting: true, counted: 'unmet', vp: 0 },
    ];
    const breakdown = [{ objectives: 1 }, { objectives: 0 }, { objectives: 0 }];
    const ctx = {
      ...context('great-western-trail', { names: { cards }, current: 0, players: [{}, {}, {}], objectiveScoring }),
      status: 'over',
      result: { standings: [{ seat: 0, score: 1 }, { seat: 1, score: 0 }, { seat: 2, score: 0 }], details: { breakdown } },
    } as unknown as BoardContext;
    const lines = drawnTexts(() => greatWesternTrail.render(ctx), 'gwt-objective-scoring')[0]!;
    expect(lines).toContain('Ada');
    expect(lines).toContain('2 own buildings, 1 hazard → 3 VP (no penalty if unmet) — starting objective, met: +3 VP');
    expect(lines).toContain('2 stations, 1 hazard → 3 VP (−2 if unmet) — played, not met: −2 VP');
    expect(lines).toContain('1 cattle card of value 5, 1 hazard → 3 VP (−2 if unmet) — not played, not met: left out, no penalty');
    // A starting objective not met costs nothing: said so (it read "played, not met: 0 VP").
    expect(lines).toContain('2 stations, 1 green teepee → 3 VP (no penalty if unmet) — starting objective, not met: no penalty');
    expect(lines).not.toContain('Cy'); // no objective cards, no line
  });

  it("heads the board with whose turn it is, yours as yours (it read your own name's turn)", () => {
    const table = { names: {}, current: 0, phase: 'A', pending: '', endTrigger: -1, foresightColumn: -1 };
    const first = (t: Record<string, unknown>) => drawnParts(() => greatWesternTrail.render(context('great-western-trail', t)), 'gwt')[0]!.text;
    expect(first(table)).toMatch(/^Your turn · /);
    expect(first({ ...table, current: 1 })).toMatch(/^Bo's turn · /);
  });

  it('heads your hand only while it holds cards: no empty heading in Kansas City once the income took them', () => {
    const table = { names: {}, current: 0, phase: 'KC', pending: 'deliver', endTrigger: -1, foresightColumn: -1 };
    const titles = (hand: string[]) => drawnTexts(() => greatWesternTrail.render({ ...context('great-western-trail', table), view: { hand } }), 'section-title');
    expect(titles([])).not.toContain('Your hand');
    expect(titles(['jersey-1'])).toContain('Your hand');
  });

  it('marks the buttons that pass a step, not its parts: the page brings the parts into view and focus first', () => {
    const table = { names: {}, current: 0, phase: 'KC', pending: 'buy', endTrigger: -1, foresightColumn: -1, market: ['jersey-1'] };
    const moves: Move[] = [{ type: 'buyCattle', cards: ['jersey-1'], cowboys: 1 }, { type: 'refillMarket' }, { type: 'skip' }];
    const aside = drawnParts(() => greatWesternTrail.render({ ...context('great-western-trail', table), moves }), 'chip')
      .filter((part) => 'data-aside' in part.attributes)
      .map((part) => part.attributes['data-key']);
    expect(aside).toEqual(['skip', 'refillMarket']);
  });

  it('draws the buttons of a step in Kansas City over its parts (the cattle market, the job market), else by the trail', () => {
    const table = { names: {}, current: 0, phase: 'B', pending: 'buy', endTrigger: -1, foresightColumn: -1, market: ['jersey-1'], jobMarket: ['cowboy', ''], players: [{}, {}] };
    const moves: Move[] = [{ type: 'buyCattle', cards: ['jersey-1'], cowboys: 1 }, { type: 'refillMarket' }, { type: 'skip' }];
    // The titles and the step buttons in the page's order.
    const parts = (t: Record<string, unknown>, listed: Move[]) =>
      drawnTexts(() => greatWesternTrail.render({ ...context('great-western-trail', t), moves: listed }), /^(section-title|gwt-actions)$/);
    const buying = parts(table, moves);
    expect(buying[buying.indexOf('Cattle market (deck 0)') + 1]).toBe('SkipRefill the cattle market');
    const hiring = parts({ ...table, pending: 'hire' }, [{ type: 'hire', slot: 0 }, { type: 'skip' }]);
    expect(hiring[hiring.indexOf('Job market (0 filled)') + 1]).toBe('Skip');
    // Elsewhere by the trail, before your hand and Kansas City.
    const acting = parts({ ...table, pending: '' }, [{ type: 'action', action: '0.0' }, { type: 'endTurn' }]);
    expect(acting[acting.indexOf('Trail (start → Kansas City)') + 1]).toBe('End your turn');
  });

  it("says what a delivery's number is: the city's value, as the view names the city", () => {
    const ctx = context('great-western-trail', { names: { cities: { wichita: { text: 'Wichita (4)', kind: 'white' } } } });
    expect(greatWesternTrail.describe({ type: 'deliver', city: 'wichita' }, ctx)).toBe('Deliver to Wichita (city value 4)');
    expect(greatWesternTrail.describeEvent!({ type: 'deliver', city: 'wichita', seat: 1 }, ctx, [])).toBe('Bo: delivers to Wichita (city value 4).');
    expect(greatWesternTrail.describeEvent!({ type: 'income', certificates: 2, amount: 9, seat: 1 }, ctx, [])).toBe('Bo: takes the income of $9 using 2 certificates.');
    // Permanent certificates left out (the move's `permanent`: those added).
    expect(greatWesternTrail.describeEvent!({ type: 'income', certificates: 0, permanent: 0, amount: 3, seat: 1 }, ctx, [])).toBe('Bo: takes the income of $3, without the permanent certificates.');
    expect(greatWesternTrail.describeEvent!({ type: 'income', certificates: 2, permanent: 1, amount: 8, seat: 1 }, ctx, [])).toBe('Bo: takes the income of $8 using 2 certificates, with only 1 permanent.');
    // What ended the game, and who: the log said only who won.
    expect(greatWesternTrail.describeEvent!({ type: 'endTriggered', seat: 1 }, ctx, [])).toBe("Bo: fills the job market's last space, which triggers the game's end: the last turns follow.");
    // A turn ended by its player, and one that ends by itself after the move that left nothing to do in it.
    const ended = { type: 'endTurn', seat: 1 };
    expect(greatWesternTrail.describeEvent!(ended, ctx, [ended])).toBe('Bo: ends the turn.');
    const last = { type: 'disc', disc: 'aux1', seat: 1 };
    expect(greatWesternTrail.describeEvent!(ended, ctx, [last, ended])).toBe('Bo: the turn ends by itself (nothing is left to do in it).');
  });

  it("logs a delivery's transport, a disc's money and where it went, phase C's draw counted, a route's fees, a hazard's and a teepee's price, as their events say", () => {
    const cities = { wichita: { text: 'Wichita (4)', kind: 'white' }, kansasCity: { text: 'Kansas City (0)', kind: 'white' } };
    const discs = { aux1: { text: 'auxiliary action 1: the double', kind: 'white' }, hand1: { text: 'hand limit +1 (first disc), costs $5', kind: 'white' } };
    const tiles = { 'flood-g4': { text: 'flood, green hand, 4 VP', kind: 'hazard' }, green: { text: 'green teepee', kind: 'teepee' } };
    const ctx = context('great-western-trail', { names: { cities, discs, tiles }, trail: {} });
    const logged = (ev: GameEvent, events = [ev]) => greatWesternTrail.describeEvent!(ev, ctx, events);
    expect(logged({ type: 'deliver', city: 'wichita', cost: 2, seat: 1 })).toBe('Bo: delivers to Wichita (city value 4), paying $2 for transport.');
    expect(logged({ type: 'deliver', city: 'kansasCity', cost: 0, seat: 1 })).toBe('Bo: delivers to Kansas City (city value 0), no transport to pay.');
    expect(logged({ type: 'disc', disc: 'aux1', city: 'kansasCity', amount: 6, seat: 1 })).toBe('Bo: places a disc in Kansas City (from auxiliary action 1: the double), +$6.');
    expect(logged({ type: 'disc', disc: 'hand1', station: 2, amount: -5, seat: 1 })).toBe('Bo: places a disc on station 3 (from hand limit +1 (first disc), costs $5), −$5.');
    expect(logged({ type: 'disc', disc: 'aux1', city: 'wichita', amount: 0, seat: 1 })).toBe('Bo: places a disc in Wichita (from auxiliary action 1: the double).');
    // A disc of a pair without what the pair frees (the move panel says it): no brackets in the line's brackets.
    const paired = { ...ctx, table: { ...ctx.table, names: { cities, discs: { aux3a: { text: 'auxiliary action 3, first disc (one frees the single, both the double)', kind: 'white' } } } } };
    expect(greatWesternTrail.describeEvent!({ type: 'disc', disc: 'aux3a', city: 'wichita', seat: 1 }, paired, [])).toBe('Bo: places a disc in Wichita (from auxiliary action 3, first disc).');
    const ended = { type: 'endTurn', seat: 1, drawn: 4 };
    expect(logged(ended)).toBe('Bo: ends the turn and draws 4 cards.');
    expect(logged(ended, [{ type: 'disc', disc: 'aux1', seat: 1 }, ended])).toBe('Bo: the turn ends by itself (nothing is left to do in it); draws 4 cards.');
    expect(logged({ type: 'endTurn', seat: 1, drawn: 1 })).toBe('Bo: ends the turn and draws 1 card.');
    expect(logged({ type: 'endTurn', seat: 1, drawn: 0 })).toBe('Bo: ends the turn.');
    expect(logged({ type: 'move', path: ['B', 'FLOOD-1'], cost: 2, seat: 1 })).toMatch(/^Bo: moves to .*, paying \$2 in fees\.$/);
    expect(logged({ type: 'move', path: ['B'], cost: 0, seat: 1 })).toBe('Bo: moves to B.');
    expect(logged({ type: 'takeHazard', space: 'FLOOD-1', tile: 'flood-g4', cost: 7, seat: 1 })).toMatch(/^Bo: takes flood, green hand, 4 VP from .* for \$7\.$/);
    expect(logged({ type: 'takeTeepee', space: 'TEEPEE-2', tile: 'green', amount: 2, seat: 1 })).toMatch(/^Bo: takes green teepee from .*: \+\$2\.$/);
  });

  it("logs what a local action's rate came to and an engine move back's $3, as their events say", () => {
    const logged = (ev: GameEvent) => greatWesternTrail.describeEvent!(ev, context('great-western-trail', {}), [ev]);
    expect(logged({ type: 'action', action: '0.0', text: '+$2 per own building in a forest', amount: 4, seat: 1 })).toBe('Bo: takes the local action “+$2 per own building in a forest”, +$4.');
    expect(logged({ type: 'action', action: '0.0', text: 'discard 1 Guernsey → +$2', cards: ['guernsey'], amount: 2, seat: 1 })).toBe('Bo: takes the local action “discard 1 Guernsey → +$2” (guernsey).');
    expect(logged({ type: 'action', action: '1.0', text: 'hire 1 worker', amount: 0, seat: 1 })).toBe('Bo: takes the local action “hire 1 worker”.');
    expect(logged({ type: 'engine', to: 3, amount: 3, seat: 1 })).toBe('Bo: moves the engine to space 3, +$3.');
    // Auxiliary action 3's move back: the certificates it brought, none at the limit ("moves the engine to space 2" said neither).
    expect(logged({ type: 'engine', to: 2, amount: 0, certificatesGained: 1, seat: 1 })).toBe('Bo: moves the engine to space 2, +1 certificate.');
    expect(logged({ type: 'engine', to: 2, amount: 0, certificatesGained: 2, seat: 1 })).toBe('Bo: moves the engine to space 2, +2 certificates.');
    expect(logged({ type: 'engine', to: 2, amount: 0, certificatesGained: 0, seat: 1 })).toBe('Bo: moves the engine to space 2, no certificate (the certificates are at their limit).');
  });

  it("logs the certificates a local action gave, as its event says, where its words do not say that many", () => {
    const logged = (ev: GameEvent) => greatWesternTrail.describeEvent!(ev, context('great-western-trail', {}), [ev]);
    // The log quoted what the action offers: "certificates to your maximum" said not how many.
    const action = { type: 'action', action: '0.0', amount: 0, seat: 1 };
    expect(logged({ ...action, text: 'certificates to your maximum', certificatesGained: 2 })).toBe('Bo: takes the local action “certificates to their maximum”, +2 certificates.');
    expect(logged({ ...action, text: '+1 certificate', certificatesGained: 1 })).toBe('Bo: takes the local action “+1 certificate”.');
    expect(logged({ ...action, text: '+1 certificate', certificatesGained: 2 })).toBe('Bo: takes the local action “+1 certificate”, +2 certificates.'); // from 4 to 6
    expect(logged({ ...action, text: '+1 certificate', certificatesGained: 0 })).toBe('Bo: takes the local action “+1 certificate”, no certificate (the certificates are at their limit).');
    const pairs = { ...action, text: '+2 certificates and +$2 per pair of teepees (green and blue)' };
    expect(logged({ ...pairs, amount: 4, certificatesGained: 4 })).toBe('Bo: takes the local action “+2 certificates and +$2 per pair of teepees (green and blue)”, +$4, +4 certificates.');
    expect(logged({ ...pairs, certificatesGained: 0 })).toBe('Bo: takes the local action “+2 certificates and +$2 per pair of teepees (green and blue)”, no certificate.');
    // A server before the field: the words alone.
    expect(logged({ ...action, text: 'certificates to your maximum' })).toBe('Bo: takes the local action “certificates to their maximum”.');
  });

  it("logs what a Jersey discarded for a hired worker's bonus gave, as its event says", () => {
    const logged = (ev: GameEvent) => greatWesternTrail.describeEvent!(ev, context('great-western-trail', {}), [ev]);
    // The log said only "Bo: discards jersey.": the money or the certificates it brought were nowhere.
    const jersey = { type: 'discard', card: 'jersey', seat: 1 };
    expect(logged({ ...jersey, bonus: 'jerseyMoney2', amount: 2, certificatesGained: 0 })).toBe("Bo: discards a Jersey for the bonus of the worker hired: +$2.");
    expect(logged({ ...jersey, bonus: 'jerseyMoney4', amount: 4, certificatesGained: 0 })).toBe("Bo: discards a Jersey for the bonus of the worker hired: +$4.");
    expect(logged({ ...jersey, bonus: 'jerseyCert1', amount: 0, certificatesGained: 1 })).toBe("Bo: discards a Jersey for the bonus of the worker hired: +1 certificate.");
    expect(logged({ ...jersey, bonus: 'jerseyCert2', amount: 0, certificatesGained: 2 })).toBe("Bo: discards a Jersey for the bonus of the worker hired: +2 certificates.");
    expect(logged({ ...jersey, bonus: 'jerseyCert1', amount: 0, certificatesGained: 0 })).toBe(
      "Bo: discards a Jersey for the bonus of the worker hired: no certificate (the certificates are at their limit).",
    );
    // Any other discard, or one from a server before the bonus was said, as before.
    expect(logged(jersey)).toBe('Bo: discards jersey.');
  });

  it("logs another player's move as theirs, not yours: a local action in the view's words is said to the player who may take it", () => {
    const session = { space: 'E', actions: [{ id: '0.0', text: 'move your engine up to 2 forward' }, { id: '1.0', text: 'discard 1 cattle card → +$2, take 1 objective card into your hand' }, { id: '2.0', text: '+$2' }] };
    const ctx = context('great-western-trail', { session });
    const logged = (ev: GameEvent) => greatWesternTrail.describeEvent!(ev, ctx, []);
    expect(logged({ type: 'action', action: '0.0', seat: 1 })).toBe('Bo: takes the local action “move their engine up to 2 forward”.');
    expect(logged({ type: 'action', action: '1.0', cards: ['angus'], seat: 1 })).toBe('Bo: takes the local action “discard 1 cattle card → +$2, take 1 objective card into their hand” (angus).');
    expect(logged({ type: 'action', action: '2.0', seat: 1 })).toBe('Bo: takes the local action “+$2”.');
    expect(logged({ type: 'hire', slot: 0, seat: 1 })).toBe('Bo: hires the worker in row 1 of the job market.');
    // A building placed: the space named once, not again with the building that now stands there.
    const built = { ...ctx, table: { ...ctx.table, trail: { 'F-2': 'p:1:1a' } } };
    expect(greatWesternTrail.describeEvent!({ type: 'build', building: '1a', space: 'F-2', seat: 1 }, built, [])).toMatch(/^Bo: places building 1a on [^()]*\.$/);
  });

  it('logs what a move took as its event says, not as the table of now shows it: the log is read after the move, and again on a reload', () => {
    const names = { tiles: { 'flood-g4': { text: 'flood, green hand, 4 VP', kind: 'hazard' }, green: { text: 'green teepee', kind: 'teepee' } } };
    // Another building's actions are offered now, and the foresight, the job market and the trail no longer hold what was taken.
    const session = { space: 'B', actions: [{ id: '0.0', text: 'discard 1 Dutch Belt → +$2' }, { id: '1.0', text: 'place a building ($2 per craftsman)' }] };
    const auxiliary = [{ aux: 1, single: '+$1', double: '+$2' }, { aux: 2, single: 'draw 1, then discard 1', double: 'draw 2, then discard 2' }];
    const ctx = context('great-western-trail', { names, session, auxiliary, players: [{}, {}], jobMarket: ['', 'engineer'], trail: { 'FLOOD-1': '' }, foresight: ['', 'green'] });
    const logged = (ev: GameEvent) => greatWesternTrail.describeEvent!(ev, ctx, []);
    // The local action chosen, then what it offered as it is done: the lines in the order things happen.
    expect(logged({ type: 'action', action: '1.0', text: 'move your engine up to 2 forward', seat: 1 })).toBe('Bo: takes the local action “move their engine up to 2 forward”.');
    expect(logged({ type: 'action', action: '1.0', seat: 1 })).toBe('Bo: takes the local action “place a building ($2 per craftsman)”.'); // (a server before `text`)
    expect(logged({ type: 'foresight', pick: 0, tile: 'flood-g4', seat: 1 })).toBe('Bo: takes the foresight tile: flood, green hand, 4 VP.');
    expect(logged({ type: 'foresight', pick: 0, seat: 1 })).toBe('Bo: takes a foresight tile.');
    // A skip says the step passed (its words the view's).
    const steps = { ...ctx, table: { ...ctx.table, names: { ...names, steps: { build: 'a building to place' } } } };
    expect(greatWesternTrail.describeEvent!({ type: 'skip', step: 'build', seat: 1 }, steps, [])).toBe('Bo: skips choosing a building to place.');
    expect(logged({ type: 'skip', seat: 1 })).toBe('Bo: skips.'); // (a server before `step`)
    expect(logged({ type: 'hire', slot: 0, worker: 'cowboy', seat: 1 })).toBe('Bo: hires the cowboy in row 1 of the job market.'); // (a server before `cost`)
    // What a purchase paid, as its event says.
    expect(logged({ type: 'hire', slot: 0, worker: 'cowboy', cost: 6, seat: 1 })).toBe('Bo: hires the cowboy in row 1 of the job market for $6.');
    expect(logged({ type: 'buyCattle', cards: ['ayrshire'], cowboys: 2, cost: 3, seat: 1 })).toBe('Bo: buys ayrshire with 2 cowboys for $3.');
    expect(logged({ type: 'build', building: '2a', space: 'C-2', cost: 2, seat: 1 })).toBe('Bo: places building 2a on C-2 for $2.');
    expect(logged({ type: 'build', building: '2a', space: 'C-2', cost: 0, seat: 1 })).toBe('Bo: places building 2a on C-2 for free.');
    expect(logged({ type: 'takeHazard', space: 'FLOOD-1', tile: 'flood-g4', seat: 1 })).toMatch(/^Bo: takes flood, green hand, 4 VP from /);
    expect(logged({ type: 'takeObjective', card: 'stack', seat: 1 })).toBe('Bo: takes the top card of the objective stack.');
    // An auxiliary action says which, single or double, and what it did.
    expect(logged({ type: 'aux', aux: 2, double: true, seat: 1 })).toBe('Bo: takes auxiliary action 2 (double): draw 2, then discard 2.');
    expect(logged({ type: 'aux', aux: 1, double: false, seat: 1 })).toBe('Bo: takes auxiliary action 1: +$1.');
  });

  it('says what a listed move does to your money, as the view quotes it by the move\'s text, not in the log', () => {
    const cities = { wichita: { text: 'Wichita (4)', kind: 'white' }, kansasCity: { text: 'Kansas City (0)', kind: 'white' } };
    const moves: Move[] = [
      { type: 'income', certificates: 0 },
      { type: 'income', certificates: 2 },
      { type: 'income', certificates: 2, permanent: 0 },
      { type: 'deliver', city: 'wichita' },
      { type: 'deliver', city: 'kansasCity' },
      { type: 'buyCattle', cards: ['ayrshire'], cowboys: 2 },
      { type: 'move', path: ['E', 'ROCKFALL-1'] },
      { type: 'action', action: '0.0' },
      { type: 'action', action: '1.0' },
      { type: 'aux', aux: 1, double: false },
      { type: 'disc', disc: 'hand1' },
      { type: 'endTurn' },
    ];
    // Kansas City's delivery moves no money itself: its $6 comes with the disc, quoted there.
    const amounts = [7, 9, 8, -1, undefined, -3, -2, 4, 2, 1, -5];
    const quotes = Object.fromEntries(amounts.flatMap((amount, i) => (amount === undefined ? [] : [[JSON.stringify(moves[i]), amount]])));
    const session = { space: 'E', actions: [{ id: '0.0', text: '+$2 per own building in a forest' }, { id: '1.0', text: 'discard 1 Guernsey → +$2' }] };
    const auxiliary = [{ aux: 1, single: '+$1', double: '+$2' }];
    const discs = { hand1: { text: 'hand limit +1 (first disc), costs $5', kind: 'white' } };
    const cityPayments = { kansasCity: 6 };
    const ctx = { ...context('great-western-trail', { names: { cities, cityPayments, discs }, session, auxiliary }), view: { hand: [], quotes }, moves };
    expect(moves.map((m) => greatWesternTrail.describe(m, ctx))).toEqual([
      'Take your income · +$7',
      'Take your income using 2 certificates · +$9',
      'Take your income using 2 certificates, without the permanent certificates · +$8',
      'Deliver to Wichita (city value 4) · transport −$1',
      'Deliver to Kansas City (city value 0) · +$6 with the disc',
      'Buy ayrshire with 2 cowboys · −$3',
      expect.stringMatching(/^Move to .* · fees −\$2$/),
      '+$2 per own building in a forest · +$4', // a rate: the amount it comes to now
      'Discard 1 Guernsey → +$2', // the words say the amount already
      'Auxiliary: +$1',
      'Disc from hand limit +1 (first disc), costs $5',
      'End your turn',
    ]);
    // A step of one move says it on its button.
    const buttons = drawnTexts(() => greatWesternTrail.render({ ...ctx, table: { ...ctx.table, phase: 'KC', pending: 'income', endTrigger: -1 }, moves: moves.slice(0, 1) }), 'chip');
    expect(buttons).toContain('Take your income · +$7');
    // The log says the move without the quotes of the moves listed now.
    expect(greatWesternTrail.describeEvent!({ ...moves[5]!, seat: 0 }, ctx, [])).toBe('Ada: buys ayrshire with 2 cowboys.');
  });

  it("says on each worker you may hire what it costs you, as the view quotes the move: a tap on the tile hires at once", () => {
    const table = { names: {}, current: 0, phase: 'B', pending: 'hire', endTrigger: -1, foresightColumn: -1, players: [{}, {}], jobMarket: ['cowboy', 'craftsman', 'engineer', ''] };
    const moves: Move[] = [{ type: 'hire', slot: 0 }, { type: 'hire', slot: 2 }, { type: 'skip' }];
    const quotes = { [JSON.stringify(moves[0])]: -6, [JSON.stringify(moves[1])]: -4 };
    const tiles = drawnTexts(() => greatWesternTrail.render({ ...context('great-western-trail', table), view: { hand: [], quotes }, moves }), 'chip').filter((text) => /cowboy|craftsman|engineer/.test(text));
    expect(tiles).toEqual(['cowboy · −$6', 'craftsman', 'engineer · −$4']); // the craftsman is not for hire now
  });

  it('says on each cattle card you may buy alone what it costs you, as the job market does', () => {
    const table = { names: {}, current: 0, phase: 'B', pending: 'buy', endTrigger: -1, foresightColumn: -1, market: ['ayrshire', 'holstein', 'highland4', 'longhorn7'] };
    const moves: Move[] = [
      { type: 'buyCattle', cards: ['ayrshire'], cowboys: 1 },
      { type: 'buyCattle', cards: ['ayrshire'], cowboys: 2 },
      { type: 'buyCattle', cards: ['highland4'], cowboys: 2 },
      { type: 'buyCattle', cards: ['ayrshire', 'holstein'], cowboys: 3 },
      { type: 'skip' },
    ];
    const quotes = Object.fromEntries(([-6, -3, -12, -8] as const).map((q, i) => [JSON.stringify(moves[i]), q]));
    const cards = drawnTexts(() => greatWesternTrail.render({ ...context('great-western-trail', table), view: { hand: [], quotes }, moves }), 'chip').filter((text) => /^(ayrshire|holstein|highland|longhorn)/.test(text));
    // The holstein goes only in a pair with the ayrshire (its price is the pair's), the longhorn not at all now.
    expect(cards).toEqual(['ayrshire · −$3 or −$6', 'holstein', 'highland4 · −$12', 'longhorn7']);
  });

  it('says a listed move moves no money where the other moves of its kind say their amounts: the view quotes none for it', () => {
    const cities = { topeka: { text: 'Topeka (0)', kind: 'white' }, wichita: { text: 'Wichita (4)', kind: 'white' } };
    const session = { space: 'E', actions: [{ id: '0.0', text: '+$2' }, { id: '1.0', text: 'hire 1 worker' }] };
    const moves: Move[] = [
      { type: 'deliver', city: 'topeka' },
      { type: 'deliver', city: 'wichita' },
      { type: 'move', path: ['E'] },
      { type: 'move', path: ['E', 'ROCKFALL-1'] },
      { type: 'action', action: '0.0' },
      { type: 'action', action: '1.0' },
      { type: 'endTurn' },
    ];
    const quotes = { [JSON.stringify(moves[1])]: 2, [JSON.stringify(moves[3])]: -2, [JSON.stringify(moves[4])]: 2 };
    const ctx = { ...context('great-western-trail', { names: { cities }, session }), view: { hand: [], quotes }, moves };
    expect(moves.map((m) => greatWesternTrail.describe(m, ctx))).toEqual([
      'Deliver to Topeka (city value 0) · no transport to pay', // not "$0": read as Topeka paying nothing
      'Deliver to Wichita (city value 4) · +$2',
      'Move to E (1 location) · no fees',
      expect.stringMatching(/^Move to .* · fees −\$2$/),
      '+$2',
      'Hire 1 worker', // (the worker is paid for in the step that follows)
      'End your turn',
    ]);
    // Where no move of its kind is quoted, nothing is said of the money; but a delivery's money is what it is chosen
    // for: alone on its button it says it pays nothing.
    expect(greatWesternTrail.describe(moves[2]!, { ...ctx, moves: moves.slice(2, 3) })).toBe('Move to E (1 location)');
    expect(greatWesternTrail.describe(moves[0]!, { ...ctx, moves: moves.slice(0, 1) })).toBe('Deliver to Topeka (city value 0) · no transport to pay');
    expect(greatWesternTrail.describe(moves[0]!, { ...ctx, view: null, moves: moves.slice(0, 1) })).toBe('Deliver to Topeka (city value 0)'); // (no quotes: a spectator)
  });

  it('says what a station upgrade costs and scores, as the view prints the stations: the one named, or the one the step is about', () => {
    const stations = [4, 7, 10].map((turnout, i) => ({ cost: 2 * (i + 1), vp: i + 1, turnout })).concat({ cost: 3, vp: 9, turnout: 39 });
    const at = (pendingStation: number) => context('great-western-trail', { names: { stations }, railroadSpaces: 40, current: 0, players: [{ engine: 0 }], pendingStation });
    expect(greatWesternTrail.describe({ type: 'upgradeStation', station: 2 }, at(-1))).toBe('Upgrade station 3 ($6, 3 VP)');
    expect(greatWesternTrail.describe({ type: 'upgrade' }, at(1))).toBe('Upgrade station 2 ($4, 2 VP)');
    expect(greatWesternTrail.describe({ type: 'upgrade' }, at(3))).toBe('Upgrade station 4 ($3, 9 VP)');
    expect(greatWesternTrail.describe({ type: 'upgrade' }, at(-1))).toBe('Upgrade the station'); // none named: none said
    // The step's button on the board says it too: a tap on it upgrades at once, with no chooser to read.
    const moves: Move[] = [{ type: 'upgrade' }, { type: 'skip' }];
    const buttons = drawnTexts(() => greatWesternTrail.render({ ...at(1), table: { ...at(1).table, phase: 'B', pending: 'upgrade', endTrigger: -1 }, moves }), 'chip');
    expect(buttons).toEqual(expect.arrayContaining(['Upgrade station 2 ($4, 2 VP)', 'Skip']));
    // The log names it as the event does: by the time the event is read the step is over (a server before it: not named).
    // What it paid is the event's, said as a purchase's is (a server before the cost sent none: the printed cost).
    expect(greatWesternTrail.describeEvent!({ type: 'upgrade', station: 2, cost: 6, seat: 1 }, at(1), [])).toBe('Bo: upgrades station 3 (3 VP) for $6.');
    expect(greatWesternTrail.describeEvent!({ type: 'upgradeStation', station: 0, cost: 2, seat: 1 }, at(1), [])).toBe('Bo: upgrades station 1 (1 VP) for $2.');
    expect(greatWesternTrail.describeEvent!({ type: 'upgrade', station: 2, seat: 1 }, at(1), [])).toBe('Bo: upgrades station 3 ($6, 3 VP).');
    expect(greatWesternTrail.describeEvent!({ type: 'upgradeStation', station: 0, seat: 1 }, at(1), [])).toBe('Bo: upgrades station 1 ($2, 1 VP).');
    expect(greatWesternTrail.describeEvent!({ type: 'upgrade', seat: 1 }, at(1), [])).toBe('Bo: upgrades the station.');
  });

  it("names the station master the step offers, the one at the station just upgraded", () => {
    const stationMasters = { 2: 'a permanent certificate', 4: '$2 now' };
    const table = { names: { stationMasters }, stations: [{ master: 4 }, { master: 2 }], pendingStation: 1 };
    expect(greatWesternTrail.describe({ type: 'claimMaster', worker: 'cowboy' }, context('great-western-trail', table))).toBe('With a cowboy, take station master 2: a permanent certificate');
    expect(greatWesternTrail.describe({ type: 'claimMaster', worker: 'cowboy' }, context('great-western-trail', { ...table, pendingStation: -1 }))).toBe('Take the station master with a cowboy');
    // The log says it of whoever took it, the master as the event names it: the step is over (pendingStation of now).
    const logged = (ev: GameEvent) => greatWesternTrail.describeEvent!(ev, context('great-western-trail', { ...table, pendingStation: 0 }), []);
    expect(logged({ type: 'claimMaster', worker: 'cowboy', master: 2, seat: 1 })).toBe('Bo: gives a cowboy for station master 2: a permanent certificate.');
    expect(logged({ type: 'claimMaster', worker: 'cowboy', seat: 1 })).toBe('Bo: gives a cowboy for the station master.');
  });

  it('says in the move panel who triggered the last round and how the game ends, as the view\'s endsBefore says', () => {
    const names = { phases: { A: 'moving' } };
    const players = [{}, {}, {}, {}];
    const status = (table: Record<string, unknown>) =>
      greatWesternTrail.status!({ ...context('great-western-trail', { names, current: 2, phase: 'A', pending: '', foresightColumn: -1, players, ...table }), moves: [] });
    // The default rule: to the end of the round, before the first player's next turn.
    expect(status({ endTrigger: 1, endsBefore: 0 })).toBe(
      "Cy is moving. Last round: Bo filled the job market; play goes on to the end of the round, the game ends before your next turn.",
    );
    expect(status({ endTrigger: 2, endsBefore: 3, current: 2 })).toBe(
      "Cy is moving. Last round: Cy filled the job market; play goes on to the end of the round, the game ends before Di's next turn. This turn is the last.",
    );
    // One more turn each (or the first player's own trigger): every other seat plays once more.
    expect(status({ endTrigger: 0, endsBefore: 0, current: 1 })).toBe('Bo is moving. Last round: you filled the job market; every other player has one more turn, then the game ends.');
    // A server before endsBefore: the words it had.
    expect(status({ endTrigger: 1 })).toBe('Cy is moving. Last round.');
    expect(status({ endTrigger: -1, endsBefore: -1 })).toBe('Cy is moving.');
  });

  it('says in the move panel what is asked now, as the view names the phase and the step: the board\'s first line is out of view', () => {
    const names = {
      phases: { A: 'moving', B: 'acting at a location', KC: 'in Kansas City' },
      steps: { foresight: 'a foresight tile', hazard: 'a hazard to remove', deliver: 'a city to deliver to', buy: 'cattle to buy' },
      spaces: { B: { text: 'B', kind: 'neutral' } },
    };
    const status = (table: Record<string, unknown>, moves: Move[]) =>
      greatWesternTrail.status!({ ...context('great-western-trail', { names, current: 0, phase: 'A', pending: '', endTrigger: -1, foresightColumn: -1, ...table }), moves });
    expect(status({}, [{ type: 'place', space: 'B' }])).toBe('Choose where your cattleman starts on the trail.');
    expect(status({}, [{ type: 'move', path: ['B'] }, { type: 'playObjective', card: 'o1' }])).toBe('Move your cattleman along the trail.');
    const kc = { phase: 'KC', pending: 'foresight', foresightColumn: 1 };
    expect(status(kc, [{ type: 'foresight', pick: 0 }, { type: 'foresight', pick: 1 }])).toBe('Choose a foresight tile for column 2.');
    expect(status({ phase: 'KC', pending: 'deliver' }, [{ type: 'deliver', city: 'wichita' }])).toBe('Choose a city to deliver to.');
    expect(status({ phase: 'KC', pending: 'income' }, [{ type: 'income', certificates: 0 }])).toBe('Take your income.');
    expect(status({ phase: 'KC', pending: 'income' }, [{ type: 'income', certificates: 0 }, { type: 'income', certificates: 2 }])).toBe('Take your income, with certificates or without.');
    expect(status({ phase: 'B', pending: 'hazard' }, [{ type: 'takeHazard', space: 'F-1' }, { type: 'skip' }])).toBe('Choose a hazard to remove, or skip.');
    // A step with nothing to choose in it is only passed: the panel does not ask for a choice.
    expect(status({ phase: 'B', pending: 'hazard' }, [{ type: 'skip' }])).toBe('You cannot choose a hazard to remove now: skip.');
    const buy = { phase: 'B', pending: 'buy' };
    expect(status(buy, [{ type: 'buyCattle', cards: ['jersey-1'], cowboys: 1 }, { type: 'refillMarket' }, { type: 'skip' }])).toBe('Choose cattle to buy, or skip.');
    expect(status(buy, [{ type: 'refillMarket' }, { type: 'playObjective', card: 'o1' }, { type: 'skip' }])).toBe('No cattle card can be bought now: refill the cattle market, or skip.');
    expect(status(buy, [{ type: 'skip' }])).toBe('No cattle card can be bought now: skip.');
    const at = { phase: 'B', session: { space: 'B', actions: [] }, trail: { B: 'n:B' } };
    const acting: Move[] = [{ type: 'action', action: '1.0' }, { type: 'aux', aux: 0 }, { type: 'endTurn' }];
    expect(status(at, acting)).toBe('At B (building B): choose an action of this building or an auxiliary action, or end your turn.');
    expect(status({ ...at, endTrigger: 1 }, [{ type: 'endTurn' }])).toBe('At B (building B): end your turn. Last round.');
    // Someone else's turn: who, and what they are choosing.
    expect(status({ ...kc, current: 1 }, [])).toBe('Bo is in Kansas City, choosing a foresight tile for column 2.');
    // A discard or removal, a card a move: how many the step asks for, where it is more than one.
    const cards = { names: { ...names, steps: { discard: 'a card to discard', remove: 'a card to remove' } }, phase: 'B' };
    const discards: Move[] = [{ type: 'discard', card: 'jersey' }, { type: 'discard', card: 'angus' }];
    expect(status({ ...cards, pending: 'discard', pendingCount: 1 }, discards)).toBe('Choose a card to discard.');
    expect(status({ ...cards, pending: 'discard', pendingCount: 3 }, discards)).toBe('Choose a card to discard (3 cards, one at a time).');
    expect(status({ ...cards, pending: 'remove', pendingCount: 2 }, [{ type: 'remove', card: 'jersey' }, { type: 'skip' }])).toBe('Choose a card to remove (up to 2 cards, one at a time), or skip.');
    expect(status({ ...cards, pending: 'discard', pendingCount: 2, current: 1 }, [])).toBe('Bo is acting at a location, choosing a card to discard (2 cards, one at a time).');
  });

  it("names a disc of an auxiliary action's pair shortly on its button, what the pair frees said once in the panel line", () => {
    const discs = {
      aux1: { text: 'auxiliary action 1: the double', kind: 'white' },
      aux3a: { text: 'auxiliary action 3, first disc (one frees the single, both the double)', kind: 'white' },
      aux3b: { text: 'auxiliary action 3, second disc (one frees the single, both the double)', kind: 'white' },
      hand1: { text: 'hand limit +1 (first disc), costs $5', kind: 'white' },
    };
    const names = { discs, phases: { KC: 'in Kansas City' }, steps: { disc: 'a disc to place' } };
    const moves: Move[] = [{ type: 'disc', disc: 'aux3a' }, { type: 'disc', disc: 'aux3b' }, { type: 'disc', disc: 'hand1' }, { type: 'disc', disc: 'aux1' }];
    const quotes = { [JSON.stringify(moves[0])]: 6, [JSON.stringify(moves[1])]: 6, [JSON.stringify(moves[2])]: -5, [JSON.stringify(moves[3])]: 6 };
    const ctx = { ...context('great-western-trail', { names, current: 0, phase: 'KC', pending: 'disc', endTrigger: -1, foresightColumn: -1 }), view: { hand: [], quotes }, moves };
    expect(moves.map((m) => greatWesternTrail.describe(m, ctx))).toEqual([
      'Disc from auxiliary action 3 (1 of 2) · +$6',
      'Disc from auxiliary action 3 (2 of 2) · +$6',
      'Disc from hand limit +1 (first disc), costs $5',
      'Disc from auxiliary action 1 (double) · +$6',
    ]);
    expect(greatWesternTrail.status!(ctx)).toBe("Choose a disc to place. Of an auxiliary action's two discs, one lifted frees its single action, both its double.");
    // No disc of a pair listed: nothing said of pairs.
    expect(greatWesternTrail.status!({ ...ctx, moves: moves.slice(2) })).toBe('Choose a disc to place.');
    // A button is a phone's line: under 48 characters.
    for (const m of moves) expect(greatWesternTrail.describe(m, ctx).length).toBeLessThan(48);
    // The log names the disc of the pair; what the pair frees (a note on the rules, not on what happened) is the panel's.
    expect(greatWesternTrail.describeEvent!({ type: 'disc', disc: 'aux3a', seat: 0 }, ctx, [])).toBe('Ada: places a disc (from auxiliary action 3, first disc).');
    // Your board's discs by the same short names, the whole in their titles.
    const players = [{ seat: 0, discs: ['aux3a', 'aux1'], workers: {}, buildings: [] }];
    const chips = drawnParts(() => greatWesternTrail.render({ ...ctx, table: { ...ctx.table, players } }), /\bdisc\b/);
    expect(chips.map((c) => [c.text, c.attributes.title])).toEqual([
      ['auxiliary action 3 (1 of 2)', 'auxiliary action 3, first disc (one frees the single, both the double)'],
      ['auxiliary action 1 (double)', 'auxiliary action 1: the double'],
    ]);
  });

  it('says what each building does and costs, as the view describes it: on the trail, in the buildings to place, in the build step', () => {
    const buildings = {
      A: { kind: 'neutral', actions: ['discard 1 Guernsey → +$2', 'hire 1 worker'], craftsmen: 0, feeHand: 'none', fee: 0, vp: 0, text: 'discard 1 Guernsey → +$2; hire 1 worker' },
      '4a': {
        kind: 'private',
        actions: ['pay $5 → remove a hazard', 'move your cattleman up to 2 steps'],
        craftsmen: 2,
        feeHand: 'black',
        fee: 2,
        vp: 3,
        text: 'pay $5 → remove a hazard; move your cattleman up to 2 steps · 2 craftsmen · black hand: fee $2 · 3 VP',
      },
    };
    const names = {
      trail: [{ routes: [{ name: '', spaces: ['A'], to: [] }] }, { routes: [{ name: 'buildings', spaces: ['A-1', 'A-2'], to: [] }] }],
      phases: { B: 'acting at a location' },
      steps: { build: 'a building to place' },
    };
    const players = [{ buildings: ['4a'], workers: {}, discs: [] }, { buildings: [], workers: {}, discs: [] }];
    const table = { names, buildings, players, trail: { A: 'n:A', 'A-1': '', 'A-2': 'p:1:4a' }, current: 0, phase: 'B', pending: 'build', endTrigger: -1, foresightColumn: -1 };
    const ctx = context('great-western-trail', table);
    // On the trail: each building's title says it (a neutral one too, before anyone stands on it).
    const locs = drawnParts(() => greatWesternTrail.render(ctx), 'loc');
    expect(locs.find((l) => l.attributes['data-key'] === 'v:A')!.attributes.title).toBe('discard 1 Guernsey → +$2; hire 1 worker');
    expect(locs.find((l) => l.attributes['data-key'] === 'v:A-2')!.attributes.title).toBe(`Bo: ${buildings['4a'].text}`);
    expect(locs.find((l) => l.attributes['data-key'] === 'v:A-1')!.attributes.title).toBeUndefined();
    // Whose it is also by the owner's numbered dot, where the border's colour alone does not tell seats apart.
    expect(drawnParts(() => greatWesternTrail.render(ctx), 'loc').find((l) => l.attributes['data-key'] === 'v:A-2')!.text).toBe('A-2building 4a 2');
    // Its border in the owner's colour, darkened where light to stand 3:1 against the building's ground, as Tractor's boxes.
    for (const [seat, colour] of SEAT_COLOURS.entries()) {
      const owned = { ...ctx, table: { ...table, trail: { ...table.trail, 'A-2': `p:${seat}:4a` } } };
      const border = /border-color:(#[0-9a-f]{6})/.exec(drawnParts(() => greatWesternTrail.render(owned), 'loc').find((l) => l.attributes['data-key'] === 'v:A-2')!.attributes.style!)![1]!;
      expect(contrast(border, '#f6ecff'), `seat ${seat + 1}'s ${border}`).toBeGreaterThanOrEqual(3);
      if (contrast(colour, '#f6ecff') >= 3) expect(border).toBe(colour);
    }
    // Your buildings to place: craftsmen and VP first, then what it does and its fee.
    const toPlace = drawnParts(() => greatWesternTrail.render({ ...ctx, table: { ...table, trail: { A: 'n:A' } } }), 'gwt').filter((c) => c.attributes['data-key'] === 'v:4a');
    expect(toPlace.map((c) => c.text)).toEqual(['building 4a · 2 craftsmen · 3 VP' + 'pay $5 → remove a hazard; move your cattleman up to 2 steps · black hand: fee $2']);
    // The build step's choices say the building's words after the move's price.
    const build: Move = { type: 'build', building: '4a', space: 'A-1' };
    const priced = { ...ctx, view: { hand: [], quotes: { [JSON.stringify(build)]: -4 } }, moves: [build] };
    expect(greatWesternTrail.describe(build, priced)).toBe(`Place building 4a on A-1 · −$4 (${buildings['4a'].text})`);
    // A building selected is described in a line under its stage, whose it is said.
    const notes = (c: typeof ctx) => drawnTexts(() => greatWesternTrail.render(c), 'gwt-building-note');
    expect(notes(ctx)).toEqual([]);
    expect(notes({ ...ctx, selected: ['v:A-2'] })).toEqual([`Building 4a (Bo's) on A-2: ${buildings['4a'].text}`]);
    // A building tapped (no move names it: nothing is redrawn) is described at once, and stays over the redraws.
    const stage = { after: vi.fn() };
    const part = { dataset: { buildingAt: 'A' }, closest: (sel: string) => (sel === '[data-building-at]' ? part : stage) };
    const root = { querySelectorAll: () => [] };
    const drawn = drawnTexts(() => {
      buildingTapped({ target: part as unknown as EventTarget, currentTarget: root as unknown as EventTarget }, ctx);
      return stage.after.mock.calls[0]![0];
    }, 'gwt-building-note');
    expect(drawn).toEqual(['Neutral building A: discard 1 Guernsey → +$2; hire 1 worker']);
    expect(notes(ctx)).toEqual(['Neutral building A: discard 1 Guernsey → +$2; hire 1 worker']);
    expect(notes({ ...ctx, roomId: 'table-2' })).toEqual([]); // (another table's tap)
    // A building no move takes now says what it is in the move panel's line: in reach on a phone, the trail far above;
    // a note that describes, not a refusal (the panel's red).
    expect(greatWesternTrail.whyNot!('v:A', ctx)).toEqual({ note: 'Neutral building A: discard 1 Guernsey → +$2; hire 1 worker.' });
    expect(greatWesternTrail.whyNot!('v:A-2', { ...ctx, moves: [build] })).toEqual({ note: `Building 4a (Bo's) on A-2: ${buildings['4a'].text}. It cannot be chosen now.` });
    expect(greatWesternTrail.whyNot!('v:4a', { ...ctx, moves: [build] })).toEqual({ note: `Building 4a: ${buildings['4a'].text}. It cannot be placed now.` });
    expect(partLine(new Selection(greatWesternTrail).whyNot('v:4a', { ...ctx, moves: [build] }))).toEqual({ text: `Building 4a: ${buildings['4a'].text}. It cannot be placed now.`, refusal: false });
    expect(greatWesternTrail.whyNot!('v:A-1', { ...ctx, moves: [build] })).toBeNull(); // (no building there: the page's words)
  });

  it('names the foresight tiles outside the column being chosen for the focus: the redraw pairs keyless parts by place', () => {
    const names = { trail: [], phases: { KC: 'in Kansas City' }, steps: { foresight: 'a foresight tile' } };
    const table = { names, current: 0, phase: 'KC', pending: 'foresight', endTrigger: -1, foresightColumn: 1, players: [{}, {}], foresight: ['cowboy', 'engineer', 'flood-g4', '', 'craftsman', 'jersey-1'] };
    const tiles = drawnParts(() => greatWesternTrail.render(context('great-western-trail', table)), 'gwt').filter((c) => c.attributes['data-key']?.startsWith('pick:') || c.attributes['data-focus']?.startsWith('foresight:'));
    expect(tiles.map((c) => c.attributes['data-key'] ?? c.attributes['data-focus'])).toEqual(['foresight:0:0', 'foresight:0:1', 'pick:0', 'pick:1', 'foresight:2:0', 'foresight:2:1']);
  });

  it("says a delivery's value and where a disc goes, as the view says them, and where a foresight tile went, as its event says", () => {
    const names = {
      phases: { KC: 'in Kansas City', B: 'acting at a location' },
      steps: { deliver: 'a city to deliver to', disc: 'a disc to place' },
      cities: { wichita: { text: 'Wichita (4)', kind: 'white' } },
      stations: [{ cost: 2, vp: 1, turnout: 4 }, { cost: 2, vp: 1, turnout: 7 }, { cost: 4, vp: 2, turnout: 10 }],
      spaces: { 'TEEPEE--3': { text: 'teepee −3', kind: 'teepee' } },
      tiles: { green: { text: 'green teepee', kind: 'teepee' }, engineer: { text: 'engineer', kind: 'worker' } },
    };
    const base = { names, current: 0, endTrigger: -1, foresightColumn: -1, pendingStation: -1, pendingCity: '', pendingValue: 0 };
    const status = (table: Record<string, unknown>, moves: Move[]) => greatWesternTrail.status!({ ...context('great-western-trail', { ...base, ...table }), moves });
    expect(status({ phase: 'KC', pending: 'deliver', pendingValue: 9 }, [{ type: 'deliver', city: 'wichita' }])).toBe('Choose a city to deliver to (hand value 9).');
    expect(status({ phase: 'B', pending: 'deliver', pendingValue: 4 }, [{ type: 'deliver', city: 'wichita' }])).toBe('Choose a city to deliver to (extraordinary delivery of value 4).');
    expect(status({ phase: 'KC', pending: 'disc', pendingCity: 'wichita' }, [{ type: 'disc', disc: 'cert4' }])).toBe('Choose a disc to place in Wichita (city value 4).');
    expect(status({ phase: 'B', pending: 'disc', pendingStation: 2 }, [{ type: 'disc', disc: 'cert4' }])).toBe('Choose a disc to place on station 3 (2 VP).');
    // The board's first line, for everyone.
    expect(turnLine(context('great-western-trail', { ...base, phase: 'KC', pending: 'deliver', pendingValue: 9 }))).toBe(' · in Kansas City · choosing a city to deliver to (hand value 9)');
    const logged = (ev: GameEvent) => greatWesternTrail.describeEvent!(ev, context('great-western-trail', base), []);
    expect(logged({ type: 'foresight', pick: 0, tile: 'green', to: 'TEEPEE--3', seat: 1 })).toBe('Bo: takes the foresight tile: green teepee, onto teepee −3.');
    expect(logged({ type: 'foresight', pick: 1, tile: 'engineer', to: 'jobMarket', seat: 1 })).toBe('Bo: takes the foresight tile: engineer, into the job market.');
    expect(logged({ type: 'foresight', pick: 1, tile: 'green', to: '', seat: 1 })).toBe('Bo: takes the foresight tile: green teepee, out of the game (no free space for it).');
  });

  it("says in the move panel that a worker's Jersey bonus is taken by discarding a Jersey", () => {
    const names = { phases: { B: 'acting at a location' }, steps: { jersey: 'a Jersey bonus' } };
    const status = (moves: Move[]) =>
      greatWesternTrail.status!({ ...context('great-western-trail', { names, current: 0, phase: 'B', pending: 'jersey', endTrigger: -1, foresightColumn: -1 }), moves });
    expect(status([{ type: 'discard', card: 'jersey' }, { type: 'skip' }])).toBe('Discard a Jersey for the bonus of the worker you hired, or skip.');
    expect(status([{ type: 'skip' }])).toBe('You cannot choose a Jersey bonus now: skip.');
  });

  it('says in the move panel what is left to choose once a building or a space is picked for the building step', () => {
    const names = { phases: { B: 'acting at a location' }, steps: { build: 'a building to place' }, spaces: { 'A-1': { text: 'A-1', kind: 'private' }, 'FLOOD-RISK-1': { text: 'flood risk 1', kind: 'risk' } } };
    const moves: Move[] = [
      { type: 'build', building: '1a', space: 'A-1' },
      { type: 'build', building: '1a', space: 'FLOOD-RISK-1' },
      { type: 'build', building: '2a', space: 'A-1' },
      { type: 'skip' },
    ];
    const status = (selected: string[]) =>
      greatWesternTrail.status!({ ...context('great-western-trail', { names, current: 0, phase: 'B', pending: 'build', endTrigger: -1, foresightColumn: -1 }), moves, selected });
    expect(status([])).toBe('Choose a building to place, or skip.');
    expect(status(['v:1a'])).toBe('Building 1a: now choose the space to place it on.');
    expect(status(['v:FLOOD-RISK-1'])).toBe('Flood risk 1: now choose the building to place there.');
  });

  it("names the step on the board's first line as the move panel does, a foresight tile with its column", () => {
    const names = { phases: { KC: 'in Kansas City', B: 'acting at a location' }, steps: { foresight: 'a foresight tile', hazard: 'a hazard to remove' } };
    const line = (table: Record<string, unknown>) => turnLine(context('great-western-trail', { names, current: 0, endTrigger: -1, foresightColumn: -1, ...table }));
    expect(line({ phase: 'KC', pending: 'foresight', foresightColumn: 1 })).toBe(' · in Kansas City · choosing a foresight tile for column 2');
    expect(line({ phase: 'B', pending: 'hazard', endTrigger: 1 })).toBe(' · acting at a location · choosing a hazard to remove · last round');
  });

  it('keeps a section the player opened or closed per table, by what the section says when it is toggled', () => {
    // A toggle as it reaches the board's root (data-table), from a section (data-fold, data-by-default) opened or closed.
    const toggle = (table: string, name: string, byDefault: boolean, open: boolean) =>
      sectionToggled({ target: { open, dataset: { fold: name, byDefault: String(byDefault) } }, currentTarget: { dataset: { table } } } as unknown as Event);
    // On a phone the railroad is folded while no move names it: opened at one table, it stays open there…
    toggle('table-a', 'railroad', false, true);
    expect(sectionOpen('table-a', 'railroad', false)).toBe(true);
    // …and another Great Western Trail table in the same tab starts with it folded.
    expect(sectionOpen('table-b', 'railroad', false)).toBe(false);
    // Kansas City opened by the player on a phone; the window widens, where the page opens every section itself.
    toggle('table-a', 'kansas-city', false, true);
    expect(sectionOpen('table-a', 'kansas-city', true)).toBe(true);
    // The board draws the same, and the page keeps its elements: the player closes the section, and that is remembered
    // by the default it says now, not the phone's it was drawn with (which dropped the choice: open again at the next redraw).
    toggle('table-a', 'kansas-city', true, false);
    expect(sectionOpen('table-a', 'kansas-city', true)).toBe(false);
  });
});

describe('Ready Set Bet on the page', () => {
  const roll = { a: 3, b: 4, sum: 7, horse: '7', moved: 3, bonus: 0 };
  it("marks no seat to act during the results (each may say it is ready beside the server's step), nor offers it as the only move", () => {
    expect(readySetBet.turnShown!(context('ready-set-bet', { phase: 'results' }))).toBe(false);
    expect(readySetBet.turnShown!(context('ready-set-bet', { phase: 'racing' }))).toBe(true);
  });
  it('heads the race with its last roll, and the VIP draft with the draft, not the finished race\'s last roll', () => {
    expect(raceStatus({ phase: 'racing', bettingOpen: true, rolls: 12, lastRoll: roll, race: 1 })).toBe(' · bets open · roll 12: 3 + 4 = 7 → 7 moves 3');
    expect(raceStatus({ phase: 'racing', bettingOpen: true, rolls: 0, lastRoll: null, race: 2 })).toBe(' · bets open · waiting for the first roll');
    const draft = raceStatus({ phase: 'vipDraft', bettingOpen: false, rolls: 31, lastRoll: roll, race: 1 });
    expect(draft).toBe(' · VIP draft before race 2: each bettor keeps one of the two cards offered');
  });
  it("says a repeat of the last roll's horse pays its bonus, and what it is; not for the 7, whose lane adds nothing", () => {
    const horses = [{ horse: '7', bonus: 0 }, { horse: '9', bonus: 2 }];
    const head = (lastRoll: typeof roll) => raceStatus({ phase: 'racing', bettingOpen: true, rolls: 12, lastRoll, race: 1, bonusArmed: true, horses });
    expect(head({ a: 4, b: 5, sum: 9, horse: '9', moved: 1, bonus: 0 })).toBe(' · bets open · roll 12: 4 + 5 = 9 → 9 moves 1 · a repeat pays the bonus (+2)');
    expect(head(roll)).toBe(' · bets open · roll 12: 3 + 4 = 7 → 7 moves 3');
  });
  it('says whom a full table waits for before the start: a seated player away (it starts once every player is here)', () => {
    const seat = (taken: boolean, connected: boolean, bot = false) => ({ name: '', taken, connected, bot, team: -1, deadline: 0, shortClock: false, startNow: false });
    const waiting = (seats: ReturnType<typeof seat>[]) => panelLine({ ...context('ready-set-bet', {}), status: 'waiting', seats }, readySetBet).join('');
    expect(waiting([seat(true, true), seat(true, false), seat(true, true, true)])).toBe('Waiting for Bo to come back: the game starts once every player is here.');
    expect(waiting([seat(true, true), seat(true, false), seat(false, false)])).toBe('Waiting for every seat to be taken…');
    expect(waiting([seat(true, true), seat(true, true)])).toBe('Waiting for every seat to be taken…');
    // Starting now with bots is offered only while a seat is free: at a full table it would fill nothing.
    const offered = (seats: ReturnType<typeof seat>[], mySeat: number | null = 0) => startNowOffered({ status: 'waiting', seats, mySeat });
    expect(offered([seat(true, true), seat(false, false)])).toBe(true);
    expect(offered([seat(true, true), seat(true, false), seat(true, true, true)])).toBe(false);
    expect(offered([seat(true, true), seat(false, false)], null)).toBe(false);
    expect(startNowOffered({ status: 'playing', seats: [seat(true, true), seat(false, false)], mySeat: 0 })).toBe(false);
  });
  it("heads the race with bets not yet open to a bettor or a spectator waiting for a seated host who bets first (the view's hostBetsFirst), and open to the host", () => {
    const players = [{ seat: 0, bettor: true, money: 0, available: [2, 3] }, { seat: 1, bettor: true, money: 0, available: [2, 3] }];
    const table = { race: 1, races: 4, phase: 'racing', bettingOpen: true, hostBetsFirst: true, rolls: 0, lastRoll: null, hostSeat: 0, horses: [], board: [], players };
    const head = (mySeat: number | null, moves: Move[], first = true) =>
      drawnTexts(() => readySetBet.render({ ...context('ready-set-bet', { ...table, hostBetsFirst: first }), mySeat, moves }), 'rsb-head')[0];
    expect(head(1, [])).toBe('Race 1 of 4 · the host bets first · your bets open with the first roll');
    expect(head(0, [{ type: 'bet', space: 'win-7-a', token: 3 }, { type: 'roll' }])).toBe('Race 1 of 4 · bets open · waiting for the first roll');
    // A spectator has no moves to tell from: the view says it.
    expect(head(null, [])).toBe('Race 1 of 4 · the host bets first · bets open with the first roll');
    const watching = { ...context('ready-set-bet', table), mySeat: null, active: [0] };
    expect(panelLine(watching, readySetBet).join('')).toBe("Watching · Ada to move. The host bets first: the others' bets open with the first roll.");
    // Without hostBetsFirst the others are offered their bets: open to them too.
    expect(head(1, [{ type: 'bet', space: 'win-7-a', token: 3 }], false)).toBe('Race 1 of 4 · bets open · waiting for the first roll');
    expect(head(null, [], false)).toBe('Race 1 of 4 · bets open · waiting for the first roll');
    expect(readySetBet.status!({ ...watching, table: { ...table, hostBetsFirst: false } })).toBe('');
    expect(readySetBet.status!({ ...watching, table: { ...table, rolls: 1 } })).toBe('');
  });
  it("heads the race, before the first roll of a seated host who does not bet (the view's betsFromFirstRoll), with the bets opening at that roll", () => {
    const players = [{ seat: 0, bettor: false, money: 0, available: [] }, { seat: 1, bettor: true, money: 0, available: [2, 3] }];
    const table = { race: 1, races: 4, phase: 'racing', bettingOpen: true, betsFromFirstRoll: true, rolls: 0, lastRoll: null, hostSeat: 0, horses: [], board: [], players };
    const head = (mySeat: number | null, moves: Move[], more: Record<string, unknown> = {}) =>
      drawnTexts(() => readySetBet.render({ ...context('ready-set-bet', { ...table, ...more }), mySeat, moves }), 'rsb-head')[0];
    expect(head(1, [])).toBe("Race 1 of 4 · your bets open with the host's first roll");
    expect(head(null, [])).toBe("Race 1 of 4 · bets open with the host's first roll");
    expect(head(0, [{ type: 'roll' }])).toBe('Race 1 of 4 · bets open with your first roll');
    expect(readySetBet.status!({ ...context('ready-set-bet', table), mySeat: 0, moves: [{ type: 'roll' }] })).toBe('You are the host: roll the dice to start the race (the bets open with your first roll).');
    const watching = { ...context('ready-set-bet', table), mySeat: null, active: [0] };
    expect(panelLine(watching, readySetBet).join('')).toBe("Watching · Ada to move. The host's first roll starts the race: the bets open with it.");
    // Rolled, or the option off (the bets open from the deal): open to everyone, as before.
    expect(head(1, [], { rolls: 1, lastRoll: { a: 3, b: 4, sum: 7, horse: '7', moved: 1, bonus: 0 } })).toBe('Race 1 of 4 · bets open · roll 1: 3 + 4 = 7 → 7 moves 1');
    expect(head(1, [{ type: 'bet', space: 'win-7-a', token: 3 }], { betsFromFirstRoll: false })).toBe('Race 1 of 4 · bets open · waiting for the first roll');
    expect(readySetBet.status!({ ...context('ready-set-bet', { ...table, rolls: 1 }), mySeat: 0, moves: [{ type: 'roll' }] })).toBe('You are the host: you roll the dice.');
    expect(readySetBet.status!({ ...watching, table: { ...table, betsFromFirstRoll: false } })).toBe('');
  });
  it("writes a race's finish as places, each horse on its colour: not ranks and horse numbers in a row", () => {
    const horses = [{ horse: '4', color: 'blue' }, { horse: '7', color: 'black' }, { horse: '8', color: 'red' }, { horse: '6', color: 'red' }];
    const finish = [{ horse: '6', rank: 4 }, { horse: '8', rank: 2 }, { horse: '4', rank: 1 }, { horse: '7', rank: 2 }];
    const ctx = context('ready-set-bet', { horses });
    expect(drawnTexts(() => finishOrder(ctx, finish), 'rsb-finish')).toEqual(['Finish: 1st: 4 · 2nd: 8 · 2nd: 7 · 4th: 6']);
    expect(drawnParts(() => finishOrder(ctx, finish), 'rsb-horse').map((part) => [part.text, part.attributes.style])).toEqual([
      ['4', 'background:#2f6fb5'], ['8', 'background:#c8323c'], ['7', 'background:#2b2b2b'], ['6', 'background:#c8323c'],
    ]);
  });
  it('says at the end which rule ranked equal money (the result says only the money), or that equal money shares the place', () => {
    const players = [0, 1, 2].map((seat) => ({ seat, bettor: true, money: 0, vip: seat ? [] : [{ name: 'Insurance' }], hiddenVip: [2, 2, 1][seat] }));
    const standings = (ranks: number[], scores = [12, 12, 5]) => ranks.map((rank, seat) => ({ seat, rank, score: scores[seat]!, team: -1 }));
    const note = (tieBreak: string | undefined, ranks: number[], scores?: number[], winningBets?: number[]) =>
      tieNote({ ...context('ready-set-bet', { phase: 'over', tieBreak, players, winningBets }), result: { standings: standings(ranks, scores), details: null } });
    expect(note('fewestVip', [2, 1, 3])).toBe("Bo and Ada ended with $12 each: the table's tie-break, fewest VIP cards, ranks them (Bo with 2 VIP cards, Ada with 3 VIP cards).");
    expect(note('mostWinningBets', [1, 2, 3], undefined, [3, 2, 0])).toBe("Ada and Bo ended with $12 each: the table's tie-break, most winning bets, ranks them (Ada with 3 winning bets, Bo with 2 winning bets).");
    expect(note('mostWinningBets', [1, 1, 3], undefined, [1, 1, 0])).toBe(
      'Ada and Bo ended with $12 each, and the tie-break, most winning bets, leaves them equal (Ada with 1 winning bet, Bo with 1 winning bet): they share 1st place.',
    );
    // A view without the counts (a server before them): the rule alone.
    expect(note('mostWinningBets', [1, 2, 3])).toBe("Ada and Bo ended with $12 each: the table's tie-break, most winning bets, ranks them.");
    expect(note('shared', [1, 1, 3])).toBe('Ada and Bo ended with $12 each and share 1st place: at this table equal money shares the place.');
    expect(note('mostWinningBets', [1, 1, 3])).toBe('Ada and Bo ended with $12 each, and the tie-break, most winning bets, leaves them equal: they share 1st place.');
    expect(note('fewestVip', [1, 3, 2], [12, 5, 5])).toBe("Cy and Bo ended with $5 each: the table's tie-break, fewest VIP cards, ranks them (Cy with 1 VIP card, Bo with 2 VIP cards).");
    expect(note('fewestVip', [1, 2, 3], [12, 8, 5])).toBeNull();
    expect(tieNote({ ...context('ready-set-bet', { phase: 'racing', tieBreak: 'fewestVip', players }), result: null })).toBeNull();
    // Drawn under the board's head, right under the result.
    const table = { phase: 'over', race: 4, races: 4, tieBreak: 'fewestVip', players, horses: [], board: [] };
    const render = () => readySetBet.render({ ...context('ready-set-bet', table), result: { standings: standings([2, 1, 3]), details: null } });
    expect(drawnTexts(render, 'rsb-tie')).toEqual(["Bo and Ada ended with $12 each: the table's tie-break, fewest VIP cards, ranks them (Bo with 2 VIP cards, Ada with 3 VIP cards)."]);
  });
  it('offers two copies of one VIP card as one choice, said to be two copies (two buttons alike chose nothing)', () => {
    // (A card's words say how long it lasts, "Rest of the game: …": its duration is not said again in the view's own word.)
    const card = (id: string, name: string) => ({ id, name, text: `Rest of the game: ${name}'s text.`, duration: 'game' });
    const twins = [card('insurance-1', 'Insurance'), card('insurance-2', 'Insurance')];
    const two = [card('insurance-1', 'Insurance'), card('high-roller-1', 'High Roller')];
    expect(vipChoices(twins)).toEqual({ cards: [twins[0]], copies: true });
    expect(vipChoices(two)).toEqual({ cards: two, copies: false });
    const me = { seat: 0, bettor: true, money: 7, available: [] };
    const ctx = (offer: Plain[]) => ({ ...context('ready-set-bet', { race: 1, races: 4, phase: 'vipDraft', players: [me], horses: [], board: [] }), moves: offer.map((c) => ({ type: 'keepVip', card: c.id })), view: { offer, hand: [] } });
    const buttons = (offer: Plain[]) => drawnParts(() => readySetBet.render(ctx(offer)), 'vip').map((part) => [part.attributes['data-key'], part.text]);
    expect(buttons(twins)).toEqual([['vip:insurance-1', "Insurance (two copies) Rest of the game: Insurance's text."]]);
    expect(buttons(two).map(([key]) => key)).toEqual(['vip:insurance-1', 'vip:high-roller-1']);
    expect(drawnTexts(() => readySetBet.render(ctx(twins)), 'section-title')).toContain('VIP draft: two copies of one card, keep it');
    expect(readySetBet.status!(ctx(twins))).toBe("You were dealt two copies of one VIP card, Insurance: keep it (when the draft's time is up, it is kept for you). Your money: $7.");
    // The full list of legal moves lists them once too, as the panel offers them.
    const listed = (offer: Plain[]) => readySetBet.listed!(ctx(offer).moves, ctx(offer)).map((m) => readySetBet.describe(m, ctx(offer)));
    expect(listed(twins)).toEqual(['Keep the VIP card Insurance (two copies)']);
    expect(listed(two)).toEqual(['Keep the VIP card Insurance', 'Keep the VIP card High Roller']);
    const racing = { ...context('ready-set-bet', { phase: 'racing' }), moves: [{ type: 'bet', space: 'win-7-a', token: 3 }, { type: 'pass' }] };
    expect(readySetBet.listed!(racing.moves, racing)).toEqual(racing.moves);
  });
  it('says what you bet with: your tokens left, and your money only once it means something (every bettor starts at $0)', () => {
    const me = { seat: 0, bettor: true, money: 0, available: [2, 3, 3, 4, 5] };
    const status = (table: Record<string, unknown>) => readySetBet.status!(context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: true, players: [me], ...table }));
    expect(status({})).toBe('Your tokens to bet: $2, $3, $3, $4, $5.');
    expect(status({ players: [{ ...me, available: [] }] })).toBe('All your tokens are on the board.');
    expect(status({ race: 2, players: [{ ...me, money: 14, available: [4] }] })).toBe('Your tokens to bet: $4. Your money: $14.');
    expect(status({ race: 2, players: [{ ...me, money: 0 }] })).toContain('Your money: $0.'); // settled at $0 this time
    expect(status({ phase: 'results', bettingOpen: false, players: [{ ...me, money: 9 }] })).toBe('You are ready for the next race. Your money: $9.');
  });
  it('offers your tokens only while bets are open: after the red line, and between races, those left unbet are not to bet', () => {
    const me = { seat: 0, bettor: true, money: 7, available: [3, 5] };
    const row = (phase: string, bettingOpen = phase === 'racing') => drawnTexts(() => tokenRow(context('ready-set-bet', { race: 1, phase, bettingOpen, players: [me] })), 'token');
    expect(row('racing')).toEqual(['$3', '$5']);
    expect(row('racing', false)).toEqual([]); // the red line passed: no more bets
    expect(readySetBet.status!(context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: false, players: [me] }))).toBe('Your money: $7.');
    expect(row('vipDraft')).toEqual([]);
    expect(row('results')).toEqual([]);
    expect(drawnTexts(() => tokenRow(context('ready-set-bet', { race: 1, phase: 'vipDraft', bettingOpen: false, players: [me] })), 'section-title')).toEqual(['Your money $7']);
  });
  it("draws no part of a bettor's step as a hand's (the page's first part to act on): the token row above the spaces comes first, not the colour bets under them, nor a host's roll", () => {
    const me = { seat: 0, bettor: true, money: 0, available: [3, 5] };
    const board = [{ id: 'win-7-a', horse: '7', kind: 'win', multiplier: 3, penalty: 2 }, { id: 'blue-wins', label: 'Blue wins', multiplier: 5, penalty: 1 }];
    const table = { race: 1, races: 4, phase: 'racing', bettingOpen: true, rolls: 0, hostSeat: 0, horses: [{ horse: '7', color: 'black', bonus: 0, position: 0 }], board, players: [me], props: [{ id: 'prop-1', ahead: '7', behind: ['8'], multiplier: 3, penalty: 3 }], exotics: [{ id: 'nose', name: 'By a Nose', text: '', multiplier: 5, penalty: 3, open: true, spaces: ['exotic-nose-1'] }] };
    const moves: Move[] = [{ type: 'bet', space: 'blue-wins', token: 5 }, { type: 'pass' }, { type: 'roll' }];
    const render = () => readySetBet.render({ ...context('ready-set-bet', table), moves });
    expect(drawnParts(render, 'hand')).toEqual([]);
    const rows = drawnTexts(render, 'rsb-row').join(' | ');
    for (const part of ['Roll the dice', 'Blue wins', '7 ahead of 8', '#1']) expect(rows).toContain(part);
    expect(drawnParts(render, 'rsb-tokens')).toHaveLength(1);
  });
  it('keeps the token row a token high when there are none to bet, saying why in their place (the board under it does not jump)', () => {
    const me = { seat: 0, bettor: true, money: 0, available: [3, 5] };
    const note = (table: Record<string, unknown>, moves: Move[] = []) => drawnTexts(() => tokenRow({ ...context('ready-set-bet', { race: 1, hostSeat: -1, players: [me], ...table }), moves }), 'note');
    expect(note({ phase: 'racing', bettingOpen: true, rolls: 3 }, [{ type: 'bet', space: 'win-7-a', token: 5 }])).toEqual([]);
    expect(note({ phase: 'racing', bettingOpen: false, rolls: 40 })).toEqual(['No more bets this race']);
    expect(note({ phase: 'racing', bettingOpen: true, rolls: 3, hostSeat: 0 }, [{ type: 'roll' }])).toEqual(['Your bets closed with your first roll']);
    expect(note({ phase: 'results', bettingOpen: false }, [{ type: 'ready' }])).toEqual([]); // the Ready button is there
    expect(note({ phase: 'results', bettingOpen: false })).toEqual(['Ready for the next race']);
    expect(note({ phase: 'vipDraft', bettingOpen: false })).toEqual(['Bets open with the next race']);
    // Its title too, though the money says nothing yet (race 1, $0).
    expect(drawnTexts(() => tokenRow(context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: false, players: [me] })), 'section-title')).toEqual(['Your tokens']);
  });
  it('marks "No more bets" and the tokens aside, not the step\'s first part (focus goes to a space, where Enter bets the token the panel names, not the smallest token); "Ready for the next race" is the step itself', () => {
    const me = { seat: 0, bettor: true, money: 7, available: [3, 5] };
    const parts = (moves: Move[]) =>
      drawnParts(() => tokenRow({ ...context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: true, players: [me] }), moves }), 'chip').map((part) => [part.attributes['data-key'], 'data-aside' in part.attributes]);
    expect(parts([{ type: 'bet', space: 'win-5', token: 3 }, { type: 'pass' }])).toEqual([['token:3', true], ['token:5', true], ['pass', true]]);
    expect(parts([{ type: 'ready' }]).filter(([key]) => key === 'ready')).toEqual([['ready', false]]);
  });
  it("writes each horse's number within its disc on the race track: \"11/12\" was wider than the disc, its first and last digits white on the light lane", () => {
    const horses = ['7', '11/12'].map((horse, row) => ({ horse, color: 'blue', bonus: 0, position: row }));
    const table = { race: 1, races: 4, phase: 'racing', bettingOpen: true, rolls: 0, hostSeat: -1, finish: 15, horses, board: [], players: [] };
    const discs = drawnParts(() => readySetBet.render(context('ready-set-bet', table)), 'horse').map((part) => Number(part.attributes.r));
    const labels = drawnParts(() => readySetBet.render(context('ready-set-bet', table)), 'horse-label').map((part) => part.attributes);
    expect(labels.map((a) => a['font-size'])).toEqual(['12', '10']);
    // A bold digit is about 0.6 of the font size wide: squeezed to fit where that would not.
    labels.forEach((a, i) => expect(Number(a.textLength ?? 0.6 * Number(a['font-size']) * horses[i]!.horse.length)).toBeLessThanOrEqual(2 * discs[i]! - 4));
  });
  it('gives focus, after your bet, to the next space along from it where one is left to bet on (the board\'s first only where none is)', () => {
    const space = (id: string, horse: string, kind: string) => ({ id, horse, kind, multiplier: 2, penalty: 1, label: id });
    const board = [space('show-7-a', '7', 'show'), space('win-7-a', '7', 'win'), space('show-8-a', '8', 'show'), space('win-8-a', '8', 'win'), { id: 'blue-wins', label: 'Blue wins', multiplier: 5, penalty: 1 }];
    const horses = ['7', '8'].map((horse) => ({ horse, color: 'black', bonus: 0, position: 0 }));
    const me = { seat: 0, bettor: true, money: 0, available: [3, 5] };
    const table = { race: 1, races: 4, phase: 'racing', bettingOpen: true, rolls: 3, hostSeat: -1, horses, board, players: [me], props: [], exotics: [] };
    /** The space the page's focus lands on (table.ts, nextPart): the first of the parts to act on, in the board's order. */
    const landing = (bets: { seat: number; space: string }[], sent: Move[] = []) => {
      const taken = new Set([...bets.map((b) => b.space), ...sent.map((m) => m.space)]);
      const moves: Move[] = [...board.filter((sp) => !taken.has(sp.id)).map((sp) => ({ type: 'bet', space: sp.id, token: 5 })), { type: 'pass' }];
      const open = new Set(moves.map((m) => `space:${m.space}`));
      const parts = keyedParts(() => readySetBet.render({ ...context('ready-set-bet', { ...table, bets: bets.map((b) => ({ ...b, token: 3 })) }), moves, sent }));
      const usable = parts.filter((a) => open.has(a['data-key']!)).map((a) => ({ dataset: { key: a['data-key'], ...('data-aside' in a ? { aside: '' } : {}) } }));
      return partsActedOn(usable)[0]?.dataset.key;
    };
    expect(landing([])).toBe('space:show-7-a');
    // Your bet on the 8's show space: on to its win space, not back to the 7's show space (another's bet does not count).
    expect(landing([{ seat: 0, space: 'show-8-a' }, { seat: 1, space: 'show-7-a' }])).toBe('space:win-8-a');
    expect(landing([{ seat: 0, space: 'win-7-a' }, { seat: 0, space: 'win-8-a' }])).toBe('space:blue-wins'); // the grid's last: the colour bets under it
    expect(landing([{ seat: 0, space: 'win-8-a' }], [{ type: 'bet', space: 'show-7-a', token: 5 }])).toBe('space:win-7-a'); // just sent, not yet in the state
    expect(landing([{ seat: 0, space: 'blue-wins' }])).toBe('space:show-7-a'); // none left after it: the first
  });
  it("lists the bettors' tokens left while bets are open, not between races nor past the red line (the money says what is true then)", () => {
    const players = [{ seat: 0, bettor: true, money: 7, available: [3, 5] }, { seat: 1, bettor: true, money: 2, available: [] }];
    const left = (phase: string, bettingOpen: boolean) => drawnTexts(() => h('div', null, bettors(context('ready-set-bet', { race: 1, phase, bettingOpen, players }))), 'tokens-left');
    expect(left('racing', true)).toEqual(['tokens left $3 $5', 'tokens left —']);
    expect(left('racing', false)).toEqual(['', '']);
    expect(left('vipDraft', false)).toEqual(['', '']);
    expect(left('results', false)).toEqual(['', '']);
  });
  it('says a bettor is done betting only while bets are open, and the last race\'s end as the game\'s', () => {
    const players = [{ seat: 0, bettor: true, money: 7, available: [3], passed: true }];
    const notes = (phase: string, bettingOpen: boolean) => drawnParts(() => h('div', null, bettors(context('ready-set-bet', { race: 1, phase, bettingOpen, players }))), 'standings')[0]!.text;
    expect(notes('racing', true)).toContain('done betting');
    expect(notes('vipDraft', false)).not.toContain('done betting');
    expect(notes('results', false)).not.toContain('done betting');
    expect(raceStatus({ phase: 'over', bettingOpen: false, rolls: 61, lastRoll: roll, race: 4 })).toBe(' · game over · roll 61: 3 + 4 = 7 → 7 moves 3');
  });
  it('names your own VIP cards never shown in your row at the end (none is hidden from you); the others\' stay counted as hidden', () => {
    const players = [{ seat: 0, bettor: true, money: 7, hiddenVip: 2, vip: [{ name: 'Jockey' }] }, { seat: 1, bettor: true, money: 2, hiddenVip: 1 }];
    const hand = [{ name: 'Jockey', revealed: true }, { name: 'Insurance', revealed: false }, { name: 'Bonus', revealed: false }];
    const notes = (phase: string) => drawnParts(() => h('div', null, bettors({ ...context('ready-set-bet', { race: 4, phase, bettingOpen: false, players }), view: { hand } })), 'standings')[0]!.text;
    expect(notes('over')).toContain('Jockey · Insurance, Bonus (never shown)');
    expect(notes('over')).not.toContain('2 hidden VIP');
    expect(notes('over')).toContain('1 hidden VIP');
    expect(notes('results')).toContain('2 hidden VIP');
  });
  it("names the host's steps worth a countdown: the VIP draft's end, the next race, the first roll; not each roll of a race", () => {
    const step = (table: Record<string, unknown>) => readySetBet.stepClock!(context('ready-set-bet', { race: 1, ...table }));
    expect(step({ phase: 'vipDraft', rolls: 31 })).toBe('The draft ends in');
    expect(step({ phase: 'results', rolls: 31 })).toBe('The game moves on in');
    expect(step({ phase: 'racing', rolls: 0 })).toBe('The first roll in');
    expect(step({ phase: 'racing', rolls: 3 })).toBeNull();
  });
  it('says a bettor done betting is not kept waiting by the others still betting, and no longer lists tokens to bet', () => {
    const me = { seat: 0, bettor: true, money: 0, available: [2, 3], passed: false };
    const ctx = (table: Record<string, unknown>, mine: Record<string, unknown> = {}) =>
      ({ ...context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: true, players: [{ ...me, ...mine }], ...table }), active: [-1, 1, 2] });
    const done = 'You are done betting this race: the others bet until the red line closes the betting.';
    expect(readySetBet.waiting!(ctx({}, { passed: true }))).toBe(done);
    expect(readySetBet.status!(ctx({}, { passed: true }))).toBe('');
    expect(readySetBet.waiting!(ctx({}, { available: [] }))).toBe(done);
    // Still betting (the host bets first), bets closed, or a host who does not bet: the page's own words.
    expect(readySetBet.waiting!(ctx({}))).toBeNull();
    expect(readySetBet.waiting!(ctx({ bettingOpen: false }, { passed: true }))).toBeNull();
    expect(readySetBet.waiting!(ctx({}, { bettor: false }))).toBeNull();
  });
  it('says a bettor waits for the dice where the server rolls, not for "the host"; a seated host is named', () => {
    const me = { seat: 0, bettor: true, money: 0, available: [], passed: true };
    const ctx = (table: Record<string, unknown>, active: number[]) => ({ ...context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: false, rolls: 4, players: [me], ...table }), active });
    expect(panelLine(ctx({}, [-1]), readySetBet).join('')).toBe('Waiting for the next roll of the dice.');
    expect(panelLine(ctx({ rolls: 0 }, [-1]), readySetBet).join('')).toBe('Waiting for the first roll of the dice.');
    expect(panelLine(ctx({ hostSeat: 2 }, [2]), readySetBet).join('')).toBe('Waiting for Cy.');
  });
  it('names a seated betting host once while the others wait for its bets before the first roll', () => {
    // Ada (seat 0) hosts and bets first (hostMode hostSeat, hostBets, hostBetsFirst); Bo (seat 1) may bet from the first roll.
    const players = [0, 1].map((seat) => ({ seat, bettor: true, money: 0, available: [2, 3], passed: false }));
    const ctx = { ...context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: true, hostBetsFirst: true, rolls: 0, hostSeat: 0, players }), mySeat: 1, active: [0] };
    const line = panelLine(ctx, readySetBet).join('');
    expect(line).toBe('Waiting for the host, Ada, who bets first. Your bets open with the first roll. Your tokens to bet: $2, $3.');
    expect(line.match(/host/g)).toHaveLength(1);
  });
  it('names a seated host who does not bet once while the bettors wait for its first roll, which starts the race', () => {
    const players = [{ seat: 0, bettor: false, money: 0, available: [], passed: false }, { seat: 1, bettor: true, money: 0, available: [2, 3], passed: false }];
    const ctx = { ...context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: true, betsFromFirstRoll: true, rolls: 0, hostSeat: 0, players }), mySeat: 1, active: [0] };
    const line = panelLine(ctx, readySetBet).join('');
    expect(line).toBe('Waiting for the host, Ada, to start the race. Your bets open with the first roll. Your tokens to bet: $2, $3.');
    expect(line.match(/host/g)).toHaveLength(1);
  });
  it('tells a seated host who does not bet to roll while a race runs, and between races what is asked of it: Ready, not a roll', () => {
    const host = { seat: 0, bettor: false, money: 0, available: [], passed: false };
    const ctx = (phase: string, moves: Move[], more: Record<string, unknown> = {}) =>
      ({ ...context('ready-set-bet', { race: 1, phase, bettingOpen: false, rolls: 40, hostSeat: 0, players: [host], ...more }), moves });
    expect(readySetBet.status!(ctx('racing', [{ type: 'roll' }]))).toBe('You are the host: you roll the dice.');
    const settlement = { race: 1, winner: '8', players: [{ seat: 1, delta: 4 }] };
    expect(readySetBet.status!(ctx('results', [{ type: 'ready' }], { settlement }))).toBe('Race 1 is settled: 8 won. Press Ready for the next race.');
    expect(readySetBet.status!(ctx('vipDraft', [], { settlement }))).toBe('');
  });

  it("draws a seated host's Ready between races as a button on the board, as a bettor's (the move panel offers none then)", () => {
    const host = { seat: 0, bettor: false, money: 0, available: [], passed: false };
    const ready = (phase: string, moves: Move[]) =>
      drawnParts(() => h('div', null, tokenRow({ ...context('ready-set-bet', { race: 1, phase, bettingOpen: false, rolls: 40, hostSeat: 0, players: [host] }), moves })), 'chip').map((part) => part.attributes['data-key']);
    expect(ready('results', [{ type: 'ready' }])).toEqual(['ready']);
    expect(ready('results', [])).toEqual([]); // (ready already)
    expect(ready('racing', [{ type: 'roll' }])).toEqual([]);
  });

  it('tells a seated host who bets that its first roll closes its bets, and offers it no tokens once it has rolled', () => {
    const host = { seat: 0, bettor: true, money: 0, available: [2, 3], passed: false };
    const ctx = (rolls: number, moves: Move[]) => ({ ...context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: true, rolls, hostSeat: 0, players: [host] }), moves });
    const before = ctx(0, [{ type: 'bet', space: 'win-7-a', token: 3 }, { type: 'bet', space: 'win-7-a', token: 2 }, { type: 'pass' }, { type: 'roll' }]);
    expect(readySetBet.status!(before)).toBe(
      'Choose a space to bet your $3 token (choose a token to bet another). Then roll the dice to start the race: your bets close with the first roll. Your tokens to bet: $2, $3.',
    );
    expect(drawnTexts(() => tokenRow(before), 'token')).toEqual(['$2', '$3']);
    // Rolled: the tokens left are not to bet this race (the betting still open is the others').
    const after = ctx(1, [{ type: 'roll' }]);
    expect(readySetBet.status!(after)).toBe('Roll the dice.');
    expect(drawnTexts(() => tokenRow(after), 'token')).toEqual([]);
    // Beside the others' "tokens left", its row says why it has none to bet (it was left blank).
    expect(drawnTexts(() => h('div', null, bettors(after)), 'tokens-left')).toEqual(['bets closed with the first roll']);
    // Its one move is the roll, which the move panel offers: the board shows no second roll button; beside its bets it does.
    const rollButtons = (c: BoardContext) => drawnParts(() => readySetBet.render(c), 'roll').length;
    expect(rollButtons({ ...after, table: { ...after.table, board: [], horses: [] } })).toBe(0);
    expect(rollButtons({ ...before, table: { ...before.table, board: [], horses: [] } })).toBe(1);
  });
  it("says a seated host's time left for its bets and first roll beside its name, as the seat list does", () => {
    const players = [0, 1].map((seat) => ({ seat, bettor: true, money: 0, available: [2, 3], passed: false }));
    const deadline = Date.now() + 44_000;
    const seat = (clock: number) => ({ name: '', taken: true, connected: true, bot: false, team: -1, deadline: clock, shortClock: false, startNow: false });
    const ctx = { ...context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: true, hostBetsFirst: true, rolls: 0, hostSeat: 0, players }), mySeat: 1, active: [0], seats: [seat(deadline), seat(0)] };
    expect(panelLine(ctx, readySetBet)).toEqual(['Waiting for the host, Ada, who bets first · ', { clock: deadline }, ' left. Your bets open with the first roll. Your tokens to bet: $2, $3.']);
  });
  it('says between races what is asked: the VIP card to keep, the Ready to press', () => {
    const me = { seat: 0, bettor: true, money: 7, available: [2, 3, 3, 4, 5] };
    const ctx = (phase: string, moves: Move[], view: unknown = null) => ({ ...context('ready-set-bet', { race: 1, races: 4, phase, players: [me] }), moves, view });
    const offer = [{ id: 'v1', name: 'Bonus' }, { id: 'v2', name: 'Sure thing' }];
    expect(readySetBet.status!(ctx('vipDraft', offer.map((c) => ({ type: 'keepVip', card: c.id })), { offer, hand: [] }))).toBe(
      "Choose a VIP card to keep: when the draft's time is up, the first one offered is kept for you. Your money: $7.",
    );
    expect(readySetBet.status!(ctx('vipDraft', [], { offer: [], hand: [offer[0]] }))).toBe('You have kept your VIP card: the others are choosing theirs. Your money: $7.');
    expect(readySetBet.status!(ctx('results', [{ type: 'ready' }]))).toBe('Race 1 is settled. Press Ready for the next race. Your money: $7.');
  });
  it('says which token a betting space chosen bets: the one picked, else the largest; in words for a mouse and a finger alike', () => {
    const me = { seat: 0, bettor: true, money: 0, available: [3, 5] };
    const moves: Move[] = [3, 5].flatMap((token) => ['win-7-a', 'show-2-a'].map((space) => ({ type: 'bet', space, token })));
    const status = (selected: string[], legal = moves) => readySetBet.status!({ ...context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: true, players: [me] }), moves: [...legal, { type: 'pass' }], selected });
    expect(status([])).toBe('Choose a space to bet your $5 token (choose a token to bet another). Your tokens to bet: $3, $5.');
    expect(status(['token:3'])).toBe('Choose a space to bet your $3 token (choose it again to bet your largest). Your tokens to bet: $3, $5.');
    // A picked token bet already (no move has it) is not the one a tap bets.
    const fives = moves.filter((m) => m.token === 5);
    expect(status(['token:3'], fives)).toBe('Choose a space to bet your $5 token. Your tokens to bet: $3, $5.');
  });
  it('writes a loss with the minus before the dollar, in the settlement and the money', () => {
    expect([dollars(-1), dollars(4), dollars(-3, true), dollars(2, true), dollars(0, true)]).toEqual(['−$1', '$4', '−$3', '+$2', '$0']);
    const text = settlementText({ seat: 1, delta: -2, before: 3, lines: [{ label: 'Win 7 (A)', token: 3, amount: -2 }, { label: 'Show 4 (B)', token: 5, amount: 10, vip: 'Bonus' }] }, context('ready-set-bet', {}));
    expect(text).toEqual({ summary: 'Bo: −$2 (now $1)', lines: ['Win 7 (A) ($3): −$2', 'Show 4 (B) ($5): +$10 (Bonus)'] });
    // The $0 floor: what was owed and paid, where "$0 (now $0)" read as nothing lost.
    const floor = (gains: number) => settlementText({ seat: 1, before: 0, gains, penalties: 5, paid: gains, delta: 0, lines: [] }, context('ready-set-bet', {})).summary;
    expect([floor(0), floor(3)]).toEqual(['Bo: owed $5, paid $0: all they had (now $0)', 'Bo: won $3, owed $5, paid $3: all they had (now $0)']);
    const status = readySetBet.status!(context('ready-set-bet', { race: 2, phase: 'results', players: [{ seat: 0, bettor: true, money: -4, available: [] }] }));
    expect(status).toContain('Your money: −$4.');
  });
  it('says after a race, in the move panel, which horse won and what the race came to for you (the settlement is under the board)', () => {
    const settlement = { race: 1, winner: '6', finish: [], players: [{ seat: 0, before: 0, delta: -7, lines: [] }, { seat: 1, before: 0, delta: 12, lines: [] }] };
    const ctx = (mySeat: number, moves: Move[]) => ({
      ...context('ready-set-bet', { race: 1, races: 4, phase: 'results', settlement, players: [{ seat: 0, bettor: true, money: -7 }, { seat: 1, bettor: true, money: 12 }] }),
      mySeat,
      moves,
    });
    expect(readySetBet.status!(ctx(0, [{ type: 'ready' }]))).toBe('Race 1 is settled: 6 won, you −$7 this race. Press Ready for the next race. Your money: −$7.');
    expect(readySetBet.status!(ctx(1, []))).toBe('Race 1: 6 won, you +$12 this race. You are ready for the next race. Your money: $12.');
  });
  it('says at the end, as after the races before, how the last race ended for you (the game goes from its settlement straight to over)', () => {
    const settlement = { race: 4, winner: '9', finish: [], players: [{ seat: 0, before: 5, delta: 7, lines: [] }, { seat: 1, before: 4, delta: -4, lines: [] }] };
    const players = [{ seat: 0, bettor: true, money: 12 }, { seat: 1, bettor: true, money: 0 }, { seat: 2, bettor: false, money: 0 }];
    const ctx = (mySeat: number) => ({ ...context('ready-set-bet', { race: 4, races: 4, phase: 'over', bettingOpen: false, settlement, players }), status: 'over', mySeat });
    expect(readySetBet.status!(ctx(0))).toBe('Race 4 is settled: 9 won, you +$7 this race. Your money: $12.');
    expect(readySetBet.status!(ctx(1))).toBe('Race 4 is settled: 9 won, you −$4 this race. Your money: $0.');
    expect(readySetBet.status!(ctx(2))).toBe('Race 4 is settled: 9 won.'); // a seated host, who bets nothing
  });
  it('says in the move panel what a race came to where the $0 floor cut your penalties short: owed and paid, not "you $0 this race"', () => {
    const floor = { seat: 0, before: 0, gains: 0, penalties: 2, paid: 0, delta: 0, lines: [] };
    const some = { seat: 1, before: 0, gains: 3, penalties: 5, paid: 3, delta: 0, lines: [] };
    const settlement = { race: 1, winner: '6', finish: [], players: [floor, some] };
    const ctx = (mySeat: number) => ({ ...context('ready-set-bet', { race: 1, races: 4, phase: 'results', settlement, players: [{ seat: 0, bettor: true, money: 0 }, { seat: 1, bettor: true, money: 0 }] }), mySeat, moves: [] });
    expect(readySetBet.status!(ctx(0))).toBe('Race 1: 6 won, you owed $2 but paid $0 (all you had: money stops at $0). You are ready for the next race. Your money: $0.');
    expect(readySetBet.status!(ctx(1))).toBe('Race 1: 6 won, you won $3 and owed $5 but paid $3 (all you had: money stops at $0). You are ready for the next race. Your money: $0.');
    // Penalties paid in full: the race's change, as before.
    expect(raceOutcome({ ...some, before: 4, paid: 5, delta: -2 })).toBe('you −$2 this race');
  });
  it("draws a settlement's line the player opened open over the redraws, at that table only (another bettor's Ready redrew it closed)", () => {
    const settlement = { race: 1, winner: '6', finish: [], players: [{ seat: 0, before: 0, delta: -3, lines: [{ label: 'Win 7 (A)', token: 3, amount: -3 }] }, { seat: 1, before: 0, delta: 0, lines: [] }] };
    const table = { race: 1, races: 4, phase: 'results', settlement, players: [{ seat: 0, bettor: true, money: -3 }, { seat: 1, bettor: true, money: 0 }] };
    const lines = (roomId: string) => drawnParts(() => readySetBet.render({ ...context('ready-set-bet', table), roomId }), 'settled').map((line) => line.attributes);
    const [ada, bo] = lines('rsb-folds');
    expect([ada!.open, bo!.open]).toEqual([undefined, undefined]); // folded to a line each
    // Ada's line opened, as the toggle reaches the board's root: drawn open from then on.
    sectionToggled({ target: { open: true, dataset: { fold: ada!['data-fold'], byDefault: ada!['data-by-default'] } }, currentTarget: { dataset: { table: 'rsb-folds' } } } as unknown as Event);
    expect(lines('rsb-folds').map((line) => line.open !== undefined)).toEqual([true, false]);
    expect(lines('rsb-other').map((line) => line.open !== undefined)).toEqual([false, false]);
    // The next race's settlement is folded again.
    const next = drawnParts(() => readySetBet.render({ ...context('ready-set-bet', { ...table, race: 2, settlement: { ...settlement, race: 2 } }), roomId: 'rsb-folds' }), 'settled');
    expect(next.map((line) => line.attributes.open !== undefined)).toEqual([false, false]);
  });

  it('says why a tap on a betting space or a token does nothing: the bets not open to you, or the space taken', () => {
    const me = { seat: 1, bettor: true, money: 0, available: [3, 5], passed: false };
    const host = { seat: 0, bettor: true, money: 0, available: [2], passed: false };
    const bets = [{ seat: 2, space: 'win-7-a', token: 4 }];
    const why = (table: Record<string, unknown>, mine: Record<string, unknown> = {}, moves: Move[] = [], key = 'space:win-7-a', seat = 1) =>
      readySetBet.whyNot!(key, { ...context('ready-set-bet', { race: 1, phase: 'racing', bettingOpen: true, rolls: 3, hostSeat: -1, bets, players: [host, { ...me, ...mine }], ...table }), mySeat: seat, moves });
    const open: Move[] = [{ type: 'bet', space: 'show-2-a', token: 5 }];
    expect(why({}, {}, open)).toBe('That space holds a token already: a space takes one bet.');
    expect(why({}, {}, open, 'space:show-2-a')).toBeNull();
    expect(why({ rolls: 0, hostSeat: 0, hostBetsFirst: true })).toBe("Your bets open with the host's first roll.");
    expect(why({ rolls: 0, hostSeat: 0, betsFromFirstRoll: true })).toBe("Your bets open with the host's first roll.");
    expect(why({ hostSeat: 0 }, {}, [{ type: 'roll' }], 'token:2', 0)).toBe('Your bets closed with your first roll: the host bets before the race starts.');
    expect(why({ bettingOpen: false })).toBe('No more bets: the red line has closed the betting for this race.');
    expect(why({}, { passed: true }, [], 'token:3')).toBe('You are done betting this race.');
    expect(why({ phase: 'results', bettingOpen: false }, {}, [{ type: 'ready' }])).toBe('No bets between races: the next race opens them.');
    expect(why({}, {}, open, 'ready')).toBeNull();
    expect(why({ hostSeat: 1 }, { bettor: false }, [{ type: 'roll' }])).toBe('You are the host: you roll the dice and hold no tokens.');
  });
  it("shows the result's scores as the money each bettor ends with, a loss with the minus before the dollar", () => {
    const ctx = context('ready-set-bet', {});
    expect([89, 0, -9].map((score, seat) => readySetBet.scoreText!({ seat, score }, ctx))).toEqual(['$89', '$0', '−$9']);
  });
  it("calls the server's own part (the rolls) the host, as the rules do, not the dealer", () => {
    expect(readySetBet.systemName).toBe('the host');
  });
});

describe('colours told apart: seats, marbles, bettors', () => {
  type Vision = [number, number, number][] | null;
  /**
   * The common colour blindnesses, as Machado, Oliveira and Fernandes (2009) simulate them at full severity: a matrix on
   * linear sRGB. null: normal vision.
   */
  const VISIONS: Record<string, Vision> = {
    normal: null,
    protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
    tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
  };
  /** A colour in CIELAB (sRGB, D65 white), where a straight distance (CIE76) is roughly how different two colours look; as `vision` sees it. */
  const lab = (hex: string, vision: Vision = null) => {
    const linear = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    const [r, g, b] = (vision ? vision.map((row) => Math.min(1, Math.max(0, row.reduce((sum, k, i) => sum + k * linear[i]!, 0)))) : linear) as [number, number, number];
    const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
    const [x, y, z] = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883].map(f) as [number, number, number];
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const apart = (a: string, b: string, vision: Vision = null) => Math.hypot(...lab(a, vision).map((v, i) => v - lab(b, vision)[i]!));
  /** The pairs of `colours` no farther apart than `least` to some eye ('a and b to protanopia: 12'). */
  const near = (colours: string[], least: number) =>
    colours.flatMap((a, i) => colours.slice(i + 1).flatMap((b) => Object.entries(VISIONS).flatMap(([eye, vision]) => (apart(a, b, vision) > least ? [] : [`${a} and ${b} to ${eye}: ${apart(a, b, vision).toFixed(1)}`]))));

  it('gives 9 seats 9 colours far apart to normal vision and to protanopia, deuteranopia and tritanopia (red and magenta, a red and a green were near alike), each with its number on it readable', () => {
    expect(SEAT_COLOURS).toHaveLength(9);
    expect(near(SEAT_COLOURS, 37)).toEqual([]);
    for (const colour of SEAT_COLOURS) expect(contrast(inkOn(colour), colour), `words on ${colour}`).toBeGreaterThanOrEqual(4.5);
    const dot = drawnParts(() => seatDot(8), 'seat-dot')[0]!;
    expect(dot.text).toBe('9');
    expect(dot.attributes.style).toBe(`background:${SEAT_COLOURS[8]};color:${inkOn(SEAT_COLOURS[8]!)}`);
    // A seat the board marks otherwise (a marble colour and its initial): the same dot, with that colour and mark.
    const marked = drawnParts(() => markedDot({ colour: MARBLE_FILL.yellow!, mark: 'Y' }), 'seat-dot')[0]!;
    expect(marked.text).toBe('Y');
    expect(marked.attributes.style).toBe(`background:${MARBLE_FILL.yellow};color:${inkOn(MARBLE_FILL.yellow!)}`);
  });
  it("colours the marbles as the game names them, as far apart as such colours can be, and marks each with its colour's initial where colour alone is not enough", () => {
    // Recognisably the colour named: its hue (CIELAB's angle, in degrees) where that colour's is.
    const hues: Record<string, [number, number]> = { red: [10, 42], orange: [50, 72], yellow: [80, 102], green: [125, 160], blue: [250, 300], purple: [295, 330] };
    for (const [name, colour] of Object.entries(MARBLE_FILL)) {
      const [, a, b] = lab(colour);
      const hue = ((Math.atan2(b!, a!) * 180) / Math.PI + 360) % 360;
      expect(hue, `${name} ${colour}`).toBeGreaterThanOrEqual(hues[name]![0]);
      expect(hue, `${name} ${colour}`).toBeLessThanOrEqual(hues[name]![1]);
      expect(contrast(inkOn(colour), colour), `words on ${colour}`).toBeGreaterThanOrEqual(4.5);
      // A home's numbers, in its colour on its tint.
      expect(contrast(inkIn(colour, overWhite(colour, 0.13)), overWhite(colour, 0.13)), `home numbers in ${name}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(near(Object.values(MARBLE_FILL), 33)).toEqual([]);
    // The spaces' numbers on a colour's tint (a pen exit, a start) read there too.
    const numbersOnTints = (parts: { text: string; attributes: Record<string, string> }[]) =>
      parts.flatMap((part, i) => (part.attributes.class === 'space-no' || parts[i + 1]?.attributes.class !== 'space-no' ? [] : [contrast(part.attributes.fill!, parts[i + 1]!.attributes.fill!)]));
    const hexagon = fastTrackBoard('hex', [0, 1, 2, 3, 4, 5]).board;
    const ftNumbers = numbersOnTints(drawnParts(() => fastTrack.render(context('fast-track', { board: hexagon, marbles: [], players: [] })), /^(track-space|space-no)$/));
    const tacNumbers = numbersOnTints(drawnParts(() => tac.render(context('tac', { ring: 96, spacing: 16, colours: 6, seatOfColour: [0, 1, 2, 0, 1, 2], marbles: [] })), /^(start-field|space-no)$/));
    expect([ftNumbers.length, tacNumbers.length]).toEqual([hexagon.trackLength, 6]);
    expect(Math.min(...ftNumbers, ...tacNumbers)).toBeGreaterThanOrEqual(4.5);
    // A pen's word in its colour on the board's ground.
    const penWords = drawnParts(() => fastTrack.render(context('fast-track', { board: hexagon, marbles: [], players: [] })), 'pen-word').map((part) => contrast(part.attributes.fill!, '#f7f0dd'));
    expect(penWords).toHaveLength(6);
    expect(Math.min(...penWords)).toBeGreaterThanOrEqual(4.5);
    // Still near to some eyes (red and green to deuteranopia): each marble shows its initial beside its number.
    const board = { trackLength: 56, fastTrackSpaces: [7, 21, 35, 49], homeLength: 4, colours: [{ name: 'red', seat: 0, penExit: 0, homeEntry: 54 }, { name: 'green', seat: 1, penExit: 28, homeEntry: 26 }] };
    const marbles = [{ id: 'red-1', colour: 'red', area: 'track', space: 3, ring: 'none' }, { id: 'green-0', colour: 'green', area: 'track', space: 9, ring: 'none' }];
    expect(drawnTexts(() => fastTrack.render(context('fast-track', { board, marbles, players: [] })), 'marble-no')).toEqual(['R2', 'G1']);
    const tacTable = { ring: 64, spacing: 16, colours: 4, seatOfColour: [0, 1, 2, 3], round: 1, winner: -1, marbles: [{ id: 0, colour: 0, zone: 'ring', field: 5 }, { id: 9, colour: 2, zone: 'ring', field: 20 }] };
    expect(drawnTexts(() => tac.render(context('tac', tacTable)), 'marble-no')).toEqual(['R1', 'G1']);
  });

  it('gives 8 bettors 8 colours far apart (red and magenta, two oranges were near alike), each with words on it in a colour readable there', () => {
    expect(BETTOR_COLOURS).toHaveLength(8);
    for (const [i, a] of BETTOR_COLOURS.entries()) {
      for (const b of BETTOR_COLOURS.slice(i + 1)) expect(apart(a, b), `${a} and ${b}`).toBeGreaterThan(40);
      expect(contrast(inkOn(a), a), `words on ${a}`).toBeGreaterThanOrEqual(4.5);
    }
    // To the colour blindnesses as far apart as 8 colours can be, not 40: each token carries its seat's number too.
    expect(near(BETTOR_COLOURS, 25)).toEqual([]);
  });
  it('colours the bettors in their order, a seated host who bets nothing left out, and marks each token with its seat\'s number', () => {
    const players = Array.from({ length: 9 }, (_, seat) => ({ seat, bettor: seat > 0, money: 0, available: [] }));
    const table = { race: 1, races: 4, phase: 'racing', bettingOpen: true, rolls: 3, hostSeat: 0, players, horses: [], props: [], exotics: [], board: [{ id: 'blue-wins', label: 'Blue wins', multiplier: 5, penalty: 1 }], bets: [{ seat: 8, space: 'blue-wins', token: 5 }] };
    const ctx = context('ready-set-bet', table);
    expect(players.slice(1).map((p) => readySetBet.seatMarks!(p.seat, ctx)[0]!.colour)).toEqual(BETTOR_COLOURS);
    expect(BETTOR_COLOURS).not.toContain(readySetBet.seatMarks!(0, ctx)[0]!.colour);
    // The seats' list marks each seat as its tokens do: its number (a grey host's too), where colour alone is not enough.
    expect(players.map((p) => readySetBet.seatMarks!(p.seat, ctx)[0]!.mark)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const [token] = drawnParts(() => readySetBet.render(ctx), 'bet-token');
    expect(token!.text).toBe('$59'); // $5, seat 9's
    // The bettors' table marks each bettor as its tokens are.
    expect(drawnTexts(() => readySetBet.render(ctx), 'bet-seat')).toEqual(['9', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(token!.attributes.style).toBe(`background:${BETTOR_COLOURS[7]};color:${inkOn(BETTOR_COLOURS[7]!)}`);
  });
  it("says on every taken space whose token it holds and its value, where the page shows the token's colour and seat number", () => {
    const board = [
      { id: 'blue-win-a', horse: '2/3', kind: 'win', label: '2/3 wins', multiplier: 5, penalty: 1 },
      { id: 'blue-win-b', horse: '2/3', kind: 'win', label: '2/3 wins', multiplier: 4, penalty: 0 },
      { id: 'blue-wins', label: 'Blue wins', multiplier: 2, penalty: 1 },
    ];
    const players = [0, 1, 2].map((seat) => ({ seat, bettor: true, money: 0, available: [3] }));
    const bets = [{ seat: 1, space: 'blue-win-a', token: 5 }, { seat: 2, space: 'blue-wins', token: 3 }, { seat: 0, space: 'blue-wins', token: 2 }];
    const table = { race: 1, races: 4, phase: 'racing', bettingOpen: true, rolls: 0, players, horses: [{ horse: '2/3', color: 'blue', position: 0, bonus: 3 }], finish: 15, props: [], exotics: [], board, bets };
    const ctx = context('ready-set-bet', table);
    const label = (key: string) => drawnParts(() => readySetBet.render(ctx), /^(grid-space|bet-space)$/).find((p) => p.attributes['data-key'] === key)!.attributes['aria-label'];
    expect(label('space:blue-win-a')).toBe("2/3 wins (A): pays 5×, costs 1; on it: Bo's $5 token");
    expect(label('space:blue-win-b')).toBe('2/3 wins (B): pays 4×, costs 0');
    expect(label('space:blue-wins')).toBe("Blue wins, 2× / −1; on it: Cy's $3 token and Ada's $2 token");
  });
});

describe('a table waiting for its players', () => {
  /** True also where its seated players start it early: "Start now with bots" fills the free seats. */
  const BEFORE_START = 'The game is set out once every seat is taken and every player is here: seats are taken by players joining, or by bots once the players here start it now.';
  it("draws no game from the state's empty defaults, in any game: one line says the game is set out once every seat is taken, by players or by the bots its players may start it with", () => {
    // Before the start the table's state is its schema's defaults (a Tractor hand result and throw failure of nobody's).
    const defaults: Record<string, Record<string, unknown>> = {
      tractor: { phase: '', handNumber: 0, levels: [], throwFailure: { seat: 0, attempted: [], forced: [] }, result: { attackerPoints: 0, kittyPoints: 0, kittyMultiplier: 0, declarersWon: false, steps: 0, nextStarter: 0 } },
      'great-western-trail': { phase: '', turn: 0 },
      'ready-set-bet': { phase: '', race: 0, races: 0 },
      tac: { phase: '', round: 0 },
      'fast-track': {},
    };
    for (const [game, table] of Object.entries(defaults)) {
      const draw = () => boardFor(game).render({ ...context(game, table), status: 'waiting' });
      expect(drawnTexts(draw, 'before-start')).toEqual([BEFORE_START]);
    }
    // Once it runs the game draws its board again.
    expect(drawnTexts(() => boardFor('tractor').render(context('tractor', { ...defaults.tractor, phase: 'dealing', handNumber: 1 })), 'before-start')).toEqual([]);
  });
});

describe('the room\'s own log lines', () => {
  it('says a game every seat won (equal levels at Tractor\'s hand limit) is shared by all, not a list of winners', () => {
    const seats = Array.from({ length: 4 }, () => ({ name: '', taken: true, connected: true, bot: false, team: -1, deadline: 0, shortClock: false, startNow: false }));
    const ctx = { ...context('tractor', {}), seats };
    expect(describeEventGeneric({ type: 'gameOver', winners: [0, 1, 2, 3] }, -1, ctx)).toBe('Game over: every seat shares the win.');
    expect(describeEventGeneric({ type: 'gameOver', winners: [0, 2] }, -1, ctx)).toBe('Game over. Winners: Ada, Cy.');
    expect(describeEventGeneric({ type: 'gameOver', winners: [] }, -1, ctx)).toBe('Game over. Winners: none.');
    expect(describeEventGeneric({ type: 'moveLimit', limit: 100_000 }, -1, ctx)).toBe("The game reached this server's limit of 100000 moves: it ends here, without a winner.");
  });
});
