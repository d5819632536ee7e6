import { Box, Grid, Heading, Spinner, Center, Text } from '@chakra-ui/react'
import { Trans } from '@lingui/react/macro'
import { Suspense, useEffect, useState } from 'react'
import { ConversationList } from './ConversationList'
import { ChatView } from './ChatView'
import { useMessengerLive } from './useMessengerLive'

/** The window event other screens send to open the messenger on someone (spec section 2). */
export const SELECT_RECIPIENT_EVENT = 'selectRecipient'
export type SelectRecipientDetail = { id: string }

const loading = (
  <Center py="10">
    <Spinner />
  </Center>
)

/** The messenger: conversations on the left, the chat with the selected member on the right. */
export default function MessengerPanel({ initialRecipientId = null }: { initialRecipientId?: string | null }) {
  const [recipientId, setRecipientId] = useState<string | null>(initialRecipientId)
  useMessengerLive()

  useEffect(() => setRecipientId(initialRecipientId), [initialRecipientId])
  useEffect(() => {
    const select = (event: Event) => {
      const id = (event as CustomEvent<SelectRecipientDetail>).detail?.id
      if (id) setRecipientId(id)
    }
    window.addEventListener(SELECT_RECIPIENT_EVENT, select)
    return () => window.removeEventListener(SELECT_RECIPIENT_EVENT, select)
  }, [])

  return (
    <Grid templateColumns={{ base: '1fr', md: '18rem 1fr' }} gap="4" minH="28rem" data-testid="messenger">
      <Box borderWidth="1px" rounded="xl" p="2" bg="bg" overflowY="auto" maxH="70vh">
        <Heading size="sm" px="2" py="2">
          <Trans>Сообщения</Trans>
        </Heading>
        <Suspense fallback={loading}>
          <ConversationList selectedUserId={recipientId} onSelect={setRecipientId} />
        </Suspense>
      </Box>
      <Box borderWidth="1px" rounded="xl" p="4" bg="bg" h="70vh" minH="0">
        {recipientId ? (
          <Suspense fallback={loading}>
            <ChatView key={recipientId} userId={recipientId} />
          </Suspense>
        ) : (
          <Center h="full">
            <Text color="fg.muted" data-testid="messenger-empty">
              <Trans>Выберите получателя сообщения</Trans>
            </Text>
          </Center>
        )}
      </Box>
    </Grid>
  )
}
