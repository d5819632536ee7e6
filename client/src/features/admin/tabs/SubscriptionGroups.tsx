import { Suspense, useDeferredValue, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { graphql, useFragment, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import type { SubscriptionGroups_query$key } from '../../../__generated__/SubscriptionGroups_query.graphql';
import type { SubscriptionGroupsUsersQuery } from '../../../__generated__/SubscriptionGroupsUsersQuery.graphql';
import type { SubscriptionGroupsCreateMutation } from '../../../__generated__/SubscriptionGroupsCreateMutation.graphql';
import type { SubscriptionGroupsDeleteMutation } from '../../../__generated__/SubscriptionGroupsDeleteMutation.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { toaster } from '../../../components/ui/toaster';
import { formatDate } from '../../../i18n/format';
import { mutationErrorText } from '../../../relay/mutationError';
import { AdminFormDialog } from '../AdminFormDialog';
import { removeFromRootList } from '../../../relay/rootList';
import { useToastedMutation } from '../useToastedMutation';
import { Field } from '../../../components/ui/field';

const groupsFragment = graphql`
  fragment SubscriptionGroups_query on Query {
    subscriptionPlans {
      planId
      name
      price
    }
    subscriptionGroups {
      id
      name
      createdAt
      plan {
        name
      }
      members {
        __typename
      }
    }
  }
`;

const usersQuery = graphql`
  query SubscriptionGroupsUsersQuery($search: String) {
    users(first: 20, search: $search) {
      edges {
        node {
          id
          firstName
          lastName
          email
        }
      }
    }
  }
`;

const createMutation = graphql`
  mutation SubscriptionGroupsCreateMutation($input: CreateSubscriptionGroupInput!) {
    createSubscriptionGroup(input: $input) {
      __typename
      ... on SubscriptionGroup {
        id
        name
        createdAt
        plan {
          name
        }
        members {
          __typename
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const deleteMutation = graphql`
  mutation SubscriptionGroupsDeleteMutation($id: ID!) {
    deleteSubscriptionGroup(id: $id) {
      __typename
      ... on DeleteSubscriptionGroupSuccess {
        deletedId
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type Plan = { readonly planId: string; readonly name: string; readonly price: number };
type Picked = Record<string, string>;

/** Members found by the search, as a checklist; what is ticked stays ticked across searches. */
function UserChecklist({
  search,
  picked,
  onToggle,
}: {
  search: string;
  picked: Picked;
  onToggle: (id: string, name: string) => void;
}) {
  const data = useLazyLoadQuery<SubscriptionGroupsUsersQuery>(
    usersQuery,
    { search: search || null },
    { fetchPolicy: 'store-or-network' },
  );
  const users = data.users.edges.flatMap((edge) => (edge?.node ? [edge.node] : []));
  if (users.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>Никого не найдено</Trans>
      </Text>
    );
  }
  return users.map((user) => {
    const name = `${user.firstName} ${user.lastName}`.trim();
    return (
      <Checkbox.Root
        key={user.id}
        checked={user.id in picked}
        onCheckedChange={() => onToggle(user.id, name)}
        data-testid="group-user"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          {name}{' '}
          {user.email && (
            <Text as="span" color="fg.muted" fontWeight="normal">
              ({user.email})
            </Text>
          )}
        </Checkbox.Label>
      </Checkbox.Root>
    );
  });
}

function CreateGroupDialog({ plans, onClose }: { plans: readonly Plan[]; onClose: () => void }) {
  const { t } = useLingui();
  const paid = plans.filter((plan) => plan.price > 0);
  const [name, setName] = useState('');
  const [planId, setPlanId] = useState(paid[0]?.planId ?? '');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [picked, setPicked] = useState<Picked>({});
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useMutation<SubscriptionGroupsCreateMutation>(createMutation);
  const count = Object.keys(picked).length;

  const toggle = (id: string, label: string) =>
    setPicked((current) => {
      const next = { ...current };
      if (id in next) delete next[id];
      else next[id] = label;
      return next;
    });

  const submit = () => {
    setError(null);
    create({
      variables: { input: { name, planId, userIds: Object.keys(picked) } },
      updater: (store, response) => {
        if (response?.createSubscriptionGroup.__typename !== 'SubscriptionGroup') return;
        const created = store.getRootField('createSubscriptionGroup');
        const root = store.getRoot();
        const list = root.getLinkedRecords('subscriptionGroups');
        if (created && list) root.setLinkedRecords([created, ...list], 'subscriptionGroups');
      },
      onCompleted: ({ createSubscriptionGroup: result }) => {
        if (result.__typename !== 'SubscriptionGroup')
          return setError(mutationErrorText(result.error, t`Ошибка создания группы`));
        toaster.create({ type: 'success', title: t`Группа создана` });
        onClose();
      },
      onError: (cause) => setError(cause.message),
    });
  };

  return (
    <AdminFormDialog
      formId="group-form"
      title={<Trans>Новая группа подписки</Trans>}
      testId="group-create"
      error={error}
      errorTestId="group-create-error"
      submitLabel={<Trans>Создать</Trans>}
      submitting={creating}
      submitTestId="group-create-save"
      gap="4"
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={<Trans>Название группы</Trans>} required>
        <Input value={name} maxLength={200} onChange={(event) => setName(event.currentTarget.value)} data-testid="group-name" />
      </Field>
      <Field label={<Trans>План</Trans>} required>
        <NativeSelect.Root>
          <NativeSelect.Field value={planId} onChange={(event) => setPlanId(event.currentTarget.value)} data-testid="group-plan">
            {paid.map((plan) => (
              <option key={plan.planId} value={plan.planId}>
                {t`${plan.name} - ${plan.price}₽/мес`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
      <Field label={<Trans>Пользователи</Trans>}>
        <Input
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t`Поиск по имени или email`}
          data-testid="group-user-search"
        />
      </Field>
      <Stack gap="2" maxH="60" overflowY="auto" borderWidth="1px" rounded="md" p="2">
        <ErrorBoundary fallback={<Text color="fg.error">{t`Не удалось загрузить пользователей`}</Text>}>
          <Suspense fallback={<Spinner size="sm" />}>
            <UserChecklist search={deferredSearch} picked={picked} onToggle={toggle} />
          </Suspense>
        </ErrorBoundary>
      </Stack>
      <Text fontSize="sm" color="fg.muted" data-testid="group-selected-count">
        <Trans>Выбрано: {count}</Trans>
      </Text>
    </AdminFormDialog>
  );
}

/** The subscription groups of the subscribers tab (spec section 2): every member of a group has its plan. */
export function SubscriptionGroups({ query }: { query: SubscriptionGroups_query$key }) {
  const { t } = useLingui();
  const data = useFragment(groupsFragment, query);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [remove, removing] = useToastedMutation<SubscriptionGroupsDeleteMutation>({
    mutation: deleteMutation,
    answer: (response) => response.deleteSubscriptionGroup,
    succeeded: 'DeleteSubscriptionGroupSuccess',
    failure: t`Ошибка удаления группы`,
    success: t`Группа удалена`,
    onSettled: () => setDeleting(null),
  });

  const confirmDelete = (group: { id: string; name: string }) =>
    remove({ id: group.id }, (store, response) => {
      if (response?.deleteSubscriptionGroup.__typename === 'DeleteSubscriptionGroupSuccess')
        removeFromRootList(store, { field: 'subscriptionGroups' }, group.id);
    });

  return (
    <Stack gap="3" data-testid="subscription-groups">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontWeight="semibold" fontSize="lg">
          <Trans>Группы подписок</Trans>
        </Text>
        <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)} data-testid="group-create-open">
          <Plus size={16} />
          <Trans>Создать группу</Trans>
        </Button>
      </HStack>
      {data.subscriptionGroups.length === 0 ? (
        <Text color="fg.muted">
          <Trans>Групп пока нет</Trans>
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" data-testid="groups-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Название</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>План</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Пользователей</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Создана</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Действия</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.subscriptionGroups.map((group) => (
                <Table.Row key={group.id} data-testid="group-row">
                  <Table.Cell>{group.name}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette="brand">{group.plan.name}</Badge>
                  </Table.Cell>
                  <Table.Cell>{group.members.length}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(group.createdAt)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t`Удалить группу`}
                      onClick={() => setDeleting({ id: group.id, name: group.name })}
                      data-testid="group-delete-open"
                    >
                      <Trash2 size={16} />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {creating && <CreateGroupDialog plans={data.subscriptionPlans} onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmDialog
          open
          title={<Trans>Удалить группу?</Trans>}
          confirmLabel={<Trans>Удалить</Trans>}
          destructive
          loading={removing}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <Trans>Участники группы «{deleting.name}» потеряют её план.</Trans>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
