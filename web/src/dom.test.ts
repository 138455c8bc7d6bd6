/** The DOM builders without a browser: what they set, and how. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cloned, drawKeyed, h, s } from './dom.ts';

/** An element that records how it was built: its attributes, its inline style (set through the CSSOM), its children. */
class Element {
  readonly attributes: Record<string, string> = {};
  readonly style = { cssText: '' };
  readonly childNodes: unknown[] = [];
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  addEventListener() {}
  append(...nodes: unknown[]) {
    this.childNodes.push(...nodes);
  }
  cloneNode(deep = false) {
    const copy = new Element();
    Object.assign(copy.attributes, this.attributes);
    if (deep) copy.append(...this.childNodes.map((n) => (n instanceof Element ? n.cloneNode(true) : n)));
    return copy;
  }
}

beforeEach(() => {
  vi.stubGlobal('Node', Element);
  vi.stubGlobal('document', { createElement: () => new Element(), createElementNS: () => new Element() });
});
afterEach(() => vi.unstubAllGlobals());

describe('h and s', () => {
  it("set a style through the CSSOM, never as an attribute: the page's Content-Security-Policy refuses inline style attributes", () => {
    for (const el of [h('span', { class: 'dot', style: 'background:#d1495b' }), s('rect', { style: 'fill:#2e86ab' })] as unknown as Element[]) {
      expect(el.attributes).not.toHaveProperty('style');
      expect(el.style.cssText).toMatch(/^(background|fill):#/);
    }
  });

  it('add text as text nodes and attributes as values: a name in markup is not parsed', () => {
    const el = h('span', { title: '<img src=x onerror=alert(1)>' }, '<b>Ada</b>') as unknown as Element;
    expect(el.childNodes).toEqual(['<b>Ada</b>']);
    expect(el.attributes.title).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('cloned', () => {
  it('builds the parts of a key once and gives each frame copies of its own, never the parts built or another frame\'s', () => {
    let builds = 0;
    const build = (fill: string) => () => {
      builds++;
      return [s('circle', { 'data-key': 'to:ring-0', fill }, s('title', null, 'field 0')), s('text', null, '0')];
    };
    const first = cloned('ring:a', build('#fff')) as unknown as Element[];
    first[0]!.setAttribute('class', 'can'); // marked as the page marks a frame's parts
    const second = cloned('ring:a', build('#fff')) as unknown as Element[];
    expect(builds).toBe(1);
    expect(second).toHaveLength(2);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]!.attributes).toEqual({ 'data-key': 'to:ring-0', fill: '#fff' }); // not the first frame's mark
    expect(second[0]!.childNodes[0]).not.toBe(first[0]!.childNodes[0]); // a deep copy
    expect((second[1]!.childNodes as unknown[])[0]).toBe('0');
    // Another key: built for it.
    const other = cloned('ring:b', build('#000')) as unknown as Element[];
    expect(builds).toBe(2);
    expect(other[0]!.attributes.fill).toBe('#000');
  });
});

/** A list's row as drawKeyed sees it: its attributes and text, and how often it was put in a list. */
class Row {
  readonly attributes: Record<string, string> = {};
  list: List | null = null;
  placed = 0;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  getAttribute(name: string) {
    return this.attributes[name] ?? null;
  }
  isEqualNode(other: Row) {
    return other.text === this.text && JSON.stringify(other.attributes) === JSON.stringify(this.attributes);
  }
  remove() {
    this.list?.children.splice(this.list.children.indexOf(this), 1);
    this.list = null;
  }
}
class List {
  readonly children: Row[] = [];
  insertBefore(row: Row, before: Row | null) {
    row.remove();
    this.children.splice(before ? this.children.indexOf(before) : this.children.length, 0, row);
    row.list = this;
    row.placed++;
  }
}

describe('drawKeyed', () => {
  type Item = { id: string; text: string };
  type DomElement = Parameters<typeof drawKeyed>[0]; // (the page's Element, not the one above)
  const draw = (list: List, items: Item[]) =>
    drawKeyed(list as unknown as DomElement, items, (item) => item.id, (item) => new Row(item.text) as unknown as DomElement);
  const shown = (list: List) => list.children.map((row) => `${row.attributes['data-key']}:${row.text}`);

  it("keeps a row that shows the same as the same element, never moved: a refresh leaves the focus on its link and a press on it clicks", () => {
    const list = new List();
    draw(list, [{ id: 'a', text: 'waiting' }, { id: 'b', text: 'playing' }]);
    const [a, b] = list.children;
    draw(list, [{ id: 'a', text: 'waiting' }, { id: 'b', text: 'playing' }]);
    expect(list.children[0]).toBe(a);
    expect(list.children[1]).toBe(b);
    expect([a!.placed, b!.placed]).toEqual([1, 1]);
  });

  it('replaces a row that changed alone, removes rows gone, inserts new ones where the items put them', () => {
    const list = new List();
    draw(list, [{ id: 'a', text: 'waiting' }, { id: 'b', text: 'waiting' }, { id: 'c', text: 'playing' }, { id: 'd', text: 'finished' }]);
    const [a, b, , d] = list.children;
    draw(list, [{ id: 'n', text: 'waiting' }, { id: 'a', text: 'waiting' }, { id: 'b', text: 'playing' }, { id: 'd', text: 'finished' }, { id: 'm', text: 'finished' }]);
    expect(shown(list)).toEqual(['n:waiting', 'a:waiting', 'b:playing', 'd:finished', 'm:finished']);
    expect(list.children[1]).toBe(a);
    expect(list.children[2]).not.toBe(b);
    expect(list.children[3]).toBe(d);
    expect([a!.placed, d!.placed]).toEqual([1, 1]); // kept in place, others inserted around them
    draw(list, []);
    expect(list.children).toEqual([]);
  });

  it("follows the items' order when it changes", () => {
    const list = new List();
    draw(list, [{ id: 'a', text: '1' }, { id: 'b', text: '2' }, { id: 'c', text: '3' }]);
    draw(list, [{ id: 'c', text: '3' }, { id: 'a', text: '1' }, { id: 'b', text: '2' }]);
    expect(shown(list)).toEqual(['c:3', 'a:1', 'b:2']);
  });
});
