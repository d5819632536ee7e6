import { Suspense, useEffect, useState, useTransition } from 'react';
import { Alert, Badge, Button, Card, Center, Heading, HStack, Input, InputGroup, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { UsersPageQuery } from '../../__generated__/UsersPageQuery.graphql';
import type { UsersPage_query$key } from '../../__generated__/UsersPage_query.graphql';
import type { UsersPagePaginationQuery } from '../../__generated__/UsersPagePaginationQuery.graphql';
import { RoleBadge } from '../../components/RoleBadge';
import { UserAvatar } from '../../components/UserAvatar';
import { LoadingScreen } from '../../components/LoadingScreen';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { formatDate } from '../../i18n/format';
import { usePageQuery } from '../../app/pageQuery';
import { SEARCH_MAX_LENGTH } from '../search/searchText';

export const USERS_PAGE_SIZE = 20;

const usersQuery = graphql`
  query UsersPageQuery($search: String) {
    ...UsersPage_query @arguments(search: $search)
  }
`;

const fragment = graphql`
  fragment UsersPage_query on Query
  @refetchable(queryName: "UsersPagePaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, search: { type: "String" }) {
    users(first: $count, after: $cursor, search: $search) @connection(key: "UsersPage_users", filters: ["search"]) {
      totalCount
      edges {
        node {
          id
          username
          firstName
          lastName
          email
          avatarImage
          role
          isActive
          createdAt
        }
      }
    }
  }
`;

function UserList({ query: key, search }: { query: UsersPage_query$key; search: string }) {
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<
    UsersPagePaginationQuery,
    UsersPage_query$key
  >(fragment, key);
  const [refetching, startTransition] = useTransition();
  // What the list shows: the route loader's first page has no search. Mounted again after a failed
  // search (the boundary below tries again on the next one), it refetches for the current search.
  const [shown, setShown] = useState('');
  useEffect(() => {
    if (search === shown) return;
    startTransition(() => {
      refetch({ search: search || null, count: USERS_PAGE_SIZE }, { fetchPolicy: 'store-and-network' });
      setShown(search);
    });
  }, [search, shown, refetch]);

  const total = data.users.totalCount;
  const edges = data.users.edges;
  return (
    <Stack gap="4" opacity={refetching ? 0.6 : 1} transition="opacity 0.15s">
      <Text fontSize="sm" color="fg.muted" data-testid="users-total">
        <Trans>Найдено пользователей: {total}</Trans>
      </Text>
      {edges.length === 0 ? (
        <Center py="10" color="fg.muted" data-testid="users-empty">
          <Trans>Пользователи не найдены</Trans>
        </Center>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" striped data-testid="users-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Пользователь</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>Email</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Роль</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Статус</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans context="registration date column">Регистрация</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {edges.map(({ node }) => (
                <Table.Row key={node.id} data-testid="user-row">
                  <Table.Cell>
                    <RouterLink to={`/profile/${encodeURIComponent(node.username)}`} data-testid="user-link">
                      <HStack gap="3">
                        <UserAvatar
                          firstName={node.firstName}
                          lastName={node.lastName}
                          avatarImage={node.avatarImage}
                          size="sm"
                        />
                        <Stack gap="0">
                          <Text fontWeight="medium" color="brand.fg">
                            {node.firstName} {node.lastName}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            @{node.username}
                          </Text>
                        </Stack>
                      </HStack>
                    </RouterLink>
                  </Table.Cell>
                  <Table.Cell>{node.email}</Table.Cell>
                  <Table.Cell>
                    <RoleBadge role={node.role === 'ADMIN' || node.role === 'MODERATOR' ? node.role : 'USER'} />
                  </Table.Cell>
                  <Table.Cell>
                    {node.isActive ? (
                      <Badge colorPalette="green" size="sm">
                        <Trans>Активен</Trans>
                      </Badge>
                    ) : (
                      <Badge colorPalette="red" size="sm">
                        <Trans>Заблокирован</Trans>
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>{formatDate(node.createdAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {hasNext && (
        <Button
          variant="outline"
          alignSelf="center"
          loading={isLoadingNext}
          onClick={() => loadNext(USERS_PAGE_SIZE)}
          data-testid="users-more"
        >
          <Trans>Показать ещё</Trans>
        </Button>
      )}
    </Stack>
  );
}

function Users({ search }: { search: string }) {
  // The route's loader starts the first page without a search; a search refetches the fragment in place.
  const data = usePageQuery<UsersPageQuery>(usersQuery);
  return <UserList query={data} search={search} />;
}

/** Moderators and admins: every member with role and status, searchable, 20 per page. */
export default function UsersPage() {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  // Search once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Card.Root>
      <Card.Header>
        <Stack gap="4">
          <Heading as="h1" size="xl">
            <Trans>Пользователи</Trans>
          </Heading>
          <InputGroup startElement={<Search size={16} aria-hidden="true" />} maxW="md">
            <Input
              type="search"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder={t`Поиск по имени, имени пользователя или email`}
              aria-label={t`Поиск пользователей`}
              data-testid="users-search"
            />
          </InputGroup>
        </Stack>
      </Card.Header>
      <Card.Body>
        <ErrorBoundary
          resetKey={search}
          fallback={
            <Alert.Root status="error" data-testid="users-error">
              <Alert.Indicator />
              <Alert.Title>
                <Trans>Ошибка загрузки списка пользователей</Trans>
              </Alert.Title>
            </Alert.Root>
          }
        >
          <Suspense fallback={<LoadingScreen />}>
            <Users search={search} />
          </Suspense>
        </ErrorBoundary>
      </Card.Body>
    </Card.Root>
  );
}
