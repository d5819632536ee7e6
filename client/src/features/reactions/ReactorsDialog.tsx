import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay/hooks';
import type { ReactorsDialogQuery, ReactorsDialogQuery$data } from '../../__generated__/ReactorsDialogQuery.graphql';
import { AppDialog } from '../../components/AppDialog';
import { UserAvatar } from '../../components/UserAvatar';
import { REACTION_EMOJI, REACTION_NAME, type Reaction, type ReactionCount } from './reactionSet';

const PAGE_SIZE = 20;

// Publications and messages each have their own connection type: aliased, one query serves both.
const reactorsQuery = graphql`
  query ReactorsDialogQuery($id: ID!, $reaction: String!, $first: Int!, $after: String) {
    node(id: $id) {
      ... on Publication {
        publicationReactors: reactors(reaction: $reaction, first: $first, after: $after) {
          edges {
            node {
              id
              username
              fullName
              firstName
              lastName
              avatarImage
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
      ... on Message {
        messageReactors: reactors(reaction: $reaction, first: $first, after: $after) {
          edges {
            node {
              id
              username
              fullName
              firstName
              lastName
              avatarImage
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
  }
`;

type Page = NonNullable<NonNullable<ReactorsDialogQuery$data['node']>['publicationReactors']>;
type Reactor = Page['edges'][number]['node'];

/** Who gave each reaction (one reaction at a time, newest first, 20 more per "show more"). */
export function ReactorsDialog({
  itemId,
  reactions,
  onClose,
}: {
  itemId: string;
  reactions: readonly ReactionCount[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const [selected, setSelected] = useState<Reaction>((reactions[0]?.reaction ?? 'THUMBS_UP') as Reaction);
  const [people, setPeople] = useState<readonly Reactor[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  const show = (page: Page | null | undefined, after: string | null) => {
    if (!page) return setState('failed');
    setPeople((before) => [...(after ? before : []), ...page.edges.map((edge) => edge.node)]);
    setNext(page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null);
    setState('ready');
  };
  const load = (reaction: Reaction, after: string | null) =>
    fetchQuery<ReactorsDialogQuery>(environment, reactorsQuery, { id: itemId, reaction, first: PAGE_SIZE, after })
      .toPromise()
      .then((data) => show(data?.node?.publicationReactors ?? data?.node?.messageReactors, after))
      .catch(() => setState('failed'));
  const choose = (reaction: Reaction) => {
    setSelected(reaction);
    setPeople([]);
    setState('loading');
    void load(reaction, null);
  };
  const more = () => {
    setState('loading');
    void load(selected, next);
  };

  // The first page of the first reaction, once, when the dialog opens.
  const [opened] = useState(() => load(selected, null));
  void opened;

  return (
    <AppDialog
      onClose={onClose}
      title={t`Кто отреагировал`}
      testId="reactors-dialog"
      footer={
        <Button variant="outline" onClick={onClose}>
          <Trans>Закрыть</Trans>
        </Button>
      }
    >
      <Stack gap="3">
        <HStack gap="1" wrap="wrap" role="group" aria-label={t`Реакции`}>
          {reactions.map((entry) => {
            const reaction = entry.reaction as Reaction;
            const name = t(REACTION_NAME[reaction]);
            const count = entry.count;
            return (
              <Button
                key={reaction}
                size="sm"
                rounded="full"
                variant={reaction === selected ? 'solid' : 'outline'}
                aria-pressed={reaction === selected}
                aria-label={t`Реакция «${name}»: ${count}`}
                onClick={() => choose(reaction)}
                data-testid={`reactors-tab-${reaction}`}
              >
                <span aria-hidden="true">{REACTION_EMOJI[reaction]}</span> {entry.count}
              </Button>
            );
          })}
        </HStack>
        <Stack as="ul" gap="2" listStyleType="none" data-testid="reactors-list">
          {people.map((person) => (
            <HStack as="li" key={person.id} gap="2" data-testid="reactor">
              <UserAvatar size="sm" firstName={person.firstName} lastName={person.lastName} avatarImage={person.avatarImage} />
              <Stack gap="0">
                <Text fontWeight="medium">{person.fullName}</Text>
                <Text fontSize="xs" color="fg.muted">
                  @{person.username}
                </Text>
              </Stack>
            </HStack>
          ))}
        </Stack>
        {state === 'loading' && (
          <Text color="fg.muted">
            <Trans>Загрузка…</Trans>
          </Text>
        )}
        {state === 'failed' && (
          <Text color="fg.error" role="alert">
            <Trans>Не удалось загрузить список</Trans>
          </Text>
        )}
        {state === 'ready' && people.length === 0 && (
          <Text color="fg.muted">
            <Trans>Пока никого</Trans>
          </Text>
        )}
        {state === 'ready' && next && (
          <Button variant="outline" size="sm" onClick={more} data-testid="reactors-more">
            <Trans>Показать ещё</Trans>
          </Button>
        )}
      </Stack>
    </AppDialog>
  );
}
