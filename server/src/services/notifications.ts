import type { Services } from './container';
import type { NotificationEvent } from '../realtime/pubsub';
import type { Notification, Prisma } from '../generated/prisma/client';

/**
 * NEW_SIGN_IN: payload {sessionId}. FRIEND_REQUEST, FRIEND_ACCEPTED: payload {userId (the other member), friendshipId}.
 * SUPPORT_REPLY: payload {supportMessageId, supportReplyId, subject} (an administrator answered the member's message).
 * SUBSCRIPTION_CHANGED, SUBSCRIPTION_ENDING, SUBSCRIPTION_EXPIRED: payload {subscriptionId, status, planId, planName, planNames, expiresAt}.
 * SUBSCRIPTION_GROUP_ADDED, SUBSCRIPTION_GROUP_REMOVED: payload {groupId, groupName, planId, planName, planNames} (the member was put
 * in a subscription group, or the group was deleted).
 * CALENDAR_INVITATION: payload {userId (the organiser), eventId}.
 * NEW_FOLLOWER: payload {userId (the follower)}.
 * MENTION: payload {userId (who mentioned the member), target ('publication', 'comment' or 'message'), publicationId,
 * commentId or messageId and conversationId} (services/mentions.ts).
 * COMMUNITY_JOIN_REQUEST: payload {userId (who asks), communityId, communityName} (to the owner and moderators).
 * COMMUNITY_REQUEST_APPROVED: payload {communityId, communityName} (to the member whose request was approved).
 */
export const NOTIFICATION_KINDS = [
  'NEW_SIGN_IN',
  'FRIEND_REQUEST',
  'FRIEND_ACCEPTED',
  'SUPPORT_REPLY',
  'SUBSCRIPTION_CHANGED',
  'SUBSCRIPTION_ENDING',
  'SUBSCRIPTION_EXPIRED',
  'SUBSCRIPTION_GROUP_ADDED',
  'SUBSCRIPTION_GROUP_REMOVED',
  'CALENDAR_INVITATION',
  'NEW_FOLLOWER',
  'MENTION',
  'COMMUNITY_JOIN_REQUEST',
  'COMMUNITY_REQUEST_APPROVED',
] as const;
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
  const event = await storeNotification(services.prisma, userId, kind, payload);
  publishStoredNotification(services, userId, event);
  return event;
}

/**
 * `notify` in two steps, for a change made in a transaction: store the notification in it (kept only
 * with the change), then, once it is committed, publish it with `publishStoredNotification`.
 */
export async function storeNotification(
  tx: Prisma.TransactionClient,
  userId: number,
  kind: NotificationKind,
  payload: Record<string, unknown> = {},
): Promise<NotificationEvent> {
  return toEvent(await tx.notification.create({ data: { userId, kind, payload: payload as object } }));
}

export function publishStoredNotification(services: Services, userId: number, event: NotificationEvent) {
  services.pubsub.publish('user:notification', userId, event);
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
