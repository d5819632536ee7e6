import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

let app: TestApp;
let statements: string[] = [];
beforeAll(async () => {
  app = await createTestApp({}, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => app.dispose());

const BOOKMARK = `mutation($id: ID!, $bookmarked: Boolean) {
  bookmarkPublication(id: $id, bookmarked: $bookmarked) {
    __typename
    ... on BookmarkPublicationSuccess { bookmarked publication { viewerHasBookmarked } }
    ... on Error { message }
  }
}`;
const BOOKMARKS = `query($first: Int, $after: String) {
  bookmarks(first: $first, after: $after) {
    edges { node { content viewerHasBookmarked author { username } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const publish = async (authorId: number, content: string) =>
  encodeGlobalID('Publication', (await app.services.prisma.publication.create({ data: { authorId, content } })).id);
const bookmark = async (token: string, id: string, bookmarked?: boolean) =>
  (await app.graphql(BOOKMARK, { id, bookmarked }, { token })).data.bookmarkPublication;
async function page(token: string, first: number, after?: string | null) {
  statements = [];
  const result = await app.graphql(BOOKMARKS, { first, after }, { token });
  return { ...result.data.bookmarks, statements: statements.length };
}
const contents = (edges: { node: { content: string } }[]) => edges.map((edge) => edge.node.content);

describe('bookmarks', () => {
  it('lists what the viewer bookmarked, last bookmarked first, in keyset pages of the same cost', async () => {
    const [me, author] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    const ids = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(await publish(author.user.id, `закладка ${n}`));
    // Bookmarked in another order than published: the list follows the bookmarking.
    for (const n of [2, 0, 4, 1, 3]) {
      expect(await bookmark(me.token, ids[n]!)).toEqual({
        __typename: 'BookmarkPublicationSuccess',
        bookmarked: true,
        publication: { viewerHasBookmarked: true },
      });
    }
    const first = await page(me.token, 2);
    const second = await page(me.token, 2, first.pageInfo.endCursor);
    const third = await page(me.token, 2, second.pageInfo.endCursor);
    expect([first, second, third].map((p) => contents(p.edges))).toEqual([
      ['закладка 4', 'закладка 2'],
      ['закладка 5', 'закладка 1'],
      ['закладка 3'],
    ]);
    expect([first, second, third].map((p) => p.pageInfo.hasNextPage)).toEqual([true, true, false]);
    expect(second.statements).toBe(first.statements);
    expect(third.statements).toBe(first.statements);

    // Bookmarking again keeps one; toggling without a value removes it.
    expect((await bookmark(me.token, ids[2]!, true)).bookmarked).toBe(true);
    expect((await bookmark(me.token, ids[2]!)).bookmarked).toBe(false);
    expect(contents((await page(me.token, 10)).edges)).toEqual(['закладка 4', 'закладка 2', 'закладка 5', 'закладка 1']);
    // Someone else's bookmarks are their own.
    expect((await page(author.token, 10)).edges).toEqual([]);
  });

  it('drops a bookmark from the list when its publication becomes invisible, and refuses bookmarking what one cannot see', async () => {
    const [me, author] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    const id = await publish(author.user.id, 'станет невидимой');
    await bookmark(me.token, id);
    expect(contents((await page(me.token, 10)).edges)).toEqual(['станет невидимой']);

    await app.graphql(
      `mutation($id: ID!) { blockUser(userId: $id) { __typename } }`,
      { id: encodeGlobalID('User', me.user.id) },
      {
        token: author.token,
      },
    );
    expect((await page(me.token, 10)).edges).toEqual([]);
    const refused = await bookmark(me.token, id, true);
    expect(refused.__typename).toBe('NotFoundError');
  });

  it('refuses a cursor it did not make', async () => {
    const me = await registerAndLogin(app);
    const result = await app.graphql(BOOKMARKS, { first: 2, after: 'not-a-cursor' }, { token: me.token });
    expect(result.errors?.[0]?.extensions?.code).toBe('VALIDATION');
  });
});
