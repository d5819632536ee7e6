import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseServerUrl } from '../support/database';
import { NO_SFU_ENV } from '../support/serverProcess';
import { freePort } from '../support/freePort';

/**
 * The real server as a child process (PGlite on a scratch folder, or a scratch PostgreSQL database
 * with DATABASE_URL_TEST), killed with SIGKILL while two members send each other messages, then
 * started again. Each client retries a send until it is acknowledged, with the same idempotency
 * key: every acknowledged message is stored exactly once, none twice, and both clients finish.
 */
const MESSAGES_PER_CLIENT = 25;

let dataDir: string;
let database: { url: string; drop(): Promise<void> } | undefined;
let port: number;
let server: ChildProcess | undefined;

const base = () => `http://127.0.0.1:${port}`;

async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      REDIS_URL: '',
      ...NO_SFU_ENV,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; waited < 90_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${base()}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 90 s');
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve())));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-kill-'));
  if (testDatabaseServerUrl()) database = await createTestDatabase();
  port = await freePort();
  server = await startServer();
}, 120_000);

afterAll(async () => {
  if (server) {
    server.kill('SIGTERM');
    await stopped(server);
  }
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base()}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function member(name: string) {
  const fields = {
    first_name: name,
    last_name: 'Тестов',
    username: `${name.toLowerCase()}_${Date.now().toString(36)}`,
    email: `${name.toLowerCase()}.${Date.now().toString(36)}@example.ru`,
    password: 'secret123',
  };
  expect((await post('/auth/register', fields)).status).toBe(201);
  const login = await (await post('/auth/login', { email: fields.email, password: fields.password })).json();
  return { token: login.access_token as string, id: login.user.id as number };
}

type Member = Awaited<ReturnType<typeof member>>;

/** Sends one message, retrying with the same key until the server acknowledges it. */
async function sendUntilAcknowledged(from: Member, to: Member, content: string, key: string): Promise<number> {
  for (;;) {
    try {
      const answer = await post(
        '/messages',
        { receiver_id: to.id, content },
        { authorization: `Bearer ${from.token}`, 'idempotency-key': key },
      );
      if (answer.status === 201) return (await answer.json()).id;
      if (answer.status < 500) throw new Error(`send refused: ${answer.status} ${await answer.text()}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('send refused')) throw error;
      // connection refused or reset: the server is down; try again
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('stores every acknowledged message exactly once across a SIGKILL and a restart', async () => {
  const [anna, boris] = [await member('Anna'), await member('Boris')];
  const acknowledged = new Map<string, number>();
  const client = async (from: Member, to: Member, name: string) => {
    for (let i = 0; i < MESSAGES_PER_CLIENT; i++) {
      const key = `${name}-${i}`;
      acknowledged.set(key, await sendUntilAcknowledged(from, to, `${name} ${i}`, key));
    }
  };
  const sending = Promise.all([client(anna, boris, 'anna'), client(boris, anna, 'boris')]);

  while (acknowledged.size < 10) await new Promise((resolve) => setTimeout(resolve, 10));
  const acknowledgedBeforeKill = acknowledged.size;
  server!.kill('SIGKILL');
  await stopped(server!);
  server = await startServer();
  await sending;

  expect(acknowledgedBeforeKill).toBeLessThan(2 * MESSAGES_PER_CLIENT);
  expect(acknowledged.size).toBe(2 * MESSAGES_PER_CLIENT);
  const stored = await fetch(`${base()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${anna.token}` },
    body: JSON.stringify({
      query: `{ conversations(first: 1) { edges { node { messages(last: 60) { edges { node { databaseId content } } } } } } }`,
    }),
  }).then((r) => r.json());
  expect(stored.errors).toBeUndefined();
  const messages: { databaseId: number; content: string }[] = stored.data.conversations.edges.flatMap(
    (edge: { node: { messages: { edges: { node: { databaseId: number; content: string } }[] } } }) =>
      edge.node.messages.edges.map((e) => e.node),
  );
  const contents = messages.map((m) => m.content).sort();
  const expected = [...acknowledged.keys()].map((key) => key.replace('-', ' ')).sort();
  expect(contents).toEqual(expected);
  const storedIds = new Map(messages.map((m) => [m.content, m.databaseId]));
  for (const [key, id] of acknowledged) expect(storedIds.get(key.replace('-', ' '))).toBe(id);
}, 120_000);
