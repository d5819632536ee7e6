import { useEffect, useState, useTransition } from 'react';
import { Badge, Button, HStack, Input, InputGroup, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search, UserPlus } from 'lucide-react';
import { RowActions } from '../../../components/RowActions';
import { graphql, useMutation, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { UsersTabQuery } from '../../../__generated__/UsersTabQuery.graphql';
import type { UsersTab_query$key, UsersTab_query$data } from '../../../__generated__/UsersTab_query.graphql';
import type { UsersTabPaginationQuery } from '../../../__generated__/UsersTabPaginationQuery.graphql';
import type { UsersTabCreateMutation } from '../../../__generated__/UsersTabCreateMutation.graphql';
import type { UsersTabUpdateMutation } from '../../../__generated__/UsersTabUpdateMutation.graphql';
import type { UsersTabDeleteMutation } from '../../../__generated__/UsersTabDeleteMutation.graphql';
import { AppDialog } from '../../../components/AppDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PasswordInput } from '../../../components/PasswordInput';
import { RoleBadge } from '../../../components/RoleBadge';
import { toaster } from '../../../components/ui/toaster';
import { formatDate, formatDateTime } from '../../../i18n/format';
import { mutationErrorText } from '../../../relay/mutationError';
import { AdminFormDialog } from '../AdminFormDialog';
import type { AdminTabProps } from '../adminTabs';
import { Field } from '../../../components/ui/field';
import { SEARCH_MAX_LENGTH } from '../../search/searchText';

export const ADMIN_USERS_PAGE_SIZE = 20;

const usersTabQuery = graphql`
  query UsersTabQuery {
    ...UsersTab_query
  }
`;

const usersFragment = graphql`
  fragment UsersTab_query on Query
  @refetchable(queryName: "UsersTabPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, search: { type: "String" }) {
    users(first: $count, after: $cursor, search: $search) @connection(key: "UsersTab_users", filters: ["search"]) {
      __id
      totalCount
      edges {
        node {
          id
          username
          firstName
          lastName
          email
          role
          isActive
          createdAt
          lastLogin
        }
      }
    }
  }
`;

const createMutation = graphql`
  mutation UsersTabCreateMutation($input: CreateUserInput!, $connections: [ID!]!) {
    createUser(input: $input) {
      __typename
      ... on AdminUserChange {
        message
        user @prependNode(connections: $connections, edgeTypeName: "QueryUsersConnectionEdge") {
          id
          username
          firstName
          lastName
          email
          role
          isActive
          createdAt
          lastLogin
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const updateMutation = graphql`
  mutation UsersTabUpdateMutation($id: ID!, $input: UpdateUserInput!) {
    updateUser(id: $id, input: $input) {
      __typename
      ... on AdminUserChange {
        message
        user {
          id
          firstName
          lastName
          email
          role
          isActive
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const deleteMutation = graphql`
  mutation UsersTabDeleteMutation($id: ID!, $connections: [ID!]!) {
    deleteUser(id: $id) {
      __typename
      ... on DeleteUserSuccess {
        message
        deletedUserId @deleteEdge(connections: $connections)
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type UserRow = NonNullable<UsersTab_query$data['users']['edges'][number]>['node'];
type Role = 'USER' | 'MODERATOR' | 'ADMIN';
const ROLES: Role[] = ['USER', 'MODERATOR', 'ADMIN'];
const roleOf = (role: string): Role => (ROLES.includes(role as Role) ? (role as Role) : 'USER');

function RoleSelect({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const { t } = useLingui();
  const labels: Record<Role, string> = { USER: t`Пользователь`, MODERATOR: t`Модератор`, ADMIN: t`Администратор` };
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as Role)}
        data-testid="user-form-role"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {labels[role]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

type FormValues = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  role: Role;
  isActive: boolean;
};
const EMPTY: FormValues = { firstName: '', lastName: '', username: '', email: '', password: '', role: 'USER', isActive: true };

/** Add (user === null) or edit: names, email, role and active state; a new account also needs a username and a password. */
function UserFormDialog({ user, connectionId, onClose }: { user: UserRow | null; connectionId: string; onClose: () => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState<FormValues>(
    user
      ? {
          ...EMPTY,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email ?? '',
          role: roleOf(user.role),
          isActive: user.isActive,
        }
      : EMPTY,
  );
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useMutation<UsersTabCreateMutation>(createMutation);
  const [update, updating] = useMutation<UsersTabUpdateMutation>(updateMutation);
  const set =
    (field: 'firstName' | 'lastName' | 'username' | 'email' | 'password') => (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    };

  const submit = () => {
    setError(null);
    const failed = (fallback: string) => (text: string) => setError(text || fallback);
    if (user) {
      const fail = failed(t`Ошибка при обновлении пользователя`);
      update({
        variables: {
          id: user.id,
          input: {
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            role: values.role,
            isActive: values.isActive,
          },
        },
        onCompleted: ({ updateUser: result }) => {
          if (result.__typename !== 'AdminUserChange') return fail(mutationErrorText(result.error, ''));
          toaster.create({ type: 'success', title: t`Данные пользователя обновлены!` });
          onClose();
        },
        onError: () => fail(''),
      });
    } else {
      const fail = failed(t`Ошибка при добавлении пользователя`);
      create({
        variables: { input: values, connections: [connectionId] },
        onCompleted: ({ createUser: result }) => {
          if (result.__typename !== 'AdminUserChange') return fail(mutationErrorText(result.error, ''));
          toaster.create({ type: 'success', title: t`Пользователь успешно добавлен!` });
          onClose();
        },
        onError: () => fail(''),
      });
    }
  };

  return (
    <AdminFormDialog
      formId="admin-user-form"
      title={user ? <Trans>Редактирование пользователя</Trans> : <Trans>Новый пользователь</Trans>}
      testId="user-form"
      error={error}
      errorTestId="user-form-error"
      submitting={creating || updating}
      submitTestId="user-form-save"
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={<Trans>Имя</Trans>} required>
        <Input value={values.firstName} onChange={set('firstName')} name="firstName" />
      </Field>
      <Field label={<Trans>Фамилия</Trans>} required>
        <Input value={values.lastName} onChange={set('lastName')} name="lastName" />
      </Field>
      {!user && (
        <Field label={<Trans>Имя пользователя</Trans>} required>
          <Input value={values.username} onChange={set('username')} name="username" autoComplete="off" />
        </Field>
      )}
      <Field label="Email" required>
        <Input type="email" value={values.email} onChange={set('email')} name="email" autoComplete="off" />
      </Field>
      {!user && (
        <Field label={<Trans>Пароль</Trans>} required>
          <PasswordInput value={values.password} onChange={set('password')} name="password" autoComplete="new-password" />
        </Field>
      )}
      <Field label={<Trans>Роль</Trans>}>
        <RoleSelect value={values.role} onChange={(role) => setValues((current) => ({ ...current, role }))} />
      </Field>
      <Field label={<Trans>Статус</Trans>}>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={values.isActive ? 'active' : 'blocked'}
            onChange={(event) => {
              const isActive = event.currentTarget.value === 'active';
              setValues((current) => ({ ...current, isActive }));
            }}
            data-testid="user-form-active"
          >
            <option value="active">{t`Активен`}</option>
            <option value="blocked">{t`Заблокирован`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
    </AdminFormDialog>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge colorPalette="green" size="sm">
      <Trans>Активен</Trans>
    </Badge>
  ) : (
    <Badge colorPalette="red" size="sm">
      <Trans>Заблокирован</Trans>
    </Badge>
  );
}

function ViewDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const rows: [React.ReactNode, React.ReactNode][] = [
    [<Trans key="u">Имя пользователя</Trans>, `@${user.username}`],
    ['Email', user.email ?? '—'],
    [<Trans key="r">Роль</Trans>, <RoleBadge key="rb" role={roleOf(user.role)} />],
    [<Trans key="s">Статус</Trans>, <StatusBadge key="sb" active={user.isActive} />],
    [
      <Trans key="c" context="registration date column">
        Регистрация
      </Trans>,
      formatDate(user.createdAt),
    ],
    [<Trans key="l">Последний вход</Trans>, user.lastLogin ? formatDateTime(user.lastLogin) : '—'],
  ];
  return (
    <AppDialog
      onClose={onClose}
      title={`${user.firstName} ${user.lastName}`}
      testId="user-view"
      footer={
        <Button variant="outline" onClick={onClose}>
          <Trans>Закрыть</Trans>
        </Button>
      }
    >
      <Stack gap="2">
        {rows.map(([label, value], index) => (
          <HStack key={index} justify="space-between" gap="4">
            <Text color="fg.muted">{label}</Text>
            <Text as="div">{value}</Text>
          </HStack>
        ))}
      </Stack>
    </AppDialog>
  );
}

type Dialog = { kind: 'add' } | { kind: 'edit' | 'view' | 'delete'; user: UserRow } | null;

function UserTable({ query: key, search }: { query: UsersTab_query$key; search: string }) {
  const { t } = useLingui();
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<UsersTabPaginationQuery, UsersTab_query$key>(
    usersFragment,
    key,
  );
  const [refetching, startTransition] = useTransition();
  const [shown, setShown] = useState(search);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [remove, removing] = useMutation<UsersTabDeleteMutation>(deleteMutation);
  useEffect(() => {
    if (search === shown) return;
    startTransition(() => {
      refetch({ search: search || null, count: ADMIN_USERS_PAGE_SIZE }, { fetchPolicy: 'store-and-network' });
      setShown(search);
    });
  }, [search, shown, refetch]);

  const connectionId = data.users.__id;
  const edges = data.users.edges.filter((edge): edge is NonNullable<typeof edge> => !!edge?.node);
  const confirmDelete = (user: UserRow) =>
    remove({
      variables: { id: user.id, connections: [connectionId] },
      onCompleted: ({ deleteUser: result }) => {
        if (result.__typename !== 'DeleteUserSuccess') {
          toaster.create({ type: 'error', title: mutationErrorText(result.error, t`Ошибка при удалении пользователя`) });
        } else {
          toaster.create({ type: 'success', title: t`Пользователь удалён!` });
        }
        setDialog(null);
      },
      onError: () => {
        toaster.create({ type: 'error', title: t`Ошибка при удалении пользователя` });
        setDialog(null);
      },
    });

  return (
    <Stack gap="4" opacity={refetching ? 0.6 : 1}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="admin-users-total">
          <Trans>Найдено пользователей: {data.users.totalCount}</Trans>
        </Text>
        <Button colorPalette="brand" size="sm" onClick={() => setDialog({ kind: 'add' })} data-testid="admin-user-add">
          <UserPlus size={16} aria-hidden="true" />
          <Trans>Добавить пользователя</Trans>
        </Button>
      </HStack>
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
        <Table.Root size="sm" data-testid="admin-users-table">
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
              <Table.ColumnHeader textAlign="end">
                <Trans>Действия</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {edges.map(({ node }) => (
              <Table.Row key={node.id} data-testid="admin-user-row" data-username={node.username}>
                <Table.Cell>
                  <Stack gap="0">
                    <Text fontWeight="medium">
                      {node.firstName} {node.lastName}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      @{node.username}
                    </Text>
                  </Stack>
                </Table.Cell>
                <Table.Cell>{node.email}</Table.Cell>
                <Table.Cell>
                  <RoleBadge role={roleOf(node.role)} />
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge active={node.isActive} />
                </Table.Cell>
                <Table.Cell>{formatDate(node.createdAt)}</Table.Cell>
                <RowActions
                  view={{ onClick: () => setDialog({ kind: 'view', user: node }), testId: 'admin-user-view' }}
                  edit={{ onClick: () => setDialog({ kind: 'edit', user: node }), testId: 'admin-user-edit' }}
                  remove={{ onClick: () => setDialog({ kind: 'delete', user: node }), testId: 'admin-user-delete' }}
                />
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {edges.length === 0 && (
        <Text textAlign="center" color="fg.muted" py="6">
          <Trans>Пользователи не найдены</Trans>
        </Text>
      )}
      {hasNext && (
        <Button
          variant="outline"
          alignSelf="center"
          loading={isLoadingNext}
          onClick={() => loadNext(ADMIN_USERS_PAGE_SIZE)}
          data-testid="admin-users-more"
        >
          <Trans>Показать ещё</Trans>
        </Button>
      )}
      {dialog?.kind === 'add' && <UserFormDialog user={null} connectionId={connectionId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <UserFormDialog user={dialog.user} connectionId={connectionId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'view' && <ViewDialog user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title={<Trans>Удалить пользователя?</Trans>}
          confirmLabel={<Trans>Удалить</Trans>}
          destructive
          loading={removing}
          onConfirm={() => confirmDelete(dialog.user)}
          onCancel={() => setDialog(null)}
        >
          <Trans>
            Учётная запись {dialog.user.firstName} {dialog.user.lastName} (@{dialog.user.username}) будет удалена, все её сеансы
            завершатся.
          </Trans>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** User management: search, paging, add, edit (role, active), view, delete with confirmation. */
export default function UsersTab({ queryRef }: AdminTabProps) {
  const { t } = useLingui();
  const data = usePreloadedQuery<UsersTabQuery>(usersTabQuery, queryRef as PreloadedQuery<UsersTabQuery>);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  return (
    <Stack gap="4" data-testid="admin-users">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(draft.trim());
        }}
      >
        <HStack maxW="md">
          <InputGroup startElement={<Search size={16} />}>
            <Input
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder={t`Имя, фамилия, логин или email`}
              aria-label={t`Поиск пользователей`}
              data-testid="admin-users-search"
            />
          </InputGroup>
          <Button type="submit" variant="outline">
            <Trans>Найти</Trans>
          </Button>
        </HStack>
      </form>
      <UserTable query={data} search={search} />
    </Stack>
  );
}
