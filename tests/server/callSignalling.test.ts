import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from 'graphql-ws';
import { startTestServer } from '../support/app';
import { pruneCallSignals } from '../../server/src/services/calls';
import { befriend, JOIN_ROOM, memberClients, quickMember, roomGlobalId, type Member } from './meetingSupport';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let clients: ReturnType<typeof memberClients>;

beforeAll(async () => {
  server = await startTestServer({ callPresenceGraceSeconds: 0.3 });
  clients = memberClients(server);
});
afterAll(async () => {
  await clients?.dispose();
  await server?.dispose();
});

const graphql = (member: Member, query: string, variables: Record<string, unknown> = {}) =>
  clients.graphql(member, query, variables);
const connect = (member: Member) => clients.connect(member);

type CallEvent = { id: string; kind: string; roomId: string | null; senderDatabaseId: number; payload: string };

/** The member's call events as they arrive; `next(kind)` waits for the next one of that kind. */
function callEvents(client: Client, after?: string) {
  const received: CallEvent[] = [];
  const waiters: { kind: string; resolve: (event: CallEvent) => void }[] = [];
  let failed: unknown = null;
  const unsubscribe = client.subscribe<{ callEvents: CallEvent }>(
    {
      query: 'subscription($after: ID) { callEvents(after: $after) { id kind roomId senderDatabaseId payload } }',
      variables: { after },
    },
    {
      next: (value) => {
        if (value.errors) failed = value.errors;
        const event = value.data!.callEvents;
        received.push(event);
        const waiter = waiters.findIndex((w) => w.kind === event.kind);
        if (waiter >= 0) waiters.splice(waiter, 1)[0].resolve(event);
      },
      error: (error) => {
        failed = error;
      },
      complete: () => {},
    },
  );
  return {
    received,
    unsubscribe,
    get failed() {
      return failed;
    },
    next(kind: string, timeoutMs = 5000) {
      const already = received.find((event) => event.kind === kind && !(event as { taken?: boolean }).taken);
      if (already) {
        (already as { taken?: boolean }).taken = true;
        return Promise.resolve(already);
      }
      return new Promise<CallEvent>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${kind} event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          kind,
          resolve: (event) => {
            clearTimeout(timer);
            (event as { taken?: boolean }).taken = true;
            resolve(event);
          },
        });
      });
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const SIGNAL = `mutation($roomId: ID!, $to: ID!, $data: String!) { sendCallSignal(roomId: $roomId, toUserId: $to, data: $data) { __typename ... on Error { message } } }`;

async function room(maxParticipants = 10) {
  return server.services.prisma.room.create({ data: { name: 'Комната', maxParticipants } });
}

describe('signalling in a room', () => {
  it('relays offers between people in the same room and refuses anyone outside it', async () => {
    const [anna, boris, clara] = await Promise.all([1, 2, 3].map(() => quickMember(server.services)));
    const shared = await room();
    const other = await room();
    const annaEvents = callEvents(connect(anna));
    const borisEvents = callEvents(connect(boris));
    const claraEvents = callEvents(connect(clara));
    await settle();

    await graphql(anna, JOIN_ROOM, { roomId: roomGlobalId(shared.id) });
    const joined = await graphql(boris, JOIN_ROOM, { roomId: roomGlobalId(shared.id) });
    expect(joined.data.joinRoom.participants).toEqual([{ user: { databaseId: anna.id } }]);
    const borisJoined = await annaEvents.next('JOINED');
    expect(borisJoined).toMatchObject({ senderDatabaseId: boris.id, roomId: roomGlobalId(shared.id) });
    await graphql(clara, JOIN_ROOM, { roomId: roomGlobalId(other.id) });

    const offer = JSON.stringify({ type: 'offer', sdp: 'v=0' });
    expect(await graphql(boris, SIGNAL, { roomId: roomGlobalId(shared.id), to: anna.globalId, data: offer })).toEqual({
      data: { sendCallSignal: { __typename: 'SendCallSignalSuccess' } },
    });
    const relayed = await annaEvents.next('SIGNAL');
    expect(relayed.senderDatabaseId).toBe(boris.id);
    expect(JSON.parse(relayed.payload)).toEqual({ data: { type: 'offer', sdp: 'v=0' } });
    // Signals that came while the previous request was on its way travel together, in order.
    const candidates = [{ candidate: { candidate: 'one' } }, { candidate: { candidate: 'two' } }];
    await graphql(boris, SIGNAL, { roomId: roomGlobalId(shared.id), to: anna.globalId, data: JSON.stringify(candidates) });
    expect(JSON.parse((await annaEvents.next('SIGNAL')).payload)).toEqual({ data: candidates });

    // To someone in another room, from someone in another room, to a stranger: refused, nothing stored.
    const before = await server.services.prisma.callSignal.count({ where: { kind: 'SIGNAL' } });
    const toOutsider = await graphql(boris, SIGNAL, { roomId: roomGlobalId(shared.id), to: clara.globalId, data: offer });
    expect(toOutsider.data.sendCallSignal).toEqual({ __typename: 'ForbiddenError', message: 'Этого участника нет в комнате' });
    const fromOutsider = await graphql(clara, SIGNAL, { roomId: roomGlobalId(shared.id), to: anna.globalId, data: offer });
    expect(fromOutsider.data.sendCallSignal).toEqual({
      __typename: 'ForbiddenError',
      message: 'Вы не находитесь в этой комнате',
    });
    const notJson = await graphql(boris, SIGNAL, { roomId: roomGlobalId(shared.id), to: anna.globalId, data: 'not json' });
    expect(notJson.data.sendCallSignal.__typename).toBe('ValidationError');
    // A batch is an array of signals: an empty one, or one holding anything else, is refused whole.
    for (const data of [
      '[]',
      '[{"candidate":"a"},"b"]',
      JSON.stringify(Array.from({ length: 101 }, () => ({ candidate: 'a' }))),
    ]) {
      const refused = await graphql(boris, SIGNAL, { roomId: roomGlobalId(shared.id), to: anna.globalId, data });
      expect(refused.data.sendCallSignal.__typename).toBe('ValidationError');
    }
    expect(await server.services.prisma.callSignal.count({ where: { kind: 'SIGNAL' } })).toBe(before);
    await settle();
    expect(claraEvents.received.filter((event) => event.kind === 'SIGNAL')).toEqual([]);

    // Mute state reaches the others; leaving tells them too.
    await graphql(
      boris,
      `
        mutation ($roomId: ID!) {
          setRoomMediaState(roomId: $roomId, muted: true, cameraOff: false) {
            ... on RoomParticipant {
              muted
            }
          }
        }
      `,
      {
        roomId: roomGlobalId(shared.id),
      },
    );
    expect(JSON.parse((await annaEvents.next('MEDIA_STATE')).payload)).toEqual({ muted: true, cameraOff: false });
    await graphql(
      boris,
      `
        mutation ($roomId: ID!) {
          leaveRoom(roomId: $roomId) {
            ... on LeaveRoomSuccess {
              left
            }
          }
        }
      `,
      { roomId: roomGlobalId(shared.id) },
    );
    expect((await annaEvents.next('LEFT')).senderDatabaseId).toBe(boris.id);
    expect(borisEvents.failed).toBeNull();
  });

  it('lets a client that reconnects catch up on what was stored after the last event it saw', async () => {
    const [anna, boris] = await Promise.all([1, 2].map(() => quickMember(server.services)));
    const shared = await room();
    await graphql(anna, JOIN_ROOM, { roomId: roomGlobalId(shared.id) });
    const firstClient = connect(anna);
    const first = callEvents(firstClient);
    await settle();
    await graphql(boris, JOIN_ROOM, { roomId: roomGlobalId(shared.id) });
    const seen = await first.next('JOINED');
    first.unsubscribe();
    await firstClient.dispose();

    // Two signals while Anna's socket is down, one after she is back.
    for (const n of [1, 2]) {
      await graphql(boris, SIGNAL, {
        roomId: roomGlobalId(shared.id),
        to: anna.globalId,
        data: JSON.stringify({ candidate: n }),
      });
    }
    const again = callEvents(connect(anna), seen.id);
    await settle();
    await graphql(boris, SIGNAL, { roomId: roomGlobalId(shared.id), to: anna.globalId, data: JSON.stringify({ candidate: 3 }) });
    for (const n of [1, 2, 3]) expect(JSON.parse((await again.next('SIGNAL')).payload).data).toEqual({ candidate: n });
    expect(again.received.map((event) => event.kind)).toEqual(['SIGNAL', 'SIGNAL', 'SIGNAL']);
  });

  it('takes a member whose connection dropped out of the room after the grace period', async () => {
    const [anna, boris] = await Promise.all([1, 2].map(() => quickMember(server.services)));
    const shared = await room();
    const annaEvents = callEvents(connect(anna));
    const borisClient = connect(boris);
    callEvents(borisClient);
    await settle();
    await graphql(anna, JOIN_ROOM, { roomId: roomGlobalId(shared.id) });
    await graphql(boris, JOIN_ROOM, { roomId: roomGlobalId(shared.id) });
    await borisClient.dispose();
    expect((await annaEvents.next('LEFT')).senderDatabaseId).toBe(boris.id);
    expect(await server.services.prisma.roomParticipant.count({ where: { roomId: shared.id, leftAt: null } })).toBe(1);
  });
});

describe('stored signals', () => {
  it('are deleted after a day', async () => {
    const [anna, boris] = await Promise.all([1, 2].map(() => quickMember(server.services)));
    const row = (createdAt: Date) => ({ senderId: anna.id, recipientId: boris.id, kind: 'SIGNAL', createdAt });
    await server.services.prisma.callSignal.createMany({
      data: [row(new Date(Date.now() - 25 * 3600_000)), row(new Date(Date.now() - 23 * 3600_000))],
    });
    expect(await pruneCallSignals(server.services)).toBeGreaterThanOrEqual(1);
    const left = await server.services.prisma.callSignal.findMany({ where: { senderId: anna.id } });
    expect(left).toHaveLength(1);
    expect(left[0]!.createdAt.getTime()).toBeGreaterThan(Date.now() - 24 * 3600_000);
  });
});

describe('room occupancy', () => {
  it('tells everyone who may see a room when people join and leave it, and nobody about a private class', async () => {
    const [anna, boris, watcher] = await Promise.all([1, 2, 3].map(() => quickMember(server.services)));
    const open = await room();
    const secretClass = await server.services.prisma.meetingClass.create({
      data: { name: 'Закрытый', isPrivate: true, createdById: anna.id, members: { create: { userId: anna.id, role: 'admin' } } },
    });
    const secret = await server.services.prisma.room.create({ data: { name: 'Тайная', classId: secretClass.id } });
    const seen: { databaseId: number; participantCount: number }[] = [];
    let failed: unknown = null;
    connect(watcher).subscribe<{ roomOccupancyChanged: { databaseId: number; participantCount: number } }>(
      { query: 'subscription { roomOccupancyChanged { databaseId participantCount } }' },
      {
        next: (value) => (value.errors ? (failed = value.errors) : seen.push(value.data!.roomOccupancyChanged)),
        error: (error) => (failed = error),
        complete: () => {},
      },
    );
    await settle();

    const counted = (count: number) =>
      vi.waitFor(() => expect(seen.at(-1)).toEqual({ databaseId: open.id, participantCount: count }), { timeout: 3000 });
    await graphql(anna, JOIN_ROOM, { roomId: roomGlobalId(open.id) });
    await counted(1);
    await graphql(boris, JOIN_ROOM, { roomId: roomGlobalId(open.id) });
    await counted(2);
    await graphql(
      boris,
      `
        mutation ($roomId: ID!) {
          leaveRoom(roomId: $roomId) {
            __typename
          }
        }
      `,
      { roomId: roomGlobalId(open.id) },
    );
    await counted(1);
    // Anna moves to the private class's room: the open room empties; the private one is not shown to the watcher.
    await graphql(anna, JOIN_ROOM, { roomId: roomGlobalId(secret.id) });
    await counted(0);
    await settle();
    expect(failed).toBeNull();
    expect(seen.map((event) => event.databaseId)).not.toContain(secret.id);
  });
});

describe('one-to-one calls', () => {
  it('rings a contact, who accepts; hanging up ends the call for both', async () => {
    const [caller, callee] = await Promise.all([quickMember(server.services, 'Анна'), quickMember(server.services, 'Борис')]);
    await befriend(server.services, caller, callee);
    const callerEvents = callEvents(connect(caller));
    const calleeEvents = callEvents(connect(callee));
    // Elsewhere in the app (not the meeting area): invites only, and no presence.
    const calleeElsewhere: { kind: string }[] = [];
    connect(callee).subscribe<{ incomingCalls: { kind: string } }>(
      { query: 'subscription { incomingCalls { kind } }' },
      { next: (value) => calleeElsewhere.push(value.data!.incomingCalls), error: () => {}, complete: () => {} },
    );
    await settle();

    const started = await graphql(
      caller,
      `
        mutation ($to: ID!) {
          startCall(calleeId: $to, media: VIDEO) {
            ... on Room {
              id
              type
              participantCount
            }
          }
        }
      `,
      {
        to: callee.globalId,
      },
    );
    expect(started.data.startCall).toMatchObject({ type: 'VIDEO_CALL', participantCount: 1 });
    const invite = await calleeEvents.next('CALL_INVITE');
    expect(invite).toMatchObject({ senderDatabaseId: caller.id, roomId: started.data.startCall.id });
    expect(JSON.parse(invite.payload)).toEqual({ media: 'video' });
    const PENDING = `query($room: ID!) { pendingCall(roomId: $room) { media caller { databaseId } } }`;
    expect((await graphql(callee, PENDING, { room: invite.roomId })).data.pendingCall).toEqual({
      media: 'VIDEO',
      caller: { databaseId: caller.id },
    });

    const accepted = await graphql(
      callee,
      `
        mutation ($room: ID!) {
          acceptCall(roomId: $room) {
            ... on JoinRoomSuccess {
              room {
                participantCount
              }
              participants {
                user {
                  databaseId
                }
              }
            }
          }
        }
      `,
      {
        room: invite.roomId,
      },
    );
    expect(accepted.data.acceptCall.room.participantCount).toBe(2);
    // The callee connects to the others only: listing the callee too made them call themself (a ghost tile).
    expect(accepted.data.acceptCall.participants).toEqual([{ user: { databaseId: caller.id } }]);
    await callerEvents.next('JOINED');
    expect((await graphql(callee, PENDING, { room: invite.roomId })).data.pendingCall).toBeNull();

    // A third person cannot enter a call, even knowing its id.
    const third = await quickMember(server.services);
    expect((await graphql(third, JOIN_ROOM, { roomId: invite.roomId })).data.joinRoom).toEqual({
      __typename: 'NotFoundError',
      message: 'Комната не найдена или закрыта',
    });

    await graphql(
      caller,
      `
        mutation ($room: ID!) {
          leaveRoom(roomId: $room) {
            ... on LeaveRoomSuccess {
              left
            }
          }
        }
      `,
      { room: invite.roomId },
    );
    expect((await calleeEvents.next('CALL_ENDED')).senderDatabaseId).toBe(caller.id);
    await settle();
    expect(calleeElsewhere.map((event) => event.kind)).toEqual(['CALL_INVITE', 'CALL_ENDED']);
    const call = await server.services.prisma.room.findFirstOrThrow({ where: { createdById: caller.id } });
    expect(call.isActive).toBe(false);
    expect(await server.services.prisma.roomParticipant.count({ where: { roomId: call.id, leftAt: null } })).toBe(0);
  });

  it('tells the caller when the callee declines, and refuses calls to people who are not contacts', async () => {
    const [caller, callee, stranger] = await Promise.all([1, 2, 3].map(() => quickMember(server.services)));
    await befriend(server.services, caller, callee);
    const callerEvents = callEvents(connect(caller));
    const calleeEvents = callEvents(connect(callee));
    await settle();
    await graphql(
      caller,
      `
        mutation ($to: ID!) {
          startCall(calleeId: $to, media: AUDIO) {
            __typename
            ... on Error {
              message
            }
            ... on Room {
              id
            }
          }
        }
      `,
      { to: callee.globalId },
    );
    const invite = await calleeEvents.next('CALL_INVITE');
    expect(
      await graphql(
        callee,
        `
          mutation ($room: ID!) {
            declineCall(roomId: $room) {
              __typename
            }
          }
        `,
        { room: invite.roomId },
      ),
    ).toEqual({
      data: { declineCall: { __typename: 'DeclineCallSuccess' } },
    });
    expect((await callerEvents.next('CALL_DECLINED')).senderDatabaseId).toBe(callee.id);

    const refused = await graphql(
      caller,
      `
        mutation ($to: ID!) {
          startCall(calleeId: $to, media: AUDIO) {
            __typename
            ... on Error {
              message
            }
            ... on Room {
              id
            }
          }
        }
      `,
      { to: stranger.globalId },
    );
    expect(refused.data.startCall).toEqual({
      __typename: 'ForbiddenError',
      message: 'Позвонить можно только пользователю из ваших контактов',
    });
  });
});
