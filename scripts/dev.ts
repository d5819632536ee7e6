import { spawn, execFileSync } from 'node:child_process';

/** `npm run dev`: generated code first, then the server restarting on change, Vite serving the client. */
const root = new URL('..', import.meta.url).pathname;
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate.ts'], { cwd: root, stdio: 'inherit' });
const child = spawn(
  `${root}node_modules/.bin/tsx`,
  ['watch', '--clear-screen=false', '--exclude', 'client/**', 'server/src/main.ts', '--dev'],
  { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'development', ...process.env } },
);
child.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
