import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { inputsHash, recordBuild, SERVER_BUNDLE } from './buildStamp';
import { writePgliteTemplate } from '../server/src/database/pgliteTemplate';

/**
 * `npm run build`: generated code, the client bundle into dist/client and the server bundle into
 * dist/server; records what they were built from.
 */
const root = new URL('..', import.meta.url).pathname;
const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'inherit', cwd: root });

const inputs = inputsHash();
run(process.execPath, ['--import', 'tsx', 'scripts/generate.ts']);
run(`${root}node_modules/.bin/vite`, ['build', '--config', 'client/vite.config.ts']);
// One file of our own code with the packages left to node_modules: plain `node` starts it without
// tsx compiling and resolving a few hundred modules at every start (about half the start time).
await build({
  absWorkingDir: root,
  entryPoints: ['server/src/main.ts'],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// A new embedded database starts from this one, initialised and migrated here once (about 5 s off
// the first start on a 2-core machine).
await writePgliteTemplate();
recordBuild(inputs);
