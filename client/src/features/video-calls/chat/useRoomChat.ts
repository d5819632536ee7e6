import { useCallback, useEffect, useState } from 'react'
import { fetchQuery, graphql, readInlineData, useRelayEnvironment } from 'react-relay/hooks'
import type { useRoomChatHistoryQuery } from '../../../__generated__/useRoomChatHistoryQuery.graphql'
import type { useRoomChatSubscription } from '../../../__generated__/useRoomChatSubscription.graphql'
import type { useRoomChat_message$data, useRoomChat_message$key } from '../../../__generated__/useRoomChat_message.graphql'
import { useCatchUpSubscription } from '../../../relay/useCatchUpSubscription'

export const chatMessageFragment = graphql`
  fragment useRoomChat_message on RoomChatMessage @inline {
    id
    databaseId
    type
    content
    createdAt
    sender {
      databaseId
      fullName
    }
    voice {
      url
      mimeType
      durationSeconds
    }
    contactCard {
      userDatabaseId
      name
      username
      email
    }
  }
`

const historyQuery = graphql`
  query useRoomChatHistoryQuery($roomId: ID!) {
    roomChatHistory(roomId: $roomId) {
      ...useRoomChat_message
    }
  }
`

const messagesSubscription = graphql`
  subscription useRoomChatSubscription($roomId: ID!, $after: ID) {
    roomChatMessages(roomId: $roomId, after: $after) {
      id
      ...useRoomChat_message
    }
  }
`

export type ChatMessage = Omit<useRoomChat_message$data, ' $fragmentType'>

export const readChatMessage = (key: useRoomChat_message$key): ChatMessage => readInlineData(chatMessageFragment, key)

/** The room's messages, oldest first: the stored history, then each new one live (each once). */
export function useRoomChat(roomId: string) {
  const environment = useRelayEnvironment()
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [loading, setLoading] = useState(true)

  const add = useCallback((incoming: ChatMessage[]) => {
    setMessages((current) => {
      const byId = new Map(current.map((message) => [message.id, message]))
      for (const message of incoming) byId.set(message.id, message)
      return [...byId.values()].sort((a, b) => a.databaseId - b.databaseId)
    })
  }, [])

  useEffect(() => {
    setMessages([])
    setLoading(true)
    const subscription = fetchQuery<useRoomChatHistoryQuery>(environment, historyQuery, { roomId }, { fetchPolicy: 'network-only' }).subscribe({
      next: (data) => {
        add(data.roomChatHistory.map(readChatMessage))
        setLoading(false)
      },
      error: () => setLoading(false),
    })
    return () => subscription.unsubscribe()
  }, [environment, roomId, add])

  useCatchUpSubscription<useRoomChatSubscription, useRoomChatSubscription['response']['roomChatMessages']>(
    messagesSubscription,
    { roomId },
    (response) => response.roomChatMessages,
    (message) => add([readChatMessage(message)]),
  )

  return { messages, loading, add }
}
