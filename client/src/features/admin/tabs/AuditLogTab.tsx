import { useState, useTransition, type FormEvent } from 'react';
import { Box, Button, Code, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { AuditLogTabQuery } from '../../../__generated__/AuditLogTabQuery.graphql';
import type { AuditLogTab_query$key } from '../../../__generated__/AuditLogTab_query.graphql';
import type { AuditLogTabPaginationQuery } from '../../../__generated__/AuditLogTabPaginationQuery.graphql';
import { formatDateTime } from '../../../i18n/format';
import { ScrollRegion } from '../../../components/ScrollRegion';
import type { AdminTabProps } from '../adminTabs';
import { Field } from '../../../components/ui/field';

export const AUDIT_PAGE_SIZE = 20;

const auditLogTabQuery = graphql`
  query AuditLogTabQuery {
    auditActions
    ...AuditLogTab_query
  }
`;

const auditFragment = graphql`
  fragment AuditLogTab_query on Query
  @refetchable(queryName: "AuditLogTabPaginationQuery")
  @argumentDefinitions(
    count: { type: "Int", defaultValue: 20 }
    cursor: { type: "String" }
    actor: { type: "String" }
    action: { type: "String" }
    from: { type: "DateTime" }
    to: { type: "DateTime" }
  ) {
    auditLog(first: $count, after: $cursor, actor: $actor, action: $action, from: $from, to: $to)
      @connection(key: "AuditLogTab_auditLog", filters: ["actor", "action", "from", "to"]) {
      totalCount
      edges {
        node {
          databaseId
          actorName
          action
          targetType
          targetId
          before
          after
          createdAt
        }
      }
    }
  }
`;

/** A day picked in the filter (the viewer's calendar day) as the instants it spans. */
function dayRange(day: string): { from: string; to: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = new Date(`${day}T00:00:00`);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

function Change({ before, after }: { before: string | null; after: string | null }) {
  return (
    <Stack gap="1" fontSize="xs" maxW="md">
      {before && (
        <Box>
          <Text color="fg.muted">
            <Trans>До</Trans>
          </Text>
          <Code whiteSpace="pre-wrap" wordBreak="break-all" display="block">
            {before}
          </Code>
        </Box>
      )}
      {after && (
        <Box>
          <Text color="fg.muted">
            <Trans>После</Trans>
          </Text>
          <Code whiteSpace="pre-wrap" wordBreak="break-all" display="block">
            {after}
          </Code>
        </Box>
      )}
    </Stack>
  );
}

function AuditTable({ query, actions }: { query: AuditLogTab_query$key; actions: readonly string[] }) {
  const { t } = useLingui();
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<
    AuditLogTabPaginationQuery,
    AuditLogTab_query$key
  >(auditFragment, query);
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [day, setDay] = useState('');
  const [refetching, startTransition] = useTransition();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const range = dayRange(day);
    startTransition(() => {
      refetch(
        {
          actor: actor.trim() || null,
          action: action || null,
          from: range?.from ?? null,
          to: range?.to ?? null,
          count: AUDIT_PAGE_SIZE,
        },
        { fetchPolicy: 'store-and-network' },
      );
    });
  };

  const edges = data.auditLog.edges.filter((edge): edge is NonNullable<typeof edge> => !!edge?.node);

  return (
    <Stack gap="4" opacity={refetching ? 0.6 : 1}>
      <form onSubmit={apply} aria-label={t`Фильтры журнала`}>
        <HStack gap="3" wrap="wrap" align="flex-end">
          <Field label={<Trans>Администратор</Trans>} w={{ base: 'full', sm: '48' }}>
            <Input
              value={actor}
              onChange={(event) => setActor(event.currentTarget.value)}
              placeholder={t`Имя пользователя`}
              data-testid="audit-filter-actor"
            />
          </Field>
          <Field label={<Trans>Действие</Trans>} w={{ base: 'full', sm: '48' }}>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={action}
                onChange={(event) => setAction(event.currentTarget.value)}
                data-testid="audit-filter-action"
              >
                <option value="">{t`Все действия`}</option>
                {actions.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field>
          <Field label={<Trans>Дата</Trans>} w={{ base: 'full', sm: '44' }}>
            <Input
              type="date"
              value={day}
              onChange={(event) => setDay(event.currentTarget.value)}
              data-testid="audit-filter-day"
            />
          </Field>
          <Button type="submit" variant="outline" data-testid="audit-filter-apply">
            <Trans>Применить</Trans>
          </Button>
        </HStack>
      </form>
      <Text fontSize="sm" color="fg.muted" data-testid="audit-total">
        <Trans>Записей: {data.auditLog.totalCount}</Trans>
      </Text>
      {edges.length === 0 ? (
        <Text textAlign="center" color="fg.muted" py="6" data-testid="audit-empty">
          <Trans>Записей не найдено</Trans>
        </Text>
      ) : (
        // Nothing in the rows takes focus: the region does, so a keyboard scrolls it on a phone.
        <ScrollRegion aria-label={t`Записи журнала действий`} borderWidth="1px" rounded="md" bg="bg.panel">
          <Table.Root size="sm" data-testid="audit-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Время</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Администратор</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Действие</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Объект</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Изменение</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {edges.map(({ node }) => (
                <Table.Row key={node.databaseId} data-testid="audit-row">
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(node.createdAt)}</Table.Cell>
                  <Table.Cell>@{node.actorName}</Table.Cell>
                  <Table.Cell>
                    <Code>{node.action}</Code>
                  </Table.Cell>
                  <Table.Cell>
                    {node.targetType}
                    {node.targetId ? ` #${node.targetId}` : ''}
                  </Table.Cell>
                  <Table.Cell>
                    <Change before={node.before ?? null} after={node.after ?? null} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      )}
      {hasNext && (
        <Button
          variant="outline"
          alignSelf="center"
          loading={isLoadingNext}
          onClick={() => loadNext(AUDIT_PAGE_SIZE)}
          data-testid="audit-more"
        >
          <Trans>Показать ещё</Trans>
        </Button>
      )}
    </Stack>
  );
}

/** The audit log: every admin action, newest first, filtered by actor, action and day. */
export default function AuditLogTab({ queryRef }: AdminTabProps) {
  const data = usePreloadedQuery<AuditLogTabQuery>(auditLogTabQuery, queryRef as PreloadedQuery<AuditLogTabQuery>);
  return (
    <Box data-testid="admin-audit">
      <AuditTable query={data} actions={data.auditActions} />
    </Box>
  );
}
