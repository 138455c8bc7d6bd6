/** The DOM builders without a browser: what they set, and how. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h, s } from './dom.ts';

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
