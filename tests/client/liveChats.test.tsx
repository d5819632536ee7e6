import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { describe, expect, it } from 'vitest';
import { openFreshEnvironment } from '../../client/src/relay/environment';
import { useRoomChat } from '../../client/src/features/video-calls/chat/useRoomChat';
import { fakeWs } from './fakeWs';
import { fakeGraphQLServer, makeUser, renderApp, storeSession, onboardingTourAnswer } from './helpers';

// A query loads what is stored, a subscription keeps it current: a message stored after the query
// ran but before the socket subscribed must still arrive, so each subscription starts after the
// newest message its query loaded.

const viewer = makeUser('USER', { firstName: 'Анна', lastName: 'Иванова', username: 'anna' });
const globalId = (type: string, id: number) => btoa(`${type}:${id}`);

/** A conversation of the list as the server answers it, its last message `lastMessageId` (or none). */
function conversationJson(id: number, lastMessageId: number | null) {
  return {
    node: {
      __typename: 'Conversation',
      id: globalId('Conversation', id),
      unreadCount: 0,
      lastMessageAt: lastMessageId === null ? null : '2026-11-20T10:00:00.000Z',
      otherParticipant: {
        __typename: 'User',
        id: globalId('User', 100 + id),
        firstName: 'Дмитрий',
        lastName: `Петров ${id}`,
        avatarImage: null,
      },
      lastMessage:
        lastMessageId === null
          ? null
          : { __typename: 'Message', id: globalId('Message', lastMessageId), databaseId: lastMessageId, content: 'Привет' },
    },
    cursor: `c${id}`,
  };
}

function openMessenger(conversations: ReturnType<typeof conversationJson>[]) {
  storeSession(viewer);
  fakeGraphQLServer((call) => {
    if (call.operationName === 'ConversationListQuery') {
      return {
        body: { data: { conversations: { edges: conversations, pageInfo: { hasNextPage: false, endCursor: null } } } },
      };
    }
    if (call.operationName === 'OnboardingTourQuery') return onboardingTourAnswer(viewer);
    return undefined;
  });
  renderApp('/social?section=messenger');
}

const messageSubscriptions = () => fakeWs.active('useMessengerLiveMessageSubscription');

describe('the messenger', () => {
  it('starts its live messages after the newest message the conversation list loaded', async () => {
    // The list is ordered by the last message's time; an empty conversation (no time) may come first.
    openMessenger([conversationJson(1, null), conversationJson(2, 41), conversationJson(3, 57), conversationJson(4, 12)]);
    await screen.findByTestId('conversation-list', {}, { timeout: 10_000 });
    await waitFor(() => expect(messageSubscriptions()).toHaveLength(1));
    // A message stored after the list's query but before the socket subscribed comes in the backlog.
    expect(messageSubscriptions()[0]!.payload.variables).toEqual({ after: globalId('Message', 57) });

    // After a drop it resumes from the newest message received, not from the list's.
    act(() => {
      messageSubscriptions()[0]!.sink.next({
        data: {
          messageAdded: {
            id: globalId('Message', 58),
            databaseId: 58,
            conversationId: globalId('Conversation', 3),
            content: 'Новое',
            mentions: [],
            createdAt: '2026-11-20T10:05:00.000Z',
            senderId: globalId('User', 103),
            contactCard: null,
            attachments: [],
          },
        },
      });
    });
    act(() => fakeWs.reconnect());
    await waitFor(() =>
      expect(messageSubscriptions().map((s) => s.payload.variables)).toEqual([{ after: globalId('Message', 58) }]),
    );
  });

  it('without any message yet, asks for every message stored from the first one', async () => {
    openMessenger([]);
    await screen.findByTestId('no-conversations', {}, { timeout: 10_000 });
    await waitFor(() => expect(messageSubscriptions()).toHaveLength(1));
    expect(messageSubscriptions()[0]!.payload.variables).toEqual({ after: globalId('Message', 0) });
  });
});

/** A room chat message as the server answers it (what ChatMessageView reads). */
function roomMessageJson(id: number) {
  return {
    __typename: 'RoomChatMessage',
    id: globalId('RoomChatMessage', id),
    databaseId: id,
    type: 'text',
    content: `Сообщение ${id}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    voice: null,
    contactCard: null,
    sender: { __typename: 'User', id: globalId('User', 5), databaseId: 5, fullName: 'Дмитрий Петров' },
  };
}

describe('the room chat', () => {
  function renderRoomChat(history: number[]) {
    storeSession(viewer);
    const server = fakeGraphQLServer((call) =>
      call.operationName === 'useRoomChatHistoryQuery'
        ? { body: { data: { roomChatHistory: history.map(roomMessageJson) } } }
        : undefined,
    );
    const environment = openFreshEnvironment();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
    );
    return { server, view: renderHook(() => useRoomChat(globalId('Room', 3)), { wrapper }) };
  }
  const roomSubscriptions = () => fakeWs.active('useRoomChatSubscription');

  it('subscribes once the history is in, after its newest message', async () => {
    const { view } = renderRoomChat([8, 9, 12]);
    await waitFor(() => expect(view.result.current.loading).toBe(false));
    await waitFor(() => expect(roomSubscriptions()).toHaveLength(1));
    expect(roomSubscriptions()[0]!.payload.variables).toEqual({
      roomId: globalId('Room', 3),
      after: globalId('RoomChatMessage', 12),
    });
    act(() => roomSubscriptions()[0]!.sink.next({ data: { roomChatMessages: roomMessageJson(13) } }));
    expect(view.result.current.messages.map((message) => message.databaseId)).toEqual([8, 9, 12, 13]);
  });

  it('with an empty history, asks for every message stored', async () => {
    const { view } = renderRoomChat([]);
    await waitFor(() => expect(view.result.current.loading).toBe(false));
    await waitFor(() => expect(roomSubscriptions()).toHaveLength(1));
    expect(roomSubscriptions()[0]!.payload.variables).toEqual({
      roomId: globalId('Room', 3),
      after: globalId('RoomChatMessage', 0),
    });
  });
});
