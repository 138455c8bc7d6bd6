/** The Dockerfile's recipe, performed without Docker: clean copy, install, build, production start. */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('builds and starts from a clean copy as the container image does', () => {
  const out = execFileSync(process.execPath, ['scripts/container-check.ts', '--reuse-build-deps'], { encoding: 'utf8', timeout: 240_000 });
  expect(out).toMatch(/runtime: \/health answered/);
  expect(out).toMatch(/runtime: the HEALTHCHECK passes with HOST=/); // a HOST of one address, not 127.0.0.1
  expect(out).toMatch(/runtime: the HEALTHCHECK fails once the server stopped/);
  expect(out).toMatch(/runtime: the resume command runs/);
  expect(out).toMatch(/runtime: exited with 0 after SIGTERM/);
}, 250_000);
