import type { CallSignal } from '../generated/prisma/client';
import type { CallEvent } from '../realtime/pubsub';
import type { Services } from './container';

/**
 * Call signalling: every event for a user (a WebRTC offer/answer/ICE candidate relayed from a peer,
 * someone joining or leaving their room, an incoming call...) is a CallSignal row, stored first and
 * then published, so a client whose socket dropped asks for what came after the last id it saw.
 *
 * Its own module because one-to-one calls (calls.ts) and rooms (rooms.ts) both send these events
 * and close calls: both depend on it, neither on the other.
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
  'RECORDING_STARTED',
  'RECORDING_STOPPED',
  'CALL_MODE',
  'VIDEO_PUBLISHERS',
  'AWAY',
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

/** Tells everyone else in the room (stored, then published) what `senderId` did. */
export async function signalRoom(
  services: Services,
  roomId: number,
  senderId: number,
  kind: CallEventKind,
  payload?: Record<string, unknown>,
) {
  const present = await services.prisma.roomParticipant.findMany({
    where: { roomId, leftAt: null, userId: { not: senderId } },
    select: { userId: true },
  });
  await sendCallEvents(
    services,
    present.map(({ userId }) => ({ roomId, senderId, recipientId: userId, kind, payload })),
  );
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
