import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db';
import { loadConfig } from '../../server/src/config';
import { createServices, type Services } from '../../server/src/services/container';
import { createApp, type App } from '../../server/src/http';
import { createLogger } from '../../server/src/logger';
import { startSession } from '../../server/src/auth/sessions';
import { FEED_PAGE_QUERY } from '../../scripts/bench/feedQuery';
import { FEED_VIEWER_ID, seedFeedData } from '../../scripts/bench/feedData';
import { createRawFeedServer } from '../../scripts/bench/rawFeedServer';
import { createTestDatabase, testDatabaseServerUrl } from '../support/database';

/**
 * The baseline of the feed benchmark (scripts/bench/rawFeedServer.ts, node:http + pg) answers the
 * feed query with the very bytes /graphql answers, on the benchmark's dataset with blocks, follows
 * and communities: when the feed's output or rules change, this says the baseline must follow.
 * PostgreSQL only (the baseline speaks to it with `pg`).
 */
const TOKEN_SECRET = 'raw-feed-server-test-secret';

describe.skipIf(!testDatabaseServerUrl())('raw feed server (benchmark baseline)', () => {
  let scratch: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let services: Services;
  let app: App;
  let raw: ReturnType<typeof createRawFeedServer>;
  let rawUrl: string;
  let token: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-test-raw-feed-'));

  beforeAll(async () => {
    scratch = await createTestDatabase(undefined, 'linkup_test_raw_feed');
    db = await openDatabase({ url: scratch.url });
    await seedFeedData(db, { members: 100, publications: 3000, contacts: 30 }, { relations: true });
    services = createServices(
      loadConfig({}, { dataDir, clientDir: path.join(dataDir, 'client'), tokenSecret: TOKEN_SECRET }),
      db,
      {
        log: createLogger('warn'),
      },
    );
    app = createApp(services);
    ({ token } = await startSession(db.prisma, services.tokenSecret, FEED_VIEWER_ID, 3600, { ip: 'test', userAgent: null }));
    raw = createRawFeedServer({ databaseUrl: scratch.url, tokenSecret: TOKEN_SECRET, poolSize: 2 });
    await new Promise<void>((resolve) => raw.server.listen(0, '127.0.0.1', resolve));
    rawUrl = `http://127.0.0.1:${(raw.server.address() as AddressInfo).port}/graphql`;
  }, 120_000);

  afterAll(async () => {
    await raw?.close();
    await services?.close();
    await db?.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const bothAnswers = async (variables: { first: number; after: string | null }) => {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: FEED_PAGE_QUERY, variables }),
    };
    const graphql = Buffer.from(await (await app.fetch(new Request('http://localhost/graphql', init))).arrayBuffer());
    const baseline = Buffer.from(await (await fetch(rawUrl, init)).arrayBuffer());
    return { graphql: graphql.toString('utf8'), baseline: baseline.toString('utf8') };
  };

  it('answers the first pages byte for byte as /graphql does', async () => {
    const first = await bothAnswers({ first: 50, after: null });
    expect(first.baseline).toBe(first.graphql);
    const page = JSON.parse(first.graphql).data.feed;
    const nodes = page.edges.map((edge: { node: unknown }) => edge.node) as {
      author: { id: string };
      media: { fileType: string }[];
      comments: { pageInfo: { hasNextPage: boolean } };
    }[];
    // The dataset reaches what the rules decide: a full page, videos, a long comment thread, and
    // nothing by the blocked member 2.
    expect(nodes).toHaveLength(50);
    expect(nodes.some((node) => node.media.some((media) => media.fileType === 'VIDEO'))).toBe(true);
    expect(nodes.some((node) => node.comments.pageInfo.hasNextPage)).toBe(true);
    expect(nodes.every((node) => node.author.id !== Buffer.from('User:2').toString('base64'))).toBe(true);

    const second = await bothAnswers({ first: 50, after: page.pageInfo.endCursor });
    expect(second.baseline).toBe(second.graphql);
    expect(JSON.parse(second.graphql).data.feed.edges).toHaveLength(50);
  });
});
