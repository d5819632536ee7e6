import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Clipboard,
  Code,
  Field,
  HStack,
  IconButton,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plus, Trash2 } from 'lucide-react';
import { graphql, useMutation, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { ApiKeysTabQuery, ApiKeysTabQuery$data } from '../../../__generated__/ApiKeysTabQuery.graphql';
import type { ApiKeysTabCreateMutation } from '../../../__generated__/ApiKeysTabCreateMutation.graphql';
import type { ApiKeysTabRevokeMutation } from '../../../__generated__/ApiKeysTabRevokeMutation.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../i18n/format';
import { mutationErrorText } from '../../../relay/mutationError';
import { AdminFormDialog } from '../AdminFormDialog';
import { useToastedMutation } from '../useToastedMutation';
import type { AdminTabProps } from '../adminTabs';

const apiKeysTabQuery = graphql`
  query ApiKeysTabQuery {
    apiKeys {
      id
      ...ApiKeysTab_row @relay(mask: false)
    }
  }
`;

// Unmasked: the list and the created key's answer share one field set.
graphql`
  fragment ApiKeysTab_row on ApiKey {
    id
    name
    prefix
    scopes
    createdAt
    lastUsedAt
    revokedAt
    createdBy {
      username
    }
  }
`;

const createMutation = graphql`
  mutation ApiKeysTabCreateMutation($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      __typename
      ... on CreateApiKeySuccess {
        secret
        apiKey {
          ...ApiKeysTab_row @relay(mask: false)
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const revokeMutation = graphql`
  mutation ApiKeysTabRevokeMutation($id: ID!) {
    revokeApiKey(id: $id) {
      __typename
      ... on ApiKey {
        id
        revokedAt
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type ApiKeyRow = ApiKeysTabQuery$data['apiKeys'][number];

const SCOPES: { value: string; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { value: 'read', label: msg`Чтение`, hint: msg`запросы и GET` },
  { value: 'write', label: msg`Запись`, hint: msg`изменения (включает чтение)` },
  { value: 'admin', label: msg`Администрирование`, hint: msg`права администратора` },
];

function ScopeBadges({ scopes }: { scopes: readonly string[] }) {
  const { i18n } = useLingui();
  return (
    <HStack gap="1" flexWrap="wrap">
      {scopes.map((scope) => {
        const known = SCOPES.find((candidate) => candidate.value === scope);
        return (
          <Badge key={scope} colorPalette={scope === 'admin' ? 'purple' : scope === 'write' ? 'orange' : 'blue'}>
            {known ? i18n._(known.label) : scope}
          </Badge>
        );
      })}
    </HStack>
  );
}

/**
 * The new key's secret, shown this once with a copy button: what the dialog that created the key
 * shows next, until the admin says it is saved.
 */
function SecretView({ secret }: { secret: string }) {
  const { t } = useLingui();
  return (
    <Stack gap="3">
      <Text>
        <Trans>Скопируйте ключ сейчас: он показывается только один раз и больше не будет доступен.</Trans>
      </Text>
      <Clipboard.Root value={secret}>
        <HStack>
          <Input
            readOnly
            value={secret}
            fontFamily="mono"
            data-testid="api-key-secret-value"
            onFocus={(e) => e.currentTarget.select()}
            autoFocus
          />
          <Clipboard.Trigger asChild>
            <IconButton variant="outline" aria-label={t`Копировать ключ`} data-testid="api-key-secret-copy">
              <Clipboard.Indicator />
            </IconButton>
          </Clipboard.Trigger>
        </HStack>
      </Clipboard.Root>
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          Передавайте ключ в заголовке <Code>X-API-Key</Code> запросов к /graphql и REST API.
        </Trans>
      </Text>
    </Stack>
  );
}

/**
 * Creating a key: the form, then, in the same dialog, the new key's secret (SecretView) until the
 * admin says it is saved.
 */
function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [secret, setSecret] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['read']);
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useMutation<ApiKeysTabCreateMutation>(createMutation);
  const toggle = (scope: string, checked: boolean) =>
    setScopes((current) => (checked ? [...current, scope] : current.filter((value) => value !== scope)));

  const submit = () => {
    setError(null);
    create({
      variables: { input: { name, scopes } },
      updater: (store, response) => {
        if (response?.createApiKey.__typename !== 'CreateApiKeySuccess') return;
        const created = store.getRootField('createApiKey')?.getLinkedRecord('apiKey');
        const root = store.getRoot();
        const list = root.getLinkedRecords('apiKeys');
        if (created && list) root.setLinkedRecords([created, ...list], 'apiKeys');
      },
      onCompleted: ({ createApiKey: result }) => {
        if (result.__typename === 'CreateApiKeySuccess' && result.secret) setSecret(result.secret);
        else setError(mutationErrorText(result.error, t`Не удалось создать ключ`));
      },
      onError: (cause) => setError(cause.message),
    });
  };

  return (
    <AdminFormDialog
      formId="api-key-form"
      title={<Trans>Новый API-ключ</Trans>}
      testId="api-key-create"
      error={error}
      errorTestId="api-key-create-error"
      submitLabel={<Trans>Создать</Trans>}
      submitting={creating}
      submitTestId="api-key-create-save"
      gap="4"
      onSubmit={submit}
      onClose={onClose}
      done={
        secret === null
          ? null
          : {
              title: <Trans>Ключ создан</Trans>,
              testId: 'api-key-secret',
              body: <SecretView secret={secret} />,
              footer: (
                <Button colorPalette="brand" onClick={onClose} data-testid="api-key-secret-done">
                  <Trans>Я сохранил ключ</Trans>
                </Button>
              ),
            }
      }
    >
      <Field.Root required>
        <Field.Label>
          <Trans>Название</Trans>
        </Field.Label>
        <Input
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.currentTarget.value)}
          placeholder={t`Например, интеграция с CRM`}
          data-testid="api-key-name"
        />
      </Field.Root>
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="medium" mb="1">
          <Trans>Области доступа</Trans>
        </Text>
        {SCOPES.map((scope) => (
          <Checkbox.Root
            key={scope.value}
            checked={scopes.includes(scope.value)}
            onCheckedChange={(details) => toggle(scope.value, details.checked === true)}
            data-testid={`api-key-scope-${scope.value}`}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {i18n._(scope.label)}{' '}
              <Text as="span" color="fg.muted" fontWeight="normal">
                ({scope.value}: {i18n._(scope.hint)})
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </AdminFormDialog>
  );
}

type Dialog = { kind: 'create' } | { kind: 'revoke'; key: ApiKeyRow } | null;

/** API management (admin panel): integrators' keys, their scopes and last use; create (secret shown once) and revoke. */
export default function ApiKeysTab({ queryRef }: AdminTabProps) {
  const { t } = useLingui();
  const data = usePreloadedQuery<ApiKeysTabQuery>(apiKeysTabQuery, queryRef as PreloadedQuery<ApiKeysTabQuery>);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [revoke, revoking] = useToastedMutation<ApiKeysTabRevokeMutation>({
    mutation: revokeMutation,
    answer: (response) => response.revokeApiKey,
    succeeded: 'ApiKey',
    failure: t`Не удалось отозвать ключ`,
    success: t`Ключ отозван`,
    onSettled: () => setDialog(null),
  });

  return (
    <Stack gap="4" data-testid="admin-api-keys">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Box>
          <Text fontWeight="semibold" fontSize="lg">
            <Trans>API-ключи</Trans>
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <Trans>Ключ действует от имени создавшего его администратора в пределах своих областей доступа.</Trans>
          </Text>
        </Box>
        <Button colorPalette="brand" size="sm" onClick={() => setDialog({ kind: 'create' })} data-testid="api-key-create-open">
          <Plus size={16} />
          <Trans>Создать ключ</Trans>
        </Button>
      </HStack>
      {data.apiKeys.length === 0 ? (
        <Text textAlign="center" color="fg.muted" py="6" data-testid="api-keys-empty">
          <Trans>API-ключей пока нет</Trans>
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
          <Table.Root size="sm" data-testid="api-keys-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Название</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Ключ</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Области</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Создан</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Последнее использование</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Статус</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Действия</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.apiKeys.map((key) => (
                <Table.Row key={key.id} data-testid="api-key-row" data-name={key.name}>
                  <Table.Cell>{key.name}</Table.Cell>
                  <Table.Cell>
                    <Code>{key.prefix}…</Code>
                  </Table.Cell>
                  <Table.Cell>
                    <ScopeBadges scopes={key.scopes} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {formatDateTime(key.createdAt)}
                    {key.createdBy && (
                      <Text fontSize="xs" color="fg.muted">
                        @{key.createdBy.username}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : <Trans>Не использовался</Trans>}
                  </Table.Cell>
                  <Table.Cell>
                    {key.revokedAt ? (
                      <Badge colorPalette="gray" data-testid="api-key-status">
                        <Trans>Отозван</Trans>
                      </Badge>
                    ) : (
                      <Badge colorPalette="green" data-testid="api-key-status">
                        <Trans>Активен</Trans>
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {!key.revokedAt && (
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t`Отозвать ключ`}
                        onClick={() => setDialog({ kind: 'revoke', key })}
                        data-testid="api-key-revoke-open"
                      >
                        <Trash2 size={16} />
                      </IconButton>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {dialog?.kind === 'create' && <CreateDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'revoke' && (
        <ConfirmDialog
          open
          title={<Trans>Отозвать ключ?</Trans>}
          confirmLabel={<Trans>Отозвать</Trans>}
          destructive
          loading={revoking}
          onConfirm={() => revoke({ id: dialog.key.id })}
          onCancel={() => setDialog(null)}
        >
          <Trans>Ключ «{dialog.key.name}» перестанет работать сразу; запросы с ним получат ошибку 401.</Trans>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
