import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access, moduleAccess } from '../auth/access';
import { storedThenLive } from '../realtime/catchUp';
import { afterId, databaseIdOf } from './globalIds';
import type { CallEvent } from '../realtime/pubsub';
import { enterCallPresence, exitCallPresence } from '../services/callPresence';
import * as calls from '../services/calls';
import { LimitReachedError } from '../services/errors';
import { toValidationError } from '../services/validation';
import { joinRoom } from '../services/rooms';
import { deliverableFrom } from '../services/relations';
import { UserNode } from './user';
import { JoinRoomSuccess, RoomNode } from './rooms';
import { doneResult } from './errors';

const SendCallSignalSuccess = doneResult('SendCallSignalSuccess');
const DeclineCallSuccess = doneResult('DeclineCallSuccess');

const CallEventKindEnum = builder.enumType('CallEventKind', {
  description:
    'JOINED/LEFT: someone entered or left your room; MEDIA_STATE: their microphone or camera changed; ' +
    'SIGNAL: WebRTC data from a peer; CALL_INVITE: an incoming one-to-one call; CALL_DECLINED/CALL_ENDED: ' +
    'the other party said no or hung up; ROOM_CLOSED: your room was deleted; CALL_MODE: your room switched ' +
    'between mesh and SFU (payload {mode, epoch, token, videoPublishers}: drop what an older epoch set up); ' +
    'VIDEO_PUBLISHERS: in SFU mode, who sends video changed (payload {epoch, userIds, at}: the most recent speakers); ' +
    'AWAY: their page went away (a reload, a closed tab), their place kept until they join again (JOINED) or leave (LEFT).',
  values: calls.CALL_EVENT_KINDS,
});

const CallMediaEnum = builder.enumType('CallMedia', {
  values: { AUDIO: { value: 'audio' }, VIDEO: { value: 'video' } } as const,
});

const CallEventRef = builder.objectRef<CallEvent>('CallEvent').implement({
  fields: (t) => ({
    id: t.id({ resolve: (event) => encodeGlobalID('CallEvent', event.id) }),
    kind: t.field({ type: CallEventKindEnum, resolve: (event) => event.kind as calls.CallEventKind }),
    roomId: t.id({ nullable: true, resolve: (event) => (event.roomId == null ? null : encodeGlobalID('Room', event.roomId)) }),
    senderDatabaseId: t.int({ description: 'The numeric id of who caused the event.', resolve: (event) => event.senderId }),
    sender: t.field({
      type: UserNode,
      resolve: (event, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ where: { id: event.senderId } }),
    }),
    payload: t.string({
      description:
        'JSON: {data} for SIGNAL, {muted, cameraOff} for JOINED and MEDIA_STATE, {media} for CALL_INVITE, ' +
        "{mode, epoch, token, videoPublishers} for CALL_MODE (token: the viewer's admission to the SFU room, in SFU mode), " +
        '{epoch, userIds, at} for VIDEO_PUBLISHERS (at: milliseconds since 1970, a later list replaces an earlier one).',
      resolve: (event) => JSON.stringify(event.payload),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (event) => event.createdAt }),
  }),
});

/** A subscription to the viewer's call events: stored-then-live, `present` marks presence in rooms. */
function callEventSubscription(
  name: string,
  opts: { description: string; present: boolean; accept?: (event: CallEvent) => boolean },
) {
  builder.subscriptionField(name, (t) =>
    t.field({
      type: CallEventRef,
      description: opts.description,
      ...access('member'),
      args: { after: t.arg.id({ required: false }) },
      subscribe: (_root, args, ctx) => {
        const { services } = ctx;
        const userId = ctx.viewer!.user.id;
        if (opts.present) enterCallPresence(services, userId);
        const deliverable = deliverableFrom(services.prisma, userId);
        return storedThenLive(services.pubsub.subscribe('user:callEvent', userId), {
          after: afterId(args.after),
          backlog: (lastId) => calls.callEventsAfter(services, userId, lastId),
          // Nothing from a member a block separates from the viewer; a closed room concerns everyone in it.
          accept: async (event) =>
            (opts.accept?.(event) ?? true) && (event.kind === 'ROOM_CLOSED' || (await deliverable(event.senderId))),
          onEnd: opts.present ? () => exitCallPresence(services, userId) : undefined,
        });
      },
      resolve: (event) => event,
    }),
  );
}

callEventSubscription('callEvents', {
  description:
    "The viewer's call events as they happen. With `after` (the last event id the client has) the ones stored " +
    'since come first. Holding this subscription is being present: a member whose last one ends is taken out ' +
    'of their room after a grace period.',
  present: true,
});

callEventSubscription('incomingCalls', {
  description:
    "The viewer's incoming calls (CALL_INVITE) and their end (CALL_ENDED), for pages other than the meeting area: " +
    'unlike callEvents, holding it is not being present in a room.',
  present: false,
  accept: (event) => event.kind === 'CALL_INVITE' || event.kind === 'CALL_ENDED',
});

type PendingCall = NonNullable<Awaited<ReturnType<typeof calls.pendingCall>>>;
const PendingCallRef = builder.objectRef<PendingCall>('PendingCall').implement({
  fields: (t) => ({
    roomId: t.id({ resolve: (call) => encodeGlobalID('Room', call.roomId) }),
    media: t.field({ type: CallMediaEnum, resolve: (call) => call.media }),
    caller: t.field({
      type: UserNode,
      resolve: (call, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ where: { id: call.callerId } }),
    }),
  }),
});

builder.queryField('pendingCall', (t) =>
  t.field({
    type: PendingCallRef,
    nullable: true,
    description: 'A call the viewer was invited to and can still answer (null when it ended or was answered).',
    ...access('member'),
    args: { roomId: t.arg.globalID({ required: true, for: RoomNode }) },
    resolve: (_root, args, ctx) =>
      calls.pendingCall(ctx.services, ctx.viewer!.user.id, databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound')),
  }),
);

builder.mutationFields((t) => ({
  sendCallSignal: t.field({
    type: SendCallSignalSuccess,
    description:
      'Relays WebRTC data (what simple-peer emits as `signal`, as JSON: one object, or an array of up to 100 in order) to someone in the same room.',
    ...moduleAccess('zoomvisor', 'member'),
    args: {
      roomId: t.arg.globalID({ required: true, for: RoomNode }),
      toUserId: t.arg.globalID({ required: true, for: UserNode }),
      data: t.arg.string({ required: true }),
    },
    errors: { directResult: true, union: { name: 'SendCallSignalResult' } },
    resolve: async (_root, args, ctx) => {
      const input = calls.relaySignalInput.safeParse({
        roomId: databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'),
        recipientId: databaseIdOf(args.toUserId, 'User', 'meeting.userNotFound'),
        data: args.data,
      });
      if (!input.success) throw toValidationError(input.error);
      await calls.relaySignal(ctx.services, ctx.viewer!.user.id, input.data);
      return { done: true as const };
    },
  }),
  startCall: t.field({
    type: RoomNode,
    description: 'Calls a contact: the caller enters a two-person call room and the callee gets CALL_INVITE.',
    ...moduleAccess('zoomvisor', 'owner'),
    args: { calleeId: t.arg.globalID({ required: true, for: UserNode }), media: t.arg({ type: CallMediaEnum, required: true }) },
    // The caller enters the new room at once (rooms.joinRoom): its limits apply.
    errors: { types: [LimitReachedError], directResult: true, union: { name: 'StartCallResult' } },
    resolve: (_root, args, ctx) =>
      calls.startCall(ctx.services, ctx.viewer!.user.id, {
        calleeId: databaseIdOf(args.calleeId, 'User', 'meeting.userNotFound'),
        media: args.media,
      }),
  }),
  acceptCall: t.field({
    type: JoinRoomSuccess,
    description:
      'The callee enters the call room. Like joinRoom, `participants` are the others (the caller), never the ' +
      'callee: the callee opens a connection to each of them.',
    ...moduleAccess('zoomvisor', 'owner'),
    args: { roomId: t.arg.globalID({ required: true, for: RoomNode }) },
    errors: { types: [LimitReachedError], directResult: true, union: { name: 'AcceptCallResult' } },
    resolve: (_root, args, ctx) =>
      joinRoom(ctx.services, ctx.viewer!.user.id, databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound')),
  }),
  declineCall: t.field({
    type: DeclineCallSuccess,
    ...access('member'),
    args: { roomId: t.arg.globalID({ required: true, for: RoomNode }) },
    errors: { directResult: true, union: { name: 'DeclineCallResult' } },
    resolve: async (_root, args, ctx) => {
      await calls.declineCall(ctx.services, ctx.viewer!.user.id, databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'));
      return { done: true as const };
    },
  }),
}));
