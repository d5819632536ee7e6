import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/src/db';
import { loadConfig } from '../../server/src/config';
import { createServices } from '../../server/src/services/container';
import { createApp } from '../../server/src/http';
import { createLogger } from '../../server/src/logger';
import { startSession } from '../../server/src/auth/sessions';
import { Prisma } from '../../server/src/generated/prisma/client';
import { rankedPageSql } from '../../server/src/services/search';
import { onEachBackend } from './support';
import { option } from './flags';

/**
 * The search box at scale: `--publications` publications (100,000 by default) by `--members`
 * members, texts of 12 to 14 words in Russian, English and French (a third each) drawn from a
 * 8,000-word vocabulary per language with a skewed frequency, plus a "meeting" word in 1% of them
 * (in varied forms) and a "today" word in 18%. Times page 1 of the search page's query (members,
 * publications with their highlight, tags: what the client asks for, through the whole HTTP +
 * GraphQL stack, in-process) for several texts in turns, and counts its SQL statements.
 *
 * Usage: node --import tsx scripts/bench/search.ts [embedded] [postgres] [--publications=100000]
 *   [--members=1000] [--runs=20] [--server=postgres://postgres@127.0.0.1:5432/postgres] [--timeout=900]
 * With no backend named, runs both. On PostgreSQL it creates its own database and drops it. The
 * whole run stops with an error after --timeout seconds.
 */
const argv = process.argv.slice(2);
const positive = (name: string, fallback: string) => {
  const value = Number(option(name, fallback));
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
};
const backends = ['embedded', 'postgres'].filter((b) => argv.includes(b));
const PUBLICATIONS = positive('publications', '100000');
const MEMBERS = positive('members', '1000');
const RUNS = positive('runs', '20');
const TIMEOUT_S = positive('timeout', '900');
const SERVER = option('server', process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/postgres');
const GOAL_MS = 50;

setTimeout(() => {
  console.error(`\nsearch bench: still running after ${TIMEOUT_S} s, stopped (--timeout)`);
  process.exit(2);
}, TIMEOUT_S * 1000);

/** Page 1 of the search page (client/src/features/search/SearchPanel.tsx and its lists). */
const SEARCH_PAGE_QUERY = `query SearchPage($text: String!) {
  search(text: $text) {
    members(first: 5) {
      edges { cursor node { id username firstName lastName avatarImage } }
      pageInfo { hasNextPage endCursor }
    }
    publications(first: 20) {
      edges { cursor highlight { text matched } node { id createdAt author { id username firstName lastName avatarImage } } }
      pageInfo { hasNextPage endCursor }
    }
    tags(first: 10) {
      edges { cursor node { id name } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

/** 20 syllables per language, three per word: 8,000 made-up words (the stemmers treat them as words). */
const SYLLABLES = {
  russian: 'ба ве ги до жу зо ка ле ми но пу ра со ти фу ха цо че шу яр'.split(' '),
  english: 'ba ke li mo nu ra se ti vo wu ga he jo ki lu ma ne po ri st'.split(' '),
  french: 'bé ca dè fo gé la mé no pa ré sa tè vi zo ju lé cho pré mo ri'.split(' '),
};
const vocabulary = (syllables: string[]) =>
  Array.from(
    { length: 8000 },
    (_, i) => syllables[i % 20]! + syllables[Math.floor(i / 20) % 20]! + syllables[Math.floor(i / 400)]!,
  );
/** Each language's "meeting" in several forms (searched by another form), and its "today". */
const LANGUAGES = [
  { name: 'russian', special: ['встреча', 'встречи', 'встречу', 'встречей'], common: 'сегодня' },
  { name: 'english', special: ['meeting', 'meetings', 'met'], common: 'today' },
  { name: 'french', special: ['réunion', 'réunions'], common: "aujourd'hui" },
] as const;

/** What the bench searches: forms not stored as such, a frequent word, two words, a name, made-up words. */
const TEXTS = [
  'встречи',
  'meetings',
  'réunion',
  'сегодня',
  'сегодня встреча',
  'today meeting',
  'Имя12',
  vocabulary(SYLLABLES.russian)[777]!,
  // The vocabulary's most frequent word, in about half the Russian texts: the worst case.
  vocabulary(SYLLABLES.russian)[0]!,
];

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map(sqlText).join(',')}]`;

/** Bulk rows through SQL (generate_series), the same statements on PGlite and PostgreSQL. */
async function seed(db: Database) {
  const run = (sql: string) => db.prisma.$executeRawUnsafe(sql);
  await run(`INSERT INTO users (username, email, password_hash, first_name, last_name, updated_at)
    SELECT 'member' || n, 'member' || n || '@bench.linkup', 'not-a-password-hash', 'Имя' || n, 'Фамилия' || n, now()
    FROM generate_series(1, ${MEMBERS}) AS n`);
  await run(`INSERT INTO tags (name) SELECT 'тег' || n FROM generate_series(1, 200) AS n`);
  const languages = LANGUAGES.map(
    (language, index) =>
      `SELECT ${index} AS lang, ${sqlArray(vocabulary(SYLLABLES[language.name]))} AS words, ${sqlArray(language.special)} AS special, ${sqlText(language.common)} AS common`,
  ).join(' UNION ALL ');
  // A word's index is skewed towards the start of the vocabulary (u^3), as word frequencies are.
  await run(`INSERT INTO publications (author_id, content, created_at, updated_at)
    SELECT (n % ${MEMBERS}) + 1,
      (SELECT string_agg(l.words[1 + floor(8000 * power(((n::bigint * 2654435761 + k * 40503) % 1000003) / 1000003.0, 3))::int], ' ')
         FROM generate_series(1, 12) AS k)
      || CASE WHEN n % 100 = 0 THEN ' ' || l.special[1 + (n / 100) % array_length(l.special, 1)] ELSE '' END
      || CASE WHEN (n * 7) % 11 < 2 THEN ' ' || l.common ELSE '' END,
      now() - n * interval '1 minute', now()
    FROM generate_series(1, ${PUBLICATIONS}) AS n JOIN (${languages}) AS l ON l.lang = n % 3`);
  // What autovacuum does on a server after bulk writes; PGlite has no autovacuum.
  await run('ANALYZE');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

async function measure(backend: string, db: Database, statements: { count: number }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-search-'));
  const services = createServices(loadConfig({}, { dataDir, clientDir: path.join(dataDir, 'client') }), db, {
    log: createLogger('warn'),
  });
  const app = createApp(services);
  try {
    const seeding = performance.now();
    await seed(db);
    const seededIn = (performance.now() - seeding) / 1000;
    const { token } = await startSession(db.prisma, services.tokenSecret, 1, 3600, { ip: 'bench', userAgent: null });

    type Page = {
      members: { edges: unknown[] };
      publications: { edges: unknown[]; pageInfo: { hasNextPage: boolean } };
      tags: { edges: unknown[] };
    };
    const search = async (text: string) => {
      const response = await app.fetch(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query: SEARCH_PAGE_QUERY, variables: { text } }),
        }),
      );
      const body = (await response.json()) as { data?: { search: Page }; errors?: unknown };
      if (!body.data) throw new Error(JSON.stringify(body.errors));
      return body.data.search;
    };
    const matches = async (text: string) => {
      const rows = await db.prisma.$queryRawUnsafe<{ n: bigint }[]>(
        `SELECT count(*) AS n FROM publications WHERE search_vector @@ (websearch_to_tsquery('russian', $1) || websearch_to_tsquery('english', $1) || websearch_to_tsquery('french', $1))`,
        text,
      );
      return Number(rows[0]!.n);
    };

    const samples = new Map<string, number[]>(TEXTS.map((text) => [text, []]));
    const sql = new Map<string, number>();
    for (const text of TEXTS) await search(text); // warm-up
    // The texts in turns, so warm-up and the machine's other work weigh on all alike.
    for (let i = 0; i < RUNS; i++) {
      for (const text of TEXTS) {
        statements.count = 0;
        const started = performance.now();
        const page = await search(text);
        samples.get(text)!.push(performance.now() - started);
        sql.set(text, statements.count);
        if (i === 0 && page.publications.edges.length === 0 && page.members.edges.length === 0) {
          throw new Error(`"${text}" found nothing: the bench data is not what it means to measure`);
        }
      }
    }

    console.log(
      `\n${backend}: seeded ${MEMBERS} members, ${PUBLICATIONS} publications in ${seededIn.toFixed(1)} s; ${RUNS} runs per text, page 1 (5 members, 20 publications, 10 tags)`,
    );
    for (const text of TEXTS) {
      const { p50, p95 } = stats(samples.get(text)!);
      const found = await matches(text);
      console.log(
        `  ${JSON.stringify(text).padEnd(18)} p50 ${ms(p50)}  p95 ${ms(p95)}  ${String(sql.get(text)).padStart(2)} SQL statements  ${String(found).padStart(6)} publications match`,
      );
    }
    // How the database reads a page of publications (the GIN index, or not).
    const plan = await db.prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(
      Prisma.sql`EXPLAIN ${rankedPageSql('publication', TEXTS[0]!, [], null, 21)}`,
    );
    const scans = plan.map((row) => row['QUERY PLAN'].trim()).filter((line) => /Scan/.test(line));
    console.log(
      `  plan for ${JSON.stringify(TEXTS[0])}: ${scans.map((line) => line.replace(/^->\s*/, '').replace(/\s+\(cost.*$/, '')).join('; ')}`,
    );
    const all = stats([...samples.values()].flat());
    console.log(
      `  all texts          p50 ${ms(all.p50)}  p95 ${ms(all.p95)}  (goal: under ${GOAL_MS} ms: ${all.p95 < GOAL_MS ? 'met' : all.p50 < GOAL_MS ? 'median only' : 'missed'})`,
    );
  } finally {
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachBackend(backends, { server: SERVER, databasePrefix: 'linkup_bench_search' }, measure);
process.exit(0);
