import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { openTestDatabase, type TestDatabase } from '../../server/src/database/testDatabase';
import { startServer, type RunningServer } from '../../server/src/server';
import { createLogger } from '../../server/src/logger';

/**
 * Two server instances (each with its own Redis connections and in-memory state) on one database
 * and one Redis (REDIS_URL_TEST), as behind a load balancer:
 * events published by one reach subscribers of the other, and login limits are shared.
 */
const redisUrl = process.env.REDIS_URL_TEST;

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
          // A high per-address limit: the Redis counter of 127.0.0.1 is shared by every run on this machine.
          config: { port: 0, host: '127.0.0.1', dataDir, redisUrl, seedDemoData: false, loginLimitPerAccount: 2, loginLimitPerAddress: 1000 },
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

  const post = async (server: RunningServer, route: string, body: unknown) => {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const register = async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const fields = { first_name: 'Илья', last_name: 'Новиков', username: `ilya_${tag}`, email: `ilya.${tag}@example.ru`, password: 'secret123' };
    expect((await post(servers[0], '/auth/register', fields)).status).toBe(201);
    return fields;
  };

  it('delivers a notification published by one instance to a subscriber of the other', async () => {
    const ilya = await register();
    const token = (await post(servers[0], '/auth/login', { email: ilya.email, password: ilya.password })).body.access_token;
    const client = createClient({
      url: `${servers[0].url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
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
    await client.dispose();
  });

  it('counts failed logins across instances', async () => {
    const ilya = await register();
    expect((await post(servers[0], '/auth/login', { email: ilya.email, password: 'wrong' })).status).toBe(401);
    expect((await post(servers[1], '/auth/login', { email: ilya.email, password: 'wrong' })).status).toBe(401);
    expect((await post(servers[0], '/auth/login', { email: ilya.email, password: ilya.password })).status).toBe(429);
  });
});
