import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classPermissions } from '../../server/src/services/meetingClasses';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember, roomGlobalId, type Member } from './meetingSupport';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const CLASS_FIELDS = `id databaseId name isPrivate maxRooms allowUserCreateRooms viewerRole
  viewerCan { createRoom openSettings deleteRooms deleteClass }`;

async function createClass(owner: Member, input: Record<string, unknown> = {}) {
  const result = await app.graphql(
    `mutation($input: MeetingClassInput!) {
      createMeetingClass(input: $input) {
        __typename
        ... on ValidationError { message fieldErrors { path message } }
        ... on MeetingClassPayload { meetingClass { ${CLASS_FIELDS} } }
      }
    }`,
    { input: { name: 'Класс', ...input } },
    { token: owner.token },
  );
  return result.data!.createMeetingClass;
}

async function addMember(owner: Member, classId: string, member: Member, role: string) {
  const result = await app.graphql(
    `mutation($classId: ID!, $username: String!, $role: ClassRole!) {
      addMeetingClassMember(classId: $classId, username: $username, role: $role) {
        __typename
        ... on Error { message }
        ... on MeetingClass { id }
      }
    }`,
    { classId, username: member.username, role },
    { token: owner.token },
  );
  return result;
}

async function createRoom(member: Member, classId: string | null, input: Record<string, unknown> = {}) {
  const result = await app.graphql(
    `mutation($classId: ID, $input: CreateRoomInput!) {
      createRoom(classId: $classId, input: $input) {
        __typename
        ... on Error { message }
        ... on LimitReachedError { limit }
        ... on RoomPayload { room { id databaseId name type maxParticipants } }
      }
    }`,
    { classId, input: { name: 'Комната', ...input } },
    { token: member.token },
  );
  return result;
}

const deleteRoom = (member: Member, roomId: string) =>
  app.graphql(
    `mutation($roomId: ID!) { deleteRoom(roomId: $roomId) { __typename ... on Error { message } ... on DeleteRoomSuccess { deletedId } } }`,
    { roomId },
    { token: member.token },
  );

describe('class roles (spec section 6)', () => {
  it('grant exactly the documented permissions', () => {
    const open = { allowUserCreateRooms: true };
    const closed = { allowUserCreateRooms: false };
    const all = { createRoom: true, openSettings: true, deleteRooms: true, deleteClass: true };
    expect(classPermissions('admin', closed)).toEqual(all);
    expect(classPermissions('moderator', closed)).toEqual({
      createRoom: false,
      openSettings: true,
      deleteRooms: true,
      deleteClass: false,
    });
    expect(classPermissions('moderator', open)).toEqual({
      createRoom: true,
      openSettings: true,
      deleteRooms: true,
      deleteClass: false,
    });
    expect(classPermissions('member', closed)).toEqual({
      createRoom: false,
      openSettings: false,
      deleteRooms: false,
      deleteClass: false,
    });
    expect(classPermissions('member', open)).toEqual({
      createRoom: true,
      openSettings: false,
      deleteRooms: false,
      deleteClass: false,
    });
    expect(classPermissions('guest', open)).toEqual({
      createRoom: false,
      openSettings: false,
      deleteRooms: false,
      deleteClass: false,
    });
    expect(classPermissions(null, open)).toEqual({
      createRoom: false,
      openSettings: false,
      deleteRooms: false,
      deleteClass: false,
    });
  });

  it('make the creator the admin, and the server enforces who creates and deletes rooms and the class', async () => {
    const [admin, moderator, member, guest] = await Promise.all(
      ['Админ', 'Модератор', 'Участник', 'Гость'].map((name) => quickMember(app.services, name)),
    );
    const created = await createClass(admin, { name: 'Веб', maxRooms: 5 });
    expect(created.meetingClass).toMatchObject({
      name: 'Веб',
      maxRooms: 5,
      allowUserCreateRooms: false,
      isPrivate: false,
      viewerRole: 'ADMIN',
      viewerCan: { createRoom: true, openSettings: true, deleteRooms: true, deleteClass: true },
    });
    const classId = created.meetingClass.id;
    for (const [who, role] of [
      [moderator, 'MODERATOR'],
      [member, 'MEMBER'],
      [guest, 'GUEST'],
    ] as const) {
      expect((await addMember(admin, classId, who, role)).data?.addMeetingClassMember.__typename).toBe('MeetingClass');
    }

    // Rooms by users are off: only the admin creates.
    const refused = await createRoom(member, classId);
    expect(refused.data?.createRoom).toEqual({
      __typename: 'ForbiddenError',
      message: 'В этом классе комнаты создаёт только администратор класса',
    });
    expect((await createRoom(moderator, classId)).data?.createRoom.__typename).toBe('ForbiddenError');
    expect((await createRoom(admin, classId)).data?.createRoom.__typename).toBe('RoomPayload');

    // Turned on: moderator and member create; a guest never does.
    const update = await app.graphql(
      `mutation($classId: ID!, $input: MeetingClassInput!) {
        updateMeetingClass(classId: $classId, input: $input) { __typename ... on MeetingClassPayload { meetingClass { allowUserCreateRooms } } }
      }`,
      { classId, input: { name: 'Веб', allowUserCreateRooms: true } },
      { token: moderator.token },
    );
    expect(update.data?.updateMeetingClass.meetingClass.allowUserCreateRooms).toBe(true);
    const memberRoom = (await createRoom(member, classId, { name: 'Моя комната' })).data?.createRoom.room;
    expect(memberRoom).toMatchObject({ name: 'Моя комната', type: 'GROUP', maxParticipants: 10 });
    expect((await createRoom(moderator, classId)).data?.createRoom.__typename).toBe('RoomPayload');
    expect((await createRoom(guest, classId)).data?.createRoom.message).toBe('Гости класса не могут создавать комнаты');

    // Settings: admins and moderators only.
    const memberSettings = await app.graphql(
      `mutation($classId: ID!, $input: MeetingClassInput!) { updateMeetingClass(classId: $classId, input: $input) { __typename ... on Error { message } } }`,
      { classId, input: { name: 'Взлом' } },
      { token: member.token },
    );
    expect(memberSettings.data?.updateMeetingClass.message).toBe(
      'Настройки класса доступны только администраторам и модераторам класса',
    );

    // Deleting rooms: admin and moderator; a member cannot even delete the room they made.
    expect((await deleteRoom(member, memberRoom.id)).data?.deleteRoom.message).toBe(
      'Удалять комнаты могут только администраторы и модераторы класса',
    );
    expect((await deleteRoom(moderator, memberRoom.id)).data?.deleteRoom.deletedId).toBe(memberRoom.id);
    expect(await app.services.prisma.room.findUniqueOrThrow({ where: { id: memberRoom.databaseId } })).toMatchObject({
      isActive: false,
    });

    // Deleting the class: the admin only.
    const deleteClass = (who: Member) =>
      app.graphql(
        `mutation($classId: ID!) { deleteMeetingClass(classId: $classId) { __typename ... on Error { message } ... on DeleteMeetingClassSuccess { deletedId } } }`,
        { classId },
        { token: who.token },
      );
    expect((await deleteClass(moderator)).data?.deleteMeetingClass.message).toBe('Удалить класс может только его администратор');
    expect((await deleteClass(admin)).data?.deleteMeetingClass.deletedId).toBe(classId);
    expect(await app.services.prisma.meetingClass.count({ where: { id: created.meetingClass.databaseId } })).toBe(0);
  });

  it('let only a class admin hand out the admin and moderator roles, and keep one admin', async () => {
    const [admin, moderator, other] = await Promise.all([1, 2, 3].map(() => quickMember(app.services)));
    const { meetingClass } = await createClass(admin);
    await addMember(admin, meetingClass.id, moderator, 'MODERATOR');
    const byModerator = await addMember(moderator, meetingClass.id, other, 'MODERATOR');
    expect(byModerator.data?.addMeetingClassMember.message).toBe(
      'Назначать администраторов и модераторов и удалять их может только администратор класса',
    );
    expect((await addMember(moderator, meetingClass.id, other, 'GUEST')).data?.addMeetingClassMember.__typename).toBe(
      'MeetingClass',
    );
    const again = await addMember(admin, meetingClass.id, other, 'MEMBER');
    expect(again.data?.addMeetingClassMember.__typename).toBe('ConflictError');

    const demoteSelf = await app.graphql(
      `mutation($classId: ID!, $userId: ID!) { setMeetingClassMemberRole(classId: $classId, userId: $userId, role: MEMBER) { __typename ... on Error { message } } }`,
      { classId: meetingClass.id, userId: admin.globalId },
      { token: admin.token },
    );
    expect(demoteSelf.data?.setMeetingClassMemberRole).toEqual({
      __typename: 'ForbiddenError',
      message: 'В классе должен остаться хотя бы один администратор',
    });
  });

  it('allow 1 to 20 rooms per class and refuse a room past the class maximum', async () => {
    const admin = await quickMember(app.services);
    const invalid = await createClass(admin, { name: '  ', maxRooms: 21 });
    expect(invalid.__typename).toBe('ValidationError');
    expect(invalid.fieldErrors).toEqual([
      { path: ['name'], message: 'Введите название класса' },
      { path: ['maxRooms'], message: 'Максимум комнат: от 1 до 20' },
    ]);
    expect((await createClass(admin, { maxRooms: 0 })).__typename).toBe('ValidationError');

    const { meetingClass } = await createClass(admin, { maxRooms: 1 });
    expect((await createRoom(admin, meetingClass.id)).data?.createRoom.__typename).toBe('RoomPayload');
    const second = await createRoom(admin, meetingClass.id);
    expect(second.data?.createRoom).toEqual({
      __typename: 'LimitReachedError',
      message: 'В классе уже создано максимальное число комнат: 1',
      limit: 1,
    });
    const tooSmall = await createRoom(admin, meetingClass.id, { maxParticipants: 1 });
    expect(tooSmall.data?.createRoom.message).toBe('Проверьте введённые данные');
    const tooBig = await app.graphql(
      `mutation($input: CreateRoomInput!) { createRoom(input: $input) { ... on ValidationError { fieldErrors { path message } } } }`,
      { input: { name: 'x', maxParticipants: 101 } },
      { token: admin.token, headers: { 'accept-language': 'fr' } },
    );
    expect(tooBig.data?.createRoom.fieldErrors).toEqual([
      { path: ['maxParticipants'], message: 'Nombre maximal de participants : de 2 à 100' },
    ]);
  });
});

describe('class visibility', () => {
  it('shows a private class to its members only; a public class can be joined', async () => {
    const [owner, stranger] = await Promise.all([quickMember(app.services), quickMember(app.services)]);
    const secret = (await createClass(owner, { name: 'Закрытый', isPrivate: true })).meetingClass;
    const open = (await createClass(owner, { name: 'Открытый' })).meetingClass;
    const room = (await createRoom(owner, secret.id)).data!.createRoom.room;

    const list = async (who: Member) =>
      (await app.graphql(`{ meetingClasses { name } }`, {}, { token: who.token })).data!.meetingClasses.map(
        (c: { name: string }) => c.name,
      );
    expect(await list(owner)).toEqual(expect.arrayContaining(['Закрытый', 'Открытый']));
    expect(await list(stranger)).toContain('Открытый');
    expect(await list(stranger)).not.toContain('Закрытый');

    const node = await app.graphql(`query($id: ID!) { node(id: $id) { id } }`, { id: secret.id }, { token: stranger.token });
    expect(node).toEqual({ data: { node: null } });
    const roomNode = await app.graphql(`query($id: ID!) { node(id: $id) { id } }`, { id: room.id }, { token: stranger.token });
    expect(roomNode).toEqual({ data: { node: null } });

    const joinSecret = await app.graphql(
      `mutation($classId: ID!) { joinMeetingClass(classId: $classId) { __typename ... on Error { message } } }`,
      { classId: secret.id },
      { token: stranger.token },
    );
    expect(joinSecret.data?.joinMeetingClass).toEqual({ __typename: 'NotFoundError', message: 'Класс не найден' });
    const joinOpen = await app.graphql(
      `mutation($classId: ID!) { joinMeetingClass(classId: $classId) { ... on MeetingClass { viewerRole viewerCan { createRoom } } } }`,
      { classId: open.id },
      { token: stranger.token },
    );
    expect(joinOpen.data?.joinMeetingClass).toEqual({ viewerRole: 'MEMBER', viewerCan: { createRoom: false } });
  });

  it('lists the rooms of a class and the open rooms without a class', async () => {
    const owner = await quickMember(app.services);
    const { meetingClass } = await createClass(owner, { name: 'С комнатами' });
    await createRoom(owner, meetingClass.id, { name: 'Лекция', type: 'LECTURE', maxParticipants: 30 });
    await createRoom(owner, null, { name: 'Общая', type: 'MEETING' });
    const result = await app.graphql(
      `query($id: ID!) {
        node(id: $id) { ... on MeetingClass { rooms { name type maxParticipants participantCount viewerCanDelete } } }
        meetingRooms { name type viewerCanDelete meetingClass { id } }
      }`,
      { id: meetingClass.id },
      { token: owner.token },
    );
    expect(result.data.node.rooms).toEqual([
      { name: 'Лекция', type: 'LECTURE', maxParticipants: 30, participantCount: 0, viewerCanDelete: true },
    ]);
    expect(result.data.meetingRooms).toContainEqual({
      name: 'Общая',
      type: 'MEETING',
      viewerCanDelete: true,
      meetingClass: null,
    });
  });
});

describe('POST /api/zoomvisor/rooms', () => {
  it('creates a room with the spec payload and answers the new room', async () => {
    const owner = await quickMember(app.services);
    const { meetingClass } = await createClass(owner);
    const response = await app.request('POST', '/api/zoomvisor/rooms', {
      token: owner.token,
      json: { name: 'Практикум', type: 'study', max_participants: 12, category_id: meetingClass.databaseId },
    });
    expect(response.status).toBe(201);
    const room = await response.json();
    expect(room).toEqual({
      id: expect.any(Number),
      name: 'Практикум',
      type: 'study',
      max_participants: 12,
      category_id: meetingClass.databaseId,
      participants: [],
      is_active: true,
      created_at: expect.any(String),
    });
    const stored = await app.services.prisma.room.findUniqueOrThrow({ where: { id: room.id } });
    expect(stored).toMatchObject({ classId: meetingClass.databaseId, maxParticipants: 12, createdById: owner.id });
    expect(roomGlobalId(room.id)).toBeTruthy();
  });

  it('answers the rules as statuses with their texts', async () => {
    const [owner, member] = await Promise.all([quickMember(app.services), quickMember(app.services)]);
    const { meetingClass } = await createClass(owner);
    await addMember(owner, meetingClass.id, member, 'MEMBER');
    const asMember = await app.request('POST', '/api/zoomvisor/rooms', {
      token: member.token,
      headers: { 'accept-language': 'en' },
      json: { name: 'Нельзя', type: 'group', category_id: meetingClass.databaseId },
    });
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toEqual({ detail: 'In this class only the class administrator creates rooms' });

    const invalid = await app.request('POST', '/api/zoomvisor/rooms', {
      token: owner.token,
      json: { name: '', max_participants: 500 },
    });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors).toEqual([
      { field: 'name', message: 'Введите название комнаты' },
      { field: 'maxParticipants', message: 'Максимум участников: от 2 до 100' },
    ]);

    const unknownClass = await app.request('POST', '/api/zoomvisor/rooms', {
      token: owner.token,
      json: { name: 'x', category_id: 999999 },
    });
    expect(unknownClass.status).toBe(404);
    expect(await unknownClass.json()).toEqual({ detail: 'Класс не найден' });

    const anonymous = await app.request('POST', '/api/zoomvisor/rooms', { json: { name: 'x' } });
    expect(anonymous.status).toBe(401);
  });
});
