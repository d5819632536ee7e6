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
export async function seedFeedData(
  db: Database,
  { members, publications, contacts }: FeedDataSizes = DEFAULT_FEED_DATA,
  /** also blocks, follows and communities (seedFeedRelations) */
  { relations = false } = {},
) {
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
  if (relations) await seedFeedRelations(run, members);
  // What autovacuum does on a server after bulk writes; PGlite has no autovacuum.
  await run('ANALYZE');
}

/**
 * Everything else that decides what member 1's first feed page holds, so that a second
 * implementation of the feed (rawFeedServer.ts) is checked against every rule, not just contacts:
 * a contact member 1 blocked (their publications, likes and comments vanish), members they follow,
 * a by-request community they belong to (its publications show), an open one they are not in (its
 * publications do not), each with recent publications, likes and comments.
 */
async function seedFeedRelations(run: (sql: string) => Promise<number>, members: number) {
  const member = (fraction: number) => Math.max(2, Math.floor(members * fraction));
  const [follower, insider, outsider] = [member(0.5), member(0.7), member(0.8)];
  // Member 2, a contact, blocked by member 1 (it has publications, likes and comments everywhere).
  await run(`UPDATE friendships SET status = 'blocked', blocked_by_id = 1 WHERE pair_key = '1:2'`);
  await run(`INSERT INTO user_follows (follower_id, followee_id)
    SELECT 1, n FROM generate_series(${follower}, ${follower + 4}) AS n`);
  await run(`INSERT INTO communities (name, join_policy, members_count, created_by_id, updated_at)
    VALUES ('Bench by request', 'by_request', 2, ${insider}, now()), ('Bench open', 'open', 1, ${outsider}, now())`);
  await run(`INSERT INTO community_members (community_id, user_id, role)
    SELECT id, ${insider}, 'owner'::community_role FROM communities WHERE name = 'Bench by request'
    UNION ALL SELECT id, 1, 'member'::community_role FROM communities WHERE name = 'Bench by request'
    UNION ALL SELECT id, ${outsider}, 'owner'::community_role FROM communities WHERE name = 'Bench open'`);
  // The newest publications of all, so they fall on the first page: by the blocked contact, by
  // followed members, into both communities.
  await run(`INSERT INTO publications (author_id, community_id, content, created_at, updated_at)
    SELECT CASE n % 4 WHEN 0 THEN 2 WHEN 1 THEN ${follower} + n % 5 WHEN 2 THEN ${insider} ELSE ${outsider} END,
      CASE n % 4 WHEN 2 THEN (SELECT id FROM communities WHERE name = 'Bench by request')
                 WHEN 3 THEN (SELECT id FROM communities WHERE name = 'Bench open') END,
      'Свежая публикация ' || n, now() + n * interval '1 second', now()
    FROM generate_series(1, 40) AS n`);
  // Likes and comments by the blocked member on recent publications (not counted, not listed).
  await run(`INSERT INTO publication_likes (publication_id, user_id)
    SELECT id, 2 FROM publications ORDER BY created_at DESC LIMIT 200 ON CONFLICT DO NOTHING`);
  await run(`INSERT INTO publication_comments (publication_id, author_id, content)
    SELECT id, 2, 'Комментарий заблокированного' FROM publications ORDER BY created_at DESC LIMIT 200`);
  // A shown publication with more comments than a page lists (its comments' hasNextPage), and
  // followed members' ones with a video (a duration) and an image after it, and an avatar.
  await run(`INSERT INTO publication_comments (publication_id, author_id, content)
    SELECT (SELECT id FROM publications WHERE content = 'Свежая публикация 38'), 3 + n % 50, 'Ещё комментарий ' || n
    FROM generate_series(1, 30) AS n`);
  await run(`INSERT INTO publication_media (publication_id, uploader_id, filename, file_type, mime_type, size, duration_seconds, position)
    SELECT id, author_id, 'fresh-' || id || '-' || k || CASE k WHEN 0 THEN '.mp4' ELSE '.jpg' END,
      CASE k WHEN 0 THEN 'video'::media_kind ELSE 'image'::media_kind END, CASE k WHEN 0 THEN 'video/mp4' ELSE 'image/jpeg' END,
      1000, CASE k WHEN 0 THEN 12.5 END, 1 - k
    FROM publications, generate_series(0, 1) AS k WHERE content LIKE 'Свежая публикация %' AND author_id BETWEEN ${follower} AND ${follower + 4}`);
  await run(`UPDATE users SET avatar_image = 'avatar-' || id || '.jpg' WHERE id IN (1, ${insider}, ${follower})`);
}
