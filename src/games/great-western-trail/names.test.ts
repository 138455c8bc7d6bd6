import { describe, expect, it } from 'vitest';
import { SPECTATOR } from '../../core/game.ts';
import { CITIES, CITY_DATA, DISCS, STATION_MASTER_DATA, STATIONS, TURNOUT_AFTER } from './data/board.ts';
import { CATTLE, OBJECTIVES } from './data/cards.ts';
import { hazardVp, supplyStacks } from './data/tiles.ts';
import { EDGES, START, TEEPEE_SPACES } from './data/trail.ts';
import { game } from './index.ts';
import { localActionTexts } from './labels.ts';
import { NAMES } from './names.ts';
import { CATEGORIES } from './scoring.ts';
import { setup } from './setup.ts';
import { optionsSchema } from './types.ts';
import { viewFor } from './view.ts';

describe('the view names every code from the engine data', () => {
  it('carries one frozen catalogue, the same object in every view', () => {
    const state = setup(optionsSchema.parse({}), 3, 'names');
    const views = [SPECTATOR, 0, 2].map((viewer) => viewFor(state, viewer).public.names);
    expect(views.every((names) => names === NAMES)).toBe(true);
    expect(Object.isFrozen(NAMES) && Object.isFrozen(NAMES.cards) && Object.isFrozen(NAMES.cards.jersey)).toBe(true);
  });

  it('states each objective card as the data has it: tasks, VP and penalty', () => {
    for (const [code, card] of Object.entries(OBJECTIVES)) {
      const entry = NAMES.cards[code]!;
      expect(entry.kind).toBe('objective');
      expect(entry.text).toContain(`→ ${card.vp} VP`);
      if (card.penalty) expect(entry.text).toContain(`(−${card.penalty} if unmet)`);
      else expect(entry.text).toContain('(no penalty if unmet)'); // the starting objectives
      const hazards = card.tasks.filter((t) => t === 'H').length;
      if (hazards) expect(entry.text).toContain(`${hazards} hazard${hazards === 1 ? '' : 's'}`);
    }
    expect(NAMES.cards.GAIN2_4HH!.text).toBe('1 cattle card of value 4, 2 hazards → 3 VP (−2 if unmet) · played: +$2');
    expect(NAMES.cards.START_BBH!.text).toBe('2 own buildings, 1 hazard → 3 VP (no penalty if unmet)');
  });

  it('says what an auxiliary action a building or an objective card offers is: one of your player board, single or double', () => {
    const words = 'one auxiliary action of your player board, single or double';
    expect(localActionTexts('n:D', '').find((a) => a.id === '1.0')!.text).toBe(words);
    expect(NAMES.cards.AUX_SF!.text).toMatch(new RegExp(`· played: ${words}$`));
  });

  it('names cattle by breed, breeding value and VP', () => {
    for (const [code, c] of Object.entries(CATTLE)) {
      expect(NAMES.cards[code]).toMatchObject({ kind: 'cattle' });
      expect(NAMES.cards[code]!.text).toMatch(new RegExp(`^[A-Z][a-zA-Z ]+, value ${c.breedingValue}${c.vp ? `, ${c.vp} VP` : ''}$`));
    }
  });

  it('names every supply tile, trail space, city, disc, station and station master', () => {
    for (const tile of supplyStacks(11).flat()) expect(NAMES.tiles[tile], tile).toBeDefined();
    expect(NAMES.tiles['rockfall-b3']).toEqual({ text: `rockfall, black hand, ${hazardVp('rockfall-b3')} VP`, kind: 'hazard' });
    expect(Object.keys(NAMES.spaces).sort()).toEqual(Object.keys(EDGES).sort());
    expect(NAMES.spaces['TEEPEE--3']!.text).toBe('teepee −3');
    for (const city of CITIES) expect(NAMES.cities[city]!.text).toContain(`(${CITY_DATA[city].value})`);
    // What a city's disc pays at once: Kansas City's $6, said beside its delivery (the delivery itself pays nothing).
    expect(NAMES.cityPayments).toEqual({ kansasCity: 6 });
    expect(Object.keys(NAMES.discs)).toEqual([...DISCS]);
    expect(NAMES.stations.map((s) => [s.cost, s.vp])).toEqual(STATIONS.map((s) => [s.cost, s.vp]));
    expect(NAMES.stations.slice(0, 9).map((s) => s.turnout)).toEqual(TURNOUT_AFTER);
    for (const [n, m] of Object.entries(STATION_MASTER_DATA)) expect(NAMES.stationMasters[n]!.text).toContain(`${m.vp} VP per`);
  });

  it('lays out the trail from the graph: every reachable space once, in stages from START to Kansas City', () => {
    const laidOut = NAMES.trail.flatMap((stage) => stage.routes.flatMap((r) => r.spaces));
    expect(new Set(laidOut).size).toBe(laidOut.length);
    expect([...laidOut, ...NAMES.besideTrail].sort()).toEqual(Object.keys(EDGES).sort());
    expect(laidOut[0]).toBe(START);
    expect(NAMES.besideTrail).toEqual(TEEPEE_SPACES.slice(0, 3));
    // Each route's spaces follow one another on the trail.
    for (const r of NAMES.trail.flatMap((stage) => stage.routes)) r.spaces.slice(1).forEach((s, i) => expect(EDGES[r.spaces[i]!]).toContain(s));
    expect(NAMES.trail.flatMap((stage) => stage.routes.map((r) => r.name))).toContain('Indian trade');
  });

  it('says the turn’s phases, the pending steps and the scoring pad’s rows in words', () => {
    expect(Object.keys(NAMES.phases).sort()).toEqual(['A', 'B', 'KC']);
    expect(Object.keys(NAMES.scoring)).toEqual([...CATEGORIES]); // the pad's order
    expect(NAMES.scoring.objectives).toBe('Objective cards');
    // Every step a view's `pending` names in a game played at random has its words.
    let state = game.setup(optionsSchema.parse({}), 2, 'steps');
    const pending = new Set<string>();
    for (let i = 0, rng = 7; i < 2000; i++) {
      const [actor] = game.activeActors(state);
      if (actor === undefined) break;
      pending.add(viewFor(state, SPECTATOR).public.pending);
      const legal = game.legalMoves(state, actor);
      rng = (rng * 1103515245 + 12345) % 2 ** 31;
      const result = game.applyMove(state, actor, legal[rng % legal.length]);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    pending.delete('');
    expect(pending.size).toBeGreaterThan(5);
    for (const kind of pending) expect(NAMES.steps[kind as keyof typeof NAMES.steps], kind).toMatch(/\w/);
    expect(Object.values(NAMES.steps).every((text) => text.length > 0)).toBe(true);
  });
});

