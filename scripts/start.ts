import { execFileSync, spawn } from 'node:child_process';
import { buildIsCurrent, SERVER_BUNDLE } from './buildStamp';

/**
 * `npm start`: builds when the generated code, the client or the server bundle is missing or out
 * of date, then runs the server bundle with plain node (no TypeScript loader in that process).
 */
const root = new URL('..', import.meta.url).pathname;
if (!buildIsCurrent()) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit', cwd: root });
}
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
  // The packages' production mode (graphql-js skips its per-type-check realm test, graphql-ws and
  // Prisma keep internal error texts to the log), as the Dockerfile sets; an explicit NODE_ENV wins.
  env: { NODE_ENV: 'production', ...process.env },
});
// A terminal's Ctrl-C reaches the server too; a supervisor's SIGTERM reaches only this process.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
