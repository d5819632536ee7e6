import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { openDatabase } from '../../server/src/db';
import { startSession } from '../../server/src/auth/sessions';
import { loadTokenSecret } from '../../server/src/auth/tokens';
import { createTestDatabase } from '../../tests/support/database';
import { serverProcesses } from '../../tests/support/serverProcess';
import { startLoadBalancer } from '../../tests/support/loadBalancer';
import { wsClients } from '../../tests/support/ws';
import { benchResult } from './benchResult';
import { seedFeedData } from './feedData';
import { FEED_PAGE_QUERY } from './feedQuery';
import { option } from './flags';

/**
 * The soak test (issue 20 point 7): the production shape on this machine (two app processes on one
 * PostgreSQL database and Redis, behind nginx with deploy/nginx.conf) under a mixed workload for
 * --duration seconds: feed reads and likes (autocannon), messages sent at --rate per second between
 * members, each delivered live to the receiver's graphql-ws subscription (--subscribers sockets,
 * through the balancer like everything else). Counts every error (HTTP errors and timeouts, refused
 * sends, socket errors, messages never delivered) and samples both processes' resident memory and,
 * every 15 s, their live heap (after a full collection, through liveHeapProbe.ts): "flat" is judged
 * on the trends after --warmup seconds. The live heap tells a leak from the heap V8 keeps grown
 * between collections, which resident memory also counts.
 *
 * Usage: node --import tsx scripts/bench/soak.ts [--duration=300] [--warmup=60] [--subscribers=200]
 *   [--rate=20] [--feed-connections=8] [--like-connections=4] [--port=8380]
 *   [--server=postgres://postgres@127.0.0.1:5432/postgres] [--redis=redis://127.0.0.1:6379]
 * Needs PostgreSQL, Redis and Debian's nginx; creates its own database and drops it.
 */
const DURATION = Number(option('duration', '300'));
const WARMUP = Number(option('warmup', '60'));
const SUBSCRIBERS = Number(option('subscribers', '200'));
const RATE = Number(option('rate', '20'));
const FEED_CONNECTIONS = Number(option('feed-connections', '8'));
const LIKE_CONNECTIONS = Number(option('like-connections', '4'));
const PORT = Number(option('port', '8380'));
const SERVER = option('server', process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/postgres');
const REDIS = option('redis', process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379');
const MEMBERS = Math.max(SUBSCRIBERS + 1, 300);
const SECRET = 'soak-token-secret';

const database = await createTestDatabase(SERVER, 'linkup_soak');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-soak-'));
const servers = serverProcesses();
/** Set once nginx runs (clean-up may run before, on a signal). */
const running: { balancer?: Awaited<ReturnType<typeof startLoadBalancer>> } = {};
const ws = wsClients();
const cleanUp = async () => {
  await ws.dispose().catch(() => {});
  await running.balancer?.stop();
  await servers.stopAll();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(liveHeapDir, { recursive: true, force: true });
};
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
}

const liveHeapDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-soak-heap-'));
const probe = ['--import', path.join(import.meta.dirname, 'liveHeapProbe.ts')];
const env = {
  LIVE_HEAP_DIR: liveHeapDir,
  DATABASE_URL: database.url,
  REDIS_URL: REDIS,
  REDIS_KEY_PREFIX: `linkup-soak-${crypto.randomUUID()}:`,
  DATA_DIR: dataDir,
  TOKEN_SECRET: SECRET,
};
// The first process migrates the empty database; the data goes in before the second starts.
const upstreams = [await servers.start(PORT + 1, env, probe)];
const db = await openDatabase({ url: database.url, dataDir: 'memory://' });
await seedFeedData(db, { members: MEMBERS, publications: 20_000, contacts: 100 });
const secret = loadTokenSecret(SECRET, dataDir);
const members: { id: number; token: string }[] = [];
for (let id = 1; id <= SUBSCRIBERS + 1; id++) {
  members.push({ id, token: (await startSession(db.prisma, secret, id, 24 * 3600, { ip: 'soak', userAgent: null })).token });
}
const likeable = (await db.prisma.publication.findMany({ take: 200, select: { id: true } })).map((p) => p.id);
await db.close();
upstreams.push(await servers.start(PORT + 2, env, probe));
const balancer = (running.balancer = await startLoadBalancer(PORT, upstreams));
console.log(`two app processes behind nginx on ${balancer.url}; ${MEMBERS} members, ${SUBSCRIBERS} subscribers`);

// ── subscribers: each member's messages, delivered live ──────────────────────────────
const expected = new Map<string, number>(); // message content -> receiver id
const delivered = new Set<string>();
let socketErrors = 0;
await Promise.all(
  members.slice(1).map(
    (member) =>
      new Promise<void>((resolve) => {
        const client = ws.connect(balancer.url, { token: member.token });
        client.on('connected', () => resolve());
        client.on('error', () => (socketErrors += 1));
        client.subscribe<{ messageAdded: { content: string } }>(
          { query: 'subscription { messageAdded { content } }' },
          {
            next: ({ data }) => {
              if (data && expected.get(data.messageAdded.content) === member.id) delivered.add(data.messageAdded.content);
            },
            error: () => (socketErrors += 1),
            complete: () => {},
          },
        );
      }),
  ),
);

// ── the workload ─────────────────────────────────────────────────────────────────────
type Sample = { at: number; mb: number[] };
const rssSamples: Sample[] = [];
const heapSamples: Sample[] = [];
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const started = performance.now();
const secondsIn = () => (performance.now() - started) / 1000;
const sampling = setInterval(() => {
  rssSamples.push({ at: secondsIn(), mb: servers.pids().map(rssOf) });
}, 5000);
/** Asks each process for its live heap (a full collection: a pause, so not as often as RSS). */
const heapSampling = setInterval(() => {
  const at = secondsIn();
  const pids = servers.pids();
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  setTimeout(() => {
    const read = (pid: number) => Number(fs.readFileSync(path.join(liveHeapDir, String(pid)), 'utf8')) / 1048576;
    try {
      heapSamples.push({ at, mb: pids.map(read) });
    } catch {
      // a process still collecting: this sample is skipped
    }
  }, 2000);
}, 15_000);

let sent = 0;
let sendErrors = 0;
/** A member with a subscription (members[0] only reads). */
const subscriber = () => members[1 + Math.floor(Math.random() * SUBSCRIBERS)]!;
const sending = setInterval(() => {
  const from = subscriber();
  let to = subscriber();
  while (to.id === from.id) to = subscriber();
  const content = `soak-${(sent += 1)}`;
  expected.set(content, to.id);
  fetch(`${balancer.url}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` },
    body: JSON.stringify({ receiver_id: to.id, content }),
  })
    .then((response) => {
      if (response.status !== 201) sendErrors += 1;
      return response.body?.cancel();
    })
    .catch(() => (sendErrors += 1));
}, 1000 / RATE);

const load = (title: string, connections: number, request: () => { path: string; body: string; token: string }) =>
  autocannon({
    title,
    url: balancer.url,
    connections,
    duration: DURATION,
    timeout: 10,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          const { path: requestPath, body, token } = request();
          return {
            ...req,
            path: requestPath,
            body,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          };
        },
      },
    ],
  });
const pickMember = () => members[Math.floor(Math.random() * members.length)]!;
const [feed, likes] = await Promise.all([
  load('feed', FEED_CONNECTIONS, () => ({
    path: '/graphql',
    body: JSON.stringify({ query: FEED_PAGE_QUERY, variables: { first: 20 } }),
    token: pickMember().token,
  })),
  load('likes', LIKE_CONNECTIONS, () => ({
    path: `/publications/${likeable[Math.floor(Math.random() * likeable.length)]}/like`,
    body: '{}',
    token: pickMember().token,
  })),
]);
clearInterval(sending);
// What is still on its way arrives within a few seconds, or counts as lost.
for (let waited = 0; waited < 10_000 && delivered.size < sent - sendErrors; waited += 250) {
  await new Promise((resolve) => setTimeout(resolve, 250));
}
clearInterval(sampling);
clearInterval(heapSampling);
const undelivered = sent - sendErrors - delivered.size;

// ── figures ──────────────────────────────────────────────────────────────────────────
/** Least-squares slope of memory over time (MB per minute) after the warm-up, per process. */
const slopesAfterWarmup = (samples: Sample[]) => {
  const afterWarmup = samples.filter((sample) => sample.at >= WARMUP);
  return upstreams.map((_, index) => {
    const points = afterWarmup.map((sample) => [sample.at / 60, sample.mb[index]!] as const);
    const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
    const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
    const num = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
    const den = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
    return den ? num / den : 0;
  });
};
const slopes = slopesAfterWarmup(rssSamples);
const heapSlopes = slopesAfterWarmup(heapSamples);
const rssAtWarmup = rssSamples.find((sample) => sample.at >= WARMUP)?.mb ?? [];
const rssAtEnd = rssSamples.at(-1)?.mb ?? [];
const heapAtWarmup = heapSamples.find((sample) => sample.at >= WARMUP)?.mb ?? [];
const heapAtEnd = heapSamples.at(-1)?.mb ?? [];
const httpErrors = (result: Result) => result.errors + result.timeouts + result.non2xx;
const errors = {
  feed: httpErrors(feed),
  likes: httpErrors(likes),
  /** Of those, answers not in time (10 s), and answers other than 2xx. */
  timeouts: feed.timeouts + likes.timeouts,
  non2xx: feed.non2xx + likes.non2xx,
  sends: sendErrors,
  sockets: socketErrors,
  undelivered,
};
const totalErrors = errors.feed + errors.likes + errors.sends + errors.sockets + errors.undelivered;
const mb = (values: number[]) => values.map((value) => `${value.toFixed(0)} MB`).join(' / ');

console.log(`\nsoak: ${DURATION} s, two processes behind nginx`);
console.log(`feed reads   ${feed.requests.total} (${feed.requests.average.toFixed(1)}/s, p99 ${feed.latency.p99} ms)`);
console.log(`likes        ${likes.requests.total} (${likes.requests.average.toFixed(1)}/s, p99 ${likes.latency.p99} ms)`);
console.log(`messages     ${sent} sent, ${delivered.size} delivered live to ${SUBSCRIBERS} subscribers`);
console.log(
  `errors       ${totalErrors} (${Object.entries(errors)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')})`,
);
console.log(`memory       after ${WARMUP} s: ${mb(rssAtWarmup)}; at the end: ${mb(rssAtEnd)}`);
const perMinute = (values: number[]) => values.map((slope) => `${slope.toFixed(1)} MB/min`).join(' / ');
console.log(`             trend after warm-up: ${perMinute(slopes)}`);
console.log(`live heap    after ${WARMUP} s: ${mb(heapAtWarmup)}; at the end: ${mb(heapAtEnd)}; trend ${perMinute(heapSlopes)}`);
benchResult({
  durationSeconds: DURATION,
  warmupSeconds: WARMUP,
  subscribers: SUBSCRIBERS,
  feedRequests: feed.requests.total,
  feedPerSecond: feed.requests.average,
  feedP99Ms: feed.latency.p99,
  likeRequests: likes.requests.total,
  likeP99Ms: likes.latency.p99,
  messagesSent: sent,
  messagesDelivered: delivered.size,
  errors,
  totalErrors,
  rssAfterWarmupMb: rssAtWarmup,
  rssAtEndMb: rssAtEnd,
  rssSlopeMbPerMinute: slopes,
  liveHeapAfterWarmupMb: heapAtWarmup,
  liveHeapAtEndMb: heapAtEnd,
  liveHeapSlopeMbPerMinute: heapSlopes,
});
await cleanUp();
process.exit(0);
