/**
 * Placing the round boards' words (Fast Track, TAC) and fitting the picture to what is drawn. A name is written along
 * its side of the board, upright, from a point clear of its colour's marbles; its box is estimated from its length
 * (the page does not measure text before drawing it), generously, so that checks of clearance hold for real fonts.
 */
import { s } from '../dom.ts';

export type P = [number, number];

/**
 * The marbles' colours, as Fast Track and TAC name them: each recognisably the colour named, as far apart as six such
 * colours can be to most eyes and to the common colour blindnesses (boards.test.ts measures how far). Red and green, or
 * orange and yellow, stay near alike to some eyes: each marble carries its colour's initial too (`marbleMark`).
 */
export const MARBLE_FILL: Record<string, string> = { red: '#af3124', blue: '#3a4d99', green: '#5bae7e', yellow: '#ffeb00', purple: '#a010f0', orange: '#ec9e44' };
/** What a marble shows: its colour's initial and its number, as the moves call it ("R2" is red 2). */
export const marbleMark = (colour: string, n: number) => `${colourInitial(colour)}${n}`;
/** A colour's initial, as its marbles show it (the seat list's dot of a seat playing the colour shows it too). */
export const colourInitial = (colour: string) => colour.charAt(0).toUpperCase();

/**
 * `colour` (#rrggbb) at `share` over white, opaque: the tint of a colour's own space (a pen exit, a home entry, a start).
 * Drawn translucent, it let the board's lines under the track (the track's outline, Fast Track's dashes joining the
 * corners along it) show through, struck across the space's number.
 */
export const overWhite = (colour: string, share: number) =>
  `#${[1, 3, 5].map((at) => Math.round(255 - (255 - parseInt(colour.slice(at, at + 2), 16)) * share).toString(16).padStart(2, '0')).join('')}`;

/** A word on the board: from (x, y) along `angle` (degrees, upright: never upside down), centred across its line. */
export interface Label {
  x: number;
  y: number;
  angle: number;
  anchor: 'start' | 'end' | 'middle';
  size: number;
  text: string;
}

/** A round part of the board (a space, a hole, a marble): a part of the picture that no word may cover. */
export interface Spot {
  x: number;
  y: number;
  r: number;
}

/** A box in the picture's units. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Characters of a name drawn on a board: longer names are cut with an ellipsis (the seat list shows them whole). */
export const NAME_CHARS = 12;
export const boardName = (name: string) => ([...name].length > NAME_CHARS ? `${[...name].slice(0, NAME_CHARS - 1).join('')}…` : name);

/** A text's width, estimated on the wide side (a system font's letters average about half their size). */
export const textWidth = (text: string, size: number) => [...text].length * size * 0.62;

/** A label that reads away from `p` in the direction `u` (or is centred on `p` along it), turned so that it is never upside down. */
export function alongLabel(p: P, u: P, text: string, size: number, centred = false): Label {
  let angle = (Math.atan2(u[1], u[0]) * 180) / Math.PI;
  let anchor: Label['anchor'] = centred ? 'middle' : 'start';
  if (angle > 90.001 || angle <= -89.999) {
    angle += angle > 0 ? -180 : 180;
    if (!centred) anchor = 'end';
  }
  return { x: p[0], y: p[1], angle, anchor, size, text };
}

/** A label's box: its four corners in the picture. */
export function labelCorners(l: Label): P[] {
  const w = textWidth(l.text, l.size);
  const [from, to] = l.anchor === 'start' ? [0, w] : l.anchor === 'end' ? [-w, 0] : [-w / 2, w / 2];
  const half = l.size * 0.6;
  const a = (l.angle * Math.PI) / 180;
  const [cx, cy] = [Math.cos(a), Math.sin(a)];
  return [
    [from, -half],
    [to, -half],
    [to, half],
    [from, half],
  ].map(([along, across]) => [l.x + along! * cx - across! * cy, l.y + along! * cy + across! * cx]);
}

/** How far a point lies from a convex polygon (0 inside). */
export function distanceToPolygon(p: P, corners: readonly P[]): number {
  let inside = true;
  let best = Infinity;
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % corners.length]!;
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    if (dx * (p[1] - a[1]) - dy * (p[0] - a[0]) < 0) inside = false;
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
  }
  return inside ? 0 : best;
}

/** The smallest box holding every spot and label, with `pad` round it. */
export function boundsOf(spots: readonly Spot[], labels: readonly Label[], pad: number): Box {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number, r: number) => {
    [left, top, right, bottom] = [Math.min(left, x - r), Math.min(top, y - r), Math.max(right, x + r), Math.max(bottom, y + r)];
  };
  for (const { x, y, r } of spots) add(x, y, r);
  for (const l of labels) for (const [x, y] of labelCorners(l)) add(x, y, 0);
  return { x: left - pad, y: top - pad, width: right - left + 2 * pad, height: bottom - top + 2 * pad };
}

/** A label drawn: upright along its angle, centred across its line. */
export function labelText(l: Label, attrs: Record<string, string | number | null>, full?: string) {
  return s(
    'text',
    { x: l.x, y: l.y, 'text-anchor': l.anchor, 'dominant-baseline': 'central', 'font-size': l.size, transform: l.angle ? `rotate(${+l.angle.toFixed(2)} ${+l.x.toFixed(2)} ${+l.y.toFixed(2)})` : null, ...attrs },
    full && full !== l.text ? s('title', null, full) : null,
    l.text,
  );
}

export const viewBoxOf = (b: Box) => [b.x, b.y, b.width, b.height].map((v) => +v.toFixed(1)).join(' ');
