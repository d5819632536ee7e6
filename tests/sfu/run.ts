import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { inSfuNetns } from './netns';

/**
 * The SFU end-to-end suite (sfu.spec.ts): Playwright, the server, Janus and the browsers inside the
 * SFU network namespace. Creating the namespace needs root (CI runs as root); elsewhere the suite
 * is skipped with a message, unless CI is set, where that is a failure.
 */
const root = path.resolve(import.meta.dirname, '../..');
if (process.getuid?.() !== 0) {
  const message = 'the SFU suite needs root (a network namespace for Janus): skipped';
  if (process.env.CI) {
    console.error(message.replace('skipped', 'failing, as CI must run it'));
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}
const [command, ...args] = inSfuNetns([
  path.join(root, 'node_modules/.bin/playwright'),
  'test',
  '-c',
  'tests/sfu/playwright.config.ts',
  ...process.argv.slice(2),
]);
const result = spawnSync(command!, args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
