import { Badge, Box, Button, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useMutation, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { SubscribersTabQuery } from '../../../__generated__/SubscribersTabQuery.graphql';
import type { SubscribersTabUpdateMutation } from '../../../__generated__/SubscribersTabUpdateMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { formatDate } from '../../../i18n/format';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { PAYMENT_LABELS, STATUS_COLORS, STATUS_LABELS } from '../../subscriptions/texts';
import type { AdminTabProps } from '../adminTabs';
import { SubscriptionGroups } from './SubscriptionGroups';
import { SubscriptionPlansEditor } from './SubscriptionPlansEditor';

const subscribersTabQuery = graphql`
  query SubscribersTabQuery {
    ...SubscriptionGroups_query
    ...SubscriptionPlansEditor_query
    subscriptionPlans {
      planId
      name
      price
    }
    adminSubscriptions {
      id
      databaseId
      status
      createdAt
      expiresAt
      paymentMethod
      plan {
        planId
        name
      }
      user {
        firstName
        lastName
        email
      }
    }
  }
`;

const updateMutation = graphql`
  mutation SubscribersTabUpdateMutation($id: ID!, $input: UpdateSubscriptionInput!) {
    updateSubscription(id: $id, input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on UserSubscription {
        id
        status
        expiresAt
        plan {
          planId
          name
        }
      }
    }
  }
`;

/**
 * The subscribers tab (spec section 2): requests, pending first; activate, deactivate, change plan;
 * then the subscription groups and the plans themselves.
 */
export default function SubscribersTab({ queryRef }: AdminTabProps) {
  const { t, i18n } = useLingui();
  const data = usePreloadedQuery<SubscribersTabQuery>(subscribersTabQuery, queryRef as PreloadedQuery<SubscribersTabQuery>);
  const [commit, saving] = useMutation<SubscribersTabUpdateMutation>(updateMutation);

  const change = (id: string, input: { status?: string; planId?: string }) =>
    commit({
      variables: { id, input },
      onCompleted: ({ updateSubscription }) => {
        if (updateSubscription.error) {
          toaster.create({ type: 'error', title: mutationErrorText(updateSubscription.error, t`Ошибка изменения подписки`) });
        } else {
          toaster.create({ type: 'success', title: t`Подписка изменена` });
        }
      },
      onError: (error) => {
        toaster.create({ type: 'error', title: asRequestError(error)?.message || t`Ошибка изменения подписки` });
      },
    });

  return (
    <Stack gap="4">
      <Text fontWeight="semibold" fontSize="lg">
        <Trans>Подписчики</Trans>
      </Text>
      {data.adminSubscriptions.length === 0 ? (
        <Text color="fg.muted">
          <Trans>Заявок на подписку пока нет</Trans>
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" data-testid="subscribers-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Имя</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Email</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>План</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Статус</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Дата</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Управление</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.adminSubscriptions.map((row) => (
                <Table.Row key={row.id} data-testid={`subscriber-${row.databaseId}`}>
                  <Table.Cell>{`${row.user.firstName} ${row.user.lastName}`.trim()}</Table.Cell>
                  <Table.Cell>{row.user.email}</Table.Cell>
                  <Table.Cell>{row.status === 'ACTIVE' ? row.plan.name : t`free`}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_COLORS[row.status] ?? 'gray'} data-testid="subscriber-status">
                      {STATUS_LABELS[row.status] ? i18n._(STATUS_LABELS[row.status]) : row.status}
                    </Badge>
                    {row.status !== 'ACTIVE' && (
                      <Text fontSize="xs" color="fg.muted">
                        <Trans>Заявка: {row.plan.name}</Trans>
                      </Text>
                    )}
                    <Text fontSize="xs" color="fg.muted">
                      {PAYMENT_LABELS[row.paymentMethod.toLowerCase()]
                        ? i18n._(PAYMENT_LABELS[row.paymentMethod.toLowerCase()])
                        : row.paymentMethod}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {formatDate(row.createdAt)}
                    {row.status === 'ACTIVE' && row.expiresAt && (
                      <Text fontSize="xs" color="fg.muted">
                        <Trans>до {formatDate(row.expiresAt)}</Trans>
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" flexWrap="wrap">
                      <Button
                        size="xs"
                        colorPalette="green"
                        loading={saving}
                        onClick={() => change(row.id, { status: 'active' })}
                        data-testid="subscriber-activate"
                      >
                        {row.status === 'ACTIVE' ? <Trans>Продлить</Trans> : <Trans>Активировать</Trans>}
                      </Button>
                      {row.status !== 'INACTIVE' && (
                        <Button
                          size="xs"
                          variant="outline"
                          loading={saving}
                          onClick={() => change(row.id, { status: 'inactive' })}
                          data-testid="subscriber-deactivate"
                        >
                          <Trans>Деактивировать</Trans>
                        </Button>
                      )}
                      <NativeSelect.Root size="xs" width="auto">
                        <NativeSelect.Field
                          aria-label={t`Сменить план`}
                          value={row.plan.planId}
                          onChange={(event) => change(row.id, { planId: event.target.value })}
                          data-testid="subscriber-plan"
                        >
                          {data.subscriptionPlans
                            .filter((plan) => plan.price > 0)
                            .map((plan) => (
                              <option key={plan.planId} value={plan.planId}>
                                {plan.name}
                              </option>
                            ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <SubscriptionGroups query={data} />
      <SubscriptionPlansEditor query={data} />
    </Stack>
  );
}
