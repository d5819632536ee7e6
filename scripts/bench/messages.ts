import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { WebSocketServer, type WebSocket } from 'ws';
import { openDatabase } from '../../server/src/db';
import { startServer } from '../../server/src/server';
import { createLogger } from '../../server/src/logger';
import { hashPassword } from '../../server/src/auth/passwords';
import { startSession } from '../../server/src/auth/sessions';
import { loadTokenSecret } from '../../server/src/auth/tokens';
import { createTestDatabase } from '../../tests/support/database';
import { benchResult } from './benchResult';
import { liveHeap } from './liveHeap';
import { option } from './flags';

/**
 * Message delivery over graphql-ws against a bare `ws` broadcast of the same payloads.
 * One server process (this one) holds SUBSCRIBERS graphql-ws subscriptions of members of one
 * conversation; a child process holds the receiving sockets, another one is the sending member
 * (HTTP mutations, as the web client sends). Phase 1 (latency): messages sent one at a time, each
 * waiting until every subscriber has it; p50/p99 of send-to-arrival. Phase 2 (throughput): BURST
 * messages sent back to back, the sender keeping IN_FLIGHT requests open (a browser keeps up to six
 * per host); deliveries per second from first to last arrival. The baseline broadcasts the same
 * frames from this process with no work per message at all. Both start with WARMUP unmeasured messages.
 * Usage: node --import tsx scripts/bench/messages.ts [subscribers=1000] [latencyMessages=300] [burst=200]
 *   or with flags: [--subscribers=1000] [--messages=300] [--burst=200] [--timeout=900]
 *   [--server=postgres://postgres@127.0.0.1:5432/postgres | --server=pglite]
 * The database is PostgreSQL, as in production (and as the feed benches use): a scratch database
 * created on --server and dropped at the end. `--server=pglite` uses the embedded database of
 * `npm start` instead, which runs its SQL on the server's own thread (slower: p99 ~58 ms against
 * ~50 ms at 1,000 subscribers on the same machine in November 2026).
 * After --timeout seconds it stops, saying how far it got (subscribers connected, connections failed).
 * Env: BENCH_IN_FLIGHT (4), BENCH_PORT (8171), BENCH_PROFILE=<file> (CPU profile of the server side),
 * BENCH_HEAP_SNAPSHOT=<file> (heap snapshot of the server side with every subscription live).
 */
const argv = process.argv.slice(2);
const positional = argv.filter((a) => !a.startsWith('--'));
const numberOption = (name: string, index: number, fallback: string) => Number(option(name) ?? positional[index] ?? fallback);
const SUBSCRIBERS = numberOption('subscribers', 0, '1000');
// 300 so that p99 (over 300,000 deliveries) is not just the slowest single message's spread.
const LATENCY_MESSAGES = numberOption('messages', 1, '300');
const BURST = numberOption('burst', 2, '200');
const TIMEOUT_SECONDS = numberOption('timeout', 3, '900');
const SERVER =
  argv.find((a) => a.startsWith('--server='))?.slice('--server='.length) ??
  (process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/postgres');
const scratch = SERVER === 'pglite' ? null : await createTestDatabase(SERVER, 'linkup_bench_messages');
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
const WARMUP = 10;
const PORT = Number(process.env.BENCH_PORT ?? 8171);
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Report = { latencies: number[]; delivered: number; spanMs: number };
/** Sends messages whose text is `<key>:<send time>`; resolves when the sender is done sending. */
type Sender = { send(key: string): Promise<void>; burst(keys: string[]): Promise<void> };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function child(script: string) {
  const process = fork(new URL(script, import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  progress.children.push(process);
  const waiters = new Map<string, (message: never) => void>();
  process.on('message', (message: { type: string; key?: string }) => {
    const key = message.type === 'delivered' ? `delivered:${message.key}` : message.type;
    waiters.get(key)?.(message as never);
    waiters.delete(key);
  });
  return {
    process,
    wait: <T = unknown>(key: string) => new Promise<T>((resolve) => waiters.set(key, resolve as (message: never) => void)),
    async request<T = unknown>(message: { type: string } & Record<string, unknown>, answer = message.type): Promise<T> {
      const answered = this.wait<T>(answer);
      process.send(message);
      return answered;
    },
  };
}

/** Where the bench is, for the message when it times out. */
const progress: { phase: string; swarm?: ReturnType<typeof child>; children: ChildProcess[] } = {
  phase: 'seeding',
  children: [],
};

// Never wait forever (at 10,000 subscribers some connections fail and are retried, perhaps without
// end): after TIMEOUT_SECONDS, say how far connecting got and stop.
setTimeout(async () => {
  const status = progress.swarm
    ? await Promise.race([
        progress.swarm.request<{
          connected: number;
          failedConnections: number;
          errorCodes: Record<string, number>;
          retries: number;
        }>({
          type: 'status',
        }),
        sleep(5000).then(() => null),
      ])
    : null;
  const how = status
    ? `: ${status.connected} of ${SUBSCRIBERS} subscribers connected, ${status.failedConnections} connections failing, ${status.retries} retries, errors ${JSON.stringify(status.errorCodes)}`
    : '';
  console.error(`messages: timed out after ${TIMEOUT_SECONDS} s while ${progress.phase}${how}`);
  benchResult({
    subscribers: SUBSCRIBERS,
    timedOut: true,
    timeoutSeconds: TIMEOUT_SECONDS,
    phase: progress.phase,
    ...(status && {
      connected: status.connected,
      failedConnections: status.failedConnections,
      errorCodes: status.errorCodes,
      retries: status.retries,
    }),
  });
  for (const c of progress.children) c.kill('SIGKILL');
  await scratch?.drop().catch(() => {});
  process.exit(1);
}, TIMEOUT_SECONDS * 1000).unref();

/** Drives one receiving swarm through the two phases. */
async function run(mode: 'graphql' | 'ws', url: string, tokens: string[], sender: Sender, onReady = async () => {}) {
  const swarm = child('./messagesSwarm.ts');
  progress.swarm = swarm;
  progress.phase = `${mode}: connecting ${tokens.length} subscribers`;
  // This process is the server: its memory before and once every subscription is live.
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = liveHeap();
  // Failed connects are retried with jitter until every socket is in: how many retries that took.
  const connecting = await swarm.request<{ retries: number; errorCodes: Record<string, number> }>(
    { type: 'start', url, tokens },
    'ready',
  );
  progress.phase = `${mode}: warming up`;
  // Warm-up, not measured: messages until one reaches every subscriber (all subscriptions are
  // live), then WARMUP more (first executions, JIT).
  for (let i = 0, complete = 0; complete < WARMUP; i++) {
    const delivered = swarm.wait(`delivered:${mode}-warmup-${i}`).then(() => true);
    await sender.send(`${mode}-warmup-${i}`);
    if (await Promise.race([delivered, sleep(2000).then(() => false)])) complete += 1;
    else if (complete > 0) throw new Error(`${mode}: a message did not reach every subscriber`);
  }
  const kbPerSocket = (process.memoryUsage().rss - rssBefore) / 1024 / tokens.length;
  // RSS also keeps what the connect storm left behind (garbage not yet collected, the embedded
  // database's grown memory); what the sockets themselves keep is the heap live after a full GC.
  const heapKbPerSocket = (liveHeap() - heapBefore) / 1024 / tokens.length;
  if (process.env.BENCH_HEAP_SNAPSHOT && mode === 'graphql') v8.writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT);
  await swarm.request({ type: 'reset' });
  await onReady();
  progress.phase = `${mode}: ${LATENCY_MESSAGES} messages one at a time`;

  for (let i = 0; i < LATENCY_MESSAGES; i++) {
    const delivered = swarm.wait(`delivered:${mode}-${i}`);
    await sender.send(`${mode}-${i}`);
    await delivered;
  }
  const latencies = [...(await swarm.request<Report>({ type: 'report' })).latencies].sort((a, b) => a - b);

  await swarm.request({ type: 'reset' });
  progress.phase = `${mode}: a burst of ${BURST} messages`;
  const keys = Array.from({ length: BURST }, (_, i) => `${mode}-burst-${i}`);
  const delivered = keys.map((key) => swarm.wait(`delivered:${key}`));
  await sender.burst(keys);
  await Promise.all(delivered);
  const report = await swarm.request<Report>({ type: 'report' });
  swarm.process.kill();
  progress.swarm = undefined;
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: report.delivered / (report.spanMs / 1000),
    messagesPerSecond: BURST / (report.spanMs / 1000),
    kbPerSocket,
    heapKbPerSocket,
    connectRetries: connecting.retries,
    connectErrors: connecting.errorCodes,
  };
}

// ── LinkUp over graphql-ws ──────────────────────────────────────────────────────────
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-messages-'));
let statements = 0;
const db = await openDatabase({
  url: scratch?.url ?? '',
  dataDir: 'memory://',
  onQuery: () => (statements += 1),
});
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
const profiling: { profiler?: Awaited<ReturnType<typeof startProfiler>> } = {};
let statementsBefore = 0;
const sending = child('./messagesSender.ts');
await sending.request({ type: 'setup', url: server.url, token: senderToken, conversationId }, 'ready');
const graphql = await run(
  'graphql',
  `ws://127.0.0.1:${PORT}/graphql`,
  subscriberTokens,
  {
    send: (key) => sending.request({ type: 'send', key }, 'sent'),
    burst: (keys) => sending.request({ type: 'burst', keys, inFlight: IN_FLIGHT }, 'sent'),
  },
  async () => {
    statementsBefore = statements;
    if (process.env.BENCH_PROFILE) profiling.profiler = await startProfiler();
  },
);
sending.process.kill();
await profiling.profiler?.stop(process.env.BENCH_PROFILE!);
const statementsPerMessage = (statements - statementsBefore) / (LATENCY_MESSAGES + BURST);
await server.close();
await db.close();
await scratch?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });

// ── Baseline: a bare ws broadcast of the same frames ────────────────────────────────
// Just enough graphql-ws for the same clients (acknowledge, note the subscription id), then each
// message is one JSON payload sent to every socket with its subscription's id: no storage, no
// authorisation, no GraphQL.
const wss = new WebSocketServer({ port: PORT + 1, host: '127.0.0.1' });
const frameHeads = new Map<WebSocket, string>();
wss.on('connection', (socket) => {
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'connection_init') socket.send('{"type":"connection_ack"}');
    if (message.type === 'subscribe') frameHeads.set(socket, `{"id":${JSON.stringify(message.id)},"type":"next","payload":`);
  });
});
let sequence = 0;
const broadcast = (key: string) => {
  sequence += 1;
  const payload = JSON.stringify({
    data: {
      messageAdded: {
        id: Buffer.from(`Message:${sequence}`).toString('base64'),
        databaseId: sequence,
        content: `${key}:${now()}`,
        createdAt: new Date().toISOString(),
        senderId: Buffer.from('User:1').toString('base64'),
      },
    },
  });
  for (const [socket, head] of frameHeads) socket.send(`${head}${payload}}`);
};
const baseline = await run('ws', `ws://127.0.0.1:${PORT + 1}`, subscriberTokens, {
  send: async (key) => broadcast(key),
  burst: async (keys) => keys.forEach(broadcast),
});
wss.close();

const row = (name: string, r: typeof graphql) =>
  `${name.padEnd(26)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ` +
  `${Math.round(r.perSecond).toString().padStart(7)} deliveries/s   ${r.messagesPerSecond.toFixed(1).padStart(6)} messages/s   ` +
  `${r.kbPerSocket.toFixed(0).padStart(4)} KB RSS (${r.heapKbPerSocket.toFixed(1)} KB live heap) per subscribed socket   ` +
  `${r.connectRetries} connect retries ${JSON.stringify(r.connectErrors)}`;
console.log(
  `${SUBSCRIBERS} subscribers, ${LATENCY_MESSAGES} messages one at a time, then a burst of ${BURST} (${IN_FLIGHT} requests in flight)`,
);
console.log(row('LinkUp (graphql-ws)', graphql));
console.log(row('bare ws broadcast', baseline));
console.log(`SQL statements per message (send and delivery to all subscribers): ${statementsPerMessage.toFixed(1)}`);
console.log(`throughput ratio LinkUp / bare ws: ${(graphql.perSecond / baseline.perSecond).toFixed(2)}`);
benchResult({
  subscribers: SUBSCRIBERS,
  database: scratch ? 'postgresql' : 'pglite',
  latencyMessages: LATENCY_MESSAGES,
  burst: BURST,
  graphql,
  ws: baseline,
  sqlPerMessage: statementsPerMessage,
  ratio: graphql.perSecond / baseline.perSecond,
});
process.exit(0);

/** With BENCH_PROFILE=<file>: a CPU profile of the server side while LinkUp delivers (subscribers connected). */
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
