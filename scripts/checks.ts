/**
 * The test command's static checks side by side: the server's and the page's type checks and the linter (each ~1.5 cores'
 * worth at its peak, ~40 s one after another on two cores). Each one's output is printed whole once it ends, in the
 * order listed; the exit code is non-zero if any failed.
 */
import { spawn } from 'node:child_process';

const checks = [
  ['tsc', '-p', 'tsconfig.json'],
  ['tsc', '-p', 'web/tsconfig.json'],
  ['eslint', '.'],
];

function run([command, ...args]: string[]): Promise<{ line: string; code: number | null; output: string }> {
  return new Promise((resolve) => {
    const line = [command, ...args].join(' ');
    const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', (err) => resolve({ line, code: null, output: `${output}${err.message}\n` }));
    child.on('close', (code) => resolve({ line, code, output }));
  });
}

const results = await Promise.all(checks.map(run));
for (const { line, code, output } of results) {
  console.log(`> ${line}${code === 0 ? '' : `: failed (${code ?? 'not started'})`}`);
  if (output) process.stdout.write(output);
}
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
