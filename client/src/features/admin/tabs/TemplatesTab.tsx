import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Code,
  Field as ChakraField,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, Plus } from 'lucide-react';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay/hooks';
import type { TemplatesTabQuery, TemplatesTabQuery$data } from '../../../__generated__/TemplatesTabQuery.graphql';
import type { TemplatesTabPreviewQuery } from '../../../__generated__/TemplatesTabPreviewQuery.graphql';
import type { TemplatesTabCreateMutation } from '../../../__generated__/TemplatesTabCreateMutation.graphql';
import type { TemplatesTabSaveMutation } from '../../../__generated__/TemplatesTabSaveMutation.graphql';
import type { TemplatesTabActivateMutation } from '../../../__generated__/TemplatesTabActivateMutation.graphql';
import type { TemplatesTabDeleteMutation } from '../../../__generated__/TemplatesTabDeleteMutation.graphql';
import { AppDialog } from '../../../components/AppDialog';
import { formatDateTime } from '../../../i18n/format';
import { mutationErrorText } from '../../../relay/mutationError';
import { AdminFormDialog } from '../AdminFormDialog';
import { ActiveBadge, ActiveToggleButton, useActivation } from '../activation';
import { useCreateOrSave } from '../useCreateOrSave';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import type { AdminTabProps } from '../adminTabs';
import { Field } from '../../../components/ui/field';

const templatesTabQuery = graphql`
  query TemplatesTabQuery {
    templates {
      id
      name
      templateType
      content
      isActive
      updatedAt
    }
    templatePlaceholders {
      templateType
      names
      required
    }
  }
`;

const previewQuery = graphql`
  query TemplatesTabPreviewQuery($input: TemplateInput!) {
    templatePreview(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on TemplatePreview {
        html
      }
    }
  }
`;

const createMutation = graphql`
  mutation TemplatesTabCreateMutation($input: TemplateInput!) {
    createTemplate(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on Template {
        id
      }
    }
  }
`;

const saveMutation = graphql`
  mutation TemplatesTabSaveMutation($id: ID!, $input: TemplateInput!) {
    updateTemplate(id: $id, input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on Template {
        id
      }
    }
  }
`;

const activateMutation = graphql`
  mutation TemplatesTabActivateMutation($id: ID!, $active: Boolean!) {
    setTemplateActive(id: $id, active: $active) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on Template {
        id
        isActive
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation TemplatesTabDeleteMutation($id: ID!) {
    deleteTemplate(id: $id) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on DeleteTemplateSuccess {
        deletedId
      }
    }
  }
`;

type Template = TemplatesTabQuery$data['templates'][number];
type Placeholders = TemplatesTabQuery$data['templatePlaceholders'];
type Draft = { name: string; templateType: string; content: string };

/** A draft as the site would send or show it, with sample values; or the server's refusal. */
function usePreview() {
  const environment = useRelayEnvironment();
  const { t } = useLingui();
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);
  const show = (draft: Draft) =>
    fetchQuery<TemplatesTabPreviewQuery>(environment, previewQuery, { input: draft }, { fetchPolicy: 'network-only' }).subscribe({
      next: ({ templatePreview: result }) =>
        setPreview(result.error ? { error: mutationErrorText(result.error, t`Ошибка в шаблоне`) } : { html: result.html ?? '' }),
      error: (cause: Error) => setPreview({ error: cause.message }),
    });
  return { preview, show };
}

/**
 * The rendered template in a sandboxed frame: nothing in it runs and its styles stay inside. (The
 * server has sanitised it already; the frame keeps the admin's layout from touching this page.)
 */
function PreviewFrame({ preview }: { preview: ReturnType<typeof usePreview>['preview'] }) {
  if (!preview) return null;
  if ('error' in preview) {
    return (
      <Text color="fg.error" role="alert" data-testid="template-error">
        {preview.error}
      </Text>
    );
  }
  return (
    <Box
      as="iframe"
      {...{ sandbox: '', srcDoc: `<!doctype html><meta charset="utf-8"><body>${preview.html}</body>` }}
      title="preview"
      w="full"
      h="80"
      borderWidth="1px"
      rounded="md"
      bg="white"
      data-testid="template-preview"
    />
  );
}

/**
 * The "Templates" tab (spec section 2): the site's templates with their type and an active badge;
 * edit and preview. A `mail` template wraps the mails the site sends, a `landing` template lays out
 * the landing page; one of each type is active.
 */
export default function TemplatesTab({ queryRef }: AdminTabProps) {
  const { t } = useLingui();
  const data = usePreloadedQuery<TemplatesTabQuery>(templatesTabQuery, queryRef as PreloadedQuery<TemplatesTabQuery>);
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<Template | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const environment = useRelayEnvironment();
  /** After a change: the list again (one active per type, so others change too). */
  const refresh = () => fetchQuery(environment, templatesTabQuery, {}, { fetchPolicy: 'network-only' }).subscribe({});

  const [activate, activating] = useActivation<TemplatesTabActivateMutation>({
    mutation: activateMutation,
    answer: (response) => response.setTemplateActive,
    failure: t`Ошибка активации шаблона`,
    onDone: refresh,
  });
  const toggle = (template: Template) =>
    activate({ id: template.id, active: !template.isActive }, template.isActive ? t`Шаблон отключён` : t`Шаблон активирован`);

  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontWeight="semibold" fontSize="lg">
          <Trans>Шаблоны</Trans>
        </Text>
        <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')} data-testid="template-create">
          <Plus size={16} aria-hidden="true" />
          <Trans>Создать шаблон</Trans>
        </Button>
      </HStack>
      <Box overflowX="auto">
        <Table.Root size="sm" data-testid="templates-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>Название</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Тип</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Изменён</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Статус</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.templates.map((template) => (
              <Table.Row key={template.id} data-testid="template-row" data-name={template.name}>
                <Table.Cell fontWeight="medium">{template.name}</Table.Cell>
                <Table.Cell>
                  <Code>{template.templateType}</Code>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(template.updatedAt)}</Table.Cell>
                <Table.Cell>
                  <ActiveBadge active={template.isActive} testId="template-active" />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <Button size="xs" variant="outline" onClick={() => setEditing(template)} data-testid="template-edit">
                      <Trans>Изменить</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setPreviewing(template)}
                      data-testid="template-preview-open"
                    >
                      <Eye size={14} aria-hidden="true" />
                      <Trans>Предпросмотр</Trans>
                    </Button>
                    <ActiveToggleButton
                      active={template.isActive}
                      loading={activating}
                      onToggle={() => toggle(template)}
                      testId="template-toggle"
                    />
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => setDeleting(template)}
                      data-testid="template-delete"
                    >
                      <Trans>Удалить</Trans>
                    </Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {editing && (
        <TemplateDialog
          template={editing === 'new' ? null : editing}
          placeholders={data.templatePlaceholders}
          onSaved={() => {
            refresh();
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {previewing && <SavedPreviewDialog template={previewing} onClose={() => setPreviewing(null)} />}
      <ConfirmDeleteDialog<TemplatesTabDeleteMutation>
        item={deleting}
        title={t`Удалить шаблон «${deleting?.name ?? ''}»?`}
        mutation={deleteMutation}
        list={{ field: 'templates' }}
        answer={(response) => response.deleteTemplate}
        failure={t`Не удалось удалить шаблон`}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function SavedPreviewDialog({ template, onClose }: { template: Template; onClose: () => void }) {
  const { preview, show } = usePreview();
  useEffect(() => {
    const subscription = show({ name: template.name, templateType: template.templateType, content: template.content });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened template
  }, [template]);
  return (
    <AppDialog
      onClose={onClose}
      size="xl"
      title={<Trans>Предпросмотр «{template.name}»</Trans>}
      testId="template-preview-dialog"
      footer={
        <Button variant="outline" onClick={onClose}>
          <Trans>Закрыть</Trans>
        </Button>
      }
    >
      <PreviewFrame preview={preview} />
    </AppDialog>
  );
}

function TemplateDialog({
  template,
  placeholders,
  onSaved,
  onClose,
}: {
  template: Template | null;
  placeholders: Placeholders;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Draft>({
    name: template?.name ?? '',
    templateType: template?.templateType ?? 'mail',
    content: template?.content ?? '',
  });
  const { preview, show } = usePreview();
  const { error, submitting, submit } = useCreateOrSave<TemplatesTabCreateMutation, TemplatesTabSaveMutation>({
    create: createMutation,
    created: (response) => response.createTemplate,
    save: saveMutation,
    saved: (response) => response.updateTemplate,
    fallback: t`Ошибка сохранения шаблона`,
    onSaved,
  });
  const available = placeholders.find((entry) => entry.templateType === draft.templateType);
  const edit = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <AdminFormDialog
      formId="template-form"
      size="xl"
      title={template ? <Trans>Шаблон «{template.name}»</Trans> : <Trans>Новый шаблон</Trans>}
      testId="template-dialog"
      error={error}
      errorTestId="template-save-error"
      submitting={submitting}
      submitTestId="template-save"
      extraActions={
        <Button variant="outline" onClick={() => show(draft)} data-testid="template-preview-draft">
          <Eye size={16} aria-hidden="true" />
          <Trans>Предпросмотр</Trans>
        </Button>
      }
      onSubmit={() => submit(template?.id, draft)}
      onClose={onClose}
    >
      <Field label={<Trans>Название</Trans>} required>
        <Input
          value={draft.name}
          maxLength={100}
          onChange={(event) => edit({ name: event.currentTarget.value })}
          data-testid="template-name"
        />
      </Field>
      <Field label={<Trans>Тип</Trans>}>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={draft.templateType}
            onChange={(event) => edit({ templateType: event.currentTarget.value })}
            data-testid="template-type"
          >
            <option value="mail">{t`Письма (mail)`}</option>
            <option value="landing">{t`Стартовая страница (landing)`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
      <ChakraField.Root>
        <ChakraField.Label>HTML</ChakraField.Label>
        <Textarea
          value={draft.content}
          rows={10}
          fontFamily="mono"
          fontSize="sm"
          onChange={(event) => edit({ content: event.currentTarget.value })}
          data-testid="template-content"
        />
        {available && (
          <ChakraField.HelperText data-testid="template-placeholders">
            <Trans>Подстановки:</Trans> {available.names.map((name) => `{{${name}}}`).join(' ')}
            {available.required && (
              <>
                {' · '}
                <Trans>обязательна</Trans> {`{{${available.required}}}`}
              </>
            )}
          </ChakraField.HelperText>
        )}
      </ChakraField.Root>
      <PreviewFrame preview={preview} />
    </AdminFormDialog>
  );
}
