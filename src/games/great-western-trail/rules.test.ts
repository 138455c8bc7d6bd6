import { describe, expect, it } from 'vitest';
import { SPECTATOR, recordedOptions } from '../../core/game.ts';
import { randomSource } from '../../core/rng.ts';
import { game } from './index.ts';
import { legalMoves } from './moves.ts';
import { OBJECTIVES } from './data/cards.ts';
import { NAMES } from './names.ts';
import { resample, viewFor } from './view.ts';
import { engineReach, gainCertificates, placeSmallTile, stationPosition, transportCost } from './rules.ts';
import { placeSetupTiles, setup } from './setup.ts';
import { errorOf, fresh, goTo, has, play, types } from './testkit.ts';
import { optionsSchema } from './types.ts';
import type { GwtMove, GwtOptions, GwtState } from './types.ts';

/** A local action's words as the view offers them. */
const actionTextOf = (state: GwtState, action: string) => viewFor(state, SPECTATOR).public.session!.actions.find((a) => a.id === action)!.text;

const std = optionsSchema.parse({});

describe('setup', () => {
  it.each([
    [2, 7, 3],
    [3, 10, 5],
    [4, 13, 7],
  ])('%i players: cattle market %i cards, %i workers in the job market, seven tiles on the trail', (seats, market, workers) => {
    const s = setup(std, seats, 'setup');
    expect(s.market).toHaveLength(market);
    expect(s.jobMarket.filter((t) => t !== '')).toHaveLength(workers);
    expect(s.jobFilled).toBe(2 * seats - 1);
    expect(Object.values(s.trail).filter((t) => /^[ht]:/.test(t))).toHaveLength(7);
    expect(s.foresight.every((t) => t !== '')).toBe(true);
    expect(s.objectiveDisplay).toHaveLength(4);
    const order = s.players.map((_, i) => (i - s.current + seats) % seats);
    s.players.forEach((p, i) => {
      expect(p.money).toBe(6 + order[i]!);
      expect(p.hand).toHaveLength(4);
      expect(p.deck).toHaveLength(10);
      expect(p.objectives).toHaveLength(1);
      expect(p.discs).toHaveLength(14);
      expect(p.buildings).toEqual(['1a', '2a', '3a', '4a', '5a', '6a', '7a', '8a', '9a', '10a']);
    });
    expect(s.stations.slice(0, 5).map((st) => st.master).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  // Original rules document: "این کارتها را بر اساس رنگ مرتب کنید (زرد، قرمز، آبی، قهوهای، بنفش)" (sort these cards
  // by colour: yellow, red, blue, brown, purple).
  it('the cattle market is laid out by colour: Holstein, Brown Swiss, Ayrshire, West Highland, Texas Longhorn', () => {
    const s = setup(std, 4, 'colours');
    s.market = ['longhorn6', 'ayrshire', 'highland5', 'holstein', 'brownswiss', 'highland3', 'longhorn5', 'ayrshire'];
    expect(viewFor(s, SPECTATOR).public.market).toEqual([
      'holstein', 'brownswiss', 'ayrshire', 'ayrshire', 'highland3', 'highland5', 'longhorn5', 'longhorn6',
    ]);
  });

  it('first game: neutral buildings on their letters; random layout shuffles them', () => {
    expect(setup(std, 2, 'a').trail.C).toBe('n:C');
    const layouts = new Set(['a', 'b', 'c', 'd'].map((seed) => setup(optionsSchema.parse({ neutralBuildings: 'random' }), 2, seed).trail.A));
    expect(layouts.size).toBeGreaterThan(1);
  });

  it('random sides: every player gets the same sides', () => {
    const s = setup(optionsSchema.parse({ privateBuildings: 'randomSides' }), 3, 'sides');
    expect(s.players[1]!.buildings).toEqual(s.players[0]!.buildings);
    expect(s.players[0]!.buildings.some((b) => b.endsWith('b'))).toBe(true);
  });

  it('cowboy split option moves one cowboy from stack 3 to stack 2', () => {
    const count = (s: GwtState, i: number) =>
      s.stacks[i]!.filter((t) => t === 'cowboy').length + s.foresight.slice(2 * i, 2 * i + 2).filter((t) => t === 'cowboy').length;
    const jobCowboys = (s: GwtState) => s.jobMarket.filter((t) => t === 'cowboy').length;
    const a = setup(std, 2, 'split');
    const b = setup(optionsSchema.parse({ cowboysInStack2: 12 }), 2, 'split');
    expect(count(a, 1) + jobCowboys(a)).toBe(11);
    expect(count(a, 2)).toBe(7);
    expect(count(b, 1) + jobCowboys(b)).toBe(12);
    expect(count(b, 2)).toBe(6);
  });

  it('a setup tile with no free space is discarded by default, or returned to stack 1', () => {
    const crafted = (options: object) => {
      const s = setup(optionsSchema.parse(options), 2, 'tiles');
      for (const space of Object.keys(s.trail)) if (!s.trail[space]!.startsWith('n:')) s.trail[space] = '';
      s.removedTiles = [];
      // Drawn from the end: five floods (one too many), then three teepees.
      s.stacks[0] = ['blue', 'green', 'green', 'flood-g4', 'flood-g4', 'flood-g3', 'flood-b3', 'flood-g2'];
      placeSetupTiles(s);
      return s;
    };
    const discarded = crafted({});
    expect(discarded.removedTiles).toEqual(['flood-g4']);
    expect(Object.values(discarded.trail).filter((t) => /^[ht]:/.test(t))).toHaveLength(7);
    const returned = crafted({ unplaceableSetupTile: 'return' });
    expect(returned.removedTiles).toEqual([]);
    expect(returned.stacks[0]).toEqual(['flood-g4']);
  });
});

describe('phase A: moving the cattleman', () => {
  it('first turn: the cattleman enters on a neutral building and goes straight to phase B', () => {
    const s = fresh();
    s.players[0]!.location = '';
    expect(legalMoves(s, 0).filter((m) => m.type === 'place')).toHaveLength(7);
    const next = play(s, { type: 'place', space: 'D' });
    expect(next.turn.phase).toBe('B');
    expect(next.turn.session!.tile).toBe('n:D');
  });

  it('first turn option: any building on the trail', () => {
    const s = fresh(2, { firstTurn: 'anyBuilding' });
    s.players[0]!.location = '';
    s.trail['B-2'] = 'p:1:2a';
    expect(has(s, { type: 'place', space: 'B-2' })).toBe(true);
    expect(has(fresh(), { type: 'place', space: 'B-2' })).toBe(false);
  });

  it('empty spaces cost no step; the step limit counts locations (2 players: 3)', () => {
    const s = fresh();
    const lengths = legalMoves(s, 0).flatMap((m) => (m.type === 'move' ? [m.path.length] : []));
    expect(Math.max(...lengths)).toBe(3);
    expect(has(s, { type: 'move', path: ['A', 'B', 'C'] })).toBe(true);
  });

  it('step-limit discs: 2 players +1 each; 3 players +2 for the left disc', () => {
    const s = fresh();
    s.players[0]!.discs = s.players[0]!.discs.filter((d) => d !== 'step1');
    expect(has(s, { type: 'move', path: ['A', 'B', 'C', 'D'] })).toBe(true);
    const t = fresh(3);
    t.players[0]!.discs = t.players[0]!.discs.filter((d) => d !== 'step1');
    expect(has(t, { type: 'move', path: ['A', 'B', 'C', 'D', 'E'] })).toBe(true);
    expect(has(t, { type: 'move', path: ['A', 'B', 'C', 'D', 'E', 'F'] })).toBe(false);
  });

  it('4 players start with a step limit of 4', () => {
    const s = fresh(4);
    expect(has(s, { type: 'move', path: ['A', 'B', 'C', 'D'] })).toBe(true);
    expect(has(s, { type: 'move', path: ['A', 'B', 'C', 'D', 'E'] })).toBe(false);
  });

  it('a move must stop in Kansas City', () => {
    const s = fresh();
    s.players[0]!.location = 'F';
    const paths = legalMoves(s, 0).flatMap((m) => (m.type === 'move' ? [m.path] : []));
    expect(paths).toContainEqual(['G', 'KANSAS_CITY']);
    expect(paths.every((p) => !p.slice(0, -1).includes('KANSAS_CITY'))).toBe(true);
  });

  it('fees: hazards and teepees pay the bank by hand colour and player count', () => {
    const s = fresh(3);
    s.trail['FLOOD-1'] = 'h:flood-b3';
    s.trail['FLOOD-2'] = 'h:flood-g4';
    const next = play(s, { type: 'move', path: ['A', 'FLOOD-1', 'FLOOD-2'] });
    expect(next.players[0]!.money).toBe(20 - 1 - 2);
    const f = fresh(4);
    f.trail['FLOOD-1'] = 'h:flood-g2';
    f.trail['TEEPEE-1'] = 't:blue';
    expect(play(f, { type: 'move', path: ['A', 'FLOOD-1'] }).players[0]!.money).toBe(19);
    f.players[0]!.location = 'C-2';
    expect(play(f, { type: 'move', path: ['TEEPEE-1'] }).players[0]!.money).toBe(18);
  });

  it("fees for another player's building go to its owner; own buildings are free", () => {
    const s = fresh();
    s.trail['A-1'] = 'p:1:7a';
    s.trail['A-2'] = 'p:0:1a';
    const next = play(s, { type: 'move', path: ['A', 'A-1', 'A-2'] });
    expect(next.players[0]!.money).toBe(16);
    expect(next.players[1]!.money).toBe(24);
  });

  it('fees you cannot pay: pay what you have and move on', () => {
    const s = fresh();
    s.players[0]!.money = 1;
    s.trail['FLOOD-1'] = 'h:flood-g4';
    const next = play(s, { type: 'move', path: ['A', 'FLOOD-1'] });
    expect(next.players[0]!.money).toBe(0);
    expect(next.players[0]!.location).toBe('FLOOD-1');
  });

  it('fees option "must afford": routes you cannot pay are not offered', () => {
    const s = fresh(2, { fees: 'mustAfford' });
    s.players[0]!.money = 1;
    s.trail['FLOOD-1'] = 'h:flood-g4';
    expect(errorOf(s, { type: 'move', path: ['A', 'FLOOD-1'] })).toBe('great-western-trail/illegal-move');
    expect(has(s, { type: 'move', path: ['A', 'B'] })).toBe(true);
  });

  // Original rules document: "در اولین نوبت بازی گاوچران را روی یکی از کاشیهای ساختمان خنثی بگذارید" (in the first turn
  // place the cattleman on one of the neutral building tiles) and "اگر کاشیای که از آن رد میشوید به بازیکن دیگری تعلق
  // دارد یا یک چادر یا کاشی خطر است، بسته به رنگ دستها (سبز یا سیاه) روی آن باید هزینه بپردازید. هزینهی خطر و چادر به
  // مخزن ... میرود" (a tile of another player, a teepee or a hazard costs a fee by the colour of its hands; a hazard's
  // or teepee's goes to the bank). The fee per hand by player count is the digest's (§8.2: 2 players $2/$2).
  it('fees, 2 players: the first turn enters for free; the next move onto the first teepee quotes and pays $2 to the bank', () => {
    let s = fresh();
    s.players[0]!.location = '';
    s.trail['TEEPEE-1'] = 't:green';
    s.trail['TEEPEE-2'] = 't:blue';
    expect(viewFor(s, 0).private!.quotes).toEqual({});
    s = play(s, { type: 'place', space: 'C' });
    expect(s.players[0]!.money).toBe(20);
    s = play(s, { type: 'aux', aux: 1, double: false });
    expect(s.current).toBe(1);
    s.current = 0;
    s.turn = { phase: 'A', session: null, stack: [], cowboysUsed: 0 };
    const quotes = viewFor(s, 0).private!.quotes;
    expect(quotes[JSON.stringify({ type: 'move', path: ['TEEPEE-1'] })]).toBe(-2);
    expect(quotes[JSON.stringify({ type: 'move', path: ['TEEPEE-1', 'TEEPEE-2'] })]).toBe(-4);
    const t = play(s, { type: 'move', path: ['TEEPEE-1'] });
    expect(t.players[0]!.money).toBe(21 - 2);
    expect(t.players[1]!.money).toBe(20);
  });

  // Original rules document: "هرگز مجبور نیستید پیشپرداخت کنید" (you are never made to pay ahead); the digest (§3.1):
  // never pay retroactively. A fee not paid for want of money is not owed later.
  it('fees you could not pay are not collected later, when money comes in', () => {
    let s = fresh();
    s.players[0]!.money = 1;
    s.trail['FLOOD-1'] = 'h:flood-g4';
    s.trail['FLOOD-2'] = 'h:flood-b3';
    expect(viewFor(s, 0).private!.quotes[JSON.stringify({ type: 'move', path: ['A', 'FLOOD-1', 'FLOOD-2'] })]).toBe(-1);
    s = play(s, { type: 'move', path: ['A', 'FLOOD-1', 'FLOOD-2'] });
    expect(s.players[0]!.money).toBe(0);
    s = play(s, { type: 'aux', aux: 1, double: false });
    expect(s.players[0]!.money).toBe(1);
  });

  it('rejects moves of the wrong seat and of unknown type', () => {
    const s = fresh();
    expect(errorOf(s, { type: 'move', path: ['A'] }, 1)).toBe('core/not-your-turn');
    expect(errorOf(s, { type: 'teleport' })).toBe('great-western-trail/unknown-move');
    expect(errorOf(s, { type: 'endTurn' })).toBe('great-western-trail/wrong-step');
  });
});

describe('phase B: using a location', () => {
  it('local actions once each, in any order; then no auxiliary action', () => {
    let s = fresh();
    s.players[0]!.hand = ['guernsey', 'guernsey'];
    s = goTo(s, 'A');
    s = play(s, { type: 'action', action: '0.0' });
    expect(s.players[0]!.money).toBe(22);
    expect(has(s, { type: 'action', action: '0.0' })).toBe(false);
    expect(types(s)).not.toContain('aux');
    expect(types(s)).toContain('endTurn');
  });

  it('the public view says the local actions and auxiliary actions in words, keyed as the moves name them', () => {
    let s = fresh();
    s.players[0]!.hand = ['guernsey', 'guernsey'];
    s = goTo(s, 'A');
    const pub = game.viewFor(s, SPECTATOR).public;
    expect(pub.session!.actions).toEqual([
      { id: '0.0', text: 'discard 1 Guernsey → +$2' },
      { id: '1.0', text: 'hire 1 worker' },
      { id: '2.0', text: 'hire 1 worker (costs $2 more)' },
    ]);
    expect(legalMoves(s, 0).filter((m) => m.type === 'action').every((m) => pub.session!.actions.some((a) => a.id === (m as { action: string }).action))).toBe(true);
    expect(pub.auxiliary[0]).toEqual({ aux: 1, single: '+$1', double: '+$2' });
    expect(pub.auxiliary[2]!.double).toBe('pay $2, engine exactly 1 back → +2 certificates');
    const printed = game.viewFor({ ...s, options: { ...s.options, doubleAuxiliary: 'printedBoard' } }, SPECTATOR).public;
    expect(printed.auxiliary[2]!.double).toBe('pay $2, engine exactly 2 back → +2 certificates');
    // Auxiliary action 5 says where its cards go, as the option sends them.
    expect(pub.auxiliary[4]!.single).toBe('engine exactly 1 back → remove 1 card of your hand from the game');
    const discarded = game.viewFor({ ...s, options: { ...s.options, auxiliary5Cards: 'discarded' } }, SPECTATOR).public;
    expect(discarded.auxiliary[4]).toMatchObject({ single: 'engine exactly 1 back → discard 1 card of your hand', double: 'engine exactly 2 back → discard 2 cards of your hand' });
    expect(pub.railroadSpaces).toBe(40);
  });

  it('the public view says every building in play in words: its actions, craftsmen, hand and fee, VP; the same frozen object in every view', () => {
    const s = fresh(3);
    const pub = game.viewFor(s, SPECTATOR).public;
    // Neutral A–G and the private buildings of the sides in play (side a for everyone by default), nothing else.
    expect(Object.keys(pub.buildings)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', '1a', '2a', '3a', '4a', '5a', '6a', '7a', '8a', '9a', '10a']);
    expect(pub.buildings.A).toEqual({
      kind: 'neutral',
      actions: ['discard 1 Guernsey → +$2', 'hire 1 worker', 'hire 1 worker (costs $2 more)'],
      craftsmen: 0,
      feeHand: 'none',
      fee: 0,
      vp: 0,
      text: 'discard 1 Guernsey → +$2; hire 1 worker; hire 1 worker (costs $2 more)',
    });
    // A choice of several effects is one action.
    expect(pub.buildings.C!.actions).toEqual(['+1 certificate or take 1 objective card', 'move your engine forward up to 1 space per engineer']);
    // The fee is the hand's at this table's player count (3 players: green $2, black $1).
    expect(pub.buildings['4a']).toEqual({
      kind: 'private',
      actions: ['pay $5 → remove a hazard', 'move your cattleman up to 2 steps'],
      craftsmen: 2,
      feeHand: 'black',
      fee: 1,
      vp: 3,
      text: 'pay $5 → remove a hazard; move your cattleman up to 2 steps · 2 craftsmen · black hand: fee $1 · 3 VP',
    });
    expect(pub.buildings['7a']).toMatchObject({ feeHand: 'both', fee: 3, vp: 6, craftsmen: 5 });
    expect(pub.buildings['7a']!.text).toContain('green and black hands: fee $3');
    expect(pub.buildings['2a']!.text).toContain('1 craftsman · no fee · 1 VP');
    expect(game.viewFor(fresh(4), SPECTATOR).public.buildings['4a']!.fee).toBe(2);
    // Static: every view of the game, at every step, carries the same frozen object (a room sends it once).
    const later = goTo(s, 'A');
    expect(game.viewFor(later, 1).public.buildings).toBe(pub.buildings);
    expect(Object.isFrozen(pub.buildings) && Object.isFrozen(pub.buildings.A) && Object.isFrozen(pub.buildings.A!.actions)).toBe(true);
    // Random sides: the side drawn for each number, the same for everyone.
    const mixed = fresh(2, { privateBuildings: 'randomSides' }, 'sides');
    const codes = Object.keys(game.viewFor(mixed, SPECTATOR).public.buildings).slice(7);
    expect(codes).toEqual(mixed.sides);
    expect(codes.some((c) => c.endsWith('b'))).toBe(true);
    expect(game.viewFor(mixed, SPECTATOR).public.buildings['10b'] ?? game.viewFor(mixed, SPECTATOR).public.buildings['10a']).toBeDefined();
  });

  it('an auxiliary action instead of local actions, single only, and nothing after it', () => {
    let s = fresh(2, { endTurn: 'asked' }); // (auto: the turn would end by itself, see "phase C" below)
    s = goTo(s, 'G');
    expect(has(s, { type: 'aux', aux: 1, double: true })).toBe(false);
    s = play(s, { type: 'aux', aux: 1, double: false });
    expect(s.players[0]!.money).toBe(21);
    expect(types(s)).toEqual(['endTurn']);
  });

  it('must do something before ending phase B (option: may pass)', () => {
    const s = goTo(fresh(), 'A');
    expect(errorOf(s, { type: 'endTurn' })).toBe('great-western-trail/wrong-step');
    const t = goTo(fresh(2, { requireAction: false }), 'A');
    expect(types(t)).toContain('endTurn');
  });

  it("another player's building, a hazard or a teepee gives a single auxiliary action only", () => {
    const s = fresh();
    s.trail['A-1'] = 'p:1:10b';
    const at = goTo(s, 'A-1');
    expect(types(at)).toEqual(['aux']);
  });

  it('phase C draws up to the hand limit, reshuffling the discard pile only when the draw pile is empty', () => {
    let s = fresh();
    s.players[0]!.deck = ['jersey'];
    s.players[0]!.discard = ['angus', 'angus', 'angus', 'angus'];
    s = goTo(s, 'G');
    s = play(s, { type: 'aux', aux: 1, double: false }); // nothing left to do: the turn ends by itself
    expect(s.players[0]!.hand).toHaveLength(4);
    expect(s.players[0]!.hand[0]).toBe('jersey');
    expect(s.current).toBe(1);
  });

  it('hand-limit discs raise the hand limit', () => {
    let s = fresh();
    s.players[0]!.discs = s.players[0]!.discs.filter((d) => d !== 'hand1' && d !== 'hand2');
    s.players[0]!.deck = Array.from({ length: 8 }, () => 'jersey');
    s = goTo(s, 'G');
    expect(play(s, { type: 'aux', aux: 1, double: false }).players[0]!.hand).toHaveLength(6);
  });
});

describe('phase C follows by itself (option endTurn)', () => {
  /** Seat 0 at G with its auxiliary action left to take, then phase C's draw of four from its deck. */
  const beforeLastStep = (options: Partial<GwtOptions> = {}) => {
    const s = fresh(2, options);
    s.players[0]!.deck = ['jersey', 'angus', 'guernsey', 'dutchbelt', 'jersey'];
    return goTo(s, 'G');
  };
  const aux1: GwtMove = { type: 'aux', aux: 1, double: false };

  it('auto: the last step ends the turn, phase C drawn, the next player to move; the event stream says the turn ended', () => {
    const s = beforeLastStep();
    const r = game.applyMove(s, 0, aux1);
    if (!r.ok) throw new Error(r.error.code);
    // The turn's end says how many cards phase C drew (never which: the hand is hidden, its size on the table).
    expect(r.events).toEqual([{ ...aux1, seat: 0 }, { type: 'endTurn', seat: 0, drawn: 4 }]);
    // The same events whatever the hidden cards are: another seat learns nothing from them but the count.
    const random = randomSource('phase-c');
    for (let i = 0; i < 5; i++) {
      const other = game.applyMove(resample(s, 1, random), 0, aux1);
      expect(other.ok && other.events).toEqual(r.events);
    }
    expect(r.state.players[0]!.hand).toHaveLength(4);
    expect(r.state.players[0]!.deck).toEqual(['jersey']);
    expect(r.state.current).toBe(1);
    expect(r.state.turn).toEqual({ phase: 'A', session: null, stack: [], cowboysUsed: 0 });
    expect(game.activeActors(r.state)).toEqual([1]);
    // An endTurn sent after it, as a client that ends its turns itself would: refused, saying why.
    expect(errorOf(r.state, { type: 'endTurn' }, 0)).toBe('great-western-trail/turn-ended');
    expect(errorOf(r.state, { type: 'endTurn' }, 1)).toBe('great-western-trail/wrong-step');
  });

  it('asked: the turn waits for endTurn, which ends it as auto does, one move more', () => {
    const asked = play(beforeLastStep({ endTurn: 'asked' }), aux1);
    expect(legalMoves(asked, 0)).toEqual([{ type: 'endTurn' }]);
    expect(asked.current).toBe(0);
    expect(errorOf(asked, { type: 'endTurn' }, 1)).toBe('core/not-your-turn');
    const ended = game.applyMove(asked, 0, { type: 'endTurn' });
    expect(ended.ok && ended.events).toEqual([{ type: 'endTurn', seat: 0, drawn: 4 }]);
    const auto = play(beforeLastStep(), aux1);
    expect(ended.ok && { ...ended.state, options: auto.options }).toEqual(auto);
  });

  it('judged on public facts: an objective card the hand might hold keeps the turn open, whether or not it does', () => {
    const afterAux = (hand: string[], deck: string[], discard: string[] = []) => {
      const s = fresh();
      Object.assign(s.players[0]!, { hand, deck, discard });
      return play(goTo(s, 'G'), aux1);
    };
    const held = afterAux(['GAIN2_SSH', 'jersey'], ['angus']);
    expect(types(held)).toEqual(['endTurn', 'playObjective']);
    const inDeck = afterAux(['angus', 'jersey'], ['GAIN2_SSH']);
    expect(types(inDeck)).toEqual(['endTurn']); // all that is left, but the table cannot know it: asked
    expect(inDeck.current).toBe(0);
    // On top of the discard pile, in sight: not in the hand, and the turn ends.
    expect(afterAux(['angus', 'jersey'], ['guernsey'], ['GAIN2_SSH']).current).toBe(1);
    // Played, nothing is left to do: the turn ends with it.
    expect(play(held, { type: 'playObjective', card: 'GAIN2_SSH' }).current).toBe(1);
  });

  it('a record without the option (played before it) replays under asked', () => {
    const { endTurn: _, ...before } = optionsSchema.parse({});
    expect(optionsSchema.parse(recordedOptions(game, before))).toMatchObject({ endTurn: 'asked' });
    expect(optionsSchema.parse({}).endTurn).toBe('auto');
  });
});

/** Seat 0 at neutral building A (its second action hires), a cowboy, an engineer and a craftsman in the job market's first row. */
function atHiringBuilding(): GwtState {
  const s = fresh();
  s.jobMarket = s.jobMarket.map(() => '');
  s.jobMarket[0] = 'cowboy';
  s.jobMarket[1] = 'engineer';
  s.jobMarket[2] = 'craftsman';
  s.jobFilled = 3;
  s.players[0]!.hand = ['jersey'];
  return goTo(s, 'A');
}

describe('neutral buildings', () => {
  it('A: hire a worker at row cost, and another at +$2; workers in the token row cannot be hired', () => {
    let s = atHiringBuilding();
    s = play(s, { type: 'action', action: '1.0' });
    expect(legalMoves(s, 0)).toEqual([{ type: 'hire', slot: 0 }, { type: 'hire', slot: 1 }, { type: 'skip' }]);
    s = play(s, { type: 'hire', slot: 0 });
    expect(s.players[0]!.workers.cowboy).toBe(2);
    expect(s.players[0]!.money).toBe(14);
    s = play(s, { type: 'action', action: '2.0' });
    s = play(s, { type: 'hire', slot: 1 });
    expect(s.players[0]!.money).toBe(14 - 8);
    expect(s.players[0]!.workers.engineer).toBe(2);
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'jersey', bonus: 'jerseyCert1' });
  });

  it('B: discard a Dutch Belt for $2; place a building paying $2 per craftsman', () => {
    let s = fresh();
    s.players[0]!.hand = ['dutchbelt'];
    s = goTo(s, 'B');
    s = play(s, { type: 'action', action: '0.0' });
    expect(s.players[0]!.money).toBe(22);
    s = play(s, { type: 'action', action: '1.0' });
    expect(has(s, { type: 'build', building: '2a', space: 'C-2' })).toBe(true);
    expect(has(s, { type: 'build', building: '4a', space: 'C-2' })).toBe(false);
    s = play(s, { type: 'build', building: '2a', space: 'C-2' });
    expect(s.trail['C-2']).toBe('p:0:2a');
    expect(s.players[0]!.money).toBe(20);
    expect(s.players[0]!.buildings).not.toContain('2a');
  });

  it('B: replacing an own building needs and costs only the difference in craftsmen', () => {
    let s = fresh();
    s.trail['C-2'] = 'p:0:1a';
    s.players[0]!.buildings = s.players[0]!.buildings.filter((b) => b !== '1a');
    s = goTo(s, 'B');
    s = play(s, { type: 'action', action: '1.0' });
    expect(has(s, { type: 'build', building: '3a', space: 'C-2' })).toBe(false);
    const t = play(s, { type: 'build', building: '4a', space: 'C-2' });
    expect(t.players[0]!.money).toBe(20 - 2);
    expect(t.trail['C-2']).toBe('p:0:4a');
    expect(has(s, { type: 'build', building: '5a', space: 'C-2' })).toBe(false);
  });

  it('C: a certificate or an objective card (not both); engine up to the number of engineers', () => {
    let s = fresh();
    s.players[0]!.workers.engineer = 2;
    s = goTo(s, 'C');
    s = play(s, { type: 'action', action: '0.0' });
    expect(s.players[0]!.certificates).toBe(1);
    expect(has(s, { type: 'action', action: '0.1' })).toBe(false);
    s = play(s, { type: 'action', action: '1.0' });
    expect(legalMoves(s, 0).filter((m) => m.type === 'engine')).toEqual([{ type: 'engine', to: 1 }, { type: 'engine', to: 2 }]);
  });

  it('C: taking an objective card puts it on the discard pile and refills the display', () => {
    let s = goTo(fresh(), 'C');
    const card = s.objectiveDisplay[0]!;
    s = play(s, { type: 'action', action: '0.1' });
    s = play(s, { type: 'takeObjective', card });
    expect(s.players[0]!.discard).toEqual([card]);
    expect(s.objectiveDisplay).toHaveLength(4);
  });

  it('D: trade with the Indians (pay or gain the space value) or pay $2 to move the engine up to 2', () => {
    let s = fresh();
    s.trail['TEEPEE--3'] = 't:green';
    s.trail['TEEPEE-6'] = 't:blue';
    s = goTo(s, 'D');
    s = play(s, { type: 'action', action: '0.0' });
    const a = play(s, { type: 'takeTeepee', space: 'TEEPEE--3' });
    expect(a.players[0]!.money).toBe(17);
    expect(a.players[0]!.teepees).toEqual(['green']);
    expect(play(s, { type: 'takeTeepee', space: 'TEEPEE-6' }).players[0]!.money).toBe(26);
  });

  it('D: a teepee you cannot pay for cannot be taken', () => {
    const s = fresh();
    s.players[0]!.money = 2;
    s.trail['TEEPEE--3'] = 't:green';
    const at = goTo(s, 'D');
    expect(has(at, { type: 'action', action: '0.0' })).toBe(false);
    const paid = play(at, { type: 'action', action: '0.1' });
    expect(paid.players[0]!.money).toBe(0);
    expect(paid.turn.stack.at(-1)).toEqual({ kind: 'engine', max: 2, exact: false });
  });

  it('D and G: single-or-double auxiliary action', () => {
    let s = fresh();
    s.players[0]!.discs = s.players[0]!.discs.filter((d) => d !== 'aux1');
    s = goTo(s, 'G');
    s = play(s, { type: 'action', action: '1.0' });
    s = play(s, { type: 'aux', aux: 1, double: true });
    expect(s.players[0]!.money).toBe(22);
  });

  it('E: discard a Black Angus for $2; buy cattle with cowboys', () => {
    let s = fresh();
    s.players[0]!.hand = ['angus'];
    s.players[0]!.workers.cowboy = 3;
    s.market = ['holstein', 'ayrshire', 'highland4', 'longhorn7'];
    s = goTo(s, 'E');
    s = play(s, { type: 'action', action: '0.0' });
    expect(s.players[0]!.money).toBe(22);
    s = play(s, { type: 'action', action: '1.0' });
    expect(has(s, { type: 'buyCattle', cards: ['highland4'], cowboys: 3 })).toBe(true);
    expect(has(s, { type: 'buyCattle', cards: ['ayrshire', 'holstein'], cowboys: 3 })).toBe(true);
    expect(has(s, { type: 'buyCattle', cards: ['longhorn7'], cowboys: 4 })).toBe(false);
    s = play(s, { type: 'buyCattle', cards: ['ayrshire'], cowboys: 2 });
    expect(s.players[0]!.money).toBe(19);
    expect(s.players[0]!.discard).toContain('ayrshire');
    expect(has(s, { type: 'buyCattle', cards: ['holstein'], cowboys: 1 })).toBe(true);
    expect(has(s, { type: 'buyCattle', cards: ['holstein'], cowboys: 2 })).toBe(false);
    s = play(s, { type: 'refillMarket' });
    expect(s.market).toHaveLength(5);
    // Every cowboy used: nothing left to buy, so the purchase ends unasked, the building's actions are done and so
    // is the turn.
    expect(s.current).toBe(1);
  });

  // Original rules document: "تا بهاندازهی تعداد گاوچرانهایتان از ردیفهای بازار کارت گاو بخرید و هزینه را بپردازید؛
  // سپس کارت خریداریشده را روی ستون خارجشده بگذارید" (buy cattle cards with up to as many cowboys as you have, pay the
  // cost, the cards go onto the discard pile); the costs are the board's price table (digest §9.3).
  it.each([
    [['holstein'], 1, 6],
    [['ayrshire'], 2, 3],
    [['brownswiss', 'holstein'], 3, 5],
    [['highland5'], 1, 12],
    [['highland3'], 3, 6],
    [['highland3', 'highland4'], 5, 8],
    [['longhorn7'], 2, 12],
    [['longhorn5'], 4, 6],
  ])('E: the price table: %j with %i cowboys costs $%i', (cards, cowboys, price) => {
    let s = fresh();
    s.players[0]!.workers.cowboy = 6;
    s.market = ['holstein', 'brownswiss', 'ayrshire', 'highland3', 'highland4', 'highland5', 'longhorn5', 'longhorn7'];
    s = play(goTo(s, 'E'), { type: 'action', action: '1.0' });
    s = play(s, { type: 'buyCattle', cards, cowboys });
    expect(s.players[0]!.money).toBe(20 - price);
    expect([...s.players[0]!.discard].sort()).toEqual(cards);
    expect(s.market).toHaveLength(8 - cards.length);
    expect(s.turn.cowboysUsed).toBe(cowboys);
  });

  it('F: discard a pair for $4; pay $7 for a hazard', () => {
    let s = fresh();
    s.players[0]!.hand = ['jersey', 'jersey', 'angus'];
    s.trail['DROUGHT-2'] = 'h:drought-g4';
    s = goTo(s, 'F');
    expect(has(s, { type: 'action', action: '0.0', cards: ['jersey', 'jersey'] })).toBe(true);
    s = play(s, { type: 'action', action: '0.0', cards: ['jersey', 'jersey'] });
    expect(s.players[0]!.money).toBe(24);
    s = play(s, { type: 'action', action: '1.0' });
    s = play(s, { type: 'takeHazard', space: 'DROUGHT-2' });
    expect(s.players[0]!.money).toBe(17);
    expect(s.players[0]!.hazards).toEqual(['drought-g4']);
    expect(s.trail['DROUGHT-2']).toBe('');
  });
});

describe('worker slot bonuses', () => {
  // The bonus steps are looked at while asked: on a bare trail a free hazard has nothing to take, and that step
  // would be passed at once (skipOnlySteps, below).
  const hireInto = (worker: 'cowboy' | 'craftsman' | 'engineer', had: number) => {
    let s = fresh(2, { skipOnlySteps: 'asked' });
    s.jobMarket = s.jobMarket.map(() => '');
    s.jobMarket[0] = worker;
    s.jobMarket[2] = 'cowboy';
    s.jobFilled = 3;
    s.players[0]!.workers[worker] = had;
    s.players[0]!.hand = ['jersey'];
    s = goTo(s, 'A');
    s = play(s, { type: 'action', action: '1.0' });
    return play(s, { type: 'hire', slot: 0 });
  };
  it('cowboy slot 4: a free hazard; slot 6: trade with the Indians', () => {
    expect(hireInto('cowboy', 3).turn.stack.at(-1)).toEqual({ kind: 'hazard', cost: 0, orTeepee: false });
    expect(hireInto('cowboy', 5).turn.stack.at(-1)).toEqual({ kind: 'teepee' });
  });
  it('craftsman slots 4 and 6: a building at $1 per craftsman', () => {
    const s = hireInto('craftsman', 3);
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'build', perCraftsman: 1 });
    const t = play(s, { type: 'build', building: '4a', space: 'A-1' });
    expect(t.players[0]!.money).toBe(20 - 6 - 2);
  });
  it('engineer slots: Jersey for certificates or money, a cheaper hire on slot 4', () => {
    const two = hireInto('engineer', 1);
    expect(play(two, { type: 'discard', card: 'jersey' }).players[0]!.certificates).toBe(1);
    expect(play(hireInto('engineer', 2), { type: 'discard', card: 'jersey' }).players[0]!.money).toBe(20 - 6 + 2);
    expect(hireInto('engineer', 3).turn.stack.at(-1)).toEqual({ kind: 'hire', mod: -2 });
    expect(play(hireInto('engineer', 4), { type: 'discard', card: 'jersey' }).players[0]!.certificates).toBe(2);
    expect(play(hireInto('engineer', 5), { type: 'discard', card: 'jersey' }).players[0]!.money).toBe(20 - 6 + 4);
  });
  it("a Jersey bonus's discard says what the bonus gave: its `bonus`, the money (`amount`) and the certificates gained", () => {
    // The log said only "discards Jersey, value 1": the $2 or the certificate it brought was nowhere.
    const jersey = (had: number, certificates = 0, limitDiscsTaken = false) => {
      const s = hireInto('engineer', had);
      s.players[0]!.certificates = certificates;
      if (limitDiscsTaken) s.players[0]!.discs = s.players[0]!.discs.filter((d) => d !== 'cert4' && d !== 'cert6');
      const r = game.applyMove(s, 0, { type: 'discard', card: 'jersey' });
      if (!r.ok) throw new Error(r.error.code);
      return r.events[0];
    };
    const event = { type: 'discard', card: 'jersey', seat: 0 };
    expect(jersey(1)).toEqual({ ...event, bonus: 'jerseyCert1', amount: 0, certificatesGained: 1 });
    expect(jersey(2)).toEqual({ ...event, bonus: 'jerseyMoney2', amount: 2, certificatesGained: 0 });
    expect(jersey(4)).toEqual({ ...event, bonus: 'jerseyCert2', amount: 0, certificatesGained: 2 });
    expect(jersey(5)).toEqual({ ...event, bonus: 'jerseyMoney4', amount: 4, certificatesGained: 0 });
    // At the limit (3 while the certificate discs lie on the board) nothing; the track runs 0-1-2-3-4-6, so once
    // both discs are taken one space up from 4 is 6.
    expect(jersey(1, 3)).toMatchObject({ bonus: 'jerseyCert1', certificatesGained: 0 });
    expect(jersey(4, 2)).toMatchObject({ bonus: 'jerseyCert2', certificatesGained: 1 });
    expect(jersey(1, 4, true)).toMatchObject({ bonus: 'jerseyCert1', certificatesGained: 2 });
    // Any other discard (a hand over its limit, a local action's step) says nothing of a bonus.
    const s = fresh();
    s.players[0]!.hand = ['jersey', 'angus'];
    s.turn.stack.push({ kind: 'discard', count: 1 });
    const r = game.applyMove(s, 0, { type: 'discard', card: 'jersey' });
    expect(r.ok && r.events[0]).toEqual(event);
  });
  it("a Jersey bonus is offered whether or not the hand holds a Jersey: the pending step does not tell the table what it lacks", () => {
    const hire = (hand: string[], options: Partial<GwtOptions> = {}) => {
      let s = fresh(2, options);
      s.jobMarket = s.jobMarket.map(() => '');
      s.jobMarket[0] = 'engineer';
      s.jobFilled = 3;
      s.players[0]!.hand = hand;
      s = play(goTo(s, 'A'), { type: 'action', action: '1.0' });
      return play(s, { type: 'hire', slot: 0 });
    };
    const without = hire(['guernsey', 'angus']);
    expect(viewFor(without, 1).public).toEqual(viewFor(hire(['jersey', 'angus']), 1).public);
    expect(viewFor(without, 1).public.pending).toBe('jersey');
    expect(legalMoves(without, 0)).toEqual([{ type: 'skip' }]);
    expect(play(without, { type: 'skip' }).turn.stack.at(-1)?.kind).not.toBe('jersey');
    // As games recorded before the option were played: skipped unasked.
    expect(hire(['guernsey', 'angus'], { jerseyBonus: 'whenHeld' }).turn.stack.at(-1)?.kind).not.toBe('jersey');
  });
  it('no row holds more than six workers', () => {
    let s = fresh();
    s.jobMarket[0] = 'cowboy';
    s.players[0]!.workers.cowboy = 6;
    s.jobMarket = s.jobMarket.map((t) => (t === '' ? '' : 'cowboy'));
    s = goTo(s, 'A');
    expect(has(s, { type: 'action', action: '1.0' })).toBe(false);
  });
});

describe('private buildings', () => {
  const at = (building: string, setupFn: (s: GwtState) => void = () => {}) => {
    const s = fresh();
    s.trail['C-2'] = `p:0:${building}`;
    setupFn(s);
    return goTo(s, 'C-2');
  };
  it('1a: $2 per own building in a forest', () => {
    const s = at('1a', (x) => {
      x.trail['B-1'] = 'p:0:2a';
      x.trail['E-1'] = 'p:0:3a';
      x.trail['E-2'] = 'p:1:3a';
    });
    const r = game.applyMove(s, 0, { type: 'action', action: '0.0' });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.players[0]!.money).toBe(24);
    // Its event says what the rate came to: the words say "$2 per own building in a forest".
    expect(r.events[0]).toMatchObject({ type: 'action', action: '0.0', amount: 4 });
  });
  it("a local action that gives certificates says how far they rose (`certificatesGained`): its words say what it offers", () => {
    // The log said "takes the local action “certificates to your maximum”": how many that came to was nowhere.
    const certMax = (certificates: number) => {
      const r = game.applyMove(at('10a', (x) => (x.players[0]!.certificates = certificates)), 0, { type: 'action', action: '0.0' });
      if (!r.ok) throw new Error(r.error.code);
      return r.events[0];
    };
    expect(certMax(1)).toMatchObject({ type: 'action', action: '0.0', certificatesGained: 2 }); // to 3, the limit with both discs on the board
    expect(certMax(3)).toMatchObject({ type: 'action', action: '0.0', certificatesGained: 0 });
    // An action that moves no certificates says nothing of them.
    const r = game.applyMove(at('10a'), 0, { type: 'action', action: '1.0' });
    expect(r.ok && r.events[0]).not.toHaveProperty('certificatesGained');
  });
  it('2a: discard a Guernsey for $4; buy cattle', () => {
    const s = at('2a', (x) => (x.players[0]!.hand = ['guernsey']));
    expect(play(s, { type: 'action', action: '0.0' }).players[0]!.money).toBe(24);
    expect(play(s, { type: 'action', action: '1.0' }).turn.stack.at(-1)).toEqual({ kind: 'buy' });
  });
  it('3a: discard a pair for $3; move the cattleman 1 step and use that location', () => {
    const s = at('3a', (x) => (x.players[0]!.hand = ['angus', 'angus']));
    expect(play(s, { type: 'action', action: '0.0', cards: ['angus', 'angus'] }).players[0]!.money).toBe(23);
    let t = play(s, { type: 'action', action: '1.0' });
    expect(legalMoves(t, 0)).toEqual([{ type: 'move', path: ['D'] }, { type: 'move', path: ['E'] }, { type: 'skip' }]);
    t = play(t, { type: 'move', path: ['D'] });
    expect(t.turn.session!.tile).toBe('n:D');
    expect(t.turn.session!.used).toEqual([]);
  });
  it('4a: pay $5 for a hazard; move up to 2', () => {
    const s = at('4a', (x) => (x.trail['FLOOD-3'] = 'h:flood-b2'));
    let t = play(s, { type: 'action', action: '0.0' });
    t = play(t, { type: 'takeHazard', space: 'FLOOD-3' });
    expect(t.players[0]!.money).toBe(15);
    expect(play(s, { type: 'action', action: '1.0' }).turn.stack.at(-1)).toEqual({ kind: 'move', max: 2, ignoreFees: false, activate: true });
  });
  it('5a: hire at row cost -$1; engine up to the number of engineers', () => {
    const s = at('5a', (x) => {
      x.jobMarket = x.jobMarket.map(() => '');
      x.jobMarket[0] = 'craftsman';
      x.jobFilled = 3;
    });
    const t = play(play(s, { type: 'action', action: '0.0' }), { type: 'hire', slot: 0 });
    expect(t.players[0]!.money).toBe(15);
  });
  it('6a: discard a Holstein for $10', () => {
    const s = at('6a', (x) => (x.players[0]!.hand = ['holstein']));
    expect(play(s, { type: 'action', action: '0.0' }).players[0]!.money).toBe(30);
  });
  it('7a: per teepee pair +2 certificates and +$2', () => {
    const s = at('7a', (x) => {
      x.players[0]!.teepees = ['green', 'blue', 'green'];
      x.players[0]!.discs = x.players[0]!.discs.filter((d) => d !== 'cert4');
    });
    const t = play(s, { type: 'action', action: '0.0' });
    expect(t.players[0]!.certificates).toBe(2);
    expect(t.players[0]!.money).toBe(22);
  });
  it('8a: trade or single-or-double aux; engine up to 2', () => {
    const s = at('8a');
    expect(play(s, { type: 'action', action: '0.1' }).turn.stack.at(-1)).toEqual({ kind: 'aux' });
    expect(play(s, { type: 'action', action: '1.0' }).turn.stack.at(-1)).toEqual({ kind: 'engine', max: 2, exact: false });
  });
  it('9a: engine up to 3; extraordinary delivery backwards', () => {
    const s = at('9a', (x) => (x.players[0]!.engine = 6));
    let t = play(s, { type: 'action', action: '1.0' });
    t = play(t, { type: 'engine', to: 2 });
    // 6 -> 5 -> turnout -> 4 -> 3 -> 2 counts five spaces.
    expect(legalMoves(t, 0).map((m) => (m.type === 'deliver' ? m.city : ''))).toEqual(['kansasCity', 'topeka', 'wichita']);
    t = play(t, { type: 'deliver', city: 'topeka' });
    t = play(t, { type: 'disc', disc: 'aux1' });
    expect(t.players[0]!.cities.topeka).toBe(1);
    expect(t.players[0]!.money).toBe(20);
  });
  it('9a: a turnout destination does not count (option: it counts)', () => {
    const s = at('9a', (x) => (x.players[0]!.engine = 8));
    const t = play(play(s, { type: 'action', action: '1.0' }), { type: 'engine', to: 4.5 });
    expect(t.turn.stack.find((x) => x.kind === 'deliver')).toEqual({ kind: 'deliver', max: 4, extraordinary: true });
    const c = fresh(2, { extraordinaryTurnout: 'counted' });
    c.trail['C-2'] = 'p:0:9a';
    c.players[0]!.engine = 8;
    const u = play(play(goTo(c, 'C-2'), { type: 'action', action: '1.0' }), { type: 'engine', to: 4.5 });
    expect(u.turn.stack.find((x) => x.kind === 'deliver')).toEqual({ kind: 'deliver', max: 5, extraordinary: true });
  });
  it('10a: certificate marker to the maximum; move up to 5', () => {
    const s = at('10a');
    expect(play(s, { type: 'action', action: '0.0' }).players[0]!.certificates).toBe(3);
  });
  // Original rules document: "نمیتوانید از کانزاس سیتی عبور کنید؛ وقتی گاوچران به کانزاس سیتی میرسد باید همانجا
  // بایستد" (you cannot pass Kansas City: the cattleman stops there) and "کانزاس سیتی: باید پنج زیرمرحله را به ترتیب
  // انجام دهید" (Kansas City: the five sub-phases, in order) - also when a building's action moves the cattleman.
  it("10a: a building's cattleman move stops in Kansas City, whose five sub-phases follow", () => {
    let s = fresh();
    s.trail['G-1'] = 'p:0:10a';
    s.foresight = ['flood-g4', 'green', '', '', '', ''];
    s.players[0]!.hand = ['guernsey', 'holstein'];
    s = play(goTo(s, 'G-1'), { type: 'action', action: '1.0' });
    expect(legalMoves(s, 0)).toEqual([{ type: 'move', path: ['KANSAS_CITY'] }, { type: 'skip' }]);
    s = play(s, { type: 'move', path: ['KANSAS_CITY'] });
    expect(s.players[0]!.location).toBe('KANSAS_CITY');
    // 10a's other action is gone with the building: Kansas City's steps, and only them.
    expect(legalMoves(s, 0)).toEqual([{ type: 'foresight', pick: 0 }, { type: 'foresight', pick: 1 }]);
    s = play(play(s, { type: 'foresight', pick: 0 }), { type: 'income', certificates: 0 });
    expect(s.players[0]!.money).toBe(20 + 5);
    s = play(play(s, { type: 'deliver', city: 'wichita' }), { type: 'disc', disc: 'aux1' });
    expect([s.players[0]!.cities.wichita, s.players[0]!.location, s.current]).toEqual([1, 'START', 1]);
  });
  it('1b: discard an objective card for 2 certificates; engine exactly 1 back for $3', () => {
    const s = at('1b', (x) => {
      x.players[0]!.hand = ['DRAW_5H'];
      x.players[0]!.engine = 3;
    });
    expect(play(s, { type: 'action', action: '0.0', cards: ['DRAW_5H'] }).players[0]!.certificates).toBe(2);
    const t = play(play(s, { type: 'action', action: '1.0' }), { type: 'engine', to: 2 });
    expect(t.players[0]!.money).toBe(23);
  });
  it('2b: discard a Jersey to move the engine 1; discard a Dutch Belt for $3', () => {
    const s = at('2b', (x) => (x.players[0]!.hand = ['jersey', 'dutchbelt']));
    expect(play(s, { type: 'action', action: '0.0' }).turn.stack.at(-1)).toEqual({ kind: 'engine', max: 1, exact: false });
    expect(play(s, { type: 'action', action: '1.0' }).players[0]!.money).toBe(23);
  });
  it('3b: single-or-double aux; move 1', () => {
    expect(play(at('3b'), { type: 'action', action: '0.0' }).turn.stack.at(-1)).toEqual({ kind: 'aux' });
  });
  it('4b: draw up to as many cards as cowboys, then discard as many', () => {
    const s = at('4b', (x) => {
      x.players[0]!.workers.cowboy = 2;
      x.players[0]!.deck = ['angus', 'jersey'];
    });
    let t = play(s, { type: 'action', action: '0.0' });
    expect(legalMoves(t, 0)).toEqual([{ type: 'draw', count: 1 }, { type: 'draw', count: 2 }, { type: 'skip' }]);
    t = play(t, { type: 'draw', count: 2 });
    expect(t.players[0]!.hand).toHaveLength(2);
    t = play(play(t, { type: 'discard', card: 'angus' }), { type: 'discard', card: 'jersey' });
    expect(t.players[0]!.discard).toEqual(['angus', 'jersey']);
    expect(t.turn.stack).toEqual([]);
  });
  it('5b: discard a Black Angus for 2 certificates; $1 per engineer', () => {
    const s = at('5b', (x) => {
      x.players[0]!.hand = ['angus'];
      x.players[0]!.workers.engineer = 3;
    });
    expect(play(s, { type: 'action', action: '0.0' }).players[0]!.certificates).toBe(2);
    expect(play(s, { type: 'action', action: '1.0' }).players[0]!.money).toBe(23);
  });
  it('6b: discard any cattle card for $3 and an objective card into the hand', () => {
    const s = at('6b', (x) => (x.players[0]!.hand = ['longhorn6']));
    let t = play(s, { type: 'action', action: '0.0', cards: ['longhorn6'] });
    expect(t.players[0]!.money).toBe(23);
    t = play(t, { type: 'takeObjective', card: 'stack' });
    expect(t.players[0]!.hand).toHaveLength(1);
  });
  it('7b: engine up to the number of own forest buildings', () => {
    const s = at('7b', (x) => (x.trail['B-1'] = 'p:0:1a'));
    expect(play(s, { type: 'action', action: '0.0' }).turn.stack.at(-1)).toEqual({ kind: 'engine', max: 1, exact: false });
  });
  it('8b: use the local actions of an adjacent building (not another 8b)', () => {
    const s = at('8b', (x) => (x.players[0]!.hand = ['dutchbelt']));
    let t = play(s, { type: 'action', action: '0.0' });
    expect(legalMoves(t, 0)).toEqual([{ type: 'copy', space: 'C' }, { type: 'copy', space: 'D' }, { type: 'skip' }]);
    t = play(t, { type: 'copy', space: 'D' });
    expect(has(t, { type: 'action', action: '1.0' })).toBe(true);
  });
  it("8b: its copy is the building's local action, so no single auxiliary action follows it (the copied tile's actions do); option auxAfterCopy", () => {
    const copied = (options: object = {}) => {
      const s = at('8b');
      s.options = optionsSchema.parse({ ...s.options, ...options });
      return play(play(s, { type: 'action', action: '0.0' }), { type: 'copy', space: 'D' });
    };
    expect(has(copied(), { type: 'action', action: '1.0' })).toBe(true);
    expect(types(copied())).not.toContain('aux');
    // Before this option existed (a record without it replays so) a single auxiliary action was offered after the copy.
    expect(has(copied({ auxAfterCopy: 'offered' }), { type: 'aux', aux: 1, double: false })).toBe(true);
    expect(game.legacyOptions).toMatchObject({ auxAfterCopy: 'offered' });
  });
  it('8b option: the nearest location past empty spaces', () => {
    const build = (options: object) => {
      const s = fresh(2, options);
      s.trail['B-2'] = 'p:0:8b';
      s.trail['A-3'] = 'p:1:2b';
      return goTo(s, 'B-2');
    };
    expect(has(build({}), { type: 'action', action: '0.0' })).toBe(false);
    expect(legalMoves(play(build({ copyAdjacency: 'nearestLocation' }), { type: 'action', action: '0.0' }), 0)).toEqual([{ type: 'copy', space: 'B' }, { type: 'copy', space: 'C' }, { type: 'skip' }]);
  });
  it('9b: upgrade a station behind the engine', () => {
    const s = at('9b', (x) => (x.players[0]!.engine = 9));
    let t = play(s, { type: 'action', action: '0.0' });
    expect(legalMoves(t, 0)).toEqual([{ type: 'upgradeStation', station: 0 }, { type: 'upgradeStation', station: 1 }, { type: 'skip' }]);
    t = play(t, { type: 'upgradeStation', station: 1 });
    t = play(t, { type: 'disc', disc: 'aux3a' });
    expect(t.stations[1]!.discs).toEqual([0]);
    expect(t.players[0]!.money).toBe(18);
  });
  it('9b: the station where the engine stands too (the original document); behind only with upgrade9b behind', () => {
    const on = (options: object) => {
      const s = fresh(2, options);
      s.trail['C-2'] = 'p:0:9b';
      s.sides = s.sides.map((side) => (side === '9a' ? '9b' : side));
      s.players[0]!.engine = stationPosition(0); // on station 0's turnout, not upgraded, none behind
      return goTo(s, 'C-2');
    };
    expect(legalMoves(play(on({}), { type: 'action', action: '0.0' }), 0)).toEqual([{ type: 'upgradeStation', station: 0 }, { type: 'skip' }]);
    expect(has(on({ upgrade9b: 'behind' }), { type: 'action', action: '0.0' })).toBe(false);
    // The words the view gives the action, and the building, say the station it reaches under each.
    const words = (options: object) => {
      const { session, buildings } = viewFor(on(options), SPECTATOR).public;
      return [session!.actions[0]!.text, buildings['9b']!.actions[0]];
    };
    expect(words({})).toEqual(Array(2).fill('upgrade a station where your engine stands or behind it'));
    expect(words({ upgrade9b: 'behind' })).toEqual(Array(2).fill('upgrade a station behind your engine'));
  });
  it('10b: $4; engine up to 4; move up to 4', () => {
    const s = at('10b');
    expect(play(s, { type: 'action', action: '0.0' }).players[0]!.money).toBe(24);
    expect(play(s, { type: 'action', action: '1.0' }).turn.stack.at(-1)).toEqual({ kind: 'engine', max: 4, exact: false });
    expect(play(s, { type: 'action', action: '2.0' }).turn.stack.at(-1)).toEqual({ kind: 'move', max: 4, ignoreFees: false, activate: true });
  });
  it('risk spaces: the owner gets an extra local action', () => {
    const s = fresh();
    s.trail['FLOOD-RISK-1'] = 'p:0:1a';
    s.players[0]!.hand = ['jersey'];
    const t = play(goTo(s, 'FLOOD-RISK-1'), { type: 'action', action: 'risk' });
    expect(t.players[0]!.certificates).toBe(1);
    expect(t.players[0]!.money).toBe(22);
  });
  it('a building replaced under the cattleman cannot be used this turn', () => {
    let s = fresh();
    s.trail['C-2'] = 'p:0:5a';
    s.players[0]!.buildings = s.players[0]!.buildings.filter((b) => b !== '5a');
    s.players[0]!.workers.craftsman = 3;
    s.jobMarket = s.jobMarket.map(() => '');
    s.jobMarket[0] = 'craftsman';
    s.jobFilled = 3;
    s = goTo(s, 'C-2');
    s = play(play(s, { type: 'action', action: '0.0' }), { type: 'hire', slot: 0 });
    expect(has(s, { type: 'build', building: '6a', space: 'C-2' })).toBe(true);
    s = play(s, { type: 'build', building: '6a', space: 'C-2' });
    expect(s.trail['C-2']).toBe('p:0:6a');
    expect(s.current).toBe(1); // 6a's actions not offered: nothing left, the turn ended
  });
});

describe('auxiliary actions', () => {
  const ready = (discs: string[], engine = 3, options: Partial<GwtOptions> = {}) => {
    const s = fresh(2, options);
    s.players[0]!.discs = s.players[0]!.discs.filter((d) => !discs.includes(d));
    s.players[0]!.engine = engine;
    s.players[0]!.deck = ['angus', 'jersey'];
    return goTo(s, 'G');
  };
  it('1: $1 single, $2 double', () => {
    let s = ready(['aux1']);
    s = play(play(s, { type: 'action', action: '1.0' }), { type: 'aux', aux: 1, double: true });
    expect(s.players[0]!.money).toBe(22);
  });
  it('2: draw and discard one, or two when doubled', () => {
    let s = ready(['aux2']);
    s = play(play(s, { type: 'action', action: '1.0' }), { type: 'aux', aux: 2, double: true });
    expect(s.players[0]!.hand).toHaveLength(2);
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'discard', count: 2 });
    // The view says how many cards the step still asks for, a card a move: 2, then 1 (the view's words name one).
    expect(viewFor(s, 1).public.pendingCount).toBe(2);
    expect(NAMES.steps.discard).toBe('a card to discard');
    s = play(s, { type: 'discard', card: s.players[0]!.hand[0]! });
    expect(viewFor(s, 1).public).toMatchObject({ pending: 'discard', pendingCount: 1 });
    s = play(s, { type: 'discard', card: s.players[0]!.hand[0]! });
    expect(viewFor(s, 1).public.pendingCount).toBe(0);
  });
  // "دو کارت از ستون خود بکشید و سپس دو کارت خارج کنید" (draw two cards from your pile, then discard two): the draw
  // takes what the pile and the reshuffled discards hold ("با همان تعداد کارت ادامه دهید", go on with that many), the
  // discard stays the number the action names.
  it('2 with too few cards to draw: draws what there is and still discards the number named; phase C draws them back', () => {
    let s = fresh();
    s.players[0]!.hand = ['angus', 'guernsey', 'holstein', 'jersey'];
    s = play(goTo(s, 'G'), { type: 'aux', aux: 2, double: false });
    expect(s.players[0]!.hand).toEqual(['angus', 'guernsey', 'holstein', 'jersey']);
    expect(legalMoves(s, 0)).toEqual(['angus', 'guernsey', 'holstein', 'jersey'].map((card) => ({ type: 'discard', card })));
    s = play(s, { type: 'discard', card: 'angus' });
    expect(s.current).toBe(1);
    expect([...s.players[0]!.hand].sort()).toEqual(['angus', 'guernsey', 'holstein', 'jersey']);
    // Doubled with one card in the draw pile and none discarded: one drawn, two discarded.
    let d = ready(['aux2']);
    d.players[0]!.hand = ['guernsey', 'holstein', 'jersey'];
    d.players[0]!.deck = ['angus'];
    d = play(play(d, { type: 'action', action: '1.0' }), { type: 'aux', aux: 2, double: true });
    expect([...d.players[0]!.hand].sort()).toEqual(['angus', 'guernsey', 'holstein', 'jersey']);
    d = play(play(d, { type: 'discard', card: 'jersey' }), { type: 'discard', card: 'guernsey' });
    expect([...d.players[0]!.discard].sort()).toEqual(['guernsey', 'jersey']);
  });
  it('3: locked until its disc is cleared; single: pay $1, engine exactly 1 back, 1 certificate', () => {
    expect(has(ready([]), { type: 'aux', aux: 3, double: false })).toBe(false);
    let s = ready(['aux3a']);
    s = play(s, { type: 'aux', aux: 3, double: false });
    expect(legalMoves(s, 0)).toEqual([{ type: 'engine', to: 2 }]);
    s = play(s, { type: 'engine', to: 2 });
    expect(s.players[0]!.certificates).toBe(1);
    expect(s.players[0]!.money).toBe(19);
  });
  it("3: the engine move back says the certificates it gave (`certificatesGained`): none at the limit", () => {
    // The log said "moves the engine to space 2": the certificate it brought, or none at the limit, was nowhere.
    const back = (certificates: number) => {
      const s = play(ready(['aux3a']), { type: 'aux', aux: 3, double: false });
      s.players[0]!.certificates = certificates;
      const r = game.applyMove(s, 0, { type: 'engine', to: 2 });
      if (!r.ok) throw new Error(r.error.code);
      return r.events[0];
    };
    expect(back(0)).toEqual({ type: 'engine', to: 2, seat: 0, amount: 0, certificatesGained: 1 });
    expect(back(3)).toEqual({ type: 'engine', to: 2, seat: 0, amount: 0, certificatesGained: 0 });
  });
  it('an engine move back that pays $3: its event says so', () => {
    const s = fresh();
    s.players[0]!.engine = 3;
    s.turn.phase = 'B';
    s.turn.stack = [{ kind: 'engineBack', exact: 1, reward: 'money3' }];
    const back = legalMoves(s, 0).find((m) => m.type === 'engine')!;
    const r = game.applyMove(s, 0, back);
    expect(r.ok && r.events[0]).toEqual({ ...back, seat: 0, amount: 3 });
  });
  // Original rules document: «تا وقتی هر دو فضا اشغال شدهاند اقدام قابل استفاده نیست. هر بار با پاک کردن یکی از
  // دیسکها آن را باز میکنید» (while both disc spaces are occupied the action cannot be used; clearing one unlocks it).
  it.each([3, 4, 5])('%i: either of its two discs cleared unlocks the single action, both the double', (aux) => {
    const s = play(ready([`aux${aux}b`]), { type: 'action', action: '1.0' });
    expect(has(s, { type: 'aux', aux, double: false })).toBe(true);
    expect(has(s, { type: 'aux', aux, double: true })).toBe(false);
  });
  // Original rules document: "۲ دلار بپردازید و لکوموتیو را یک فضا عقب ببرید، سپس نشانگر سند را دو فضا جلو ببرید"
  // (pay $2, move the engine one space back, then the certificate marker two spaces forward).
  it('3 doubled (rules document): pay $2, engine exactly ONE space back, certificate marker two forward', () => {
    let s = ready(['aux3a', 'aux3b']);
    s = play(play(s, { type: 'action', action: '1.0' }), { type: 'aux', aux: 3, double: true });
    expect(legalMoves(s, 0)).toEqual([{ type: 'engine', to: 2 }]);
    s = play(s, { type: 'engine', to: 2 });
    expect(s.players[0]!.certificates).toBe(2);
    expect(s.players[0]!.money).toBe(18);
    // One space back is enough room for the double action.
    expect(has(play(ready(['aux3a', 'aux3b'], 1), { type: 'action', action: '1.0' }), { type: 'aux', aux: 3, double: true })).toBe(true);
  });
  it('3 doubled (option printedBoard): pay $2, engine exactly 2 back, two certificates', () => {
    let s = ready(['aux3a', 'aux3b'], 3, { doubleAuxiliary: 'printedBoard' });
    s = play(play(s, { type: 'action', action: '1.0' }), { type: 'aux', aux: 3, double: true });
    expect(legalMoves(s, 0)).toEqual([{ type: 'engine', to: 1 }]);
    s = play(s, { type: 'engine', to: 1 });
    expect(s.players[0]!.certificates).toBe(2);
    expect(s.players[0]!.money).toBe(18);
    expect(has(play(ready(['aux3a', 'aux3b'], 1, { doubleAuxiliary: 'printedBoard' }), { type: 'action', action: '1.0' }), { type: 'aux', aux: 3, double: true })).toBe(false);
  });
  it('4 single: pay $1 for exactly 1 forward', () => {
    let s = ready(['aux4a']);
    s = play(s, { type: 'aux', aux: 4, double: false });
    expect(legalMoves(s, 0)).toEqual([{ type: 'engine', to: 4 }]);
    expect(s.players[0]!.money).toBe(19);
  });
  // Original rules document: "۱ دلار بپردازید و لکوموتیو را دو فضا جلو ببرید (در تک اقدام یکفضا)"
  // (pay $1 and move the engine two spaces forward; one space in the single action).
  it('4 doubled (rules document): pay $1, engine exactly two spaces forward', () => {
    let s = ready(['aux4a', 'aux4b']);
    s = play(play(s, { type: 'action', action: '1.0' }), { type: 'aux', aux: 4, double: true });
    expect(s.players[0]!.money).toBe(19);
    // From 3: 3 -> 4 -> 5, or 3 -> 4 -> turnout 4.5 (the turnout counts as a space); never just one space.
    expect(legalMoves(s, 0)).toEqual([{ type: 'engine', to: 4.5 }, { type: 'engine', to: 5 }]);
    const poor = ready(['aux4a', 'aux4b']);
    poor.players[0]!.money = 1;
    expect(has(play(poor, { type: 'action', action: '1.0' }), { type: 'aux', aux: 4, double: true })).toBe(true);
  });
  it('4 doubled (option printedBoard): pay $2, engine up to 2 forward', () => {
    let s = ready(['aux4a', 'aux4b'], 3, { doubleAuxiliary: 'printedBoard' });
    s = play(play(s, { type: 'action', action: '1.0' }), { type: 'aux', aux: 4, double: true });
    expect(s.players[0]!.money).toBe(18);
    expect(legalMoves(s, 0)).toEqual([{ type: 'engine', to: 4 }, { type: 'engine', to: 4.5 }, { type: 'engine', to: 5 }, { type: 'skip' }]);
  });
  it('5: engine back, then remove hand cards from the game (option auxiliary5Cards: discarded)', () => {
    const removing = (options: Partial<GwtOptions> = {}) => {
      let s = ready(['aux5a'], 3, { endTurn: 'asked', ...options }); // the hand looked at before phase C refills it
      s.players[0]!.hand = ['jersey'];
      s = play(s, { type: 'aux', aux: 5, double: false });
      s = play(s, { type: 'engine', to: 2 });
      return play(s, { type: 'remove', card: 'jersey' });
    };
    const s = removing();
    expect(s.removedCards).toContain('jersey');
    expect(s.players[0]!.discard).not.toContain('jersey');
    expect(s.players[0]!.hand).toEqual([]);
    const discarded = removing({ auxiliary5Cards: 'discarded' });
    expect(discarded.players[0]!.discard).toContain('jersey');
    expect(discarded.removedCards).not.toContain('jersey');
  });
  it('backward actions need room behind the engine', () => {
    expect(has(ready(['aux5a'], 0), { type: 'aux', aux: 5, double: false })).toBe(false);
  });
});

describe('railroad', () => {
  it('occupied spaces are skipped and not counted; space 0 holds any number', () => {
    const s = fresh(3);
    s.players[1]!.engine = 1;
    s.players[2]!.engine = 2;
    expect([...engineReach(s, 0, true, 1).keys()]).toEqual([3]);
  });
  it('stopping on a turnout offers the station upgrade, then its station master', () => {
    let s = fresh();
    s.players[0]!.workers.cowboy = 2;
    s.stations[0]!.master = 2;
    s = goTo(s, 'G');
    s.players[0]!.engine = 4;
    s = play(s, { type: 'action', action: '0.0' });
    s = play(s, { type: 'engine', to: 4.5 });
    // The view names the station each step is about, for a client to say which (it knows no turnout).
    const pendingStation = (state: GwtState) => game.viewFor(state, SPECTATOR).public.pendingStation;
    expect(pendingStation(s)).toBe(0);
    s = play(s, { type: 'upgrade' });
    expect(s.players[0]!.money).toBe(18);
    expect(legalMoves(s, 0).every((m) => m.type === 'disc' && !['cert6', 'step1', 'step2', 'hand1', 'hand2'].includes(m.disc))).toBe(true);
    s = play(s, { type: 'disc', disc: 'aux4a' });
    expect(legalMoves(s, 0)).toEqual([{ type: 'claimMaster', worker: 'cowboy' }, { type: 'skip' }]);
    expect([s.turn.stack.at(-1)?.kind, pendingStation(s)]).toEqual(['master', 0]);
    s = play(s, { type: 'claimMaster', worker: 'cowboy' });
    expect(pendingStation(s)).toBe(-1);
    expect(s.players[0]!.permanentCertificates).toBe(1);
    expect(s.players[0]!.workers.cowboy).toBe(1);
    expect(s.stations[0]!.master).toBe(0);
  });
  it('a station master nobody can take (no two workers of a kind to give) is passed without asking; option skipOnlySteps: asked waits for the skip', () => {
    const upgraded = (options: Partial<GwtOptions> = {}) => {
      let s = fresh(2, options);
      s.players[0]!.workers = { cowboy: 1, craftsman: 1, engineer: 1 };
      s.stations[0]!.master = 2;
      s = goTo(s, 'G');
      s.players[0]!.engine = 4;
      s = play(play(play(s, { type: 'action', action: '0.0' }), { type: 'engine', to: 4.5 }), { type: 'upgrade' });
      return play(s, { type: 'disc', disc: 'aux4a' });
    };
    const passed = upgraded();
    expect(passed.turn.stack).toEqual([]);
    expect(legalMoves(passed, 0).some((m) => m.type === 'skip')).toBe(false);
    expect(passed.stations[0]!.master).toBe(2); // still there for whoever upgrades next with a pair to give
    const asked = upgraded({ skipOnlySteps: 'asked' });
    expect(legalMoves(asked, 0)).toEqual([{ type: 'skip' }]);
    expect({ ...play(asked, { type: 'skip' }), options: passed.options }).toEqual(passed); // the same game, one move more
  });
  it('station masters 1 and 3: $2; a free hazard or a teepee trade', () => {
    let s = fresh();
    s.players[0]!.workers.engineer = 2;
    s.stations[0]!.master = 1;
    s.stations[0]!.discs = [0];
    s.stations[1]!.master = 3;
    s.trail['TEEPEE-2'] = 't:blue';
    s = goTo(s, 'G');
    s.players[0]!.engine = 7;
    s = play(play(s, { type: 'action', action: '0.0' }), { type: 'engine', to: 7.5 });
    s = play(play(play(s, { type: 'upgrade' }), { type: 'disc', disc: 'aux1' }), { type: 'claimMaster', worker: 'engineer' });
    expect(legalMoves(s, 0)).toEqual([{ type: 'takeTeepee', space: 'TEEPEE-2' }, { type: 'skip' }]);
    expect(play(s, { type: 'takeTeepee', space: 'TEEPEE-2' }).players[0]!.money).toBe(18 + 2);
    const free = structuredClone(s);
    free.options.stationMasterTeepee = 'free';
    expect(play(free, { type: 'takeTeepee', space: 'TEEPEE-2' }).players[0]!.money).toBe(18);
  });
  it('space 39 (option upgradeThenBack): upgrade station 10, then move back at least one space and gain $3', () => {
    let s = fresh(2, { lastSpace: 'upgradeThenBack' });
    s.players[0]!.engine = 38;
    s.players[0]!.workers.engineer = 1;
    s = goTo(s, 'G');
    s = play(play(s, { type: 'action', action: '0.0' }), { type: 'engine', to: 39 });
    expect(types(s)).toEqual(['skip', 'upgrade']);
    s = play(play(s, { type: 'upgrade' }), { type: 'disc', disc: 'cert6' });
    expect(s.stations[9]!.discs).toEqual([0]);
    expect(legalMoves(s, 0).length).toBeGreaterThan(40);
    s = play(s, { type: 'engine', to: 33.5 });
    expect(s.players[0]!.money).toBe(20 - 3 + 3);
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'upgrade', station: 8 });
  });
  // Original rules document: "آخرین فضای راه آهن (فضای ۳۹) یک فضای ویژه است. وقتی لکوموتیو به آن میرسد، حرکت
  // میایستد و بهطور خودکار ارتقا مییابد" (space 39 is special: when the engine reaches it, the movement stops and
  // it is upgraded automatically).
  it('space 39 (rules document): the engine stops there and station 10 is upgraded automatically, free', () => {
    let s = fresh();
    s.players[0]!.engine = 36;
    s.players[0]!.workers.engineer = 4;
    s = goTo(s, 'G');
    s = play(s, { type: 'action', action: '0.0' });
    // Reaching 39 ends the move even with steps left; nothing lies beyond it.
    expect(has(s, { type: 'engine', to: 39 })).toBe(true);
    s = play(s, { type: 'engine', to: 39 });
    // No choice to decline and nothing to pay: only which disc goes onto the station.
    expect(types(s)).toEqual(['disc']);
    expect(s.players[0]!.money).toBe(20);
    s = play(s, { type: 'disc', disc: 'cert6' });
    expect(s.stations[9]!.discs).toEqual([0]);
    expect(s.players[0]!.engine).toBe(39);
    expect(s.players[0]!.money).toBe(20);
    expect(s.turn.stack).toEqual([]);
    expect(s.turn.session!.used).toEqual(['0']);
    // The engine stays on 39, so no other engine can stop there (one engine per space).
    s.current = 1;
    s.players[1]!.engine = 38;
    expect([...engineReach(s, 1, true, 3).keys()]).toEqual([]);
    // Back on 39 with a disc already there: nothing more happens.
    let again = fresh();
    again.stations[9]!.discs = [0];
    again.players[0]!.engine = 38;
    again = play(play(goTo(again, 'G'), { type: 'action', action: '0.0' }), { type: 'engine', to: 39 });
    expect(again.turn.stack).toEqual([]);
    expect(again.stations[9]!.discs).toEqual([0]);
  });
  it('transport cost counts the crosses between the engine and the city', () => {
    const s = fresh();
    expect(transportCost(s, 0, 'sanFrancisco')).toBe(11);
    s.players[0]!.engine = 10;
    expect(transportCost(s, 0, 'elPaso')).toBe(2);
    s.players[0]!.engine = 9.5;
    expect(transportCost(s, 0, 'elPaso')).toBe(2);
    const prev = fresh(2, { turnoutTransport: 'previous' });
    prev.players[0]!.engine = 9.5;
    expect(transportCost(prev, 0, 'elPaso')).toBe(3);
  });
});

describe('Kansas City', () => {
  const toKc = (s: GwtState) => {
    s.players[0]!.location = 'G-1';
    return play(s, { type: 'move', path: ['KANSAS_CITY'] });
  };
  it('foresight 1, 2, 3 in order, then income and delivery', () => {
    const s = fresh();
    s.foresight = ['flood-g4', 'green', 'cowboy', 'engineer', 'blue', 'craftsman'];
    let t = toKc(s);
    // The public view says which column a pick (0 or 1) counts in: a client names the tile it takes.
    const column = (st: GwtState) => viewFor(st, SPECTATOR).public.foresightColumn;
    expect(column(s)).toBe(-1);
    expect(legalMoves(t, 0)).toEqual([{ type: 'foresight', pick: 0 }, { type: 'foresight', pick: 1 }]);
    expect(column(t)).toBe(0);
    t = play(t, { type: 'foresight', pick: 0 });
    expect(t.trail['FLOOD-1']).toBe('h:flood-g4');
    expect(column(t)).toBe(1);
    t = play(t, { type: 'foresight', pick: 0 });
    expect(t.jobMarket[t.jobFilled - 1]).toBe('cowboy');
    expect(column(t)).toBe(2);
    t = play(t, { type: 'foresight', pick: 0 });
    expect(column(t)).toBe(-1);
    expect(t.trail['TEEPEE--3']).toBe('t:blue');
    expect(t.turn.stack.at(-1)).toEqual({ kind: 'income' });
  });
  it('income: distinct breeds count once, plus certificates used (the marker lands on a printed space)', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.hand = ['jersey', 'jersey', 'angus', 'holstein'];
    s.players[0]!.certificates = 6;
    s.players[0]!.permanentCertificates = 1;
    let t = toKc(s);
    // Each spend of temporary certificates with the permanent one left out, then added (the move without `permanent`).
    expect(legalMoves(t, 0)).toEqual(
      [0, 2, 3, 4, 5, 6].flatMap((certificates) => [{ type: 'income', certificates, permanent: 0 }, { type: 'income', certificates }]),
    );
    t = play(t, { type: 'income', certificates: 2 });
    expect(t.players[0]!.money).toBe(20 + 6 + 1 + 2);
    expect(t.players[0]!.certificates).toBe(4);
    expect(t.players[0]!.discard).toHaveLength(4);
    expect(t.turn.stack.at(-1)).toEqual({ kind: 'deliver', max: 9, extraordinary: false });
    // The view says the value delivered (the hand was shown for the income), and the city the disc then claims.
    expect(viewFor(t, SPECTATOR).public.pendingValue).toBe(9);
    const claimed = play(t, { type: 'deliver', city: 'wichita' });
    expect(viewFor(claimed, SPECTATOR).public).toMatchObject({ pending: 'disc', pendingCity: 'wichita', pendingValue: 0, pendingStation: -1 });
    expect(viewFor(s, SPECTATOR).public).toMatchObject({ pendingCity: '', pendingValue: 0 });
    expect(legalMoves(t, 0).map((m) => (m.type === 'deliver' ? m.city : ''))).toEqual(['kansasCity', 'topeka', 'wichita', 'coloradoSprings', 'santaFe']);
  });
  // "به این مجموع میتوانید گواهی موقت و دائمی را اضافه کنید" (to this sum you can add temporary and permanent
  // certificates): a permanent one left out is a dollar less and a city less far, never spent either way.
  it('income: permanent certificates may be left out, each one (option: always added, as older games were played)', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.hand = ['jersey', 'angus'];
    s.players[0]!.permanentCertificates = 2;
    const t = toKc(s);
    expect(legalMoves(t, 0)).toEqual([
      { type: 'income', certificates: 0, permanent: 0 },
      { type: 'income', certificates: 0, permanent: 1 },
      { type: 'income', certificates: 0 },
    ]);
    const one = play(t, { type: 'income', certificates: 0, permanent: 1 });
    expect(one.players[0]!.money).toBe(20 + 3 + 1);
    expect(one.players[0]!.permanentCertificates).toBe(2);
    expect(one.turn.stack.at(-1)).toEqual({ kind: 'deliver', max: 4, extraordinary: false });
    expect(play(t, { type: 'income', certificates: 0 }).players[0]!.money).toBe(20 + 3 + 2);
    expect(errorOf(t, { type: 'income', certificates: 0, permanent: 2 })).toBe('great-western-trail/illegal-income');
    const always = fresh(2, { permanentCertificates: 'always' });
    always.foresight = ['', '', '', '', '', ''];
    always.players[0]!.permanentCertificates = 2;
    expect(legalMoves(toKc(always), 0)).toEqual([{ type: 'income', certificates: 0 }]);
    expect(optionsSchema.parse(recordedOptions(game, {}))).toMatchObject({ permanentCertificates: 'always' });
  });
  it('delivery: transport cost, disc, return to start, refill foresight and the hand', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.hand = ['guernsey', 'angus', 'holstein'];
    s.players[0]!.deck = ['jersey', 'jersey', 'jersey', 'jersey'];
    let t = play(toKc(s), { type: 'income', certificates: 0 });
    const delivered = game.applyMove(t, 0, { type: 'deliver', city: 'coloradoSprings' });
    if (!delivered.ok) throw new Error(delivered.error.code);
    // The delivery's event says the transport it paid; the disc's where it went and what it paid (nothing here).
    expect(delivered.events).toEqual([{ type: 'deliver', city: 'coloradoSprings', seat: 0, cost: 3 }]);
    t = delivered.state;
    expect(t.players[0]!.money).toBe(20 + 7 - 3);
    // The visit's last step ends the turn, and its events say so as an ended turn's do, with phase C's draw counted.
    const last = game.applyMove(t, 0, { type: 'disc', disc: 'aux1' });
    if (!last.ok) throw new Error(last.error.code);
    expect(last.events).toEqual([
      { type: 'disc', disc: 'aux1', seat: 0, city: 'coloradoSprings', amount: 0 },
      { type: 'endTurn', seat: 0, drawn: 4 },
    ]);
    t = last.state;
    expect(t.players[0]!.cities.coloradoSprings).toBe(1);
    expect(t.players[0]!.location).toBe('START');
    expect(t.foresight.every((x) => x !== '')).toBe(true);
    expect(t.players[0]!.hand).toHaveLength(4);
    expect(t.current).toBe(1);
  });
  // Original rules document: "شش فضای پیشبینی در کانزاس سیتی را با کاشیهای مخزن پر کنید: ۲ کاشی برای فضاهای ۱، ۲ کاشی
  // برای فضاهای ۲ و ۲ کاشی برای فضاهای ۳" (fill the six foresight spaces: 2 tiles for spaces 1, 2 for spaces 2, 2 for
  // spaces 3) and, after the delivery, "سه فضای خالی پیشبینی را از مخزن کانزاس سیتی پر کنید" (fill the three empty
  // foresight spaces from the supply): each column from the stack of its number, at setup and after every visit.
  it('foresight: each column is filled from the supply stack of its number, at setup and after the visit', () => {
    const workers = ['cowboy', 'craftsman', 'engineer'];
    const dealt = setup(std, 2, 'columns');
    // Each column's tiles come out of its own stack: stack 1 holds no workers, stack 2 nothing but workers, and
    // stack 3 (26 tiles) gave column 3 its two.
    expect(dealt.foresight.slice(0, 2).some((t) => workers.includes(t))).toBe(false);
    expect(dealt.foresight.slice(2, 4).every((t) => workers.includes(t))).toBe(true);
    expect(dealt.stacks[2]).toHaveLength(26 - 2);
    const s = fresh();
    s.foresight = ['flood-g4', 'blue', 'cowboy', 'engineer', 'green', 'craftsman'];
    s.stacks = [['drought-b2', 'green'], ['craftsman', 'cowboy'], ['blue', 'engineer']];
    s.players[0]!.hand = ['jersey'];
    let t = play(play(play(toKc(s), { type: 'foresight', pick: 0 }), { type: 'foresight', pick: 1 }), { type: 'foresight', pick: 1 });
    t = play(play(play(t, { type: 'income', certificates: 0 }), { type: 'deliver', city: 'kansasCity' }), { type: 'disc', disc: 'aux1' });
    // The top of each stack (the last tile) went to the space its column left empty.
    expect(t.foresight).toEqual(['green', 'blue', 'cowboy', 'cowboy', 'green', 'engineer']);
    expect(t.stacks).toEqual([['drought-b2'], ['craftsman'], ['blue']]);
  });
  it('white city spaces take white discs; a hand-limit disc costs $5', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.hand = ['guernsey', 'angus', 'holstein', 'longhorn5'];
    s.players[0]!.money = 0;
    let t = play(toKc(s), { type: 'income', certificates: 0 });
    const white = play(t, { type: 'deliver', city: 'topeka' });
    expect(legalMoves(white, 0).some((m) => m.type === 'disc' && m.disc === 'step1')).toBe(false);
    t = play(t, { type: 'deliver', city: 'albuquerque' });
    expect(t.players[0]!.money).toBe(12 - 5);
    expect(has(t, { type: 'disc', disc: 'hand1' })).toBe(true);
    expect(play(t, { type: 'disc', disc: 'step1' }).players[0]!.money).toBe(7 + 3);
    t = play(t, { type: 'disc', disc: 'hand1' });
    expect(t.players[0]!.money).toBe(2);
  });
  it('Kansas City: +$6 each time, repeatable; other cities once', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.cities.kansasCity = 2;
    s.players[0]!.cities.topeka = 1;
    s.players[0]!.hand = ['jersey'];
    let t = play(toKc(s), { type: 'income', certificates: 0 });
    expect(legalMoves(t, 0)).toEqual([{ type: 'deliver', city: 'kansasCity' }]);
    t = play(play(t, { type: 'deliver', city: 'kansasCity' }), { type: 'disc', disc: 'aux1' });
    expect(t.players[0]!.money).toBe(20 + 1 + 6);
    expect(t.players[0]!.cities.kansasCity).toBe(3);
  });
  it('city pairs: Colorado Springs + Santa Fe offers an objective card, to take or decline (option cityPairObjective: must)', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.cities.coloradoSprings = 1;
    s.players[0]!.cities.albuquerque = 1;
    s.players[0]!.hand = ['guernsey', 'angus', 'holstein'];
    s.players[0]!.certificates = 1;
    let t = play(toKc(s), { type: 'income', certificates: 1 });
    t = play(play(t, { type: 'deliver', city: 'santaFe' }), { type: 'disc', disc: 'aux1' });
    expect(t.turn.stack.filter((x) => x.kind === 'objective')).toHaveLength(2);
    expect(types(t)).toEqual(['skip', 'takeObjective']);
    const declined = play(play(t, { type: 'skip' }), { type: 'skip' });
    expect([declined.objectiveDisplay, declined.objectiveStack, declined.players[0]!.location]).toEqual([t.objectiveDisplay, t.objectiveStack, 'START']);
    const must = { ...s, options: { ...s.options, cityPairObjective: 'must' as const } };
    const u = play(play(play(toKc(must), { type: 'income', certificates: 1 }), { type: 'deliver', city: 'santaFe' }), { type: 'disc', disc: 'aux1' });
    expect(types(u)).toEqual(['takeObjective']);
  });
  // Original rules document: "با قرار دادن دیسک روی یکی از نشانهای مجاور میتوانید یک کارت هدف بردارید. همچنین اگر
  // دیسک نشان سبز داشته باشد، اقدام تحویل مکان را فوری انجام میدهید" (placing a disc on one of two adjacent crests
  // can give an objective card; and if the placement shows the green sign, you carry out that delivery action at
  // once). The green sign is the green arrow between two crests (README): its action comes with the disc.
  it('green arrow delivery action: the disc completing Topeka + Wichita takes its objective card at once, before anything else', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.cities.topeka = 1;
    s.players[0]!.hand = ['guernsey', 'angus'];
    s.players[0]!.deck = ['jersey', 'jersey', 'jersey', 'jersey'];
    const display = [...s.objectiveDisplay];
    let t = play(play(toKc(s), { type: 'income', certificates: 0 }), { type: 'deliver', city: 'wichita' });
    t = play(t, { type: 'disc', disc: 'aux1' });
    // Immediate: nothing else is legal but to take or decline it, the cattleman is still in Kansas City, no phase C yet.
    expect(legalMoves(t, 0).every((m) => m.type === 'takeObjective' || m.type === 'skip')).toBe(true);
    expect(legalMoves(t, 0)).toHaveLength(display.length + 2);
    expect(t.players[0]!.location).toBe('KANSAS_CITY');
    expect(t.players[0]!.hand).toEqual([]);
    t = play(t, { type: 'takeObjective', card: display[0]! });
    expect(t.players[0]!.discard).toContain(display[0]);
    expect(t.players[0]!.location).toBe('START');
    expect(t.current).toBe(1);
    // A single crest without its neighbour triggers nothing.
    const lone = fresh();
    lone.foresight = ['', '', '', '', '', ''];
    lone.players[0]!.hand = ['guernsey', 'angus'];
    const u = play(play(play(toKc(lone), { type: 'income', certificates: 0 }), { type: 'deliver', city: 'wichita' }), { type: 'disc', disc: 'aux1' });
    expect(u.current).toBe(1);
    expect(u.objectiveDisplay).toEqual(lone.objectiveDisplay);
    expect(u.objectiveStack).toEqual(lone.objectiveStack);
  });
  it('no discs left on the board: a disc comes back from a station', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.discs = [];
    s.players[0]!.cities.kansasCity = 12;
    s.stations[2]!.discs = [0, 1];
    s.stations[3]!.discs = [0];
    s.players[0]!.hand = ['jersey'];
    const t = play(play(toKc(s), { type: 'income', certificates: 0 }), { type: 'deliver', city: 'kansasCity' });
    expect(legalMoves(t, 0)).toEqual([{ type: 'disc', disc: 'station:2' }, { type: 'disc', disc: 'station:3' }]);
    expect(play(t, { type: 'disc', disc: 'station:2' }).stations[2]!.discs).toEqual([1]);
  });
  // Original rules document: "هر کارت هدف را میتوانید قبل یا بعد از هر اقدام در یک مرحله بازی کنید" (an objective card may
  // be played before or after any action of a phase); the Kansas City visit is phase B's action ("کانزاس سیتی: باید
  // پنج زیرمرحله را به ترتیب انجام دهید"): a card may be played on arriving, before it, not in the middle of it.
  it('objective cards: on arriving in Kansas City, before its first sub-phase, not between its sub-phases (option: between them too)', () => {
    const s = fresh();
    s.players[0]!.hand = ['GAIN2_SSH', 'DRAW_5H', 'jersey'];
    s.players[0]!.deck = ['angus', 'guernsey', 'holstein'];
    s.foresight = ['flood-g4', 'green', '', '', '', ''];
    expect(types(s)).toContain('playObjective');
    let t = toKc(s);
    expect(types(t)).toEqual(['foresight', 'playObjective']);
    t = play(t, { type: 'playObjective', card: 'GAIN2_SSH' });
    expect(t.players[0]!.money).toBe(22);
    // A card whose action draws: its draw and discard come first, then the visit goes on with a better hand.
    t = play(play(t, { type: 'playObjective', card: 'DRAW_5H' }), { type: 'draw', count: 3 });
    t = play(play(play(t, { type: 'discard', card: 'jersey' }), { type: 'discard', card: 'angus' }), { type: 'discard', card: 'guernsey' });
    expect(legalMoves(t, 0)).toEqual([{ type: 'foresight', pick: 0 }, { type: 'foresight', pick: 1 }]);
    // Once the visit has begun, no more cards until it is over.
    const u = fresh();
    u.players[0]!.hand = ['GAIN2_SSH', 'MOVE_SSBB', 'holstein'];
    u.foresight = ['flood-g4', 'green', '', '', '', ''];
    const begun = play(toKc(u), { type: 'foresight', pick: 0 });
    expect(types(begun)).toEqual(['income']);
    // With nothing to foresee the visit begins with the income, and a card may come before it.
    const v = fresh();
    v.players[0]!.hand = ['GAIN2_SSH', 'holstein'];
    v.foresight = ['', '', '', '', '', ''];
    expect(types(toKc(v))).toEqual(['income', 'playObjective']);
    // Option: between the sub-phases too.
    const h = fresh(2, { objectivesInKansasCity: true });
    h.players[0]!.hand = ['GAIN2_SSH', 'jersey'];
    h.foresight = ['flood-g4', 'green', '', '', '', ''];
    let w = play(toKc(h), { type: 'foresight', pick: 0 });
    expect(types(w)).toEqual(['income', 'playObjective']);
    w = play(w, { type: 'playObjective', card: 'GAIN2_SSH' });
    expect(w.players[0]!.money).toBe(22);
    expect(legalMoves(w, 0)).toEqual([{ type: 'income', certificates: 0 }]);
  });
  // A snapshot kept before turn.kansasCityBegun existed, taken mid-visit, lacks it: the table tells whether the visit
  // has begun, and cards wait for its end as they would have.
  it('a state kept before kansasCityBegun existed: a visit begun offers no card between its sub-phases, one not begun does', () => {
    const s = fresh();
    s.players[0]!.hand = ['GAIN2_SSH', 'holstein'];
    s.foresight = ['flood-g4', 'green', 'cowboy', 'engineer', 'blue', 'craftsman'];
    const kept = (t: GwtState) => {
      const snapshot = JSON.parse(JSON.stringify(t)) as GwtState;
      delete snapshot.turn.kansasCityBegun;
      return snapshot;
    };
    const arrived = toKc(s);
    expect(types(kept(arrived))).toEqual(['foresight', 'playObjective']);
    let t = play(arrived, { type: 'foresight', pick: 0 });
    expect(types(kept(t))).toEqual(['foresight']);
    t = play(play(t, { type: 'foresight', pick: 1 }), { type: 'foresight', pick: 0 });
    expect(types(kept(t))).toEqual(['income']);
    t = play(t, { type: 'income', certificates: 0 });
    expect(types(kept(t))).toEqual(['deliver']);
    // The visit goes on from the snapshot as it would have: the next sub-phase marks it begun.
    const resumed = play(kept(play(arrived, { type: 'foresight', pick: 0 })), { type: 'foresight', pick: 1 });
    expect(resumed.turn.kansasCityBegun).toBe(true);
  });
});

describe('certificates and supply tiles', () => {
  it('the temporary marker runs 0-1-2-3-4-6 up to the limit 3, 4 or 6', () => {
    const p = fresh().players[0]!;
    gainCertificates(p, 5);
    expect(p.certificates).toBe(3);
    p.discs = p.discs.filter((d) => d !== 'cert4');
    gainCertificates(p, 5);
    expect(p.certificates).toBe(4);
    p.discs = p.discs.filter((d) => d !== 'cert6');
    gainCertificates(p, 1);
    expect(p.certificates).toBe(6);
    const q = fresh().players[0]!;
    q.discs = q.discs.filter((d) => d !== 'cert6');
    gainCertificates(q, 5);
    expect(q.certificates).toBe(3);
  });

  it('a hazard or teepee without a free space leaves the game', () => {
    const s = fresh();
    for (const space of ['FLOOD-1', 'FLOOD-2', 'FLOOD-3', 'FLOOD-4']) s.trail[space] = 'h:flood-g2';
    placeSmallTile(s, 'flood-b3');
    expect(s.removedTiles).toEqual(['flood-b3']);
    placeSmallTile(s, 'drought-b3');
    expect(s.trail['DROUGHT-1']).toBe('h:drought-b3');
  });

  it('after the end trigger no worker tile can be chosen in Kansas City', () => {
    const s = fresh();
    s.endTrigger = 1;
    s.foresight = ['cowboy', 'green', 'engineer', 'craftsman', '', ''];
    s.players[0]!.location = 'G-1';
    const t = play(s, { type: 'move', path: ['KANSAS_CITY'] });
    expect(legalMoves(t, 0)).toEqual([{ type: 'foresight', pick: 1 }]);
    expect(legalMoves(play(t, { type: 'foresight', pick: 1 }), 0)).toEqual([{ type: 'income', certificates: 0 }]);
  });

  it('an engine moved back onto a turnout may upgrade that station', () => {
    let s = fresh();
    s.players[0]!.discs = s.players[0]!.discs.filter((d) => d !== 'aux3a');
    s.players[0]!.engine = 8;
    s = goTo(s, 'A');
    s = play(play(s, { type: 'aux', aux: 3, double: false }), { type: 'engine', to: 7.5 });
    expect(s.players[0]!.certificates).toBe(1);
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'upgrade', station: 1 });
  });
});

describe('job market and game end', () => {
  it('a yellow arrow refills the cattle market', () => {
    const s = fresh();
    s.market = [];
    s.jobFilled = 11;
    s.foresight = ['', '', 'cowboy', '', '', ''];
    s.players[0]!.location = 'G-1';
    const t = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'foresight', pick: 0 });
    expect(t.jobFilled).toBe(12);
    expect(t.market).toHaveLength(7);
  });
  // Original rules document: "اگر نشانگر روی پیکان زرد بیفتد باید بازار گاو را پر کنید: ۷ کارت برای ۲ نفره، ۱۰ برای ۳
  // نفره و ۱۳ برای ۴ نفره" (when the token lands on a yellow arrow, fill the cattle market: 7 cards for 2 players, 10 for
  // 3, 13 for 4). The board has two, below rows 6 and 9 (digest §10); a row filled elsewhere refills nothing.
  it.each([
    [3, 6, 10],
    [3, 9, 10],
    [4, 6, 13],
    [4, 9, 13],
    [4, 8, 0],
  ])('%i players: the worker completing row %i refills the cattle market to %i', (seats, row, size) => {
    const s = fresh(seats);
    s.market = [];
    s.jobFilled = row * seats - 1;
    s.foresight = ['', '', 'engineer', '', '', ''];
    s.players[0]!.location = 'G-1';
    const t = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'foresight', pick: 0 });
    expect(t.jobFilled).toBe(row * seats);
    expect(t.market).toHaveLength(size);
  });
  it('the red arrow: the last space ends the game after everyone else has one more turn (a normal one by option)', () => {
    let s = fresh(2, { finalTurn: 'normal' });
    s.firstPlayer = 0;
    s.jobFilled = 23;
    s.foresight = ['', '', 'cowboy', 'engineer', 'craftsman', ''];
    s.players[0]!.hand = ['jersey'];
    s.players[0]!.location = 'G-1';
    s = play(s, { type: 'move', path: ['KANSAS_CITY'] });
    // The move that fills the last space says so, with the seat that triggered the end.
    const filled = game.applyMove(s, 0, { type: 'foresight', pick: 0 });
    expect(filled.ok && filled.events).toEqual([{ type: 'foresight', pick: 0, seat: 0, tile: 'cowboy', to: 'jobMarket' }, { type: 'endTriggered', seat: 0 }]);
    s = play(s, { type: 'foresight', pick: 0 });
    expect(s.endTrigger).toBe(0);
    expect(s.players[0]!.jobToken).toBe(true);
    expect(legalMoves(s, 0)).toEqual([{ type: 'income', certificates: 0 }]);
    s = play(play(s, { type: 'income', certificates: 0 }), { type: 'deliver', city: 'topeka' });
    s = play(s, { type: 'disc', disc: 'aux1' });
    expect(s.current).toBe(1);
    expect(s.over).toBe(false);
    s = goTo(s, 'A');
    s = play(s, { type: 'aux', aux: 1, double: false }); // the last thing to do: the turn, and the game, end
    expect(s.over).toBe(true);
    expect(game.activeActors(s)).toEqual([]);
    expect(game.outcome(s)!.standings).toHaveLength(2);
  });

  // Original rules document: "بازیکن فعال بازار را پر میکند، سپس بازی تا پایان همان دور ادامه مییابد"
  // (the active player fills the market, then the game goes on to the end of that round).
  it('end trigger (rules document): the active player refills the cattle market (option: it stays as it is)', () => {
    const trigger = (options: Partial<GwtOptions>) => {
      const s = fresh(2, options);
      s.market = ['holstein'];
      s.jobFilled = 23;
      s.foresight = ['', '', 'cowboy', '', '', ''];
      s.players[0]!.location = 'G-1';
      return play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'foresight', pick: 0 });
    };
    const refilled = trigger({});
    expect(refilled.endTrigger).toBe(0);
    expect(refilled.market).toHaveLength(7);
    expect(refilled.market).toContain('holstein');
    expect(refilled.marketDeck).toHaveLength(36 - 7 - 6);
    const kept = trigger({ refillMarketAtEnd: false });
    expect(kept.endTrigger).toBe(0);
    expect(kept.market).toEqual(['holstein']);
  });

  // Original rules document: "بازیکنان در نوبت نهاییشان دوباره گاوچران را در مسیر حرکت میدهند تا به کانزاس سیتی
  // برسند و پنج زیرمرحلهی کانزاس سیتی را انجام دهند" (in their final turn the players move the cattleman along the
  // trail again to reach Kansas City and carry out the five Kansas City sub-phases).
  it('final turn (rules document): the cattleman goes all the way to Kansas City, paying fees, for the five sub-phases', () => {
    let s = fresh(3);
    s.firstPlayer = 0;
    s.endTrigger = 0;
    s.current = 1;
    s.foresight = ['flood-g4', '', 'cowboy', '', 'green', ''];
    s.trail['A-1'] = 'p:2:4a';
    const p = s.players[1]!;
    p.hand = ['guernsey', 'angus'];
    const routes = legalMoves(s, 1).filter((m) => m.type === 'move');
    expect(types(s)).toEqual(['move']);
    expect(routes.length).toBeGreaterThan(1);
    expect(routes.every((m) => m.type === 'move' && m.path.at(-1) === 'KANSAS_CITY')).toBe(true);
    // Far beyond the step limit (3): START -> A -> A-1 (seat 2's building, black hand: $1) -> B -> C -> D -> E -> F -> G -> KC.
    const path = ['A', 'A-1', 'B', 'C', 'D', 'E', 'F', 'G', 'KANSAS_CITY'];
    expect(has(s, { type: 'move', path })).toBe(true);
    expect(errorOf(s, { type: 'move', path: ['A'] })).toBe('great-western-trail/illegal-move');
    s = play(s, { type: 'move', path });
    expect(s.players[1]!.money).toBe(20 - 1);
    expect(s.players[2]!.money).toBe(20 + 1);
    expect(types(s)).toEqual(['foresight']);
    s = play(s, { type: 'foresight', pick: 0 });
    // After the trigger no worker can be chosen: column 2 has only a worker and is skipped.
    expect(legalMoves(s, 1)).toEqual([{ type: 'foresight', pick: 0 }]);
    s = play(play(s, { type: 'foresight', pick: 0 }), { type: 'income', certificates: 0 });
    s = play(play(s, { type: 'deliver', city: 'wichita' }), { type: 'disc', disc: 'aux1' });
    expect(s.players[1]!.cities.wichita).toBe(1);
    expect(s.current).toBe(2);
    // The last player's final turn ends the game.
    expect(s.foresight.filter((t) => t !== '')).toHaveLength(6);
    s.foresight = ['', '', '', '', '', ''];
    s.players[2]!.location = 'G-2';
    s = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
    s = play(play(s, { type: 'deliver', city: 'kansasCity' }), { type: 'disc', disc: 'aux1' });
    expect(s.over).toBe(true);
    // Option "normal": the final turn is an ordinary one within the step limit.
    const normal = fresh(3, { finalTurn: 'normal' });
    normal.endTrigger = 0;
    normal.current = 1;
    expect(legalMoves(normal, 1).every((m) => m.type === 'move' && m.path.length <= 3)).toBe(true);
    expect(has(normal, { type: 'move', path: ['A'] })).toBe(true);
  });

  // Original rules document: "بازیکن فعال بازار را پر میکند، سپس بازی تا پایان همان دور ادامه مییابد: بازیکنانی که
  // هنوز نوبت نهایی ندارند آن را بهطور کامل انجام میدهند ... پس از پایان نوبت آخرین بازیکن، بازی تمام میشود" (the
  // active player fills the market, then the game goes on to the end of that same round: the players who have not had
  // their final turn yet take it in full ... after the last player's turn the game is over).
  it('end trigger (rules document): play goes on to the end of the round, the players after the trigger one final turn each', () => {
    const trigger = (options: Partial<GwtOptions>) => {
      let s = fresh(3, options);
      s.firstPlayer = 0;
      s.current = 1;
      s.jobFilled = 3 * 12 - 1;
      s.foresight = ['', '', 'cowboy', '', '', ''];
      s.players[1]!.location = 'G-1';
      s = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'foresight', pick: 0 });
      expect(s.endTrigger).toBe(1);
      s = play(play(s, { type: 'income', certificates: 0 }), { type: 'deliver', city: 'kansasCity' });
      return play(s, { type: 'disc', disc: 'aux1' });
    };
    // Seat 2 ends the round: its final turn to Kansas City, then the game is over; seat 0 plays no more.
    let s = trigger({});
    expect(s.over).toBe(false);
    // The view says before whose turn the game ends: the first player's (-1 before the trigger).
    expect(viewFor(s, SPECTATOR).public.endsBefore).toBe(0);
    expect(viewFor(fresh(3), SPECTATOR).public.endsBefore).toBe(-1);
    expect(s.current).toBe(2);
    s.foresight = ['', '', '', '', '', ''];
    s.players[2]!.location = 'G-2';
    s = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
    s = play(play(s, { type: 'deliver', city: 'kansasCity' }), { type: 'disc', disc: 'aux1' });
    expect(s.over).toBe(true);
    // Option everyoneOnce (as games recorded before it were played): seat 0 has one more turn too.
    let t = trigger({ finalRound: 'everyoneOnce' });
    expect(viewFor(t, SPECTATOR).public.endsBefore).toBe(1);
    t.foresight = ['', '', '', '', '', ''];
    t.players[2]!.location = 'G-2';
    t = play(play(t, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
    t = play(play(t, { type: 'deliver', city: 'kansasCity' }), { type: 'disc', disc: 'aux1' });
    expect(t.over).toBe(false);
    expect(t.current).toBe(0);
  });

  it('final round option: play stops at the end of the round', () => {
    const end = (finalRound: string) => {
      let s = fresh(3, { finalRound } as object);
      s.firstPlayer = 0;
      s.current = 2;
      s.endTrigger = 2;
      s = goTo(s, 'A');
      return play(s, { type: 'aux', aux: 1, double: false });
    };
    expect(end('everyoneOnce').over).toBe(false);
    expect(end('everyoneOnce').current).toBe(0);
    expect(end('endOfRound').over).toBe(true);
  });
});

describe('objective cards', () => {
  it('played before phase A or between actions, with their immediate action', () => {
    let s = fresh();
    s.players[0]!.hand = ['GAIN2_SSH', 'MOVE_34HH', 'ENGINE_345', 'DRAW_5H', 'AUX_SF'];
    s = play(s, { type: 'playObjective', card: 'GAIN2_SSH' });
    expect(s.players[0]!.money).toBe(22);
    expect(s.players[0]!.objectives).toContain('GAIN2_SSH');
    s = play(s, { type: 'playObjective', card: 'MOVE_34HH' });
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'move', max: 3, ignoreFees: true, activate: false });
    s.trail['FLOOD-1'] = 'h:flood-g4';
    s = play(s, { type: 'move', path: ['A', 'FLOOD-1'] });
    expect(s.players[0]!.money).toBe(22);
    expect(s.turn.phase).toBe('A');
    s = play(s, { type: 'playObjective', card: 'ENGINE_345' });
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'engine', max: 2, exact: false });
    s = play(s, { type: 'skip' });
    s = play(s, { type: 'playObjective', card: 'DRAW_5H' });
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'draw', max: 3 });
    s = play(play(s, { type: 'skip' }), { type: 'playObjective', card: 'AUX_SF' });
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'aux' });
  });
});

describe('final scoring', () => {
  const over = (build: (s: GwtState) => void) => {
    const s = fresh();
    s.players.forEach((p) => {
      p.money = 0;
      p.objectives = [];
    });
    build(s);
    s.over = true;
    return game.outcome(s)!;
  };
  const breakdown = (o: ReturnType<typeof over>) => (o.details as { breakdown: Record<string, number>[] }).breakdown[0]!;

  it('money, buildings, cities, stations, hazards, cattle, workers, player board, job token', () => {
    const o = over((s) => {
      const p = s.players[0]!;
      p.money = 14;
      s.trail['A-1'] = 'p:0:10a';
      s.trail['A-2'] = 'p:0:1a';
      p.cities = { ...p.cities, kansasCity: 1, topeka: 1, wichita: 1, sacramento: 1, sanDiego: 1, sanFrancisco: 2 };
      s.stations[0]!.discs = [0];
      s.stations[9]!.discs = [0, 1];
      p.hazards = ['flood-g4', 'rockfall-b2'];
      p.deck = ['longhorn7', 'holstein'];
      p.workers = { cowboy: 6, craftsman: 5, engineer: 4 };
      p.discs = p.discs.filter((d) => d !== 'step2');
      p.jobToken = true;
    });
    expect(breakdown(o)).toEqual({
      money: 2, buildings: 14, cities: 6 - 3 + 6 + 4 + 18, stations: 10, hazards: 6, cattle: 8, objectives: 0, stationMasters: 0,
      workers: 12, playerBoard: 3, jobToken: 2,
    });
  });

  // Original rules document: "اگر دیسک را روی نشان کانزاس سیتی بگذارید، ۶ دلار از مخزن میگیرید. در پایان بازی برای
  // این دیسک ۶ امتیاز پیروزی میگیرید" (a disc on Kansas City: $6 from the bank; at the end 6 VP for this disc).
  it('Kansas City discs (rules document): $6 at once and +6 VP each at the end (option: -6 as printed)', () => {
    let s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players.forEach((p) => (p.objectives = []));
    s.players[0]!.cities.kansasCity = 1;
    s.players[0]!.hand = ['jersey'];
    s.players[0]!.location = 'G-1';
    s = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
    s = play(play(s, { type: 'deliver', city: 'kansasCity' }), { type: 'disc', disc: 'aux1' });
    expect(s.players[0]!.money).toBe(20 + 1 + 6);
    expect(s.players[0]!.cities.kansasCity).toBe(2);
    s.over = true;
    const cities = (o: GwtState) => (game.outcome(o)!.details as { breakdown: { cities: number }[] }).breakdown[0]!.cities;
    expect(cities(s)).toBe(12);
    s.options.kansasCityVp = -6;
    expect(cities(s)).toBe(-12);
    expect(optionsSchema.parse({ kansasCityVp: -6 }).kansasCityVp).toBe(-6);
  });
  it('objective cards: fulfilled +VP, otherwise the penalty; each item counts for one card only', () => {
    const o = over((s) => {
      const p = s.players[0]!;
      p.objectives = ['START_BBH', 'GAIN2_SSH'];
      p.hazards = ['flood-g4'];
      s.stations[0]!.discs = [0];
      s.stations[1]!.discs = [0];
      s.trail['A-1'] = 'p:0:1a';
      s.trail['A-2'] = 'p:0:2a';
    });
    // One hazard: either START_BBH (+3) with GAIN2_SSH failing (-2), or GAIN2_SSH (+3) with START_BBH failing (0).
    expect(breakdown(o).objectives).toBe(3);
  });

  it('unplayed objective cards may be added at the end, or left out', () => {
    const o = over((s) => {
      s.players[0]!.deck = ['AUX_SF', 'DRAW_5H'];
      s.players[0]!.cities.sanFrancisco = 1;
    });
    expect(breakdown(o).objectives).toBe(5);
  });

  it('the view says, once the game is over, how each objective card counted: met, unmet, or left out unplayed', () => {
    const s = fresh();
    const p = s.players[0]!;
    p.objectives = ['START_BBH', 'GAIN2_SSH'];
    p.deck = ['AUX_SF', 'DRAW_5H'];
    p.cities.sanFrancisco = 1;
    p.hazards = ['flood-g4'];
    s.stations[0]!.discs = [0];
    s.stations[1]!.discs = [0];
    s.trail['A-1'] = 'p:0:1a';
    s.trail['A-2'] = 'p:0:2a';
    s.players[1]!.objectives = [];
    expect(viewFor(s, 1).public.objectiveScoring).toEqual([]); // the hand and deck are not shown while the game runs
    s.over = true;
    const counted = viewFor(s, 1).public.objectiveScoring;
    expect(counted).toEqual([
      // One hazard for two played cards: GAIN2_SSH met, START_BBH (no penalty) not.
      { seat: 0, card: 'START_BBH', played: true, starting: true, counted: 'unmet', vp: 0 },
      { seat: 0, card: 'GAIN2_SSH', played: true, starting: false, counted: 'met', vp: 3 },
      { seat: 0, card: 'AUX_SF', played: false, starting: false, counted: 'met', vp: 5 },
      { seat: 0, card: 'DRAW_5H', played: false, starting: false, counted: 'leftOut', vp: 0 },
    ]);
    // The same figures as the outcome's objectives row.
    expect(counted.reduce((sum, c) => sum + c.vp, 0)).toBe((game.outcome(s)!.details as { breakdown: { objectives: number }[] }).breakdown[0]!.objectives);
  });

  it('which of two unplayed objective cards scoring alike is met follows their codes, not where they lay hidden', () => {
    const listing = (place: (p: GwtState['players'][number]) => void) => {
      const s = fresh();
      const p = s.players[0]!;
      p.objectives = [];
      p.hand = p.hand.filter((c) => !(c in OBJECTIVES));
      p.deck = p.deck.filter((c) => !(c in OBJECTIVES));
      p.discard = [];
      place(p);
      // One hazard, two buildings, two stations: DRAW_BBH (B B H) or GAIN2_SSH (S S H), 3 VP each, not both.
      p.hazards = ['flood-g4'];
      s.stations[0]!.discs = [0];
      s.stations[1]!.discs = [0];
      s.trail['A-1'] = 'p:0:1a';
      s.trail['A-2'] = 'p:0:2a';
      s.over = true;
      return viewFor(s, 1).public.objectiveScoring.filter((c) => c.seat === 0);
    };
    const expected = [
      { seat: 0, card: 'DRAW_BBH', played: false, starting: false, counted: 'met', vp: 3 },
      { seat: 0, card: 'GAIN2_SSH', played: false, starting: false, counted: 'leftOut', vp: 0 },
    ];
    expect(listing((p) => p.deck.unshift('DRAW_BBH', 'GAIN2_SSH'))).toEqual(expected);
    expect(listing((p) => p.deck.unshift('GAIN2_SSH', 'DRAW_BBH'))).toEqual(expected);
    expect(listing((p) => { p.hand.push('GAIN2_SSH'); p.discard.push('DRAW_BBH'); })).toEqual(expected);
  });

  it('station masters score their lower halves', () => {
    const o = over((s) => {
      const p = s.players[0]!;
      p.stationMasters = [1, 2, 3, 4, 5];
      p.workers = { cowboy: 2, craftsman: 1, engineer: 1 };
      p.certificates = 3;
      p.permanentCertificates = 1;
      p.objectives = ['START_BBH', 'START_SSG'];
      p.hazards = ['flood-g4', 'flood-g2', 'drought-b3'];
      p.teepees = ['green', 'blue', 'blue'];
    });
    // 4 workers + 6 (4 certificates) + 3 (2 objective cards) + 3 (3 hazards) + 3 (1 teepee pair)
    expect(breakdown(o).stationMasters).toBe(19);
  });

  it('ties are shared by default; the money option breaks them', () => {
    const tie = over((s) => {
      s.players[0]!.money = 5;
      s.players[1]!.money = 9;
    });
    expect(tie.winners).toEqual([0, 1]);
    const s = fresh(2, { tieBreak: 'money' });
    s.players[0]!.money = 5;
    s.players[1]!.money = 9;
    s.players.forEach((p) => (p.objectives = []));
    s.over = true;
    expect(game.outcome(s)!.winners).toEqual([1]);
  });
});

describe('views and invariants', () => {
  it('events tell the table what happened; income reveals the hand', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.hand = ['jersey', 'angus', 'dutchbelt', 'jersey']; // in the order drawn
    s.players[0]!.location = 'G-1';
    const kc = play(s, { type: 'move', path: ['KANSAS_CITY'] });
    const r = game.applyMove(kc, 0, { type: 'income', certificates: 0 });
    // Shown sorted: the order held would tell which cards came last (and, with the discards, earlier hands).
    expect(r.ok && r.events).toEqual([
      { type: 'income', certificates: 0, seat: 0, amount: 5 }, // Jersey 1 + Black Angus 2 + Dutch Belt 2: each breed once
      { type: 'handRevealed', seat: 0, hand: ['angus', 'dutchbelt', 'jersey', 'jersey'] },
    ]);
    expect(r.ok && r.state.players[0]!.money - kc.players[0]!.money).toBe(5);
  });
  it('a turn is the current player\'s steps, a move each, until the next player\'s: a clock run out leaves the bot the turn (turnsOfSteps)', () => {
    expect(game.turnsOfSteps).toBe(true);
    let s = atHiringBuilding();
    for (const move of [{ type: 'action', action: '1.0' }, { type: 'hire', slot: 0 }] as GwtMove[]) {
      expect(game.activeActors(s)).toEqual([0]);
      s = play(s, move);
    }
    expect(game.activeActors(play(s, { type: 'endTurn' }))).toEqual([1]);
  });
  it('events say what the move took, as it stood before: the local action in words, the foresight tile, the worker, the hazard', () => {
    const eventOf = (state: GwtState, move: GwtMove) => {
      const r = game.applyMove(state, state.current, move);
      if (!r.ok) throw new Error(r.error.code);
      return { event: r.events[0], state: r.state };
    };
    const s = atHiringBuilding();
    const action = eventOf(s, { type: 'action', action: '1.0' });
    expect(action.event).toEqual({ type: 'action', action: '1.0', seat: 0, text: 'hire 1 worker', amount: 0 });
    expect(eventOf(action.state, { type: 'hire', slot: 0 }).event).toEqual({ type: 'hire', slot: 0, seat: 0, worker: 'cowboy', cost: 6 });
    const k = fresh();
    k.foresight = ['flood-g4', 'green', 'cowboy', 'engineer', 'blue', 'craftsman'];
    k.players[0]!.location = 'G-1';
    const kc = play(k, { type: 'move', path: ['KANSAS_CITY'] });
    // And where the tile went: a teepee to the first free teepee space, a hazard to its type's, a worker to the job market.
    expect(eventOf(kc, { type: 'foresight', pick: 1 }).event).toEqual({ type: 'foresight', pick: 1, seat: 0, tile: 'green', to: 'TEEPEE--3' });
    expect(eventOf(kc, { type: 'foresight', pick: 0 }).event).toEqual({ type: 'foresight', pick: 0, seat: 0, tile: 'flood-g4', to: 'FLOOD-1' });
    const second = play(kc, { type: 'foresight', pick: 0 });
    expect(second.trail['FLOOD-1']).toBe('h:flood-g4');
    expect(eventOf(second, { type: 'foresight', pick: 1 }).event).toEqual({ type: 'foresight', pick: 1, seat: 0, tile: 'engineer', to: 'jobMarket' });
    // A hazard with no free space of its type leaves the game: said with no space.
    const full = structuredClone(kc);
    for (const space of ['FLOOD-1', 'FLOOD-2', 'FLOOD-3', 'FLOOD-4']) if (space in full.trail) full.trail[space] = 'h:flood-b2';
    expect(eventOf(full, { type: 'foresight', pick: 0 }).event).toMatchObject({ tile: 'flood-g4', to: '' });
    let h = fresh();
    h.trail['FLOOD-1'] = 'h:flood-g4';
    h = goTo(h, 'F');
    const remove = legalMoves(h, 0).find((m) => m.type === 'action' && actionTextOf(h, m.action).includes('remove a hazard'));
    const started = play(h, remove!);
    const hazard = eventOf(started, { type: 'takeHazard', space: 'FLOOD-1' });
    expect(hazard.event).toEqual({ type: 'takeHazard', space: 'FLOOD-1', seat: 0, tile: 'flood-g4', cost: started.players[0]!.money - hazard.state.players[0]!.money });
    expect(hazard.event!.cost).toBeGreaterThan(0);
    // An upgrade names its station, a station master the one taken: the step they answer is over when they are read.
    const u = fresh();
    u.players[0]!.workers.cowboy = 2;
    u.turn.phase = 'B';
    u.turn.stack = [{ kind: 'upgrade', station: 1 }];
    const upgraded = eventOf(u, { type: 'upgrade' });
    expect(upgraded.event).toEqual({ type: 'upgrade', seat: 0, station: 1, cost: NAMES.stations[1]!.cost });
    const master = u.stations[1]!.master;
    expect(master).toBeGreaterThan(0);
    // The disc placed for it names the station (the step is over when it is read).
    const disc = legalMoves(upgraded.state, 0).find((m) => m.type === 'disc')!;
    expect(eventOf(upgraded.state, disc).event).toMatchObject({ type: 'disc', seat: 0, station: 1 });
    const placed = play(upgraded.state, disc);
    expect(eventOf(placed, { type: 'claimMaster', worker: 'cowboy' }).event).toEqual({ type: 'claimMaster', worker: 'cowboy', seat: 0, master });
    // A skip names the step it passed.
    expect(eventOf(u, { type: 'skip' }).event).toEqual({ type: 'skip', seat: 0, step: 'upgrade' });
    expect(eventOf(placed, { type: 'skip' }).event).toEqual({ type: 'skip', seat: 0, step: 'master' });
  });
  it('a purchase\'s event says what it paid: a worker hired, a building placed, cattle bought, a station upgraded', () => {
    const paid = (state: GwtState, move: GwtMove) => {
      const r = game.applyMove(state, state.current, move);
      if (!r.ok) throw new Error(r.error.code);
      expect(r.events[0]!.cost).toBe(state.players[state.current]!.money - r.state.players[state.current]!.money);
      return r.events[0]!.cost;
    };
    const hiring = play(atHiringBuilding(), { type: 'action', action: '2.0' }); // the hire at $2 more
    expect(paid(hiring, { type: 'hire', slot: 0 })).toBe(8);
    let b = fresh();
    b.players[0]!.hand = [];
    b = play(goTo(b, 'B'), { type: 'action', action: '1.0' });
    expect(paid(b, { type: 'build', building: '2a', space: 'C-2' })).toBe(2);
    let e = fresh();
    e.players[0]!.hand = [];
    e.players[0]!.workers.cowboy = 3;
    e.market = ['holstein', 'ayrshire', 'highland4', 'longhorn7'];
    e = play(goTo(e, 'E'), { type: 'action', action: '1.0' });
    expect(paid(e, { type: 'buyCattle', cards: ['ayrshire'], cowboys: 2 })).toBe(3);
    // A route's fees (paid to the owners of the buildings passed, and the bank for hazards and teepees).
    const f = fresh();
    f.players[0]!.location = 'B';
    f.trail['DROUGHT-1'] = 'h:drought-g4';
    const route = legalMoves(f, 0).find((m) => m.type === 'move' && m.path.includes('DROUGHT-1'))!;
    expect(paid(f, route)).toBeGreaterThan(0);
    // A station upgrade: the one the engine stopped at, and one building 9b reaches.
    const u = fresh();
    u.turn.phase = 'B';
    u.turn.stack = [{ kind: 'upgrade', station: 1 }];
    expect(paid(u, { type: 'upgrade' })).toBe(NAMES.stations[1]!.cost);
    u.players[0]!.engine = 9;
    u.turn.stack = [{ kind: 'upgradeBehind' }];
    expect(paid(u, { type: 'upgradeStation', station: 0 })).toBe(NAMES.stations[0]!.cost);
  });
  it('a disc\'s event says what it paid: Kansas City\'s $6 comes with the disc, not the delivery', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.hand = ['guernsey', 'angus', 'holstein'];
    s.players[0]!.location = 'G-1';
    const t = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
    const delivered = game.applyMove(t, 0, { type: 'deliver', city: 'kansasCity' });
    if (!delivered.ok) throw new Error(delivered.error.code);
    expect(delivered.events).toEqual([{ type: 'deliver', city: 'kansasCity', seat: 0, cost: 0 }]);
    const placed = game.applyMove(delivered.state, 0, { type: 'disc', disc: 'aux1' });
    if (!placed.ok) throw new Error(placed.error.code);
    expect(placed.events[0]).toEqual({ type: 'disc', disc: 'aux1', seat: 0, city: 'kansasCity', amount: 6 });
    expect(placed.state.players[0]!.money - t.players[0]!.money).toBe(6);
  });
  it('a hand revealed for income goes onto the discard pile sorted: the public top is not the card drawn last', () => {
    const discardTop = (options: Partial<GwtOptions>) => {
      const s = fresh(2, options);
      s.foresight = ['', '', '', '', '', ''];
      s.players[0]!.hand = ['jersey', 'angus', 'holstein', 'dutchbelt']; // in the order drawn: dutchbelt last
      s.players[0]!.location = 'G-1';
      const t = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
      expect(t.players[0]!.discard.slice(-4)).toHaveLength(4);
      return viewFor(t, SPECTATOR).public.players[0]!.discardTop;
    };
    expect(discardTop({})).toBe('jersey'); // the last of angus, dutchbelt, holstein, jersey
    // As games recorded before the option were played (legacyOptions).
    expect(discardTop({ revealedHandOrder: 'asHeld' })).toBe('dutchbelt');
    expect((game.legacyOptions as Partial<GwtOptions>).revealedHandOrder).toBe('asHeld');
  });
  it('hands are private; the public part is the same for everyone', () => {
    const s = setup(std, 3, 'view');
    const v0 = game.viewFor(s, 0);
    const spectator = game.viewFor(s, SPECTATOR);
    expect(spectator.private).toBeNull();
    expect(v0.public).toEqual(spectator.public);
    expect(v0.private!.hand).toEqual(s.players[0]!.hand);
    expect(JSON.stringify(spectator)).not.toContain('"hand"');
  });
  it('conservation checks catch a lost card, tile, disc or coin', () => {
    const s = setup(std, 2, 'inv');
    expect(game.invariants!(s)).toEqual([]);
    const broken = structuredClone(s);
    broken.players[0]!.hand.pop();
    broken.stacks[0]!.pop();
    broken.players[1]!.discs.pop();
    broken.players[0]!.money += 1;
    expect(game.invariants!(broken)).toHaveLength(4);
  });
});

// Rules the original rules document (Persian) states in so many words, each with the words it says them in.
describe('the rules document, rule by rule', () => {
  // "نفر اول را تصادفی تعیین کنید" (choose the first player at random); "پنج کاشی رئیس ایستگاه را مخلوط کنید" (shuffle
  // the five station masters); "لکوموتیو روی فضای شروع مسیر راهآهن، نشانگر سند کنار صفر مسیر گواهی و گاوچران کنار صفحهی
  // شخصی میرود" (the engine on the railroad's start, the certificate marker beside 0, the cattleman beside the board).
  it('setup: a random first player, shuffled station masters; engine at the start, certificates 0, cattleman off the trail', () => {
    const seeds = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    expect(new Set(seeds.map((seed) => setup(std, 4, seed).firstPlayer)).size).toBeGreaterThan(1);
    expect(new Set(seeds.map((seed) => setup(std, 4, seed).stations.slice(0, 5).map((st) => st.master).join())).size).toBeGreaterThan(1);
    for (const p of setup(std, 3, 'start').players) {
      expect([p.engine, p.certificates, p.permanentCertificates, p.location]).toEqual([0, 0, 0, '']);
      expect(p.workers).toEqual({ cowboy: 1, craftsman: 1, engineer: 1 });
    }
  });

  // "باید دستکم ۱ گام حرکت کنید" (you must move at least 1 step); "همیشه در جهت پیکان مسیر و رو به جلو حرکت کنید" (always
  // forward, in the direction of the arrows).
  it('phase A: at least one step, and only forward', () => {
    const s = fresh();
    s.players[0]!.location = 'C';
    expect(errorOf(s, { type: 'move', path: [] })).toBe('great-western-trail/illegal-move');
    expect(errorOf(s, { type: 'move', path: ['B'] })).toBe('great-western-trail/illegal-move');
    expect(errorOf(s, { type: 'move', path: ['C'] })).toBe('great-western-trail/illegal-move');
    expect(has(s, { type: 'move', path: ['D'] })).toBe(true);
  });

  // "گاوچرانهای بازیکنان دیگر مانعی نیستند؛ چند گاوچران میتوانند یکجا باشند" (other cattlemen are no obstacle; several
  // cattlemen may stand in one place).
  it('phase A: other cattlemen block nothing and cost nothing; several may share a location', () => {
    const s = fresh();
    s.players[1]!.location = 'B';
    const passed = play(s, { type: 'move', path: ['A', 'B', 'C'] });
    expect(passed.players[0]!.money).toBe(20);
    const shared = play(s, { type: 'move', path: ['A', 'B'] });
    expect([shared.players[0]!.location, shared.players[1]!.location]).toEqual(['B', 'B']);
    expect(shared.players[0]!.money).toBe(20);
    expect(shared.turn.session!.tile).toBe('n:B');
  });

  // "اگر در اقدام محلی هزینه یا الزامی ذکر شده، باید آن را کامل بپردازید تا بتوانید پاداش را بگیرید" (a local action's
  // cost or requirement must be met in full for its reward).
  it('phase B: a local action whose requirement is not met is refused; met, it pays its reward', () => {
    const s = goTo(fresh(), 'B'); // B: discard a Dutch Belt for $2
    s.players[0]!.hand = ['jersey', 'angus'];
    expect(errorOf(s, { type: 'action', action: '0.0' })).toBe('great-western-trail/illegal-action');
    const f = fresh();
    f.players[0]!.hand = ['jersey', 'angus'];
    f.trail['DROUGHT-2'] = 'h:drought-g4'; // F's other action (a hazard) keeps local actions on offer
    const atF = goTo(f, 'F'); // F: discard a pair of one breed for $4
    expect(errorOf(atF, { type: 'action', action: '0.0', cards: ['jersey', 'angus'] })).toBe('great-western-trail/illegal-action');
    s.players[0]!.hand = ['dutchbelt'];
    expect(play(s, { type: 'action', action: '0.0' }).players[0]!.money).toBe(22);
    // A price is a requirement too: F's hazard at $7 with $6, A's hire with $1.
    const poor = fresh();
    poor.players[0]!.money = 6;
    poor.players[0]!.hand = ['jersey', 'jersey'];
    poor.trail['DROUGHT-2'] = 'h:drought-g4';
    expect(errorOf(goTo(poor, 'F'), { type: 'action', action: '1.0' })).toBe('great-western-trail/illegal-action');
    const broke = fresh();
    broke.players[0]!.money = 1;
    broke.players[0]!.hand = ['guernsey'];
    expect(errorOf(goTo(broke, 'A'), { type: 'action', action: '1.0' })).toBe('great-western-trail/illegal-action');
  });

  // "دو استثنا وجود دارد: کانزاس سیتی (شهر محلی) و سانفرانسیسکو (شهر پایانی)؛ در این دو شهر میتوانید چند دیسک داشته
  // باشید" (two exceptions: Kansas City and San Francisco may hold several of your discs).
  it('delivery: San Francisco takes another disc of yours; a city already holding one does not', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.cities.sanFrancisco = 1;
    s.players[0]!.cities.sacramento = 1;
    s.players[0]!.hand = ['guernsey', 'holstein', 'highland3', 'longhorn5', 'jersey'];
    s.players[0]!.certificates = 6;
    s.players[0]!.permanentCertificates = 2;
    s.players[0]!.location = 'G-1';
    let t = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 6 });
    const cities = legalMoves(t, 0).flatMap((m) => (m.type === 'deliver' ? [m.city] : []));
    expect(cities).toContain('sanFrancisco');
    expect(cities).not.toContain('sacramento');
    expect(errorOf(t, { type: 'deliver', city: 'sacramento' })).toBe('great-western-trail/illegal-deliver');
    t = play(play(t, { type: 'deliver', city: 'sanFrancisco' }), { type: 'disc', disc: 'aux1' });
    expect(t.players[0]!.cities.sanFrancisco).toBe(2);
  });

  // "دیسک سفید میتواند روی هر نشان شهر قرار گیرد؛ دیسک تیره فقط روی فضای شهر با گوشهی تیره میرود" (a white disc may go
  // on any city crest; a dark disc only on a dark-cornered space), and "اگر برای قرار دادن یک دیسک در یک شهر یا در یک
  // ایستگاه قطار جا ندارید، میتوانید فضاهای دیسک را با گوشههای سفید پر کنید" (with nothing else to place, the
  // white-cornered spaces may be filled): read as the README says, a dark disc on a white space once no white is left.
  it('discs: white spaces take white discs, dark spaces either; a dark disc goes on a white space once no white one is left', () => {
    const toDelivery = (discs: string[]) => {
      const s = fresh();
      s.foresight = ['', '', '', '', '', ''];
      s.players[0]!.discs = discs as GwtState['players'][number]['discs'];
      s.players[0]!.hand = ['guernsey', 'angus', 'holstein', 'longhorn5'];
      s.players[0]!.location = 'G-1';
      return play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
    };
    const discsFor = (s: GwtState, city: string) => legalMoves(play(s, { type: 'deliver', city } as GwtMove), 0).map((m) => (m.type === 'disc' ? m.disc : ''));
    const mixed = toDelivery(['aux3a', 'step1', 'cert6']);
    expect(discsFor(mixed, 'topeka')).toEqual(['aux3a']); // white crest
    expect(discsFor(mixed, 'albuquerque')).toEqual(['aux3a', 'step1', 'cert6']); // dark crest
    const darkOnly = toDelivery(['step1', 'cert6']);
    expect(discsFor(darkOnly, 'topeka')).toEqual(['step1', 'cert6']);
  });

  // "وقتی لکوموتیو روی فضای یک ایستگاه توقف میکند میتوانید آن را ارتقا دهید. ارتقا هزینهی مشخصی دارد که باید بپردازید"
  // (an engine stopping on a station may upgrade it, paying its price).
  it('stations: stopping on one, the upgrade may be declined, is paid, and is not offered without the money', () => {
    const onTurnout = (money: number) => {
      let s = fresh();
      s.players[0]!.money = money;
      s = goTo(s, 'G');
      s.players[0]!.engine = 4;
      return play(play(s, { type: 'action', action: '0.0' }), { type: 'engine', to: 4.5 });
    };
    const s = onTurnout(20);
    expect(types(s)).toEqual(['skip', 'upgrade']);
    const declined = play(s, { type: 'skip' });
    expect([declined.players[0]!.money, declined.stations[0]!.discs]).toEqual([20, []]);
    expect(play(s, { type: 'upgrade' }).players[0]!.money).toBe(20 - NAMES.stations[0]!.cost);
    const poor = onTurnout(NAMES.stations[0]!.cost - 1);
    expect(poor.turn.stack.some((x) => x.kind === 'upgrade')).toBe(false);
    expect(poor.stations[0]!.discs).toEqual([]);
  });

  // "یک کارت هدف از محل عمومی بردارید ... یا اولین کارت ستون هدف را بردارید" (take an objective card from the display, or
  // the first card of the objective stack).
  it('objective cards: building C takes one from the display (refilled from the stack) or the top of the stack', () => {
    const s = play(goTo(fresh(), 'C'), { type: 'action', action: '0.1' });
    const [top, next] = [s.objectiveStack.at(-1)!, s.objectiveStack.at(-2)!];
    const display = [...s.objectiveDisplay];
    const offered = legalMoves(s, 0).map((m) => (m.type === 'takeObjective' ? m.card : m.type));
    expect(offered.sort()).toEqual([...new Set(display), 'stack'].sort());
    const blind = play(s, { type: 'takeObjective', card: 'stack' });
    expect(blind.players[0]!.discard).toEqual([top]);
    expect(blind.objectiveDisplay).toEqual(display);
    const seen = play(s, { type: 'takeObjective', card: display[1]! });
    expect(seen.players[0]!.discard).toEqual([display[1]]);
    expect(seen.objectiveDisplay).toEqual([display[0], display[2], display[3], top]);
    expect(seen.objectiveStack.at(-1)).toBe(next);
  });

  // "اگر ستون کارتهای هدف پایان یابد، فضای خالی بخش کارتهای هدف عمومی دوباره پر نمیشود" (once the objective stack runs
  // out, an empty space of the display is not refilled).
  it('objective cards: with the stack gone, a card taken from the display leaves its space empty', () => {
    const s = goTo(fresh(), 'C');
    s.objectiveStack = [];
    const card = s.objectiveDisplay[0]!;
    const t = play(play(s, { type: 'action', action: '0.1' }), { type: 'takeObjective', card });
    expect(t.objectiveDisplay).toHaveLength(3);
    expect(t.objectiveDisplay).not.toContain(card);
    expect(legalMoves(play(s, { type: 'action', action: '0.1' }), 0)).not.toContainEqual({ type: 'takeObjective', card: 'stack' });
  });

  // "اگر کارتهایتان از حد مجاز کمتر شد، با همان تعداد کارت ادامه دهید" (if your cards fall below the hand limit, go on
  // with that many).
  it('phase C: a deck smaller than the hand limit leaves a smaller hand, and play goes on', () => {
    let s = fresh();
    s.players[0]!.hand = ['jersey'];
    s.players[0]!.discard = ['angus'];
    s = goTo(s, 'G');
    s = play(s, { type: 'aux', aux: 1, double: false });
    expect(s.current).toBe(1);
    expect([...s.players[0]!.hand].sort()).toEqual(['angus', 'jersey']);
    expect([s.players[0]!.deck, s.players[0]!.discard]).toEqual([[], []]);
  });

  // "همیشه میتوانید ستون کارتهای خارجشدهی خود را بررسی کنید؛ ولی نمیتوانید کارتهای ستون اصلی را ببینید" (you may always
  // look through your discard pile, never your draw pile).
  it('views: a player sees their whole discard pile, nobody sees a draw pile', () => {
    const s = fresh();
    s.players[0]!.discard = ['angus', 'holstein', 'jersey'];
    s.players[0]!.deck = ['longhorn7', 'highland5'];
    const own = game.viewFor(s, 0);
    expect(own.private!.discard).toEqual(['angus', 'holstein', 'jersey']);
    expect(Object.keys(own.private!)).not.toContain('deck');
    expect(own.public.players[0]!.deckCount).toBe(2);
    expect(Object.keys(own.public.players[0]!)).not.toContain('deck');
    expect(game.viewFor(s, 1).private!.discard).toEqual([]);
  });

  // "اگر وظایف آن بهطور کامل برآورده نشود، نمرهی منفی کارت را میگیرید ... (کارت هدف ابتدایی شما امتیاز منفی ندارد)" (an
  // objective not fully met scores its penalty; a starting objective has none).
  it('scoring: an unmet played objective costs its penalty, an unmet starting objective nothing', () => {
    const score = (objectives: string[]) => {
      const s = fresh();
      s.players.forEach((p) => {
        p.money = 0;
        p.objectives = [];
      });
      s.players[0]!.objectives = objectives;
      s.over = true;
      return (game.outcome(s)!.details as { breakdown: { objectives: number }[] }).breakdown[0]!.objectives;
    };
    expect(score(['START_BBH'])).toBe(0);
    expect(score(['ENGINE_SSHH'])).toBe(-3);
    expect(score(['START_BBH', 'MOVE_SSBB'])).toBe(-2);
  });
});

describe('the rules document, rule by rule: components, income, neighbours, scoring', () => {
  // "۵۴ کاشی کارگر (۱۸ مهندس، ۱۸ کارگر ماهر و ۱۸ گاوچران)، ۱۸ کاشی خطر (ریزش سنگ، خشکسالی و سیل) و ۲۲ کاشی چادر (سبز و
  // آبی)", "۱۴ دیسک رنگی", "۹۲ کارت گاو: ۵۶ کارت گاو شروع بازیکنان (۱۴ عدد برای هر نفر) و ۳۶ کارت گاو بازار", "۲۴ کارت هدف و
  // ۴ کارت هدف شروع", "۷ کاشی خنثی ... ۱۰ کاشی دوطرفه برای هر بازیکن", "۵ کاشی رئیس ایستگاه" (the components).
  it('components: 54 workers (18 of each), 18 hazards (6 a type), 22 teepees, 92 cattle cards, 24 + 4 objective cards, 5 station masters, 14 discs and 10 buildings a player', () => {
    const s = setup(std, 4, 'box');
    const tiles = [
      ...s.stacks.flat(), ...s.foresight, ...s.jobMarket.filter((t) => t !== ''), ...s.removedTiles,
      ...Object.values(s.trail).filter((t) => /^[ht]:/.test(t)).map((t) => t.slice(2)),
    ];
    const count = (pick: (t: string) => boolean) => tiles.filter(pick).length;
    expect(['cowboy', 'craftsman', 'engineer'].map((w) => count((t) => t === w))).toEqual([18, 18, 18]);
    expect(['flood', 'drought', 'rockfall'].map((h) => count((t) => t.startsWith(`${h}-`)))).toEqual([6, 6, 6]);
    expect([count((t) => t === 'green'), count((t) => t === 'blue')]).toEqual([11, 11]);
    expect(tiles).toHaveLength(54 + 18 + 22);
    const players = s.players.map((p) => [...p.hand, ...p.deck, ...p.discard]);
    expect(players.map((cards) => cards.length)).toEqual([14, 14, 14, 14]);
    expect([...s.market, ...s.marketDeck]).toHaveLength(36);
    const general = [...s.objectiveDisplay, ...s.objectiveStack];
    expect(general).toHaveLength(24);
    expect(general.some((c) => c.startsWith('START'))).toBe(false);
    expect([...s.players.flatMap((p) => p.objectives), ...s.removedCards].sort()).toEqual(['START_34B', 'START_BBH', 'START_BLHH', 'START_SSG']);
    expect(s.stations.map((st) => st.master).filter((m) => m !== 0)).toHaveLength(5);
    expect(Object.values(s.trail).filter((t) => t.startsWith('n:'))).toHaveLength(7);
    for (const p of s.players) expect([p.discs.length, p.buildings.length]).toEqual([14, 10]);
  });

  // "۴ کارت هدف شروع را مخلوط کنید و به هر بازیکن یکی بدهید؛ این کارت اولین هدف شخصی او است. باقی را به جعبه برگردانید"
  // (shuffle the 4 starting objective cards, one to each player as their first objective; the rest back to the box).
  it('setup: each player is dealt a different starting objective into the objective area, the rest go back to the box', () => {
    for (const seats of [2, 3]) {
      const s = setup(std, seats, `starting-${seats}`);
      const dealt = s.players.map((p) => p.objectives);
      expect(dealt.every((cards) => cards.length === 1 && cards[0]!.startsWith('START'))).toBe(true);
      expect(new Set(dealt.flat()).size).toBe(seats);
      expect(s.removedCards).toHaveLength(4 - seats);
      // Out of the game: in no hand, deck or discard pile, nor among the general objective cards.
      const inPlay = [...s.objectiveDisplay, ...s.objectiveStack, ...s.players.flatMap((p) => [...p.hand, ...p.deck, ...p.discard])];
      expect(inPlay.some((c) => s.removedCards.includes(c))).toBe(false);
    }
  });

  // "همهی کارتهای دست را به بقیه نشان دهید و ارزش پرورش هر نوع گاو را جمع کنید (هر نوع گاو فقط یکبار حساب میشود) ... سپس
  // همانقدر پول از مخزن بگیرید و همهی کارتهای دست را در ستون کارتهای خارجشده بگذارید" (show the hand, add up the breeding
  // value of each breed, each breed counted once; take that money and put every card of the hand on the discard pile).
  it('income: each breed counts once (three breeds of value 3 are 9; two West Highlands of different VP one 4), and the whole hand, objective cards too, is discarded', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.hand = ['holstein', 'brownswiss', 'ayrshire', 'highland3', 'highland5', 'DRAW_5H'];
    s.players[0]!.location = 'G-1';
    const t = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
    expect(t.players[0]!.money).toBe(20 + 3 + 3 + 3 + 4);
    expect(t.players[0]!.hand).toEqual([]);
    expect([...t.players[0]!.discard].sort()).toEqual(['DRAW_5H', 'ayrshire', 'brownswiss', 'highland3', 'highland5', 'holstein']);
    expect(t.turn.stack.at(-1)).toEqual({ kind: 'deliver', max: 13, extraordinary: false });
  });

  // "شهری را انتخاب کنید که ارزشش برابر یا کمتر از ارزش کل پرورش گاوهای شما باشد و از قبل دیسک شما در آن نباشد" (a city
  // of value at most yours that does not hold a disc of yours yet) and a station upgrade places "یکی از دیسکهایتان"
  // (one of your discs): another player's disc on a city or a station stops nobody else.
  it("delivery and stations: another player's disc on a city or a station does not keep you out", () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[1]!.cities.wichita = 1;
    s.players[0]!.hand = ['guernsey', 'angus'];
    s.players[0]!.location = 'G-1';
    const t = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
    expect(has(t, { type: 'deliver', city: 'wichita' })).toBe(true);
    expect(play(play(t, { type: 'deliver', city: 'wichita' }), { type: 'disc', disc: 'aux1' }).players.map((p) => p.cities.wichita)).toEqual([1, 1]);
    let u = fresh();
    u.stations[0]!.discs = [1];
    u = goTo(u, 'G');
    u.players[0]!.engine = 4;
    u = play(play(u, { type: 'action', action: '0.0' }), { type: 'engine', to: 4.5 });
    u = play(play(u, { type: 'upgrade' }), { type: 'disc', disc: 'aux1' });
    expect(u.stations[0]!.discs).toEqual([1, 0]);
  });

  // "کپی کردن اقدام محلی کاشی ساختمان مجاور (چه خنثی، چه کاشی بازیکن دیگر)" (copy the local action of an adjacent
  // building, neutral or another player's): 8b uses the other player's building as its own, for no fee.
  it("8b: copies another player's building beside it, its local actions offered as if it were one's own", () => {
    let s = fresh();
    s.trail['A-2'] = 'p:0:8b';
    s.trail['A-1'] = 'p:1:2a';
    s.players[0]!.hand = ['guernsey'];
    s = goTo(s, 'A-2');
    s = play(s, { type: 'action', action: '0.0' });
    expect(legalMoves(s, 0)).toEqual([{ type: 'copy', space: 'A-1' }, { type: 'skip' }]);
    s = play(s, { type: 'copy', space: 'A-1' });
    s = play(s, { type: 'action', action: '0.0' }); // 2a: discard a Guernsey for $4
    expect([s.players[0]!.money, s.players[1]!.money]).toEqual([24, 20]);
  });

  // "دیسکها روی ۱۴ فضای رنگی صفحهی شخصی قرار میگیرند و فقط ۲ فضای خاکستری سمت چپ بالا خالی میمانند" (the 14 discs
  // cover the coloured spaces, only the 2 grey ones stay empty) and "هر اقدام کمکی کنار خود ۲ فضای دیسک دارد؛ تا وقتی
  // هر دو فضا اشغال شدهاند اقدام قابل استفاده نیست" (an auxiliary action is unusable while both its spaces are
  // occupied): at the start actions 1 and 2 are there in single, 3 to 5 are not.
  it('auxiliary actions at the start: 1 and 2 single (their grey spaces are empty), 3 to 5 locked, no double', () => {
    const s = fresh();
    s.trail['A-1'] = 'p:1:2a';
    s.players[0]!.money = 20;
    s.players[0]!.engine = 5;
    s.players[0]!.deck = ['jersey', 'angus'];
    expect(legalMoves(goTo(s, 'A-1'), 0)).toEqual([{ type: 'aux', aux: 1, double: false }, { type: 'aux', aux: 2, double: false }]);
    const atG = play(goTo(fresh(), 'G'), { type: 'action', action: '1.0' }); // G: single-or-double auxiliary action
    expect(legalMoves(atG, 0).filter((m) => m.type === 'aux')).toEqual([{ type: 'aux', aux: 1, double: false }, { type: 'aux', aux: 2, double: false }]);
  });

  // "کاشی شخصی بازیکن دیگر، کاشی خطر یا کاشی چادر: فقط یک اقدام کمکی میتوانید انجام دهید" (another player's building, a
  // hazard or a teepee: a single auxiliary action only), after its fee to the bank.
  it('a hazard or a teepee stopped on: its fee to the bank, then a single auxiliary action only', () => {
    for (const [space, tile] of [['FLOOD-1', 'h:flood-g4'], ['TEEPEE-1', 't:blue']]) {
      const s = fresh();
      s.trail[space!] = tile!;
      s.players[0]!.deck = ['jersey'];
      const at = goTo(s, space!);
      expect(at.players[0]!.money).toBe(18);
      expect(legalMoves(at, 0)).toEqual([{ type: 'aux', aux: 1, double: false }, { type: 'aux', aux: 2, double: false }]);
    }
  });

  // "پول در بازی نامحدود فرض میشود" (money is unlimited): the bank pays whatever it owes, whatever is out.
  it('money is unlimited: the bank keeps paying beyond the coins in the box', () => {
    const s = fresh();
    s.foresight = ['', '', '', '', '', ''];
    s.players[0]!.money = 200;
    s.players[1]!.money = 200;
    s.players[0]!.hand = ['guernsey', 'angus', 'holstein'];
    s.players[0]!.location = 'G-1';
    const t = play(play(s, { type: 'move', path: ['KANSAS_CITY'] }), { type: 'income', certificates: 0 });
    expect(t.players[0]!.money).toBe(207);
  });

  // "۶. امتیاز پیروزی کارتهای گاو شما در ستون شخصی، دست و ستون کارتهای خارجشده" (the VP of your cattle cards in your
  // draw pile, hand and discard pile), "۳. ... (منفی هم ممکن است)" (cities: negative too) and "۱. بهازای هر ۵ دلار ...
  // ۱ امتیاز" (1 VP per $5).
  it('scoring: cattle in the draw pile, hand and discard pile all score, removed ones not; cities may score below zero; 1 VP per whole $5', () => {
    const s = fresh();
    s.players.forEach((p) => (p.objectives = []));
    const p = s.players[0]!;
    p.money = 9;
    p.deck = ['longhorn7'];
    p.hand = ['highland5', 'jersey'];
    p.discard = ['ayrshire', 'holstein'];
    s.removedCards = ['longhorn6'];
    p.cities = { ...p.cities, topeka: 1, wichita: 1 };
    s.over = true;
    expect((game.outcome(s)!.details as { breakdown: Record<string, number>[] }).breakdown[0]).toMatchObject({ money: 1, cattle: 7 + 5 + 3 + 1, cities: -3 });
  });
});
