import { useMemo } from 'react';
import { graphql, useRelayEnvironment, useSubscription } from 'react-relay/hooks';
import { ConnectionHandler, type GraphQLSubscriptionConfig, type RecordSourceProxy } from 'relay-runtime';
import type { useMessengerLiveMessageSubscription } from '../../__generated__/useMessengerLiveMessageSubscription.graphql';
import type { useMessengerLiveConversationSubscription } from '../../__generated__/useMessengerLiveConversationSubscription.graphql';
import type { useMessengerLiveTypingSubscription } from '../../__generated__/useMessengerLiveTypingSubscription.graphql';
import { useCatchUpSubscription } from '../../relay/useCatchUpSubscription';
import { noteTyping } from './typingStore';
import { useMessageReactionsLive } from '../reactions/MessageReactions';

export const CONVERSATION_LIST_CONNECTION = 'ConversationList_conversations';
export const CHAT_MESSAGES_CONNECTION = 'ChatMessages_messages';

const messageSubscription = graphql`
  subscription useMessengerLiveMessageSubscription($after: ID) {
    messageAdded(after: $after) {
      id
      databaseId
      conversationId
      ...ChatMessage_message @arguments(withReactions: false)
    }
  }
`;

const conversationSubscription = graphql`
  subscription useMessengerLiveConversationSubscription {
    conversationUpdated {
      id
      # The other party's read mark, which an open chat shows (ChatMessages_conversation).
      othersReadUpTo
      ...ConversationListItem_conversation
    }
  }
`;

const typingSubscription = graphql`
  subscription useMessengerLiveTypingSubscription {
    typing {
      conversationId
      typing
    }
  }
`;

const newConversationListeners = new Set<() => void>();

/**
 * Called when a message arrives in a conversation no open view has loaded yet (the first message
 * between two members): a chat waiting for its first message reloads then.
 */
export function onNewConversation(listener: () => void): () => void {
  newConversationListeners.add(listener);
  return () => {
    newConversationListeners.delete(listener);
  };
}

/** Appends a message record to its conversation's loaded message list, once. */
export function appendMessage(store: RecordSourceProxy, conversationId: string, messageId: string) {
  const conversation = store.get(conversationId);
  const message = store.get(messageId);
  if (!conversation) {
    queueMicrotask(() => newConversationListeners.forEach((listener) => listener()));
    return;
  }
  if (!message) return;
  const connection = ConnectionHandler.getConnection(conversation, CHAT_MESSAGES_CONNECTION);
  if (!connection) return;
  const present = (connection.getLinkedRecords('edges') ?? []).some(
    (edge) => edge?.getLinkedRecord('node')?.getDataID() === messageId,
  );
  if (present) return;
  const edge = ConnectionHandler.createEdge(store, connection, message, 'ConversationMessagesConnectionEdge');
  ConnectionHandler.insertEdgeAfter(connection, edge);
}

/** Puts a conversation first in the conversation list (adding it when it is new). */
export function moveConversationFirst(store: RecordSourceProxy, conversationId: string) {
  const conversation = store.get(conversationId);
  const connection = ConnectionHandler.getConnection(store.getRoot(), CONVERSATION_LIST_CONNECTION);
  if (!conversation || !connection) return;
  ConnectionHandler.deleteNode(connection, conversationId);
  const edge = ConnectionHandler.createEdge(store, connection, conversation, 'QueryConversationsConnectionEdge');
  ConnectionHandler.insertEdgeBefore(connection, edge);
}

/**
 * The messenger's live updates: new messages (appended where their conversation is open), the
 * conversation list (order, last message, unread counts, read marks), typing and reactions. The
 * message subscription starts after `newestLoadedMessageId` (the newest message the conversation list loaded, so a
 * message stored while the socket was still subscribing arrives too) and after a dropped socket
 * restarts from the newest message seen (useCatchUpSubscription); the append checks that none is
 * shown twice.
 */
export function useMessengerLive(newestLoadedMessageId: string) {
  const environment = useRelayEnvironment();
  useCatchUpSubscription<useMessengerLiveMessageSubscription, { id: string; conversationId: string }>(
    messageSubscription,
    {},
    (response) => response.messageAdded,
    (message) =>
      environment.commitUpdate((store) => {
        // Delivered without its reactions (see ChatMessage_message): a new message has none yet.
        const record = store.get(message.id);
        if (record && record.getLinkedRecords('reactions') === undefined) record.setLinkedRecords([], 'reactions');
        appendMessage(store, message.conversationId, message.id);
      }),
    newestLoadedMessageId,
  );
  const conversations = useMemo<GraphQLSubscriptionConfig<useMessengerLiveConversationSubscription>>(
    () => ({
      subscription: conversationSubscription,
      variables: {},
      updater: (store, data) => {
        if (data) moveConversationFirst(store, data.conversationUpdated.id);
      },
      onError: () => {},
    }),
    [],
  );
  const typing = useMemo<GraphQLSubscriptionConfig<useMessengerLiveTypingSubscription>>(
    () => ({
      subscription: typingSubscription,
      variables: {},
      onNext: (data) => {
        if (data) noteTyping(data.typing.conversationId, data.typing.typing);
      },
      onError: () => {},
    }),
    [],
  );
  useSubscription(conversations);
  useSubscription(typing);
  useMessageReactionsLive();
}
