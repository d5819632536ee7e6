import { builder } from '../builder';
import type { Context } from '../context';
import type { RoomChatMessage } from '../generated/prisma/client';
import { afterId, storedThenLive } from '../realtime/catchUp';
import type { RoomChatEvent } from '../realtime/pubsub';
import { NotAuthenticatedError, ValidationError } from '../services/errors';
import * as chat from '../services/roomChat';
import { accessibleRoom, visibleRoomWhere } from '../services/rooms';
import { signedVoiceUrl, voiceMimeType } from '../storage/voiceMessages';
import { UserNode } from './user';
import { RoomNode } from './rooms';

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

type ContactCard = { id: number; name: string; username: string; email: string; avatar: string | null };
const ContactCardRef = builder.objectRef<ContactCard>('ContactCard').implement({
  fields: (t) => ({
    userDatabaseId: t.int({ resolve: (card) => card.id }),
    name: t.exposeString('name'),
    username: t.exposeString('username'),
    email: t.exposeString('email'),
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
    authScopes: { loggedIn: true },
    args: { roomId: t.arg.globalID({ required: true, for: RoomNode }), last: t.arg.int({ required: false }) },
    resolve: async (query, _root, args, ctx) => {
      const roomId = Number(args.roomId.id);
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
      authScopes: { loggedIn: true },
      args: {
        roomId: t.arg.globalID({ required: opts.room, for: RoomNode }),
        after: t.arg.id({ required: false, description: 'The last message id the client has: the ones stored since come first.' }),
      },
      subscribe: async (_root, args, ctx) => {
        if (!ctx.viewer) throw new NotAuthenticatedError();
        const userId = ctx.viewer.user.id;
        const roomId = args.roomId ? Number(args.roomId.id) : 0;
        if (opts.room) await accessibleRoom(ctx.services, userId, roomId);
        const where = opts.where(ctx, roomId);
        return storedThenLive(opts.topic(ctx, roomId), {
          after: afterId(args.after),
          backlog: (lastId) => chat.chatMessagesAfter(ctx.services, userId, where, lastId),
          accept: (event) => chat.isChatMessageVisible(event, userId) && (opts.accept?.(event) ?? true),
        });
      },
      resolve: (query, event, _args, ctx) =>
        ctx.prisma.roomChatMessage.findUniqueOrThrow({ ...query, where: { id: event.id } }),
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
  fields: (t) => ({ content: t.string({ required: true }) }),
});

const RoomChatMessagePayload = builder.objectRef<{ chatMessage: RoomChatMessage }>('RoomChatMessagePayload').implement({
  fields: (t) => ({ chatMessage: t.field({ type: RoomChatMessageNode, resolve: (payload) => payload.chatMessage }) }),
});

builder.mutationFields((t) => {
  const roomId = () => t.arg.globalID({ required: true, for: RoomNode });
  const errors = (name: string) => ({ types: [ValidationError], directResult: true as const, union: { name } });
  return {
    sendRoomMessage: t.field({
      type: RoomChatMessagePayload,
      authScopes: { loggedIn: true },
      args: {
        roomId: roomId(),
        input: t.arg({ type: SendRoomMessageInput, required: true, validate: { schema: chat.sendTextInput.pick({ content: true }) } }),
      },
      errors: errors('SendRoomMessageResult'),
      resolve: async (_root, args, ctx) => ({
        chatMessage: await chat.sendText(ctx.services, viewerId(ctx), { roomId: Number(args.roomId.id), content: args.input.content }),
      }),
    }),
    sendVoiceMessage: t.field({
      type: RoomChatMessagePayload,
      description: 'A recording (WebM/Opus, Ogg or MP4, at most 300 s), sent as a GraphQL multipart upload.',
      authScopes: { loggedIn: true },
      args: {
        roomId: roomId(),
        file: t.arg({ type: 'File', required: true }),
        durationSeconds: t.arg.int({ required: true }),
      },
      errors: errors('SendVoiceMessageResult'),
      resolve: async (_root, args, ctx) => ({
        chatMessage: await chat.sendVoice(ctx.services, viewerId(ctx), {
          roomId: Number(args.roomId.id),
          file: args.file,
          durationSeconds: args.durationSeconds,
        }),
      }),
    }),
    sendContactCard: t.field({
      type: RoomChatMessagePayload,
      description: "Shares the viewer's own card or a contact's with chosen people in the room.",
      authScopes: { loggedIn: true },
      args: {
        roomId: roomId(),
        contactId: t.arg.globalID({ required: true, for: UserNode }),
        recipientIds: t.arg.globalIDList({ required: true, for: UserNode }),
      },
      errors: errors('SendContactCardResult'),
      resolve: async (_root, args, ctx) => ({
        chatMessage: await chat.sendContactCard(ctx.services, viewerId(ctx), {
          roomId: Number(args.roomId.id),
          contactId: Number(args.contactId.id),
          recipientIds: args.recipientIds.map((id) => Number(id.id)),
        }),
      }),
    }),
  };
});
