/**
 * The moving cards against a small independent model of the original document's rules: the number cards, the 4
 * backwards, and the 7 as seven single steps (every complete use of it, the partner taking the rest once the last own
 * marble is home), on random positions of the four-colour board and on positions of random games at every table size.
 * The model knows nothing of the engine's board code.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../core/game.ts';
import { pick, randomSource } from '../../core/rng.ts';
import { game } from './index.ts';
import { applyMove, legalMoves } from './moves.ts';
import { table } from './scenario.ts';
import { seatOf, teamOf } from './setup.ts';
import type { Card, TacMove, TacState } from './types.ts';

const APRON = -1;
const colourOf = (marble: number) => Math.floor(marble / 4);

/** The board the model plays on: four colours 16 apart by default; `team` says who plays together. */
let RING = 64;
let SPACING = 16;
let team = (colour: number) => colour % 2;
const homeAt = (i: number) => RING + i;
const start = (colour: number) => SPACING * colour;

function useBoard(s: TacState): void {
  RING = s.ring;
  SPACING = s.spacing;
  team = (colour) => teamOf(s, colour);
}

/** A position: per marble its field (-1 apron, ring fields, RING + i own home field i) and whether it is fresh. */
interface Pos {
  pos: number[];
  fresh: boolean[];
}

const homeFull = (p: Pos, colour: number) => [0, 1, 2, 3].every((k) => p.pos[4 * colour + k]! >= RING);
const ringTaken = (p: Pos, field: number) => p.pos.some((q) => q === field);
const homeTaken = (p: Pos, colour: number, field: number) => [0, 1, 2, 3].some((k) => p.pos[4 * colour + k] === field);

/** One field on from `at` along the marble's way (forward, or backward for the 4): the ring one, and the home one at its start. */
function ahead(p: Pos, marble: number, at: number, backward: boolean, first: boolean): number[] {
  const colour = colourOf(marble);
  if (at >= RING) return at < homeAt(3) ? [at + 1] : [];
  const out = [backward ? (at + RING - 1) % RING : (at + 1) % RING];
  // A marble just brought out may not turn into its home from where it stands.
  if (at === start(colour) && !(first && p.fresh[marble])) out.push(homeAt(0));
  return out;
}

/** A numbered card (or the 4 back): every marble's end fields, passing nothing, landing on no home marble. */
function numberMoves(p: Pos, colour: number, n: number, backward: boolean): string[] {
  const out: string[] = [];
  for (let k = 0; k < 4; k++) {
    const marble = 4 * colour + k;
    const from = p.pos[marble]!;
    if (from === undefined) break;
    if (from === APRON || (backward && from >= RING)) continue;
    const walk = (at: number, left: number, first: boolean) => {
      for (const to of ahead(p, marble, at, backward, first)) {
        const taken = to >= RING ? homeTaken(p, colour, to) : ringTaken(p, to);
        if (left > 1) {
          if (!taken) walk(to, left - 1, false);
        } else if (!(taken && to >= RING)) out.push(`${marble}>${to}`);
      }
    };
    walk(from, n, true);
  }
  return [...new Set(out)].sort();
}

/** Whose marbles `colour` moves: its own, once its four are home the next teammate's clockwise who is not home yet. */
function moverOf(p: Pos, colour: number): number {
  const colours = p.pos.length / 4;
  if (!homeFull(p, colour)) return colour;
  for (let k = 1; k < colours; k++) {
    const other = (colour + k) % colours;
    if (team(other) === team(colour) && !homeFull(p, other)) return other;
  }
  return colour;
}

/** Single 7 steps from a position: forward (knocking out a ring marble there) or back inside the own home. */
function singleSteps(p: Pos, colour: number): Pos[] {
  const mover = moverOf(p, colour);
  if (homeFull(p, mover)) return [];
  const out: Pos[] = [];
  for (let k = 0; k < 4; k++) {
    const marble = 4 * mover + k;
    const at = p.pos[marble]!;
    if (at === APRON) continue;
    if (at >= RING && [...Array(homeAt(3) - at).keys()].every((d) => homeTaken(p, mover, at + 1 + d))) continue; // stuck
    const fields = ahead(p, marble, at, false, true).filter((to) => !(to >= RING && homeTaken(p, mover, to)));
    if (at > RING && !homeTaken(p, mover, at - 1)) fields.push(at - 1);
    for (const to of fields) {
      const next: Pos = { pos: p.pos.slice(), fresh: p.fresh.slice() };
      const victim = to < RING ? next.pos.indexOf(to) : -1;
      if (victim >= 0) {
        next.pos[victim] = APRON;
        next.fresh[victim] = false;
      }
      next.pos[marble] = to;
      next.fresh[marble] = false;
      out.push(next);
    }
  }
  return out;
}

const key = (p: Pos) => p.pos.join(',') + '|' + p.fresh.map(Number).join('');

/** Every position a complete 7 (all seven single steps) can leave. */
function sevenEnds(p: Pos, colour: number): Set<string> {
  let layer = new Map([[key(p), p]]);
  for (let step = 0; step < 7; step++) {
    const next = new Map<string, Pos>();
    for (const q of layer.values()) for (const r of singleSteps(q, colour)) next.set(key(r), r);
    layer = next;
  }
  return new Set(layer.keys());
}

/** The engine's: every position its 7 moves (runs) can end in, all of them followed. */
function engineSevenEnds(s: TacState): Set<string> {
  const ends = new Set<string>();
  const seen = new Set<string>();
  const visit = (t: TacState) => {
    const k = key(toPos(t)) + ':' + (t.seven?.remaining ?? 0);
    if (seen.has(k)) return;
    seen.add(k);
    if (t.phase !== 'play' || (t.seven === null && t.turn !== s.turn) || t.winPending || t.winner >= 0) {
      ends.add(key(toPos(t)));
      return;
    }
    const seat = seatOf(t, t.turn);
    for (const m of legalMoves(t, seat)) {
      if (m.type !== 'seven' && m.type !== 'step') continue;
      const r = applyMove(t, seat, m);
      if (!r.ok) throw new Error(`${JSON.stringify(m)} listed but refused: ${r.error.code}`);
      visit(r.state);
    }
  };
  visit(s);
  return ends;
}

/** A card move in the model's words. */
function describeMove(m: TacMove): string {
  if (m.type === 'move') return `${m.marble}>${m.to}`;
  if (m.type === 'enter') return `enter ${m.colour}`;
  if (m.type === 'swap') return `swap ${Math.min(m.a, m.b)} ${Math.max(m.a, m.b)}`;
  return m.type;
}

const toPos = (s: TacState): Pos => ({ pos: s.marbles.map((m) => m.pos), fresh: s.marbles.map((m) => m.fresh) });

/** A random position: each marble in the apron, on the ring or in its home, a few fresh on their start. */
function randomPosition(random: () => number, ringShare: number): Record<number, number | [number, boolean]> {
  const marbles: Record<number, number | [number, boolean]> = {};
  const taken = new Set<string>();
  for (let id = 0; id < 16; id++) {
    const c = colourOf(id);
    const r = random();
    if (r < ringShare) {
      // Near the starts more often: that is where the rules have their cases.
      const field = random() < 0.5 ? (start(Math.floor(random() * 4)) + Math.floor(random() * 11) - 5 + RING) % RING : Math.floor(random() * RING);
      if (taken.has(`r${field}`)) continue;
      taken.add(`r${field}`);
      marbles[id] = field === start(c) && random() < 0.5 ? [field, true] : field;
    } else if (r < ringShare + 0.25) {
      const i = Math.floor(random() * 4);
      if (taken.has(`h${c}:${i}`)) continue;
      taken.add(`h${c}:${i}`);
      marbles[id] = 1000 + i;
    }
  }
  return marbles;
}

const engineMoves = (s: TacState, card: Card) =>
  [...new Set(legalMoves(s, s.turn).flatMap((m: TacMove) => (m.type === 'move' && m.card === card ? [`${m.marble}>${m.to}`] : [])))].sort();

describe('the moving cards against an independent model of the rules', () => {
  beforeEach(() => useBoard(table()));

  it('numbered cards and the 4 backwards: the same moves on random positions', () => {
    const random = randomSource('tac-oracle-numbers');
    let compared = 0;
    for (let n = 0; n < 1500; n++) {
      const colour = Math.floor(random() * 4);
      const marbles = randomPosition(random, 0.35);
      for (const card of ['2', '3', '4', '5', '6', '9', '10', '12'] as Card[]) {
        const s = table({ marbles, hands: { [colour]: [card] }, turn: colour });
        // Only while the colour still has a marble out (a finished colour moves its partner's).
        if (homeFull(toPos(s), colour)) continue;
        const expected = numberMoves(toPos(s), colour, Number(card), card === '4');
        expect(engineMoves(s, card), `${card} for ${colour} at ${JSON.stringify(marbles)}`).toEqual(expected);
        compared += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('the 7: the same complete uses (every end position of seven single steps) on random positions', () => {
    const random = randomSource('tac-oracle-seven');
    let playable = 0;
    for (let n = 0; n < 250; n++) {
      const colour = Math.floor(random() * 4);
      const marbles = randomPosition(random, 0.2);
      const s = table({ marbles, hands: { [colour]: ['7'] }, turn: colour });
      const expected = sevenEnds(toPos(s), colour);
      const got = engineSevenEnds(s);
      // The start position itself counts as an end only when the engine offers no 7 at all.
      if (expected.size === 0) expect(legalMoves(s, colour).some((m) => m.type === 'seven'), JSON.stringify(marbles)).toBe(false);
      else {
        playable++;
        expect([...got].sort(), `7 for ${colour} at ${JSON.stringify(marbles)}`).toEqual([...expected].sort());
      }
    }
    expect(playable).toBeGreaterThan(150);
  });

  it('the 7 near the end: the partner takes the steps left after the last own marble gets home', () => {
    const random = randomSource('tac-oracle-seven-end');
    let partnerSteps = 0;
    for (let n = 0; n < 300; n++) {
      const colour = Math.floor(random() * 4);
      const marbles = randomPosition(random, 0.15);
      // Three own marbles home, the fourth a few fields before the start.
      const fields = [0, 1, 2, 3].sort(() => random() - 0.5);
      for (let k = 0; k < 3; k++) marbles[4 * colour + k] = 1000 + fields[k]!;
      const before = (start(colour) - 1 - Math.floor(random() * 6) + RING) % RING;
      for (const [id, f] of Object.entries(marbles)) if (f === before) delete marbles[Number(id)];
      marbles[4 * colour + 3] = before;
      const s = table({ marbles, hands: { [colour]: ['7'] }, turn: colour });
      const expected = sevenEnds(toPos(s), colour);
      if (expected.size === 0) {
        expect(legalMoves(s, colour).some((m) => m.type === 'seven'), JSON.stringify(marbles)).toBe(false);
        continue;
      }
      expect([...engineSevenEnds(s)].sort(), `7 for ${colour} at ${JSON.stringify(marbles)}`).toEqual([...expected].sort());
      if ([...expected].some((k) => homeFull({ pos: k.split('|')[0]!.split(',').map(Number), fresh: [] }, colour))) partnerSteps++;
    }
    expect(partnerSteps).toBeGreaterThan(20);
  });

  it('in random games of every table size and board: the same moves for the cards in hand (numbers, 1 and 13, 8, Trickster), and the same 7s', () => {
    const tables = [
      [4, {}], [4, { master: true }], [2, {}], [6, {}], [6, { sixTeams: '2x3' }], [3, { sixSpacing: 16 }], [6, { sixTeams: '2x3', sixSpacing: 16 }],
    ] as const;
    let compared = 0;
    let sevens = 0;
    for (const [seats, opts] of tables) {
      const seed = `tac-oracle-games-${seats}-${JSON.stringify(opts)}`;
      const random = randomSource(seed);
      let s = game.setup(game.options.parse(opts), seats, seed);
      useBoard(s);
      for (let n = 0; n < 2500 && s.phase !== 'over'; n++) {
        const actor = game.activeActors(s)[0]!;
        const legal = legalMoves(s, actor);
        const plain = s.phase === 'play' && !s.seven && !s.skipPending && !s.winPending && s.devilTarget < 0 && !s.foolPending;
        if (plain) {
          const p = toPos(s);
          const mover = moverOf(p, s.turn);
          let usable = false;
          for (const card of new Set(s.hands[s.turn]!)) {
            const got = [...new Set(legal.flatMap((m) => ('card' in m && m.card === card && m.type !== 'discard' ? [describeMove(m)] : [])))].sort();
            const own = [0, 1, 2, 3].map((k) => p.pos[4 * mover + k]!);
            const onRing = (q: number) => q >= 0 && q < RING;
            let expected: string[];
            if (['2', '3', '4', '5', '6', '9', '10', '12'].includes(card)) expected = numberMoves(p, mover, Number(card), card === '4');
            else if (card === '1' || card === '13') expected = [...(own.includes(APRON) ? [`enter ${mover}`] : []), ...numberMoves(p, mover, Number(card), false)];
            // The 8 skips only with an own marble on the ring and a next player (on the left) still to play in this deal.
            else if (card === '8') expected = [...numberMoves(p, mover, 8, false), ...(own.some(onRing) && s.hands[(s.turn + 1) % s.colours]!.length > 0 ? ['skip'] : [])];
            // The Trickster: any two ring marbles, with an own one on the ring.
            else if (card === 'trickster') {
              const ring = p.pos.flatMap((q, id) => (onRing(q) ? [id] : []));
              expected = own.some(onRing) ? ring.flatMap((a, i) => ring.slice(i + 1).map((b) => `swap ${a} ${b}`)) : [];
            } else continue;
            expect(got, `${card} at ${key(p)}`).toEqual(expected.sort());
            if (expected.length > 0) usable = true;
            compared++;
          }
          // Must play: a discard is offered only when no card has a use («если можешь, то обязан»).
          const modelled = s.hands[s.turn]!.every((c) => !['tac', 'angel', 'devil', 'warrior', 'fool'].includes(c));
          if (s.hands[s.turn]!.includes('7') && sevenEnds(p, s.turn).size > 0) usable = true;
          if (modelled) expect(legal.some((m) => m.type === 'discard'), `must play at ${key(p)}`).toBe(!usable);
          if (s.hands[s.turn]!.includes('7') && n % 4 === 0) {
            const only = { ...s, hands: s.hands.map((h, c) => (c === s.turn ? ['7' as Card] : h)) };
            const expected = sevenEnds(p, s.turn);
            if (expected.size > 0) {
              expect([...engineSevenEnds(only)].sort(), `7 at ${key(p)}`).toEqual([...expected].sort());
              sevens++;
            }
          }
        }
        const move = actor === SYSTEM ? legal[0]! : random() < 0.3 ? pick(random, legal) : game.bot(game.viewFor(s, actor), legal, random, actor)!;
        const r = applyMove(s, actor, move);
        if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code}`);
        s = r.state;
      }
    }
    expect(compared).toBeGreaterThan(2000);
    expect(sevens).toBeGreaterThan(50);
  });

  it('TAC in random master games at every table size: it plays the card its player\'s right-hand opponent laid down last, as that card would', () => {
    type Laid = { card: Card; colour: number; before: TacState['marbles'] | null };
    let compared = 0;
    let copied = 0;
    for (const seats of [4, 2, 3, 6]) {
      for (const opts of [{ master: true }, { master: true, sixTeams: '2x3' as const }]) {
        if (opts.sixTeams && seats !== 6) continue;
        const seed = `tac-oracle-tac-${seats}-${JSON.stringify(opts)}`;
        const random = randomSource(seed);
        let s = game.setup(game.options.parse(opts), seats, seed);
        // The card on top this deal, as the events tell it: what a TAC copies, who laid it down, the marbles before it.
        let laid: Laid | null = null;
        for (let n = 0; n < 4000 && s.phase !== 'over'; n++) {
          const actor = game.activeActors(s)[0]!;
          const legal = legalMoves(s, actor);
          const colour = s.devilTarget >= 0 ? s.devilTarget : s.turn;
          if (s.phase === 'play' && !s.seven && !s.tacBlocked && s.hands[colour]!.includes('tac')) {
            const got = legal.filter((m) => 'card' in m && m.card === 'tac' && m.type !== 'discard');
            let expected: TacMove[] = [];
            const right = (s.turn + s.colours - 1) % s.colours;
            if (laid && laid.colour === right && teamOf(s, right) !== teamOf(s, s.turn)) {
              const hands = s.hands.map((h, c) => (c === colour ? [laid!.card] : h));
              const restored = { ...s, hands, marbles: laid.before ?? s.marbles, turn: colour, devilTarget: -1, skipPending: false, winPending: false, foolPending: false, last: null };
              expected = legalMoves(restored, seatOf(s, colour)).flatMap((m) => (m.type === 'discard' ? [] : [{ ...m, card: 'tac' } as TacMove]));
              if (expected.length > 0) copied++;
            }
            expect(got, JSON.stringify({ laid, turn: s.turn, colour })).toEqual(expected);
            compared++;
          }
          const move = actor === SYSTEM ? legal[0]! : random() < 0.3 ? pick(random, legal) : game.bot(game.viewFor(s, actor), legal, random, actor)!;
          const r = applyMove(s, actor, move);
          if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code}`);
          for (const e of r.events) {
            if (e.type === 'deal') laid = null;
            if (e.type === 'discard') {
              const c = e.colour as number;
              const beneath = laid as Laid | null;
              laid = e.card === 'tac' ? beneath && { ...beneath, colour: c, before: null } : { card: e.card as Card, colour: c, before: null };
            }
            if (e.type === 'play' && e.move !== 'devil' && e.move !== 'fool') laid = { card: e.as as Card, colour: e.colour as number, before: s.marbles };
          }
          s = r.state;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(copied).toBeGreaterThan(100);
  });
});
