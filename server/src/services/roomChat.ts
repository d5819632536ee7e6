import { z } from 'zod';
import type { Prisma, RoomChatMessage } from '../generated/prisma/client';
import { friendshipPairKey } from '../database/keys';
import { voiceFormat, VOICE_MAX_BYTES, VOICE_MAX_SECONDS } from '../storage/voiceMessages';
import type { Services } from './container';
import { ForbiddenError, ValidationError } from './errors';
import { accessibleRoom, openParticipations } from './rooms';

/**
 * The chat of a room: text, voice messages and contact cards. Everyone who may enter the room reads
 * it, except contact cards, which only their sender and chosen recipients see. Stored first, then
 * published on the room's topic.
 */
export const visibleChatWhere = (userId: number): Prisma.RoomChatMessageWhereInput => ({
  OR: [{ type: { not: 'contact_card' } }, { senderId: userId }, { recipients: { has: userId } }],
});

export const isChatMessageVisible = (message: { type: string; senderId: number; recipients: number[] }, userId: number) =>
  message.type !== 'contact_card' || message.senderId === userId || message.recipients.includes(userId);

export const sendTextInput = z.object({
  roomId: z.number().int(),
  content: z.string().trim().min(1, 'meeting.chatEmpty').max(2000, 'validation.tooLong'),
});

async function publish(services: Services, message: RoomChatMessage) {
  const event = { id: message.id, roomId: message.roomId, type: message.type, recipients: message.recipients, senderId: message.senderId };
  services.pubsub.publish('room:chat', message.roomId, event);
  for (const recipient of message.recipients) services.pubsub.publish('user:contactCard', recipient, event);
  return message;
}

export async function sendText(services: Services, userId: number, input: z.output<typeof sendTextInput>) {
  await accessibleRoom(services, userId, input.roomId);
  const message = await services.prisma.roomChatMessage.create({
    data: { roomId: input.roomId, senderId: userId, type: 'text', content: input.content },
  });
  return publish(services, message);
}

const invalid = (field: string, messageKey: string, params?: Record<string, number>) =>
  new ValidationError([{ path: [field], messageKey, params }]);

/** A recording from the browser's MediaRecorder: checked by its bytes, its size and its length. */
export async function sendVoice(
  services: Services,
  userId: number,
  input: { roomId: number; file: File; durationSeconds: number },
) {
  await accessibleRoom(services, userId, input.roomId);
  if (!Number.isInteger(input.durationSeconds) || input.durationSeconds < 1 || input.durationSeconds > VOICE_MAX_SECONDS) {
    throw invalid('durationSeconds', 'meeting.voiceDuration', { max: VOICE_MAX_SECONDS });
  }
  if (input.file.size > VOICE_MAX_BYTES) throw invalid('file', 'meeting.voiceTooLarge');
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const format = voiceFormat(bytes);
  if (!format || bytes.length === 0) throw invalid('file', 'meeting.voiceType');
  const filename = await services.voiceStore.storeUpload(bytes, format);
  const message = await services.prisma.roomChatMessage.create({
    data: {
      roomId: input.roomId,
      senderId: userId,
      type: 'voice',
      voiceUrl: filename,
      voiceDurationSeconds: input.durationSeconds,
      voiceSize: bytes.length,
    },
  });
  return publish(services, message);
}

export const sendContactCardInput = z.object({
  roomId: z.number().int(),
  contactId: z.number().int(),
  recipientIds: z.array(z.number().int()).min(1, 'meeting.contactCardNoRecipients').max(100),
});

/** Shares one's own card or a contact's with chosen people who are in the room now. */
export async function sendContactCard(services: Services, userId: number, input: z.output<typeof sendContactCardInput>) {
  await accessibleRoom(services, userId, input.roomId);
  const recipients = [...new Set(input.recipientIds)].filter((id) => id !== userId);
  if (recipients.length === 0) throw invalid('recipientIds', 'meeting.contactCardNoRecipients');
  const present = await openParticipations(services.prisma, input.roomId, recipients);
  if (recipients.some((id) => !present.has(id))) throw invalid('recipientIds', 'meeting.contactCardRecipient');
  if (input.contactId !== userId) {
    const friendship = await services.prisma.friendship.findUnique({
      where: { pairKey: friendshipPairKey(userId, input.contactId) },
      select: { status: true },
    });
    if (friendship?.status !== 'accepted') throw new ForbiddenError('meeting.contactCardNotContact');
  }
  const contact = await services.prisma.user.findUniqueOrThrow({
    where: { id: input.contactId },
    select: { id: true, firstName: true, lastName: true, username: true, email: true, avatarImage: true },
  });
  const message = await services.prisma.roomChatMessage.create({
    data: {
      roomId: input.roomId,
      senderId: userId,
      type: 'contact_card',
      contactCard: {
        id: contact.id,
        name: `${contact.firstName} ${contact.lastName}`.trim(),
        username: contact.username,
        email: contact.email,
        avatar: contact.avatarImage,
      },
      recipients,
    },
  });
  return publish(services, message);
}

/** Messages of the room stored after `afterId` that `userId` may see, oldest first. */
export async function chatMessagesAfter(
  services: Services,
  userId: number,
  where: Prisma.RoomChatMessageWhereInput,
  afterId: number,
) {
  return services.prisma.roomChatMessage.findMany({
    where: { AND: [where, visibleChatWhere(userId), { id: { gt: afterId } }] },
    orderBy: { id: 'asc' },
    take: 500,
    select: { id: true, roomId: true, type: true, recipients: true, senderId: true },
  });
}
