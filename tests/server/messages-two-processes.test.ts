import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import { postJson, registerAndLogin } from '../support/members';
import { wsClients } from '../support/ws';
import { serverProcesses } from '../support/serverProcess';
import { NGINX, startLoadBalancer } from '../support/loadBalancer';

/**
 * Two real server processes (server/src/main.ts) on one PostgreSQL database and the local Redis:
 * a message sent through one is delivered live to a subscriber connected to the other.
 * Needs DATABASE_URL_TEST and REDIS_URL_TEST (CI sets both). Then the same through nginx with the
 * repository's config (deploy/nginx.conf), as docker-compose runs it: needs Debian's nginx (CI installs it).
 */
const postgres = process.env.DATABASE_URL_TEST;
const redis = process.env.REDIS_URL_TEST;
const redisKeyPrefix = `linkup-test-${crypto.randomUUID()}:`;

describe.skipIf(!postgres || !redis)('two server processes with Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  const servers = serverProcesses();
  const urls: string[] = [];

  const startProcess = (port: number) =>
    servers.start(port, {
      DATABASE_URL: database.url,
      REDIS_URL: redis!,
      // Both processes share this run's counters, and no other run's (the machine's Redis is shared).
      REDIS_KEY_PREFIX: redisKeyPrefix,
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'two-processes-test-secret',
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-two-'));
    // The first process migrates the empty database; the second finds nothing to do.
    urls.push(await startProcess(8191));
    urls.push(await startProcess(8192));
  }, 120_000);

  afterAll(async () => {
    await servers.stopAll();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a message sent through one process to a subscriber of the other', async () => {
    const anna = await registerAndLogin(urls[0], { first_name: 'Анна' });
    const boris = await registerAndLogin(urls[1], { first_name: 'Борис' });
    const ws = wsClients();
    const client = ws.connect(urls[1], { token: boris.token });
    const received = new Promise<{ content: string }>((resolve, reject) => {
      client.subscribe<{ messageAdded: { content: string } }>(
        { query: 'subscription { messageAdded { content } }' },
        { next: ({ data }) => resolve(data!.messageAdded), error: reject, complete: () => {} },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = await postJson(urls[0], '/messages', { receiver_id: boris.member.id, content: 'Через Redis' }, anna.token);
    expect(sent.status).toBe(201);
    expect(await received).toEqual({ content: 'Через Redis' });
    await ws.dispose();
  });
});

describe.skipIf(!postgres || !redis || !fs.existsSync(NGINX))('two server processes behind nginx', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let balancer: Awaited<ReturnType<typeof startLoadBalancer>>;
  const servers = serverProcesses();

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-lb-'));
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis!,
      REDIS_KEY_PREFIX: `linkup-test-${crypto.randomUUID()}:`,
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'load-balancer-test-secret',
    };
    const upstreams = [await servers.start(8193, env), await servers.start(8194, env)];
    balancer = await startLoadBalancer(8195, upstreams);
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await servers.stopAll();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('spreads requests over both processes; every message reaches a subscriber connected through it', async () => {
    const anna = await registerAndLogin(balancer.url, { first_name: 'Анна' });
    const boris = await registerAndLogin(balancer.url, { first_name: 'Борис' });
    const ws = wsClients();
    const client = ws.connect(balancer.url, { token: boris.token });
    const contents = ['Первое', 'Второе', 'Третье', 'Четвёртое'];
    const received: string[] = [];
    const all = new Promise<void>((resolve, reject) => {
      client.subscribe<{ messageAdded: { content: string } }>(
        { query: 'subscription { messageAdded { content } }' },
        {
          next: ({ data }) => {
            received.push(data!.messageAdded.content);
            if (received.length === contents.length) resolve();
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const content of contents) {
      const sent = await postJson(balancer.url, '/messages', { receiver_id: boris.member.id, content }, anna.token);
      expect(sent.status).toBe(201);
    }
    await all;
    expect(received).toEqual(contents);
    // The sends were answered by both processes: some crossed to the subscriber's process over Redis.
    const sends = balancer.requests().filter((line) => line.startsWith('POST /messages '));
    expect(new Set(sends.map((line) => line.split(' ')[2])).size).toBe(2);
    await ws.dispose();
  });
});
