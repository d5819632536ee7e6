import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import * as friendships from '../../server/src/services/friendships';
import * as relations from '../../server/src/services/relations';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

type Member = Awaited<ReturnType<typeof registerAndLogin>>;
const userId = (member: Member) => encodeGlobalID('User', member.user.id);

const status = async (viewer: Member, other: Member) =>
  (await (await app.request('GET', `/friendship-status/${other.user.id}`, { token: viewer.token })).json()) as {
    status: string | null;
    state: string | null;
  };

const STATE = `query($u: String!) { userByUsername(username: $u) { friendshipStatus friendsCount } }`;

describe('friend requests', () => {
  it('goes from none to pending to accepted, notifying each side, with counts on both profiles', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    expect(await status(anna, boris)).toEqual({ status: null, state: 'none' });

    const sent = await app.request('POST', '/friend-requests', { token: anna.token, json: { friend_id: boris.user.id } });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true, status: 'pending', state: 'pending_outgoing' });
    expect(await status(boris, anna)).toEqual({ status: 'pending', state: 'pending_incoming' });

    const notification = await app.services.prisma.notification.findFirstOrThrow({
      where: { userId: boris.user.id, kind: 'FRIEND_REQUEST' },
    });
    expect(notification.payload).toMatchObject({ userId: anna.user.id });

    const incoming = await (await app.request('GET', '/friend-requests/incoming', { token: boris.token })).json();
    expect(incoming).toEqual([
      {
        id: expect.any(Number),
        user: expect.objectContaining({ id: anna.user.id, username: anna.user.username }),
        created_at: expect.any(String),
      },
    ]);

    const accepted = await app.request('PUT', `/friends/${incoming[0].id}/respond?accept=true`, { token: boris.token });
    expect(await accepted.json()).toEqual({ success: true, status: 'accepted', state: 'accepted' });
    expect(await app.services.prisma.notification.count({ where: { userId: anna.user.id, kind: 'FRIEND_ACCEPTED' } })).toBe(1);

    const friends = await (await app.request('GET', '/friends', { token: anna.token })).json();
    expect(friends).toEqual([
      expect.objectContaining({
        status: 'accepted',
        user: expect.objectContaining({ id: anna.user.id }),
        friend: expect.objectContaining({ id: boris.user.id }),
      }),
    ]);
    expect(await (await app.request('GET', '/users/friends-count', { token: boris.token })).json()).toEqual({ count: 1 });
    const borisFriends = await (await app.request('GET', `/users/${boris.user.id}/friends`, { token: anna.token })).json();
    expect(borisFriends.map((u: { id: number }) => u.id)).toEqual([anna.user.id]);

    const again = await app.request('POST', `/api/friends/request?friend_id=${boris.user.id}`, { token: anna.token });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ detail: 'Вы уже друзья' });
  });

  it('declines, cancels and un-friends back to no relation; asking someone who asked you accepts', async () => {
    const a = await registerAndLogin(app);
    const b = await registerAndLogin(app);
    const mutate = (token: string, field: string, args: string, vars: Record<string, unknown>) =>
      app.graphql(
        `mutation($userId: ID!${args}) { ${field} { __typename ... on FriendshipChange { user { friendshipStatus } viewer { friendsCount } } ... on Error { message } } }`,
        vars,
        { token },
      );

    await mutate(a.token, 'sendFriendRequest(userId: $userId)', '', { userId: userId(b) });
    const declined = await mutate(b.token, 'respondToFriendRequest(userId: $userId, accept: $accept)', ', $accept: Boolean!', {
      userId: userId(a),
      accept: false,
    });
    expect(declined.data.respondToFriendRequest.user.friendshipStatus).toBe('NONE');

    await mutate(a.token, 'sendFriendRequest(userId: $userId)', '', { userId: userId(b) });
    const cancelled = await mutate(a.token, 'removeFriend(userId: $userId)', '', { userId: userId(b) });
    expect(cancelled.data.removeFriend.user.friendshipStatus).toBe('NONE');
    const noRequest = await app.request('PUT', '/friends/999999/respond?accept=true', { token: b.token });
    expect(noRequest.status).toBe(404);
    expect(await noRequest.json()).toEqual({ detail: 'Заявка в друзья не найдена' });
    expect((await app.request('PUT', '/friends/1/respond?accept=maybe', { token: b.token })).status).toBe(400);

    await mutate(a.token, 'sendFriendRequest(userId: $userId)', '', { userId: userId(b) });
    const mutual = await mutate(b.token, 'sendFriendRequest(userId: $userId)', '', { userId: userId(a) });
    expect(mutual.data.sendFriendRequest).toEqual({
      __typename: 'FriendshipChange',
      user: { friendshipStatus: 'ACCEPTED' },
      viewer: { friendsCount: 1 },
    });
    const ended = await mutate(b.token, 'removeFriend(userId: $userId)', '', { userId: userId(a) });
    expect(ended.data.removeFriend).toMatchObject({ user: { friendshipStatus: 'NONE' }, viewer: { friendsCount: 0 } });

    const self = await app.request('POST', '/friend-requests', { token: a.token, json: { friend_id: a.user.id } });
    expect(self.status).toBe(409);
    const nobody = await app.request('POST', '/friend-requests', { token: a.token, json: { friend_id: 'abc' } });
    expect(nobody.status).toBe(404);
    expect(await nobody.json()).toEqual({ detail: 'Пользователь не найден' });
  });

  it('shows a friendship record only to its two members', async () => {
    const a = await registerAndLogin(app);
    const b = await registerAndLogin(app);
    const stranger = await registerAndLogin(app);
    await app.request('POST', '/friend-requests', { token: a.token, json: { friend_id: b.user.id } });
    const row = await app.services.prisma.friendship.findFirstOrThrow({ where: { requesterId: a.user.id } });
    const query = `query($id: ID!) { node(id: $id) { ... on Friendship { status } } }`;
    const id = encodeGlobalID('Friendship', row.id);
    expect((await app.graphql(query, { id }, { token: b.token })).data.node).toEqual({ status: 'PENDING' });
    const peek = await app.graphql(query, { id }, { token: stranger.token });
    expect(peek.data?.node ?? null).toBeNull();
  });
});

describe('blocking', () => {
  it('hides each user from the other in search, refuses requests both ways, and is undone by unblock', async () => {
    const blocker = await registerAndLogin(app, { first_name: 'Блокирующий' });
    const blocked = await registerAndLogin(app, { first_name: 'Заблокированный' });
    await app.request('POST', '/friend-requests', { token: blocked.token, json: { friend_id: blocker.user.id } });

    const block = await app.request('POST', `/users/${blocked.user.id}/block`, { token: blocker.token });
    expect(await block.json()).toEqual({ success: true, status: 'blocked', state: 'blocked_by_me' });
    // To the blocked member the blocker's account does not exist any more (blocking.test.ts has every path).
    expect((await app.request('GET', `/friendship-status/${blocker.user.id}`, { token: blocked.token })).status).toBe(404);
    // The pending request is gone with the block.
    expect(await (await app.request('GET', '/friend-requests/incoming', { token: blocker.token })).json()).toEqual([]);

    for (const [from, to] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const refused = await app.request('POST', '/friend-requests', { token: from.token, json: { friend_id: to.user.id } });
      // As if the other did not exist (like their profile): the block is not revealed.
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ detail: 'Пользователь не найден' });
    }
    expect(await relations.blockedBetween(app.services.prisma, blocker.user.id, blocked.user.id)).toBe(true);
    expect(await relations.blockedBetween(app.services.prisma, blocked.user.id, blocker.user.id)).toBe(true);
    await expect(relations.assertNotBlocked(app.services.prisma, blocked.user.id, blocker.user.id)).rejects.toThrow();

    const search = (viewer: Member, text: string) =>
      app.services.prisma.user.findMany({
        where: { AND: [friendships.visibleUsersWhere(viewer.user.id), friendships.userSearchWhere(text, viewer.user)] },
        select: { id: true },
      });
    expect(await search(blocker, 'Заблокированный')).toEqual([]);
    expect(await search(blocked, 'Блокирующий')).toEqual([]);
    // Nor do they see each other's publications.
    await app.services.prisma.publication.create({ data: { authorId: blocker.user.id, content: 'Пост' } });
    const posts = async (viewer: Member) =>
      (
        await app.graphql(
          `query($u: String!) { userByUsername(username: $u) { publications { totalCount } } }`,
          { u: blocker.user.username },
          { token: viewer.token },
        )
      ).data.userByUsername?.publications.totalCount;
    expect(await posts(blocked)).toBeUndefined();
    expect(await posts(blocker)).toBe(1);

    // Only the blocker lifts the block.
    const byBlocked = await app.request('POST', `/users/${blocker.user.id}/unblock`, { token: blocked.token });
    expect(byBlocked.status).toBe(404);
    expect(await byBlocked.json()).toEqual({ detail: 'Пользователь не найден' });
    // Blocking back keeps the pair blocked by the first blocker.
    const blockBack = await app.request('POST', `/users/${blocker.user.id}/block`, { token: blocked.token });
    expect(await blockBack.json()).toEqual({ success: true, status: 'blocked', state: 'blocked_by_them' });

    const unblock = await app.request('POST', `/users/${blocked.user.id}/unblock`, { token: blocker.token });
    expect(await unblock.json()).toEqual({ success: true, status: null, state: 'none' });
    expect(await relations.blockedBetween(app.services.prisma, blocker.user.id, blocked.user.id)).toBe(false);
    expect(await search(blocker, 'Заблокированный')).toEqual([{ id: blocked.user.id }]);
    expect(await posts(blocked)).toBe(1);
    expect(
      (await app.request('POST', '/friend-requests', { token: blocked.token, json: { friend_id: blocker.user.id } })).status,
    ).toBe(200);
  });

  it('ends a friendship when one friend blocks the other', async () => {
    const a = await registerAndLogin(app);
    const b = await registerAndLogin(app);
    await app.request('POST', '/friend-requests', { token: a.token, json: { friend_id: b.user.id } });
    await app.request('POST', '/friend-requests', { token: b.token, json: { friend_id: a.user.id } });
    const before = await app.graphql(STATE, { u: b.user.username }, { token: a.token });
    expect(before.data.userByUsername).toEqual({ friendshipStatus: 'ACCEPTED', friendsCount: 1 });
    const block = await app.graphql(
      `mutation($id: ID!) { blockUser(userId: $id) { ... on FriendshipChange { user { friendshipStatus } viewer { friendsCount } } } }`,
      { id: encodeGlobalID('User', a.user.id) },
      { token: b.token },
    );
    expect(block.data.blockUser).toEqual({ user: { friendshipStatus: 'BLOCKED_BY_ME' }, viewer: { friendsCount: 0 } });
    const after = await app.graphql(STATE, { u: a.user.username }, { token: a.token });
    expect(after.data.userByUsername).toEqual({ friendshipStatus: null, friendsCount: 0 });
  });
});
