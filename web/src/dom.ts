/** Tiny DOM and SVG builders: enough for a client that redraws from state. */
import type { SeatMark } from './types.ts';

type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

function fill(el: Element, attrs: Attrs | null | undefined, children: Child[]) {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    // Through the CSSOM: the page's Content-Security-Policy (style-src 'self') refuses a style attribute set as markup.
    else if (k === 'style') (el as HTMLElement | SVGElement).style.cssText = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  const add = (c: Child) => {
    if (c === null || c === undefined || c === false) return;
    if (Array.isArray(c)) c.forEach(add);
    else el.append(c instanceof Node ? c : String(c));
  };
  children.forEach(add);
  return el;
}

/** An HTML element: h('button', { class: 'x', onclick: fn }, 'text'). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  return fill(document.createElement(tag), attrs, children) as HTMLElementTagNameMap[K];
}

/** An SVG element. */
export function s(tag: string, attrs?: Attrs | null, ...children: Child[]): SVGElement {
  return fill(document.createElementNS('http://www.w3.org/2000/svg', tag), attrs, children) as SVGElement;
}

/**
 * An <svg> with a viewBox that scales to its container. A group, not an image: a board's spaces and
 * marbles inside are buttons a screen reader must reach (an image's children are hidden from it).
 */
export function svg(width: number, height: number, attrs: Attrs, ...children: Child[]): SVGElement {
  return s('svg', { viewBox: `0 0 ${width} ${height}`, role: 'group', ...attrs }, ...children);
}

/** Parts built once per document and layout (see `cloned`): templates, never shown themselves. */
const templates = new WeakMap<object, Map<string, Node[]>>();
const TEMPLATES_KEPT = 500;

/**
 * Parts of a board that depend on its layout alone (TAC's ring of fields, Fast Track's spaces), drawn every frame: built
 * by `build` once per `key`, cloned after that (cloneNode is native, far cheaper than building them in script). The
 * clones are new elements each frame, as built ones are, which the page marks (clickable, selected) and brings onto the
 * board as any other. `key` must name everything `build` reads; listeners are not cloned (a board's are delegated).
 */
export function cloned(key: string, build: () => Child): Node[] {
  const built = templates.get(document) ?? templates.set(document, new Map()).get(document)!;
  let parts = built.get(key);
  if (!parts) {
    if (built.size >= TEMPLATES_KEPT) built.clear(); // (keys of parts that change now and then, as a railroad's, add up over games)
    built.set(key, (parts = [...s('g', null, build()).childNodes]));
  }
  return parts.map((part) => part.cloneNode(true));
}

/**
 * Seat colours, the same on every board and in the seat list: one per seat up to the largest table (9), far apart to
 * most eyes and as far as 9 colours can be to the common colour blindnesses (boards.test.ts measures how far), the
 * first ones farthest apart (a small table uses those). Not far enough to be the only cue: a seat's dot carries its
 * number (`seatDot`).
 */
export const SEAT_COLOURS = ['#0002eb', '#e75192', '#f4cb1d', '#7b0081', '#2b8801', '#413c22', '#b8df90', '#2ee5ff', '#b364ff'];
export const seatColour = (seat: number) => SEAT_COLOURS[((seat % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length]!;

/** The contrast of two colours (#rrggbb), as WCAG measures it: 1 (none) to 21 (black on white). */
export function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Words on a colour: white or near-black, whichever reads better on it (a token's value on a yellow token is dark). */
export const inkOn = (colour: string) => (contrast('#ffffff', colour) >= contrast(INK, colour) ? '#ffffff' : INK);
export const INK = '#1a1a1a';

/**
 * Words in a colour on a light `ground`: the colour darkened just enough to read there (a yellow's home numbers come
 * out olive); `least`, the contrast it must reach (4.5, as WCAG asks of words).
 */
export function inkIn(colour: string, ground = '#ffffff', least = 4.5): string {
  for (let share = 1; share > 0; share -= 0.05) {
    const darker = `#${[1, 3, 5].map((at) => Math.round(parseInt(colour.slice(at, at + 2), 16) * share).toString(16).padStart(2, '0')).join('')}`;
    if (contrast(darker, ground) >= least) return darker;
  }
  return INK;
}

/** A line in a colour on a light `ground` (a box's outline): darkened just enough to be seen there, 3:1 as WCAG asks of a part's edge. */
export const edgeIn = (colour: string, ground = '#ffffff') => inkIn(colour, ground, 3);

/**
 * A seat's dot: its colour, and its number on it, which tells seats apart where their colours do not (the seat list's
 * dots carry it too). Hidden from a screen reader, as a dot was: a number read before a player's name says nothing more.
 */
export const seatDot = (seat: number, attrs?: Attrs) => markedDot({ colour: seatColour(seat), mark: String(seat + 1) }, attrs);

/** A dot of a colour a board shows a seat in, with the mark the board shows on it (a marble colour's initial), as `seatDot`. */
export function markedDot({ colour, mark }: SeatMark, attrs?: Attrs) {
  return h('span', { class: 'dot seat-dot', style: `background:${colour};color:${inkOn(colour)}`, 'aria-hidden': 'true', ...attrs }, mark);
}

/** A phone's width: some boards are drawn for it (Tractor's table; Great Western Trail folds its sections). */
export const phoneWidth = () => typeof matchMedia === 'function' && matchMedia('(max-width: 600px)').matches;
/** A fingertip for a pointer (a touch screen): small targets are drawn larger where the layout allows. */
export const coarsePointer = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * Whether `container` already shows what `drawn` holds (isEqualNode: the same tags, attributes and text). A redraw
 * that changes nothing then leaves the elements on the page alone: the browser does not lay them out and paint them
 * again, and the one under the pointer or the focus stays. Their handlers are not compared: they are delegated.
 */
export function showsAlready(container: Element, drawn: DocumentFragment): boolean {
  const shown = container.childNodes;
  return shown.length === drawn.childNodes.length && [...shown].every((n, i) => n.isEqualNode(drawn.childNodes[i]!));
}

/**
 * Shows one row per item in `list`, in the items' order, each keyed by `key` (its `data-key`). A row drawn the same as
 * the one shown for its key (isEqualNode) leaves that element on the page: a list redrawn every few seconds keeps the
 * focus on a row's link, and a press on it still clicks on release. A row drawn otherwise is replaced alone, rows of
 * keys gone are removed, new ones inserted in their place; a kept row moves only if the items' order changed.
 */
export function drawKeyed<T>(list: Element, items: readonly T[], key: (item: T) => string, draw: (item: T) => Element): void {
  const shown = new Map([...list.children].map((row) => [row.getAttribute('data-key'), row]));
  const rows = items.map((item) => {
    const row = draw(item);
    row.setAttribute('data-key', key(item));
    const old = shown.get(key(item));
    return old?.isEqualNode(row) ? old : row;
  });
  const kept = new Set(rows);
  for (const row of [...list.children]) if (!kept.has(row)) row.remove();
  rows.forEach((row, i) => {
    if (list.children[i] !== row) list.insertBefore(row, list.children[i] ?? null);
  });
}

/**
 * Makes `container` show what `drawn` holds (its children), changing only what differs: a node drawn the same
 * (isEqualNode) stays, an element of the same tag and part (`data-key`) is kept and its attributes and children brought
 * up to date, anything else is replaced. A redraw that changes a few parts of a large board then has the browser style,
 * lay out and paint those again, not the whole board, and every other part stays the same element (the one focused or
 * under the pointer). Handlers are not compared: a kept element keeps the listeners it was first drawn with, so a
 * board's own listeners must read the state as last drawn, not the one they were made with (great-western-trail.ts).
 */
export function morph(container: Element, drawn: ParentNode): void {
  let shown = container.firstChild;
  for (const node of [...drawn.childNodes]) {
    if (!shown) {
      container.append(node);
      continue;
    }
    const following = shown.nextSibling;
    if (!shown.isEqualNode(node)) {
      if (shown instanceof Element && node instanceof Element && samePart(shown, node)) {
        syncAttributes(shown, node);
        morph(shown, node);
      } else if (shown instanceof CharacterData && node instanceof CharacterData && shown.nodeType === node.nodeType) {
        shown.data = node.data;
      } else {
        container.replaceChild(node, shown);
      }
    }
    shown = following;
  }
  while (shown) {
    const following = shown.nextSibling;
    shown.remove();
    shown = following;
  }
}

const samePart = (a: Element, b: Element) => a.namespaceURI === b.namespaceURI && a.localName === b.localName && a.getAttribute('data-key') === b.getAttribute('data-key');

function syncAttributes(el: Element, from: Element) {
  for (const { namespaceURI, localName, name, value } of [...from.attributes]) {
    if (el.getAttributeNS(namespaceURI, localName) === value) continue;
    // (A style through the CSSOM: the page's Content-Security-Policy refuses a style attribute set as markup.)
    if (name === 'style') (el as HTMLElement).style.cssText = (from as HTMLElement).style.cssText;
    else el.setAttributeNS(namespaceURI, name, value);
  }
  for (const { namespaceURI, localName } of [...el.attributes]) {
    if (!from.hasAttributeNS(namespaceURI, localName)) el.removeAttributeNS(namespaceURI, localName);
  }
}
