import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { friendshipPairKey } from '../../server/src/database/keys';
import { sendDirectMessage } from '../../server/src/services/messages';
import { startCall } from '../../server/src/services/calls';

// Blocking hides both members from each other on every path: to either of them the other's
// account and everything they wrote do not exist (REST 404, GraphQL null), in both directions.

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

let app: TestApp;
let blocker: Member;
let blocked: Member;
let friend: Member;
/** What each of the two wrote, by member id. */
const content = new Map<number, { publicationId: number; commentId: number; reviewId: number }>();
let friendsPublicationId: number;
let conversationId: number;
const PLACE = { latitude: 55.7558, longitude: 37.6173 };

const befriend = (a: number, b: number) =>
  app.services.prisma.friendship.create({
    data: { pairKey: friendshipPairKey(a, b), requesterId: a, addresseeId: b, status: 'accepted' },
  });

beforeAll(async () => {
  app = await createTestApp();
  blocker = await registerAndLogin(app, { first_name: 'Блокирующая' });
  blocked = await registerAndLogin(app, { first_name: 'Заблокированный' });
  friend = await registerAndLogin(app, { first_name: 'Общий' });
  const prisma = app.services.prisma;
  // Contacts of each other and of a common friend before the block: they wrote to each other,
  // commented on the friend's publication and reviewed the same place.
  await befriend(blocker.user.id, blocked.user.id);
  await befriend(blocker.user.id, friend.user.id);
  await befriend(friend.user.id, blocked.user.id);
  friendsPublicationId = (await prisma.publication.create({ data: { authorId: friend.user.id, content: 'Общий пост' } })).id;
  for (const member of [blocker, blocked]) {
    const authorId = member.user.id;
    const publication = await prisma.publication.create({ data: { authorId, content: `Пост ${authorId}` } });
    const comment = await prisma.publicationComment.create({
      data: { publicationId: friendsPublicationId, authorId, content: `Комментарий ${authorId}` },
    });
    const review = await prisma.locationReview.create({ data: { authorId, ...PLACE, rating: 4, text: `Отзыв ${authorId}` } });
    content.set(authorId, { publicationId: publication.id, commentId: comment.id, reviewId: review.id });
  }
  conversationId = (await sendDirectMessage(app.services, blocker.user.id, { recipientId: blocked.user.id, content: 'Привет' }))
    .conversationId;

  const block = await app.request('POST', `/users/${blocked.user.id}/block`, { token: blocker.token });
  expect(block.status).toBe(200);
});
afterAll(() => app?.dispose());

const get = (viewer: Member, path: string) => app.request('GET', path, { token: viewer.token });

const directions = () =>
  [
    ['the blocker', blocker, blocked],
    ['the blocked member', blocked, blocker],
  ] as const;

describe.each(['the blocker', 'the blocked member'])('%s', (who) => {
  const pair = () => directions().find(([name]) => name === who)!;

  it("gets 404 for the other's profile, friends and publications over REST", async () => {
    const [, viewer, other] = pair();
    for (const path of [
      `/users/${other.user.id}/profile`,
      `/users/profile/${other.user.username}`,
      `/users/${other.user.id}/friends`,
      `/users/${other.user.id}/posts`,
      `/publications/user/${other.user.id}`,
      `/friendship-status/${other.user.id}`,
    ]) {
      const response = await get(viewer, path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
    const { publicationId } = content.get(other.user.id)!;
    for (const path of [`/publications/${publicationId}/like`, `/publications/${publicationId}/comments`]) {
      const response = await app.request('POST', path, { token: viewer.token, json: { text: 'Эй' } });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it("does not find the other in a common friend's friends, comments, reviews or conversations over REST", async () => {
    const [, viewer, other] = pair();
    const friends = await (await get(viewer, `/users/${friend.user.id}/friends`)).json();
    expect(friends.map((u: { id: number }) => u.id)).toEqual([viewer.user.id]);

    const feed = await (await get(viewer, '/publications/feed')).json();
    const common = feed.find((p: { id: number }) => p.id === friendsPublicationId);
    expect(common.comments.map((c: { user_id: number }) => c.user_id)).toEqual([viewer.user.id]);
    expect(common.comments_count).toBe(1);

    const reviews = await (
      await get(viewer, `/publications/location-reviews?latitude=${PLACE.latitude}&longitude=${PLACE.longitude}`)
    ).json();
    expect(reviews.map((r: { user_id: number }) => r.user_id)).toEqual([viewer.user.id]);

    const conversations = await (await get(viewer, '/messages/conversations')).json();
    expect(conversations).toEqual([]);

    const search = await (await get(viewer, `/search-friends?query=${encodeURIComponent(other.member.first_name)}`)).json();
    expect(search).toEqual([]);
  });

  it('cannot write into their one-to-one conversation by its id: refused as if the other did not exist, nothing stored', async () => {
    const [, viewer] = pair();
    const before = await app.services.prisma.message.count({ where: { conversationId } });
    const result = await app.graphql(
      'mutation($id: ID!) { sendMessage(input: { conversationId: $id, content: "Ты тут?" }) { __typename ... on Error { message } } }',
      { id: encodeGlobalID('Conversation', conversationId) },
      { token: viewer.token },
    );
    expect(result.data?.sendMessage).toEqual({ __typename: 'NotFoundError', message: 'Получатель не найден' });
    expect(await app.services.prisma.message.count({ where: { conversationId } })).toBe(before);
  });

  it('reads null for the other and their content over GraphQL', async () => {
    const [, viewer, other] = pair();
    const mine = content.get(other.user.id)!;
    const ids = [
      encodeGlobalID('User', other.user.id),
      encodeGlobalID('Publication', mine.publicationId),
      encodeGlobalID('PublicationComment', mine.commentId),
      encodeGlobalID('LocationReview', mine.reviewId),
      encodeGlobalID('Conversation', conversationId),
    ];
    const result = await app.graphql(
      `query($ids: [ID!]!, $username: String!, $other: ID!) {
        nodes(ids: $ids) { id }
        userByUsername(username: $username) { id }
        conversationWith(userId: $other) { id }
      }`,
      { ids, username: other.user.username, other: ids[0] },
      { token: viewer.token },
    );
    expect(result.data).toEqual({ nodes: [null, null, null, null, null], userByUsername: null, conversationWith: null });
  });

  it("does not see the other in a common friend's friends, comments or reviews over GraphQL", async () => {
    const [, viewer] = pair();
    const result = await app.graphql(
      `query($friend: ID!, $publication: ID!, $latitude: Float!, $longitude: Float!) {
        friend: node(id: $friend) { ... on User { friends(first: 10) { totalCount edges { node { databaseId } } } } }
        publication: node(id: $publication) {
          ... on Publication { commentsCount comments(first: 10) { edges { node { author { databaseId } } } } }
        }
        locationReviews(latitude: $latitude, longitude: $longitude) { author { databaseId } }
        conversations(first: 10) { edges { node { databaseId } } }
      }`,
      {
        friend: encodeGlobalID('User', friend.user.id),
        publication: encodeGlobalID('Publication', friendsPublicationId),
        ...PLACE,
      },
      { token: viewer.token },
    );
    const only = [{ databaseId: viewer.user.id }];
    expect(result.data).toEqual({
      friend: { friends: { totalCount: 1, edges: [{ node: only[0] }] } },
      publication: { commentsCount: 1, comments: { edges: [{ node: { author: only[0] } }] } },
      locationReviews: [{ author: only[0] }],
      conversations: { edges: [] },
    });
  });

  it('cannot call the other', async () => {
    const [, viewer, other] = pair();
    await expect(startCall(app.services, viewer.user.id, { calleeId: other.user.id, media: 'audio' })).rejects.toThrow();
  });
});

describe('a member outside the block', () => {
  it('still sees both members and what they wrote', async () => {
    const publication = await app.graphql(
      `query($id: ID!) { node(id: $id) { ... on Publication { commentsCount } } }`,
      { id: encodeGlobalID('Publication', friendsPublicationId) },
      { token: friend.token },
    );
    expect(publication.data.node.commentsCount).toBe(2);
    for (const member of [blocker, blocked]) {
      expect((await get(friend, `/users/${member.user.id}/profile`)).status).toBe(200);
      expect(await (await get(friend, `/publications/user/${member.user.id}`)).json()).toHaveLength(1);
    }
  });
});

describe('the members I blocked', () => {
  const LIST = `{ blockedMembers(first: 10) { totalCount edges { node { databaseId username } } } }`;
  const ACTION = (name: string) => `mutation($id: ID!) {
    ${name}(userId: $id) { __typename ... on FriendshipChange { user { databaseId bio friendsCount } } ... on Error { message } }
  }`;

  it('are listed for the blocker only, can be unblocked from there, and blocking back shows nothing of the blocker', async () => {
    const [me, them] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    await app.services.prisma.user.update({ where: { id: me.user.id }, data: { bio: 'Только для своих' } });
    const blocked = await app.graphql(ACTION('blockUser'), { id: encodeGlobalID('User', them.user.id) }, { token: me.token });
    expect(blocked.data.blockUser.__typename).toBe('FriendshipChange');

    expect((await app.graphql(LIST, {}, { token: me.token })).data.blockedMembers).toEqual({
      totalCount: 1,
      edges: [{ node: { databaseId: them.user.id, username: them.user.username } }],
    });
    expect((await app.graphql(LIST, {}, { token: them.token })).data.blockedMembers).toEqual({ totalCount: 0, edges: [] });

    // The blocked member blocking back learns nothing of the blocker from the answer.
    const back = await app.graphql(ACTION('blockUser'), { id: encodeGlobalID('User', me.user.id) }, { token: them.token });
    expect(back.data.blockUser).toEqual({ __typename: 'FriendshipChange', user: null });
    expect((await app.graphql(LIST, {}, { token: them.token })).data.blockedMembers.totalCount).toBe(0);

    const unblocked = await app.graphql(ACTION('unblockUser'), { id: encodeGlobalID('User', them.user.id) }, { token: me.token });
    expect(unblocked.data.unblockUser.user.databaseId).toBe(them.user.id);
    expect((await app.graphql(LIST, {}, { token: me.token })).data.blockedMembers).toEqual({ totalCount: 0, edges: [] });
  });

  it('cannot be someone who does not exist: unblocking, unfriending or unfollowing them is 404, not a success', async () => {
    const me = await registerAndLogin(app);
    const nobody = encodeGlobalID('User', 999_999);
    for (const name of ['unblockUser', 'removeFriend', 'unfollowUser']) {
      const answer = await app.graphql(ACTION(name), { id: nobody }, { token: me.token, headers: { 'accept-language': 'en' } });
      expect(answer.data[name]).toEqual({ __typename: 'NotFoundError', message: 'User not found' });
    }
    // REST answered 200 with {status: 'blocked', state: 'blocked_by_them'} for a member who does not exist.
    const rest = await app.request('POST', '/users/999999/unblock', { token: me.token, headers: { 'accept-language': 'fr' } });
    expect(rest.status).toBe(404);
    expect(await rest.json()).toEqual({ detail: 'Utilisateur introuvable' });
  });
});
