import { Alert, Avatar, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay/hooks'
import type { ChatViewQuery } from '../../__generated__/ChatViewQuery.graphql'
import type { ChatViewSendMutation } from '../../__generated__/ChatViewSendMutation.graphql'
import type { ChatViewMarkReadMutation } from '../../__generated__/ChatViewMarkReadMutation.graphql'
import type { ChatViewTypingMutation } from '../../__generated__/ChatViewTypingMutation.graphql'
import { useAuth } from '../../app/auth/AuthProvider'
import { ChatMessages } from './ChatMessages'
import { Composer } from './Composer'
import { useIsTyping } from './typingStore'
import { appendMessage, moveConversationFirst, onNewConversation } from './useMessengerLive'

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
`

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
      ... on Error {
        message
      }
    }
  }
`

const markReadMutation = graphql`
  mutation ChatViewMarkReadMutation($conversationId: ID!) {
    markConversationRead(conversationId: $conversationId) {
      id
      unreadCount
    }
  }
`

const typingMutation = graphql`
  mutation ChatViewTypingMutation($conversationId: ID!, $typing: Boolean!) {
    setTyping(conversationId: $conversationId, typing: $typing)
  }
`

/** The chat with one member: their header, the messages, and the composer. */
export function ChatView({ userId }: { userId: string }) {
  const { t } = useLingui()
  const { user: viewer } = useAuth()
  const [fetchKey, setFetchKey] = useState(0)
  const data = useLazyLoadQuery<ChatViewQuery>(query, { userId }, { fetchPolicy: 'store-and-network', fetchKey })
  const [commitSend, sending] = useMutation<ChatViewSendMutation>(sendMutation)
  const [commitRead] = useMutation<ChatViewMarkReadMutation>(markReadMutation)
  const [commitTyping] = useMutation<ChatViewTypingMutation>(typingMutation)
  const [error, setError] = useState<string | null>(null)
  const conversation = data.conversationWith
  const typing = useIsTyping(conversation?.id)

  // Waiting for a first message: once one arrives, load the conversation it started.
  const waiting = !conversation
  useEffect(() => (waiting ? onNewConversation(() => setFetchKey((key) => key + 1)) : undefined), [waiting])

  // An open conversation is a read one: whatever arrives while it is shown is marked read.
  const unread = conversation?.unreadCount ?? 0
  useEffect(() => {
    if (conversation && unread > 0) commitRead({ variables: { conversationId: conversation.id } })
  }, [conversation, unread, commitRead])

  const person = data.user
  if (!person?.id || !viewer) {
    return (
      <Text color="fg.muted" p="6">
        <Trans>Пользователь не найден</Trans>
      </Text>
    )
  }
  const name = `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim()

  const send = (text: string, files: File[]) =>
    new Promise<boolean>((resolve) => {
      setError(null)
      commitSend({
        // Files travel as parts of a multipart request, each in place of a null in the variables.
        variables: { input: { recipientId: person.id, content: text, attachments: files.map(() => null) } },
        uploadables: Object.fromEntries(files.map((file, index) => [`input.attachments.${index}`, file])),
        updater: (store, result) => {
          const sent = result?.sendMessage
          if (sent?.__typename !== 'SendMessageSuccess' || !sent.sentMessage || !sent.conversation) return
          appendMessage(store, sent.sentMessage.conversationId, sent.sentMessage.id)
          moveConversationFirst(store, sent.conversation.id)
        },
        onCompleted: (result) => {
          if (result.sendMessage.__typename === 'SendMessageSuccess') {
            // The first message creates the conversation this view has not loaded yet.
            if (!conversation) setFetchKey((key) => key + 1)
            resolve(true)
          } else {
            const failure = result.sendMessage
            setError(failure.__typename !== '%other' && 'message' in failure && failure.message ? failure.message : t`Ошибка отправки сообщения`)
            resolve(false)
          }
        },
        onError: (failure) => {
          setError(failure.message || t`Ошибка отправки сообщения`)
          resolve(false)
        },
      })
    })

  const signalTyping = (state: boolean) => {
    if (conversation) commitTyping({ variables: { conversationId: conversation.id, typing: state } })
  }

  return (
    <Flex direction="column" h="full" minH="0" data-testid="chat-view">
      <Flex align="center" gap="3" pb="3" borderBottomWidth="1px">
        <Avatar.Root size="sm" colorPalette="blue">
          <Avatar.Fallback name={name} />
          {person.avatarImage && <Avatar.Image src={person.avatarImage} alt="" />}
        </Avatar.Root>
        <Box>
          <Heading size="sm" data-testid="chat-with">
            {name}
          </Heading>
          <Text fontSize="xs" color={typing ? 'blue.600' : 'fg.muted'} data-testid="chat-status">
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
        <Composer onSend={send} onTyping={signalTyping} sending={sending} />
      </Stack>
    </Flex>
  )
}
