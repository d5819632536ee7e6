import { Box, Grid, Heading, Spinner, Center, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ConversationList } from './ConversationList';
import { ChatView } from './ChatView';
import type { PreloadedQuery } from 'react-relay/hooks';
import type { ConversationListQuery } from '../../__generated__/ConversationListQuery.graphql';
import type { SectionPanelProps } from '../social/socialSections';

const loading = (
  <Center py="10">
    <Spinner />
  </Center>
);

/** Set on the history entry of a chat opened from the list, so "back" can return to that entry. */
type FromList = { fromList?: boolean } | null;

/**
 * The messenger: conversations on the left, the chat with the selected member on the right. The
 * recipient lives in the address (`?section=messenger&recipient=<user id>`), so a chat can be linked to.
 * On a phone they are two screens: the list, then the chat (full screen, with a back button); the
 * address tells which, so the browser's back button returns to the list.
 */
export default function MessengerPanel({ queryRef, recipientId }: SectionPanelProps) {
  const [, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const setRecipientId = (id: string) => setParams({ section: 'messenger', recipient: id }, { state: { fromList: true } });
  const backToList = () =>
    (location.state as FromList)?.fromList ? navigate(-1) : setParams({ section: 'messenger' }, { replace: true });

  return (
    <Grid templateColumns={{ base: '1fr', md: '18rem 1fr' }} gap="4" minH={{ md: '28rem' }} data-testid="messenger">
      <Box
        borderWidth="1px"
        rounded="xl"
        p="2"
        bg="bg"
        overflowY="auto"
        maxH="70vh"
        display={{ base: recipientId ? 'none' : 'block', md: 'block' }}
      >
        <Heading size="sm" px="2" py="2">
          <Trans>Сообщения</Trans>
        </Heading>
        <Suspense fallback={loading}>
          <ConversationList
            queryRef={queryRef as PreloadedQuery<ConversationListQuery>}
            selectedUserId={recipientId}
            onSelect={setRecipientId}
          />
        </Suspense>
      </Box>
      <Box
        borderWidth={{ base: '0', md: '1px' }}
        rounded={{ base: 'none', md: 'xl' }}
        p={{ base: '3', md: '4' }}
        bg="bg"
        h={{ base: '100dvh', md: '70vh' }}
        minH="0"
        position={{ base: 'fixed', md: 'static' }}
        inset={{ base: '0', md: 'auto' }}
        zIndex={{ base: 'overlay', md: 'auto' }}
        display={{ base: recipientId ? 'block' : 'none', md: 'block' }}
      >
        {recipientId ? (
          <Suspense fallback={loading}>
            <ChatView key={recipientId} userId={recipientId} onBack={backToList} />
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
  );
}
