import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { startSession } from '../../server/src/auth/sessions';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db';
import { startServer } from '../../server/src/server';
import { createTestDatabase } from '../../tests/support/database';
import { printBreakdown, type Spent } from './cpuProfile';
import { FEED_VIEWER_ID, seedFeedData } from './feedData';
import { FEED_PAGE_QUERY } from './feedQuery';
import { option } from './flags';

/**
 * What the GraphQL feed page allocates: the megabytes of JavaScript objects one request of
 * feedHttp.ts's page (50 publications) creates in the product server, per npm package and per
 * function, from V8's sampling heap profiler with the objects the collector has already freed
 * counted too. Unlike requests per second or CPU time, the figure does not depend on what else the
 * machine is doing, so a change to the GraphQL path can be compared on a busy machine; the garbage
 * collector's share of the feed's CPU (a quarter or more in its CPU profiles) follows it.
 *
 * The server runs in this process (startServer, as `npm start` runs it) on a database of its own on
 * --server, dropped at the end; requests go over HTTP, --concurrency at a time, after a warm-up of
 * as many.
 *
 * Usage: NODE_ENV=production node --import tsx scripts/bench/feedAllocations.ts [--requests=100]
 *   [--concurrency=5] [--members=500] [--publications=20000] [--contacts=100] [--top=30]
 *   [--server=postgres://postgres@127.0.0.1:5432/postgres] [--port=8310]
 */
const REQUESTS = Number(option('requests', '100'));
const CONCURRENCY = Number(option('concurrency', '5'));
const TOP = Number(option('top', '30'));
const PORT = Number(option('port', '8310'));
const SERVER = option('server', process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/postgres');
const SIZES = {
  members: Number(option('members', '500')),
  publications: Number(option('publications', '20000')),
  contacts: Number(option('contacts', '100')),
};
/** One sample per this many bytes allocated, on average (V8's default is 32 KB: too coarse for one page). */
const SAMPLING_INTERVAL = 512;

type HeapProfileNode = { callFrame: Spent['callFrame']; selfSize: number; children: HeapProfileNode[] };

function* spentIn(node: HeapProfileNode): Generator<Spent> {
  yield { callFrame: node.callFrame, amount: node.selfSize };
  for (const child of node.children) yield* spentIn(child);
}

const scratch = await createTestDatabase(SERVER, 'linkup_bench_feedalloc');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-feedalloc-'));
try {
  const tokenSecret = randomBytes(32).toString('base64url');
  const seeding = await openDatabase({ url: scratch.url });
  let token: string;
  try {
    await seedFeedData(seeding, SIZES, { relations: true });
    ({ token } = await startSession(seeding.prisma, new TextEncoder().encode(tokenSecret), FEED_VIEWER_ID, 3600, {
      ip: 'bench',
      userAgent: null,
    }));
  } finally {
    await seeding.close();
  }

  const config = loadConfig({
    ...process.env,
    DATABASE_URL: scratch.url,
    TOKEN_SECRET: tokenSecret,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    REDIS_URL: '',
    SEED_DEMO_DATA: 'false',
    JANUS_SPAWN: 'false',
  });
  const database = await openDatabase({ url: config.databaseUrl });
  const server = await startServer({ database, config });
  try {
    const body = JSON.stringify({ query: FEED_PAGE_QUERY, variables: { first: 50, after: null } });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const load = async (requests: number) => {
      let sent = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (sent++ < requests) {
            const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body });
            if (!response.ok) throw new Error(`the feed page answered ${response.status}: ${await response.text()}`);
            await response.arrayBuffer();
          }
        }),
      );
    };
    await load(REQUESTS);

    const session = new Session();
    session.connect();
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_INTERVAL,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    await load(REQUESTS);
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: HeapProfileNode } };
    session.disconnect();

    const total = [...spentIn(profile.head)].reduce((sum, { amount }) => sum + amount, 0);
    console.log(
      `feed page (50 publications, ${SIZES.publications} in the database): ${(total / REQUESTS / 2 ** 20).toFixed(2)} MB allocated per request ` +
        `(${REQUESTS} requests, ${CONCURRENCY} at a time, after as many to warm up)`,
    );
    printBreakdown(spentIn(profile.head), {
      prefix: `file://${path.resolve(import.meta.dirname, '../..')}/`,
      top: TOP,
      byPackage: true,
      format: (bytes) => `${(bytes / REQUESTS / 1024).toFixed(0)} KB/req`,
    });
  } finally {
    await server.close();
    await database.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch.drop();
}
