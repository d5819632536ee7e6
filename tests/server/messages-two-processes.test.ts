import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createTestDatabase } from '../../server/src/database/testDatabase';

/**
 * Two real server processes (server/src/main.ts) on one PostgreSQL database and the local Redis:
 * a message sent through one is delivered live to a subscriber connected to the other.
 * Needs DATABASE_URL_TEST and REDIS_URL_TEST (CI sets both).
 */
const postgres = process.env.DATABASE_URL_TEST;
const redis = process.env.REDIS_URL_TEST;
const root = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!postgres || !redis)('two server processes with Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  const processes: ChildProcess[] = [];
  const urls: string[] = [];

  async function startProcess(port: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, REDIS_URL: redis, DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', TOKEN_SECRET: 'two-processes-test-secret' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    processes.push(child);
    const url = `http://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 300; attempt++) {
      if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/health`)).ok) return url;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server on ${port} did not start`);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-two-'));
    // The first process migrates the empty database; the second finds nothing to do.
    urls.push(await startProcess(8191));
    urls.push(await startProcess(8192));
  }, 120_000);

  afterAll(async () => {
    for (const child of processes) {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    }
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (base: string, route: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const member = async (base: string, name: string) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const fields = { first_name: name, last_name: 'Двухпроцессный', username: `${tag}_two`, email: `${tag}.two@example.ru`, password: 'secret123' };
    expect((await call(base, '/auth/register', fields)).status).toBe(201);
    const login = await call(base, '/auth/login', { email: fields.email, password: fields.password });
    return { token: login.body.access_token as string, id: login.body.user.id as number };
  };

  it('delivers a message sent through one process to a subscriber of the other', async () => {
    const anna = await member(urls[0], 'Анна');
    const boris = await member(urls[1], 'Борис');
    const client = createClient({
      url: `${urls[1].replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${boris.token}` },
      retryAttempts: 0,
    });
    const received = new Promise<{ content: string }>((resolve, reject) => {
      client.subscribe<{ messageAdded: { content: string } }>(
        { query: 'subscription { messageAdded { content } }' },
        { next: ({ data }) => resolve(data!.messageAdded), error: reject, complete: () => {} },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = await call(urls[0], '/messages', { receiver_id: boris.id, content: 'Через Redis' }, anna.token);
    expect(sent.status).toBe(201);
    expect(await received).toEqual({ content: 'Через Redis' });
    await client.dispose();
  });
});
