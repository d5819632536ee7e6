import { z } from 'zod';
import type { Services } from './container';
import { directConversationKey } from '../database/keys';
import { ForbiddenError, NotFoundError, UserBlockedError, ValidationError } from './errors';
import { isBlockedBetween } from './friendships';
import { checkAttachments, type CheckedAttachment } from './messageAttachments';

/** Longest message text; the composer shows the same limit. */
export const MESSAGE_MAX_LENGTH = 5000;

export const messageContent = z.string().max(MESSAGE_MAX_LENGTH, 'validation.tooLong');

/** Every participant of the conversation but `userId`, or a refusal when `userId` is not one of them. */
export async function otherParticipants(services: Services, conversationId: number, userId: number): Promise<number[]> {
  // One row holding an array: a thousand members read as rows cost several times more (per message).
  const [row] = await services.prisma.$queryRaw<{ ids: number[] | null }[]>`
    SELECT array_agg(user_id) AS ids FROM conversation_participants WHERE conversation_id = ${conversationId}`;
  const ids = row?.ids ?? [];
  if (!ids.includes(userId)) throw new ForbiddenError('messages.notParticipant');
  return ids.filter((id) => id !== userId);
}

/**
 * Stores a message to one recipient (in their one-to-one conversation, created on first use),
 * then tells both sides. Refused: empty, to oneself, to an unknown or inactive member, across a block.
 */
export async function sendDirectMessage(
  services: Services,
  senderId: number,
  input: { recipientId: number } & MessageBody,
): Promise<{ messageId: number; conversationId: number }> {
  const body = await checkedBody(input);
  if (input.recipientId === senderId) throw new ValidationError([{ path: ['recipientId'], messageKey: 'messages.toSelf' }]);
  const recipient = await services.prisma.user.findUnique({ where: { id: input.recipientId }, select: { isActive: true } });
  if (!recipient?.isActive) throw new NotFoundError('messages.recipientNotFound');
  if (await isBlockedBetween(services.prisma, senderId, input.recipientId)) throw new UserBlockedError('messages.blocked');

  const directKey = directConversationKey(senderId, input.recipientId);
  const conversation = await services.prisma.conversation.upsert({
    where: { directKey },
    create: {
      directKey,
      participants: { create: [{ userId: senderId }, { userId: input.recipientId }] },
    },
    update: {},
    select: { id: true },
  });
  return storeAndPublish(services, conversation.id, senderId, [input.recipientId], body);
}

/** Stores a message in a conversation the sender takes part in (one-to-one or group). */
export async function sendToConversation(
  services: Services,
  senderId: number,
  input: { conversationId: number } & MessageBody,
): Promise<{ messageId: number; conversationId: number }> {
  const body = await checkedBody(input);
  const others = await otherParticipants(services, input.conversationId, senderId);
  if (others.length === 1 && (await isBlockedBetween(services.prisma, senderId, others[0]))) {
    throw new UserBlockedError('messages.blocked');
  }
  return storeAndPublish(services, input.conversationId, senderId, others, body);
}

type MessageBody = { content: string; attachments?: File[] };

/** Text (trimmed) and attachments (checked by content); a message needs one or the other. */
async function checkedBody(input: MessageBody) {
  const content = input.content.trim();
  const attachments = await checkAttachments(input.attachments ?? []);
  if (!content && attachments.length === 0) throw new ValidationError([{ path: ['content'], messageKey: 'messages.empty' }]);
  return { content, attachments };
}

async function storeAndPublish(
  services: Services,
  conversationId: number,
  senderId: number,
  recipientIds: number[],
  { content, attachments }: { content: string; attachments: CheckedAttachment[] },
) {
  const store = services.attachmentStore;
  const filenames = await Promise.all(attachments.map((file) => store.storeUpload(file.bytes, file.type)));
  const createdAt = new Date();
  // One statement (so one round trip, and atomic): the message, its files, the conversation's
  // last-message time for the list's order, and the sender's read mark (one's own message is read).
  const [message] = await services.prisma
    .$queryRaw<{ id: number }[]>`
      WITH message AS (
        INSERT INTO messages (conversation_id, sender_id, content, created_at)
        VALUES (${conversationId}, ${senderId}, ${content}, ${createdAt})
        RETURNING id
      ), files AS (
        INSERT INTO message_attachments (message_id, filename, original_name, mime_type, size, created_at)
        SELECT message.id, file.filename, file.original_name, file.mime_type, file.size, ${createdAt}
        FROM message, unnest(
          ${filenames}::text[], ${attachments.map((file) => file.originalName)}::text[],
          ${attachments.map((file) => file.type.mime)}::text[], ${attachments.map((file) => file.size)}::int[]
        ) AS file (filename, original_name, mime_type, size)
      ), conversation AS (
        UPDATE conversations SET last_message_at = ${createdAt}, updated_at = ${createdAt} WHERE id = ${conversationId}
      ), sender AS (
        UPDATE conversation_participants SET last_read_message_id = GREATEST(last_read_message_id, message.id) FROM message
        WHERE conversation_id = ${conversationId} AND user_id = ${senderId}
      )
      SELECT id FROM message`
    .catch(async (error: unknown) => {
      await store.remove(filenames); // no message, so no files either
      throw error;
    });
  // Stored (committed) first, then published: a subscriber that misses the event finds the row.
  services.pubsub.publish('conversation:message', {
    id: message.id,
    conversationId,
    recipientIds: [senderId, ...recipientIds],
  });
  return { messageId: message.id, conversationId };
}

/** Marks everything up to the newest message read for `userId`, and tells every participant. */
export async function markConversationRead(services: Services, userId: number, conversationId: number): Promise<void> {
  const others = await otherParticipants(services, conversationId, userId);
  const newest = await services.prisma.message.findFirst({
    where: { conversationId },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
  if (!newest) return;
  const updated = await services.prisma.conversationParticipant.updateMany({
    where: { conversationId, userId, OR: [{ lastReadMessageId: null }, { lastReadMessageId: { lt: newest.id } }] },
    data: { lastReadMessageId: newest.id },
  });
  if (updated.count === 0) return;
  services.pubsub.publish('conversation:read', {
    conversationId,
    readerId: userId,
    lastReadMessageId: newest.id,
    recipientIds: [userId, ...others],
  });
}

/** Typing is not stored: it only matters to whoever is looking right now. */
export async function setTyping(services: Services, userId: number, conversationId: number, typing: boolean) {
  const recipientIds = await otherParticipants(services, conversationId, userId);
  services.pubsub.publish('conversation:typing', { conversationId, userId, typing, at: new Date().toISOString(), recipientIds });
}

/** Messages after `afterId` in the user's conversations, oldest first (a reconnecting client's catch-up). */
export function messagesAfter(services: Services, userId: number, afterId: number, limit = 1000) {
  return services.prisma.message.findMany({
    where: { id: { gt: afterId }, conversation: { participants: { some: { userId } } } },
    orderBy: { id: 'asc' },
    take: limit,
    select: { id: true, conversationId: true },
  });
}

/** Unread messages per conversation for one participant: one statement for any number of conversations. */
export async function unreadCounts(services: Services, userId: number, conversationIds: readonly number[]) {
  if (conversationIds.length === 0) return new Map<number, number>();
  const rows = await services.prisma.$queryRaw<{ conversation_id: number; unread: bigint }[]>`
    SELECT m.conversation_id, count(*) AS unread
    FROM messages m
    JOIN conversation_participants p ON p.conversation_id = m.conversation_id AND p.user_id = ${userId}
    WHERE m.conversation_id = ANY(${[...conversationIds]}::int[])
      AND m.sender_id <> ${userId}
      AND m.id > COALESCE(p.last_read_message_id, 0)
    GROUP BY m.conversation_id`;
  return new Map(rows.map((row) => [row.conversation_id, Number(row.unread)]));
}

/** Per conversation, the newest message id read by every participant but `userId` (one statement). */
export async function othersReadUpTo(services: Services, userId: number, conversationIds: readonly number[]) {
  const rows = await services.prisma.conversationParticipant.findMany({
    where: { conversationId: { in: [...conversationIds] }, userId: { not: userId } },
    select: { conversationId: true, lastReadMessageId: true },
  });
  const marks = new Map<number, number | null>();
  for (const row of rows) {
    const mark = row.lastReadMessageId ?? 0;
    marks.set(row.conversationId, Math.min(marks.get(row.conversationId) ?? Infinity, mark));
  }
  return new Map([...marks].map(([id, mark]) => [id, mark || null]));
}
