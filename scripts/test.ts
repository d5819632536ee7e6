import { spawnSync } from 'node:child_process';

/**
 * `npm test`: everything a change must pass, in the order that fails fastest. Generated files are
 * regenerated first (schema.graphql is only checked: a stale committed copy fails). The server
 * suite runs on the embedded database, then again on PostgreSQL when DATABASE_URL_TEST is set.
 */
const root = new URL('..', import.meta.url).pathname;
const started = Date.now();

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const at = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (${result.signal ?? `exit ${result.status}`})`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
}

const bin = (name: string) => `${root}node_modules/.bin/${name}`;
const postgres = process.env.DATABASE_URL_TEST;

step('generate (Prisma client, schema check, Relay artifacts)', process.execPath, ['--import', 'tsx', 'scripts/generate.ts', '--check']);
step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('server and client tests (embedded PGlite)', bin('vitest'), ['run'], { DATABASE_URL_TEST: '' });
if (postgres) {
  step('server tests on PostgreSQL', bin('vitest'), ['run', '--project', 'server'], { DATABASE_URL_TEST: postgres });
}
step('client build', bin('vite'), ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn']);
step('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts']);

console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
