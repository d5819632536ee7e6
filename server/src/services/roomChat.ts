import { z } from 'zod';
import type { Prisma, RoomChatMessage } from '../generated/prisma/client';
import { areContacts, notBlockedWhere } from './relations';
import { probeAudioSeconds } from '../storage/mediaProcessing';
import { voiceFormat, VOICE_MAX_BYTES, VOICE_MAX_SECONDS } from '../storage/voiceMessages';
import type { Services } from './container';
import { ForbiddenError, ValidationError } from './errors';
import { accessibleRoom, openParticipations } from './rooms';
import { createOnce } from './idempotency';
import { personalFieldVisibleToAll } from './privacy';
import { recordStoredFiles } from './mediaRegister';

/**
 * The chat of a room: text, voice messages and contact cards. Everyone who may enter the room reads
 * it, except contact cards, which only their sender and chosen recipients see. Stored first, then
 * published on the room's topic.
 */
export const visibleChatWhere = (userId: number): Prisma.RoomChatMessageWhereInput => ({
  OR: [{ type: { not: 'contact_card' } }, { senderId: userId }, { recipients: { has: userId } }],
  // Nothing from a member a block separates from the reader (live events: deliverableFrom).
  sender: notBlockedWhere(userId),
});

export const isChatMessageVisible = (message: { type: string; senderId: number; recipients: number[] }, userId: number) =>
  message.type !== 'contact_card' || message.senderId === userId || message.recipients.includes(userId);

export const sendTextInput = z.object({
  roomId: z.number().int(),
  content: z.string().trim().min(1, 'meeting.chatEmpty').max(2000, 'validation.tooLong'),
});

async function publish(services: Services, message: RoomChatMessage) {
  const event = {
    id: message.id,
    roomId: message.roomId,
    type: message.type,
    recipients: message.recipients,
    senderId: message.senderId,
  };
  services.pubsub.publish('room:chat', message.roomId, event);
  for (const recipient of message.recipients) services.pubsub.publish('user:contactCard', recipient, event);
  return message;
}

/** Stores and publishes a chat message once per (sender, key): a retried send answers the first message. */
const sendOnce = (services: Services, userId: number, key: string | null | undefined, send: () => Promise<RoomChatMessage>) =>
  createOnce(
    key,
    (idempotencyKey) =>
      services.prisma.roomChatMessage.findUnique({ where: { senderId_idempotencyKey: { senderId: userId, idempotencyKey } } }),
    send,
  );

export async function sendText(
  services: Services,
  userId: number,
  input: z.output<typeof sendTextInput> & { idempotencyKey?: string | null },
) {
  return sendOnce(services, userId, input.idempotencyKey, async () => {
    await accessibleRoom(services, userId, input.roomId);
    const message = await services.prisma.roomChatMessage.create({
      data: {
        roomId: input.roomId,
        senderId: userId,
        type: 'text',
        content: input.content,
        idempotencyKey: input.idempotencyKey,
      },
    });
    return publish(services, message);
  });
}

const invalid = (field: string, messageKey: string, params?: Record<string, number>) =>
  new ValidationError([{ path: [field], messageKey, params }]);

/**
 * The length shown with a voice message is the recording's own (ffprobe), rounded to a second: the
 * sender's timer runs from the click, not from the first sound, and was about a second off. The
 * client's figure stays only for a file ffprobe cannot read.
 */
async function measuredVoiceSeconds(services: Services, filename: string, claimed: number): Promise<number> {
  const tools = { ffmpegPath: services.config.ffmpegPath, ffprobePath: services.config.ffprobePath };
  const measured = await services.voiceStore.withLocalCopy(filename, (file) => probeAudioSeconds(tools, file));
  if (measured === null) return claimed;
  return Math.min(VOICE_MAX_SECONDS, Math.max(1, Math.round(measured)));
}

/** A recording from the browser's MediaRecorder: checked by its bytes, its size and its length. */
export async function sendVoice(
  services: Services,
  userId: number,
  input: { roomId: number; file: File; durationSeconds: number; idempotencyKey?: string | null },
) {
  return sendOnce(services, userId, input.idempotencyKey, () => storeVoice(services, userId, input));
}

async function storeVoice(
  services: Services,
  userId: number,
  input: { roomId: number; file: File; durationSeconds: number; idempotencyKey?: string | null },
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
  const durationSeconds = await measuredVoiceSeconds(services, filename, input.durationSeconds);
  const message = await services.prisma
    .$transaction(async (tx) => {
      const created = await tx.roomChatMessage.create({
        data: {
          roomId: input.roomId,
          senderId: userId,
          type: 'voice',
          voiceUrl: filename,
          voiceDurationSeconds: durationSeconds,
          voiceSize: bytes.length,
          idempotencyKey: input.idempotencyKey,
        },
      });
      await recordStoredFiles(tx, [
        {
          kind: 'voice',
          filename,
          originalName: input.file.name || filename,
          mimeType: format.mimeType,
          size: bytes.length,
          uploaderId: userId,
        },
      ]);
      return created;
    })
    .catch(async (error: unknown) => {
      await services.voiceStore.remove([filename]); // not stored (a concurrent retry won): no file either
      throw error;
    });
  return publish(services, message);
}

export const sendContactCardInput = z.object({
  roomId: z.number().int(),
  contactId: z.number().int(),
  recipientIds: z.array(z.number().int()).min(1, 'meeting.contactCardNoRecipients').max(100),
});

/** Shares one's own card or a contact's with chosen people who are in the room now. */
export async function sendContactCard(
  services: Services,
  userId: number,
  input: z.output<typeof sendContactCardInput> & { idempotencyKey?: string | null },
) {
  return sendOnce(services, userId, input.idempotencyKey, () => storeContactCard(services, userId, input));
}

async function storeContactCard(
  services: Services,
  userId: number,
  input: z.output<typeof sendContactCardInput> & { idempotencyKey?: string | null },
) {
  await accessibleRoom(services, userId, input.roomId);
  const recipients = [...new Set(input.recipientIds)].filter((id) => id !== userId);
  if (recipients.length === 0) throw invalid('recipientIds', 'meeting.contactCardNoRecipients');
  const present = await openParticipations(services.prisma, input.roomId, recipients);
  if (recipients.some((id) => !present.has(id))) throw invalid('recipientIds', 'meeting.contactCardRecipient');
  if (input.contactId !== userId) {
    if (!(await areContacts(services.prisma, userId, input.contactId))) throw new ForbiddenError('meeting.contactCardNotContact');
  }
  const contact = await services.prisma.user.findUniqueOrThrow({
    where: { id: input.contactId },
    select: { id: true, firstName: true, lastName: true, username: true, email: true, avatarImage: true },
  });
  // The card is one stored snapshot read by all its recipients, so it carries the contact's email
  // only when the contact's own privacy choice shows it to every recipient, as their profile would
  // (and to the sender, who may be a contact it is hidden from). Of the two readings, "what the
  // receiver may see" and "what the sender may see", this is the stricter: a contact who shows
  // their email to contacts only does not have it handed to strangers by a contact.
  const emailShown = await personalFieldVisibleToAll(services.prisma, 'email', contact.id, [userId, ...recipients]);
  const message = await services.prisma.roomChatMessage.create({
    data: {
      roomId: input.roomId,
      senderId: userId,
      type: 'contact_card',
      contactCard: {
        id: contact.id,
        name: `${contact.firstName} ${contact.lastName}`.trim(),
        username: contact.username,
        email: emailShown ? contact.email : null,
        avatar: contact.avatarImage,
      },
      recipients,
      idempotencyKey: input.idempotencyKey,
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
