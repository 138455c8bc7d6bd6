/**
 * Checks a finished game on your own machine:
 *   npm run verify-replay -- <record.json> [--commitment <hex>] [--result <result.json>] [--json]
 * The file holds the record from `room.request('record')`, or `{ record, commitment?, result? }`.
 * Prints every SYSTEM move's events (dice, shuffles, deals) and each check; exits 1 when any fails.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { VerifyRequest, verifyRecord } from '../src/server/verify.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { commitment: { type: 'string' }, result: { type: 'string' }, json: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('usage: npm run verify-replay -- <record.json> [--commitment <hex>] [--result <result.json>] [--json]');
  process.exit(2);
}

const file = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Record<string, unknown>;
const input = VerifyRequest.safeParse({
  ...('record' in file ? file : { record: file }),
  ...(values.commitment ? { commitment: values.commitment } : {}),
  ...(values.result ? { result: JSON.parse(readFileSync(values.result, 'utf8')) } : {}),
});
if (!input.success) {
  console.error(`not a game record: ${input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  process.exit(2);
}

const report = verifyRecord(input.data);
if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`${report.game}${report.roomId ? ` ${report.roomId}` : ''}: ${report.moves} moves replayed, seed commitment ${report.commitment}`);
  for (const { index, move, events } of report.system) {
    console.log(`  #${index} ${JSON.stringify(move)} → ${events.map((e) => JSON.stringify(e)).join(' ') || '(no events)'}`);
  }
  const c = report.checks;
  console.log(`commitment: ${c.commitment}; moves: ${c.moves}; finished: ${c.finished ? 'yes' : 'no'}; result: ${c.result}`);
  if (report.moveLimit !== null) console.log(`stopped by the server at its move limit, after ${report.moveLimit} moves: no result`);
  if (report.outcome) console.log(`winners: ${report.outcome.winners.join(', ')}; standings: ${JSON.stringify(report.outcome.standings)}`);
  for (const p of report.problems) console.log(`PROBLEM: ${p}`);
  console.log(report.ok ? 'VERIFIED' : 'NOT VERIFIED');
}
// exitCode, not exit(): a long report on a pipe is written asynchronously and exit() would cut it short.
process.exitCode = report.ok ? 0 : 1;
