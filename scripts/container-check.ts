/**
 * Performs the Dockerfile's steps without Docker, so a broken recipe is caught where no Docker engine
 * runs: copies exactly what the Dockerfile's build stage COPYs into a clean folder, installs, builds,
 * then makes a production-only install with the built output, starts it and asks /health.
 *
 *   node scripts/container-check.ts        (prints each step; exit code 0 when healthy)
 *
 * With --reuse-build-deps the build stage links this checkout's node_modules instead of running its own
 * `npm ci` (what the test suite does, to keep it quick); the production install is always fresh.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';

const root = resolve(import.meta.dirname, '..');
const work = join(root, '.prod-check');
const buildDir = join(work, 'build');
const runDir = join(work, 'runtime');
const step = (what: string) => console.log(`container-check: ${what}`);
const npm = (cwd: string, args: string[]) =>
  execFileSync('npm', [...args, '--loglevel=error'], { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: '' } });
const reuseBuildDeps = process.argv.includes('--reuse-build-deps');

// 1. The build stage: copy what the Dockerfile copies (COPY lines before the runtime stage, not --from).
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const buildStage = dockerfile.split(/^FROM .* AS runtime$/m)[0]!;
const sources = [...buildStage.matchAll(/^COPY (?!--)(.+) \S+$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
rmSync(work, { recursive: true, force: true });
mkdirSync(buildDir, { recursive: true });
for (const src of sources) cpSync(join(root, src), join(buildDir, src), { recursive: true });
step(`build stage: copied ${sources.join(' ')}`);
if (reuseBuildDeps) {
  symlinkSync(join(root, 'node_modules'), join(buildDir, 'node_modules'), 'dir');
  step('build stage: reusing this checkout\'s node_modules');
} else {
  npm(buildDir, ['ci', '--no-audit', '--no-fund', '--prefer-offline']);
  step('build stage: npm ci done');
}
npm(buildDir, ['run', 'build']);
step('build stage: npm run build done');

// 2. The runtime stage: production dependencies only, plus the built output.
mkdirSync(runDir, { recursive: true });
for (const f of ['package.json', 'package-lock.json', '.npmrc']) cpSync(join(root, f), join(runDir, f));
npm(runDir, ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline']);
cpSync(join(buildDir, 'dist'), join(runDir, 'dist'), { recursive: true });
step('runtime stage: production install done');

// 3. Start it as the image would (Node 22, NODE_ENV=production, PORT honoured) and ask /health.
const port = await new Promise<number>((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => ok(p));
  });
});
const child = spawn(process.execPath, ['dist/src/server/main.js'], {
  cwd: runDir,
  env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let healthy = false;
for (let i = 0; i < 100 && !healthy && child.exitCode === null; i++) {
  await new Promise((r) => setTimeout(r, 100));
  healthy = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
}
step(healthy ? `runtime: /health answered on port ${port}` : 'runtime: /health never answered');
const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
child.kill('SIGTERM');
const code = await exited;
step(`runtime: exited with ${code} after SIGTERM`);
rmSync(work, { recursive: true, force: true });
if (!healthy || code !== 0) process.exit(1);
