import { describe, expect, it, vi } from 'vitest';
import type { Client } from 'graphql-ws';
import { meetingTestServer, JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';
import { createServices } from '../../server/src/services/container';
import { enterCallPresence, markAwayInRoom, stopCallPresence } from '../../server/src/services/callPresence';

/**
 * A member whose page goes away in a group room (a reload, a closed tab) says so on pagehide
 * (markAwayInRoom): the others are told at once, the member keeps their place and the room's activity
 * through the presence grace, and joining again within it brings them back as they were.
 */
const GRACE_SECONDS = 1.5;
const meeting = meetingTestServer({ callPresenceGraceSeconds: GRACE_SECONDS });
const { gql } = meeting;

const AWAY = `mutation($roomId: ID!, $participationId: Int!) {
  markAwayInRoom(roomId: $roomId, participationId: $participationId) {
    __typename ... on Error { message } ... on MarkAwayInRoomSuccess { away }
  }
}`;
const LAUNCH = `mutation($roomId: ID!, $quiz: QuizSetupInput) {
  launchActivity(roomId: $roomId, kind: QUIZ, quiz: $quiz) { __typename ... on ActivitySessionPayload { session { id } } }
}`;
const QUIZ = { questions: [{ prompt: 'Сколько минут в часе?', type: 'MULTIPLE', options: ['60', '100'], correctIndex: 0 }] };
const ROOM_STATE = `query($roomId: ID!) {
  node(id: $roomId) { ... on Room { participants { away user { databaseId } } currentActivity { status host { databaseId } } } }
}`;

const TO_RESUME = `query { roomToResume { away muted cameraOff room { id name } } }`;
const MEDIA_STATE = `mutation($roomId: ID!, $muted: Boolean!, $cameraOff: Boolean!) {
  setRoomMediaState(roomId: $roomId, muted: $muted, cameraOff: $cameraOff) { __typename }
}`;
/** Joins as a page does: `participationId` is the stay its markAwayInRoom names. */
const JOIN = `mutation($roomId: ID!, $muted: Boolean, $cameraOff: Boolean) {
  joinRoom(roomId: $roomId, muted: $muted, cameraOff: $cameraOff) { __typename ... on JoinRoomSuccess { participationId } }
}`;

type Event = { kind: string; senderDatabaseId: number; payload?: string };

/** The member's call events as they arrive (holding them is being present, as the meeting page does). */
function callEvents(client: Client) {
  const received: Event[] = [];
  client.subscribe<{ callEvents: Event }>(
    { query: 'subscription { callEvents { kind senderDatabaseId payload } }' },
    { next: (value) => received.push(value.data!.callEvents), error: () => {}, complete: () => {} },
  );
  return {
    received,
    kinds: (from: Member) => received.filter((event) => event.senderDatabaseId === from.id).map((event) => event.kind),
  };
}

const settle = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));
/** Until `check` passes (vitest's polling, every 50 ms), at most `timeoutMs`. */
const waitFor = (check: () => void, timeoutMs = 4000) => vi.waitFor(check, { timeout: timeoutMs, interval: 50 });

async function hostAndGuestInRoom() {
  const [host, guest] = await Promise.all([
    quickMember(meeting.server.services, 'Хозяйка'),
    quickMember(meeting.server.services, 'Гость'),
  ]);
  const hostSocket = meeting.clients.connect(host);
  callEvents(hostSocket);
  const guestEvents = callEvents(meeting.clients.connect(guest));
  await settle();
  const room = await meeting.roomWith([]);
  const roomId = roomGlobalId(room.id);
  const hostStay: number = (await gql(host, JOIN, { roomId })).joinRoom.participationId;
  expect((await gql(guest, JOIN, { roomId })).joinRoom.__typename).toBe('JoinRoomSuccess');
  expect((await gql(host, LAUNCH, { roomId, quiz: QUIZ })).launchActivity.__typename).toBe('ActivitySessionPayload');
  return { host, guest, hostSocket, guestEvents, room, roomId, hostStay };
}

const roomState = async (member: Member, roomId: string) => (await gql(member, ROOM_STATE, { roomId })).node;

describe('a member whose page goes away in a group room', () => {
  it('is shown away to the others at once and, back within the grace, is host of the running activity as before', async () => {
    const { host, guest, hostSocket, guestEvents, roomId, hostStay } = await hostAndGuestInRoom();

    // The host reloads: the page says it goes, then its socket closes.
    expect((await gql(host, AWAY, { roomId, participationId: hostStay })).markAwayInRoom).toEqual({
      __typename: 'MarkAwayInRoomSuccess',
      away: true,
    });
    await hostSocket.dispose();
    await waitFor(() => expect(guestEvents.kinds(host)).toContain('AWAY'));
    expect(await roomState(guest, roomId)).toEqual({
      participants: [
        { away: true, user: { databaseId: host.id } },
        { away: false, user: { databaseId: guest.id } },
      ],
      currentActivity: { status: 'ACTIVE', host: { databaseId: host.id } },
    });
    // Saying it twice tells nobody twice.
    expect((await gql(host, AWAY, { roomId, participationId: hostStay })).markAwayInRoom.away).toBe(true);

    // The reloaded page is back and joins again before the grace ends.
    callEvents(meeting.clients.connect(host));
    await settle(GRACE_SECONDS * 500);
    expect((await gql(host, JOIN_ROOM, { roomId })).joinRoom.__typename).toBe('JoinRoomSuccess');
    await settle(GRACE_SECONDS * 1000);
    expect(guestEvents.kinds(host)).toEqual(['AWAY', 'JOINED']);
    expect(await roomState(guest, roomId)).toEqual({
      participants: [
        { away: false, user: { databaseId: guest.id } },
        { away: false, user: { databaseId: host.id } },
      ],
      currentActivity: { status: 'ACTIVE', host: { databaseId: host.id } },
    });
  });

  it('leaves when the grace ends without a return, even with the page reloaded but not back in the room', async () => {
    const { host, guest, hostSocket, guestEvents, roomId, hostStay } = await hostAndGuestInRoom();
    await gql(host, AWAY, { roomId, participationId: hostStay });
    await hostSocket.dispose();
    // The reloaded page holds the call events again (present on the site), but never joins the room.
    callEvents(meeting.clients.connect(host));
    await waitFor(() => expect(guestEvents.kinds(host)).toEqual(['AWAY', 'LEFT']), GRACE_SECONDS * 1000 + 4000);
    // As when the host leaves: the activity ends with them.
    expect(await roomState(guest, roomId)).toEqual({
      participants: [{ away: false, user: { databaseId: guest.id } }],
      currentActivity: null,
    });
  });

  it('is for a member of the room, about themself only', async () => {
    const { host, guest, guestEvents, roomId, hostStay } = await hostAndGuestInRoom();
    const outsider = await quickMember(meeting.server.services);
    const refused = { __typename: 'ForbiddenError', message: 'Вы не находитесь в этой комнате' };
    const hostsStay = { roomId, participationId: hostStay };
    expect((await gql(outsider, AWAY, hostsStay)).markAwayInRoom).toEqual(refused);
    // Someone else in the room naming the host's stay marks nobody away: only the viewer's own stay counts.
    expect((await gql(guest, AWAY, hostsStay)).markAwayInRoom).toEqual({ __typename: 'MarkAwayInRoomSuccess', away: false });
    expect((await roomState(guest, roomId)).participants.every((participant: { away: boolean }) => !participant.away)).toBe(true);
    // Having left, nobody can be marked away in it (the mutation names no one but the viewer).
    await gql(host, `mutation($roomId: ID!) { leaveRoom(roomId: $roomId) { __typename } }`, { roomId });
    expect((await gql(host, AWAY, hostsStay)).markAwayInRoom).toEqual(refused);
    const anonymous = await fetch(`${meeting.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: AWAY, variables: hostsStay }),
    });
    expect((await anonymous.json()).data?.markAwayInRoom ?? null).toBeNull();
    await settle();
    expect(guestEvents.kinds(host)).toEqual(['LEFT']);
    expect(guestEvents.kinds(outsider)).toEqual([]);
    expect((await roomState(guest, roomId)).participants).toEqual([{ away: false, user: { databaseId: guest.id } }]);
  });

  it('is told which room to enter again (with their microphone and camera) until they are back or the grace ends', async () => {
    const { host, guest, hostSocket, guestEvents, roomId, hostStay } = await hostAndGuestInRoom();
    expect((await gql(host, MEDIA_STATE, { roomId, muted: true, cameraOff: false })).setRoomMediaState.__typename).toBe(
      'RoomParticipant',
    );
    // Present in the room: nothing to resume.
    expect((await gql(host, TO_RESUME)).roomToResume).toBeNull();

    await gql(host, AWAY, { roomId, participationId: hostStay });
    await hostSocket.dispose();
    const name = (await gql(host, `query($id: ID!) { node(id: $id) { ... on Room { name } } }`, { id: roomId })).node.name;
    expect((await gql(host, TO_RESUME)).roomToResume).toEqual({
      away: true,
      muted: true,
      cameraOff: false,
      room: { id: roomId, name },
    });
    // Only the viewer's own place: the guest, present, has none, nor has an outsider.
    expect((await gql(guest, TO_RESUME)).roomToResume).toBeNull();
    expect((await gql(await quickMember(meeting.server.services), TO_RESUME)).roomToResume).toBeNull();

    // The reloaded page enters again as it was: the others learn it muted from JOINED itself.
    callEvents(meeting.clients.connect(host));
    const rejoined = (await gql(host, JOIN, { roomId, muted: true, cameraOff: false })).joinRoom;
    expect(rejoined.__typename).toBe('JoinRoomSuccess');
    await waitFor(() => expect(guestEvents.kinds(host)).toEqual(['MEDIA_STATE', 'AWAY', 'JOINED']));
    const joined = guestEvents.received.find((event) => event.kind === 'JOINED' && event.senderDatabaseId === host.id)!;
    expect(JSON.parse(joined.payload!)).toEqual({ muted: true, cameraOff: false });
    expect((await roomState(guest, roomId)).participants).toEqual([
      { away: false, user: { databaseId: guest.id } },
      { away: false, user: { databaseId: host.id } },
    ]);
    expect((await gql(host, TO_RESUME)).roomToResume).toBeNull();

    // Away again, and the grace ends: nothing left to enter again.
    await gql(host, AWAY, { roomId, participationId: rejoined.participationId });
    expect((await gql(host, TO_RESUME)).roomToResume).not.toBeNull();
    await waitFor(
      () => expect(guestEvents.kinds(host)).toEqual(['MEDIA_STATE', 'AWAY', 'JOINED', 'AWAY', 'LEFT']),
      GRACE_SECONDS * 1000 + 4000,
    );
    expect((await gql(host, TO_RESUME)).roomToResume).toBeNull();
  });

  it('stays present when the away request of the page before a reload arrives after the reloaded page joined again', async () => {
    const { host, guest, hostSocket, guestEvents, roomId, hostStay } = await hostAndGuestInRoom();
    // The host reloads and their page's away request is slow: the reloaded page is back in the room first.
    await hostSocket.dispose();
    callEvents(meeting.clients.connect(host));
    const rejoined = (await gql(host, JOIN, { roomId })).joinRoom;
    expect(rejoined.participationId).not.toBe(hostStay);
    // The late request names the stay its page had, which is over: nothing changes, and nobody is told.
    expect((await gql(host, AWAY, { roomId, participationId: hostStay })).markAwayInRoom).toEqual({
      __typename: 'MarkAwayInRoomSuccess',
      away: false,
    });
    await settle(GRACE_SECONDS * 1000 + 1500);
    expect(guestEvents.kinds(host)).toEqual(['JOINED']);
    expect(await roomState(guest, roomId)).toEqual({
      participants: [
        { away: false, user: { databaseId: guest.id } },
        { away: false, user: { databaseId: host.id } },
      ],
      currentActivity: { status: 'ACTIVE', host: { databaseId: host.id } },
    });
    expect((await gql(host, TO_RESUME)).roomToResume).toBeNull();
  });

  it('leaves when the grace ends even though the process that started it stopped since (a restart, the other process of two)', async () => {
    const { host, guest, guestEvents, room, roomId, hostStay } = await hostAndGuestInRoom();
    const third = await quickMember(meeting.server.services, 'Третий');
    expect((await gql(third, JOIN, { roomId })).joinRoom.__typename).toBe('JoinRoomSuccess');
    // A second process on the same database (sharing no Redis with this one here, so its AWAY reaches
    // nobody): the host's page tells it that it goes, and the third member's connection is held by it.
    const { services } = meeting.server;
    const other = createServices(services.config, services.db, { log: services.log });
    expect(await markAwayInRoom(other, host.id, room.id, hostStay)).toBe(true);
    enterCallPresence(other, third.id);
    // That process stops (its sockets close) before the grace ends: whatever it held in memory is gone.
    await stopCallPresence(other);
    await other.close();

    // This process never heard of either, and its sweep ends both stays as their own timers would have:
    // the room is told, and the host's activity ends with them.
    await waitFor(
      () => {
        expect(guestEvents.kinds(host)).toEqual(['LEFT']);
        expect(guestEvents.kinds(third)).toEqual(['JOINED', 'LEFT']);
      },
      GRACE_SECONDS * 2000 + 4000,
    );
    expect(await roomState(guest, roomId)).toEqual({
      participants: [{ away: false, user: { databaseId: guest.id } }],
      currentActivity: null,
    });
  });
});
