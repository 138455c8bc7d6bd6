/**
 * The top of an allocation profile (loadtest/alloc-sampler.ts): the bytes sampled in all, then the
 * functions that allocated most themselves and, with `--callers NAME`, who called the functions whose
 * name starts with NAME (the bytes they and what they called allocated), as % of all bytes sampled.
 *
 *   node loadtest/alloc-top.ts FILE.heapprofile [--top 30] [--callers placeBet]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { intOption } from './int-option.ts';

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' }, callers: { type: 'string', default: '' } } });
const top = intOption(args, 'top', 1, 1000);
const { head } = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as { head: Node };
const name = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules\/)?/, '')}:${n.callFrame.lineNumber + 1}`;
const below = (n: Node): number => n.selfSize + n.children.reduce((sum, c) => sum + below(c), 0);

const self = new Map<string, number>();
const callers = new Map<string, number>();
let total = 0;
(function walk(n: Node, caller: string) {
  total += n.selfSize;
  self.set(name(n), (self.get(name(n)) ?? 0) + n.selfSize);
  if (args.callers && n.callFrame.functionName.startsWith(args.callers)) callers.set(caller, (callers.get(caller) ?? 0) + below(n));
  for (const c of n.children) walk(c, name(n));
})(head, '(root)');

const pct = (b: number) => `${((b / total) * 100).toFixed(1)}%`.padStart(6);
console.log(`sampled ${(total / 1e6).toFixed(1)} MB`);
console.log(`\nallocated by the function itself (top ${top}):`);
for (const [k, b] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(b)}  ${k}`);
if (args.callers) {
  console.log(`\n${args.callers}… called by (with what it called):`);
  for (const [k, b] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(b)}  ${k}`);
}
