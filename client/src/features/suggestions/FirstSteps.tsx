import { Suspense, type ReactNode } from 'react';
import { Badge, Button, Card, Center, Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { FirstStepsQuery } from '../../__generated__/FirstStepsQuery.graphql';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { UserAvatar } from '../../components/UserAvatar';
import { mutationErrorText } from '../../relay/mutationError';
import { useSendFriendRequest } from '../friendship/friendship';
import { PublicationCard } from '../social/publications/PublicationCard';

const query = graphql`
  query FirstStepsQuery($withPublications: Boolean!) {
    suggestions {
      people(first: 6) {
        id
        username
        firstName
        lastName
        avatarImage
        status
        friendshipStatus
      }
      publications(first: 5) @include(if: $withPublications) {
        id
        ...PublicationCard_publication
      }
    }
  }
`;

/** Suggestions are not in a connection of the store: a deletion (never the viewer's here) has nothing to update. */
const NO_CONNECTION = 'client:suggestions';

type Person = FirstStepsQuery['response']['suggestions']['people'][number];

function SuggestedPerson({ person }: { person: Person }) {
  const { t } = useLingui();
  const [sendRequest, sending] = useSendFriendRequest();
  const add = () =>
    sendRequest(
      { userId: person.id },
      {
        success: t`Заявка в друзья отправлена!`,
        failure: (error) => mutationErrorText(error, t`Неизвестная ошибка`),
      },
    );
  return (
    <Card.Root size="sm" variant="outline" data-testid="suggested-person">
      <Card.Body>
        <Stack align="center" textAlign="center" gap="2">
          <UserAvatar firstName={person.firstName} lastName={person.lastName} avatarImage={person.avatarImage} size="lg" />
          <RouterLink to={`/profile/${person.username}`}>
            <Text fontWeight="semibold" _hover={{ textDecoration: 'underline' }} data-testid="suggested-person-name">
              {person.firstName} {person.lastName}
            </Text>
          </RouterLink>
          {person.status && (
            <Text fontSize="xs" color="fg.muted" lineClamp={2}>
              {person.status}
            </Text>
          )}
          {person.friendshipStatus === 'NONE' ? (
            <Button size="xs" colorPalette="brand" onClick={add} loading={sending} data-testid="suggestion-add">
              <UserPlus size={14} />
              <Trans>Добавить в контакты</Trans>
            </Button>
          ) : (
            <Badge colorPalette="brand" data-testid="suggestion-status">
              {person.friendshipStatus === 'ACCEPTED' ? <Trans>В друзьях</Trans> : <Trans>Заявка отправлена</Trans>}
            </Badge>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Suggestions({ withPublications }: { withPublications: boolean }) {
  const data = useLazyLoadQuery<FirstStepsQuery>(query, { withPublications }, { fetchPolicy: 'store-and-network' });
  const { people, publications } = data.suggestions;
  return (
    <Stack gap="6">
      {people.length > 0 && (
        <Stack gap="3" data-testid="suggested-people">
          <Heading size="sm">
            <Trans>Люди, которых вы можете знать</Trans>
          </Heading>
          <Grid templateColumns="repeat(auto-fill, minmax(10rem, 1fr))" gap="3">
            {people.map((person) => (
              <SuggestedPerson key={person.id} person={person} />
            ))}
          </Grid>
        </Stack>
      )}
      {publications && publications.length > 0 && (
        <Stack gap="3" data-testid="suggested-publications">
          <Heading size="sm">
            <Trans>Недавние публикации участников</Trans>
          </Heading>
          {publications.map((publication) => (
            <PublicationCard key={publication.id} publication={publication} feedConnectionId={NO_CONNECTION} />
          ))}
        </Stack>
      )}
      {people.length === 0 && !publications?.length && (
        <Text color="fg.muted" textAlign="center">
          <Trans>Пока некого предложить: загляните позже.</Trans>
        </Text>
      )}
    </Stack>
  );
}

/**
 * The first steps of a member whose feed or contacts are empty (issue 13): people to add (those
 * sharing contacts first, then the recently active) and, with `withPublications`, recent
 * publications of others with their actions. `intro` says why the list is empty.
 */
export function FirstSteps({
  intro,
  withPublications = false,
  card = true,
}: {
  intro: ReactNode;
  withPublications?: boolean;
  /** In a card of its own (false: inside a card already). */
  card?: boolean;
}) {
  const content = (
    <Stack gap="4" data-testid="first-steps">
      <Text color="fg.muted" textAlign="center">
        {intro}
      </Text>
      <Suspense
        fallback={
          <Center py="6">
            <Spinner color="brand.fg" />
          </Center>
        }
      >
        {/* Suggestions are a help: if they fail to load, the page stays as it was. */}
        <ErrorBoundary fallback={null}>
          <Suggestions withPublications={withPublications} />
        </ErrorBoundary>
      </Suspense>
    </Stack>
  );
  if (!card) return content;
  return (
    <Card.Root>
      <Card.Body>{content}</Card.Body>
    </Card.Root>
  );
}
