import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { text } from './values';

type GraphQLMessage = { databaseId: number; content: string; createdAt: string; senderId: string };

const restMessage = (message: GraphQLMessage, req: RestRequest) => ({
  id: message.databaseId,
  content: message.content,
  created_at: message.createdAt,
  is_mine: message.senderId === encodeGlobalID('User', req.context.viewer!.user.id),
});

/** Spec section 7, "Friends and messages": the messenger's two documented paths. */
export const messageRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/messages/conversations',
    signedIn: true,
    operation: `query RestConversations {
      conversations(first: 100) {
        edges { node {
          databaseId unreadCount
          otherParticipant { databaseId firstName lastName username avatarImage }
          lastMessage { databaseId content createdAt senderId }
        } }
      }
    }`,
    respond: ({ conversations }, req) =>
      conversations.edges.map(({ node }: { node: Record<string, any> }) => ({
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
    signedIn: true,
    status: 201,
    operation: `mutation RestSendMessage($input: SendMessageInput!) {
      sendMessage(input: $input) {
        __typename ...RestError
        ... on SendMessageSuccess { sentMessage { databaseId content createdAt senderId } conversation { databaseId } }
      }
    }`,
    variables: ({ body }) => {
      const receiver = Number(body.receiver_id);
      return {
        input: {
          recipientId: Number.isInteger(receiver) && receiver > 0 ? encodeGlobalID('User', receiver) : null,
          content: text(body.content),
        },
      };
    },
    respond: ({ sendMessage }, req) => ({
      ...restMessage(sendMessage.sentMessage, req),
      conversation_id: sendMessage.conversation.databaseId,
    }),
  },
];
