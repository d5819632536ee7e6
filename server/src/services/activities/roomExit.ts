import type { Services } from '../container';

/**
 * What leaving a room does to its activity (called by services/rooms.ts, so this module imports no
 * room rules): a player leaves the activity; the host leaving stops it (the host chose its content and
 * controls its end, so nobody inherits that role).
 */
export async function leaveRoomActivity(services: Services, userId: number, roomId: number) {
  const session = await services.prisma.activitySession.findFirst({
    where: { roomId, status: 'active' },
    select: { id: true, hostId: true },
  });
  if (!session) return;
  if (session.hostId === userId) {
    await endRoomActivities(services, [roomId]);
    return;
  }
  const { count } = await services.prisma.activitySessionPlayer.updateMany({
    where: { sessionId: session.id, userId, leftAt: null },
    data: { leftAt: new Date() },
  });
  if (count > 0) services.pubsub.publish('room:activity', roomId, {});
}

/** Stops the active activities of these rooms (their host left, or the rooms closed). */
export async function endRoomActivities(services: Services, roomIds: number[]) {
  const { count } = await services.prisma.activitySession.updateMany({
    where: { roomId: { in: roomIds }, status: 'active' },
    data: { status: 'ended', endedAt: new Date() },
  });
  if (count > 0) for (const roomId of roomIds) services.pubsub.publish('room:activity', roomId, {});
}
