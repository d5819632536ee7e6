import { useState } from 'react';
import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ContactsPanelQuery$data } from '../../__generated__/ContactsPanelQuery.graphql';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDateTime } from '../../i18n/format';
import { useRespondToFriendRequest } from '../friendship/friendship';
import { Section } from './Section';

/** Friend requests sent to the viewer: accept or decline each. */
export function IncomingRequests({ requests }: { requests: ContactsPanelQuery$data['incomingFriendRequests']['edges'] }) {
  const { t } = useLingui();
  const [respond, responding] = useRespondToFriendRequest();
  const [error, setError] = useState<string | null>(null);

  const answer = (requestId: string, accept: boolean) => {
    setError(null);
    respond(
      { requestId, accept },
      {
        success: accept ? t`Заявка принята!` : t`Заявка отклонена!`,
        failure: () => t`Ошибка обработки заявки`,
        onFailure: setError,
      },
    );
  };

  return (
    <Section title={<Trans>Заявки в друзья</Trans>} testId="incoming-requests">
      {error && (
        <Alert.Root status="error" mb="3">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {requests.length === 0 ? (
        <Text color="fg.muted">
          <Trans>Новых заявок нет</Trans>
        </Text>
      ) : (
        <Stack gap="3">
          {requests.map(({ node }) => (
            <Flex key={node.id} align="center" gap="3" data-testid="incoming-request">
              <UserAvatar
                firstName={node.otherUser.firstName}
                lastName={node.otherUser.lastName}
                avatarImage={node.otherUser.avatarImage}
                size="sm"
              />
              <Box flex="1" minW="0">
                <Text fontWeight="medium" truncate data-testid="incoming-request-name">
                  {node.otherUser.firstName} {node.otherUser.lastName}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatDateTime(node.createdAt)}
                </Text>
              </Box>
              <Button
                size="sm"
                colorPalette="green"
                loading={responding}
                onClick={() => answer(node.id, true)}
                data-testid="accept-request"
              >
                <Trans>Принять</Trans>
              </Button>
              <Button
                size="sm"
                variant="outline"
                loading={responding}
                onClick={() => answer(node.id, false)}
                data-testid="decline-request"
              >
                <Trans>Отклонить</Trans>
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
    </Section>
  );
}
