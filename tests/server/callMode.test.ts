import { describe, expect, it } from 'vitest';
import Janode, { type JanodeConnection } from 'janode';
import VideoRoomPlugin from 'janode/plugins/videoroom';
import { heardTalking } from '../../server/src/services/activeSpeakers';
import { reopenSfuRooms } from '../../server/src/services/callMode';
import { OBSERVER_DISPLAY } from '../../server/src/sfu/janusGateway';
import { findExecutable } from '../../server/src/sfu/janusProcess';
import { JOIN_ROOM, meetingTestServer, quickMember, roomGlobalId, type Member } from './meetingSupport';

/**
 * Mesh or SFU, decided by the server, against the real Janus from Debian (no media flows, so no
 * network namespace): the 7th joiner switches the room to the SFU and everyone gets a token the
 * VideoRoom admits; back at the mesh size the room returns to mesh; after Janus restarts, rooms
 * in SFU mode get a new epoch, new tokens and their VideoRoom again.
 */
const janusInstalled = findExecutable('janus') !== null;
if (!janusInstalled && !process.env.CI)
  console.warn('callMode.test.ts skipped: the janus binary is not installed (CI installs it)');

const JOIN_WITH_MODE = `mutation($roomId: ID!) {
  joinRoom(roomId: $roomId) {
    __typename ... on JoinRoomSuccess { call { mode epoch sfuToken videoPublishers } } ... on Error { message }
  }
}`;
const LEAVE_ROOM = 'mutation($roomId: ID!) { leaveRoom(roomId: $roomId) { __typename } }';

type ModeEvent = { mode: string; epoch: number; token?: string };

describe.skipIf(!janusInstalled && !process.env.CI)('call mode', () => {
  const meeting = meetingTestServer({
    janusSpawn: true,
    janusPort: 18201,
    janusRtpPorts: '18204-18209',
    janusIceInterfaces: 'v0',
    meshMaxParticipants: 6,
    sfuMeshReturnSeconds: 1,
    sfuMaxVideoPublishers: 7,
  });
  const services = () => meeting.server.services;

  /** The CALL_MODE events stored for `member` in the room, oldest first. */
  async function modeEvents(member: Member, roomId: number): Promise<ModeEvent[]> {
    const rows = await services().prisma.callSignal.findMany({
      where: { roomId, recipientId: member.id, kind: 'CALL_MODE' },
      orderBy: { id: 'asc' },
    });
    return rows.map((row) => row.payload as ModeEvent);
  }

  /** Joins the room's VideoRoom as a publisher straight on Janus (as a browser does through /janus). */
  async function joinsVideoRoom(roomId: number, member: Member, token: string): Promise<boolean> {
    const connection: JanodeConnection = await Janode.connect({
      address: { url: services().sfu.browserUpstream },
      max_retries: 0,
    });
    try {
      const session = await connection.create();
      const handle = (await session.attach(VideoRoomPlugin)) as unknown as {
        joinPublisher(opts: { room: string; display: string; token: string }): Promise<unknown>;
      };
      return await handle.joinPublisher({ room: String(roomId), display: String(member.id), token }).then(
        () => true,
        () => false,
      );
    } finally {
      await connection.close().catch(() => {});
    }
  }

  /** The video publishers of each VIDEO_PUBLISHERS event stored for `member` in the room, oldest first. */
  async function seatEvents(member: Member, roomId: number): Promise<number[][]> {
    const rows = await services().prisma.callSignal.findMany({
      where: { roomId, recipientId: member.id, kind: 'VIDEO_PUBLISHERS' },
      orderBy: { id: 'asc' },
    });
    return rows.map((row) => (row.payload as { userIds: number[] }).userIds);
  }

  const roomMode = (roomId: number) =>
    services().prisma.room.findUniqueOrThrow({ where: { id: roomId }, select: { callMode: true, callEpoch: true } });

  it('switches at the 7th joiner, gives each member a token the VideoRoom admits, and returns to mesh at 6', async () => {
    expect(services().sfu.status()).toBe('up');
    const room = await services().prisma.room.create({ data: { name: 'Большая', maxParticipants: 20 } });
    const people = await Promise.all(Array.from({ length: 7 }, () => quickMember(services())));
    for (const person of people.slice(0, 6)) {
      const joined = await meeting.gql(person, JOIN_WITH_MODE, { roomId: roomGlobalId(room.id) });
      expect(joined.joinRoom.call).toEqual({ mode: 'MESH', epoch: 0, sfuToken: null, videoPublishers: null });
    }
    const seventh = await meeting.gql(people[6]!, JOIN_WITH_MODE, { roomId: roomGlobalId(room.id) });
    expect(seventh.joinRoom.call).toMatchObject({ mode: 'SFU', epoch: 1 });
    expect(await roomMode(room.id)).toEqual({ callMode: 'sfu', callEpoch: 1 });

    // The six already there are told, each with a token of their own; the newcomer is not told twice.
    const tokens = new Set<string>([seventh.joinRoom.call.sfuToken]);
    for (const person of people.slice(0, 6)) {
      const [event] = await modeEvents(person, room.id);
      expect(event).toMatchObject({ mode: 'sfu', epoch: 1 });
      tokens.add(event!.token!);
    }
    expect(await modeEvents(people[6]!, room.id)).toEqual([]);
    expect(tokens.size).toBe(7);

    // Janus admits each with their own token, and nobody with another's or none.
    const anna = people[0]!;
    const [annaEvent] = await modeEvents(anna, room.id);
    expect(await joinsVideoRoom(room.id, anna, annaEvent!.token!)).toBe(true);
    expect(await joinsVideoRoom(room.id, anna, 'not-a-token')).toBe(false);

    // An 8th joins straight into SFU mode, with a token that works at once.
    const eighth = await quickMember(services());
    const late = await meeting.gql(eighth, JOIN_WITH_MODE, { roomId: roomGlobalId(room.id) });
    expect(late.joinRoom.call).toMatchObject({ mode: 'SFU', epoch: 1 });
    expect(await joinsVideoRoom(room.id, eighth, late.joinRoom.call.sfuToken)).toBe(true);

    // Two leave: six is the mesh size again, and a second later the room is mesh, epoch 2.
    for (const person of [people[5]!, eighth]) await meeting.gql(person, LEAVE_ROOM, { roomId: roomGlobalId(room.id) });
    await expect.poll(() => roomMode(room.id), { timeout: 10_000 }).toEqual({ callMode: 'mesh', callEpoch: 2 });
    // The event follows the switch's commit.
    await expect.poll(async () => (await modeEvents(anna, room.id))[1]).toEqual({ mode: 'mesh', epoch: 2 });
    // The one who left is no longer told anything about the room.
    expect(await modeEvents(people[5]!, room.id)).toHaveLength(1);
  });

  it('gives the video seats to the most recent speakers: the first to arrive, then whoever Janus hears talk', async () => {
    const room = await services().prisma.room.create({ data: { name: 'Говорящие', maxParticipants: 20 } });
    const people = await Promise.all(Array.from({ length: 8 }, () => quickMember(services())));
    const roomId = roomGlobalId(room.id);
    const ids = people.map((person) => person.id);
    for (const person of people.slice(0, 7)) await meeting.gql(person, JOIN_WITH_MODE, { roomId });
    // The switch tells the six who were there that all seven send video (7 seats).
    expect((await modeEvents(people[0]!, room.id)).at(-1)).toMatchObject({ mode: 'sfu', videoPublishers: ids.slice(0, 7) });
    // Janus sends the room's talking events to our observer, a participant that publishes nothing.
    const janus = await Janode.connect({ address: { url: services().sfu.browserUpstream }, max_retries: 0 });
    try {
      const admin = await (await janus.create()).attach({ id: 'janus.plugin.videoroom' });
      const listed = await admin.message({ request: 'listparticipants', room: String(room.id) });
      expect(listed.plugindata?.data?.participants).toEqual([
        expect.objectContaining({ display: OBSERVER_DISPLAY, publisher: false }),
      ]);
    } finally {
      await janus.close().catch(() => {});
    }

    // An eighth finds every seat taken: audio only, and nobody needs telling.
    const eighth = people[7]!;
    const late = await meeting.gql(eighth, JOIN_WITH_MODE, { roomId });
    expect(late.joinRoom.call.videoPublishers).toEqual(ids.slice(0, 7));
    expect(await seatEvents(people[0]!, room.id)).toEqual([]);

    // The eighth speaks: they take the seat of the one who arrived last among those who never spoke.
    await heardTalking(services(), room.id, eighth.id);
    const seated = [eighth.id, ...ids.slice(0, 6)];
    for (const person of people) expect((await seatEvents(person, room.id)).at(-1)).toEqual(seated);
    // Speaking again while seated moves nobody.
    await heardTalking(services(), room.id, eighth.id);
    await heardTalking(services(), room.id, ids[3]!);
    expect(await seatEvents(people[0]!, room.id)).toHaveLength(1);

    // A seated member leaves: the seventh, the one without a seat, gets it back.
    await meeting.gql(people[0]!, LEAVE_ROOM, { roomId });
    expect((await seatEvents(people[1]!, room.id)).at(-1)).toEqual([ids[3], eighth.id, ...[1, 2, 4, 5, 6].map((i) => ids[i])]);
  });

  it('opens the VideoRooms again with a new epoch and new tokens after Janus restarts', async () => {
    const room = await services().prisma.room.create({ data: { name: 'Перезапуск', maxParticipants: 20 } });
    const people = await Promise.all(Array.from({ length: 7 }, () => quickMember(services())));
    for (const person of people) await meeting.gql(person, JOIN_ROOM, { roomId: roomGlobalId(room.id) });
    expect(await roomMode(room.id)).toEqual({ callMode: 'sfu', callEpoch: 1 });
    const before = (await modeEvents(people[0]!, room.id)).at(-1)!;

    process.kill(services().sfu.janusPid!()!, 'SIGKILL');
    await expect.poll(() => services().sfu.status(), { timeout: 10_000 }).toBe('down');
    await expect.poll(() => roomMode(room.id), { timeout: 60_000 }).toEqual({ callMode: 'sfu', callEpoch: 2 });
    // The event follows the reopening's commit.
    await expect.poll(async () => (await modeEvents(people[0]!, room.id)).at(-1)).toMatchObject({ mode: 'sfu', epoch: 2 });
    const after = (await modeEvents(people[0]!, room.id)).at(-1)!;
    expect(after.token).not.toBe(before.token);
    expect(await joinsVideoRoom(room.id, people[0]!, after.token!)).toBe(true);
    expect(await joinsVideoRoom(room.id, people[0]!, before.token!)).toBe(false);

    // A second server process hears Janus come back too, later: it finds the VideoRoom reopened and
    // leaves the room as it is (one epoch bump, one republish), the new tokens still admitted.
    const events = (await modeEvents(people[0]!, room.id)).length;
    await reopenSfuRooms(services());
    expect(await roomMode(room.id)).toEqual({ callMode: 'sfu', callEpoch: 2 });
    expect(await modeEvents(people[0]!, room.id)).toHaveLength(events);
    expect(await joinsVideoRoom(room.id, people[1]!, (await modeEvents(people[1]!, room.id)).at(-1)!.token!)).toBe(true);
  });

  it('reopens a VideoRoom Janus lost when someone joins before any reopening, with a new epoch for everyone', async () => {
    const room = await services().prisma.room.create({ data: { name: 'Потеря', maxParticipants: 20 } });
    const people = await Promise.all(Array.from({ length: 7 }, () => quickMember(services())));
    for (const person of people) await meeting.gql(person, JOIN_ROOM, { roomId: roomGlobalId(room.id) });
    expect(await roomMode(room.id)).toEqual({ callMode: 'sfu', callEpoch: 1 });
    // As Janus has it after a restart the reopening has not reached yet.
    await services().sfu.closeRoom(room.id);

    const eighth = await quickMember(services());
    const joined = await meeting.gql(eighth, JOIN_WITH_MODE, { roomId: roomGlobalId(room.id) });
    expect(joined.joinRoom.call).toMatchObject({ mode: 'SFU', epoch: 2 });
    expect(await roomMode(room.id)).toEqual({ callMode: 'sfu', callEpoch: 2 });
    const told = (await modeEvents(people[0]!, room.id)).at(-1)!;
    expect(told).toMatchObject({ mode: 'sfu', epoch: 2 });
    expect(await joinsVideoRoom(room.id, people[0]!, told.token!)).toBe(true);
    expect(await joinsVideoRoom(room.id, eighth, joined.joinRoom.call.sfuToken)).toBe(true);
  });
});
