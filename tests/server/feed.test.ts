import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { friendshipPairKey } from '../../server/src/database/keys';
import { FEED_PAGE_QUERY } from '../../scripts/bench/feedQuery';

let app: TestApp;
let statements: string[] = [];
let viewer: Awaited<ReturnType<typeof registerAndLogin>>;
let contactIds: number[] = [];
let strangerId: number;
const TOTAL = 130; // own and contacts' publications: three pages of 50

beforeAll(async () => {
  app = await createTestApp({}, { onQuery: (sql) => statements.push(sql) });
  viewer = await registerAndLogin(app);
  const prisma = app.db.prisma;
  const others = [];
  for (let i = 0; i < 4; i++) others.push((await registerAndLogin(app)).user.id as number);
  contactIds = others.slice(0, 3);
  strangerId = others[3]!;
  await prisma.friendship.createMany({
    data: [
      ...contactIds.slice(0, 2).map((id) => ({
        pairKey: friendshipPairKey(viewer.user.id, id),
        requesterId: viewer.user.id,
        addresseeId: id,
        status: 'accepted' as const,
      })),
      // Asked the other way round: still a contact.
      {
        pairKey: friendshipPairKey(viewer.user.id, contactIds[2]!),
        requesterId: contactIds[2]!,
        addresseeId: viewer.user.id,
        status: 'accepted',
      },
      {
        pairKey: friendshipPairKey(viewer.user.id, strangerId),
        requesterId: strangerId,
        addresseeId: viewer.user.id,
        status: 'pending',
      },
    ],
  });
  const authors = [viewer.user.id, ...contactIds];
  const start = Date.UTC(2025, 0, 1);
  // Publications share timestamps in pairs, so the id must break ties for pages to be exact.
  await prisma.publication.createMany({
    data: Array.from({ length: TOTAL }, (_, i) => ({
      authorId: authors[i % authors.length]!,
      content: `publication ${i}`,
      createdAt: new Date(start + Math.floor(i / 2) * 60_000),
    })),
  });
  await prisma.publication.createMany({
    data: [{ authorId: strangerId, content: 'not a contact', createdAt: new Date(start + 10 ** 9) }],
  });
  const rows = await prisma.publication.findMany({ select: { id: true, authorId: true } });
  // Every publication gets likes and comments (and some media), so each page loads all of them.
  await prisma.publicationLike.createMany({
    data: rows.flatMap((row) =>
      authors
        .filter((id) => id !== row.authorId)
        .slice(0, 2)
        .map((userId) => ({ publicationId: row.id, userId })),
    ),
  });
  await prisma.publicationComment.createMany({
    data: rows.flatMap((row) =>
      [0, 1, 2].map((n) => ({ publicationId: row.id, authorId: authors[n]!, content: `comment ${n}` })),
    ),
  });
  await prisma.publicationMedia.createMany({
    data: rows
      .filter((row) => row.id % 3 === 0)
      .map((row) => ({
        publicationId: row.id,
        uploaderId: row.authorId,
        filename: `${crypto.randomUUID()}.jpg`,
        fileType: 'image' as const,
        mimeType: 'image/jpeg',
        size: 1000,
      })),
  });
});
afterAll(() => app?.dispose());

async function page(after: string | null) {
  statements = [];
  const result = await app.graphql(FEED_PAGE_QUERY, { after }, { token: viewer.token });
  expect(result.errors).toBeUndefined();
  return { feed: result.data.feed, statements };
}

describe('the feed', () => {
  it("lists own and contacts' publications newest first, 50 per page, by cursor, with nothing skipped or repeated", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    const sizes: number[] = [];
    for (;;) {
      const { feed } = await page(after);
      sizes.push(feed.edges.length);
      seen.push(...feed.edges.map((edge: { node: { content: string } }) => edge.node.content));
      if (!feed.pageInfo.hasNextPage) break;
      after = feed.pageInfo.endCursor;
    }
    expect(sizes).toEqual([50, 50, 30]);
    expect(new Set(seen).size).toBe(TOTAL);
    // Newest first; equal times by id, newest id first.
    expect(seen).toEqual(Array.from({ length: TOTAL }, (_, i) => `publication ${TOTAL - 1 - i}`));
    expect(seen).not.toContain('not a contact');
  });

  it('gives REST clients the next cursor in a header', async () => {
    const first = await app.request('GET', '/publications/feed?limit=100', { token: viewer.token });
    const items = await first.json();
    expect(items).toHaveLength(100);
    const cursor = first.headers.get('x-next-cursor');
    const rest = await app.request('GET', `/publications/feed?limit=100&cursor=${cursor}`, { token: viewer.token });
    expect((await rest.json()).map((p: { content: string }) => p.content)).toEqual(
      Array.from({ length: 30 }, (_, i) => `publication ${29 - i}`),
    );
    expect(rest.headers.get('x-next-cursor')).toBeNull();
  });

  it("loads at most a page of each publication's comments, and the rest by cursor", async () => {
    const [newest] = await app.db.prisma.publication.findMany({
      where: { authorId: { not: strangerId } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 1,
    });
    await app.db.prisma.publicationComment.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({
        publicationId: newest!.id,
        authorId: viewer.user.id,
        content: `extra ${i}`,
      })),
    });
    const { feed } = await page(null);
    const comments = feed.edges[0].node.comments;
    expect(comments.edges).toHaveLength(20);
    expect(comments.pageInfo.hasNextPage).toBe(true);
    expect(feed.edges[1].node.comments.edges).toHaveLength(3);

    const MORE = `query($id: ID!, $after: String) { node(id: $id) { ... on Publication {
      comments(first: 20, after: $after) { pageInfo { hasNextPage } edges { node { text } } } } } }`;
    const more = await app.graphql(
      MORE,
      { id: feed.edges[0].node.id, after: comments.pageInfo.endCursor },
      { token: viewer.token },
    );
    expect(more.data.node.comments.pageInfo.hasNextPage).toBe(false);
    expect(more.data.node.comments.edges.map((e: { node: { text: string } }) => e.node.text)).toEqual(
      Array.from({ length: 8 }, (_, i) => `extra ${17 + i}`),
    );
  });

  it('costs the same small number of SQL statements for every page', async () => {
    const first = await page(null);
    const second = await page(first.feed.pageInfo.endCursor);
    const third = await page(second.feed.pageInfo.endCursor);
    expect(first.statements.length).toBe(EXPECTED_STATEMENTS);
    expect(second.statements.length).toBe(EXPECTED_STATEMENTS);
    expect(third.statements.length).toBe(EXPECTED_STATEMENTS);
  });
});

/**
 * The viewer's session with its account, their contacts, and the publications with everything the
 * page shows joined in (the viewer's like, the authors, the media, the like and comment counts, the
 * first comments with their authors: prisma/schema.prisma's relationJoins): 3, whatever the page
 * and its contents, as many as the raw baseline (scripts/bench/rawFeedServer.ts).
 */
const EXPECTED_STATEMENTS = 3;
