import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { openDatabase } from '../../server/src/db';
import { startServer } from '../../server/src/server';
import { createLogger } from '../../server/src/logger';
import { hashPassword } from '../../server/src/auth/passwords';
import { startSession } from '../../server/src/auth/sessions';
import { loadTokenSecret } from '../../server/src/auth/tokens';

/**
 * Message delivery over graphql-ws against a bare `ws` broadcast of the same payloads.
 * One server process (this one) holds SUBSCRIBERS graphql-ws subscriptions of members of one
 * conversation; a child process holds the receiving sockets. Phase 1 (latency): messages sent one
 * at a time, each waiting until every subscriber has it; p50/p99 of send-to-arrival. Phase 2
 * (throughput): BURST messages sent back to back; deliveries per second from first to last arrival.
 * Usage: node --import tsx scripts/bench/messages.ts [subscribers=1000] [latencyMessages=100] [burst=200]
 */
const SUBSCRIBERS = Number(process.argv[2] ?? 1000);
const LATENCY_MESSAGES = Number(process.argv[3] ?? 100);
const BURST = Number(process.argv[4] ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 8171);
const now = () => performance.timeOrigin + performance.now();

type Report = { latencies: number[]; delivered: number; spanMs: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Drives one receiving swarm through the two phases; `send(content)` emits one message. */
async function run(mode: 'graphql' | 'ws', url: string, tokens: string[], send: (content: string) => Promise<void>) {
  const swarm = fork(new URL('./messagesSwarm.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters = new Map<string, () => void>();
  const wait = (key: string) => new Promise<void>((resolve) => waiters.set(key, resolve));
  let report: Report | undefined;
  swarm.on('message', (message: { type: string; content?: string } & Partial<Report>) => {
    if (message.type === 'report') report = message as Report;
    const key = message.type === 'delivered' ? `delivered:${message.content}` : message.type;
    waiters.get(key)?.();
    waiters.delete(key);
  });
  const request = async (type: string): Promise<void> => {
    const done = wait(type);
    swarm.send({ type });
    await done;
  };

  const ready = wait('ready');
  swarm.send({ type: 'start', mode, url, tokens });
  await ready;

  for (let i = 0; i < LATENCY_MESSAGES; i++) {
    const content = `${mode}-${i}:${now()}`;
    const delivered = wait(`delivered:${content}`);
    await send(content);
    await delivered;
  }
  await request('report');
  const latencies = [...report!.latencies].sort((a, b) => a - b);

  await request('reset');
  const lastDelivered: Promise<void>[] = [];
  for (let i = 0; i < BURST; i++) {
    const content = `${mode}-burst-${i}:${now()}`;
    lastDelivered.push(wait(`delivered:${content}`));
    await send(content);
  }
  await Promise.all(lastDelivered);
  await request('report');
  swarm.kill();
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: report!.delivered / (report!.spanMs / 1000),
    messagesPerSecond: BURST / (report!.spanMs / 1000),
  };
}

// ── LinkUp over graphql-ws ──────────────────────────────────────────────────────────
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-messages-'));
let statements = 0;
const db = await openDatabase({ url: '', dataDir: 'memory://', onQuery: () => (statements += 1) });
const passwordHash = await hashPassword('bench-password');
await db.prisma.user.createMany({
  data: Array.from({ length: SUBSCRIBERS + 1 }, (_, i) => ({
    username: `bench${i}`,
    email: `bench${i}@example.ru`,
    firstName: 'Bench',
    lastName: String(i),
    passwordHash,
  })),
});
const users = await db.prisma.user.findMany({ orderBy: { id: 'asc' }, select: { id: true } });
const conversation = await db.prisma.conversation.create({
  data: { title: 'bench', participants: { create: users.map((u) => ({ userId: u.id })) } },
});
const secret = loadTokenSecret(undefined, dataDir);
const tokens: string[] = [];
for (const user of users) {
  tokens.push((await startSession(db.prisma, secret, user.id, 3600, { ip: 'bench', userAgent: null })).token);
}
const [senderToken, ...subscriberTokens] = tokens;
const server = await startServer({
  database: db,
  config: { port: PORT, host: '127.0.0.1', dataDir, seedDemoData: false },
  services: { log: createLogger('warn') },
});
const conversationId = Buffer.from(`Conversation:${conversation.id}`).toString('base64');
const profiler = process.env.BENCH_PROFILE ? await startProfiler() : null;
const statementsBefore = statements;
const graphql = await run('graphql', `ws://127.0.0.1:${PORT}/graphql`, subscriberTokens, async (content) => {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${senderToken}` },
    body: JSON.stringify({
      query: 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { __typename } }',
      variables: { input: { conversationId, content } },
    }),
  });
  const body = await response.json();
  if (body.data?.sendMessage?.__typename !== 'SendMessageSuccess') throw new Error(JSON.stringify(body));
});
if (profiler) await profiler.stop(process.env.BENCH_PROFILE!);
const statementsPerMessage = (statements - statementsBefore) / (LATENCY_MESSAGES + BURST);
await server.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });

// ── Baseline: a bare ws broadcast of the same frames ────────────────────────────────
const wss = new WebSocketServer({ port: PORT + 1, host: '127.0.0.1' });
let sequence = 0;
const baseline = await run('ws', `ws://127.0.0.1:${PORT + 1}`, subscriberTokens, async (content) => {
  sequence += 1;
  const frame = JSON.stringify({
    id: 'bench',
    type: 'next',
    payload: {
      data: {
        messageAdded: {
          id: Buffer.from(`Message:${sequence}`).toString('base64'),
          databaseId: sequence,
          content,
          createdAt: new Date().toISOString(),
          senderId: Buffer.from('User:1').toString('base64'),
        },
      },
    },
  });
  for (const client of wss.clients) client.send(frame);
});
wss.close();

const row = (name: string, r: typeof graphql) =>
  `${name.padEnd(26)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ` +
  `${Math.round(r.perSecond).toString().padStart(7)} deliveries/s   ${r.messagesPerSecond.toFixed(1).padStart(6)} messages/s`;
console.log(`${SUBSCRIBERS} subscribers, ${LATENCY_MESSAGES} messages one at a time, then a burst of ${BURST}`);
console.log(row('LinkUp (graphql-ws)', graphql));
console.log(row('bare ws broadcast', baseline));
console.log(`SQL statements per message (send and delivery to all subscribers): ${statementsPerMessage.toFixed(1)}`);
console.log(`throughput ratio LinkUp / bare ws: ${(graphql.perSecond / baseline.perSecond).toFixed(2)}`);
process.exit(0);

/** With BENCH_PROFILE=<file>: a CPU profile of the server side while LinkUp delivers. */
async function startProfiler() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
