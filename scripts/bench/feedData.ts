import type { Database } from '../../server/src/db';

/**
 * The feed dataset of the feed benchmarks (feed.ts, feedHttp.ts): `members` members, `publications`
 * publications (a third with an image, a fifth with a place), three likes and two comments each;
 * member 1 (the measured viewer) has `contacts` accepted contacts, everyone else a few more, so
 * member 1's feed holds about publications × contacts / members publications.
 */
export type FeedDataSizes = { members: number; publications: number; contacts: number };

export const DEFAULT_FEED_DATA: FeedDataSizes = { members: 1000, publications: 100_000, contacts: 100 };

/** The measured member's database id. */
export const FEED_VIEWER_ID = 1;

/** Bulk rows through SQL (generate_series), the same statements on PGlite and PostgreSQL. */
export async function seedFeedData(db: Database, { members, publications, contacts }: FeedDataSizes = DEFAULT_FEED_DATA) {
  const run = (sql: string) => db.prisma.$executeRawUnsafe(sql);
  await run(`INSERT INTO users (username, email, password_hash, first_name, last_name, updated_at)
    SELECT 'member' || n, 'member' || n || '@bench.linkup', 'not-a-password-hash', 'Имя' || n, 'Фамилия' || n, now()
    FROM generate_series(1, ${members}) AS n`);
  // Member 1 (the measured viewer) has `contacts` accepted contacts; everyone else a few more.
  await run(`INSERT INTO friendships (pair_key, requester_id, addressee_id, status, updated_at)
    SELECT '1:' || n, 1, n, 'accepted', now() FROM generate_series(2, ${contacts + 1}) AS n`);
  await run(`INSERT INTO friendships (pair_key, requester_id, addressee_id, status, updated_at)
    SELECT n || ':' || (n + k), n, n + k, CASE WHEN k = 3 THEN 'pending'::friendship_status ELSE 'accepted'::friendship_status END, now()
    FROM generate_series(2, ${members - 3}) AS n, generate_series(1, 3) AS k`);
  // Authors in turn; times spread over about 70 days (at 100,000) in a scrambled order, with some ties.
  await run(`INSERT INTO publications (author_id, content, created_at, updated_at, latitude, longitude, address, map_provider)
    SELECT (n % ${members}) + 1, 'Публикация номер ' || n || ': текст средней длины о прошедшем дне.',
      now() - ((n * 7919) % ${publications}) * interval '1 minute', now(),
      CASE WHEN n % 5 = 0 THEN 55.75 ELSE NULL END, CASE WHEN n % 5 = 0 THEN 37.62 ELSE NULL END,
      CASE WHEN n % 5 = 0 THEN 'Москва' ELSE NULL END, CASE WHEN n % 5 = 0 THEN 'openstreetmap' ELSE NULL END
    FROM generate_series(1, ${publications}) AS n`);
  await run(`INSERT INTO publication_media (publication_id, uploader_id, filename, file_type, mime_type, size, thumbnail)
    SELECT id, author_id, md5(id::text) || '.jpg', 'image', 'image/jpeg', 100000, md5(id::text) || '-thumb.jpg'
    FROM publications WHERE id % 3 = 0`);
  await run(`INSERT INTO publication_likes (publication_id, user_id)
    SELECT p.id, ((p.id + k * 97) % ${members}) + 1 FROM publications p, generate_series(0, 2) AS k`);
  await run(`INSERT INTO publication_comments (publication_id, author_id, content)
    SELECT p.id, ((p.id + k * 31) % ${members}) + 1, 'Комментарий ' || k FROM publications p, generate_series(0, 1) AS k`);
  // What autovacuum does on a server after bulk writes; PGlite has no autovacuum.
  await run('ANALYZE');
}
