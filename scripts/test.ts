import { spawn, spawnSync } from 'node:child_process';

/**
 * `npm test`: everything a change must pass, in the order that fails fastest. Generated files are
 * regenerated first (schema.graphql is only checked: a stale committed copy fails). The server
 * suite runs on the embedded database; when DATABASE_URL_TEST names a PostgreSQL server (CI), it
 * runs there instead, natively and about three times faster, and on the embedded database only the
 * files about the embedded database itself. Both run the same schema and migrations.
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

/** Runs the steps at once, each one's output printed in one piece when it ends; stops at the first failure. */
async function together(steps: [title: string, command: string, args: string[]][]) {
  const at = Date.now();
  console.log(`\n▶ ${steps.map(([title]) => title).join(' and ')}`);
  const results = await Promise.all(
    steps.map(
      ([title, command, args]) =>
        new Promise<{ title: string; status: number | null; output: string }>((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => resolve({ title, status, output }));
        }),
    ),
  );
  for (const { title, status, output } of results) {
    if (output) process.stdout.write(output);
    if (status !== 0) {
      console.error(`\n✖ ${title} failed (exit ${status})`);
      process.exit(status ?? 1);
    }
  }
  console.log(`✔ ${steps.map(([title]) => title).join(' and ')} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
}

const bin = (name: string) => `${root}node_modules/.bin/${name}`;
const postgres = process.env.DATABASE_URL_TEST;

step('generate (Prisma client, schema check, Relay artifacts)', process.execPath, [
  '--import',
  'tsx',
  'scripts/generate.ts',
  '--check',
]);
// Each of these two uses about one core: side by side they take the time of the longer.
await together([
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint (ESLint, Prettier check)', 'npm', ['run', '--silent', 'lint']],
]);
/** The server test files about the embedded database itself (opening, migrating, being killed mid-write). */
const EMBEDDED_DATABASE_FILES = ['tests/server/database.test.ts', 'tests/server/killServer.test.ts'];
if (postgres) {
  step(
    'client tests, and the embedded-database files on PGlite',
    bin('vitest'),
    ['run', 'tests/client/', ...EMBEDDED_DATABASE_FILES],
    {
      DATABASE_URL_TEST: '',
    },
  );
  step('server tests on PostgreSQL', bin('vitest'), ['run', '--project', 'server'], { DATABASE_URL_TEST: postgres });
} else {
  step('server and client tests (embedded PGlite)', bin('vitest'), ['run'], { DATABASE_URL_TEST: '' });
}
step('client build', bin('vite'), ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn']);
step('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts']);
step('SFU end-to-end tests (Janus and Chromium in a network namespace)', process.execPath, [
  '--import',
  'tsx',
  'tests/sfu/run.ts',
]);

console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
