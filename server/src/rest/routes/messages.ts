import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { files, idempotencyKey, text } from './values';

type GraphQLMessage = {
  databaseId: number;
  content: string;
  createdAt: string;
  senderId: string;
  attachments: { originalName: string; mimeType: string; size: number; url: string }[];
};

/** A conversation as RestConversations selects it. */
type GraphQLConversation = {
  databaseId: number;
  unreadCount: number;
  otherParticipant: {
    databaseId: number;
    firstName: string;
    lastName: string;
    username: string;
    avatarImage: string | null;
  } | null;
  lastMessage: GraphQLMessage | null;
};

const MESSAGE_FIELDS = 'databaseId content createdAt senderId attachments { originalName mimeType size url }';

const restMessage = (message: GraphQLMessage, req: RestRequest) => ({
  id: message.databaseId,
  content: message.content,
  created_at: message.createdAt,
  is_mine: message.senderId === encodeGlobalID('User', req.context.viewer!.user.id),
  attachments: message.attachments.map((file) => ({
    name: file.originalName,
    type: file.mimeType,
    size: file.size,
    url: file.url,
  })),
});

/** Files of a multipart body, under `files` (as the spec's uploads) or `attachments`. */

/** Spec section 7, "Friends and messages": the messenger's two documented paths. */
export const messageRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/messages/conversations',
    access: 'member',
    operation: `query RestConversations {
      conversations(first: 100) {
        edges { node {
          databaseId unreadCount
          otherParticipant { databaseId firstName lastName username avatarImage }
          lastMessage { ${MESSAGE_FIELDS} }
        } }
      }
    }`,
    respond: ({ conversations }, req) =>
      conversations.edges.map(({ node }: { node: GraphQLConversation }) => ({
        id: node.databaseId,
        user: node.otherParticipant && {
          id: node.otherParticipant.databaseId,
          first_name: node.otherParticipant.firstName,
          last_name: node.otherParticipant.lastName,
          username: node.otherParticipant.username,
          avatar_image: node.otherParticipant.avatarImage,
        },
        unread_count: node.unreadCount,
        last_message: node.lastMessage && restMessage(node.lastMessage, req),
      })),
  },
  {
    method: 'POST',
    path: '/messages',
    access: 'member',
    status: 201,
    operation: `mutation RestSendMessage($input: SendMessageInput!) {
      sendMessage(input: $input) {
        __typename ...RestError
        ... on SendMessageSuccess { sentMessage { ${MESSAGE_FIELDS} } conversation { databaseId } }
      }
    }`,
    variables: (req) => {
      const { body } = req;
      const receiver = Number(body.receiver_id);
      return {
        input: {
          recipientId: Number.isInteger(receiver) && receiver > 0 ? encodeGlobalID('User', receiver) : null,
          content: text(body.content),
          attachments: files(body.files, body.attachments),
          idempotencyKey: idempotencyKey(req),
        },
      };
    },
    respond: ({ sendMessage }, req) => ({
      ...restMessage(sendMessage.sentMessage, req),
      conversation_id: sendMessage.conversation.databaseId,
    }),
  },
];
