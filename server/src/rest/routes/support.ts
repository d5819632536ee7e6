import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRoute } from '../router';
import { pageSize, text } from './values';

/** Spec section 7, "Content and admin": support, for members (their own messages) and the admin inbox. */

const MESSAGE = `fragment RestSupportMessage on SupportMessage {
  databaseId subject content preview isRead priority createdAt
  user { databaseId firstName lastName email }
  replies { databaseId content createdAt author { databaseId firstName lastName } }
}`;

type GraphQLReply = {
  databaseId: number;
  content: string;
  createdAt: string;
  author: { databaseId: number; firstName: string; lastName: string } | null;
};

type GraphQLMessage = {
  databaseId: number;
  subject: string;
  content: string;
  preview: string;
  isRead: boolean;
  priority: boolean;
  createdAt: string;
  user: { databaseId: number; firstName: string; lastName: string; email: string | null };
  replies: GraphQLReply[];
};

const restReply = (reply: GraphQLReply) => ({
  id: reply.databaseId,
  content: reply.content,
  created_at: reply.createdAt,
  author: reply.author && { id: reply.author.databaseId, first_name: reply.author.firstName, last_name: reply.author.lastName },
});

/** The spec's support message (section 3): id, subject, content, is_read, created_at, user; with preview and replies. */
const restMessage = (message: GraphQLMessage) => ({
  id: message.databaseId,
  subject: message.subject,
  content: message.content,
  preview: message.preview,
  is_read: message.isRead,
  priority: message.priority,
  created_at: message.createdAt,
  user: {
    id: message.user.databaseId,
    first_name: message.user.firstName,
    last_name: message.user.lastName,
    email: message.user.email,
  },
  replies: message.replies.map(restReply),
});

/** A numeric id from the path or a body field as the global id GraphQL takes ('' when none was sent). */
const messageGlobalId = (value: unknown) => {
  const raw = text(value).trim();
  return raw === '' ? '' : encodeGlobalID('SupportMessage', raw);
};

const page = (query: URLSearchParams) => ({
  first: pageSize(query),
  after: query.get('after') || query.get('cursor') || null,
});

type Connection = {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: GraphQLMessage }[];
};
const listOf = (connection: Connection) => ({
  messages: connection.edges.map((edge) => restMessage(edge.node)),
  total: connection.totalCount,
  next_cursor: connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null,
});

export const supportRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/support/messages',
    access: 'member',
    status: 201,
    operation: `mutation RestSendSupportMessage($input: SendSupportMessageInput!) {
      sendSupportMessage(input: $input) {
        __typename ...RestError ... on SendSupportMessageSuccess { message supportMessage { ...RestSupportMessage } }
      }
    } ${MESSAGE}`,
    variables: ({ body }) => ({
      input: { subject: text(body.subject), message: text(body.message ?? body.content) },
    }),
    respond: ({ sendSupportMessage }) => ({
      success: true,
      message: sendSupportMessage.message,
      support_message: restMessage(sendSupportMessage.supportMessage),
    }),
  },
  {
    method: 'GET',
    path: '/support/messages',
    access: 'member',
    operation: `query RestMySupportMessages($first: Int, $after: String) {
      mySupportMessages(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { node { ...RestSupportMessage } }
      }
    } ${MESSAGE}`,
    variables: ({ query }) => page(query),
    respond: ({ mySupportMessages }) => listOf(mySupportMessages),
  },
  {
    method: 'GET',
    path: '/admin/support/messages',
    access: 'admin',
    operation: `query RestAdminSupportMessages($first: Int, $after: String, $unreadOnly: Boolean, $priorityOnly: Boolean) {
      supportUnreadCount
      supportMessages(first: $first, after: $after, unreadOnly: $unreadOnly, priorityOnly: $priorityOnly) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { node { ...RestSupportMessage } }
      }
    } ${MESSAGE}`,
    variables: ({ query }) => ({
      ...page(query),
      unreadOnly: ['true', '1'].includes(query.get('unread') ?? query.get('unread_only') ?? ''),
      priorityOnly: ['true', '1'].includes(query.get('priority') ?? ''),
    }),
    respond: ({ supportMessages, supportUnreadCount }) => ({ ...listOf(supportMessages), new_count: supportUnreadCount }),
  },
  {
    method: 'PATCH',
    path: '/admin/support/messages/:id(\\d+)/read',
    access: 'admin',
    operation: `mutation RestMarkSupportMessageRead($id: ID!) {
      markSupportMessageRead(id: $id) {
        __typename ...RestError ... on MarkSupportMessageReadSuccess { unreadCount supportMessage { ...RestSupportMessage } }
      }
    } ${MESSAGE}`,
    variables: ({ params }) => ({ id: messageGlobalId(params.id) }),
    respond: ({ markSupportMessageRead: result }) => ({
      success: true,
      support_message: restMessage(result.supportMessage),
      new_count: result.unreadCount,
    }),
  },
  {
    method: 'POST',
    path: '/admin/support/reply',
    access: 'admin',
    status: 201,
    operation: `mutation RestReplyToSupportMessage($input: ReplyToSupportMessageInput!) {
      replyToSupportMessage(input: $input) {
        __typename ...RestError
        ... on ReplyToSupportMessageSuccess {
          message unreadCount
          reply { databaseId content createdAt author { databaseId firstName lastName } }
          supportMessage { ...RestSupportMessage }
        }
      }
    } ${MESSAGE}`,
    variables: ({ body }) => ({
      input: { messageId: messageGlobalId(body.message_id ?? body.messageId), reply: text(body.reply) },
    }),
    respond: ({ replyToSupportMessage: result }) => ({
      success: true,
      message: result.message,
      reply: restReply(result.reply),
      support_message: restMessage(result.supportMessage),
      new_count: result.unreadCount,
    }),
  },
];
