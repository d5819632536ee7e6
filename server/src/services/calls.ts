import { z } from 'zod';
import { areContacts } from './relations';
import type { Services } from './container';
import { ForbiddenError, NotFoundError } from './errors';
import { endCall, sendCallEvents } from './callEvents';
import { joinRoom, openParticipations } from './rooms';

export { CALL_EVENT_KINDS, callEventsAfter, type CallEventKind } from './callEvents';

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

/**
 * What simple-peer emits as `signal` (SDP offer/answer, ICE candidate, renegotiation), as JSON text:
 * one signal (an object), or several in order (an array of at most SIGNAL_BATCH_MAX objects: the
 * client sends what came while its previous request to that person was on its way).
 */
export const SIGNAL_MAX_LENGTH = 16 * 1024;
export const SIGNAL_BATCH_MAX = 100;
const isSignal = (value: unknown) => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
export const relaySignalInput = z.object({
  roomId: z.number().int(),
  recipientId: z.number().int(),
  data: z
    .string()
    .max(SIGNAL_MAX_LENGTH, 'meeting.signalTooLarge')
    .transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        if (isSignal(value)) return value as Record<string, unknown>;
        if (Array.isArray(value) && value.length > 0 && value.length <= SIGNAL_BATCH_MAX && value.every(isSignal)) {
          return value as Record<string, unknown>[];
        }
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
  const callee = await services.prisma.user.findUnique({ where: { id: input.calleeId }, select: { isActive: true } });
  if (!callee?.isActive || !(await areContacts(services.prisma, callerId, input.calleeId))) {
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
    where: {
      id: roomId,
      isActive: true,
      type: { in: ['audio_call', 'video_call'] },
      callSignals: { some: { kind: 'CALL_INVITE', recipientId: userId } },
    },
    select: { id: true, createdById: true },
  });
  if (!room) throw new NotFoundError('meeting.callEnded');
  await endCall(services, room.id, userId, 'CALL_DECLINED');
}
