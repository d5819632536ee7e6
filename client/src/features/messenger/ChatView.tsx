import { Alert, Avatar, Box, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import type { ChatViewQuery } from '../../__generated__/ChatViewQuery.graphql';
import type { ChatViewSendMutation } from '../../__generated__/ChatViewSendMutation.graphql';
import type { ChatViewMarkReadMutation } from '../../__generated__/ChatViewMarkReadMutation.graphql';
import type { ChatViewTypingMutation } from '../../__generated__/ChatViewTypingMutation.graphql';
import { useAuth } from '../../app/auth/AuthProvider';
import { ChatMessages } from './ChatMessages';
import { Composer } from './Composer';
import { useIsTyping } from './typingStore';
import { appendMessage, moveConversationFirst, onNewConversation } from './useMessengerLive';
import { useIdempotencyKey } from '../../relay/useIdempotencyKey';
import { mutationErrorText } from '../../relay/mutationError';

const query = graphql`
  query ChatViewQuery($userId: ID!) {
    user: node(id: $userId) {
      ... on User {
        id
        firstName
        lastName
        username
        avatarImage
      }
    }
    conversationWith(userId: $userId) {
      id
      unreadCount
      ...ChatMessages_conversation
    }
  }
`;

const sendMutation = graphql`
  mutation ChatViewSendMutation($input: SendMessageInput!) {
    sendMessage(input: $input) {
      __typename
      ... on SendMessageSuccess {
        sentMessage {
          id
          conversationId
          ...ChatMessage_message
        }
        conversation {
          id
          ...ConversationListItem_conversation
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const markReadMutation = graphql`
  mutation ChatViewMarkReadMutation($conversationId: ID!) {
    markConversationRead(conversationId: $conversationId) {
      ...mutationError_error @alias(as: "error")
      ... on Conversation {
        id
        unreadCount
      }
    }
  }
`;

const typingMutation = graphql`
  mutation ChatViewTypingMutation($conversationId: ID!, $typing: Boolean!) {
    setTyping(conversationId: $conversationId, typing: $typing) {
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** The chat with one member: their header, the messages, and the composer; `onBack` (a phone's back button) returns to the list. */
export function ChatView({ userId, onBack }: { userId: string; onBack: () => void }) {
  const { t } = useLingui();
  const { user: viewer } = useAuth();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<ChatViewQuery>(query, { userId }, { fetchPolicy: 'store-and-network', fetchKey });
  const [commitSend, sending] = useMutation<ChatViewSendMutation>(sendMutation);
  const sendKey = useIdempotencyKey();
  const [commitRead] = useMutation<ChatViewMarkReadMutation>(markReadMutation);
  const [commitTyping] = useMutation<ChatViewTypingMutation>(typingMutation);
  const [error, setError] = useState<string | null>(null);
  const conversation = data.conversationWith;
  const typing = useIsTyping(conversation?.id);

  // Waiting for a first message: once one arrives, load the conversation it started.
  const waiting = !conversation;
  useEffect(() => (waiting ? onNewConversation(() => setFetchKey((key) => key + 1)) : undefined), [waiting]);

  // An open conversation is a read one: whatever arrives while it is shown is marked read.
  const unread = conversation?.unreadCount ?? 0;
  useEffect(() => {
    if (!conversation || unread === 0) return;
    commitRead({
      variables: { conversationId: conversation.id },
      onCompleted: ({ markConversationRead }) => {
        if (markConversationRead.error) setError(mutationErrorText(markConversationRead.error, ''));
      },
    });
  }, [conversation, unread, commitRead]);

  const person = data.user;
  if (!person?.id || !viewer) {
    return (
      <Text color="fg.muted" p="6">
        <Trans>Пользователь не найден</Trans>
      </Text>
    );
  }
  const name = `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();

  const send = (text: string, files: File[], contactId: string | null = null) =>
    new Promise<boolean>((resolve) => {
      setError(null);
      commitSend({
        // Files travel as parts of a multipart request, each in place of a null in the variables.
        variables: {
          input: {
            recipientId: person.id,
            content: text,
            attachments: files.map(() => null),
            contactId,
            idempotencyKey: sendKey.forSend(),
          },
        },
        uploadables: Object.fromEntries(files.map((file, index) => [`input.attachments.${index}`, file])),
        updater: (store, result) => {
          const sent = result?.sendMessage;
          if (sent?.__typename !== 'SendMessageSuccess' || !sent.sentMessage || !sent.conversation) return;
          appendMessage(store, sent.sentMessage.conversationId, sent.sentMessage.id);
          moveConversationFirst(store, sent.conversation.id);
        },
        onCompleted: (result) => {
          if (result.sendMessage.__typename === 'SendMessageSuccess') {
            sendKey.sent();
            // The first message creates the conversation this view has not loaded yet.
            if (!conversation) setFetchKey((key) => key + 1);
            resolve(true);
          } else {
            setError(mutationErrorText(result.sendMessage.error, t`Ошибка отправки сообщения`));
            resolve(false);
          }
        },
        onError: (failure) => {
          setError(failure.message || t`Ошибка отправки сообщения`);
          resolve(false);
        },
      });
    });

  const signalTyping = (state: boolean) => {
    if (!conversation) return;
    commitTyping({
      variables: { conversationId: conversation.id, typing: state },
      onCompleted: ({ setTyping }) => {
        if (setTyping.error) setError(mutationErrorText(setTyping.error, ''));
      },
    });
  };

  return (
    <Flex direction="column" h="full" minH="0" data-testid="chat-view">
      <Flex align="center" gap="3" pb="3" borderBottomWidth="1px">
        <IconButton
          variant="ghost"
          size="sm"
          hideFrom="md"
          aria-label={t`К списку переписок`}
          onClick={onBack}
          data-testid="messenger-back"
        >
          <ArrowLeft />
        </IconButton>
        <Avatar.Root size="sm" colorPalette="brand">
          <Avatar.Fallback name={name} />
          {person.avatarImage && <Avatar.Image src={person.avatarImage} alt="" />}
        </Avatar.Root>
        <Box minW="0">
          <Heading size="sm" truncate data-testid="chat-with">
            {name}
          </Heading>
          <Text fontSize="xs" color={typing ? 'brand.fg' : 'fg.muted'} data-testid="chat-status">
            {typing ? <Trans>печатает…</Trans> : `@${person.username}`}
          </Text>
        </Box>
      </Flex>
      <Box flex="1" overflowY="auto" py="3" minH="0">
        {conversation ? (
          <ChatMessages conversation={conversation} viewerId={viewer.id} />
        ) : (
          <Text color="fg.muted" textAlign="center" py="6">
            <Trans>Напишите первое сообщение</Trans>
          </Text>
        )}
      </Box>
      <Stack gap="2" pt="3" borderTopWidth="1px">
        {error && (
          <Alert.Root status="error" data-testid="send-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Composer
          onSend={send}
          onSendContact={(contactId) => send('', [], contactId)}
          onTyping={signalTyping}
          sending={sending}
        />
      </Stack>
    </Flex>
  );
}
