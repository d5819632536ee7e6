import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { verifyAccessToken } from '../../server/src/auth/tokens';
import { FEED_PAGE_QUERY } from './feedQuery';
import { announceReady, answerStatsOverIpc } from './processStats';

/**
 * The baseline of feedHttp.ts: the feed page of FEED_PAGE_QUERY served by hand, with `node:http`
 * and `pg` and no GraphQL, answering the same JSON, byte for byte, as the product's /graphql for
 * the same member (feedHttp.ts compares the two answers before measuring, and stops if they
 * differ). It applies the same rules as the product: a signed token of a live session of an active
 * member; the publications of the member, their contacts, the members they follow and their
 * communities; nothing of a member a block separates from them; by-request communities to their
 * members only; likes and comments of blocked members not counted or listed.
 *
 * It loads nothing of the product but the token check, so the URL and cursor formats below are
 * written again (services/media.ts mediaUrl and thumbnailUrl, services/places.ts mapUrl,
 * services/publications.ts encodePublicationCursor, schema/publicationComments.ts commentCursor,
 * Pothos global ids): the byte comparison fails when they drift apart.
 *
 * Three SQL statements per page: the session, the page with its counts and media, the comments.
 * Only the feed query is served (POST /graphql with FEED_PAGE_QUERY); anything else is a 400.
 *
 * Usage: PORT=8301 DATABASE_URL=postgres://... TOKEN_SECRET=... node --import tsx scripts/bench/rawFeedServer.ts
 */
const FEED_PAGE_SIZE = 50;
const COMMENTS_PER_PUBLICATION = 20;

// Prisma stores DateTime in `timestamp(3)` columns as UTC: read them as UTC, whatever this machine's zone.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMP
      ? (value: string) => new Date(`${value.replace(' ', 'T')}Z`)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The members a block separates from the viewer ($1): either side of a blocked pair. */
const BLOCKED = `SELECT CASE WHEN requester_id = $1 THEN addressee_id ELSE requester_id END
  FROM friendships WHERE status = 'blocked' AND (requester_id = $1 OR addressee_id = $1)`;

/** $1 viewer, $2/$3 the cursor's created_at and id (or null), $4 the page size + 1. */
const PAGE_SQL = `
WITH authors AS (
  SELECT $1::int AS id
  UNION SELECT addressee_id FROM friendships WHERE requester_id = $1 AND status = 'accepted'
  UNION SELECT requester_id FROM friendships WHERE addressee_id = $1 AND status = 'accepted'
  UNION SELECT followee_id FROM user_follows WHERE follower_id = $1
)
SELECT p.id, p.author_id, p.content, p.created_at, p.updated_at, p.latitude, p.longitude, p.address, p.map_provider,
  u.username, u.first_name, u.last_name, u.avatar_image,
  (SELECT count(*)::int FROM publication_likes l WHERE l.publication_id = p.id AND l.user_id NOT IN (${BLOCKED})) AS likes_count,
  EXISTS (SELECT 1 FROM publication_likes l WHERE l.publication_id = p.id AND l.user_id = $1) AS viewer_has_liked,
  (SELECT count(*)::int FROM publication_comments c WHERE c.publication_id = p.id AND c.author_id NOT IN (${BLOCKED})) AS comments_count,
  (SELECT json_agg(json_build_array(m.id, m.filename, m.file_type, m.duration_seconds) ORDER BY m.position, m.id)
     FROM publication_media m WHERE m.publication_id = p.id) AS media
FROM publications p
JOIN users u ON u.id = p.author_id
WHERE (p.author_id IN (SELECT id FROM authors) OR p.community_id IN (SELECT community_id FROM community_members WHERE user_id = $1))
  AND p.author_id NOT IN (${BLOCKED})
  AND (p.community_id IS NULL OR EXISTS (
    SELECT 1 FROM communities c WHERE c.id = p.community_id
      AND (c.join_policy = 'open' OR EXISTS (SELECT 1 FROM community_members cm WHERE cm.community_id = c.id AND cm.user_id = $1))))
  AND ($2::timestamp IS NULL OR p.created_at < $2::timestamp OR (p.created_at = $2::timestamp AND p.id < $3::int))
ORDER BY p.created_at DESC, p.id DESC
LIMIT $4`;

/** $1 viewer, $2 the page's publication ids, $3 comments per publication + 1: the first ones of each, oldest first. */
const COMMENTS_SQL = `
SELECT c.id, c.publication_id, c.content, c.created_at, c.author_id, u.username, u.first_name, u.last_name
FROM (
  SELECT id, row_number() OVER (PARTITION BY publication_id ORDER BY id) AS n
  FROM publication_comments WHERE publication_id = ANY($2::int[]) AND author_id NOT IN (${BLOCKED})
) ranked
JOIN publication_comments c ON c.id = ranked.id
JOIN users u ON u.id = c.author_id
WHERE ranked.n <= $3
ORDER BY c.id`;

type PageRow = {
  id: number;
  author_id: number;
  content: string;
  created_at: Date;
  updated_at: Date;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  map_provider: string | null;
  username: string;
  first_name: string;
  last_name: string;
  avatar_image: string | null;
  likes_count: number;
  viewer_has_liked: boolean;
  comments_count: number;
  media: [number, string, 'image' | 'video', number | null][] | null;
};
type CommentRow = {
  id: number;
  publication_id: number;
  content: string;
  created_at: Date;
  author_id: number;
  username: string;
  first_name: string;
  last_name: string;
};

const globalId = (typename: string, id: number) => Buffer.from(`${typename}:${id}`).toString('base64');
const publicationCursor = (row: { created_at: Date; id: number }) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');
const commentCursor = (id: number) => Buffer.from(String(id)).toString('base64url');
const mediaUrl = (filename: string) => `/publications/media/${encodeURIComponent(filename)}`;
const MAP_LINKS: Record<string, (lat: number, lon: number) => string> = {
  openstreetmap: (lat, lon) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`,
  google: (lat, lon) => `https://www.google.com/maps/search/?api=1&query=${lat},${lon}`,
  yandex: (lat, lon) => `https://yandex.ru/maps/?pt=${lon},${lat}&z=16&l=map`,
};
const mapUrl = (provider: string | null, lat: number, lon: number) =>
  (MAP_LINKS[provider ?? ''] ?? MAP_LINKS.openstreetmap!)(lat, lon);

function decodeCursor(cursor: string | null | undefined): { createdAt: string; id: number } | null | 'invalid' {
  if (!cursor) return null;
  const [date, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(date ?? '');
  return Number.isNaN(createdAt.getTime()) || !Number.isSafeInteger(Number(id))
    ? 'invalid'
    : { createdAt: createdAt.toISOString(), id: Number(id) };
}

export function createRawFeedServer(opts: { databaseUrl: string; tokenSecret: string; poolSize?: number }) {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, types });
  const secret = new TextEncoder().encode(opts.tokenSecret);
  let statements = 0;
  const query = <R extends pg.QueryResultRow>(sql: string, values: unknown[]) => {
    statements += 1;
    return pool.query<R>(sql, values);
  };

  /** The viewer's id, when the bearer token is ours and its session live, its member active. */
  async function viewerOf(authorization: string | undefined): Promise<number | null> {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : null;
    const claims = token ? await verifyAccessToken(secret, token) : null;
    if (!claims) return null;
    const { rows } = await query<{ user_id: number; expires_at: Date; revoked_at: Date | null; is_active: boolean }>(
      'SELECT s.user_id, s.expires_at, s.revoked_at, u.is_active FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1',
      [claims.sessionId],
    );
    const session = rows[0];
    const live = session && session.user_id === claims.userId && !session.revoked_at && session.expires_at.getTime() > Date.now();
    return live && session.is_active ? session.user_id : null;
  }

  async function feedPage(viewerId: number, first: number, after: { createdAt: string; id: number } | null) {
    const { rows } = await query<PageRow>(PAGE_SQL, [viewerId, after?.createdAt ?? null, after?.id ?? null, first + 1]);
    const page = rows.slice(0, first);
    const comments = new Map<number, CommentRow[]>();
    if (page.length > 0) {
      const found = await query<CommentRow>(COMMENTS_SQL, [viewerId, page.map((p) => p.id), COMMENTS_PER_PUBLICATION + 1]);
      for (const row of found.rows) comments.set(row.publication_id, [...(comments.get(row.publication_id) ?? []), row]);
    }
    return {
      data: {
        feed: {
          pageInfo: { hasNextPage: rows.length > first, endCursor: page.length ? publicationCursor(page.at(-1)!) : null },
          edges: page.map((p) => {
            const own = comments.get(p.id) ?? [];
            const shown = own.slice(0, COMMENTS_PER_PUBLICATION);
            return {
              cursor: publicationCursor(p),
              node: {
                id: globalId('Publication', p.id),
                databaseId: p.id,
                content: p.content,
                createdAt: p.created_at.toISOString(),
                updatedAt: p.updated_at.toISOString(),
                likesCount: p.likes_count,
                viewerHasLiked: p.viewer_has_liked,
                viewerIsAuthor: p.author_id === viewerId,
                commentsCount: p.comments_count,
                author: {
                  id: globalId('User', p.author_id),
                  username: p.username,
                  firstName: p.first_name,
                  lastName: p.last_name,
                  avatarImage: p.avatar_image,
                },
                location:
                  p.latitude === null || p.longitude === null
                    ? null
                    : {
                        latitude: p.latitude,
                        longitude: p.longitude,
                        address: p.address,
                        mapProvider: p.map_provider,
                        mapUrl: mapUrl(p.map_provider, p.latitude, p.longitude),
                      },
                media: (p.media ?? []).map(([id, filename, fileType, durationSeconds]) => ({
                  id: globalId('PublicationMedia', id),
                  filename,
                  fileType: fileType.toUpperCase(),
                  url: mediaUrl(filename),
                  thumbnailUrl: `${mediaUrl(filename)}?thumbnail=true`,
                  durationSeconds,
                })),
                comments: {
                  edges: shown.map((c) => ({
                    node: {
                      id: globalId('PublicationComment', c.id),
                      text: c.content,
                      createdAt: c.created_at.toISOString(),
                      author: {
                        id: globalId('User', c.author_id),
                        username: c.username,
                        firstName: c.first_name,
                        lastName: c.last_name,
                      },
                    },
                  })),
                  pageInfo: {
                    hasNextPage: own.length > COMMENTS_PER_PUBLICATION,
                    endCursor: shown.length ? commentCursor(shown.at(-1)!.id) : null,
                  },
                },
              },
            };
          }),
        },
      },
    };
  }

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
    res.end(json);
  };

  let inFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight += 1;
    res.once('close', () => (inFlight -= 1));
    if (req.method !== 'POST' || req.url !== '/graphql') return send(res, 404, { error: 'only POST /graphql' });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          query?: string;
          variables?: { first?: number; after?: string };
        };
        if (body.query !== FEED_PAGE_QUERY) return send(res, 400, { error: 'this baseline serves the feed query only' });
        const after = decodeCursor(body.variables?.after);
        if (after === 'invalid') return send(res, 400, { error: 'bad cursor' });
        const viewerId = await viewerOf(req.headers.authorization);
        if (viewerId === null) return send(res, 401, { error: 'not signed in' });
        const first = Math.min(Math.max(body.variables?.first ?? FEED_PAGE_SIZE, 1), 100);
        send(res, 200, await feedPage(viewerId, first, after));
      } catch (error) {
        console.error(error);
        send(res, 500, { error: String(error) });
      }
    });
  });

  return {
    server,
    statements: () => statements,
    /** Stops taking requests, lets those under way finish (5 s at most), then closes the pool. */
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      for (let waited = 0; inFlight > 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      server.closeAllConnections();
      await closed;
      await pool.end();
    },
  };
}

if (import.meta.filename === process.argv[1]) {
  const { DATABASE_URL, TOKEN_SECRET, PORT = '8301' } = process.env;
  if (!DATABASE_URL || !TOKEN_SECRET) throw new Error('DATABASE_URL and TOKEN_SECRET are required');
  const raw = createRawFeedServer({ databaseUrl: DATABASE_URL, tokenSecret: TOKEN_SECRET });
  raw.server.listen(Number(PORT), '127.0.0.1', () => {
    const { port } = raw.server.address() as AddressInfo;
    console.log(`raw feed server on http://127.0.0.1:${port}`);
    answerStatsOverIpc(raw.statements);
    announceReady(`http://127.0.0.1:${port}`);
  });
  process.on('SIGTERM', () => raw.close().then(() => process.exit(0)));
}
