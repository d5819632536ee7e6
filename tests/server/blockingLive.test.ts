import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { friendshipPairKey } from '../../server/src/database/keys';
import { notify } from '../../server/src/services/notifications';
import { meetingTestServer, JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';

// Live events across a block: room chat, notifications, call/room events and group messages never
// reach a member from someone a block separates them from, in either direction (blocking.test.ts
// has the reads). Each case has a bystander who still receives the same event, so the test shows
// the event was sent.

const meeting = meetingTestServer();

const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

function subscribe<T>(member: Member, query: string, variables: Record<string, unknown> = {}) {
  const received: T[] = [];
  const errors: unknown[] = [];
  meeting.clients.connect(member).subscribe<Record<string, T>>(
    { query, variables },
    {
      next: (value) => (value.errors ? errors.push(...value.errors) : received.push(Object.values(value.data!)[0])),
      error: (error) => errors.push(error),
      complete: () => {},
    },
  );
  return { received, errors };
}

const block = (blocker: Member, blocked: Member) =>
  meeting.server.services.prisma.friendship.create({
    data: {
      pairKey: friendshipPairKey(blocker.id, blocked.id),
      requesterId: blocker.id,
      addresseeId: blocked.id,
      status: 'blocked',
      blockedById: blocker.id,
    },
  });

/** Three members (the blocker blocked the blocked one) and a bystander in one open class room. */
async function roomOfThree() {
  const [blocker, blocked, bystander] = await Promise.all(
    ['Блокирующий', 'Заблокированный', 'Свидетель'].map((name) => quickMember(meeting.server.services, name)),
  );
  await block(blocker, blocked);
  const meetingClass = await meeting.server.services.prisma.meetingClass.create({
    data: {
      name: 'Класс',
      members: { create: [blocker, blocked, bystander].map((m) => ({ userId: m.id, role: 'member' as const })) },
    },
  });
  const room = await meeting.server.services.prisma.room.create({ data: { name: 'Комната', classId: meetingClass.id } });
  return { blocker, blocked, bystander, room };
}

describe('across a block, live events', () => {
  it('room chat: neither receives the other’s messages, live or caught up, nor reads them in the history', async () => {
    const { blocker, blocked, bystander, room } = await roomOfThree();
    const query = `subscription($roomId: ID!, $after: ID) { roomChatMessages(roomId: $roomId, after: $after) { databaseId sender { databaseId } } }`;
    const feeds = new Map(
      [blocker, blocked, bystander].map((m) => [
        m,
        subscribe<{ databaseId: number; sender: { databaseId: number } }>(m, query, { roomId: roomGlobalId(room.id) }),
      ]),
    );
    await settle();
    const send = (member: Member, content: string) =>
      meeting.clients.graphql(
        member,
        `mutation($roomId: ID!, $input: SendRoomMessageInput!) { sendRoomMessage(roomId: $roomId, input: $input) { __typename } }`,
        { roomId: roomGlobalId(room.id), input: { content } },
      );
    await send(blocked, 'от заблокированного');
    await send(blocker, 'от блокирующего');
    await settle();
    const senders = (member: Member) => feeds.get(member)!.received.map((m) => m.sender.databaseId);
    expect(senders(bystander)).toEqual([blocked.id, blocker.id]);
    expect(senders(blocker)).toEqual([blocker.id]);
    expect(senders(blocked)).toEqual([blocked.id]);

    const history = async (member: Member) =>
      (
        await meeting.clients.graphql(
          member,
          `query($roomId: ID!) { roomChatHistory(roomId: $roomId) { sender { databaseId } } }`,
          {
            roomId: roomGlobalId(room.id),
          },
        )
      ).data.roomChatHistory.map((m: { sender: { databaseId: number } }) => m.sender.databaseId);
    expect(await history(blocker)).toEqual([blocker.id]);
    expect(await history(blocked)).toEqual([blocked.id]);
    // A reconnecting subscriber catches up without the other's messages either.
    const caughtUp = subscribe<{ sender: { databaseId: number } }>(blocker, query, {
      roomId: roomGlobalId(room.id),
      after: encodeGlobalID('RoomChatMessage', 0),
    });
    await settle(1500);
    expect(caughtUp.errors).toEqual([]);
    expect(caughtUp.received.map((m) => m.sender.databaseId)).toEqual([blocker.id]);
  });

  it('notifications: none about a member a block separates from the viewer, live or caught up', async () => {
    const [blocker, blocked, bystander] = await Promise.all([1, 2, 3].map(() => quickMember(meeting.server.services)));
    // A request sent before the block: its notification is stored, then the block comes.
    await notify(meeting.server.services, blocker.id, 'FRIEND_REQUEST', { userId: blocked.id, friendshipId: 0 });
    await block(blocker, blocked);
    type Seen = { actor: { databaseId: number } | null };
    const query = `subscription($after: ID) { notifications(after: $after) { kind actor { databaseId } } }`;
    const live = subscribe<Seen>(blocker, query);
    const blockedSide = subscribe<Seen>(blocked, query);
    await settle();
    // Live ones (a race with the block), from both sides, and one from a bystander.
    await notify(meeting.server.services, blocker.id, 'FRIEND_REQUEST', { userId: blocked.id, friendshipId: 0 });
    await notify(meeting.server.services, blocked.id, 'FRIEND_ACCEPTED', { userId: blocker.id, friendshipId: 0 });
    await notify(meeting.server.services, blocker.id, 'FRIEND_REQUEST', { userId: bystander.id, friendshipId: 0 });
    await settle();
    // Subscribing afterwards: everything comes from storage.
    const caughtUp = subscribe<Seen>(blocker, query, { after: encodeGlobalID('Notification', 0) });
    await settle(1500);
    const actors = (feed: { received: Seen[] }) => feed.received.map((n) => n.actor?.databaseId);
    expect(actors(live)).toEqual([bystander.id]);
    expect(actors(caughtUp)).toEqual([bystander.id]);
    expect(actors(blockedSide)).toEqual([]);
  });

  it('room events: the blocker is not told the blocked member joined, the bystander is', async () => {
    const { blocker, blocked, bystander, room } = await roomOfThree();
    for (const member of [blocker, bystander]) {
      expect((await meeting.clients.graphql(member, JOIN_ROOM, { roomId: roomGlobalId(room.id) })).data.joinRoom.__typename).toBe(
        'JoinRoomSuccess',
      );
    }
    const query = `subscription { callEvents { kind senderDatabaseId } }`;
    const blockerEvents = subscribe<{ kind: string; senderDatabaseId: number }>(blocker, query);
    const bystanderEvents = subscribe<{ kind: string; senderDatabaseId: number }>(bystander, query);
    await settle();
    await meeting.clients.graphql(blocked, JOIN_ROOM, { roomId: roomGlobalId(room.id) });
    await settle();
    expect(bystanderEvents.received).toContainEqual({ kind: 'JOINED', senderDatabaseId: blocked.id });
    expect(blockerEvents.received.filter((event) => event.senderDatabaseId === blocked.id)).toEqual([]);
  });

  it('group messages: the blocker does not receive the blocked member’s message, the bystander does', async () => {
    const [blocker, blocked, bystander] = await Promise.all([1, 2, 3].map(() => quickMember(meeting.server.services)));
    await block(blocker, blocked);
    const conversation = await meeting.server.services.prisma.conversation.create({
      data: { title: 'Трое', participants: { create: [blocker, blocked, bystander].map((m) => ({ userId: m.id })) } },
    });
    const query = `subscription { messageAdded { content sender { databaseId } } }`;
    const blockerFeed = subscribe<{ content: string }>(blocker, query);
    const bystanderFeed = subscribe<{ content: string }>(bystander, query);
    await settle();
    const sent = await meeting.clients.graphql(
      blocked,
      `mutation($input: SendMessageInput!) { sendMessage(input: $input) { __typename } }`,
      { input: { conversationId: encodeGlobalID('Conversation', conversation.id), content: 'Всем' } },
    );
    expect(sent.data.sendMessage.__typename).toBe('SendMessageSuccess');
    await settle();
    expect(bystanderFeed.received.map((m) => m.content)).toEqual(['Всем']);
    expect(blockerFeed.received).toEqual([]);
  });
});
