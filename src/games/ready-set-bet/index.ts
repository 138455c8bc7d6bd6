/**
 * Ready Set Bet: real-time betting on a dice-driven horse race. Everyone bets at once while the dice
 * roll (SYSTEM on a timer, or a host seat); four races, settlement after each, a VIP draft after the
 * first three; most money wins.
 */
import type { GameDefinition, Outcome } from '../../core/game.ts';
import { sameMultiset } from '../../core/cards/index.ts';
import { rankByScore } from '../../core/result.ts';
import { EXOTIC_CARDS, MAX_BETTORS, PROP_CARDS, RACES } from './data/board.ts';
import { VIP_DECK, keepToken } from './data/vip.ts';
import { bot } from './bot.ts';
import { activeActors, applyMove, choices, legalMovePatterns, legalMoves, optionalMove } from './moves.ts';
import { moveShapes } from './move-schema.ts';
import { availableTokens, baseTokens, bettorSeats, isBettor, openSpaces } from './race.ts';
import { winningBets } from './settlement.ts';
import { setup } from './setup.ts';
import type { Move, Options, PrivateView, PublicView, State } from './types.ts';
import { GAME_ID, optionsSchema } from './types.ts';
import { privateView, resample, viewFor } from './view.ts';

function outcome(state: State): Outcome | null {
  if (state.phase !== 'over') return null;
  const bettors = bettorSeats(state);
  const money = bettors.map((s) => state.players[s]!.money);
  const tieBreakers: number[][] = [];
  if (state.options.tieBreak === 'fewestVip') tieBreakers.push(bettors.map((s) => -state.players[s]!.vip.length));
  if (state.options.tieBreak === 'mostWinningBets') {
    const won = winningBets(state);
    tieBreakers.push(bettors.map((s) => won[s]!));
  }
  const ranked = rankByScore(money, { tieBreakers });
  // A host who does not bet is not in the running; listed last.
  const standings = Array.from({ length: state.seats }, (_, seat) => {
    const i = bettors.indexOf(seat);
    return i < 0 ? { seat, rank: bettors.length + 1, score: 0 } : { ...ranked.standings[i]!, seat };
  });
  return { standings, winners: standings.filter((s) => s.rank === 1).map((s) => s.seat), details: { money: state.players.map((p) => p.money) } };
}

function invariants(state: State): string[] {
  const problems: string[] = [];
  const { options } = state;
  // Money: every dollar moved is a settlement line, and settlement obeys the floor.
  state.players.forEach((p, seat) => {
    let running = options.startingMoney;
    for (const s of state.settlements) {
      const mine = s.players.find((x) => x.seat === seat);
      if (!mine) continue;
      const gains = mine.lines.reduce((t, l) => t + Math.max(0, l.amount), 0);
      const penalties = mine.lines.reduce((t, l) => t - Math.min(0, l.amount), 0);
      const paid = options.moneyFloor ? Math.min(running + gains, penalties) : penalties;
      if (mine.before !== running || mine.gains !== gains || mine.penalties !== penalties || mine.paid !== paid || mine.delta !== gains - paid) {
        problems.push(`seat ${seat}: race ${s.race} settlement does not add up`);
      }
      running += mine.delta;
    }
    if (p.money !== running) problems.push(`seat ${seat}: money ${p.money} but the ledger says ${running}`);
    if (options.moneyFloor && p.money < 0) problems.push(`seat ${seat}: money below $0`);
  });
  // Tokens: the base set plus VIP bonus tokens; placed tokens come out of them.
  state.players.forEach((p, seat) => {
    const expected = isBettor(state, seat) ? [...baseTokens(options, state.seats, seat === state.hostSeat), ...p.vip.map((h) => keepToken(h.card)).filter((t) => t > 0)] : [];
    if (!sameMultiset(p.tokens, expected)) problems.push(`seat ${seat}: tokens ${p.tokens} should be ${expected}`);
    const placed = state.bets.filter((b) => b.seat === seat).length;
    if (availableTokens(state, seat).length + placed !== p.tokens.length) problems.push(`seat ${seat}: placed a token it does not own`);
  });
  // Board: one token per space, only on spaces on the table.
  const open = new Set(openSpaces(state));
  const spaces = state.bets.map((b) => b.space);
  if (new Set(spaces).size !== spaces.length) problems.push('two tokens on one space');
  for (const s of spaces) if (!open.has(s)) problems.push(`token on a space not on the table: ${s}`);
  // Cards: every card is somewhere, once.
  const vip = [...state.vipDeck, ...state.vipDiscard, ...state.players.flatMap((p) => [...p.offer, ...p.vip.map((h) => h.card)])];
  if (options.vip && !sameMultiset(vip, VIP_DECK)) problems.push('VIP cards lost or duplicated');
  const props = [...state.propDeck, ...state.props, ...state.propDiscard];
  if (options.props && !sameMultiset(props, PROP_CARDS.map((c) => c.id))) problems.push('prop cards lost or duplicated');
  const exotics = [...state.exoticDeck, ...state.exotics];
  if (options.exotics && !sameMultiset(exotics, EXOTIC_CARDS.map((c) => c.id))) problems.push('exotic cards lost or duplicated');
  if (bettorSeats(state).length < 2) problems.push('fewer than 2 bettors');
  return problems;
}

export const game: GameDefinition<Options, State, Move, PublicView, PrivateView> = {
  id: GAME_ID,
  name: 'Ready Set Bet',
  // Up to 8 bettors besides the host ("8- and 9-player games"); the 9th seat is the host's (hostMode hostSeat).
  seats: { min: 2, max: MAX_BETTORS + 1, default: 6 },
  options: optionsSchema,
  legacyOptions: { hostBetsFirst: false, betsFromFirstRoll: false },
  validateSetup(options, seats) {
    const hostSeated = options.hostMode === 'hostSeat';
    const others = hostSeated ? seats - 1 : seats;
    const bettors = hostSeated && options.hostBets ? seats : others;
    if (bettors < 2) return { code: `${GAME_ID}/too-few-bettors`, message: 'At least two players must bet besides the host.' };
    if (others > MAX_BETTORS) {
      // Worded for the player who chose them: the setting by the create form's label and choice (its title), not its keys.
      const message = hostSeated
        ? `At most ${MAX_BETTORS} players bet besides the host: a table has at most ${MAX_BETTORS + 1} seats.`
        : `With the server rolling the dice a table has at most ${MAX_BETTORS} seats: a ${MAX_BETTORS + 1}th seat is for a seated host (Host mode: A seated host).`;
      return { code: `${GAME_ID}/too-many-bettors`, message };
    }
    // Every draft offers each bettor two cards and kept cards leave the deck: the last draft (after race 3) deals
    // 2 × bettors from the 32 − 2 × bettors the two earlier drafts left, so RACES × bettors ≤ 32 (8 bettors).
    if (options.vip && bettors * RACES > VIP_DECK.length) {
      return { code: `${GAME_ID}/vip-deck-too-small`, message: `The VIP deck cannot serve ${bettors} bettors: play without host bets or without VIP cards.` };
    }
    return null;
  },
  setup,
  activeActors,
  optionalMove,
  legalMoves,
  legalMovePatterns,
  choices,
  applyMove,
  moveShapes,
  viewFor,
  privateView,
  outcome,
  bot,
  systemDelayMs(state, options) {
    switch (state.phase) {
      case 'racing':
        return state.rolls === 0 ? options.startDelayMs : options.rollIntervalMs;
      case 'results':
        return options.resultsPauseMs;
      case 'vipDraft':
        return options.draftTimeoutMs;
      case 'over':
        return 0;
    }
  },
  // The results pause and the VIP draft each wait their own time, however soon the seats' moves end the step before.
  systemStep: (state) => `${state.race}:${state.phase}`,
  // A betting host's bets before the race and its first roll are one turn (one clock, one timeout for an away host's);
  // each later roll is a turn of its own.
  turnsOfSteps: true,
  continuesTurn: (state) => state.phase === 'racing' && state.rolls === 0,
  invariants,
  resample,
};
