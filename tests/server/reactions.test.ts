import fs from 'node:fs';
import path from 'node:path';
import { parse, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../server/src/schema';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, startTestServer, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { wsClients } from '../support/ws';
import { sendDirectMessage } from '../../server/src/services/messages';
import type { Services } from '../../server/src/services/container';

/**
 * Emoji reactions (issue 21 point 7) on publications and messages: toggled per member and reaction,
 * counted as each viewer sees them, who reacted in pages, refused where the item is not visible,
 * and delivered live to the other members.
 */
type Member = Awaited<ReturnType<typeof registerAndLogin>>;

const REACT_PUBLICATION = `mutation($id: ID!, $reaction: String!, $reacted: Boolean) {
  reactToPublication(id: $id, reaction: $reaction, reacted: $reacted) {
    __typename
    ... on ReactToPublicationSuccess { reacted publication { reactions { reaction count viewerHasReacted } } }
    ... on Error { message }
  }
}`;
const REACT_MESSAGE = `mutation($id: ID!, $reaction: String!, $reacted: Boolean) {
  reactToMessage(id: $id, reaction: $reaction, reacted: $reacted) {
    __typename
    ... on ReactToMessageSuccess { reacted reactedMessage { reactions { reaction count viewerHasReacted } } }
    ... on Error { message }
  }
}`;
const PUBLICATION_REACTIONS = `query($id: ID!) {
  node(id: $id) { ... on Publication { likesCount viewerHasLiked reactions { reaction count viewerHasReacted } } }
}`;
const REACTORS = `query($id: ID!, $reaction: String!, $first: Int, $after: String) {
  node(id: $id) {
    ... on Publication { reactors(reaction: $reaction, first: $first, after: $after) { ...page } }
    ... on Message { reactors(reaction: $reaction, first: $first, after: $after) { ...messagePage } }
  }
}
fragment page on PublicationReactorsConnection { edges { node { databaseId } } pageInfo { hasNextPage endCursor } }
fragment messagePage on MessageReactorsConnection { edges { node { databaseId } } pageInfo { hasNextPage endCursor } }`;

async function publish(services: Services, author: Member, content = 'Пост') {
  const row = await services.prisma.publication.create({ data: { authorId: author.user.id, content } });
  return encodeGlobalID('Publication', row.id);
}

async function message(services: Services, from: Member, to: Member, content = 'Привет') {
  const sent = await sendDirectMessage(services, from.user.id, { recipientId: to.user.id, content });
  return { id: encodeGlobalID('Message', sent!.messageId), conversationId: sent!.conversationId };
}

describe('reactions over GraphQL', () => {
  let app: TestApp;
  let statements = 0;
  const gql = async (member: Member, query: string, variables: Record<string, unknown>, locale = 'ru') =>
    app.graphql(query, variables, { token: member.token, headers: { 'accept-language': locale } });
  const reactTo = async (member: Member, id: string, reaction: string, reacted?: boolean) =>
    (await gql(member, REACT_PUBLICATION, { id, reaction, reacted })).data.reactToPublication;

  beforeAll(async () => {
    app = await createTestApp({}, { onQuery: () => void statements++ });
  });
  afterAll(() => app?.dispose());

  it('adds, toggles and counts several distinct reactions per member, the like untouched', async () => {
    const [author, anna, boris] = await Promise.all([registerAndLogin(app), registerAndLogin(app), registerAndLogin(app)]);
    const id = await publish(app.services, author);
    expect(await reactTo(anna, id, 'THUMBS_UP')).toEqual({
      __typename: 'ReactToPublicationSuccess',
      reacted: true,
      publication: { reactions: [{ reaction: 'THUMBS_UP', count: 1, viewerHasReacted: true }] },
    });
    await reactTo(anna, id, 'PARTY');
    await reactTo(boris, id, 'THUMBS_UP', true);
    // Setting what is already set changes nothing (a client may send the state it shows).
    expect((await reactTo(boris, id, 'THUMBS_UP', true)).reacted).toBe(true);
    await gql(author, `mutation($id: ID!) { likePublication(id: $id) { __typename } }`, { id });

    const seenBy = async (member: Member) => (await gql(member, PUBLICATION_REACTIONS, { id })).data.node;
    expect(await seenBy(author)).toEqual({
      likesCount: 1,
      viewerHasLiked: true,
      reactions: [
        { reaction: 'THUMBS_UP', count: 2, viewerHasReacted: false },
        { reaction: 'PARTY', count: 1, viewerHasReacted: false },
      ],
    });
    expect((await seenBy(anna)).reactions.map((r: { viewerHasReacted: boolean }) => r.viewerHasReacted)).toEqual([true, true]);

    // Toggling removes it; removing what is not there is no error.
    expect((await reactTo(anna, id, 'THUMBS_UP')).reacted).toBe(false);
    expect((await reactTo(anna, id, 'HEART', false)).reacted).toBe(false);
    expect((await seenBy(author)).reactions).toEqual([
      { reaction: 'THUMBS_UP', count: 1, viewerHasReacted: false },
      { reaction: 'PARTY', count: 1, viewerHasReacted: false },
    ]);
    expect(await app.services.prisma.publicationLike.count({ where: { userId: author.user.id } })).toBe(1);
  });

  it('reads the reactions of a whole feed page in the same number of statements for 2 or 8 publications', async () => {
    // The viewer's own publications are in their feed.
    const [author, fan] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    const viewer = author;
    const FEED = `{ feed(first: 50) { edges { node { databaseId reactions { reaction count viewerHasReacted } } } } }`;
    const costOf = async () => {
      statements = 0;
      const feed = await gql(viewer, FEED, {});
      return { statements, size: feed.data.feed.edges.length };
    };
    for (let n = 0; n < 2; n++) await reactTo(fan, await publish(app.services, author), 'HEART');
    const small = await costOf();
    for (let n = 0; n < 6; n++) await reactTo(fan, await publish(app.services, author), 'WOW');
    const large = await costOf();
    expect([small.size, large.size]).toEqual([2, 8]);
    expect(large.statements).toBe(small.statements);
  });

  it('lists who reacted, newest first, in pages', async () => {
    const author = await registerAndLogin(app);
    const fans = [];
    for (let n = 0; n < 5; n++) fans.push(await registerAndLogin(app));
    const id = await publish(app.services, author);
    for (const fan of fans) await reactTo(fan, id, 'LAUGH');
    await reactTo(fans[0]!, id, 'SAD');

    const pages: number[][] = [];
    let after: string | null = null;
    do {
      const result = await gql(author, REACTORS, { id, reaction: 'LAUGH', first: 2, after });
      const connection = result.data.node.reactors;
      pages.push(connection.edges.map((edge: { node: { databaseId: number } }) => edge.node.databaseId));
      after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
    } while (after);
    const ids = fans.map((fan) => fan.user.id).reverse();
    expect(pages).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
  });

  it('refuses an unknown reaction with a translated validation error, storing nothing', async () => {
    const [author, fan] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    const id = await publish(app.services, author);
    expect((await gql(fan, REACT_PUBLICATION, { id, reaction: 'THUMBS_DOWN' }, 'en')).data.reactToPublication).toEqual({
      __typename: 'ValidationError',
      message: expect.any(String),
    });
    const fr = await gql(
      fan,
      `mutation($id: ID!) { reactToPublication(id: $id, reaction: "💩") { ... on ValidationError { fieldErrors { message } } } }`,
      { id },
      'fr',
    );
    expect(fr.data.reactToPublication.fieldErrors).toEqual([{ message: 'Cette réaction n’existe pas' }]);
    // A field without a result union answers the refusal as a GraphQL error: translated, status 422.
    const reactors = await app.request('POST', '/graphql', {
      token: fan.token,
      json: { query: REACTORS, variables: { id, reaction: 'nope' } },
      headers: { 'accept-language': 'en' },
    });
    expect((await reactors.json()).errors[0]).toMatchObject({
      message: 'There is no such reaction',
      extensions: { code: 'VALIDATION', status: 422 },
    });
    expect(await app.services.prisma.publicationReaction.count({ where: { userId: fan.user.id } })).toBe(0);
  });

  it('refuses a publication hidden by a block and a message outside the viewer’s conversations', async () => {
    const [author, blocked, anna, outsider] = await Promise.all([
      registerAndLogin(app),
      registerAndLogin(app),
      registerAndLogin(app),
      registerAndLogin(app),
    ]);
    const id = await publish(app.services, author);
    const written = await message(app.services, author, anna);
    const toBlocked = await message(app.services, blocked, author);
    expect((await app.request('POST', `/users/${blocked.user.id}/block`, { token: author.token })).status).toBe(200);

    expect(await reactTo(blocked, id, 'HEART')).toEqual({ __typename: 'NotFoundError', message: 'Публикация не найдена' });
    const reactToMessage = async (member: Member, messageId: string, locale = 'ru') =>
      (await gql(member, REACT_MESSAGE, { id: messageId, reaction: 'HEART' }, locale)).data.reactToMessage;
    expect(await reactToMessage(outsider, written.id, 'en')).toEqual({
      __typename: 'ForbiddenError',
      message: 'You are not part of this conversation',
    });
    // The blocked member's own one-to-one conversation with the blocker is hidden from both.
    expect(await reactToMessage(author, toBlocked.id)).toEqual({ __typename: 'NotFoundError', message: 'Сообщение не найдено' });
    expect(await reactToMessage(anna, encodeGlobalID('Message', 999999))).toMatchObject({ __typename: 'NotFoundError' });
    expect(await app.services.prisma.messageReaction.count()).toBe(0);
    expect(await app.services.prisma.publicationReaction.count({ where: { userId: blocked.user.id } })).toBe(0);

    // A participant may; the blocked member's earlier reaction stops counting for the blocker.
    expect(await reactToMessage(anna, written.id)).toMatchObject({
      reacted: true,
      reactedMessage: { reactions: [{ reaction: 'HEART', count: 1, viewerHasReacted: true }] },
    });
  });

  it('hides the reactions of members a block separates from the viewer', async () => {
    const [author, fan, blocked] = await Promise.all([registerAndLogin(app), registerAndLogin(app), registerAndLogin(app)]);
    const id = await publish(app.services, author);
    await reactTo(fan, id, 'WOW');
    await reactTo(blocked, id, 'WOW');
    expect((await app.request('POST', `/users/${blocked.user.id}/block`, { token: author.token })).status).toBe(200);
    expect((await gql(author, PUBLICATION_REACTIONS, { id })).data.node.reactions).toEqual([
      { reaction: 'WOW', count: 1, viewerHasReacted: false },
    ]);
    const reactors = await gql(author, REACTORS, { id, reaction: 'WOW' });
    expect(reactors.data.node.reactors.edges).toEqual([{ node: { databaseId: fan.user.id } }]);
  });
});

describe('live reactions', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const ws = wsClients();
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await ws.dispose();
    await server?.dispose();
  });

  const post = async (member: Member, query: string, variables: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()).data;
  };

  /** One member's subscription: each payload it delivers, in order, and the refusal if any. */
  function watch<T>(member: Member, query: string, variables: Record<string, unknown> = {}) {
    const events: T[] = [];
    const refused = new Promise<unknown>((resolve) => {
      ws.connect(server.url, { token: member.token, lazy: false }).subscribe<T>(
        { query, variables },
        {
          next: (value) => (value.errors ? resolve(value.errors) : events.push(value.data!)),
          error: resolve,
          complete: () => {},
        },
      );
    });
    return { events, refused };
  }
  const until = async (condition: () => boolean) => {
    for (let waited = 0; !condition(); waited += 20) {
      if (waited > 5000) throw new Error('no event within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // graphql-ws does not acknowledge a subscription: give the server a moment to register it.
  const registered = () => new Promise((resolve) => setTimeout(resolve, 200));

  it("reach the other participant's subscription when a message gets a reaction, and no outsider", async () => {
    const [anna, boris, outsider] = await Promise.all([
      registerAndLogin(server.url),
      registerAndLogin(server.url),
      registerAndLogin(server.url),
    ]);
    const written = await message(server.services, anna, boris);
    const CHANGED = `subscription { messageReactionsChanged { id reactions { reaction count viewerHasReacted } } }`;
    const borisSide = watch<{ messageReactionsChanged: unknown }>(boris, CHANGED);
    const outsiderSide = watch<unknown>(outsider, CHANGED);
    await registered();

    expect((await post(anna, REACT_MESSAGE, { id: written.id, reaction: 'PARTY' })).reactToMessage.reacted).toBe(true);
    await until(() => borisSide.events.length === 1);
    expect(borisSide.events[0]).toEqual({
      messageReactionsChanged: { id: written.id, reactions: [{ reaction: 'PARTY', count: 1, viewerHasReacted: false }] },
    });
    // Setting it again changes nothing, so nothing is published; a removal is.
    await post(anna, REACT_MESSAGE, { id: written.id, reaction: 'PARTY', reacted: true });
    await post(anna, REACT_MESSAGE, { id: written.id, reaction: 'PARTY', reacted: false });
    await until(() => borisSide.events.length === 2);
    expect(borisSide.events[1]).toEqual({ messageReactionsChanged: { id: written.id, reactions: [] } });
    expect(outsiderSide.events).toEqual([]);
  });

  it('reach whoever shows a publication, and refuse a member it is hidden from', async () => {
    const [author, reader, blocked] = await Promise.all([
      registerAndLogin(server.url),
      registerAndLogin(server.url),
      registerAndLogin(server.url),
    ]);
    const id = await publish(server.services, author);
    const blockAnswer = await fetch(`${server.url}/users/${blocked.member.id}/block`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(blockAnswer.status).toBe(200);
    const CHANGED = `subscription($id: ID!) { publicationReactionsChanged(publicationId: $id) { reactions { reaction count } } }`;
    const readerSide = watch<{ publicationReactionsChanged: unknown }>(reader, CHANGED, { id });
    const blockedSide = watch<unknown>(blocked, CHANGED, { id });
    expect(JSON.stringify(await blockedSide.refused)).toContain('Публикация не найдена');
    await registered();

    await post(author, REACT_PUBLICATION, { id, reaction: 'HEART' });
    await until(() => readerSide.events.length === 1);
    expect(readerSide.events[0]).toEqual({ publicationReactionsChanged: { reactions: [{ reaction: 'HEART', count: 1 }] } });
  });
});

describe('the messenger’s new-message subscription', () => {
  it('selects no reactions, so one execution per message still serves every recipient (they depend on the viewer)', () => {
    const artifact = path.resolve(
      import.meta.dirname,
      '../../client/src/__generated__/useMessengerLiveMessageSubscription.graphql.ts',
    );
    const text = JSON.parse(/"text": ("(?:[^"\\]|\\.)*")/.exec(fs.readFileSync(artifact, 'utf8'))![1]!) as string;
    const perViewer: string[] = [];
    const typeInfo = new TypeInfo(schema);
    visit(
      parse(text),
      visitWithTypeInfo(typeInfo, {
        Field: () => {
          const field = typeInfo.getFieldDef();
          if (field?.extensions?.perViewer) perViewer.push(field.name);
        },
      }),
    );
    expect(text).toContain('messageAdded');
    expect(perViewer).toEqual([]);
  });
});
