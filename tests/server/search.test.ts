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

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

const SEARCH = `query($text: String!, $first: Int, $after: String) {
  search(text: $text) {
    text
    members(first: $first) { edges { node { username firstName } } }
    publications(first: $first, after: $after) {
      edges { highlight { text matched } node { content author { username } } }
      pageInfo { hasNextPage endCursor }
    }
    tags(first: $first) { edges { node { name } } }
  }
}`;
const PUBLICATIONS = `query($text: String!, $first: Int, $after: String) {
  search(text: $text) {
    publications(first: $first, after: $after) {
      edges { node { content likesCount viewerHasLiked author { username } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

const publish = async (authorId: number, content: string) =>
  (await app.services.prisma.publication.create({ data: { authorId, content } })).id;
const run = (member: Member, text: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  app.graphql(SEARCH, { text, ...extra }, { token: member.token, headers });
async function found(member: Member, text: string) {
  const result = await run(member, text);
  expect(result.errors).toBeUndefined();
  const { members, publications, tags } = result.data.search;
  return {
    members: members.edges.map((e: { node: { username: string } }) => e.node.username),
    publications: publications.edges.map((e: { node: { content: string } }) => e.node.content),
    tags: tags.edges.map((e: { node: { name: string } }) => e.node.name),
    highlights: publications.edges.map((e: { highlight: { text: string; matched: boolean }[] }) =>
      e.highlight.map((part) => (part.matched ? `[${part.text}]` : part.text)).join(''),
    ),
  };
}
const block = (blocker: Member, blocked: Member) =>
  app.graphql(
    `mutation($id: ID!) { blockUser(userId: $id) { __typename } }`,
    { id: encodeGlobalID('User', blocked.user.id) },
    { token: blocker.token },
  );

describe('search', () => {
  it('finds publications by any form of a Russian, English or French word, with the match highlighted', async () => {
    const [me, author] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    await publish(author.user.id, 'Завтра встреча выпускников в парке');
    await publish(author.user.id, 'The meetings of the chess club are on Fridays');
    await publish(author.user.id, 'Nous préparons les réunions de la rentrée');
    await publish(author.user.id, 'Совсем другой текст, with some English');

    // The configuration each text was indexed with, chosen by the database from the text.
    const configs = await app.services.prisma.$queryRaw<{ config: string }[]>`
      SELECT search_config::text AS config FROM publications WHERE author_id = ${author.user.id} ORDER BY id`;
    expect(configs.map((row) => row.config)).toEqual(['russian', 'english', 'french', 'russian']);

    const russian = await found(me, 'встречи');
    expect(russian.publications).toEqual(['Завтра встреча выпускников в парке']);
    expect(russian.highlights).toEqual(['Завтра [встреча] выпускников в парке']);
    expect((await found(me, 'meeting')).publications).toEqual(['The meetings of the chess club are on Fridays']);
    expect((await found(me, 'réunion')).publications).toEqual(['Nous préparons les réunions de la rentrée']);
    // Words of the text are all required; a phrase in quotes keeps their order.
    expect((await found(me, 'встреча парк')).publications).toEqual(['Завтра встреча выпускников в парке']);
    expect((await found(me, 'встреча театр')).publications).toEqual([]);
    expect((await found(me, '"club chess"')).publications).toEqual([]);
  });

  it('finds members by the start of their names or username, and tags by name', async () => {
    const me = await registerAndLogin(app);
    const anna = await registerAndLogin(app, { first_name: 'Анастасия', last_name: 'Зябликова' });
    await app.services.prisma.tag.create({ data: { name: 'Зяблики' } });
    const result = await found(me, 'зябл');
    expect(result.members).toEqual([anna.member.username]);
    expect(result.tags).toEqual(['Зяблики']);
    expect((await found(me, 'Анаст Зябликова')).members).toEqual([anna.member.username]);
    expect((await found(me, anna.member.username)).members).toEqual([anna.member.username]);
  });

  it('shows nothing of a member a block separates from the viewer, either way, nor deactivated accounts', async () => {
    const [me, blocker, blocked, visible, gone] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => registerAndLogin(app, { first_name: 'Кукушкин' })),
    );
    for (const member of [blocker, blocked, visible, gone])
      await publish(member.user.id, `Кукушка кукует у ${member.member.username}`);
    await block(blocker, me);
    await block(me, blocked);
    await app.services.prisma.user.update({ where: { id: gone.user.id }, data: { isActive: false } });

    const result = await found(me, 'кукушкин');
    expect(result.members.sort()).toEqual([me.member.username, visible.member.username].sort());
    const publications = await found(me, 'кукушки');
    // A deactivated member's publications stay, as in the feed; blocked ones are gone both ways.
    expect(publications.publications.sort()).toEqual(
      [`Кукушка кукует у ${visible.member.username}`, `Кукушка кукует у ${gone.member.username}`].sort(),
    );
    // The blocker does not find the member they blocked either.
    expect((await found(blocker, 'кукушки')).publications).not.toContain(`Кукушка кукует у ${me.member.username}`);
  });

  it('pages publications best match first by cursor, each page costing the same number of statements', async () => {
    const [me, author] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    await publish(author.user.id, 'ласточка ласточка ласточка прилетела');
    for (let n = 1; n <= 11; n++) await publish(author.user.id, `ласточка номер ${n}`);
    const seen: string[] = [];
    const counts: number[] = [];
    let after: string | null = null;
    for (;;) {
      statements = [];
      const result: { data?: any; errors?: unknown } = await app.graphql(
        PUBLICATIONS,
        { text: 'ласточки', first: 5, after },
        { token: me.token },
      );
      counts.push(statements.length);
      expect(result.errors).toBeUndefined();
      const page: { edges: { node: { content: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } =
        result.data.search.publications;
      seen.push(...page.edges.map((e) => e.node.content));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(counts).toHaveLength(3);
    expect(new Set(counts).size).toBe(1);
    // Rank first (the word three times), then the newest among equals; nothing skipped or repeated.
    expect(seen).toEqual([
      'ласточка ласточка ласточка прилетела',
      ...[11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `ласточка номер ${n}`),
    ]);
  });

  it('refuses a text without 2 letters or digits with a translated 422-class error, never a 500', async () => {
    const me = await registerAndLogin(app);
    for (const text of ['a', ' б ', '&|!():*', "'''", '-- ;', '', '-ab', '-ab -cd']) {
      const result = await run(me, text);
      expect(result.errors?.[0]?.extensions?.code).toBe('VALIDATION');
      expect(result.errors?.[0]?.message).toBe('Введите минимум 2 буквы или цифры для поиска');
    }
    const english = await run(me, '!!', {}, { 'accept-language': 'en' });
    expect(english.errors?.[0]?.message).toBe('Enter at least 2 letters or digits to search');
    expect((await run(me, 'x'.repeat(101))).errors?.[0]?.extensions?.code).toBe('VALIDATION');
    // Operators around words are ignored, not an error.
    for (const text of ['ab & | ! ( ) : *', 'the and', 'и в', 'a:* | b', "'ab'", 'ab -cd', 'or or', '"unclosed', 'ab\\']) {
      const result = await run(me, text);
      expect(result.errors, text).toBeUndefined();
    }
    const badCursor = await run(me, 'слово', { after: 'not-a-cursor' });
    expect(badCursor.errors?.[0]?.extensions?.code).toBe('VALIDATION');
  });

  it('is for members only', async () => {
    const result = await app.graphql(SEARCH, { text: 'встреча' });
    expect(result.data?.search ?? null).toBeNull();
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
