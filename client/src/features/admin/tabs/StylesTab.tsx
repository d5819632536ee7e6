import { useState } from 'react';
import { Box, Button, Checkbox, HStack, Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay/hooks';
import type { StylesTabQuery, StylesTabQuery$data } from '../../../__generated__/StylesTabQuery.graphql';
import type { StylesTabSaveMutation } from '../../../__generated__/StylesTabSaveMutation.graphql';
import type { StylesTabCreateMutation } from '../../../__generated__/StylesTabCreateMutation.graphql';
import type { StylesTabActivateMutation } from '../../../__generated__/StylesTabActivateMutation.graphql';
import { formatDateTime } from '../../../i18n/format';
import { reloadSiteStylesheet } from '../../../app/siteStylesheet';
import { AdminFormDialog } from '../AdminFormDialog';
import { ActiveBadge, ActiveToggleButton, useActivation } from '../activation';
import { useCreateOrSave } from '../useCreateOrSave';
import type { AdminTabProps } from '../adminTabs';
import { Field } from '../../../components/ui/field';

const stylesTabQuery = graphql`
  query StylesTabQuery {
    stylesheets {
      id
      ...StylesTab_stylesheet @relay(mask: false)
    }
  }
`;

// Unmasked: the table and the dialog read the same fields.
graphql`
  fragment StylesTab_stylesheet on Stylesheet {
    id
    name
    content
    variables {
      name
      value
    }
    isCompressed
    isActive
    updatedAt
  }
`;

const createMutation = graphql`
  mutation StylesTabCreateMutation($input: StylesheetInput!) {
    createStylesheet(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on Stylesheet {
        id
        isActive
      }
    }
  }
`;

const saveMutation = graphql`
  mutation StylesTabSaveMutation($id: ID!, $input: StylesheetInput!) {
    updateStylesheet(id: $id, input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on Stylesheet {
        id
        isActive
      }
    }
  }
`;

const activateMutation = graphql`
  mutation StylesTabActivateMutation($id: ID!, $active: Boolean!) {
    setStylesheetActive(id: $id, active: $active) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on Stylesheet {
        id
        isActive
      }
    }
  }
`;

type Sheet = StylesTabQuery$data['stylesheets'][number];

/** `--name: value` lines, as the variables the server takes (blank lines skipped). */
const parseVariables = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon < 0
        ? { name: line, value: '' }
        : {
            name: line.slice(0, colon).trim(),
            value: line
              .slice(colon + 1)
              .trim()
              .replace(/;$/, ''),
          };
    });

/**
 * The "CSS styles" tab (spec section 2): the site's stylesheets with their variables; one is active,
 * served to every page. The server parses the CSS and refuses what does not parse.
 */
export default function StylesTab({ queryRef }: AdminTabProps) {
  const { t } = useLingui();
  const data = usePreloadedQuery<StylesTabQuery>(stylesTabQuery, queryRef as PreloadedQuery<StylesTabQuery>);
  const [editing, setEditing] = useState<Sheet | 'new' | null>(null);
  const environment = useRelayEnvironment();
  const sheets = data.stylesheets;
  /** After a change: the list again (one active at a time, so others change too), and this browser's site stylesheet. */
  const refresh = () => {
    fetchQuery(environment, stylesTabQuery, {}, { fetchPolicy: 'network-only' }).subscribe({});
    reloadSiteStylesheet();
  };

  const [activate, activating] = useActivation<StylesTabActivateMutation>({
    mutation: activateMutation,
    answer: (response) => response.setStylesheetActive,
    failure: t`Ошибка активации стиля`,
    onDone: refresh,
  });
  const toggle = (sheet: Sheet) =>
    activate({ id: sheet.id, active: !sheet.isActive }, sheet.isActive ? t`Стиль отключён` : t`Стиль применён к сайту`);

  const saved = () => {
    refresh();
    setEditing(null);
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontWeight="semibold" fontSize="lg">
          <Trans>CSS-стили</Trans>
        </Text>
        <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')} data-testid="stylesheet-create">
          <Plus size={16} aria-hidden="true" />
          <Trans>Новый стиль</Trans>
        </Button>
      </HStack>
      {sheets.length === 0 ? (
        <Text color="fg.muted" data-testid="stylesheets-empty">
          <Trans>Стилей пока нет</Trans>
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" data-testid="stylesheets-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Название</Trans>
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
              {sheets.map((sheet) => (
                <Table.Row key={sheet.id} data-testid="stylesheet-row" data-name={sheet.name}>
                  <Table.Cell fontWeight="medium">{sheet.name}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(sheet.updatedAt)}</Table.Cell>
                  <Table.Cell>
                    <ActiveBadge active={sheet.isActive} testId="stylesheet-active" />
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      <Button size="xs" variant="outline" onClick={() => setEditing(sheet)} data-testid="stylesheet-edit">
                        <Trans>Изменить</Trans>
                      </Button>
                      <ActiveToggleButton
                        active={sheet.isActive}
                        loading={activating}
                        onToggle={() => toggle(sheet)}
                        testId="stylesheet-toggle"
                      />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {editing && (
        <StylesheetDialog sheet={editing === 'new' ? null : editing} onSaved={saved} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function StylesheetDialog({ sheet, onSaved, onClose }: { sheet: Sheet | null; onSaved: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState(sheet?.name ?? '');
  const [content, setContent] = useState(sheet?.content ?? '');
  const [variables, setVariables] = useState(
    sheet?.variables.map((variable) => `${variable.name}: ${variable.value}`).join('\n') ?? '',
  );
  const [isCompressed, setCompressed] = useState(sheet?.isCompressed ?? false);
  const { error, submitting, submit } = useCreateOrSave<StylesTabCreateMutation, StylesTabSaveMutation>({
    create: createMutation,
    created: (response) => response.createStylesheet,
    save: saveMutation,
    saved: (response) => response.updateStylesheet,
    fallback: t`Ошибка сохранения стиля`,
    onSaved,
  });

  return (
    <AdminFormDialog
      formId="stylesheet-form"
      title={sheet ? <Trans>Стиль «{sheet.name}»</Trans> : <Trans>Новый стиль</Trans>}
      testId="stylesheet-dialog"
      error={error}
      errorTestId="stylesheet-error"
      submitting={submitting}
      submitTestId="stylesheet-save"
      onSubmit={() => submit(sheet?.id, { name, content, variables: parseVariables(variables), isCompressed })}
      onClose={onClose}
    >
      <Field label={<Trans>Название</Trans>} required>
        <Input
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.currentTarget.value)}
          data-testid="stylesheet-name"
        />
      </Field>
      <Field label={<Trans>Переменные (по одной в строке: --имя: значение)</Trans>}>
        <Textarea
          value={variables}
          rows={3}
          fontFamily="mono"
          fontSize="sm"
          onChange={(event) => setVariables(event.currentTarget.value)}
          data-testid="stylesheet-variables"
        />
      </Field>
      <Field label="CSS">
        <Textarea
          value={content}
          rows={10}
          fontFamily="mono"
          fontSize="sm"
          onChange={(event) => setContent(event.currentTarget.value)}
          data-testid="stylesheet-content"
        />
      </Field>
      <Checkbox.Root checked={isCompressed} onCheckedChange={(details) => setCompressed(!!details.checked)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          <Trans>Отдавать в сжатом виде</Trans>
        </Checkbox.Label>
      </Checkbox.Root>
    </AdminFormDialog>
  );
}
