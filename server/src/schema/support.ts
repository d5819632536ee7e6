import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import { translate } from '../i18n';
import * as support from '../services/support';
import { parsedBy } from '../services/validation';
import { databaseIdOf, type GlobalId } from './globalIds';

/** Support (spec sections 2 "Admin support", 3 "Support message", 4): members write, admins read and answer. */

const isAdmin = (ctx: Context) => ctx.viewer?.user.role === 'admin';

export const SupportMessageNode = builder.prismaNode('SupportMessage', {
  id: { field: 'id' },
  nullable: true,
  description: 'A message a member wrote to support, with the replies of administrators.',
  // Its writer and administrators; nobody else (node(id) is null for them).
  authScopes: (message, ctx) => !!ctx.viewer && (isAdmin(ctx) || message.userId === ctx.viewer.user.id),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The numeric id the REST paths use.' }),
    subject: t.exposeString('subject'),
    content: t.exposeString('content'),
    preview: t.string({
      description: 'The first 100 characters of the content (an ellipsis marks a cut), for the admin inbox.',
      select: { content: true },
      resolve: (message) => support.supportPreview(message.content),
    }),
    isRead: t.exposeBoolean('isRead', { description: 'False while new: no administrator has opened it yet.' }),
    priority: t.exposeBoolean('priority', {
      description: 'Written by a member whose plan has 24/7 support (enterprise) at the time.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    user: t.relation('user', { description: 'Who wrote it.' }),
    replies: t.relation('replies', { description: 'Oldest first.', query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
  }),
});

builder.prismaObject('SupportReply', {
  description: "An administrator's answer to a support message.",
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    content: t.exposeString('content'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    author: t.relation('author', { nullable: true, description: 'Null once the account is deleted.' }),
  }),
});

const inboxWhere = (args: { unreadOnly?: boolean | null; priorityOnly?: boolean | null }) => ({
  ...(args.unreadOnly ? { isRead: false } : {}),
  ...(args.priorityOnly ? { priority: true } : {}),
});

const supportMessageId = (id: GlobalId) => databaseIdOf(id, 'SupportMessage', 'support.notFound');

// ───────────────────────────── Queries ─────────────────────────────

builder.queryFields((t) => ({
  mySupportMessages: t.prismaConnection({
    type: 'SupportMessage',
    cursor: 'id',
    description: "The viewer's own support messages with their replies, newest first.",
    ...access('member'),
    defaultSize: 20,
    maxSize: 100,
    totalCount: (_root, _args, ctx) => ctx.prisma.supportMessage.count({ where: { userId: ctx.viewer!.user.id } }),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.supportMessage.findMany({ ...query, where: { userId: ctx.viewer!.user.id }, orderBy: { id: 'desc' } }),
  }),

  supportMessages: t.prismaConnection({
    type: 'SupportMessage',
    cursor: 'id',
    description:
      'The admin inbox: every member’s support messages, newest first; `unreadOnly` keeps the new ones, `priorityOnly` those of members with 24/7 support.',
    ...access('admin'),
    defaultSize: 20,
    maxSize: 100,
    args: { unreadOnly: t.arg.boolean({ required: false }), priorityOnly: t.arg.boolean({ required: false }) },
    totalCount: (_root, args, ctx) => ctx.prisma.supportMessage.count({ where: inboxWhere(args) }),
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.supportMessage.findMany({ ...query, where: inboxWhere(args), orderBy: { id: 'desc' } }),
  }),

  supportUnreadCount: t.int({
    description: 'New (unread) support messages: the badge of the admin support tab.',
    ...access('admin'),
    resolve: (_root, _args, ctx) => support.unreadSupportCount(ctx.services),
  }),
}));

// ───────────────────────────── Mutations ─────────────────────────────

const SendSupportMessageInput = builder.inputType('SendSupportMessageInput', {
  fields: (t) => ({
    subject: t.string({ required: true, description: 'At most 255 characters.' }),
    message: t.string({ required: true, description: 'At most 5000 characters.' }),
  }),
});

const ReplyToSupportMessageInput = builder.inputType('ReplyToSupportMessageInput', {
  fields: (t) => ({
    messageId: t.id({ required: true, description: 'The support message answered.' }),
    reply: t.string({ required: true, description: 'At most 5000 characters.' }),
  }),
});

const supportMessageOf = {
  type: 'SupportMessage',
  resolve: (query: object, result: { id: number }, _args: unknown, ctx: Context) =>
    ctx.prisma.supportMessage.findUniqueOrThrow({ ...query, where: { id: result.id } }),
} as const;

const unreadCountOf = {
  description: 'New support messages left: the badge after this change.',
  resolve: (_result: unknown, _args: unknown, ctx: Context) => support.unreadSupportCount(ctx.services),
};

const SendSupportMessageSuccess = builder.objectRef<{ id: number }>('SendSupportMessageSuccess').implement({
  fields: (t) => ({
    supportMessage: t.prismaField(supportMessageOf),
    message: t.string({ resolve: (_result, _args, ctx) => translate(ctx.locale, 'support.messageSent') }),
  }),
});

const MarkSupportMessageReadSuccess = builder.objectRef<{ id: number }>('MarkSupportMessageReadSuccess').implement({
  fields: (t) => ({ supportMessage: t.prismaField(supportMessageOf), unreadCount: t.int(unreadCountOf) }),
});

const ReplyToSupportMessageSuccess = builder
  .objectRef<{ id: number; replyId: number }>('ReplyToSupportMessageSuccess')
  .implement({
    fields: (t) => ({
      supportMessage: t.prismaField(supportMessageOf),
      reply: t.prismaField({
        type: 'SupportReply',
        resolve: (query, result, _args, ctx) =>
          ctx.prisma.supportReply.findUniqueOrThrow({ ...query, where: { id: result.replyId } }),
      }),
      unreadCount: t.int(unreadCountOf),
      message: t.string({ resolve: (_result, _args, ctx) => translate(ctx.locale, 'support.replySent') }),
    }),
  });

builder.mutationFields((t) => ({
  sendSupportMessage: t.field({
    type: SendSupportMessageSuccess,
    description: 'A member writes to support (subject and message).',
    ...access('member'),
    args: {
      input: t.arg({ type: SendSupportMessageInput, required: true, validate: { schema: support.sendSupportMessageInput } }),
    },
    errors: { directResult: true, union: { name: 'SendSupportMessageResult' } },
    resolve: async (_root, { input }, ctx) => {
      const message = await support.sendSupportMessage(
        ctx.services,
        ctx.viewer!.user.id,
        parsedBy(support.sendSupportMessageInput, input),
      );
      return { id: message.id };
    },
  }),

  markSupportMessageRead: t.field({
    type: MarkSupportMessageReadSuccess,
    description: 'An administrator opened a message: new becomes read (recorded in the audit log).',
    ...access('admin'),
    args: { id: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'MarkSupportMessageReadResult' } },
    resolve: async (_root, args, ctx) => {
      const message = await support.markSupportMessageRead(ctx.services, ctx.viewer!.user, supportMessageId(String(args.id)));
      return { id: message.id };
    },
  }),

  replyToSupportMessage: t.field({
    type: ReplyToSupportMessageSuccess,
    description:
      'An administrator answers a message: the reply is stored and reaches the member as a notification (and by mail when SMTP is configured).',
    ...access('admin'),
    args: {
      input: t.arg({
        type: ReplyToSupportMessageInput,
        required: true,
        validate: { schema: support.replyToSupportMessageInput },
      }),
    },
    errors: { directResult: true, union: { name: 'ReplyToSupportMessageResult' } },
    resolve: async (_root, { input }, ctx) => {
      const { messageId, reply } = parsedBy(support.replyToSupportMessageInput, input);
      const id = supportMessageId(messageId);
      const stored = await support.replyToSupportMessage(ctx.services, ctx.viewer!.user, id, reply);
      return { id, replyId: stored.id };
    },
  }),
}));
