import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendshipPairKey } from '../../server/src/database/keys';
import { hashtagsOf, mentionedUsernames } from '../../server/src/services/mentions';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

let app: TestApp;
let statements = 0;
beforeAll(async () => {
  app = await createTestApp({}, { onQuery: () => (statements += 1) });
});
afterAll(() => app.dispose());

type Member = Awaited<ReturnType<typeof registerAndLogin>>;
const member = () => registerAndLogin(app);

const PUBLICATION_FIELDS = 'databaseId content hashtags mentions { username userId }';
const CREATE = `mutation($content: String!) { createPublication(input: { content: $content }) {
  __typename ... on CreatePublicationSuccess { publication { ${PUBLICATION_FIELDS} } } ... on Error { message } } }`;
const UPDATE = `mutation($id: ID!, $content: String!) { updatePublication(id: $id, content: $content) {
  __typename ... on UpdatePublicationSuccess { publication { ${PUBLICATION_FIELDS} } } ... on Error { message } } }`;
const COMMENT = `mutation($id: ID!, $text: String!) { addPublicationComment(publicationId: $id, text: $text) {
  __typename ... on AddPublicationCommentSuccess { comment { databaseId mentions { username } } } ... on Error { message } } }`;
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) {
  __typename ... on SendMessageSuccess { sentMessage { databaseId mentions { username } } } ... on Error { message } } }`;
const TAG_PAGE = `query($tag: String!, $first: Int, $after: String) { hashtagPublications(tag: $tag, first: $first, after: $after) {
  edges { node { content } } pageInfo { hasNextPage endCursor } } }`;

async function publish(author: Member, content: string) {
  const result = await app.graphql(CREATE, { content }, { token: author.token });
  expect(result.data?.createPublication.__typename, JSON.stringify(result)).toBe('CreatePublicationSuccess');
  return result.data.createPublication.publication;
}

const mentionNotifications = (userId: number) =>
  app.services.prisma.notification.findMany({ where: { userId, kind: 'MENTION' }, orderBy: { id: 'asc' } });

async function block(blocker: Member, blocked: Member) {
  await app.services.prisma.friendship.create({
    data: {
      pairKey: friendshipPairKey(blocker.user.id, blocked.user.id),
      requesterId: blocker.user.id,
      addresseeId: blocked.user.id,
      status: 'blocked',
      blockedById: blocker.user.id,
    },
  });
}

describe('reading mentions and tags from a text', () => {
  it('finds usernames (not e-mail addresses, without a closing dot) and tags of any script, normalised', () => {
    expect(mentionedUsernames('@Anna_1, write to bob@example.com or @boris. @ab is too short')).toEqual(['anna_1', 'boris']);
    expect(hashtagsOf('#Встреча и #встреча, #café_2026 a#b #' + 'x'.repeat(65))).toEqual(['встреча', 'café_2026']);
  });
});

describe('mentions', () => {
  it('stores the links of a publication, notifies each mentioned member once, and replaces them on edit', async () => {
    const [author, anna, boris] = await Promise.all([member(), member(), member()]);
    const created = await publish(
      author,
      `@${anna.user.username.toUpperCase()} @${anna.user.username} @${author.user.username} @nobody_here #Встреча`,
    );
    expect(created.mentions).toEqual(
      expect.arrayContaining([
        { username: anna.user.username, userId: encodeGlobalID('User', anna.user.id) },
        { username: author.user.username, userId: encodeGlobalID('User', author.user.id) },
      ]),
    );
    expect(created.mentions).toHaveLength(2);
    expect(created.hashtags).toEqual(['встреча']);
    const notified = await mentionNotifications(anna.user.id);
    expect(notified.map((row) => row.payload)).toEqual([
      { userId: author.user.id, target: 'publication', publicationId: created.databaseId },
    ]);
    // Mentioning oneself links the profile but notifies nobody.
    expect(await mentionNotifications(author.user.id)).toEqual([]);

    // The edit keeps anna (not notified again), drops the tag, adds boris (notified).
    const id = encodeGlobalID('Publication', created.databaseId);
    const edited = await app.graphql(
      UPDATE,
      { id, content: `@${anna.user.username} и @${boris.user.username} #другое` },
      { token: author.token },
    );
    const publication = edited.data.updatePublication.publication;
    expect(publication.mentions.map((m: { username: string }) => m.username).sort()).toEqual(
      [anna.user.username, boris.user.username].sort(),
    );
    expect(publication.hashtags).toEqual(['другое']);
    expect(await mentionNotifications(anna.user.id)).toHaveLength(1);
    expect(await mentionNotifications(boris.user.id)).toHaveLength(1);
    expect(await app.services.prisma.publicationMention.count({ where: { publicationId: created.databaseId } })).toBe(2);
  });

  it('does not link nor notify a member a block separates from the author, whoever blocked', async () => {
    const [author, blocker, blockedOne] = await Promise.all([member(), member(), member()]);
    await block(blocker, author);
    await block(author, blockedOne);
    const created = await publish(author, `@${blocker.user.username} @${blockedOne.user.username}`);
    expect(created.mentions).toEqual([]);
    expect(await app.services.prisma.publicationMention.count({ where: { publicationId: created.databaseId } })).toBe(0);
    expect(await mentionNotifications(blocker.user.id)).toEqual([]);
    expect(await mentionNotifications(blockedOne.user.id)).toEqual([]);

    // A comment does not link a member the publication's author is blocked from either (they cannot see it).
    const commenter = await member();
    const comment = await app.graphql(
      COMMENT,
      {
        id: encodeGlobalID('Publication', created.databaseId),
        text: `@${blocker.user.username} @${blockedOne.user.username} @${author.user.username}`,
      },
      { token: commenter.token },
    );
    expect(comment.data.addPublicationComment.comment.mentions).toEqual([{ username: author.user.username }]);
    expect(await mentionNotifications(blocker.user.id)).toEqual([]);
    expect(await mentionNotifications(author.user.id)).toHaveLength(1);
  });

  it('hides a stored mention from the list once a block separates the mentioned member from the viewer', async () => {
    const [author, anna, reader] = await Promise.all([member(), member(), member()]);
    const created = await publish(author, `@${anna.user.username}`);
    await block(anna, reader);
    const seen = await app.graphql(
      `query($id: ID!) { node(id: $id) { ... on Publication { mentions { username } } } }`,
      { id: encodeGlobalID('Publication', created.databaseId) },
      { token: reader.token },
    );
    expect(seen.data.node.mentions).toEqual([]);
  });

  it('links and notifies in a message only participants of the conversation', async () => {
    const [anna, boris, outsider] = await Promise.all([member(), member(), member()]);
    const sent = await app.graphql(
      SEND,
      {
        input: {
          recipientId: encodeGlobalID('User', boris.user.id),
          content: `@${boris.user.username} @${outsider.user.username}`,
        },
      },
      { token: anna.token },
    );
    expect(sent.data.sendMessage.sentMessage.mentions).toEqual([{ username: boris.user.username }]);
    const messageId = sent.data.sendMessage.sentMessage.databaseId;
    expect(await app.services.prisma.messageMention.findMany({ where: { messageId } })).toEqual([
      { messageId, userId: boris.user.id },
    ]);
    expect((await mentionNotifications(boris.user.id)).map((row) => row.payload)).toMatchObject([
      { userId: anna.user.id, target: 'message', messageId },
    ]);
    expect(await mentionNotifications(outsider.user.id)).toEqual([]);
  });

  it('loads the mentions and tags of a feed page in a fixed number of statements, whatever its size', async () => {
    const FEED = `{ feed(first: 50) { edges { node { mentions { username } hashtags
      comments(first: 5) { edges { node { mentions { username } } } } } } } }`;
    const cost = async (size: number) => {
      const [author, anna] = await Promise.all([member(), member()]);
      for (let i = 0; i < size; i++) {
        const created = await publish(author, `@${anna.user.username} #тег${i} #общий`);
        await app.graphql(
          COMMENT,
          { id: encodeGlobalID('Publication', created.databaseId), text: `@${author.user.username}` },
          { token: anna.token },
        );
      }
      statements = 0;
      const result = await app.graphql(FEED, {}, { token: author.token });
      expect(result.data.feed.edges).toHaveLength(size);
      expect(result.data.feed.edges[0].node.comments.edges[0].node.mentions).toEqual([{ username: author.user.username }]);
      return statements;
    };
    const small = await cost(2);
    expect(small).toBeGreaterThan(3);
    expect(await cost(6)).toBe(small);
  });
});

describe('the tag page', () => {
  it('lists the publications with the tag newest first in keyset pages, without those a block hides', async () => {
    const [author, other, hidden, reader] = await Promise.all([member(), member(), member(), member()]);
    const tag = `тег_${Date.now().toString(36)}`;
    for (const n of [1, 2, 3]) await publish(author, `пост ${n} #${tag}`);
    await publish(other, `чужой #${tag.toUpperCase()}`);
    await publish(hidden, `скрытый #${tag}`);
    await publish(author, `без тега ${tag}`);
    await block(hidden, reader);

    const page = (after?: string) => app.graphql(TAG_PAGE, { tag: `#${tag}`, first: 2, after }, { token: reader.token });
    const first = (await page()).data.hashtagPublications;
    expect(first.edges.map((e: { node: { content: string } }) => e.node.content)).toEqual([
      `чужой #${tag.toUpperCase()}`,
      `пост 3 #${tag}`,
    ]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await page(first.pageInfo.endCursor)).data.hashtagPublications;
    expect(second.edges.map((e: { node: { content: string } }) => e.node.content)).toEqual([`пост 2 #${tag}`, `пост 1 #${tag}`]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses bad input with a translated 4xx-style error, never a 500', async () => {
    const reader = await member();
    for (const tag of ['', '#', 'два слова', 'x'.repeat(65), '<script>']) {
      const result = await app.graphql(TAG_PAGE, { tag }, { token: reader.token });
      expect(result.data?.hashtagPublications ?? null, JSON.stringify(result)).toBeNull();
      expect(result.errors?.[0]?.extensions?.code, JSON.stringify(result)).not.toBe('INTERNAL_SERVER_ERROR');
    }
    // Texts full of would-be mentions and tags are published, linking nothing that is not a member or a tag.
    const odd = `${'@no_such_member_x '.repeat(200)}#${'я'.repeat(100)} @${'a'.repeat(40)} @% #`.slice(0, 5000);
    const published = await publish(reader, odd);
    expect(published.mentions).toEqual([]);
    expect(published.hashtags).toEqual([]);
    const badCursor = await app.graphql(TAG_PAGE, { tag: 'x', after: '@@@' }, { token: reader.token });
    expect(badCursor.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    const anonymous = await app.graphql(TAG_PAGE, { tag: 'x' });
    expect(anonymous.data?.hashtagPublications ?? null).toBeNull();
  });
});
