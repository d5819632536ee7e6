import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import type { RoomChatMessage } from '../generated/prisma/client';
import { storedThenLive } from '../realtime/catchUp';
import { afterId, databaseIdOf } from './globalIds';
import type { RoomChatEvent } from '../realtime/pubsub';
import * as chat from '../services/roomChat';
import { accessibleRoom, visibleRoomWhere } from '../services/rooms';
import { signedVoiceUrl, voiceMimeType } from '../storage/voiceMessages';
import { UserNode } from './user';
import { RoomNode } from './rooms';
import { idempotencyKeyArg, idempotencyKeyField } from './idempotency';
import { idempotencyKeyRule } from '../services/idempotency';
import { deliverableFrom } from '../services/relations';

const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;

const ChatMessageTypeEnum = builder.enumType('ChatMessageType', {
  values: { TEXT: { value: 'text' }, VOICE: { value: 'voice' }, CONTACT_CARD: { value: 'contact_card' } } as const,
});

type Voice = { filename: string; durationSeconds: number; size: number };
const VoiceRef = builder.objectRef<Voice>('VoiceRecording').implement({
  fields: (t) => ({
    url: t.string({
      description: 'A signed link for an <audio> element; it expires after some hours (ask again for a new one).',
      resolve: (voice, _args, ctx) => signedVoiceUrl(ctx.services.tokenSecret, voice.filename),
    }),
    mimeType: t.string({
      resolve: (voice) => voiceMimeType(voice.filename),
    }),
    durationSeconds: t.exposeInt('durationSeconds'),
    size: t.exposeInt('size', { description: 'Bytes.' }),
  }),
});

type ContactCard = { id: number; name: string; username: string; email: string | null; avatar: string | null };
const ContactCardRef = builder.objectRef<ContactCard>('ContactCard').implement({
  fields: (t) => ({
    userDatabaseId: t.int({ resolve: (card) => card.id }),
    name: t.exposeString('name'),
    username: t.exposeString('username'),
    email: t.string({
      nullable: true,
      description: "Null unless the contact's privacy settings show their email to every recipient of the card.",
      resolve: (card) => card.email ?? null,
    }),
    avatar: t.string({ nullable: true, resolve: (card) => card.avatar ?? null }),
  }),
});

export const RoomChatMessageNode = builder.prismaNode('RoomChatMessage', {
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({
    id: Number(id),
    AND: [chat.visibleChatWhere(viewerId(ctx)), { room: visibleRoomWhere(viewerId(ctx)) }],
  }),
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    type: t.expose('type', { type: ChatMessageTypeEnum }),
    sender: t.relation('sender'),
    content: t.exposeString('content'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    voice: t.field({
      type: VoiceRef,
      nullable: true,
      select: { voiceUrl: true, voiceDurationSeconds: true, voiceSize: true },
      resolve: (message) =>
        message.voiceUrl
          ? { filename: message.voiceUrl, durationSeconds: message.voiceDurationSeconds ?? 0, size: message.voiceSize ?? 0 }
          : null,
    }),
    contactCard: t.field({
      type: ContactCardRef,
      nullable: true,
      select: { contactCard: true },
      resolve: (message) => (message.contactCard as ContactCard | null) ?? null,
    }),
    recipientDatabaseIds: t.exposeIntList('recipients', { description: 'Contact cards: the users it was sent to.' }),
  }),
});

builder.queryField('roomChatHistory', (t) =>
  t.prismaField({
    type: ['RoomChatMessage'],
    description: 'The last messages of a room the viewer may enter (at most `last`, 100 by default), oldest first.',
    ...access('owner'),
    args: { roomId: t.arg.globalID({ required: true, for: RoomNode }), last: t.arg.int({ required: false }) },
    resolve: async (query, _root, args, ctx) => {
      const roomId = databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound');
      await accessibleRoom(ctx.services, viewerId(ctx), roomId);
      const newest = await ctx.prisma.roomChatMessage.findMany({
        ...query,
        where: { roomId, ...chat.visibleChatWhere(viewerId(ctx)) },
        orderBy: { id: 'desc' },
        take: Math.min(Math.max(args.last ?? 100, 1), 200),
      });
      return newest.reverse();
    },
  }),
);

/**
 * A chat subscription: checks access, then stored-then-live delivery of the message ids the viewer
 * may see; each is loaded with the fields the client asked for.
 */
function chatSubscription(
  name: string,
  opts: {
    description: string;
    room: boolean;
    topic: (ctx: Context, roomId: number) => AsyncIterableIterator<RoomChatEvent>;
    where: (ctx: Context, roomId: number) => Parameters<typeof chat.chatMessagesAfter>[2];
    accept?: (event: RoomChatEvent) => boolean;
  },
) {
  builder.subscriptionField(name, (t) =>
    t.prismaField({
      type: 'RoomChatMessage',
      description: opts.description,
      ...access(opts.room ? 'owner' : 'member'),
      args: {
        roomId: t.arg.globalID({ required: opts.room, for: RoomNode }),
        after: t.arg.id({
          required: false,
          description: 'The last message id the client has: the ones stored since come first.',
        }),
      },
      subscribe: async (_root, args, ctx) => {
        const userId = ctx.viewer!.user.id;
        const roomId = args.roomId ? databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound') : 0;
        if (opts.room) await accessibleRoom(ctx.services, userId, roomId);
        const where = opts.where(ctx, roomId);
        const deliverable = deliverableFrom(ctx.prisma, userId);
        return storedThenLive(opts.topic(ctx, roomId), {
          after: afterId(args.after),
          backlog: (lastId) => chat.chatMessagesAfter(ctx.services, userId, where, lastId),
          accept: async (event) =>
            chat.isChatMessageVisible(event, userId) && (opts.accept?.(event) ?? true) && (await deliverable(event.senderId)),
        });
      },
      resolve: (query, event, _args, ctx) => ctx.prisma.roomChatMessage.findUniqueOrThrow({ ...query, where: { id: event.id } }),
    }),
  );
}

chatSubscription('roomChatMessages', {
  description: 'New messages of a room the viewer may enter: text, voice and the contact cards sent to them.',
  room: true,
  topic: (ctx, roomId) => ctx.services.pubsub.subscribe('room:chat', roomId),
  where: (_ctx, roomId) => ({ roomId }),
});

chatSubscription('voiceMessages', {
  description: "The spec's `voice-message` event: new voice messages of a room ({roomId, message}).",
  room: true,
  topic: (ctx, roomId) => ctx.services.pubsub.subscribe('room:chat', roomId),
  where: (_ctx, roomId) => ({ roomId, type: 'voice' }),
  accept: (event) => event.type === 'voice',
});

chatSubscription('contactCards', {
  description: "The spec's `contact-card` event: contact cards sent to the viewer, in any room ({recipientId, contactCard}).",
  room: false,
  topic: (ctx) => ctx.services.pubsub.subscribe('user:contactCard', ctx.viewer!.user.id),
  where: (ctx) => ({ type: 'contact_card', recipients: { has: viewerId(ctx) } }),
});

const SendRoomMessageInput = builder.inputType('SendRoomMessageInput', {
  fields: (t) => ({ content: t.string({ required: true }), idempotencyKey: idempotencyKeyField(t) }),
});

const RoomChatMessagePayload = builder.objectRef<{ chatMessage: RoomChatMessage }>('RoomChatMessagePayload').implement({
  fields: (t) => ({ chatMessage: t.field({ type: RoomChatMessageNode, resolve: (payload) => payload.chatMessage }) }),
});

builder.mutationFields((t) => {
  const roomId = () => t.arg.globalID({ required: true, for: RoomNode });
  const errors = (name: string) => ({ directResult: true as const, union: { name } });
  return {
    sendRoomMessage: t.field({
      type: RoomChatMessagePayload,
      ...access('owner'),
      args: {
        roomId: roomId(),
        input: t.arg({
          type: SendRoomMessageInput,
          required: true,
          validate: {
            schema: chat.sendTextInput.pick({ content: true }).extend({ idempotencyKey: idempotencyKeyRule.nullish() }),
          },
        }),
      },
      errors: errors('SendRoomMessageResult'),
      resolve: async (_root, args, ctx) => ({
        chatMessage: await chat.sendText(ctx.services, viewerId(ctx), {
          roomId: databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'),
          content: args.input.content,
          idempotencyKey: args.input.idempotencyKey,
        }),
      }),
    }),
    sendVoiceMessage: t.field({
      type: RoomChatMessagePayload,
      description: 'A recording (WebM/Opus, Ogg or MP4, at most 300 s), sent as a GraphQL multipart upload.',
      ...access('owner'),
      args: {
        roomId: roomId(),
        file: t.arg({ type: 'File', required: true }),
        durationSeconds: t.arg.int({ required: true }),
        idempotencyKey: idempotencyKeyArg(t.arg),
      },
      errors: errors('SendVoiceMessageResult'),
      resolve: async (_root, args, ctx) => ({
        chatMessage: await chat.sendVoice(ctx.services, viewerId(ctx), {
          roomId: databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'),
          file: args.file,
          durationSeconds: args.durationSeconds,
          idempotencyKey: args.idempotencyKey,
        }),
      }),
    }),
    sendContactCard: t.field({
      type: RoomChatMessagePayload,
      description: "Shares the viewer's own card or a contact's with chosen people in the room.",
      ...access('owner'),
      args: {
        roomId: roomId(),
        contactId: t.arg.globalID({ required: true, for: UserNode }),
        recipientIds: t.arg.globalIDList({ required: true, for: UserNode }),
        idempotencyKey: idempotencyKeyArg(t.arg),
      },
      errors: errors('SendContactCardResult'),
      resolve: async (_root, args, ctx) => ({
        chatMessage: await chat.sendContactCard(ctx.services, viewerId(ctx), {
          roomId: databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'),
          contactId: databaseIdOf(args.contactId, 'User', 'meeting.userNotFound'),
          recipientIds: args.recipientIds.map((id) => databaseIdOf(id, 'User', 'meeting.userNotFound')),
          idempotencyKey: args.idempotencyKey,
        }),
      }),
    }),
  };
});
