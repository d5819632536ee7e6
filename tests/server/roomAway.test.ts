import { describe, expect, it, vi } from 'vitest';
import type { Client } from 'graphql-ws';
import { meetingTestServer, JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';

/**
 * A member whose page goes away in a group room (a reload, a closed tab) says so on pagehide
 * (markAwayInRoom): the others are told at once, the member keeps their place and the room's activity
 * through the presence grace, and joining again within it brings them back as they were.
 */
const GRACE_SECONDS = 1.5;
const meeting = meetingTestServer({ callPresenceGraceSeconds: GRACE_SECONDS });
const { gql } = meeting;

const AWAY = `mutation($roomId: ID!) {
  markAwayInRoom(roomId: $roomId) { __typename ... on Error { message } ... on MarkAwayInRoomSuccess { away } }
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
const JOIN_WITH_MEDIA = `mutation($roomId: ID!, $muted: Boolean, $cameraOff: Boolean) {
  joinRoom(roomId: $roomId, muted: $muted, cameraOff: $cameraOff) { __typename }
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
  const room = await meeting.roomWith([host, guest]);
  const roomId = roomGlobalId(room.id);
  expect((await gql(host, LAUNCH, { roomId, quiz: QUIZ })).launchActivity.__typename).toBe('ActivitySessionPayload');
  return { host, guest, hostSocket, guestEvents, roomId };
}

const roomState = async (member: Member, roomId: string) => (await gql(member, ROOM_STATE, { roomId })).node;

describe('a member whose page goes away in a group room', () => {
  it('is shown away to the others at once and, back within the grace, is host of the running activity as before', async () => {
    const { host, guest, hostSocket, guestEvents, roomId } = await hostAndGuestInRoom();

    // The host reloads: the page says it goes, then its socket closes.
    expect((await gql(host, AWAY, { roomId })).markAwayInRoom).toEqual({ __typename: 'MarkAwayInRoomSuccess', away: true });
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
    expect((await gql(host, AWAY, { roomId })).markAwayInRoom.away).toBe(true);

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
    const { host, guest, hostSocket, guestEvents, roomId } = await hostAndGuestInRoom();
    await gql(host, AWAY, { roomId });
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
    const { host, guest, guestEvents, roomId } = await hostAndGuestInRoom();
    const outsider = await quickMember(meeting.server.services);
    const refused = { __typename: 'ForbiddenError', message: 'Вы не находитесь в этой комнате' };
    expect((await gql(outsider, AWAY, { roomId })).markAwayInRoom).toEqual(refused);
    // Having left, nobody can be marked away in it (the mutation names no one but the viewer).
    await gql(host, `mutation($roomId: ID!) { leaveRoom(roomId: $roomId) { __typename } }`, { roomId });
    expect((await gql(host, AWAY, { roomId })).markAwayInRoom).toEqual(refused);
    const anonymous = await fetch(`${meeting.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: AWAY, variables: { roomId } }),
    });
    expect((await anonymous.json()).data?.markAwayInRoom ?? null).toBeNull();
    await settle();
    expect(guestEvents.kinds(host)).toEqual(['LEFT']);
    expect(guestEvents.kinds(outsider)).toEqual([]);
    expect((await roomState(guest, roomId)).participants).toEqual([{ away: false, user: { databaseId: guest.id } }]);
  });

  it('is told which room to enter again (with their microphone and camera) until they are back or the grace ends', async () => {
    const { host, guest, hostSocket, guestEvents, roomId } = await hostAndGuestInRoom();
    expect((await gql(host, MEDIA_STATE, { roomId, muted: true, cameraOff: false })).setRoomMediaState.__typename).toBe(
      'RoomParticipant',
    );
    // Present in the room: nothing to resume.
    expect((await gql(host, TO_RESUME)).roomToResume).toBeNull();

    await gql(host, AWAY, { roomId });
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
    expect((await gql(host, JOIN_WITH_MEDIA, { roomId, muted: true, cameraOff: false })).joinRoom.__typename).toBe(
      'JoinRoomSuccess',
    );
    await waitFor(() => expect(guestEvents.kinds(host)).toEqual(['MEDIA_STATE', 'AWAY', 'JOINED']));
    const joined = guestEvents.received.find((event) => event.kind === 'JOINED' && event.senderDatabaseId === host.id)!;
    expect(JSON.parse(joined.payload!)).toEqual({ muted: true, cameraOff: false });
    expect((await roomState(guest, roomId)).participants).toEqual([
      { away: false, user: { databaseId: guest.id } },
      { away: false, user: { databaseId: host.id } },
    ]);
    expect((await gql(host, TO_RESUME)).roomToResume).toBeNull();

    // Away again, and the grace ends: nothing left to enter again.
    await gql(host, AWAY, { roomId });
    expect((await gql(host, TO_RESUME)).roomToResume).not.toBeNull();
    await waitFor(
      () => expect(guestEvents.kinds(host)).toEqual(['MEDIA_STATE', 'AWAY', 'JOINED', 'AWAY', 'LEFT']),
      GRACE_SECONDS * 1000 + 4000,
    );
    expect((await gql(host, TO_RESUME)).roomToResume).toBeNull();
  });
});
