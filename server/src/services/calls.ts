import { z } from 'zod';
import type { CallSignal } from '../generated/prisma/client';
import type { CallEvent } from '../realtime/pubsub';
import { friendshipPairKey } from '../database/keys';
import type { Services } from './container';
import { ForbiddenError, NotFoundError } from './errors';
import { joinRoom, openParticipations } from './rooms';

/**
 * Call signalling: every event for a user (a WebRTC offer/answer/ICE candidate relayed from a peer,
 * someone joining or leaving their room, an incoming call...) is a CallSignal row, stored first and
 * then published, so a client whose socket dropped asks for what came after the last id it saw.
 */
export const CALL_EVENT_KINDS = [
  'JOINED',
  'LEFT',
  'MEDIA_STATE',
  'SIGNAL',
  'CALL_INVITE',
  'CALL_DECLINED',
  'CALL_ENDED',
  'ROOM_CLOSED',
] as const;
export type CallEventKind = (typeof CALL_EVENT_KINDS)[number];

export type CallEventRow = {
  roomId: number | null;
  senderId: number;
  recipientId: number;
  kind: CallEventKind;
  payload?: Record<string, unknown>;
};

const toEvent = (row: CallSignal): CallEvent => ({
  id: row.id,
  roomId: row.roomId,
  senderId: row.senderId,
  kind: row.kind,
  payload: (row.payload ?? {}) as Record<string, unknown>,
  createdAt: row.createdAt.toISOString(),
});

export async function sendCallEvents(services: Services, rows: CallEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  const stored = await services.prisma.callSignal.createManyAndReturn({
    data: rows.map((row) => ({ ...row, payload: (row.payload ?? {}) as object })),
  });
  for (const row of stored) services.pubsub.publish('user:callEvent', row.recipientId, toEvent(row));
}

/** Events stored for `userId` after `afterId`, oldest first (the catch-up part of the subscription). */
export async function callEventsAfter(services: Services, userId: number, afterId: number): Promise<CallEvent[]> {
  const rows = await services.prisma.callSignal.findMany({
    where: { recipientId: userId, id: { gt: afterId } },
    orderBy: { id: 'asc' },
    take: 500,
  });
  return rows.map(toEvent);
}

/**
 * Signals only matter while a call lasts (and for a reconnecting client to catch up); every ICE
 * candidate is a row, so old ones are deleted. A day is far longer than any catch-up needs.
 */
export const CALL_SIGNAL_RETENTION_MS = 24 * 3600_000;

export async function pruneCallSignals(services: Services, now = Date.now()): Promise<number> {
  const { count } = await services.prisma.callSignal.deleteMany({
    where: { createdAt: { lt: new Date(now - CALL_SIGNAL_RETENTION_MS) } },
  });
  return count;
}

/** What simple-peer emits as `signal` (SDP offer/answer, ICE candidate, renegotiation), as JSON text. */
export const SIGNAL_MAX_LENGTH = 16 * 1024;
export const relaySignalInput = z.object({
  roomId: z.number().int(),
  recipientId: z.number().int(),
  data: z
    .string()
    .max(SIGNAL_MAX_LENGTH, 'meeting.signalTooLarge')
    .transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'validation.invalidInput' });
      return z.NEVER;
    }),
});

/** Relays a WebRTC signal between two people who are both in the room now, and nobody else. */
export async function relaySignal(services: Services, senderId: number, input: z.output<typeof relaySignalInput>) {
  const present = await openParticipations(services.prisma, input.roomId, [senderId, input.recipientId]);
  if (!present.has(senderId)) throw new ForbiddenError('meeting.notInRoom');
  if (senderId === input.recipientId || !present.has(input.recipientId)) throw new ForbiddenError('meeting.peerNotInRoom');
  await sendCallEvents(services, [
    { roomId: input.roomId, senderId, recipientId: input.recipientId, kind: 'SIGNAL', payload: { data: input.data } },
  ]);
}

export type CallMedia = 'audio' | 'video';

/**
 * A one-to-one call is a room of two (type audio_call or video_call) that the caller joins at once;
 * the callee gets CALL_INVITE and joins it by accepting. Calls are between accepted contacts only.
 */
export async function startCall(services: Services, callerId: number, input: { calleeId: number; media: CallMedia }) {
  if (callerId === input.calleeId) throw new ForbiddenError('meeting.callSelf');
  const friendship = await services.prisma.friendship.findUnique({
    where: { pairKey: friendshipPairKey(callerId, input.calleeId) },
    select: { status: true, addressee: { select: { isActive: true } }, requester: { select: { isActive: true } } },
  });
  if (friendship?.status !== 'accepted' || !friendship.addressee.isActive || !friendship.requester.isActive) {
    throw new ForbiddenError('meeting.callNotContact');
  }
  const room = await services.prisma.room.create({
    data: {
      // Never listed: the client names a call after the other person.
      name: `call ${callerId}-${input.calleeId}`,
      type: input.media === 'audio' ? 'audio_call' : 'video_call',
      maxParticipants: 2,
      createdById: callerId,
    },
  });
  await joinRoom(services, callerId, room.id);
  await sendCallEvents(services, [
    { roomId: room.id, senderId: callerId, recipientId: input.calleeId, kind: 'CALL_INVITE', payload: { media: input.media } },
  ]);
  return room;
}

/** An active call `userId` was invited to and has not joined: who calls, with what media. */
export async function pendingCall(services: Services, userId: number, roomId: number) {
  const invite = await services.prisma.callSignal.findFirst({
    where: {
      roomId,
      recipientId: userId,
      kind: 'CALL_INVITE',
      room: { isActive: true, participants: { none: { userId, leftAt: null } } },
    },
    orderBy: { id: 'desc' },
    select: { senderId: true, payload: true },
  });
  if (!invite) return null;
  const media: CallMedia = (invite.payload as { media?: string }).media === 'audio' ? 'audio' : 'video';
  return { roomId, callerId: invite.senderId, media };
}

/** The callee says no: the call room closes and the caller is told. */
export async function declineCall(services: Services, userId: number, roomId: number) {
  const room = await services.prisma.room.findFirst({
    where: { id: roomId, isActive: true, type: { in: ['audio_call', 'video_call'] }, callSignals: { some: { kind: 'CALL_INVITE', recipientId: userId } } },
    select: { id: true, createdById: true },
  });
  if (!room) throw new NotFoundError('meeting.callEnded');
  await endCall(services, room.id, userId, 'CALL_DECLINED');
}

/** Closes a call room and tells every other party (the caller, the invited) with `kind`. */
export async function endCall(services: Services, roomId: number, byUserId: number, kind: 'CALL_DECLINED' | 'CALL_ENDED') {
  const now = new Date();
  const room = await services.prisma.room.update({
    where: { id: roomId },
    data: { isActive: false },
    select: { createdById: true, callSignals: { where: { kind: 'CALL_INVITE' }, select: { recipientId: true } } },
  });
  await services.prisma.roomParticipant.updateMany({ where: { roomId, leftAt: null }, data: { leftAt: now } });
  const parties = new Set([room.createdById, ...room.callSignals.map((invite) => invite.recipientId)]);
  parties.delete(byUserId);
  await sendCallEvents(
    services,
    [...parties].flatMap((recipientId) => (recipientId ? [{ roomId, senderId: byUserId, recipientId, kind }] : [])),
  );
}
