import { useCallback, useEffect, useState } from 'react';
import { fetchQuery, graphql, readInlineData, useRelayEnvironment } from 'react-relay/hooks';
import type { useRoomChatHistoryQuery } from '../../../__generated__/useRoomChatHistoryQuery.graphql';
import type { useRoomChatSubscription } from '../../../__generated__/useRoomChatSubscription.graphql';
import type { useRoomChat_message$key } from '../../../__generated__/useRoomChat_message.graphql';
import { useCatchUpSubscription } from '../../../relay/useCatchUpSubscription';
import type { ChatMessageViewKey } from './ChatMessageView';

export const chatMessageFragment = graphql`
  fragment useRoomChat_message on RoomChatMessage @inline {
    id
    databaseId
    # eslint-disable-next-line relay/must-colocate-fragment-spreads -- this hook keeps the messages (outside the store) for ChatPanel, which renders ChatMessageView
    ...ChatMessageView_message
  }
`;

const historyQuery = graphql`
  query useRoomChatHistoryQuery($roomId: ID!) {
    roomChatHistory(roomId: $roomId) {
      ...useRoomChat_message
    }
  }
`;

const messagesSubscription = graphql`
  subscription useRoomChatSubscription($roomId: ID!, $after: ID) {
    roomChatMessages(roomId: $roomId, after: $after) {
      id
      ...useRoomChat_message
    }
  }
`;

/** A message as the chat keeps it: its ids (order, de-duplication) and what its view reads. */
export type ChatMessage = { id: string; databaseId: number; view: ChatMessageViewKey };

export function readChatMessage(key: useRoomChat_message$key): ChatMessage {
  const data = readInlineData(chatMessageFragment, key);
  return { id: data.id, databaseId: data.databaseId, view: data };
}

type RoomChatState = { roomId: string; messages: ChatMessage[]; loading: boolean };
const emptyChat = (roomId: string): RoomChatState => ({ roomId, messages: [], loading: true });

/** The room's messages, oldest first: the stored history, then each new one live (each once, none missed). */
export function useRoomChat(roomId: string) {
  const environment = useRelayEnvironment();
  // The state belongs to one room: another room starts empty and loading, without an effect resetting it.
  const [chat, setChat] = useState<RoomChatState>(() => emptyChat(roomId));
  const current = chat.roomId === roomId ? chat : emptyChat(roomId);

  const update = useCallback(
    (change: (state: RoomChatState) => RoomChatState) =>
      setChat((state) => change(state.roomId === roomId ? state : emptyChat(roomId))),
    [roomId],
  );

  const add = useCallback(
    (incoming: ChatMessage[]) =>
      update((state) => {
        const byId = new Map(state.messages.map((message) => [message.id, message]));
        for (const message of incoming) byId.set(message.id, message);
        return { ...state, messages: [...byId.values()].sort((a, b) => a.databaseId - b.databaseId) };
      }),
    [update],
  );

  useEffect(() => {
    const loaded = () => update((state) => ({ ...state, loading: false }));
    const subscription = fetchQuery<useRoomChatHistoryQuery>(
      environment,
      historyQuery,
      { roomId },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: (data) => {
        add(data.roomChatHistory.map(readChatMessage));
        loaded();
      },
      error: loaded,
    });
    return () => subscription.unsubscribe();
  }, [environment, roomId, add, update]);

  // Live messages start once the history is in, after its newest message (every stored one when it
  // has none or failed): one sent while the socket was subscribing arrives too.
  useCatchUpSubscription<useRoomChatSubscription, useRoomChatSubscription['response']['roomChatMessages']>(
    messagesSubscription,
    current.loading ? null : { roomId },
    (response) => response.roomChatMessages,
    (message) => add([readChatMessage(message)]),
    current.messages.at(-1)?.id ?? btoa('RoomChatMessage:0'),
  );

  return { messages: current.messages, loading: current.loading, add };
}
