/**
 * Performs the Dockerfile's steps without Docker, so a broken recipe is caught where no Docker engine
 * runs: copies exactly what the Dockerfile's build stage COPYs into a clean folder, installs, builds,
 * then makes a production-only install with the built output, starts it on a HOST of one address, asks /health and
 * runs the image's HEALTHCHECK command as the image would, with the server up and once it stopped.
 *
 *   node scripts/container-check.ts        (prints each step; exit code 0 when healthy)
 *
 * With --reuse-build-deps the build stage links this checkout's node_modules instead of running its own
 * `npm ci` (what the test suite does, to keep it quick); the production install is always fresh.
 *
 * First it checks docker-compose.yml's proxy: every parlor-<i> replica advertises /p<i> and is listed i-th
 * in the proxy's PARLOR_PROCESSES, and the config deploy/nginx-config.sh renders from the proxy's
 * environment passes `nginx -t` (the binary from Debian's nginx package).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

rmSync(work, { recursive: true, force: true });

// 0. The compose file's proxy: replicas and route list agree, and nginx accepts the generated config.
const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
const proxyEnv = (name: string) => compose.match(new RegExp(`^ {6}${name}: *"?([^"#\n]*?)"? *(#.*)?$`, 'm'))?.[1]?.trim() ?? '';
const listed = proxyEnv('PARLOR_PROCESSES').split(/[\s,]+/).filter(Boolean);
const replicas = [...compose.matchAll(/^ {2}(parlor-\d+):\n((?: {4}.*\n)+)/gm)].map((m) => ({
  name: m[1]!,
  path: m[2]!.match(/PUBLIC_ADDRESS: *"?[^"\n]*?(\/p\d+)"?\s*$/m)?.[1],
}));
const problems = replicas.flatMap(({ name, path }, i) =>
  listed[i] !== `${name}:2567` || path !== `/p${i + 1}` ? [`${name} (PUBLIC_ADDRESS …${path ?? '?'}) is not entry ${i + 1} of PARLOR_PROCESSES="${listed.join(' ')}" with /p${i + 1}`] : [],
);
if (!replicas.length || replicas.length !== listed.length) problems.push(`${replicas.length} parlor-<i> replicas, ${listed.length} in PARLOR_PROCESSES`);
if (problems.length) {
  console.error(`container-check: docker-compose.yml: ${problems.join('; ')}`);
  process.exit(1);
}
const proxyDir = join(work, 'proxy');
mkdirSync(proxyDir, { recursive: true });
const proxyConfig = execFileSync('sh', [join(root, 'deploy/nginx-config.sh'), '--standalone', proxyDir], {
  encoding: 'utf8',
  env: { PATH: process.env.PATH, ...Object.fromEntries(['PARLOR_PROCESSES', 'PARLOR_POOL', 'PROXY_RESOLVER', 'PROXY_LISTEN'].map((k) => [k, proxyEnv(k)])) },
});
writeFileSync(join(proxyDir, 'nginx.conf'), proxyConfig);
try {
  execFileSync('nginx', ['-t', '-q', '-p', proxyDir, '-c', join(proxyDir, 'nginx.conf'), '-e', join(proxyDir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
  });
} catch (err) {
  console.error(`container-check: nginx rejects the proxy config: ${(err as { stderr?: Buffer }).stderr ?? (err as Error).message}`);
  process.exit(1);
}
step(`proxy: ${replicas.length} replicas at ${replicas.map((r) => r.path).join(' ')}; nginx -t accepts the generated config`);

// 1. The build stage: copy what the Dockerfile copies (COPY lines before the runtime stage, not --from).
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const [buildStage, runtimeStage] = dockerfile.split(/^FROM .* AS runtime$/m) as [string, string];
const sources = [...buildStage.matchAll(/^COPY (?!--)(.+) \S+$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
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

// 3. Start it as the image would (Node 22, NODE_ENV=production, PORT and HOST honoured) and ask /health. HOST names
// one address other than 127.0.0.1 (the loopback's 127.0.0.2), as an operator's HOST naming one interface would.
const port = await new Promise<number>((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => ok(p));
  });
});
// The runtime stage's CMD, as the image runs it (its `node` is this Node 22).
const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtimeStage)![1]!) as string[];
if (cmd[0] !== 'node') throw new Error(`container-check: the runtime CMD does not start with node: ${cmd.join(' ')}`);
const host = '127.0.0.2';
const runEnv = { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: host, LOG_LEVEL: 'warn' };
const child = spawn(process.execPath, cmd.slice(1), {
  cwd: runDir,
  env: runEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let healthy = false;
for (let i = 0; i < 300 && !healthy && child.exitCode === null; i++) {
  await new Promise((r) => setTimeout(r, 100));
  healthy = await fetch(`http://${host}:${port}/health`).then((r) => r.ok, () => false);
}
step(healthy ? `runtime: /health answered on port ${port}` : 'runtime: /health never answered');
// The image's HEALTHCHECK command, run where the image runs it (exec form, or shell form through sh), with its environment.
const healthCommand = /^HEALTHCHECK\b.*?\bCMD (.*)$/m.exec(runtimeStage.replace(/\\\n\s*/g, ' '))![1]!.trim();
const healthCheck = () => {
  const argv = healthCommand.startsWith('[') ? (JSON.parse(healthCommand) as string[]) : ['sh', '-c', healthCommand];
  const file = argv[0] === 'node' ? process.execPath : argv[0]!;
  return spawnSync(file, argv.slice(1), { cwd: runDir, env: runEnv, encoding: 'utf8', timeout: 10_000 }).status;
};
const checked = healthy && healthCheck() === 0;
step(checked ? `runtime: the HEALTHCHECK passes with HOST=${host}` : `runtime: the HEALTHCHECK fails with HOST=${host}`);
// The image serves the web client it built: the lobby page at /.
const lobby = healthy ? await fetch(`http://${host}:${port}/`).then(async (r) => (r.ok ? r.text() : ''), () => '') : '';
const served = /<script[^>]+src="\/assets\//.test(lobby);
step(served ? 'runtime: / serves the built web client' : 'runtime: / does not serve the web client');
// The operator's command ships too (docs/operations.md: `node dist/scripts/resume-game.js` in the image):
// without REDIS_URL it says so and exits 2, having loaded the server's settings code.
const resume = spawnSync(process.execPath, ['dist/scripts/resume-game.js', '--list'], { cwd: runDir, env: { PATH: process.env.PATH, NODE_ENV: 'production' }, encoding: 'utf8' });
const resumes = resume.status === 2 && /REDIS_URL is not set/.test(resume.stderr);
step(resumes ? 'runtime: the resume command runs' : `runtime: the resume command failed: ${resume.status} ${resume.stderr.trim()}`);
const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
child.kill('SIGTERM');
const code = await exited;
step(`runtime: exited with ${code} after SIGTERM`);
// And it fails once nothing answers there.
const stopped = healthCheck() !== 0;
step(stopped ? 'runtime: the HEALTHCHECK fails once the server stopped' : 'runtime: the HEALTHCHECK still passes with the server stopped');
rmSync(work, { recursive: true, force: true });
if (!healthy || !checked || !served || !resumes || code !== 0 || !stopped) process.exit(1);
