import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildIsCurrent } from '../buildStamp';
import { benchResult, root } from './support';

/**
 * Time from `npm start` to /health answering, twice on one new data folder: the first start creates,
 * migrates and seeds the embedded database, the second is a user's everyday start (database there).
 * Both with the build current: when it is not (a fresh clone, changed sources), the build `npm start`
 * would run first is timed on its own beforehand (`buildSeconds`, null when there was none to do).
 * Usage: node --import tsx scripts/bench/npmStart.ts [--timeout=300] (seconds per start)
 */
const TIMEOUT_SECONDS = Number(process.argv.find((a) => a.startsWith('--timeout='))?.slice('--timeout='.length) ?? 300);
/** The `npm start` under way, stopped (with its whole process group) when this bench is stopped. */
let running: number | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (running) process.kill(-running, 'SIGKILL');
    process.exit(1);
  });
}
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-start-'));

async function timeStart(): Promise<number> {
  const started = performance.now();
  // Its own process group, so stopping it stops npm and the server under it.
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running = child.pid;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - started > TIMEOUT_SECONDS * 1000)
        throw new Error(`npm start: no /health after ${TIMEOUT_SECONDS} s`);
      const healthy = await fetch(`http://localhost:${port}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    running = undefined;
  }
}

let buildSeconds: number | null = null;
if (!buildIsCurrent()) {
  const started = performance.now();
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  buildSeconds = (performance.now() - started) / 1000;
  console.log(`build (what npm start does first when the sources changed): ${buildSeconds.toFixed(1)} s`);
}

try {
  const coldSeconds = await timeStart();
  console.log(`npm start to /health, new data folder: ${coldSeconds.toFixed(1)} s`);
  const warmSeconds = await timeStart();
  console.log(`npm start to /health, same folder again: ${warmSeconds.toFixed(1)} s`);
  benchResult({ coldSeconds, warmSeconds, buildSeconds });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
