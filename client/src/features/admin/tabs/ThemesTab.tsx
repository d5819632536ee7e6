import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Field as ChakraField,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Plus } from 'lucide-react';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay/hooks';
import type { ThemesTabQuery, ThemesTabQuery$data } from '../../../__generated__/ThemesTabQuery.graphql';
import type { ThemesTabCreateMutation } from '../../../__generated__/ThemesTabCreateMutation.graphql';
import type { ThemesTabSaveMutation } from '../../../__generated__/ThemesTabSaveMutation.graphql';
import type { ThemesTabActivateMutation } from '../../../__generated__/ThemesTabActivateMutation.graphql';
import type { ThemesTabDeleteMutation } from '../../../__generated__/ThemesTabDeleteMutation.graphql';
import { loadSiteTheme } from '../../../app/siteTheme';
import { AdminFormDialog } from '../AdminFormDialog';
import { useActivation } from '../activation';
import { useCreateOrSave } from '../useCreateOrSave';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import type { AdminTabProps } from '../adminTabs';
import { Field } from '../../../components/ui/field';

const themesTabQuery = graphql`
  query ThemesTabQuery {
    themes {
      id
      name
      description
      mode
      accent
      isActive
    }
  }
`;

const createMutation = graphql`
  mutation ThemesTabCreateMutation($input: ThemeInput!) {
    createTheme(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on Theme {
        id
      }
    }
  }
`;

const saveMutation = graphql`
  mutation ThemesTabSaveMutation($id: ID!, $input: ThemeInput!) {
    updateTheme(id: $id, input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on Theme {
        id
      }
    }
  }
`;

const activateMutation = graphql`
  mutation ThemesTabActivateMutation($id: ID!) {
    activateTheme(id: $id) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on Theme {
        id
        isActive
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation ThemesTabDeleteMutation($id: ID!) {
    deleteTheme(id: $id) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on DeleteThemeSuccess {
        deletedId
      }
    }
  }
`;

type Theme = ThemesTabQuery$data['themes'][number];
type Mode = 'light' | 'dark';

/** The palettes the server accepts (ThemeAccent), in the order the picker shows them. */
const ACCENTS = ['blue', 'teal', 'green', 'cyan', 'purple', 'pink', 'red', 'orange', 'gray'] as const;

/** A small picture of a look: the page background of its mode with its accent as a button and a bar. */
function Swatch({ mode, accent }: { mode: Mode; accent: string }) {
  return (
    <Box
      aria-hidden="true"
      rounded="md"
      borderWidth="1px"
      p="3"
      bg={mode === 'dark' ? 'gray.950' : `${accent}.50`}
      data-testid="theme-swatch"
    >
      <Box h="2" w="60%" rounded="full" bg={mode === 'dark' ? 'gray.700' : 'gray.300'} mb="2" />
      <HStack gap="2">
        <Box h="5" w="12" rounded="sm" bg={`${accent}.600`} />
        <Box h="5" w="8" rounded="sm" bg={mode === 'dark' ? 'gray.800' : 'white'} borderWidth="1px" />
      </HStack>
    </Box>
  );
}

/**
 * The "Themes" tab (spec section 2; its content is not shown there): the site's colour themes, each a
 * colour mode and an accent palette. One is active and every page applies it; this browser at once,
 * others on their next page load.
 */
export default function ThemesTab({ queryRef }: AdminTabProps) {
  const { t } = useLingui();
  const data = usePreloadedQuery<ThemesTabQuery>(themesTabQuery, queryRef as PreloadedQuery<ThemesTabQuery>);
  const [editing, setEditing] = useState<Theme | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Theme | null>(null);
  const environment = useRelayEnvironment();
  const modeLabel = (mode: string) => (mode === 'DARK' ? t`Тёмная` : t`Светлая`);

  /** After a change: the list again (one theme is active, so others change too) and this browser's look. */
  const refresh = () => {
    fetchQuery(environment, themesTabQuery, {}, { fetchPolicy: 'network-only' }).subscribe({});
    void loadSiteTheme();
  };

  const [activate, activating] = useActivation<ThemesTabActivateMutation>({
    mutation: activateMutation,
    answer: (response) => response.activateTheme,
    failure: t`Не удалось применить тему`,
    onDone: refresh,
  });
  const makeActive = (theme: Theme) => activate({ id: theme.id }, t`Тема применена к сайту`);

  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontWeight="semibold" fontSize="lg">
          <Trans>Темы</Trans>
        </Text>
        <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')} data-testid="theme-create">
          <Plus size={16} aria-hidden="true" />
          <Trans>Новая тема</Trans>
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {data.themes.map((theme) => (
          <Card.Root key={theme.id} size="sm" data-testid="theme-card" data-name={theme.name}>
            <Card.Body gap="3">
              <Swatch mode={theme.mode === 'DARK' ? 'dark' : 'light'} accent={theme.accent.toLowerCase()} />
              <HStack justify="space-between" gap="2">
                <Text fontWeight="semibold" truncate>
                  {theme.name}
                </Text>
                {theme.isActive && (
                  <Badge colorPalette="green" data-testid="theme-active">
                    <Trans>Активна</Trans>
                  </Badge>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {modeLabel(theme.mode)} · {theme.accent.toLowerCase()}
                {theme.description ? ` · ${theme.description}` : ''}
              </Text>
            </Card.Body>
            <Card.Footer gap="2" flexWrap="wrap">
              {!theme.isActive && (
                <Button
                  size="xs"
                  colorPalette="green"
                  loading={activating}
                  onClick={() => makeActive(theme)}
                  data-testid="theme-activate"
                >
                  <Check size={14} aria-hidden="true" />
                  <Trans>Применить</Trans>
                </Button>
              )}
              <Button size="xs" variant="outline" onClick={() => setEditing(theme)} data-testid="theme-edit">
                <Trans>Изменить</Trans>
              </Button>
              {!theme.isActive && (
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setDeleting(theme)}
                  data-testid="theme-delete"
                >
                  <Trans>Удалить</Trans>
                </Button>
              )}
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      {editing && (
        <ThemeDialog
          theme={editing === 'new' ? null : editing}
          onSaved={() => {
            refresh();
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteDialog<ThemesTabDeleteMutation>
        item={deleting}
        title={t`Удалить тему «${deleting?.name ?? ''}»?`}
        mutation={deleteMutation}
        list={{ field: 'themes' }}
        answer={(response) => response.deleteTheme}
        failure={t`Не удалось удалить тему`}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function ThemeDialog({ theme, onSaved, onClose }: { theme: Theme | null; onSaved: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState(theme?.name ?? '');
  const [description, setDescription] = useState(theme?.description ?? '');
  const [mode, setMode] = useState<Mode>(theme?.mode === 'DARK' ? 'dark' : 'light');
  const [accent, setAccent] = useState(theme?.accent.toLowerCase() ?? 'blue');
  const { error, submitting, submit } = useCreateOrSave<ThemesTabCreateMutation, ThemesTabSaveMutation>({
    create: createMutation,
    created: (response) => response.createTheme,
    save: saveMutation,
    saved: (response) => response.updateTheme,
    fallback: t`Ошибка сохранения темы`,
    onSaved,
  });

  return (
    <AdminFormDialog
      formId="theme-form"
      title={theme ? <Trans>Тема «{theme.name}»</Trans> : <Trans>Новая тема</Trans>}
      testId="theme-dialog"
      error={error}
      errorTestId="theme-error"
      submitting={submitting}
      submitTestId="theme-save"
      onSubmit={() => submit(theme?.id, { name, description, mode, accent })}
      onClose={onClose}
    >
      <Field label={<Trans>Название</Trans>} required>
        <Input value={name} maxLength={100} onChange={(event) => setName(event.currentTarget.value)} data-testid="theme-name" />
      </Field>
      <Field label={<Trans>Описание</Trans>}>
        <Input value={description} maxLength={500} onChange={(event) => setDescription(event.currentTarget.value)} />
      </Field>
      <Field label={<Trans>Режим</Trans>}>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={mode}
            onChange={(event) => setMode(event.currentTarget.value as Mode)}
            data-testid="theme-mode"
          >
            <option value="light">{t`Светлая`}</option>
            <option value="dark">{t`Тёмная`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
      <ChakraField.Root>
        <ChakraField.Label id="theme-accent-label">
          <Trans>Акцентный цвет</Trans>
        </ChakraField.Label>
        <HStack gap="2" flexWrap="wrap" role="group" aria-labelledby="theme-accent-label">
          {ACCENTS.map((palette) => (
            <Button
              key={palette}
              type="button"
              size="sm"
              minW="10"
              bg={`${palette}.600`}
              color="white"
              _hover={{ bg: `${palette}.700` }}
              aria-label={palette}
              aria-pressed={accent === palette}
              outline={accent === palette ? '3px solid' : undefined}
              outlineColor="fg"
              outlineOffset="2px"
              onClick={() => setAccent(palette)}
              data-testid={`theme-accent-${palette}`}
            >
              {accent === palette && <Check size={14} aria-hidden="true" />}
            </Button>
          ))}
        </HStack>
      </ChakraField.Root>
      <Swatch mode={mode} accent={accent} />
    </AdminFormDialog>
  );
}
