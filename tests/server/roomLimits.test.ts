import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';

/**
 * Joining a room is refused past each limit (the room's maximum, the mesh size, the participant
 * plan), for people outside a class, and when group calls are off; each refusal names its limit.
 */
let app: TestApp;
beforeAll(async () => {
  // A mesh larger than the basic plan, so the plan limit can be reached on its own.
  app = await createTestApp({ meshMaxParticipants: 20 });
});
afterAll(() => app?.dispose());

const join = async (member: Member, roomId: number, locale = 'ru') =>
  await app.graphql(JOIN_ROOM, { roomId: roomGlobalId(roomId) }, { token: member.token, headers: { 'accept-language': locale } });

async function openRoom(maxParticipants: number, classId?: number) {
  return app.services.prisma.room.create({ data: { name: 'Комната', maxParticipants, classId } });
}

const members = (count: number) => Promise.all(Array.from({ length: count }, () => quickMember(app.services)));

describe('joining a room', () => {
  it("lets people in up to the room's maximum and refuses the next one, naming it", async () => {
    const room = await openRoom(2);
    const [a, b, c] = await members(3);
    expect((await join(a, room.id)).data.joinRoom).toMatchObject({ __typename: 'JoinRoomSuccess', participants: [] });
    const second = (await join(b, room.id)).data.joinRoom;
    expect(second.participants).toEqual([{ user: { databaseId: a.id } }]);
    expect(second.room.participantCount).toBe(2);
    expect((await join(c, room.id, 'en')).data.joinRoom).toEqual({
      __typename: 'LimitReachedError',
      message: 'The room is full: it holds at most 2 participants',
      limit: 2,
    });
    // Rejoining (a reload) does not take a second seat.
    expect((await join(b, room.id)).data.joinRoom.__typename).toBe('JoinRoomSuccess');
    expect(await app.services.prisma.roomParticipant.count({ where: { roomId: room.id, leftAt: null } })).toBe(2);
  });

  it('refuses the participant past the current participant plan, and lets them in on a bigger plan', async () => {
    const room = await openRoom(100);
    const people = await members(11);
    for (const person of people.slice(0, 10))
      expect((await join(person, room.id)).data.joinRoom.__typename).toBe('JoinRoomSuccess');
    expect((await join(people[10], room.id)).data.joinRoom).toEqual({
      __typename: 'LimitReachedError',
      message: 'Тарифный план групповых звонков «basic» допускает не более 10 участников',
      limit: 10,
    });
    await app.services.prisma.meetingParticipantPlan.create({ data: { plan: 'professional' } });
    expect((await join(people[10], room.id)).data.joinRoom.__typename).toBe('JoinRoomSuccess');
    await app.services.prisma.meetingParticipantPlan.create({ data: { plan: 'basic' } });
  });

  it('refuses everyone when group calls are switched off', async () => {
    const room = await openRoom(10);
    const [a] = await members(1);
    await app.services.prisma.meetingSetting.create({ data: { key: 'group_video_calls_enabled', value: 'false' } });
    try {
      expect((await join(a, room.id)).data.joinRoom).toMatchObject({
        __typename: 'ForbiddenError',
        message: 'Групповые видеозвонки отключены администратором',
      });
    } finally {
      await app.services.prisma.meetingSetting.delete({ where: { key: 'group_video_calls_enabled' } });
    }
    expect((await join(a, room.id)).data.joinRoom.__typename).toBe('JoinRoomSuccess');
  });

  it('admits the members of a class (guests too) and nobody else', async () => {
    const [owner, guest, outsider] = await members(3);
    const open = await app.services.prisma.meetingClass.create({
      data: {
        name: 'Открытый',
        members: {
          create: [
            { userId: owner.id, role: 'admin' },
            { userId: guest.id, role: 'guest' },
          ],
        },
      },
    });
    const hidden = await app.services.prisma.meetingClass.create({
      data: { name: 'Закрытый', isPrivate: true, members: { create: [{ userId: owner.id, role: 'admin' }] } },
    });
    const openRoomRow = await openRoom(10, open.id);
    const hiddenRoom = await openRoom(10, hidden.id);
    expect((await join(guest, openRoomRow.id)).data.joinRoom.__typename).toBe('JoinRoomSuccess');
    const refused = await join(outsider, openRoomRow.id);
    expect(refused.data.joinRoom).toMatchObject({ __typename: 'ForbiddenError', message: 'Вы не участник этого класса' });
    const hiddenRefused = await join(outsider, hiddenRoom.id);
    expect(hiddenRefused.data.joinRoom).toMatchObject({ __typename: 'NotFoundError', message: 'Комната не найдена или закрыта' });
    expect(await app.services.prisma.roomParticipant.count({ where: { userId: outsider.id } })).toBe(0);
  });

  it('takes a member out of their previous room', async () => {
    const [first, second] = [await openRoom(10), await openRoom(10)];
    const [a] = await members(1);
    await join(a, first.id);
    await join(a, second.id);
    const open = await app.services.prisma.roomParticipant.findMany({ where: { userId: a.id, leftAt: null } });
    expect(open.map((row) => row.roomId)).toEqual([second.id]);
  });
});

describe('the mesh size', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ meshMaxParticipants: 3 });
  });
  afterAll(() => small?.dispose());

  it('refuses the joiner past it with a message that names the limit', async () => {
    const room = await small.services.prisma.room.create({ data: { name: 'Большая', maxParticipants: 50 } });
    const people = await Promise.all(Array.from({ length: 4 }, () => quickMember(small.services)));
    for (const person of people.slice(0, 3)) {
      const result = await small.graphql(JOIN_ROOM, { roomId: roomGlobalId(room.id) }, { token: person.token });
      expect(result.data.joinRoom.__typename).toBe('JoinRoomSuccess');
    }
    const fourth = await small.graphql(JOIN_ROOM, { roomId: roomGlobalId(room.id) }, { token: people[3].token });
    expect(fourth.data.joinRoom).toEqual({
      __typename: 'LimitReachedError',
      message: 'В звонке может быть не более 3 участников: медиасервер недоступен, и браузеры соединяются друг с другом напрямую',
      limit: 3,
    });
    const config = await small.graphql(
      `{ meetingConfig { meshMaxParticipants participantPlan planMaxParticipants iceServers { urls } } }`,
      {},
      { token: people[0].token },
    );
    expect(config.data.meetingConfig).toEqual({
      meshMaxParticipants: 3,
      participantPlan: 'basic',
      planMaxParticipants: 10,
      iceServers: [],
    });
  });
});
