import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../server/src/db';
import { createTestDatabase } from '../../tests/support/database';

export { benchResult } from './benchResult';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts `server/src/main.ts` on a fresh data folder (removed when stopped), or on `dataDir` (kept);
 * resolves once /health answers.
 */
export async function startProductServer(port: number, env: Record<string, string> = {}, opts: { dataDir?: string } = {}) {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-'));
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error(`server on port ${port}: no /health after 180 s`);
    }
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    readyAfterMs: performance.now() - started,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `measure` on each database backend asked for (both when none is named): the embedded
 * PGlite on a scratch folder, and a scratch PostgreSQL database on `server`, each counting its SQL
 * statements in `statements` and removed afterwards.
 */
export async function onEachBackend(
  backends: string[],
  opts: { server: string; databasePrefix: string },
  measure: (label: string, db: Database, statements: { count: number }) => Promise<void>,
) {
  for (const backend of backends.length ? backends : ['embedded', 'postgres']) {
    const statements = { count: 0 };
    const onQuery = () => {
      statements.count += 1;
    };
    if (backend === 'embedded') {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-pglite-'));
      const db = await openDatabase({ url: '', dataDir: folder, onQuery });
      try {
        await measure('embedded database (PGlite, on disk)', db, statements);
      } finally {
        await db.close();
        fs.rmSync(folder, { recursive: true, force: true });
      }
    } else {
      const scratch = await createTestDatabase(opts.server, opts.databasePrefix);
      // Stopped (a timeout of `npm run bench`): the scratch database goes too.
      const dropOnStop = () => void scratch.drop().finally(() => process.exit(1));
      process.once('SIGTERM', dropOnStop);
      process.once('SIGINT', dropOnStop);
      try {
        const db = await openDatabase({ url: scratch.url, onQuery });
        try {
          await measure(`PostgreSQL (${new URL(opts.server).host})`, db, statements);
        } finally {
          await db.close();
        }
      } finally {
        process.off('SIGTERM', dropOnStop);
        process.off('SIGINT', dropOnStop);
        await scratch.drop();
      }
    }
  }
}

/** CPU seconds (user + system) of a process and its descendants whose command matches, from Linux's /proc. */
export function processTreeCpuSeconds(rootPid: number, matches: (command: string) => boolean): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(entry), matches(command) ? Number(fields[11]) + Number(fields[12]) : 0);
      children.set(Number(fields[1]), [...(children.get(Number(fields[1])) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const visit = (pid: number) => {
    total += ticks.get(pid) ?? 0;
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return total / 100; // USER_HZ on Linux
}
