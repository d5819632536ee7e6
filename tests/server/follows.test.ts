import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const ACTION = (name: string) => `mutation($id: ID!) {
  ${name}(userId: $id) {
    __typename
    ... on FriendshipChange { user { isSubscribed followersCount } }
    ... on Error { message }
  }
}`;
const FEED = `{ feed(first: 50) { edges { node { content } } } }`;

async function act(name: string, token: string, userId: number) {
  const result = await app.graphql(ACTION(name), { id: encodeGlobalID('User', userId) }, { token });
  return result.data[name];
}
const feedOf = async (token: string): Promise<string[]> =>
  (await app.graphql(FEED, {}, { token })).data.feed.edges.map((edge: { node: { content: string } }) => edge.node.content);
const publish = (authorId: number, content: string) => app.services.prisma.publication.create({ data: { authorId, content } });

describe('following a member', () => {
  it('counts the follower once, notifies the followee once, and brings their publications into the feed until unfollowed', async () => {
    const [me, author] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    await publish(author.user.id, 'от автора');
    expect(await feedOf(me.token)).not.toContain('от автора');

    expect(await act('followUser', me.token, author.user.id)).toEqual({
      __typename: 'FriendshipChange',
      user: { isSubscribed: true, followersCount: 1 },
    });
    // Following again changes nothing.
    expect((await act('followUser', me.token, author.user.id)).user).toEqual({ isSubscribed: true, followersCount: 1 });
    const notified = await app.services.prisma.notification.findMany({ where: { userId: author.user.id, kind: 'NEW_FOLLOWER' } });
    expect(notified.map((row) => row.payload)).toEqual([{ userId: me.user.id }]);
    expect(await feedOf(me.token)).toContain('от автора');
    // Following is one way: the author's feed does not get the follower's publications.
    await publish(me.user.id, 'от подписчика');
    expect(await feedOf(author.token)).not.toContain('от подписчика');

    expect((await act('unfollowUser', me.token, author.user.id)).user).toEqual({ isSubscribed: false, followersCount: 0 });
    expect(await feedOf(me.token)).not.toContain('от автора');
  });

  it('answers the REST profile with is_subscribed and subscriber_count', async () => {
    const [me, author] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    await act('followUser', me.token, author.user.id);
    const response = await app.request('GET', `/users/${author.user.id}/profile`, { token: me.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ is_subscribed: true, subscriber_count: 1 });
  });

  it('refuses following oneself', async () => {
    const me = await registerAndLogin(app);
    const result = await act('followUser', me.token, me.user.id);
    expect(result.__typename).toBe('FriendshipRefusedError');
    expect(result.message).toBe('Нельзя подписаться на самого себя');
  });

  it('ends with a block, both ways, and is refused while the block lasts', async () => {
    const [me, them] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    await act('followUser', me.token, them.user.id);
    await act('followUser', them.token, me.user.id);
    await act('blockUser', them.token, me.user.id);
    expect(await app.services.prisma.userFollow.count({ where: { followerId: { in: [me.user.id, them.user.id] } } })).toBe(0);

    // Neither side learns of the block: the member is answered as missing.
    expect((await act('followUser', me.token, them.user.id)).__typename).toBe('NotFoundError');
    expect((await act('followUser', them.token, me.user.id)).__typename).toBe('NotFoundError');
  });

  it('is refused to a visitor without a token', async () => {
    const author = await registerAndLogin(app);
    const result = await app.graphql(ACTION('followUser'), { id: encodeGlobalID('User', author.user.id) });
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
