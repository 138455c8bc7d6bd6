/** Who acts, what they may do, and the one pure transition. */
import type { Actor, GameEvent, MoveResult, Seat } from '../../core/game.ts';
import { CoreErrors, ONE_OF, SYSTEM, accept, guardMove, isMoveShape, reject } from '../../core/game.ts';
import { FINISH, RACES, spaceInfo } from './data/board.ts';
import { keepToken, vipDesign } from './data/vip.ts';
import { availableTokens, betBlock, bettorSeats, freeSpaces, isOpenSpace, rollDice } from './race.ts';
import { settleRace } from './settlement.ts';
import { dealVipOffers, startRace } from './setup.ts';
import { cloneState, keepUnchanged } from './clone.ts';
import type { Move, State } from './types.ts';
import { GAME_ID } from './types.ts';

const err = (reason: string, message: string) => reject(`${GAME_ID}/${reason}`, message);

/** The roller: SYSTEM on the server timer, or the host seat. */
export function roller(state: State): Actor {
  return state.hostSeat >= 0 ? state.hostSeat : SYSTEM;
}

const activeByState = new WeakMap<State, Actor[]>();

/** Asked for every seat's legal moves after every move: worked out once per (immutable) state. */
export function activeActors(state: State): Actor[] {
  let active = activeByState.get(state);
  if (!active) activeByState.set(state, (active = Object.freeze(whoMayAct(state)) as Actor[]));
  return active;
}

/**
 * Bets during a race are optional whoever rolls: a seated host sets the pace as SYSTEM does, and only its
 * roll is waited for. Otherwise (results, the VIP draft) SYSTEM closes the step and every seat is optional.
 */
export function optionalMove(state: State, seat: Seat): boolean {
  return state.phase === 'racing' ? seat !== roller(state) : activeActors(state).includes(SYSTEM);
}

/** The roller (or SYSTEM) first, then the seats that may act, in seat order. Runs once per state: after every move. */
function whoMayAct(state: State): Actor[] {
  if (state.phase === 'over') return [];
  const active: Actor[] = [state.phase === 'racing' ? roller(state) : SYSTEM];
  for (let seat = 0; seat < state.seats; seat++) if (seatMayAct(state, seat)) active.push(seat);
  return active;
}

function seatMayAct(state: State, seat: Seat): boolean {
  switch (state.phase) {
    case 'racing':
      return seat !== state.hostSeat && betBlock(state, seat) === null;
    case 'results':
      return !state.players[seat]!.ready;
    case 'vipDraft':
      return state.players[seat]!.offer.length > 0;
    case 'over':
      return false;
  }
}

const ROLL: Move = Object.freeze({ type: 'roll' });
const PASS: Move = Object.freeze({ type: 'pass' });
const betMoves = new Map<string, Map<number, Move>>();

/**
 * The bet move for a space and token value, made once and frozen: a seat's list is rebuilt after
 * every move (hundreds of bets), and the same objects from list to list cost no allocation and let the
 * room see at a glance that a move is still listed.
 */
function betMove(space: string, token: number): Move {
  let bySpace = betMoves.get(space);
  if (!bySpace) betMoves.set(space, (bySpace = new Map()));
  let move = bySpace.get(token);
  if (!move) bySpace.set(token, (move = Object.freeze({ type: 'bet', space, token })));
  return move;
}

/** The public choice set a bet pattern draws its space from: the spaces no token holds yet. */
export const FREE_SPACES = 'freeSpaces';
const ANY_FREE_SPACE = Object.freeze({ [ONE_OF]: FREE_SPACES });
const betPatterns = new Map<number, Move>();

/** "Any free space with this token", once per token value and frozen, like betMove. */
function betPattern(token: number): Move {
  let move = betPatterns.get(token);
  if (!move) betPatterns.set(token, (move = Object.freeze({ type: 'bet', space: ANY_FREE_SPACE, token }) as unknown as Move));
  return move;
}

/** The free spaces while a race runs (the sets legalMovePatterns refers to). */
export function choices(state: State): Record<string, readonly string[]> {
  return state.phase === 'racing' ? { [FREE_SPACES]: freeSpaces(state) } : {};
}

/** One bet per free space per distinct token value left, plus `pass`; the roller gets `roll`. */
export function legalMoves(state: State, actor: Actor): Move[] {
  return listMoves(state, actor, false);
}

/** legalMoves with the bets of each token value as one pattern over the free spaces (~250 → ~5 entries). */
export function legalMovePatterns(state: State, seat: Seat): Move[] {
  return listMoves(state, seat, true);
}

function listMoves(state: State, actor: Actor, patterns: boolean): Move[] {
  if (!activeActors(state).includes(actor)) return [];
  switch (state.phase) {
    case 'racing': {
      const moves: Move[] = actor === roller(state) ? [ROLL] : [];
      if (actor >= 0 && betBlock(state, actor) === null) {
        const values = [...new Set(availableTokens(state, actor))];
        if (patterns) {
          if (freeSpaces(state).length > 0) for (const token of values) moves.push(betPattern(token));
        } else {
          for (const space of freeSpaces(state)) for (const token of values) moves.push(betMove(space, token));
        }
        moves.push(PASS);
      }
      return moves;
    }
    case 'results':
      return actor === SYSTEM ? [{ type: 'continue' }] : [{ type: 'ready' }];
    case 'vipDraft':
      return actor === SYSTEM ? [{ type: 'continue' }] : state.players[actor]!.offer.map((card) => ({ type: 'keepVip' as const, card }));
    case 'over':
      return [];
  }
}

export function applyMove(state: State, actor: Actor, move: unknown): MoveResult<State> {
  // Bets get their own reasons (closed, taken, used) rather than a bare "not your turn".
  if (state.phase !== 'over' && isMoveShape(move) && move.type === 'bet' && actor !== SYSTEM) return placeBet(state, actor, move);
  const guard = guardMove(activeActors(state), actor, move);
  if (guard) return guard;
  const m = move as Record<string, unknown> & { type: string };
  switch (m.type) {
    case 'roll':
      if (state.phase !== 'racing' || actor !== roller(state)) return err('not-your-roll', 'Only the roller rolls, and only during a race.');
      return roll(state);
    case 'pass': {
      if (actor === SYSTEM || betBlock(state, actor) !== null) return err('wrong-phase', 'Only a player who may still bet can stop betting.');
      const next = cloneState(state);
      next.players[actor]!.passed = true;
      return accept(keepUnchanged(state, next), [{ type: 'pass', seat: actor }]);
    }
    case 'ready': {
      if (state.phase !== 'results' || actor === SYSTEM) return err('wrong-phase', 'There is no settlement to acknowledge.');
      const next = cloneState(state);
      next.players[actor]!.ready = true;
      const events: GameEvent[] = [{ type: 'ready', seat: actor }, ...(next.players.every((p) => p.ready) ? leaveResults(next) : [])];
      return accept(keepUnchanged(state, next), events);
    }
    case 'keepVip':
      if (state.phase !== 'vipDraft' || actor === SYSTEM) return err('wrong-phase', 'There is no VIP draft now.');
      if (typeof m.card !== 'string') return reject(CoreErrors.malformedMove, 'keepVip needs a card id.');
      if (!state.players[actor]!.offer.includes(m.card)) return err('not-offered', 'That VIP card is not one of your two.');
      return keepVip(state, [[actor, m.card]]);
    case 'continue':
      if (actor !== SYSTEM || (state.phase !== 'results' && state.phase !== 'vipDraft')) {
        return err('wrong-phase', 'Only the clock moves the game on between races.');
      }
      if (state.phase === 'results') {
        const next = cloneState(state);
        const events = leaveResults(next);
        return accept(keepUnchanged(state, next), events);
      }
      // Draft timeout: whoever has not chosen keeps the first card offered.
      return keepVip(
        state,
        state.players.flatMap((p, seat) => (p.offer.length > 0 ? [[seat, p.offer[0]!] as [number, string]] : [])),
      );
    default:
      return reject(CoreErrors.unknownMove, `Unknown move type "${m.type}".`);
  }
}

function placeBet(state: State, actor: Actor, move: Record<string, unknown>): MoveResult<State> {
  if (!Number.isInteger(actor) || actor < 0 || actor >= state.seats) return reject(CoreErrors.notYourTurn, 'You may not act now.');
  if (typeof move.space !== 'string' || typeof move.token !== 'number') {
    return reject(CoreErrors.malformedMove, 'A bet is { type: "bet", space: <space id>, token: <token value> }.');
  }
  const block = betBlock(state, actor);
  if (block === 'not-a-bettor') return err(block, 'The host has no bet tokens.');
  if (block === 'betting-closed') return err(block, 'No more bets: betting is closed.');
  if (block === 'race-not-started') {
    return err(block, state.options.hostBets ? 'The host bets first: the others bet once the race has started (the first roll).' : "The race has not started: bets open with the host's first roll.");
  }
  if (block === 'passed') return err(block, 'You stopped betting for this race.');
  const owned = state.players[actor]!.tokens;
  if (!owned.includes(move.token)) return err('no-such-token', `You have no ${move.token} token.`);
  if (block === 'no-tokens' || !availableTokens(state, actor).includes(move.token)) {
    return err('token-used', `Your ${move.token} token is already on the board.`);
  }
  if (!isOpenSpace(state, move.space)) return err('unknown-space', `There is no space "${move.space}" on the table this race.`);
  if (state.bets.some((b) => b.space === move.space)) return err('space-taken', 'Another token already holds that space.');
  // A bet adds a bet and changes nothing else: everything else is shared with the previous state.
  const bet = { space: move.space, seat: actor, token: move.token };
  const next: State = { ...state, bets: [...state.bets, bet] };
  return accept(next, [{ type: 'bet', ...bet, label: spaceInfo(move.space)!.label }]);
}

function roll(state: State): MoveResult<State> {
  // A roll moves a horse and replaces the few parts it changes (race.ts, rollDice): the rest of the
  // state stays shared, so the room's views and mirror skip it by identity.
  const rolled: State = { ...state, rng: [...state.rng], positions: state.positions.slice() };
  const events = rollDice(rolled);
  if (!rolled.positions.includes(FINISH)) return accept(rolled, events);
  // The finish settles the race, which changes players all over: on a copy of its own.
  const next = cloneState(rolled);
  next.bettingOpen = false;
  events.push({ type: 'finish', horse: next.lastRoll!.horse }, ...settleRace(next));
  next.phase = next.race >= RACES ? 'over' : 'results';
  return accept(keepUnchanged(state, next), events);
}

/** After the settlement: the VIP draft after races 1–3, else straight to the next race. */
function leaveResults(state: State): GameEvent[] {
  if (state.options.vip) {
    dealVipOffers(state);
    return [{ type: 'vipDraft', race: state.race }];
  }
  startRace(state);
  return [{ type: 'raceStart', race: state.race }];
}

function keepVip(state: State, choices: [number, string][]): MoveResult<State> {
  const next = cloneState(state);
  const events: GameEvent[] = [];
  for (const [seat, card] of choices) {
    const player = next.players[seat]!;
    next.vipDiscard.push(...player.offer.filter((c) => c !== card));
    player.offer = [];
    const token = keepToken(card);
    // A bonus token is on the table for all to see, so its card is shown when kept.
    player.vip.push({ card, race: next.race, revealed: token > 0, spent: false });
    if (token > 0) {
      player.tokens.push(token);
      events.push({ type: 'vipRevealed', seat, card, name: vipDesign(card).name });
    }
    events.push({ type: 'vipKept', seat });
  }
  if (bettorSeats(next).every((s) => next.players[s]!.offer.length === 0)) {
    startRace(next);
    events.push({ type: 'raceStart', race: next.race });
  }
  return accept(keepUnchanged(state, next), events);
}
