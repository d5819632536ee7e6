import type { Prisma } from '../generated/prisma/client';
import type { Services } from './container';
import { sendCallEvents } from './callEvents';

/**
 * Who sends video in a room in SFU mode: at most `sfuMaxVideoPublishers` members, the most recent
 * speakers. Everyone else sends audio only (all audio reaches everyone, mixed by the browser) and
 * shows as their avatar until they speak. Janus hears who talks (the VideoRoom's audio levels,
 * reported by the gateway's observer in each room: sfu/janusGateway.ts); each report stamps the
 * speaker's room_participants.last_spoke_at. Members who never spoke count by arrival, so the
 * first to join fill the set while nobody has spoken.
 *
 * A new speaker takes the seat of the one who spoke least recently; a speaker already seated
 * changes nothing, so the set only moves when someone outside it speaks. Every change is told to
 * everyone present (VIDEO_PUBLISHERS {epoch, userIds, at}); a browser outside the set stops
 * sending video, and the others show its avatar. Nobody is told of a newcomer who takes no seat:
 * clients count whoever is not in the last list they got as audio-only.
 */

export type VideoPublishersEvent = { epoch: number; userIds: number[]; at: number };

/** The room's video publishers now: present members, most recent speaker first, then by arrival. */
export async function videoPublishers(db: Prisma.TransactionClient, roomId: number, max: number): Promise<number[]> {
  const rows = await db.roomParticipant.findMany({
    where: { roomId, leftAt: null },
    orderBy: [{ lastSpokeAt: { sort: 'desc', nulls: 'last' } }, { joinedAt: 'asc' }, { id: 'asc' }],
    take: max,
    select: { userId: true },
  });
  return rows.map((row) => row.userId);
}

/** Tells everyone present (or `recipients`) the room's video publishers for `epoch`. */
export async function announceVideoPublishers(services: Services, roomId: number, epoch: number, recipients?: number[]) {
  const userIds = await videoPublishers(services.prisma, roomId, services.config.sfuMaxVideoPublishers);
  const to =
    recipients ??
    (await services.prisma.roomParticipant.findMany({ where: { roomId, leftAt: null }, select: { userId: true } })).map(
      (row) => row.userId,
    );
  const payload: VideoPublishersEvent = { epoch, userIds, at: Date.now() };
  await sendCallEvents(
    services,
    to.map((recipientId) => ({ roomId, senderId: recipientId, recipientId, kind: 'VIDEO_PUBLISHERS' as const, payload })),
  );
}

/**
 * Janus heard `userId` start or stop talking in the room: they are its most recent speaker. When
 * that gives them a seat they did not have, everyone present is told.
 */
export async function heardTalking(services: Services, roomId: number, userId: number) {
  const room = await services.prisma.room.findUnique({ where: { id: roomId }, select: { callMode: true, callEpoch: true } });
  if (room?.callMode !== 'sfu') return;
  const seated = await videoPublishers(services.prisma, roomId, services.config.sfuMaxVideoPublishers);
  const { count } = await services.prisma.roomParticipant.updateMany({
    where: { roomId, userId, leftAt: null },
    data: { lastSpokeAt: new Date() },
  });
  if (count === 0 || seated.includes(userId)) return;
  await announceVideoPublishers(services, roomId, room.callEpoch);
}

/**
 * Someone left a room in SFU mode with `present` members still in it: if there were more members
 * than seats, the most recent speaker among those without one takes the seat that may have freed.
 */
export async function videoPublishersAfterLeave(services: Services, roomId: number, epoch: number, present: number) {
  if (present >= services.config.sfuMaxVideoPublishers) await announceVideoPublishers(services, roomId, epoch);
}
