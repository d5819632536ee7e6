import { Suspense, useState, type FormEvent } from 'react';
import { Badge, Button, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search, UserPlus } from 'lucide-react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { AddContactDialogSearchQuery } from '../../../__generated__/AddContactDialogSearchQuery.graphql';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { readMutationError } from '../../../relay/mutationError';
import { useSendFriendRequest } from '../../friendship/friendship';
import { SEARCH_MIN_LENGTH } from '../../contacts/ContactSearch';
import { AppDialog } from '../../../components/AppDialog';

const searchQuery = graphql`
  query AddContactDialogSearchQuery($query: String!) {
    contactSearch(query: $query, first: 30) {
      edges {
        node {
          id
          firstName
          lastName
          username
          friendshipStatus
        }
      }
    }
  }
`;

function Results({ query }: { query: string }) {
  const { t } = useLingui();
  const data = useLazyLoadQuery<AddContactDialogSearchQuery>(searchQuery, { query }, { fetchPolicy: 'network-only' });
  const [sendRequest] = useSendFriendRequest();
  const people = data.contactSearch.edges;

  // Spec section 8, meeting area: "Ошибка: " and the server's detail; a failed request has its own text.
  const add = (userId: string) =>
    sendRequest(
      { userId },
      {
        success: t`Заявка в друзья отправлена!`,
        failure: (error) => {
          if (!error) return t`Ошибка при отправке заявки в друзья`;
          const detail = readMutationError(error)?.message || t`Не удалось отправить заявку`;
          return t`Ошибка: ${detail}`;
        },
      },
    );

  if (people.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>Никого не найдено</Trans>
      </Text>
    );
  }
  return people.map(({ node: person }) => {
    const state = person.friendshipStatus;
    return (
      <HStack key={person.id} justify="space-between" data-testid="add-contact-result">
        <Stack gap="0">
          <Text fontWeight="medium">
            {person.firstName} {person.lastName}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            @{person.username}
          </Text>
        </Stack>
        {state === 'ACCEPTED' && <Badge colorPalette="green">{t`В контактах`}</Badge>}
        {(state === 'PENDING_OUTGOING' || state === 'PENDING_INCOMING') && (
          <Badge colorPalette="orange">{t`Заявка отправлена`}</Badge>
        )}
        {state === 'NONE' && (
          <Button size="sm" variant="outline" onClick={() => add(person.id)} data-testid="add-contact-send">
            <UserPlus size={14} aria-hidden="true" />
            <Trans>Добавить</Trans>
          </Button>
        )}
      </HStack>
    );
  });
}

/** Finds people and sends them a friend request (spec section 8, meeting-area texts). */
export function AddContactDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const canSearch = query.trim().length >= SEARCH_MIN_LENGTH;

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (canSearch) setSubmitted(query.trim());
  };

  return (
    <AppDialog closeButton title={<Trans>Добавить контакт</Trans>} onClose={onClose} testId="add-contact-dialog">
      <Stack gap="4">
        <form onSubmit={search}>
          <HStack>
            <Input
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t`Имя, фамилия или имя пользователя`}
              aria-label={t`Поиск людей`}
              autoFocus
            />
            <Button type="submit" colorPalette="brand" disabled={!canSearch}>
              <Search size={16} aria-hidden="true" />
              <Trans>Найти</Trans>
            </Button>
          </HStack>
        </form>
        {query.trim().length > 0 && !canSearch && (
          <Text fontSize="sm" color="orange.fg">
            <Trans>Введите не менее 2 символов для поиска</Trans>
          </Text>
        )}
        {submitted && (
          <ErrorBoundary
            key={submitted}
            fallback={
              <Text fontSize="sm" color="fg.error">
                <Trans>Не удалось выполнить поиск</Trans>
              </Text>
            }
          >
            <Suspense fallback={<Spinner size="sm" />}>
              <Results query={submitted} />
            </Suspense>
          </ErrorBoundary>
        )}
      </Stack>
    </AppDialog>
  );
}
