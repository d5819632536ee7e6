import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/src/db';
import { loadConfig } from '../../server/src/config';
import { createServices } from '../../server/src/services/container';
import { createApp } from '../../server/src/http';
import { createLogger } from '../../server/src/logger';
import { startSession } from '../../server/src/auth/sessions';
import { FEED_PAGE_QUERY } from './feedQuery';
import { DEFAULT_FEED_DATA, FEED_VIEWER_ID, seedFeedData } from './feedData';
import { benchResult, onEachBackend } from './support';
import { option } from './flags';

/**
 * The feed at scale: 1,000 members, 100,000 publications (a third with an image), 300,000 likes,
 * 200,000 comments; the measured member has 100 contacts, so their feed holds about 10,000
 * publications (200 pages of 50). Times the feed query (the client's selection, through the whole
 * HTTP + GraphQL stack, in-process) for the first page and for page 100 by cursor, and counts the
 * SQL statements each page sends.
 *
 * Usage: node --import tsx scripts/bench/feed.ts [embedded] [postgres] [--server=postgres://postgres@127.0.0.1:5432/postgres] [--runs=30]
 *   [--members=1000] [--publications=100000] [--contacts=100] [--page=100]
 * With no backend named, runs both. On PostgreSQL it creates its own database and drops it.
 */
const argv = process.argv.slice(2);
const backends = ['embedded', 'postgres'].filter((b) => argv.includes(b));
const RUNS = Number(option('runs', '30'));
const SERVER = option('server', process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/postgres');
const SIZES = {
  members: Number(option('members', String(DEFAULT_FEED_DATA.members))),
  publications: Number(option('publications', String(DEFAULT_FEED_DATA.publications))),
  contacts: Number(option('contacts', String(DEFAULT_FEED_DATA.contacts))),
};

const PAGE = 50;
const TARGET_PAGE = Number(option('page', '100'));
const results: Record<string, unknown> = {};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(backend: string, db: Database, statements: { count: number }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-feed-'));
  const services = createServices(loadConfig({}, { dataDir, clientDir: path.join(dataDir, 'client') }), db, {
    log: createLogger('warn'),
  });
  const app = createApp(services);
  try {
    const seeding = performance.now();
    await seedFeedData(db, SIZES);
    const seededIn = (performance.now() - seeding) / 1000;
    const { token } = await startSession(db.prisma, services.tokenSecret, FEED_VIEWER_ID, 3600, { ip: 'bench', userAgent: null });

    const page = async (after: string | null) => {
      const response = await app.fetch(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query: FEED_PAGE_QUERY, variables: { first: PAGE, after } }),
        }),
      );
      const body = (await response.json()) as {
        data?: { feed: { edges: unknown[]; pageInfo: { endCursor: string } } };
        errors?: unknown;
      };
      if (!body.data) throw new Error(JSON.stringify(body.errors));
      return body.data.feed;
    };
    let cursor: string | null = null;
    for (let n = 1; n < TARGET_PAGE; n++) cursor = (await page(cursor)).pageInfo.endCursor;
    const deep = await page(cursor);
    if (deep.edges.length !== PAGE) throw new Error(`page ${TARGET_PAGE} has ${deep.edges.length} items`);

    // Page 1 and page 100 in turns, so warm-up and the machine's other work weigh on both alike.
    const samples = { first: [] as number[], hundredth: [] as number[] };
    const sql = { first: 0, hundredth: 0 };
    for (let i = 0; i < RUNS; i++) {
      for (const which of ['first', 'hundredth'] as const) {
        statements.count = 0;
        const started = performance.now();
        await page(which === 'first' ? null : cursor);
        samples[which].push(performance.now() - started);
        sql[which] = statements.count;
      }
    }
    const stats = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    };
    const first = { ...stats(samples.first), sql: sql.first };
    const hundredth = { ...stats(samples.hundredth), sql: sql.hundredth };

    const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
    console.log(
      `\n${backend}: seeded ${SIZES.members} members, ${SIZES.publications} publications, likes and comments in ${seededIn.toFixed(1)} s; ${RUNS} runs per page`,
    );
    console.log(`  page   1: p50 ${ms(first.p50)}  p95 ${ms(first.p95)}  ${first.sql} SQL statements`);
    console.log(`  page ${TARGET_PAGE}: p50 ${ms(hundredth.p50)}  p95 ${ms(hundredth.p95)}  ${hundredth.sql} SQL statements`);
    console.log(`  page ${TARGET_PAGE} / page 1 (p50): ${(hundredth.p50 / first.p50).toFixed(2)}x (goal: at most 1.2x)`);
    results[backend.startsWith('embedded') ? 'embedded' : 'postgres'] = {
      first,
      deep: { page: TARGET_PAGE, ...hundredth },
      ratio: hundredth.p50 / first.p50,
    };
  } finally {
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachBackend(backends, { server: SERVER, databasePrefix: 'linkup_bench_feed' }, measure);
benchResult({ sizes: SIZES, runs: RUNS, ...results });
