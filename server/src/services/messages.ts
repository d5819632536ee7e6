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
  const participants = await services.prisma.conversationParticipant.findMany({
    where: { conversationId },
    select: { userId: true },
  });
  if (!participants.some((p) => p.userId === userId)) throw new ForbiddenError('messages.notParticipant');
  return participants.map((p) => p.userId).filter((id) => id !== userId);
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
  const message = await services.prisma
    .$transaction(async (tx) => {
      const created = await tx.message.create({
        data: {
          conversationId,
          senderId,
          content,
          attachments: {
            create: attachments.map((file, index) => ({
              filename: filenames[index]!,
              originalName: file.originalName,
              mimeType: file.type.mime,
              size: file.size,
            })),
          },
        },
        select: { id: true, createdAt: true },
      });
    await tx.conversation.update({ where: { id: conversationId }, data: { lastMessageAt: created.createdAt } });
    // One's own message is read by oneself.
    await tx.conversationParticipant.update({
      where: { conversationId_userId: { conversationId, userId: senderId } },
      data: { lastReadMessageId: created.id },
    });
    return created;
  })
    .catch(async (error: unknown) => {
      await store.remove(filenames); // no message, so no files either
      throw error;
    });
  // Stored (committed) first, then published: a subscriber that misses the event finds the row.
  for (const userId of [senderId, ...recipientIds]) {
    services.pubsub.publish('user:message', userId, { id: message.id, conversationId });
  }
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
  for (const id of [userId, ...others]) {
    services.pubsub.publish('user:conversation', id, { conversationId, readerId: userId, lastReadMessageId: newest.id });
  }
}

/** Typing is not stored: it only matters to whoever is looking right now. */
export async function setTyping(services: Services, userId: number, conversationId: number, typing: boolean) {
  for (const id of await otherParticipants(services, conversationId, userId)) {
    services.pubsub.publish('user:typing', id, { conversationId, userId, typing, at: new Date().toISOString() });
  }
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
