/**
 * The top of a V8 CPU profile (`node --cpu-prof`, e.g. the servers of `bet-race.ts --cpu-prof DIR`):
 * self time per function and total (inclusive) time of the functions that matter, as % of busy time
 * (idle and GC listed apart).
 *
 *   node loadtest/profile-top.ts FILE.cpuprofile [--top 25] [--match syncGame,mirror,encode] [--from 13 --to 40]
 *
 * `--from`/`--to`: only the samples taken that many seconds after the profile started (e.g. the racing
 * window of a bet race, the joins left out).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { intOption } from './int-option.ts';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    match: { type: 'string', default: '' },
    children: { type: 'string', default: '' },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
  },
});
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Time per node from the samples (µs), not hit counts: intervals vary.
const self = new Map<number, number>();
const top = intOption(args, 'top', 1, 1000);
const from = Number(args.from) * 1e6;
const to = Number(args.to) * 1e6;
let at = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + dt);
});
const name = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules\/)?/, '')}:${n.callFrame.lineNumber + 1}`;
const special = (n: Node) => ['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName);

let idle = 0;
let busy = 0;
const selfByName = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  if (n.callFrame.functionName === '(idle)') idle += t;
  else busy += t;
  const key = special(n) ? n.callFrame.functionName : name(n);
  selfByName.set(key, (selfByName.get(key) ?? 0) + t);
}
// Inclusive time per function name: each sample counts once per distinct name on its stack.
const totalByName = new Map<string, number>();
for (const [id, t] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at)!;
    const key = n.callFrame.functionName || '(anonymous)';
    if (!seen.has(key)) {
      seen.add(key);
      totalByName.set(key, (totalByName.get(key) ?? 0) + t);
    }
  }
}
const pct = (t: number) => `${((t / busy) * 100).toFixed(1)}%`;
console.log(`busy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s`);
console.log(`\nself time (top ${top}, % of busy):`);
for (const [k, t] of [...selfByName].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t).padStart(6)}  ${k}`);
const wanted = args.match ? args.match.split(',') : [];
if (wanted.length) {
  console.log('\ntotal time (inclusive, % of busy):');
  for (const w of wanted) console.log(`  ${pct(totalByName.get(w) ?? 0).padStart(6)}  ${w}`);
}

/** `--children NAME`: inclusive time of what the function NAME calls directly, summed over its call sites. */
const childrenOf = args.children;
if (childrenOf) {
  const inclusive = new Map<number, number>();
  const total = (id: number): number => {
    if (inclusive.has(id)) return inclusive.get(id)!;
    const n = byId.get(id)!;
    const t = (self.get(id) ?? 0) + (n.children ?? []).reduce((s, c) => s + total(c), 0);
    inclusive.set(id, t);
    return t;
  };
  const parts = new Map<string, number>();
  for (const n of profile.nodes) {
    if (n.callFrame.functionName !== childrenOf) continue;
    parts.set('(self)', (parts.get('(self)') ?? 0) + (self.get(n.id) ?? 0));
    for (const c of n.children ?? []) parts.set(name(byId.get(c)!), (parts.get(name(byId.get(c)!)) ?? 0) + total(c));
  }
  console.log(`\n${childrenOf} calls (inclusive, % of busy):`);
  for (const [k, t] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(t).padStart(6)}  ${k}`);
}
