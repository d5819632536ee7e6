import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import type { Context } from '../context';
import type { Room } from '../generated/prisma/client';
import { LimitReachedError, ValidationError } from '../services/errors';
import { classPermissions } from '../services/meetingClasses';
import { currentParticipantPlan, groupCallsEnabled } from '../services/meetingPlans';
import * as rooms from '../services/rooms';
import { VOICE_MAX_SECONDS } from '../storage/voiceMessages';
import { MeetingClassNode } from './meetingClasses';

export const RoomTypeEnum = builder.enumType('RoomType', {
  values: {
    GROUP: { value: 'group' },
    LECTURE: { value: 'lecture' },
    MEETING: { value: 'meeting' },
    STUDY: { value: 'study' },
    AUDIO_CALL: { value: 'audio_call' },
    VIDEO_CALL: { value: 'video_call' },
  } as const,
});

const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;

export const RoomParticipantRef = builder.prismaObject('RoomParticipant', {
  description: 'Someone in a room now, with the state of their microphone and camera.',
  fields: (t) => ({
    user: t.relation('user'),
    muted: t.exposeBoolean('muted'),
    cameraOff: t.exposeBoolean('cameraOff'),
    joinedAt: t.expose('joinedAt', { type: 'DateTime' }),
  }),
});

export const RoomNode = builder.prismaNode('Room', {
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ ...rooms.visibleRoomWhere(viewerId(ctx)), id: Number(id) }),
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    type: t.expose('type', { type: RoomTypeEnum }),
    maxParticipants: t.exposeInt('maxParticipants'),
    isActive: t.exposeBoolean('isActive'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    meetingClass: t.relation('meetingClass', { nullable: true }),
    participants: t.relation('participants', { query: { where: { leftAt: null }, orderBy: { joinedAt: 'asc' } } }),
    participantCount: t.relationCount('participants', { where: { leftAt: null } }),
    viewerCanDelete: t.boolean({
      description: 'Class rooms: class admins and moderators; other rooms: their creator or a platform admin.',
      select: (_args, ctx) => ({
        type: true,
        createdById: true,
        meetingClass: {
          select: { allowUserCreateRooms: true, members: { where: { userId: viewerId(ctx) }, select: { role: true } } },
        },
      }),
      resolve: (room, _args, ctx) => {
        if (rooms.isCallRoom(room)) return false;
        if (room.meetingClass) return classPermissions(room.meetingClass.members[0]?.role ?? null, room.meetingClass).deleteRooms;
        return room.createdById === viewerId(ctx) || ctx.viewer?.user.role === 'admin';
      },
    }),
  }),
});

builder.queryField('meetingRooms', (t) =>
  t.prismaField({
    type: ['Room'],
    description: 'Open rooms that belong to no class, oldest first (class rooms are listed with their class).',
    authScopes: { loggedIn: true },
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.room.findMany({
        ...query,
        where: { classId: null, isActive: true, type: { in: [...rooms.GROUP_ROOM_TYPES] } },
        orderBy: { createdAt: 'asc' },
        take: 200,
      }),
  }),
);

type IceServerShape = { urls: string | string[]; username?: string; credential?: string };
const IceServerRef = builder.objectRef<IceServerShape>('IceServer').implement({
  fields: (t) => ({
    urls: t.stringList({ resolve: (server) => (Array.isArray(server.urls) ? server.urls : [server.urls]) }),
    username: t.string({ nullable: true, resolve: (server) => server.username ?? null }),
    credential: t.string({ nullable: true, resolve: (server) => server.credential ?? null }),
  }),
});

type MeetingConfig = {
  iceServers: IceServerShape[];
  meshMaxParticipants: number;
  voiceMessageMaxSeconds: number;
  participantPlan: string;
  planMaxParticipants: number | null;
  groupCallsEnabled: boolean;
};

const MeetingConfigRef = builder.objectRef<MeetingConfig>('MeetingConfig').implement({
  description: 'What the meeting area needs to know about the server: ICE servers and limits.',
  fields: (t) => ({
    iceServers: t.field({ type: [IceServerRef], resolve: (config) => config.iceServers }),
    meshMaxParticipants: t.exposeInt('meshMaxParticipants', { description: 'Most people in one call.' }),
    voiceMessageMaxSeconds: t.exposeInt('voiceMessageMaxSeconds'),
    participantPlan: t.exposeString('participantPlan', { description: 'basic, professional, enterprise or unlimited.' }),
    planMaxParticipants: t.exposeInt('planMaxParticipants', { nullable: true, description: 'Null: no limit.' }),
    groupCallsEnabled: t.exposeBoolean('groupCallsEnabled'),
  }),
});

builder.queryField('meetingConfig', (t) =>
  t.field({
    type: MeetingConfigRef,
    authScopes: { loggedIn: true },
    resolve: async (_root, _args, ctx) => {
      const [plan, enabled] = await Promise.all([currentParticipantPlan(ctx.prisma), groupCallsEnabled(ctx.prisma)]);
      return {
        iceServers: ctx.services.config.iceServers,
        meshMaxParticipants: ctx.services.config.meshMaxParticipants,
        voiceMessageMaxSeconds: VOICE_MAX_SECONDS,
        participantPlan: plan.plan,
        planMaxParticipants: plan.maxParticipants,
        groupCallsEnabled: enabled,
      };
    },
  }),
);

const GroupRoomTypeEnum = builder.enumType('GroupRoomType', {
  description: 'The kinds of room people create (calls are rooms too, made by startCall).',
  values: { GROUP: { value: 'group' }, LECTURE: { value: 'lecture' }, MEETING: { value: 'meeting' }, STUDY: { value: 'study' } } as const,
});

const CreateRoomInput = builder.inputType('CreateRoomInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    type: t.field({ type: GroupRoomTypeEnum, description: 'GROUP when left out.' }),
    maxParticipants: t.int({ description: '2 to 100; 10 when left out.' }),
  }),
});

const RoomPayload = builder.objectRef<{ room: Room }>('RoomPayload').implement({
  fields: (t) => ({ room: t.field({ type: RoomNode, resolve: (payload) => payload.room }) }),
});

type JoinedRoom = Awaited<ReturnType<typeof rooms.joinRoom>>;
const JoinRoomSuccess = builder.objectRef<JoinedRoom>('JoinRoomSuccess').implement({
  fields: (t) => ({
    room: t.field({ type: RoomNode, resolve: (joined, _args, ctx) => ctx.prisma.room.findUniqueOrThrow({ where: { id: joined.room.id } }) }),
    participants: t.field({
      type: [RoomParticipantRef],
      description: 'Who else is in the room: the newcomer opens a connection to each of them.',
      resolve: (joined, _args, ctx) =>
        ctx.prisma.roomParticipant.findMany({
          where: { roomId: joined.room.id, leftAt: null, userId: { in: joined.others.map((other) => other.userId) } },
          orderBy: { joinedAt: 'asc' },
        }),
    }),
  }),
});

builder.mutationFields((t) => {
  const roomId = () => t.arg.globalID({ required: true, for: RoomNode });
  return {
    createRoom: t.field({
      type: RoomPayload,
      description: 'A room in a class (by the class roles) or, without a class, an open room anyone may join.',
      authScopes: { loggedIn: true },
      args: {
        classId: t.arg.globalID({ for: MeetingClassNode }),
        input: t.arg({ type: CreateRoomInput, required: true, validate: { schema: rooms.createRoomInput.omit({ classId: true }) } }),
      },
      errors: { types: [ValidationError, LimitReachedError], directResult: true, union: { name: 'CreateRoomResult' } },
      resolve: async (_root, { classId, input }, ctx) => ({
        room: await rooms.createRoom(ctx.services, ctx.viewer!.user.id, {
          ...input,
          classId: classId ? Number(classId.id) : null,
        }),
      }),
    }),
    deleteRoom: t.id({
      description: 'Closes a room; whoever is inside is taken out. Returns its id.',
      authScopes: { loggedIn: true },
      args: { roomId: roomId() },
      resolve: async (_root, args, ctx) => {
        await rooms.deleteRoom(ctx.services, ctx.viewer!.user, Number(args.roomId.id));
        return encodeGlobalID('Room', args.roomId.id);
      },
    }),
    joinRoom: t.field({
      type: JoinRoomSuccess,
      description: 'Enters a room (leaving any other): refused past the room, mesh and plan limits, or to non-members.',
      authScopes: { loggedIn: true },
      args: { roomId: roomId() },
      errors: { types: [LimitReachedError], directResult: true, union: { name: 'JoinRoomResult' } },
      resolve: (_root, args, ctx) => rooms.joinRoom(ctx.services, ctx.viewer!.user.id, Number(args.roomId.id)),
    }),
    leaveRoom: t.boolean({
      description: 'False when the viewer was not in the room.',
      authScopes: { loggedIn: true },
      args: { roomId: roomId() },
      resolve: (_root, args, ctx) => rooms.leaveRoom(ctx.services, ctx.viewer!.user.id, Number(args.roomId.id)),
    }),
    setRoomMediaState: t.prismaField({
      type: 'RoomParticipant',
      description: 'Microphone and camera state, shown to the others in the room.',
      authScopes: { loggedIn: true },
      args: { roomId: roomId(), muted: t.arg.boolean({ required: true }), cameraOff: t.arg.boolean({ required: true }) },
      resolve: (_query, _root, args, ctx) =>
        rooms.setMediaState(ctx.services, ctx.viewer!.user.id, { roomId: Number(args.roomId.id), muted: args.muted, cameraOff: args.cameraOff }),
    }),
  };
});
