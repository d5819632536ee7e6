import { Box, Grid, Heading, Spinner, Center, Text } from '@chakra-ui/react'
import { Trans } from '@lingui/react/macro'
import { Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { ConversationList } from './ConversationList'
import { ChatView } from './ChatView'
import { useMessengerLive } from './useMessengerLive'

const loading = (
  <Center py="10">
    <Spinner />
  </Center>
)

/**
 * The messenger: conversations on the left, the chat with the selected member on the right. The
 * recipient lives in the address (`?section=messenger&recipient=<user id>`), so a chat can be linked to.
 */
export default function MessengerPanel({ recipientId }: { recipientId: string | null }) {
  const [, setParams] = useSearchParams()
  const setRecipientId = (id: string) => setParams({ section: 'messenger', recipient: id })
  useMessengerLive()

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
