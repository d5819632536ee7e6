import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

/**
 * server/src/processGuards.ts in a process of its own: a promise rejected with nobody to handle it,
 * then a timer that must still fire. With the guard the process logs the rejection and goes on;
 * without it Node ends the process (what ended the product in stop 36's CI).
 */
function runRejection(withGuard: boolean) {
  const script = `
    import { createLogger } from './server/src/logger.ts';
    import { logUnhandledRejections } from './server/src/processGuards.ts';
    if (${withGuard}) logUnhandledRejections(createLogger('error'));
    void Promise.reject(new Error('stream failed after its answer started'));
    setTimeout(() => console.log('still serving'), 50);
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

it('logs a rejection nobody handled, with its stack, and keeps the process running', () => {
  const run = runRejection(true);
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('still serving');
  expect(run.stderr).toContain('ERROR unhandled promise rejection (the server keeps running)');
  expect(run.stderr).toContain('Error: stream failed after its answer started');
  expect(run.stderr).toMatch(/\n\s+at /);
});

it('without it, Node ends the process on the same rejection', () => {
  const run = runRejection(false);
  expect(run.status).not.toBe(0);
  expect(run.stdout).not.toContain('still serving');
});
