import { z } from 'zod';
import type { Services } from './container';
import { directConversationKey, isUniqueViolation } from '../database/keys';
import { ForbiddenError, NotFoundError, ValidationError } from './errors';
import { areContacts, assertNotBlocked, blockedUserIds, notBlockedWhere } from './relations';
import { checkAttachments, type CheckedAttachment } from './messageAttachments';
import { createOnce } from './idempotency';
import { quotas } from './limits';
import type { Prisma } from '../generated/prisma/client';
import { mentionableUsers, mentionPayload } from './mentions';
import { notify } from './notifications';

/** Longest message text; the composer shows the same limit. */
export const MESSAGE_MAX_LENGTH = 5000;

export const messageContent = z.string().max(MESSAGE_MAX_LENGTH, 'validation.tooLong');

/**
 * Conversations the viewer may see: a one-to-one conversation disappears for both members while a
 * block stands between them (a group stays; its blocked members' messages and names are hidden).
 */
export const visibleConversations = (viewerId: number | undefined): Pick<Prisma.ConversationWhereInput, 'OR'> => ({
  OR: [{ directKey: null }, { participants: { every: { user: notBlockedWhere(viewerId) } } }],
});

/** Messages the viewer may see: in a conversation they may see, from a sender no block separates from them. */
export const visibleMessages = (viewerId: number | undefined): Prisma.MessageWhereInput => ({
  sender: notBlockedWhere(viewerId),
  conversation: visibleConversations(viewerId),
});

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
 * Who is told of what `userId` does in a conversation: the other participants (`others`) and, of
 * them, those no block separates from `userId` (`recipients`); refused when `userId` takes no part.
 * The participants and the blocks are read at once: one round trip less on every message sent.
 */
export async function conversationRecipients(
  services: Services,
  conversationId: number,
  userId: number,
): Promise<{ others: number[]; recipients: number[] }> {
  const [others, blocked] = await Promise.all([
    otherParticipants(services, conversationId, userId),
    blockedUserIds(services.prisma, userId),
  ]);
  return { others, recipients: blocked.length === 0 ? others : others.filter((id) => !blocked.includes(id)) };
}

/**
 * The pair's one-to-one conversation, created with its two participants on their first message.
 * When both send their first message at once, both find none and both insert; the unique direct key
 * refuses the second insert (its transaction takes its participants with it), which then reads the
 * winner's. Prisma's `upsert` cannot do this: with nested writes it reads, then inserts.
 */
async function directConversationId(prisma: Services['prisma'], senderId: number, recipientId: number): Promise<number> {
  const directKey = directConversationKey(senderId, recipientId);
  const existing = await prisma.conversation.findUnique({ where: { directKey }, select: { id: true } });
  if (existing) return existing.id;
  try {
    const created = await prisma.conversation.create({
      data: { directKey, participants: { create: [{ userId: senderId }, { userId: recipientId }] } },
      select: { id: true },
    });
    return created.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await prisma.conversation.findUniqueOrThrow({ where: { directKey }, select: { id: true } });
    return winner.id;
  }
}

/**
 * Stores a message to one recipient (in their one-to-one conversation, created on first use),
 * then tells both sides. Refused: empty, to oneself, to an unknown or inactive member, across a block.
 */
export async function sendDirectMessage(
  services: Services,
  senderId: number,
  input: { recipientId: number } & MessageBody,
): Promise<SentMessage> {
  return createOnce(input.idempotencyKey, earlierSend(services, senderId), async () => {
    const body = await checkedBody(services, senderId, input);
    if (input.recipientId === senderId) throw new ValidationError([{ path: ['recipientId'], messageKey: 'messages.toSelf' }]);
    const recipient = await services.prisma.user.findUnique({ where: { id: input.recipientId }, select: { isActive: true } });
    if (!recipient?.isActive) throw new NotFoundError('messages.recipientNotFound');
    await assertNotBlocked(services.prisma, senderId, input.recipientId, 'messages.recipientNotFound');

    const conversationId = await directConversationId(services.prisma, senderId, input.recipientId);
    return storeAndPublish(services, conversationId, senderId, [input.recipientId], body, input.idempotencyKey);
  });
}

/** Stores a message in a conversation the sender takes part in (one-to-one or group). */
export async function sendToConversation(
  services: Services,
  senderId: number,
  input: { conversationId: number } & MessageBody,
): Promise<SentMessage> {
  return createOnce(input.idempotencyKey, earlierSend(services, senderId), async () => {
    const body = await checkedBody(services, senderId, input);
    const { others, recipients } = await conversationRecipients(services, input.conversationId, senderId);
    // One-to-one across a block: refused, as if the other did not exist. In a group, a member a block
    // separates from the sender is not told (the message is hidden from them too).
    if (others.length === 1 && recipients.length === 0) throw new NotFoundError('messages.recipientNotFound');
    return storeAndPublish(services, input.conversationId, senderId, recipients, body, input.idempotencyKey);
  });
}

type SentMessage = { messageId: number; conversationId: number };

/** The message this sender already sent under this key (a retried send), if any. */
const earlierSend = (services: Services, senderId: number) => async (idempotencyKey: string) => {
  const message = await services.prisma.message.findUnique({
    where: { senderId_idempotencyKey: { senderId, idempotencyKey } },
    select: { id: true, conversationId: true },
  });
  return message && { messageId: message.id, conversationId: message.conversationId };
};

type MessageBody = { content: string; attachments?: File[]; contactId?: number | null; idempotencyKey?: string | null };
type CheckedBody = { content: string; attachments: CheckedAttachment[]; contactId: number | null };

/**
 * Text (trimmed), attachments (checked by content) and a contact card (the sender's own, or one of
 * their contacts', an active member); a message needs at least one of them.
 */
async function checkedBody(services: Services, senderId: number, input: MessageBody): Promise<CheckedBody> {
  if (input.attachments?.length) await quotas.upload(services, senderId);
  const content = input.content.trim();
  const contactId = input.contactId ?? null;
  if (contactId !== null && contactId !== senderId) {
    const active = await services.prisma.user.count({ where: { id: contactId, isActive: true } });
    if (!active || !(await areContacts(services.prisma, senderId, contactId))) {
      throw new ValidationError([{ path: ['contactId'], messageKey: 'messages.contactCardNotContact' }]);
    }
  }
  const attachments = await checkAttachments(input.attachments ?? []);
  if (!content && attachments.length === 0 && contactId === null) {
    throw new ValidationError([{ path: ['content'], messageKey: 'messages.empty' }]);
  }
  return { content, attachments, contactId };
}

async function storeAndPublish(
  services: Services,
  conversationId: number,
  senderId: number,
  recipientIds: number[],
  { content, attachments, contactId }: CheckedBody,
  idempotencyKey: string | null | undefined,
): Promise<SentMessage | null> {
  const store = services.attachmentStore;
  const filenames = await Promise.all(attachments.map((file) => store.storeUpload(file.bytes, file.type)));
  const createdAt = new Date();
  // Only participants are linked (and told): a mention cannot show a conversation to an outsider.
  const mentioned = await mentionableUsers(services.prisma, senderId, content, { conversationId });
  // One statement (so one round trip, and atomic): the message, its files (and their media library
  // rows), the conversation's
  // last-message time for the list's order, and the sender's read mark (one's own message is read).
  const [message] = await services.prisma.$queryRaw<{ id: number }[]>`
      WITH message AS (
        INSERT INTO messages (conversation_id, sender_id, content, contact_card_user_id, created_at, idempotency_key)
        VALUES (${conversationId}, ${senderId}, ${content}, ${contactId}::int, ${createdAt}, ${idempotencyKey ?? null})
        ON CONFLICT (sender_id, idempotency_key) DO NOTHING
        RETURNING id
      ), files AS (
        INSERT INTO message_attachments (message_id, filename, original_name, mime_type, size, created_at)
        SELECT message.id, file.filename, file.original_name, file.mime_type, file.size, ${createdAt}
        FROM message, unnest(
          ${filenames}::text[], ${attachments.map((file) => file.originalName)}::text[],
          ${attachments.map((file) => file.type.mime)}::text[], ${attachments.map((file) => file.size)}::int[]
        ) AS file (filename, original_name, mime_type, size)
        RETURNING filename, original_name, mime_type, size
      ), register AS (
        INSERT INTO media_files (kind, filename, original_name, mime_type, size, uploader_id, created_at, updated_at)
        SELECT 'attachment', filename, original_name, mime_type, size, ${senderId}, ${createdAt}, ${createdAt} FROM files
      ), conversation AS (
        UPDATE conversations SET last_message_at = ${createdAt}, updated_at = ${createdAt}
        WHERE id = ${conversationId} AND EXISTS (SELECT 1 FROM message)
      ), mentions AS (
        INSERT INTO message_mentions (message_id, user_id) SELECT message.id, mentioned FROM message, unnest(${mentioned}::int[]) AS mentioned
      ), sender AS (
        UPDATE conversation_participants SET last_read_message_id = GREATEST(last_read_message_id, message.id) FROM message
        WHERE conversation_id = ${conversationId} AND user_id = ${senderId}
      )
      SELECT id FROM message`.catch(async (error: unknown) => {
    await store.remove(filenames); // no message, so no files either
    throw error;
  });
  if (!message) {
    // A concurrent send with the same key stored it first: that one is the message.
    await store.remove(filenames);
    return null;
  }
  // Stored (committed) first, then published: a subscriber that misses the event finds the row.
  services.pubsub.publish('conversation:message', {
    id: message.id,
    conversationId,
    recipientIds: [senderId, ...recipientIds],
  });
  const payload = mentionPayload(senderId, { kind: 'message', messageId: message.id, conversationId });
  for (const userId of mentioned) if (userId !== senderId) await notify(services, userId, 'MENTION', payload);
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
  const { recipients: recipientIds } = await conversationRecipients(services, conversationId, userId);
  services.pubsub.publish('conversation:typing', { conversationId, userId, typing, at: new Date().toISOString(), recipientIds });
}

/** Messages after `afterId` in the user's conversations, oldest first (a reconnecting client's catch-up). */
export function messagesAfter(services: Services, userId: number, afterId: number, limit = 1000) {
  return services.prisma.message.findMany({
    where: { id: { gt: afterId }, conversation: { participants: { some: { userId } } }, sender: notBlockedWhere(userId) },
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
