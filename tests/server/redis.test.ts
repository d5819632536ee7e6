import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { NO_SFU } from '../support/app';
import { postJson, registerMember, signIn } from '../support/members';
import { wsClients } from '../support/ws';
import { startServer, type RunningServer } from '../../server/src/server';
import { createLogger } from '../../server/src/logger';

/**
 * Two server instances (each with its own Redis connections and in-memory state) on one database
 * and one Redis (REDIS_URL_TEST), as behind a load balancer:
 * events published by one reach subscribers of the other, and login limits are shared.
 */
const redisUrl = process.env.REDIS_URL_TEST;
const redisKeyPrefix = `linkup-test-${crypto.randomUUID()}:`;

describe.skipIf(!redisUrl)('two server instances sharing Redis', () => {
  let db: TestDatabase;
  let dataDir: string;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    db = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-redis-'));
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServer({
          database: db,
          // One key prefix per run: the machine's Redis also holds other runs' counts for 127.0.0.1.
          config: {
            port: 0,
            host: '127.0.0.1',
            dataDir,
            redisUrl,
            redisKeyPrefix,
            seedDemoData: false,
            loginLimitPerAccount: 2,
            ...NO_SFU,
          },
          services: { log: createLogger('warn') },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await db?.dispose();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (server: RunningServer, route: string, body: unknown) => postJson(server.url, route, body);
  const register = () => registerMember(servers[0].url, { first_name: 'Илья', last_name: 'Новиков' });

  it('delivers a notification published by one instance to a subscriber of the other', async () => {
    const ilya = await register();
    const { token } = await signIn(servers[0].url, ilya.email, ilya.password);
    const ws = wsClients();
    const client = ws.connect(servers[0].url, { token });
    const received = new Promise<{ kind: string }>((resolve, reject) => {
      client.subscribe<{ notifications: { kind: string } }>(
        { query: 'subscription { notifications { kind } }' },
        { next: (value) => resolve(value.data!.notifications), error: reject, complete: () => {} },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The second sign-in happens on the other instance.
    expect((await post(servers[1], '/auth/login', { email: ilya.email, password: ilya.password })).status).toBe(200);
    expect(await received).toEqual({ kind: 'NEW_SIGN_IN' });
    await ws.dispose();
  });

  it('counts failed logins across instances', async () => {
    const ilya = await register();
    expect((await post(servers[0], '/auth/login', { email: ilya.email, password: 'wrong' })).status).toBe(401);
    expect((await post(servers[1], '/auth/login', { email: ilya.email, password: 'wrong' })).status).toBe(401);
    expect((await post(servers[0], '/auth/login', { email: ilya.email, password: ilya.password })).status).toBe(429);
  });
});
