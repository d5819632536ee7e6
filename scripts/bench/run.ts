import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseBenchResult } from './benchResult';
import { root } from './support';

/**
 * `npm run bench`: every benchmark of scripts/bench that has a figure in the performance table
 * (issue 20), each in its own process group with a timeout, then one table, each figure beside its
 * baseline measured in the same run and the goal reached or not: bench/results.md and
 * bench/results.json. A bench that fails or times out is a row saying so; the others still run.
 *
 * Usage: npm run bench -- [--quick] [--only=feed-http,messages-1000] [--<bench>.<flag>=<value>]...
 *   --quick                 small sizes (a few minutes in all), to try the machinery; the results
 *                           are then written to bench/results-quick.* (not the committed table)
 *   --only=<names>          these benches only
 *   --<bench>.<flag>=<v>    passes --<flag>=<v> to that bench, e.g. --feed-http.duration=60
 *   --server=<postgres url> the PostgreSQL server the feed and messages benches create their databases on
 *   --timeout=<seconds>     one timeout for every bench instead of their own
 *   --from=<results.json>   with --only: the other benches' figures are those of that earlier run
 *                           (the table computed again from them, the named benches run anew)
 * Ports: BENCH_PORT (8300) to BENCH_PORT+9.
 * The soak (soak.ts) needs Debian's nginx and Redis besides PostgreSQL.
 * Not run here: calls.ts and drawing.ts (Chromium calls, their own figures), search.ts (search at scale).
 */
type Row = { measure: string; linkup: string; baseline: string; goal: string; reached: string };
/**
 * A bench's BENCH_RESULT figures, as it printed them; each bench's `rows` reads its own (and a
 * figure missing there is caught below as "its figures do not fit the table").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from another process, read by the bench's own rows()
type Figures = Record<string, any>;
type Bench = {
  name: string;
  script: string;
  args: string[];
  quickArgs: string[];
  /** seconds; with --quick, quickTimeout */
  timeout: number;
  quickTimeout: number;
  rows(result: Figures): Row[];
  /** The rows of the table this bench fills, with what to show when it has no figures. */
  measures: string[];
};

const argv = process.argv.slice(2);
const QUICK = argv.includes('--quick');
const ONLY = argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const SERVER = argv.find((a) => a.startsWith('--server='));
const TIMEOUT = argv.find((a) => a.startsWith('--timeout='))?.slice('--timeout='.length);
const PORT = Number(process.env.BENCH_PORT ?? 8300);
const FROM = argv.find((a) => a.startsWith('--from='))?.slice('--from='.length);

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : String(value));
const ms = (value: number) => `${fixed(value, 0)} ms`;
const verdict = (ok: boolean) => (ok ? 'reached' : '**not reached**');

const FEED_SMALL = ['--members=200', '--publications=5000', '--contacts=50'];

const messagesBench = (
  subscribers: number,
  quickSubscribers: number,
  timeout: number,
  goals: { p99: number; ratio?: number },
  /** Messages of the latency phase (the bench's default, 300, when not given). */
  latencyMessages?: number,
): Bench => {
  const name = `messages-${subscribers}`;
  const labelOf = (count: number) => `Messages to ${count.toLocaleString('en')} subscribers`;
  const label = labelOf(subscribers);
  return {
    name,
    script: 'messages.ts',
    // The bench's own timeout comes first, so it reports how far it got.
    args: [
      `--subscribers=${subscribers}`,
      ...(latencyMessages ? [`--messages=${latencyMessages}`] : []),
      `--timeout=${timeout - 60}`,
    ],
    quickArgs: [`--subscribers=${quickSubscribers}`, '--messages=30', '--burst=20', `--timeout=${240}`],
    timeout,
    quickTimeout: 300,
    measures: [`${label}: p99 send to arrival`],
    rows(r) {
      // The count measured (smaller with --quick).
      const label = labelOf(r.subscribers);
      if (r.timedOut) {
        const got =
          r.connected === undefined
            ? ''
            : `: ${r.connected} of ${r.subscribers} connected, ${r.failedConnections} failed connections ${JSON.stringify(r.errorCodes)}`;
        return [
          {
            measure: label,
            linkup: `**timed out** after ${r.timeoutSeconds} s while ${r.phase}${got}`,
            baseline: 'not reached (the bare-ws run comes after)',
            goal: `p99 < ${goals.p99} ms${goals.ratio ? `, >= ${goals.ratio}x` : ', 0 failed connections'}`,
            reached: '**not reached**',
          },
        ];
      }
      const rows: Row[] = [
        {
          measure: `${label}: p99 send to arrival (p50)`,
          linkup: `${ms(r.graphql.p99)} (${ms(r.graphql.p50)})`,
          baseline: `bare ws: ${ms(r.ws.p99)} (${ms(r.ws.p50)})`,
          goal: `p99 < ${goals.p99} ms`,
          reached: verdict(r.graphql.p99 < goals.p99),
        },
        {
          measure: `${label}: deliveries per second, burst of ${r.burst}`,
          linkup: `${fixed(r.graphql.perSecond, 0)}/s (${fixed(r.ratio, 2)}x)`,
          baseline: `bare ws: ${fixed(r.ws.perSecond, 0)}/s`,
          goal: goals.ratio ? `>= ${goals.ratio}x` : '—',
          reached: goals.ratio ? verdict(r.ratio >= goals.ratio) : '—',
        },
        {
          measure: `${label}: SQL statements per message`,
          linkup: fixed(r.sqlPerMessage),
          baseline: 'bare ws: 0',
          goal: '—',
          reached: '—',
        },
        {
          // The heap live after a full GC: RSS also holds what the connect storm left behind.
          measure: `${label}: server memory per subscribed socket (live heap; RSS growth)`,
          linkup: `${fixed(r.graphql.heapKbPerSocket)} KB (${fixed(r.graphql.kbPerSocket, 0)} KB)`,
          baseline: `bare ws: ${fixed(r.ws.heapKbPerSocket)} KB (${fixed(r.ws.kbPerSocket, 0)} KB)`,
          goal: subscribers >= 10_000 ? '< 50 KB' : '—',
          reached: subscribers >= 10_000 ? verdict(r.graphql.heapKbPerSocket < 50) : '—',
        },
      ];
      return rows;
    },
  };
};

const BENCHES: Bench[] = [
  {
    name: 'feed-http',
    script: 'feedHttp.ts',
    args: [`--port=${PORT}`],
    quickArgs: [`--port=${PORT}`, '--duration=5', '--warmup=2', ...FEED_SMALL],
    timeout: 900,
    quickTimeout: 300,
    measures: ['GraphQL feed page (50 items) vs raw node:http + pg'],
    rows(r) {
      const { graphql: g, raw } = r;
      const label = `GraphQL feed page (${r.sizes.publications.toLocaleString('en')} publications, 50 per page), autocannon ${r.connections} connections ${r.durationSeconds} s`;
      return [
        {
          measure: `${label}: requests per second`,
          linkup: `${fixed(g.requestsPerSecond)} req/s (**${fixed(r.ratio, 2)}x**)`,
          baseline: `raw node:http + pg, same ${r.bytes} bytes: ${fixed(raw.requestsPerSecond)} req/s`,
          goal: '>= 0.5x raw',
          reached: verdict(r.ratio >= 0.5),
        },
        {
          measure: 'GraphQL feed page: latency p50 / p99',
          linkup: `${ms(g.p50Ms)} / ${ms(g.p99Ms)}`,
          baseline: `raw: ${ms(raw.p50Ms)} / ${ms(raw.p99Ms)}`,
          goal: '—',
          reached: '—',
        },
        {
          measure: 'GraphQL feed page: server CPU per request',
          linkup: `${fixed(g.cpuMsPerRequest)} ms`,
          baseline: `raw: ${fixed(raw.cpuMsPerRequest)} ms`,
          goal: '—',
          reached: '—',
        },
        {
          measure:
            'GraphQL feed page: server RSS before -> after the warm-up -> under load at the end (live heap after the warm-up -> after the run)',
          linkup: `${fixed(g.rssBeforeMb, 0)} -> ${fixed(g.rssWarmMb, 0)} -> ${fixed(g.rssAfterMb, 0)} MB (${fixed(g.liveHeapWarmMb, 0)} -> ${fixed(g.liveHeapAfterMb, 0)} MB)`,
          baseline: `raw: ${fixed(raw.rssBeforeMb, 0)} -> ${fixed(raw.rssWarmMb, 0)} -> ${fixed(raw.rssAfterMb, 0)} MB (${fixed(raw.liveHeapWarmMb, 0)} -> ${fixed(raw.liveHeapAfterMb, 0)} MB)`,
          // As the soak's: the heap grows to the load's working set during the warm-up, then must stay.
          goal: 'flat after the warm-up (< 10% growth)',
          reached: verdict(g.rssAfterMb < g.rssWarmMb * 1.1),
        },
        {
          measure: 'GraphQL feed page: SQL statements per request',
          linkup: fixed(g.sqlPerRequest),
          baseline: `raw: ${fixed(raw.sqlPerRequest)}`,
          goal: '—',
          reached: '—',
        },
        ...(g.failed || raw.failed
          ? [
              {
                measure: 'GraphQL feed page: failed requests',
                linkup: String(g.failed),
                baseline: `raw: ${raw.failed}`,
                goal: '0',
                reached: verdict(!g.failed),
              },
            ]
          : []),
      ];
    },
  },
  messagesBench(1000, 200, 1200, { p99: 50, ratio: 0.6 }),
  // 100 messages are a million deliveries at 10,000: p99 is as sound as with 300, and on a slow
  // two-core machine the default (two swarms of 10,000, 300 messages and a burst each) outran 540 s.
  messagesBench(10_000, 2000, 900, { p99: 250 }, 100),
  {
    name: 'feed-depth',
    script: 'feed.ts',
    args: ['postgres', '--runs=30'],
    quickArgs: ['postgres', '--runs=5', '--page=10', ...FEED_SMALL],
    timeout: 1200,
    quickTimeout: 300,
    measures: ['Feed depth (in-process, PostgreSQL)'],
    rows(r) {
      const p = r.postgres;
      return [
        {
          measure: `Feed depth (in-process, PostgreSQL): page ${p.deep.page} vs page 1, p50`,
          linkup: `${ms(p.deep.p50)} (${fixed(p.ratio, 2)}x)`,
          baseline: `page 1: ${ms(p.first.p50)}`,
          goal: '<= 1.2x',
          reached: verdict(p.ratio <= 1.2),
        },
        {
          measure: 'Feed depth: SQL statements per page',
          linkup: `page ${p.deep.page}: ${p.deep.sql}`,
          baseline: `page 1: ${p.first.sql}`,
          goal: 'the same',
          reached: verdict(p.deep.sql === p.first.sql),
        },
      ];
    },
  },
  {
    name: 'npm-start',
    script: 'npmStart.ts',
    args: ['--timeout=300'],
    quickArgs: ['--timeout=300'],
    timeout: 700,
    quickTimeout: 700,
    measures: ['`npm start` to /health'],
    rows: (r) => [
      {
        measure: '`npm start` to /health, cold (new data folder)',
        linkup: `${fixed(r.coldSeconds)} s`,
        baseline: `server alone: see below${r.buildSeconds ? `; a fresh clone's first start builds before, here ${fixed(r.buildSeconds)} s` : ''}`,
        goal: '< 15 s',
        reached: verdict(r.coldSeconds < 15),
      },
      {
        measure: '`npm start` to /health, warm (same folder)',
        linkup: `${fixed(r.warmSeconds)} s`,
        baseline: 'server alone: see below',
        goal: '< 8 s',
        reached: verdict(r.warmSeconds < 8),
      },
    ],
  },
  {
    name: 'startup',
    script: 'startup.ts',
    args: ['--runs=3', `--port=${PORT + 4}`],
    quickArgs: ['--runs=1', `--port=${PORT + 4}`],
    timeout: 900,
    quickTimeout: 400,
    measures: ['Server alone (no client build) to /health'],
    rows: (r) => [
      {
        measure: `Server alone (no client build) to /health, median of ${r.runs}`,
        linkup: `cold ${fixed(r.coldMedianSeconds)} s, warm ${fixed(r.warmMedianSeconds)} s`,
        baseline: '(the baseline of `npm start`)',
        goal: '—',
        reached: '—',
      },
    ],
  },
  {
    name: 'js-per-route',
    script: 'routeScripts.ts',
    args: [],
    quickArgs: [],
    timeout: 600,
    quickTimeout: 600,
    measures: ['JS per route'],
    rows: (r) =>
      (r.routes as { route: string; gzipKb: number; budgetKb: number; withinBudget: boolean }[]).map((route) => ({
        measure: `JS per route (build manifest): ${route.route}`,
        linkup: `${fixed(route.gzipKb)} KB gz`,
        baseline: `entry alone: ${fixed(r.entryKb)} KB; budget ${fixed(route.budgetKb, 0)} KB`,
        goal: route.route === '/login' ? '<= 200 KB gz' : `within budget`,
        reached: verdict(route.route === '/login' ? route.gzipKb <= 200 : route.withinBudget),
      })),
  },
  {
    // After npm-start, which builds the client it serves.
    name: 'login-bundle',
    script: 'login-bundle.ts',
    args: [`--port=${PORT + 5}`],
    quickArgs: [`--port=${PORT + 5}`],
    timeout: 300,
    quickTimeout: 300,
    measures: ['Login page JS (Chromium)'],
    rows: (r) => [
      {
        measure: 'Login page JS, as Chromium loads it',
        linkup: `${fixed(r.gzipKb)} KB gz in ${r.files} files`,
        baseline: `budget ${fixed(r.budgetKb, 0)} KB`,
        goal: '<= 200 KB gz',
        reached: verdict(r.gzipKb <= 200),
      },
    ],
  },
  {
    // After npm-start, which builds the client it serves.
    name: 'lighthouse',
    script: 'lighthouse.ts',
    args: [`--port=${PORT + 7}`],
    quickArgs: [`--port=${PORT + 7}`],
    timeout: 300,
    quickTimeout: 300,
    measures: ['Lighthouse mobile performance'],
    rows: (r) =>
      (r.pages as { path: string; performance: number; lcp: number; tbt: number; cls: number }[]).map((page) => ({
        measure: `Lighthouse mobile performance, ${page.path}`,
        linkup: `${page.performance} (LCP ${ms(page.lcp)}, TBT ${ms(page.tbt)}, CLS ${fixed(page.cls, 3)})`,
        baseline: `CI budget ${r.budget}`,
        goal: '>= 90',
        reached: verdict(page.performance >= 90),
      })),
  },
  {
    name: 'soak',
    script: 'soak.ts',
    args: [`--port=${PORT + 6}`],
    quickArgs: [`--port=${PORT + 6}`, '--duration=30', '--warmup=10', '--subscribers=50', '--rate=5'],
    timeout: 600,
    quickTimeout: 240,
    measures: ['Soak: two processes behind nginx, mixed workload'],
    rows: (r) => {
      const trend = (slopes: number[]) => slopes.map((slope) => `${fixed(slope)} MB/min`).join(' / ');
      const sizes = (values: number[]) => values.map((v) => `${fixed(v, 0)} MB`).join(' / ');
      const flat = (start: number[], end: number[]) => verdict(end.every((value, i) => value <= start[i]! * 1.1));
      return [
        {
          measure: `Soak ${r.durationSeconds} s, two processes behind nginx: errors`,
          linkup: `${r.totalErrors} (feed ${r.errors.feed}, likes ${r.errors.likes}, sends ${r.errors.sends}, sockets ${r.errors.sockets}, undelivered ${r.errors.undelivered}; timeouts ${r.errors.timeouts}, non-2xx ${r.errors.non2xx})`,
          baseline: `${r.feedRequests} feed reads (p99 ${ms(r.feedP99Ms)}), ${r.likeRequests} likes, ${r.messagesSent} messages to ${r.subscribers} subscribers`,
          goal: '0 errors',
          reached: verdict(r.totalErrors === 0),
        },
        {
          measure: `Soak: resident memory of each process after ${r.warmupSeconds} s warm-up`,
          linkup: `${sizes(r.rssAfterWarmupMb)} -> ${sizes(r.rssAtEndMb)} (trend ${trend(r.rssSlopeMbPerMinute)})`,
          baseline: 'with a full garbage collection every 15 s (the live-heap probe)',
          goal: 'flat after warm-up (< 10% growth)',
          reached: flat(r.rssAfterWarmupMb, r.rssAtEndMb),
        },
        {
          measure: 'Soak: live heap (after a full collection) of each process',
          linkup: `${sizes(r.liveHeapAfterWarmupMb)} -> ${sizes(r.liveHeapAtEndMb)} (trend ${trend(r.liveHeapSlopeMbPerMinute)})`,
          baseline: '—',
          goal: 'flat after warm-up (no leak)',
          reached: flat(r.liveHeapAfterWarmupMb, r.liveHeapAtEndMb),
        },
      ];
    },
  },
];

/** Issue 20 rows checked elsewhere than by a bench, so the table says where instead of leaving them out. */
const NOT_MEASURED: Row[] = [
  {
    measure: 'axe on every route, ru/en/fr, 1280x800 and 390x844',
    linkup: 'checked by `npm test`, not here: tests/e2e/accessibility.spec.ts fails on any serious or critical violation',
    baseline: '—',
    goal: '0 serious or critical',
    reached: 'see CI',
  },
];

type Outcome = {
  name: string;
  command: string;
  status: 'ok' | 'failed' | 'timed out';
  exitCode: number | null;
  seconds: number;
  result: Record<string, unknown> | null;
  error?: string;
  /** When the `npm run bench` that ran it started (a table re-rendered with --from mixes runs). */
  runStartedAt?: string;
};

/** Runs one bench in its own process group, echoing its output; stops the group at the timeout. */
function runBench(bench: Bench, args: string[], timeoutSeconds: number): Promise<Outcome> {
  // The product's configuration, as `npm start` runs it (graphql-js, Prisma and graphql-ws skip their development checks).
  const command = `NODE_ENV=production node --import tsx scripts/bench/${bench.script} ${args.join(' ')}`.trim();
  console.log(`\n━━ ${bench.name}: ${command} (timeout ${timeoutSeconds} s)`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts/bench', bench.script), ...args], {
    cwd: root,
    detached: true,
    env: { ...process.env, NODE_ENV: 'production', BENCH_PORT: String(PORT + 2), FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  current = child.pid;
  let stdout = '';
  let stderrTail = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-4000);
    process.stderr.write(chunk);
  });
  let timedOut = false;
  const stopGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    console.error(`━━ ${bench.name}: timed out after ${timeoutSeconds} s, stopping it`);
    stopGroup('SIGTERM');
    setTimeout(() => stopGroup('SIGKILL'), 20_000).unref();
  }, timeoutSeconds * 1000);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      // Anything it left behind in its group (a server it started) goes with it.
      stopGroup('SIGKILL');
      current = undefined;
      const seconds = (performance.now() - started) / 1000;
      let result: Record<string, unknown> | null = null;
      try {
        result = parseBenchResult(stdout) ?? parseBenchResult(stderrTail);
      } catch (error) {
        stderrTail += `\nunreadable BENCH_RESULT: ${String(error)}`;
      }
      // Node's own warnings (a deprecation a library triggers) are not what went wrong.
      const lastError = stderrTail
        .trim()
        .split('\n')
        .filter((line) => line && !/^\(node:\d+\) |--trace-/.test(line))
        .slice(-3)
        .join(' / ');
      const status = timedOut ? 'timed out' : code === 0 ? 'ok' : 'failed';
      resolve({
        name: bench.name,
        command,
        status,
        exitCode: code,
        seconds,
        result,
        ...(status === 'ok'
          ? {}
          : { error: timedOut ? `timed out after ${timeoutSeconds} s` : lastError || `exit code ${code}` }),
      });
    });
  });
}

let current: number | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (current) process.kill(-current, 'SIGTERM');
    process.exit(130);
  });
}

const earlier: { startedAt: string; benches: Outcome[] } | null = FROM ? JSON.parse(fs.readFileSync(FROM, 'utf8')) : null;
const startedAt = new Date();
const outcomes: Outcome[] = [];
const rows: Row[] = [];
for (const bench of BENCHES) {
  let outcome: Outcome;
  if (ONLY && !ONLY.includes(bench.name)) {
    const kept = earlier?.benches.find((o) => o.name === bench.name);
    if (!kept) continue;
    outcome = { ...kept, runStartedAt: kept.runStartedAt ?? earlier!.startedAt };
  } else {
    const extra = argv.filter((a) => a.startsWith(`--${bench.name}.`)).map((a) => `--${a.slice(bench.name.length + 3)}`);
    const serverArg =
      SERVER && (['feed-http', 'feed-depth'].includes(bench.name) || bench.script === 'messages.ts') ? [SERVER] : [];
    outcome = await runBench(
      bench,
      [...(QUICK ? bench.quickArgs : bench.args), ...serverArg, ...extra],
      TIMEOUT ? Number(TIMEOUT) : QUICK ? bench.quickTimeout : bench.timeout,
    );
    outcome.runStartedAt = startedAt.toISOString();
  }
  outcomes.push(outcome);
  let benchRows: Row[] = [];
  if (outcome.result) {
    try {
      benchRows = bench.rows(outcome.result);
    } catch (error) {
      outcome.error = `${outcome.error ? `${outcome.error}; ` : ''}its figures do not fit the table: ${String(error)}`;
    }
  }
  // A bench with no figures (failed, timed out before printing) is a row saying so.
  if (benchRows.length === 0) {
    benchRows = bench.measures.map((measure) => ({
      measure,
      linkup: `**${outcome.status === 'ok' ? 'no figures' : outcome.status}**: ${(outcome.error ?? '').replaceAll('|', '\\|').slice(0, 300)}`,
      baseline: '—',
      goal: '—',
      reached: '**not measured**',
    }));
  } else if (outcome.status !== 'ok' && !outcome.result?.timedOut) {
    // (A bench that timed out by itself already says so in its rows.)
    benchRows.push({
      measure: `${bench.name}: exit`,
      linkup: `${outcome.status}: ${(outcome.error ?? '').replaceAll('|', '\\|').slice(0, 300)}`,
      baseline: '—',
      goal: '—',
      reached: '—',
    });
  }
  rows.push(...benchRows);
}
if (!ONLY || earlier) rows.push(...NOT_MEASURED);

const finishedAt = new Date();
const cell = (text: string) => text.replaceAll('\n', ' ');
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}, load average at the end ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ')}`;
/** Where the figures of the benches not run now come from: each earlier run, with its benches. */
function earlierRuns(): string {
  const byRun = new Map<string, string[]>();
  for (const o of outcomes) {
    if (o.runStartedAt === startedAt.toISOString()) continue;
    const run = o.runStartedAt ?? 'an earlier run';
    byRun.set(run, [...(byRun.get(run) ?? []), o.name]);
  }
  if (byRun.size === 0) return '';
  const runs = [...byRun].map(([run, names]) => `${names.join(', ')} from the run started ${run}`);
  return ` The benches not named by --only are those of earlier runs: ${runs.join('; ')}.`;
}
const markdown = [
  `# Benchmarks${QUICK ? ' (quick sizes: not comparable with the goals)' : ''}`,
  '',
  `\`npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}\`, ${startedAt.toISOString()} to ${finishedAt.toISOString()}; ${machine}.` +
    earlierRuns(),
  'Absolute figures depend on the machine and on whatever else runs on it (the load average above includes the benches’ own last minutes): compare each one with its baseline, measured in the same run.',
  '',
  '| Measure | LinkUp | Baseline (same run) | Goal | Goal reached |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${cell(r.measure)} | ${cell(r.linkup)} | ${cell(r.baseline)} | ${cell(r.goal)} | ${cell(r.reached)} |`),
  '',
  '## Benches',
  '',
  '| Bench | Command | Status | Time |',
  '|---|---|---|---|',
  ...outcomes.map(
    (o) =>
      `| ${o.name} | \`${o.command}\` | ${o.status}${o.error ? `: ${cell(o.error).replaceAll('|', '\\|').slice(0, 200)}` : ''} | ${fixed(o.seconds, 0)} s |`,
  ),
  '',
].join('\n');
const out = path.join(root, 'bench');
fs.mkdirSync(out, { recursive: true });
const base = QUICK ? 'results-quick' : 'results';
fs.writeFileSync(path.join(out, `${base}.md`), markdown);
fs.writeFileSync(
  path.join(out, `${base}.json`),
  `${JSON.stringify({ startedAt, finishedAt, machine, args: argv, rows, benches: outcomes }, null, 2)}\n`,
);
console.log(`\n${markdown}\nwritten to bench/${base}.md and bench/${base}.json`);
process.exitCode = outcomes.every((o) => o.status === 'ok') ? 0 : 1;
