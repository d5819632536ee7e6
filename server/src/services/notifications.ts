import type { Services } from './container';
import type { NotificationEvent } from '../realtime/pubsub';
import type { Notification } from '../generated/prisma/client';

/** NEW_SIGN_IN: payload {sessionId}. FRIEND_REQUEST, FRIEND_ACCEPTED: payload {userId (the other member), friendshipId}. */
export const NOTIFICATION_KINDS = ['NEW_SIGN_IN', 'FRIEND_REQUEST', 'FRIEND_ACCEPTED'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const toEvent = (row: Notification): NotificationEvent => ({
  id: row.id,
  kind: row.kind,
  payload: (row.payload ?? {}) as Record<string, unknown>,
  createdAt: row.createdAt.toISOString(),
});

/** Stored first, then published: a subscriber that was offline catches up from the table. */
export async function notify(
  services: Services,
  userId: number,
  kind: NotificationKind,
  payload: Record<string, unknown> = {},
): Promise<NotificationEvent> {
  const row = await services.prisma.notification.create({ data: { userId, kind, payload: payload as object } });
  const event = toEvent(row);
  services.pubsub.publish('user:notification', userId, event);
  return event;
}

/** Notifications stored after `afterId`, oldest first (the catch-up part of a subscription). */
export async function notificationsAfter(services: Services, userId: number, afterId: number) {
  const rows = await services.prisma.notification.findMany({
    where: { userId, id: { gt: afterId } },
    orderBy: { id: 'asc' },
    take: 500,
  });
  return rows.map(toEvent);
}
