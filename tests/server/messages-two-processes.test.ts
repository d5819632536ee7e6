import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import { postJson, registerAndLogin } from '../support/members';
import { wsClients } from '../support/ws';
import { serverProcesses } from '../support/serverProcess';

/**
 * Two real server processes (server/src/main.ts) on one PostgreSQL database and the local Redis:
 * a message sent through one is delivered live to a subscriber connected to the other.
 * Needs DATABASE_URL_TEST and REDIS_URL_TEST (CI sets both).
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
