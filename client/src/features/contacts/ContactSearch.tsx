import { Suspense, useState } from 'react';
import { Badge, Box, Button, Field, Flex, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search, UserPlus } from 'lucide-react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { ContactSearchQuery } from '../../__generated__/ContactSearchQuery.graphql';
import { UserAvatar } from '../../components/UserAvatar';
import { mutationErrorText } from '../../relay/mutationError';
import { useSendFriendRequest } from '../friendship/friendship';

/** Contact search needs this many characters (spec section 5). */
export const SEARCH_MIN_LENGTH = 2;

const searchQuery = graphql`
  query ContactSearchQuery($query: String!) {
    contactSearch(query: $query, first: 30) {
      edges {
        node {
          id
          firstName
          lastName
          username
          avatarImage
          friendshipStatus
        }
      }
    }
  }
`;

/** The friendship state of a search result, as the spec words it: none, request sent, friends. */
function StatusBadge({ state }: { state: string | null | undefined }) {
  if (state === 'ACCEPTED')
    return (
      <Badge colorPalette="green" data-testid="search-status">
        <Trans>В друзьях</Trans>
      </Badge>
    );
  if (state === 'PENDING_OUTGOING')
    return (
      <Badge colorPalette="brand" data-testid="search-status">
        <Trans>Заявка отправлена</Trans>
      </Badge>
    );
  if (state === 'PENDING_INCOMING')
    return (
      <Badge colorPalette="orange" data-testid="search-status">
        <Trans>Ждёт вашего ответа</Trans>
      </Badge>
    );
  return null;
}

function SearchResults({ query }: { query: string }) {
  const { t } = useLingui();
  const data = useLazyLoadQuery<ContactSearchQuery>(searchQuery, { query }, { fetchPolicy: 'network-only' });
  const [sendRequest, sending] = useSendFriendRequest();
  const results = data.contactSearch.edges;
  if (results.length === 0) {
    return (
      <Text color="fg.muted" data-testid="search-empty">
        <Trans>Никого не нашлось</Trans>
      </Text>
    );
  }
  // Spec section 8: the server's detail, else "Unknown error"; the badge follows the answered state.
  const add = (userId: string) =>
    sendRequest(
      { userId },
      {
        success: t`Заявка в друзья отправлена!`,
        failure: (error) => mutationErrorText(error, t`Неизвестная ошибка`),
      },
    );
  return (
    <Stack gap="2" data-testid="search-results">
      {results.map(({ node }) => (
        <Flex key={node.id} align="center" gap="3" data-testid="search-result">
          <UserAvatar firstName={node.firstName} lastName={node.lastName} avatarImage={node.avatarImage} size="sm" />
          <Box flex="1" minW="0">
            <Text fontWeight="medium" truncate>
              {node.firstName} {node.lastName}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              @{node.username}
            </Text>
          </Box>
          <StatusBadge state={node.friendshipStatus} />
          {node.friendshipStatus === 'NONE' && (
            <Button size="sm" colorPalette="brand" onClick={() => add(node.id)} loading={sending} data-testid="search-add">
              <UserPlus size={16} />
              <Trans>Добавить</Trans>
            </Button>
          )}
        </Flex>
      ))}
    </Stack>
  );
}

/** Finds members by name or username (2 characters at least) and sends them friend requests. */
export function ContactSearch() {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [warning, setWarning] = useState(false);
  const tooShort = text.trim().length < SEARCH_MIN_LENGTH;
  const search = () => {
    if (tooShort) {
      setWarning(true);
      return;
    }
    setWarning(false);
    setSubmitted(text.trim());
  };
  return (
    <Stack gap="3">
      <Field.Root invalid={warning}>
        <Field.Label>
          <Trans>Поиск контактов</Trans>
        </Field.Label>
        <HStack w="full">
          <Input
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') search();
            }}
            placeholder={t`Имя, фамилия или имя пользователя`}
            data-testid="contact-search-input"
          />
          <Button onClick={search} disabled={tooShort} colorPalette="brand" data-testid="contact-search-button">
            <Search size={16} />
            <Trans>Найти</Trans>
          </Button>
        </HStack>
        {warning && (
          <Field.ErrorText data-testid="contact-search-warning">
            <Trans>Введите минимум 2 символа для поиска</Trans>
          </Field.ErrorText>
        )}
      </Field.Root>
      {submitted && (
        <Suspense fallback={<Spinner />}>
          <SearchResults query={submitted} />
        </Suspense>
      )}
    </Stack>
  );
}
