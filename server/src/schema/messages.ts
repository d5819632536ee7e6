import { builder } from '../builder';
import { access } from '../auth/access';
import * as messages from '../services/messages';
import { visibleConversations, visibleMessages } from '../services/messages';
import {
  FileTooLargeError,
  RateLimitError,
  UnsupportedFileTypeError,
  UserBlockedError,
  ValidationError,
} from '../services/errors';
import { attachmentUrl } from '../services/messageAttachments';
import { PER_VIEWER, type SharedResult } from '../realtime/sharedSubscriptions';
import { afterId, databaseIdOf } from './globalIds';
import { LiveSource } from '../realtime/userFeeds';
import { UserNode } from './user';
import { doneResult } from './errors';
import { idempotencyKeyField } from './idempotency';
import { directConversationKey } from '../database/keys';
import { notBlockedWhere } from '../services/relations';

export const MessageNode = builder.prismaNode('Message', {
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ ...visibleMessages(ctx.viewer?.user.id), id: Number(id) }),
  authScopes: (message) => ({ conversationParticipant: message.conversationId }),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    content: t.exposeString('content'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    editedAt: t.expose('editedAt', { type: 'DateTime', nullable: true }),
    conversationId: t.globalID({ resolve: (message) => ({ type: 'Conversation', id: message.conversationId }) }),
    senderId: t.globalID({ resolve: (message) => ({ type: 'User', id: message.senderId }) }),
    sender: t.relation('sender'),
    attachments: t.relation('attachments', { query: { orderBy: { id: 'asc' } } }),
    contactCard: t.relation('contactCard', {
      nullable: true,
      description: 'A contact card sent with the chat input bar’s contact picker: whose card (null when none).',
    }),
  }),
});

builder.prismaObject('MessageAttachment', {
  description: 'A file sent with a message; its link is signed and works for about an hour.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    originalName: t.exposeString('originalName'),
    mimeType: t.exposeString('mimeType'),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    url: t.string({ resolve: (file, _args, ctx) => attachmentUrl(ctx.services.tokenSecret, file.filename) }),
  }),
});

export const ConversationNode = builder.prismaNode('Conversation', {
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ ...visibleConversations(ctx.viewer?.user.id), id: Number(id) }),
  authScopes: (conversation) => ({ conversationParticipant: conversation.id }),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title', { nullable: true }),
    isGroup: t.boolean({ resolve: (conversation) => conversation.directKey === null }),
    lastMessageAt: t.expose('lastMessageAt', { type: 'DateTime', nullable: true }),
    /** The one other member of a one-to-one conversation. */
    otherParticipant: t.field({
      type: UserNode,
      nullable: true,
      extensions: PER_VIEWER,
      select: (_args, ctx, nestedSelection) => ({
        participants: {
          where: { userId: { not: ctx.viewer?.user.id ?? 0 } },
          take: 1,
          select: { user: nestedSelection(true) },
        },
      }),
      resolve: (conversation) => conversation.participants[0]?.user ?? null,
    }),
    participants: t.field({
      type: [UserNode],
      select: (_args, ctx, nestedSelection) => ({
        participants: {
          where: { user: notBlockedWhere(ctx.viewer?.user.id) },
          orderBy: { id: 'asc' },
          select: { user: nestedSelection(true) },
        },
      }),
      resolve: (conversation) => conversation.participants.map((p) => p.user),
    }),
    lastMessage: t.field({
      type: MessageNode,
      nullable: true,
      select: (_args, ctx, nestedSelection) => ({
        messages: nestedSelection({ where: { sender: notBlockedWhere(ctx.viewer?.user.id) }, take: 1, orderBy: { id: 'desc' } }),
      }),
      resolve: (conversation) => conversation.messages[0] ?? null,
    }),
    unreadCount: t.loadable({
      type: 'Int',
      // Batched, never cached: a subscription's context lives on, and counts change with each event.
      loaderOptions: { cache: false },
      extensions: PER_VIEWER,
      description: 'Messages from others the viewer has not read yet.',
      load: async (ids: number[], ctx) => {
        const counts = await messages.unreadCounts(ctx.services, ctx.viewer!.user.id, ids);
        return ids.map((id) => counts.get(id) ?? 0);
      },
      resolve: (conversation) => conversation.id,
    }),
    othersReadUpTo: t.int({
      nullable: true,
      extensions: PER_VIEWER,
      description: 'The database id of the newest message every other participant has read (read marks).',
      select: (_args, ctx) => ({
        participants: { where: { userId: { not: ctx.viewer?.user.id ?? 0 } }, select: { lastReadMessageId: true } },
      }),
      // The oldest mark among the others; none while one of them has read nothing (or nobody else is left).
      resolve: ({ participants }) =>
        participants.length ? Math.min(...participants.map((p) => p.lastReadMessageId ?? 0)) || null : null,
    }),
    messages: t.relatedConnection('messages', {
      cursor: 'id',
      description: 'Oldest first; page backwards from the newest with `last` and `before`.',
      query: (_args, ctx) => ({ where: { sender: notBlockedWhere(ctx.viewer?.user.id) }, orderBy: { id: 'asc' } }),
    }),
  }),
});

builder.queryFields((t) => ({
  conversations: t.prismaConnection({
    type: 'Conversation',
    cursor: 'id',
    description: "The viewer's conversations, most recent activity first.",
    ...access('member'),
    defaultSize: 30,
    maxSize: 100,
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.conversation.findMany({
        ...query,
        where: {
          participants: { some: { userId: ctx.viewer!.user.id } },
          lastMessageAt: { not: null },
          ...visibleConversations(ctx.viewer!.user.id),
        },
        orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
      }),
  }),
  conversationWith: t.prismaField({
    type: 'Conversation',
    nullable: true,
    description: 'The one-to-one conversation between the viewer and this user, if they have written.',
    ...access('member'),
    args: { userId: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => {
      const other = databaseIdOf(args.userId, 'User');
      if (other === ctx.viewer!.user.id) return null;
      return ctx.prisma.conversation.findUnique({
        ...query,
        where: { ...visibleConversations(ctx.viewer!.user.id), directKey: directConversationKey(other, ctx.viewer!.user.id) },
      });
    },
  }),
  unreadMessagesCount: t.int({
    description: "Unread messages across all the viewer's conversations.",
    ...access('member'),
    resolve: async (_root, _args, ctx) => {
      const userId = ctx.viewer!.user.id;
      const conversations = await ctx.prisma.conversationParticipant.findMany({
        where: { userId },
        select: { conversationId: true },
      });
      const counts = await messages.unreadCounts(
        ctx.services,
        userId,
        conversations.map((c) => c.conversationId),
      );
      return [...counts.values()].reduce((sum, n) => sum + n, 0);
    },
  }),
}));

const SendMessageInput = builder.inputType('SendMessageInput', {
  description: 'Either `recipientId` (a user: their one-to-one conversation) or `conversationId`.',
  fields: (t) => ({
    recipientId: t.id({ required: false }),
    conversationId: t.id({ required: false }),
    content: t.string({ required: false, defaultValue: '', validate: { schema: messages.messageContent } }),
    attachments: t.field({
      type: ['File'],
      required: false,
      description: 'Images, video, audio, PDF, DOC, DOCX, TXT, ZIP or RAR; 25 MB and 10 files at most.',
    }),
    contactId: t.id({ required: false, description: 'Sends a contact card: the sender’s own or one of their contacts’.' }),
    idempotencyKey: idempotencyKeyField(t),
  }),
});

const SendMessageSuccess = builder.objectRef<{ messageId: number; conversationId: number }>('SendMessageSuccess').implement({
  fields: (t) => ({
    // Not `message`: that name is the Error interface's text in the same result union.
    sentMessage: t.prismaField({
      type: 'Message',
      resolve: (query, result, _args, ctx) => ctx.prisma.message.findUniqueOrThrow({ ...query, where: { id: result.messageId } }),
    }),
    conversation: t.prismaField({
      type: 'Conversation',
      resolve: (query, result, _args, ctx) =>
        ctx.prisma.conversation.findUniqueOrThrow({ ...query, where: { id: result.conversationId } }),
    }),
  }),
});

const SetTypingSuccess = doneResult('SetTypingSuccess');

builder.mutationFields((t) => ({
  sendMessage: t.field({
    type: SendMessageSuccess,
    ...access('member'),
    args: { input: t.arg({ type: SendMessageInput, required: true }) },
    errors: {
      types: [UserBlockedError, FileTooLargeError, UnsupportedFileTypeError, RateLimitError],
      directResult: true,
      union: { name: 'SendMessageResult' },
    },
    resolve: (_root, { input }, ctx) => {
      const senderId = ctx.viewer!.user.id;
      if (input.conversationId) {
        return messages.sendToConversation(ctx.services, senderId, {
          conversationId: databaseIdOf(input.conversationId, 'Conversation'),
          content: input.content ?? '',
          attachments: input.attachments ?? [],
          contactId: input.contactId ? databaseIdOf(input.contactId, 'User') : null,
          idempotencyKey: input.idempotencyKey,
        });
      }
      if (!input.recipientId) throw new ValidationError([{ path: ['recipientId'], messageKey: 'messages.recipientRequired' }]);
      return messages.sendDirectMessage(ctx.services, senderId, {
        recipientId: databaseIdOf(input.recipientId, 'User'),
        content: input.content ?? '',
        attachments: input.attachments ?? [],
        contactId: input.contactId ? databaseIdOf(input.contactId, 'User') : null,
        idempotencyKey: input.idempotencyKey,
      });
    },
  }),

  markConversationRead: t.prismaField({
    type: 'Conversation',
    description: 'Marks the conversation read up to its newest message; the other side sees it live.',
    ...access('owner'),
    args: { conversationId: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'MarkConversationReadResult' } },
    resolve: async (query, _root, args, ctx) => {
      const conversationId = databaseIdOf(args.conversationId, 'Conversation');
      await messages.markConversationRead(ctx.services, ctx.viewer!.user.id, conversationId);
      return ctx.prisma.conversation.findUniqueOrThrow({ ...query, where: { id: conversationId } });
    },
  }),

  setTyping: t.field({
    type: SetTypingSuccess,
    ...access('owner'),
    args: { conversationId: t.arg.id({ required: true }), typing: t.arg.boolean({ required: true }) },
    errors: { directResult: true, union: { name: 'SetTypingResult' } },
    resolve: async (_root, args, ctx) => {
      await messages.setTyping(ctx.services, ctx.viewer!.user.id, databaseIdOf(args.conversationId, 'Conversation'), args.typing);
      return { done: true as const };
    },
  }),
}));

const TypingEvent = builder
  .objectRef<{ conversationId: number; userId: number; typing: boolean; at: string }>('TypingEvent')
  .implement({
    fields: (t) => ({
      conversationId: t.globalID({ resolve: (e) => ({ type: 'Conversation', id: e.conversationId }) }),
      userId: t.globalID({ resolve: (e) => ({ type: 'User', id: e.userId }) }),
      typing: t.exposeBoolean('typing'),
      at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
    }),
  });

builder.subscriptionFields((t) => ({
  messageAdded: t.prismaField({
    type: 'Message',
    description:
      "Every message stored in the viewer's conversations (theirs and the viewer's own, for other tabs). " +
      'With `after` (the id of the newest message the client has), the ones stored since come first, ' +
      'so a client whose socket dropped misses nothing and gets nothing twice.',
    ...access('member', {
      // Identical subscriptions share one execution per message; a document selecting a PER_VIEWER
      // field (the sender's isViewer or email, say) is shared only between one viewer's subscriptions.
      sharedResult: {
        key: (event: { id: number }) => `message:${event.id}`,
        ignoreArgs: ['after'],
      } satisfies SharedResult<{ id: number }>,
    }),
    args: { after: t.arg.id({ required: false }) },
    subscribe: (_root, args, ctx) => {
      const userId = ctx.viewer!.user.id;
      // The callbacks live as long as the subscription: they keep what they use, not the whole
      // context of the subscribe step (with its per-operation caches).
      const { services, knownConversations } = ctx;
      return new LiveSource(services.feeds.messages, userId, {
        after: afterId(args.after),
        backlog: (after) => messages.messagesAfter(services, userId, after),
        // Both sources only hold the viewer's own conversations: no need to check them again.
        accept: (event) => {
          knownConversations.add(event.conversationId);
          return true;
        },
      });
    },
    resolve: (query, event, _args, ctx) => ctx.prisma.message.findUniqueOrThrow({ ...query, where: { id: event.id } }),
  }),

  conversationUpdated: t.prismaField({
    type: 'Conversation',
    description: 'A conversation of the viewer changed: a new message, or someone read it (unread counts, read marks).',
    ...access('member'),
    subscribe: async function* (_root, _args, ctx) {
      const userId = ctx.viewer!.user.id;
      const { messages: messagesIn, reads } = ctx.services.feeds;
      yield* mergeIterators<{ conversationId: number }>([messagesIn.iterate(userId), reads.iterate(userId)]);
    },
    resolve: (query, event, _args, ctx) =>
      ctx.prisma.conversation.findUniqueOrThrow({ ...query, where: { id: event.conversationId } }),
  }),

  typing: t.field({
    type: TypingEvent,
    description: 'Someone starts or stops typing in one of the viewer’s conversations.',
    ...access('member'),
    subscribe: (_root, _args, ctx) => ctx.services.feeds.typing.iterate(ctx.viewer!.user.id),
    resolve: (event) => event,
  }),
}));

/** Interleaves several async iterators; ending the merged one ends them all. */
async function* mergeIterators<T>(iterators: AsyncIterator<T>[]): AsyncGenerator<T> {
  const pending = new Map(iterators.map((it, index) => [index, it.next().then((result) => ({ index, result }))]));
  try {
    while (pending.size > 0) {
      const { index, result } = await Promise.race(pending.values());
      if (result.done) {
        pending.delete(index);
        continue;
      }
      pending.set(
        index,
        iterators[index].next().then((next) => ({ index, result: next })),
      );
      yield result.value;
    }
  } finally {
    await Promise.all(iterators.map((it) => it.return?.()));
  }
}
