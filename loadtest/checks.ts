/**
 * Correctness checks of one observed race, independent of the server's code paths: the board is read
 * from the `bet` events, each client's answers from its own replies, the settlement from the synced
 * state. Returns the violations found (empty when the race is sound).
 *
 * "Earliest claim" here: the room's arrival order is the authority. Every accepted move gets the
 * room's sequence number `seq` (in the reply and in its broadcast event). A rejected request carries
 * no seq, so its place is the last event seq its client had received when the rejection arrived: one
 * WebSocket delivers in order, and the room broadcasts an accepted move's event before it answers any
 * later request, so that number is the room's seq when it handled the rejected request.
 */
import { HORSES, spaceInfo } from '../src/games/ready-set-bet/data/board.ts';
import { rankHorses } from '../src/games/ready-set-bet/race.ts';

export const SPACE_TAKEN = 'ready-set-bet/space-taken';
export const BETTING_CLOSED = 'ready-set-bet/betting-closed';

export interface BetEvent {
  seq: number;
  seat: number;
  space: string;
  token: number;
}

/** One bet request as its client saw the answer. */
export interface Answer {
  seat: number;
  space: string;
  token: number;
  ok: boolean;
  /** Accepted: the reply's seq. Rejected: the last event seq the client had when the answer came. */
  seq: number;
  code: string;
}

export interface SettlementLine {
  space: string;
  token: number;
  won: boolean;
  amount: number;
  vip: string;
}

export interface Settlement {
  race: number;
  winner: string;
  finish: { horse: string; position: number; rank: number }[];
  players: { seat: number; before: number; gains: number; penalties: number; paid: number; delta: number; lines: SettlementLine[] }[];
}

export interface RaceObservation {
  race: number;
  /** Bet events of this race in arrival order. */
  bets: BetEvent[];
  /** Seq of the move that closed betting (the `noMoreBets` roll, or the finishing roll). */
  closedSeq: number;
  /** Every roll of this race: the horse and how far it moved. */
  rolls: { horse: string; moved: number }[];
  /** Answers of every client whose seq falls in this race. */
  answers: Answer[];
  settlement: Settlement;
  /** Money per seat before the race and as synced after its settlement. */
  moneyBefore: number[];
  moneyAfter: number[];
}

export function checkRace(o: RaceObservation): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`race ${o.race}: ${text}`);

  // The board: one token per space, and the holder is the first claim in the room's order.
  const holder = new Map<string, BetEvent>();
  for (const bet of o.bets) {
    const first = holder.get(bet.space);
    if (first) say(`${bet.space} accepted twice (seq ${first.seq} seat ${first.seat}, seq ${bet.seq} seat ${bet.seat})`);
    else holder.set(bet.space, bet);
  }

  // Each client's answers agree with the board.
  const accepted = new Set<string>();
  for (const a of o.answers) {
    if (a.ok) {
      const bet = o.bets.find((b) => b.seq === a.seq);
      if (!bet || bet.seat !== a.seat || bet.space !== a.space || bet.token !== a.token) say(`seat ${a.seat} was told ${a.space} is theirs (seq ${a.seq}) but the board disagrees`);
      else accepted.add(`${bet.seq}`);
    } else if (a.code === SPACE_TAKEN) {
      const h = holder.get(a.space);
      if (!h) say(`seat ${a.seat} was refused ${a.space} as taken, but nobody holds it`);
      else if (h.seq > a.seq) say(`seat ${a.seat} was refused ${a.space} at seq ${a.seq}, before its holder's claim (seq ${h.seq})`);
    } else if (a.code === BETTING_CLOSED) {
      if (a.seq < o.closedSeq) say(`seat ${a.seat} was refused ${a.space} as closed at seq ${a.seq}, but betting closed at seq ${o.closedSeq}`);
    } else {
      // The bots bet only open spaces with tokens they hold: any other reason is a wrong answer.
      say(`seat ${a.seat} was refused ${a.space}×${a.token} with ${a.code || 'no code'}`);
    }
  }
  const late = o.bets.find((b) => b.seq > o.closedSeq);
  if (late) say(`${late.space} accepted at seq ${late.seq}, after betting closed at seq ${o.closedSeq}`);
  for (const bet of o.bets) {
    if (!accepted.has(`${bet.seq}`)) say(`seat ${bet.seat} holds ${bet.space} (seq ${bet.seq}) but its client was never told`);
  }

  // The finish: positions are the sum of the rolls, ranks follow them.
  const s = o.settlement;
  if (s.race !== o.race) say(`settlement is for race ${s.race}`);
  const positions = HORSES.map((h) => Math.min(15, o.rolls.filter((r) => r.horse === h).reduce((t, r) => t + r.moved, 0)));
  const ranks = rankHorses(positions, 'competition');
  HORSES.forEach((horse, h) => {
    const f = s.finish.find((x) => x.horse === horse);
    if (!f || f.position !== positions[h] || f.rank !== ranks[h]) say(`horse ${horse} finished ${JSON.stringify(f)}, the rolls say position ${positions[h]} rank ${ranks[h]}`);
  });
  const result = { positions, ranks };

  // Money: every token on the board is settled once, at the printed odds, and money moves by the delta.
  const seats = new Set([...o.bets.map((b) => b.seat), ...s.players.map((p) => p.seat)]);
  for (const seat of seats) {
    const p = s.players.find((x) => x.seat === seat);
    if (!p) {
      say(`seat ${seat} has bets but no settlement`);
      continue;
    }
    const lines = p.lines.filter((l) => l.space !== '');
    const mine = o.bets.filter((b) => b.seat === seat);
    const key = (x: { space: string; token: number }) => `${x.space}:${x.token}`;
    if (lines.map(key).sort().join() !== mine.map(key).sort().join()) say(`seat ${seat} settled ${lines.map(key)} but bet ${mine.map(key)}`);
    for (const l of p.lines) {
      if (l.space === '' || l.vip !== '') {
        say(`seat ${seat} has a VIP line (${l.vip || l.space}); the load test runs without VIP cards`);
        continue;
      }
      const info = spaceInfo(l.space);
      const won = info?.wins(result, false) ?? false;
      const amount = info ? (won ? l.token * info.multiplier : -info.penalty) : NaN;
      if (l.won !== won || l.amount !== amount) say(`seat ${seat} ${l.space}×${l.token}: settled ${l.won ? 'won' : 'lost'} ${l.amount}, the odds say ${won ? 'won' : 'lost'} ${amount}`);
    }
    const before = o.moneyBefore[seat] ?? 0;
    const gains = p.lines.reduce((t, l) => t + Math.max(0, l.amount), 0);
    const penalties = p.lines.reduce((t, l) => t - Math.min(0, l.amount), 0);
    const paid = Math.min(before + gains, penalties); // nobody goes below $0
    if (p.before !== before || p.gains !== gains || p.penalties !== penalties || p.paid !== paid || p.delta !== gains - paid) {
      say(`seat ${seat} settlement ${JSON.stringify({ before: p.before, gains: p.gains, penalties: p.penalties, paid: p.paid, delta: p.delta })} does not add up from $${before}`);
    }
    if (o.moneyAfter[seat] !== before + p.delta) say(`seat ${seat} has $${o.moneyAfter[seat]} after the race, the settlement says $${before + p.delta}`);
  }
  return problems;
}
