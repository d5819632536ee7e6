import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/src/db';
import { startSession } from '../../server/src/auth/sessions';
import { createTestDatabase } from '../../tests/support/database';
import { benchResult } from './benchResult';
import { DEFAULT_FEED_DATA, FEED_VIEWER_ID, seedFeedData } from './feedData';
import { FEED_PAGE_QUERY } from './feedQuery';
import type { ProcessStats } from './processStats';
import { option } from './flags';

/**
 * The GraphQL feed page over HTTP against a raw baseline: the product server (its own process, on
 * PostgreSQL) and rawFeedServer.ts (node:http + pg, no GraphQL) answer the first feed page (50
 * publications, the client's selection in feedQuery.ts) for the same member of the feed dataset
 * (feedData.ts). Both answers are compared byte for byte first; then autocannon loads each server
 * in turn (a warm-up, then the measured run) and this prints requests per second, latency p50/p99,
 * the server's CPU time per request, its resident memory (before the warm-up, after it, and under
 * load at the end of the run: the growth after warm-up is what says whether memory stays flat under
 * a steady load, as the soak measures it), where that memory is (V8's heap as reserved, off-heap
 * buffers, and the live heap after a full collection once the warm-up and the run are over: a leak
 * grows the live heap, the collector's reserve under load grows only the rest) and its SQL
 * statements per request; then GraphQL / raw.
 *
 * Usage: node --import tsx scripts/bench/feedHttp.ts [--duration=30] [--warmup=5] [--connections=20]
 *   [--members=1000] [--publications=100000] [--contacts=100] [--port=8300]
 *   [--server=postgres://postgres@127.0.0.1:5432/postgres]
 * Env: BENCH_PROFILE_DIR=<dir> writes a CPU profile of each server process there (open it in Chrome's
 * DevTools or speedscope).
 * It creates its own database on --server and drops it, and stops both servers, also when stopped
 * by SIGTERM or SIGINT.
 */
const DURATION = Number(option('duration', '30'));
const WARMUP = Number(option('warmup', '5'));
const CONNECTIONS = Number(option('connections', '20'));
const PORT = Number(option('port', process.env.BENCH_PORT ?? '8300'));
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const SERVER = option('server', process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/postgres');
const SIZES = {
  members: Number(option('members', String(DEFAULT_FEED_DATA.members))),
  publications: Number(option('publications', String(DEFAULT_FEED_DATA.publications))),
  contacts: Number(option('contacts', String(DEFAULT_FEED_DATA.contacts))),
};
const READY_TIMEOUT_MS = 120_000;
const MB = 1024 * 1024;

/** Undone in reverse order at the end, on an error, or when the bench is stopped. */
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error) => console.error(error));
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the servers and dropping the database`);
    void cleanUp().finally(() => process.exit(1));
  });
}

/** A server process answering `stats` over IPC (processStats.ts), stopped at clean-up. */
async function startServerProcess(name: string, script: string, env: Record<string, string>) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, script), [], {
    // BENCH_PROFILE_DIR: a CPU profile of each server process, written there when it stops.
    execArgv: ['--import', 'tsx', ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(() => stopProcess(child));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready after ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
    child.on('message', (message: { type: string; url?: string }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message.url!);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready`));
    });
  });
  return {
    url,
    stats: (collectGarbage = false) =>
      new Promise<ProcessStats>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not answer its stats`)), 10_000);
        child.once('message', (message: ProcessStats & { type: string }) => {
          clearTimeout(timer);
          resolve(message);
        });
        child.send({ type: 'stats', collectGarbage });
      }),
  };
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

try {
  const scratch = await createTestDatabase(SERVER, 'linkup_bench_feedhttp');
  cleanups.push(() => scratch.drop());
  const tokenSecret = randomBytes(32).toString('base64url');
  const db = await openDatabase({ url: scratch.url });
  let token: string;
  try {
    const seeding = performance.now();
    // With blocks, follows and communities, so the byte comparison checks the raw server against every rule.
    await seedFeedData(db, SIZES, { relations: true });
    console.log(
      `seeded ${SIZES.members} members, ${SIZES.publications} publications, likes and comments in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    ({ token } = await startSession(db.prisma, new TextEncoder().encode(tokenSecret), FEED_VIEWER_ID, 24 * 3600, {
      ip: 'bench',
      userAgent: null,
    }));
  } finally {
    await db.close();
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-feedhttp-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const common = { DATABASE_URL: scratch.url, TOKEN_SECRET: tokenSecret };
  const servers = {
    graphql: await startServerProcess('product server', 'countedProductServer.ts', {
      ...common,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REDIS_URL: '',
      SEED_DEMO_DATA: 'false',
    }),
    raw: await startServerProcess('raw feed server', 'rawFeedServer.ts', { ...common, PORT: String(PORT + 1) }),
  };

  const request = {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: FEED_PAGE_QUERY, variables: { first: 50, after: null } }),
  };
  // The same bytes, or the comparison means nothing.
  const answers = await Promise.all(
    [servers.graphql, servers.raw].map(async (server) => {
      const response = await fetch(`${server.url}/graphql`, { ...request, signal: AbortSignal.timeout(60_000) });
      return Buffer.from(await response.arrayBuffer());
    }),
  );
  const [graphqlAnswer, rawAnswer] = answers as [Buffer, Buffer];
  if (!graphqlAnswer.equals(rawAnswer)) {
    const at = [...graphqlAnswer].findIndex((byte, i) => byte !== rawAnswer[i]);
    const around = (b: Buffer) => b.subarray(Math.max(0, at - 120), at + 120).toString('utf8');
    throw new Error(
      `the raw server's answer differs from /graphql (${rawAnswer.length} vs ${graphqlAnswer.length} bytes) at byte ${at}:\n` +
        `  graphql: …${around(graphqlAnswer)}…\n  raw:     …${around(rawAnswer)}…`,
    );
  }
  const edges = (JSON.parse(graphqlAnswer.toString('utf8')) as { data: { feed: { edges: unknown[] } } }).data.feed.edges.length;
  console.log(`both answer the same ${graphqlAnswer.length} bytes (${edges} publications)`);

  /**
   * The server's stats once it has finished the requests autocannon left unanswered at the end of
   * a run (no new SQL statement for a second), so the CPU and statements of a run are those of
   * the requests it sent.
   */
  const settledStats = async (server: { stats(collectGarbage?: boolean): Promise<ProcessStats> }) => {
    let last = await server.stats();
    for (let waited = 0; waited < 60_000; waited += 1000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = await server.stats();
      if (now.statements === last.statements) return now;
      last = now;
    }
    throw new Error('the server is still busy a minute after the load stopped');
  };

  const figures: Record<string, Record<string, number>> = {};
  for (const [name, server] of Object.entries(servers)) {
    const before = await server.stats();
    if (WARMUP > 0) await autocannon({ url: `${server.url}/graphql`, connections: CONNECTIONS, duration: WARMUP, ...request });
    // RSS under the warm-up's load, as at the end of the run below: the growth between the two is the run's.
    const warmed = await server.stats();
    // The live heap once the warm-up's garbage is collected: its growth over the run is a leak's, not the collector's.
    const warmedLive = await server.stats(true);
    const start = await settledStats(server);
    const result = await autocannon({ url: `${server.url}/graphql`, connections: CONNECTIONS, duration: DURATION, ...request });
    // RSS under load, before it settles.
    const loaded = await server.stats();
    const end = await settledStats(server);
    const endLive = await server.stats(true);
    const requests = result.requests.sent;
    if (result.errors || result.timeouts || result.non2xx) {
      console.error(`${name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
    }
    figures[name] = {
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      cpuMsPerRequest: (end.cpuMs - start.cpuMs) / requests,
      rssBeforeMb: before.rssBytes / MB,
      rssWarmMb: warmed.rssBytes / MB,
      rssAfterMb: loaded.rssBytes / MB,
      heapTotalWarmMb: warmed.heapTotalBytes / MB,
      heapTotalAfterMb: loaded.heapTotalBytes / MB,
      externalWarmMb: warmed.externalBytes / MB,
      externalAfterMb: loaded.externalBytes / MB,
      liveHeapWarmMb: warmedLive.liveHeapBytes! / MB,
      liveHeapAfterMb: endLive.liveHeapBytes! / MB,
      sqlPerRequest: (end.statements - start.statements) / requests,
      requests,
      failed: result.errors + result.timeouts + result.non2xx,
    };
  }

  const { graphql, raw } = figures as { graphql: Record<string, number>; raw: Record<string, number> };
  const ratio = graphql.requestsPerSecond! / raw.requestsPerSecond!;
  console.log(
    `\nfeed page (50 items) over HTTP, autocannon ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of warm-up`,
  );
  for (const [name, f] of Object.entries(figures)) {
    console.log(
      `${(name === 'graphql' ? 'LinkUp /graphql' : 'raw node:http + pg').padEnd(20)} ${f.requestsPerSecond!.toFixed(1).padStart(7)} req/s  ` +
        `p50 ${f.p50Ms!.toFixed(0).padStart(5)} ms  p99 ${f.p99Ms!.toFixed(0).padStart(5)} ms  ` +
        `CPU ${f.cpuMsPerRequest!.toFixed(1).padStart(5)} ms/request  RSS ${f.rssBeforeMb!.toFixed(0)} -> ${f.rssWarmMb!.toFixed(0)} -> ${f.rssAfterMb!.toFixed(0)} MB  ` +
        `${f.sqlPerRequest!.toFixed(1)} SQL/request${f.failed ? `  ${f.failed} FAILED` : ''}`,
    );
    // Where the growth after the warm-up is: V8's heap as reserved, off-heap buffers, or neither (native memory).
    console.log(
      `${''.padEnd(20)} after the warm-up -> at the end: V8 heap ${f.heapTotalWarmMb!.toFixed(0)} -> ${f.heapTotalAfterMb!.toFixed(0)} MB, ` +
        `external ${f.externalWarmMb!.toFixed(0)} -> ${f.externalAfterMb!.toFixed(0)} MB, ` +
        `live heap ${f.liveHeapWarmMb!.toFixed(0)} -> ${f.liveHeapAfterMb!.toFixed(0)} MB`,
    );
  }
  console.log(`GraphQL / raw: ${ratio.toFixed(2)}x requests per second (goal: at least 0.5x)`);
  benchResult({
    sizes: SIZES,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    bytes: graphqlAnswer.length,
    graphql,
    raw,
    ratio,
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
