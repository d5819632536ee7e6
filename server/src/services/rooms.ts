import { z } from 'zod';
import type { CallMode, Prisma, Room, RoomType } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { ForbiddenError, LimitReachedError, NotFoundError } from './errors';
import { rules } from './validation';
import { visibleClass, visibleClassWhere } from './classAccess';
import { currentParticipantPlan, groupCallsEnabled } from './meetingPlans';
import { endCall, sendCallEvents, signalRoom } from './callEvents';
import { MAX_ROOM_SIZE, quotas } from './limits';
import { finishRecordingsOnLeave } from './recordings';
import { checkRoomSize, effectivePlan, roomSizeRefusal } from './subscriptions';
import { endRoomActivities, leaveRoomActivity } from './activities/roomExit';
import { announceVideoPublishers } from './activeSpeakers';
import { announceCallMode, callModeAfterLeave, callModeOnJoin, returnToMesh } from './callMode';

/** Rooms people create; the two call types are one-to-one calls (services/calls.ts), never listed. */
export const GROUP_ROOM_TYPES = ['group', 'lecture', 'meeting', 'study'] as const satisfies readonly RoomType[];
export const CALL_ROOM_TYPES = ['audio_call', 'video_call'] as const satisfies readonly RoomType[];
export const isCallRoom = (room: Pick<Room, 'type'>) => (CALL_ROOM_TYPES as readonly RoomType[]).includes(room.type);

export const createRoomInput = z.object({
  name: rules.requiredText(200, 'meeting.roomName'),
  type: z.enum(GROUP_ROOM_TYPES).nullish(),
  maxParticipants: z
    .number()
    .int('meeting.maxParticipants')
    .min(2, 'meeting.maxParticipants')
    .max(MAX_ROOM_SIZE, 'meeting.maxParticipants')
    .nullish(),
  classId: z.number().int().nullish(),
});

/** Rooms `userId` may see: rooms without a class, rooms of visible classes, calls they are part of. */
export const visibleRoomWhere = (userId: number): Prisma.RoomWhereInput => ({
  isActive: true,
  OR: [
    { classId: null, type: { in: [...GROUP_ROOM_TYPES] } },
    { meetingClass: visibleClassWhere(userId) },
    { type: { in: [...CALL_ROOM_TYPES] }, createdById: userId },
    { type: { in: [...CALL_ROOM_TYPES] }, callSignals: { some: { kind: 'CALL_INVITE', recipientId: userId } } },
  ],
});

export async function createRoom(services: Services, userId: number, input: z.output<typeof createRoomInput>) {
  await checkRoomSize(services.prisma, userId, input.maxParticipants ?? 10, 'subscriptions.roomSizeLimit');
  await quotas.roomCreation(services, userId);
  const data = {
    name: input.name,
    type: input.type ?? 'group',
    maxParticipants: input.maxParticipants ?? 10,
    createdById: userId,
  };
  if (input.classId == null) return services.prisma.room.create({ data });
  const classId = input.classId;
  const { meetingClass, role, can } = await visibleClass(services, classId, userId);
  if (!can.createRoom) {
    throw new ForbiddenError(
      !role ? 'meeting.notClassMember' : role === 'guest' ? 'meeting.createRoomGuest' : 'meeting.createRoomAdminOnly',
    );
  }
  return services.prisma.$transaction(async (tx) => {
    // Two people creating the last free room at once: the class row lock makes them take turns.
    await tx.$queryRaw`SELECT id FROM meeting_classes WHERE id = ${classId} FOR UPDATE`;
    const rooms = await tx.room.count({ where: { classId, isActive: true } });
    if (rooms >= meetingClass.maxRooms) throw new LimitReachedError('meeting.classRoomLimit', meetingClass.maxRooms);
    return tx.room.create({ data: { ...data, classId } });
  });
}

/**
 * The room, if `userId` may enter it: class rooms admit the class's members (any role), rooms
 * without a class admit everyone, a call admits its caller and the people it was offered to.
 */
export async function accessibleRoom(services: Services, userId: number, roomId: number) {
  const room = await services.prisma.room.findFirst({
    where: { id: roomId, isActive: true },
    include: {
      meetingClass: {
        select: { isPrivate: true, allowUserCreateRooms: true, members: { where: { userId }, select: { role: true } } },
      },
      callSignals: { where: { kind: 'CALL_INVITE', recipientId: userId }, select: { id: true }, take: 1 },
    },
  });
  if (!room) throw new NotFoundError('meeting.roomNotFound');
  if (isCallRoom(room)) {
    if (room.createdById !== userId && room.callSignals.length === 0) throw new NotFoundError('meeting.roomNotFound');
  } else if (room.meetingClass && room.meetingClass.members.length === 0) {
    if (room.meetingClass.isPrivate) throw new NotFoundError('meeting.roomNotFound');
    throw new ForbiddenError('meeting.notClassMember');
  }
  return room;
}

/** Class rooms: the class's admins and moderators; other rooms: their creator or a platform admin. */
export async function deleteRoom(services: Services, viewer: { id: number; role: string }, roomId: number) {
  const room = await services.prisma.room.findFirst({ where: { id: roomId, isActive: true } });
  if (!room || isCallRoom(room)) throw new NotFoundError('meeting.roomNotFound');
  if (room.classId != null) {
    const { can } = await visibleClass(services, room.classId, viewer.id);
    if (!can.deleteRooms) throw new ForbiddenError('meeting.deleteRoomForbidden');
  } else if (room.createdById !== viewer.id && viewer.role !== 'admin') {
    throw new ForbiddenError('meeting.deleteOwnRoomOnly');
  }
  await closeRooms(services, [roomId]);
}

/** Deactivates rooms (their chat stays stored); whoever is inside is told and taken out. */
export async function closeRooms(services: Services, roomIds: number[]) {
  if (roomIds.length === 0) return;
  const present = await services.prisma.roomParticipant.findMany({
    where: { roomId: { in: roomIds }, leftAt: null },
    select: { roomId: true, userId: true },
  });
  await services.prisma.$transaction([
    services.prisma.room.updateMany({ where: { id: { in: roomIds } }, data: { isActive: false } }),
    services.prisma.roomParticipant.updateMany({
      where: { roomId: { in: roomIds }, leftAt: null },
      data: { leftAt: new Date() },
    }),
  ]);
  publishOccupancy(services, roomIds);
  await endRoomActivities(services, roomIds);
  const throughSfu = await services.prisma.room.findMany({
    where: { id: { in: roomIds }, callMode: 'sfu' },
    select: { id: true },
  });
  for (const { id } of throughSfu) await returnToMesh(services, id);
  for (const { roomId, userId } of present) await finishRecordingsOnLeave(services, userId, roomId);
  await sendCallEvents(
    services,
    present.map(({ roomId, userId }) => ({ roomId, senderId: userId, recipientId: userId, kind: 'ROOM_CLOSED' as const })),
  );
}

/** Which of `userIds` are in the room now. */
export async function openParticipations(prisma: PrismaClient, roomId: number, userIds: number[]): Promise<Set<number>> {
  const rows = await prisma.roomParticipant.findMany({
    where: { roomId, userId: { in: userIds }, leftAt: null },
    select: { userId: true },
  });
  return new Set(rows.map((row) => row.userId));
}

/**
 * Enters a room, leaving any other room first (one call at a time). Refused past the room's own
 * maximum, the mesh size when the SFU is not up, and (for group rooms) the participant plan; group
 * rooms also need group calls switched on. Returns the people already inside and the room's call
 * mode (callMode.ts): in mesh the newcomer opens a connection to each of them, in SFU mode it
 * publishes to the SFU. And the new stay's id, which the page names when it goes away (markAwayInRoom).
 */
export async function joinRoom(
  services: Services,
  userId: number,
  roomId: number,
  media: { muted: boolean; cameraOff: boolean } = { muted: false, cameraOff: false },
) {
  const room = await accessibleRoom(services, userId, roomId);
  const call = isCallRoom(room);
  if (!call && !(await groupCallsEnabled(services.prisma))) throw new ForbiddenError('meeting.groupCallsDisabled');
  const plan = call ? null : await currentParticipantPlan(services.prisma);
  const memberPlan = call ? null : await effectivePlan(services.prisma, userId);
  const mesh = services.config.meshMaxParticipants;

  const {
    left,
    others,
    participationId,
    call: mode,
  } = await services.prisma.$transaction(async (tx) => {
    // Joins of one room take turns, so two last seats cannot both be taken.
    const [locked] = await tx.$queryRaw<{ call_mode: CallMode; call_epoch: number }[]>`
      SELECT call_mode, call_epoch FROM rooms WHERE id = ${roomId} FOR UPDATE`;
    const others = await tx.roomParticipant.findMany({
      where: { roomId, leftAt: null, userId: { not: userId } },
      select: { userId: true, muted: true, cameraOff: true },
      orderBy: { joinedAt: 'asc' },
    });
    const total = others.length + 1;
    if (total > room.maxParticipants) throw new LimitReachedError('meeting.roomFull', room.maxParticipants);
    // A one-to-one call is two people: always browser to browser.
    if (call && total > mesh) throw new LimitReachedError('meeting.meshLimit', mesh);
    if (plan?.maxParticipants != null && total > plan.maxParticipants) {
      throw new LimitReachedError('meeting.planLimit', plan.maxParticipants, { plan: plan.plan });
    }
    // The member's own plan (a free member cannot fill a room past the free limit).
    const refusal = memberPlan && roomSizeRefusal(memberPlan, total, 'subscriptions.roomFillLimit');
    if (refusal) throw refusal;
    const left = await tx.roomParticipant.findMany({
      where: { userId, leftAt: null, roomId: { not: roomId } },
      select: { roomId: true, room: { select: { type: true } } },
    });
    await tx.roomParticipant.updateMany({ where: { userId, leftAt: null }, data: { leftAt: new Date() } });
    const stay = await tx.roomParticipant.create({
      data: { roomId, userId, muted: media.muted, cameraOff: media.cameraOff },
      select: { id: true },
    });
    const present = [...others.map((other) => other.userId), userId];
    const mode = call
      ? { call: { mode: 'mesh' as const, epoch: 0, sfuToken: null, videoPublishers: null }, announce: null, seated: false }
      : await callModeOnJoin(
          services,
          tx,
          { id: roomId, callMode: locked!.call_mode, callEpoch: locked!.call_epoch },
          userId,
          present,
        );
    return { left, others, participationId: stay.id, call: mode };
  });

  for (const { roomId: otherRoom, room: otherType } of left) await afterLeaving(services, userId, otherRoom, otherType);
  publishOccupancy(services, [roomId]);
  // The new mode first: a client told of the newcomer already knows whether to open a peer connection.
  if (mode.announce) await announceCallMode(services, mode.announce);
  if (mode.seated)
    await announceVideoPublishers(
      services,
      roomId,
      mode.call.epoch,
      others.map((other) => other.userId),
    );
  await sendCallEvents(
    services,
    others.map((other) => ({
      roomId,
      senderId: userId,
      recipientId: other.userId,
      kind: 'JOINED' as const,
      payload: { muted: media.muted, cameraOff: media.cameraOff },
    })),
  );
  return { room, others, participationId, call: mode.call };
}

/** Leaves the room (nothing happens when not in it). Leaving a one-to-one call ends it. */
export async function leaveRoom(services: Services, userId: number, roomId: number): Promise<boolean> {
  const { count } = await services.prisma.roomParticipant.updateMany({
    where: { roomId, userId, leftAt: null },
    data: { leftAt: new Date() },
  });
  if (count === 0) return false;
  const room = await services.prisma.room.findUniqueOrThrow({ where: { id: roomId }, select: { type: true } });
  await afterLeaving(services, userId, roomId, room);
  return true;
}

/**
 * The presence grace of a stay ended (callPresence.ts: its page went away, or its member's connection
 * closed): unless its member came back meanwhile (joined again, which closed this row and opened a new
 * one, or connected again, which cleared the deadline), they leave.
 */
export async function leaveAfterGrace(services: Services, participationId: number): Promise<boolean> {
  const participation = await services.prisma.roomParticipant.findUnique({
    where: { id: participationId },
    select: { roomId: true, userId: true, room: { select: { type: true } } },
  });
  if (!participation) return false;
  const { count } = await services.prisma.roomParticipant.updateMany({
    where: { id: participationId, leftAt: null, graceEndsAt: { lte: new Date() } },
    data: { leftAt: new Date() },
  });
  if (count === 0) return false;
  await afterLeaving(services, participation.userId, participation.roomId, participation.room);
  return true;
}

/**
 * The group room whose page the member left (a reload, a closed tab: markAwayInRoom) while the
 * presence grace still keeps their place: the meeting page enters it again. Null once they joined
 * again or the grace ended (even before a sweep closed the row: leaveAfterGrace), and for one-to-one
 * calls, which a page leaves as it goes.
 */
export const awayParticipationWhere = (userId: number): Prisma.RoomParticipantWhereInput => ({
  userId,
  leftAt: null,
  awayAt: { not: null },
  graceEndsAt: { gt: new Date() },
  room: { isActive: true, type: { in: [...GROUP_ROOM_TYPES] } },
});

/** Tells every process's room lists that who is in `roomIds` changed (they reload the counts they may see). */
export function publishOccupancy(services: Services, roomIds: number[]) {
  if (roomIds.length > 0) services.pubsub.publish('rooms:occupancy', { roomIds });
}

async function afterLeaving(services: Services, userId: number, roomId: number, room: Pick<Room, 'type'>) {
  publishOccupancy(services, [roomId]);
  await finishRecordingsOnLeave(services, userId, roomId);
  await leaveRoomActivity(services, userId, roomId);
  if (isCallRoom(room)) return endCall(services, roomId, userId, 'CALL_ENDED');
  await signalRoom(services, roomId, userId, 'LEFT');
  await callModeAfterLeave(services, roomId, userId);
}

/** Microphone and camera state, shown on the member's tile to the others. */
export async function setMediaState(
  services: Services,
  userId: number,
  input: { roomId: number; muted: boolean; cameraOff: boolean },
) {
  const participation = await services.prisma.roomParticipant.findFirst({
    where: { roomId: input.roomId, userId, leftAt: null },
    select: { id: true },
  });
  if (!participation) throw new ForbiddenError('meeting.notInRoom');
  const updated = await services.prisma.roomParticipant.update({
    where: { id: participation.id },
    data: { muted: input.muted, cameraOff: input.cameraOff },
  });
  await signalRoom(services, input.roomId, userId, 'MEDIA_STATE', { muted: input.muted, cameraOff: input.cameraOff });
  return updated;
}
