import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access, moduleAccess } from '../auth/access';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { databaseIdOf } from './globalIds';
import type { Context } from '../context';
import type { Room } from '../generated/prisma/client';
import { LimitReachedError, RateLimitError } from '../services/errors';
import { classPermissions, visibleClassWhere } from '../services/meetingClasses';
import { currentParticipantPlan, defaultVideoQuality, groupCallsEnabled, type VideoQuality } from '../services/meetingPlans';
import { VideoQualityEnum } from './groupCalls';
import * as rooms from '../services/rooms';
import { markAwayInRoom } from '../services/callPresence';
import { sfuUp, type RoomCallMode } from '../services/callMode';
import { VOICE_MAX_SECONDS } from '../storage/voiceMessages';
import { MeetingClassNode } from './meetingClasses';
import { deletedResult } from './errors';
import { SubscriptionPlanRef } from './subscriptions';
import { effectivePlan } from '../services/subscriptions';
import type { SubscriptionPlan } from '../generated/prisma/client';
import type { IceServer, IceTransportPolicy } from '../config';
import { iceServersFor } from '../sfu/turnCredentials';

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
    room: t.relation('room'),
    muted: t.exposeBoolean('muted'),
    cameraOff: t.exposeBoolean('cameraOff'),
    away: t.boolean({
      description:
        'Their page went away (a reload, a closed tab): their place is kept until they join again or the presence grace ends.',
      resolve: (participant) => participant.awayAt !== null,
    }),
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
      extensions: PER_VIEWER,
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
    ...access('member'),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.room.findMany({
        ...query,
        where: { classId: null, isActive: true, type: { in: [...rooms.GROUP_ROOM_TYPES] } },
        orderBy: { createdAt: 'asc' },
        take: 200,
      }),
  }),
);

builder.queryField('roomToResume', (t) =>
  t.prismaField({
    type: 'RoomParticipant',
    nullable: true,
    description:
      'The viewer’s place in a group room their page went away from (a reload, a closed tab), while the presence ' +
      'grace keeps it: the meeting page enters that room again (joinRoom, with the microphone and camera as they ' +
      'were). Null once they joined again or the grace ended.',
    ...moduleAccess('zoomvisor', 'member'),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.roomParticipant.findFirst({
        ...query,
        where: rooms.awayParticipationWhere(ctx.viewer!.user.id),
        orderBy: { awayAt: 'desc' },
      }),
  }),
);

builder.subscriptionField('roomOccupancyChanged', (t) =>
  t.prismaField({
    type: 'Room',
    description:
      'A room the viewer may see (with no class, or in a class they see) whose participants changed: ' +
      'someone joined or left, or it closed (isActive false). Keeps the counts of the room lists live.',
    ...access('member'),
    subscribe: async function* (_root, _args, ctx) {
      const userId = ctx.viewer!.user.id;
      for await (const { roomIds } of ctx.services.pubsub.subscribe('rooms:occupancy')) {
        // Calls are never listed; the rest is told only to those who may see the room.
        const visible = await ctx.prisma.room.findMany({
          where: {
            id: { in: roomIds },
            type: { in: [...rooms.GROUP_ROOM_TYPES] },
            OR: [{ classId: null }, { meetingClass: visibleClassWhere(userId) }],
          },
          select: { id: true },
        });
        for (const { id } of visible) yield id;
      }
    },
    resolve: (query, id: number, _args, ctx) => ctx.prisma.room.findUniqueOrThrow({ ...query, where: { id } }),
  }),
);

const IceServerRef = builder.objectRef<IceServer>('IceServer').implement({
  fields: (t) => ({
    urls: t.stringList({ resolve: (server) => (Array.isArray(server.urls) ? server.urls : [server.urls]) }),
    username: t.string({ nullable: true, resolve: (server) => server.username ?? null }),
    credential: t.string({ nullable: true, resolve: (server) => server.credential ?? null }),
  }),
});

const IceTransportPolicyEnum = builder.enumType('IceTransportPolicy', {
  description: 'Which ICE candidates browsers may use for calls (RTCConfiguration.iceTransportPolicy).',
  values: { ALL: { value: 'all' }, RELAY: { value: 'relay' } } as const,
});

type MeetingConfig = {
  iceTransportPolicy: IceTransportPolicy;
  meshMaxParticipants: number;
  sfuAvailable: boolean;
  voiceMessageMaxSeconds: number;
  participantPlan: string;
  planMaxParticipants: number | null;
  groupCallsEnabled: boolean;
  defaultVideoQuality: VideoQuality;
  memberPlan: SubscriptionPlan;
};

const MeetingConfigRef = builder.objectRef<MeetingConfig>('MeetingConfig').implement({
  description: 'What the meeting area needs to know about the server: ICE servers and limits.',
  fields: (t) => ({
    iceServers: t.field({
      type: [IceServerRef],
      description:
        'STUN servers, and a TURN relay with credentials of the viewer’s own that expire (TURN_CREDENTIAL_TTL_SECONDS).',
      extensions: PER_VIEWER,
      resolve: (_config, _args, ctx) => iceServersFor(ctx.services.config, ctx.viewer?.user.id, new Date()),
    }),
    iceTransportPolicy: t.field({
      type: IceTransportPolicyEnum,
      description: 'RELAY: browsers use TURN relays only (a test and diagnostic mode, ICE_TRANSPORT_POLICY).',
      resolve: (config) => config.iceTransportPolicy,
    }),
    meshMaxParticipants: t.exposeInt('meshMaxParticipants', {
      description: 'Most people in a browser-to-browser call: one more switches the room to the SFU when it is available.',
    }),
    sfuAvailable: t.exposeBoolean('sfuAvailable', {
      description: 'Whether the media server is up now: without it, no call may have more than meshMaxParticipants people.',
    }),
    voiceMessageMaxSeconds: t.exposeInt('voiceMessageMaxSeconds'),
    participantPlan: t.exposeString('participantPlan', { description: 'basic, professional, enterprise or unlimited.' }),
    planMaxParticipants: t.exposeInt('planMaxParticipants', { nullable: true, description: 'Null: no limit.' }),
    groupCallsEnabled: t.exposeBoolean('groupCallsEnabled'),
    defaultVideoQuality: t.field({
      type: VideoQualityEnum,
      description: 'The quality the meeting area starts with (the admin’s video_call_quality).',
      resolve: (config) => config.defaultVideoQuality,
    }),
    memberPlan: t.field({
      type: SubscriptionPlanRef,
      description: 'The viewer’s own subscription plan now (its room size applies with the participant plan: the stricter wins).',
      resolve: (config) => config.memberPlan,
    }),
  }),
});

builder.queryField('meetingConfig', (t) =>
  t.field({
    type: MeetingConfigRef,
    ...access('member'),
    resolve: async (_root, _args, ctx) => {
      const [plan, enabled, quality, member] = await Promise.all([
        currentParticipantPlan(ctx.prisma),
        groupCallsEnabled(ctx.prisma),
        defaultVideoQuality(ctx.prisma),
        effectivePlan(ctx.prisma, ctx.viewer!.user.id),
      ]);
      return {
        iceTransportPolicy: ctx.services.config.iceTransportPolicy,
        meshMaxParticipants: ctx.services.config.meshMaxParticipants,
        sfuAvailable: sfuUp(ctx.services),
        voiceMessageMaxSeconds: VOICE_MAX_SECONDS,
        participantPlan: plan.plan,
        planMaxParticipants: plan.maxParticipants,
        groupCallsEnabled: enabled,
        defaultVideoQuality: quality,
        memberPlan: member.plan,
      };
    },
  }),
);

const GroupRoomTypeEnum = builder.enumType('GroupRoomType', {
  description: 'The kinds of room people create (calls are rooms too, made by startCall).',
  values: {
    GROUP: { value: 'group' },
    LECTURE: { value: 'lecture' },
    MEETING: { value: 'meeting' },
    STUDY: { value: 'study' },
  } as const,
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

const CallModeEnum = builder.enumType('CallMode', {
  description: 'MESH: browsers send their media to each other; SFU: through the media server (rooms past the mesh size).',
  values: { MESH: { value: 'mesh' }, SFU: { value: 'sfu' } } as const,
});

const RoomCallModeRef = builder.objectRef<RoomCallMode>('RoomCallMode').implement({
  description: "How the room's call carries media now, as the joining viewer sees it.",
  fields: (t) => ({
    mode: t.field({ type: CallModeEnum, resolve: (call) => call.mode }),
    epoch: t.exposeInt('epoch', { description: 'Bumped by every change of mode: CALL_MODE events of an older epoch are stale.' }),
    sfuToken: t.exposeString('sfuToken', {
      nullable: true,
      description: "In SFU mode, the viewer's admission to the room on the media server (`/janus`), valid for this epoch.",
    }),
    videoPublishers: t.intList({
      nullable: true,
      description:
        'In SFU mode, the user ids of the members who send video now: the most recent speakers, at most ' +
        'SFU_MAX_VIDEO_PUBLISHERS. Whoever is not listed sends audio only (VIDEO_PUBLISHERS events update the list). ' +
        'Null in MESH mode, where everyone sends video.',
      resolve: (call) => call.videoPublishers,
    }),
  }),
});

type JoinedRoom = Awaited<ReturnType<typeof rooms.joinRoom>>;
export const JoinRoomSuccess = builder.objectRef<JoinedRoom>('JoinRoomSuccess').implement({
  fields: (t) => ({
    call: t.field({ type: RoomCallModeRef, resolve: (joined) => joined.call }),
    participationId: t.exposeInt('participationId', {
      description:
        "The viewer's stay in the room that this join began: the page names it when it goes away (markAwayInRoom), " +
        'so a late request of a page that has since joined again changes nothing.',
    }),
    room: t.field({
      type: RoomNode,
      resolve: (joined, _args, ctx) => ctx.prisma.room.findUniqueOrThrow({ where: { id: joined.room.id } }),
    }),
    participants: t.field({
      type: [RoomParticipantRef],
      description: 'Who else is in the room: in MESH mode the newcomer opens a connection to each of them.',
      resolve: (joined, _args, ctx) =>
        ctx.prisma.roomParticipant.findMany({
          where: { roomId: joined.room.id, leftAt: null, userId: { in: joined.others.map((other) => other.userId) } },
          orderBy: { joinedAt: 'asc' },
        }),
    }),
  }),
});

const DeleteRoomSuccess = deletedResult('DeleteRoomSuccess');

const MarkAwayInRoomSuccess = builder.objectRef<{ away: boolean }>('MarkAwayInRoomSuccess').implement({
  fields: (t) => ({
    away: t.exposeBoolean('away', {
      description: 'False when the stay named is over (the page has joined the room again since): nothing changed.',
    }),
  }),
});

const LeaveRoomSuccess = builder.objectRef<{ left: boolean }>('LeaveRoomSuccess').implement({
  fields: (t) => ({ left: t.exposeBoolean('left', { description: 'False when the viewer was not in the room.' }) }),
});

builder.mutationFields((t) => {
  const roomId = () => t.arg.globalID({ required: true, for: RoomNode });
  return {
    createRoom: t.field({
      type: RoomPayload,
      description: 'A room in a class (by the class roles) or, without a class, an open room anyone may join.',
      ...moduleAccess('zoomvisor', 'member'),
      args: {
        classId: t.arg.globalID({ for: MeetingClassNode }),
        input: t.arg({
          type: CreateRoomInput,
          required: true,
          validate: { schema: rooms.createRoomInput.omit({ classId: true }) },
        }),
      },
      errors: { types: [LimitReachedError, RateLimitError], directResult: true, union: { name: 'CreateRoomResult' } },
      resolve: async (_root, { classId, input }, ctx) => ({
        room: await rooms.createRoom(ctx.services, ctx.viewer!.user.id, {
          ...input,
          classId: classId ? databaseIdOf(classId, 'MeetingClass', 'meeting.classNotFound') : null,
        }),
      }),
    }),
    deleteRoom: t.field({
      type: DeleteRoomSuccess,
      description: 'Closes a room; whoever is inside is taken out. Answers its id.',
      ...access('owner'),
      args: { roomId: roomId() },
      errors: { directResult: true, union: { name: 'DeleteRoomResult' } },
      resolve: async (_root, args, ctx) => {
        await rooms.deleteRoom(ctx.services, ctx.viewer!.user, databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'));
        return { deletedId: encodeGlobalID('Room', args.roomId.id) };
      },
    }),
    joinRoom: t.field({
      type: JoinRoomSuccess,
      description: 'Enters a room (leaving any other): refused past the room, mesh and plan limits, or to non-members.',
      ...moduleAccess('zoomvisor', 'member'),
      args: {
        roomId: roomId(),
        muted: t.arg.boolean({ description: 'The microphone is off as the viewer enters (false when left out).' }),
        cameraOff: t.arg.boolean({ description: 'The camera is off as the viewer enters (false when left out).' }),
      },
      errors: { types: [LimitReachedError], directResult: true, union: { name: 'JoinRoomResult' } },
      resolve: (_root, args, ctx) =>
        rooms.joinRoom(ctx.services, ctx.viewer!.user.id, databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'), {
          muted: args.muted ?? false,
          cameraOff: args.cameraOff ?? false,
        }),
    }),
    leaveRoom: t.field({
      type: LeaveRoomSuccess,
      description: 'Leaves the room; leaving a one-to-one call ends it.',
      ...access('member'),
      args: { roomId: roomId() },
      errors: { directResult: true, union: { name: 'LeaveRoomResult' } },
      resolve: async (_root, args, ctx) => ({
        left: await rooms.leaveRoom(ctx.services, ctx.viewer!.user.id, databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound')),
      }),
    }),
    markAwayInRoom: t.field({
      type: MarkAwayInRoomSuccess,
      description:
        "The viewer's page in the room goes away (sent on pagehide): the others see them reconnecting (AWAY) while " +
        'their place, role and the room’s activity are kept; joining again within the presence grace brings them ' +
        'back, else they leave. Only for the viewer themself, in a room they are in.',
      ...moduleAccess('zoomvisor', 'owner'),
      args: {
        roomId: roomId(),
        participationId: t.arg.int({
          required: true,
          description: 'The stay the page had (JoinRoomSuccess.participationId); a stay that is over changes nothing.',
        }),
      },
      errors: { directResult: true, union: { name: 'MarkAwayInRoomResult' } },
      resolve: async (_root, args, ctx) => ({
        away: await markAwayInRoom(
          ctx.services,
          ctx.viewer!.user.id,
          databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'),
          args.participationId,
        ),
      }),
    }),
    setRoomMediaState: t.prismaField({
      type: 'RoomParticipant',
      description: 'Microphone and camera state, shown to the others in the room.',
      ...moduleAccess('zoomvisor', 'owner'),
      args: { roomId: roomId(), muted: t.arg.boolean({ required: true }), cameraOff: t.arg.boolean({ required: true }) },
      errors: { directResult: true, union: { name: 'SetRoomMediaStateResult' } },
      resolve: (_query, _root, args, ctx) =>
        rooms.setMediaState(ctx.services, ctx.viewer!.user.id, {
          roomId: databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'),
          muted: args.muted,
          cameraOff: args.cameraOff,
        }),
    }),
  };
});
