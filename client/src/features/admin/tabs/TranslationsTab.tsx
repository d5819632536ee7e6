import { useState, useTransition, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Card,
  Code,
  Field as ChakraField,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw, Save, Search } from 'lucide-react';
import {
  graphql,
  useFragment,
  useMutation,
  usePreloadedQuery,
  useRefetchableFragment,
  type PreloadedQuery,
} from 'react-relay/hooks';
import type { TranslationsTabQuery } from '../../../__generated__/TranslationsTabQuery.graphql';
import type { TranslationsTab_query$key } from '../../../__generated__/TranslationsTab_query.graphql';
import type { TranslationsTabRefetchQuery } from '../../../__generated__/TranslationsTabRefetchQuery.graphql';
import type { TranslationsTab_text$key } from '../../../__generated__/TranslationsTab_text.graphql';
import type { TranslationsTabSetMutation } from '../../../__generated__/TranslationsTabSetMutation.graphql';
import type { TranslationsTabResetMutation } from '../../../__generated__/TranslationsTabResetMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';
import { LOCALE_NAMES, type Locale } from '../../../i18n/locale';
import type { AdminTabProps } from '../adminTabs';
import { Field } from '../../../components/ui/field';

/** How many matching texts the tab shows at once (the search narrows them). */
const SHOWN = 30;

const translationsTabQuery = graphql`
  query TranslationsTabQuery {
    ...TranslationsTab_query
  }
`;

const listFragment = graphql`
  fragment TranslationsTab_query on Query
  @refetchable(queryName: "TranslationsTabRefetchQuery")
  @argumentDefinitions(search: { type: "String" }, first: { type: "Int", defaultValue: 30 }) {
    interfaceTexts(search: $search, first: $first) {
      totalCount
      items {
        id
        ...TranslationsTab_text
      }
    }
  }
`;

const textFragment = graphql`
  fragment TranslationsTab_text on InterfaceText {
    key
    module
    valueRu
    valueEn
    valueFr
    defaultRu
    defaultEn
    defaultFr
    overridden
  }
`;

const setMutation = graphql`
  mutation TranslationsTabSetMutation($input: TranslationInput!) {
    setTranslation(input: $input) {
      __typename
      ... on TranslationChangeSuccess {
        text {
          ...TranslationsTab_text
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const resetMutation = graphql`
  mutation TranslationsTabResetMutation($key: String!) {
    resetTranslation(key: $key) {
      __typename
      ... on TranslationChangeSuccess {
        text {
          ...TranslationsTab_text
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const LANGUAGES: Locale[] = ['ru', 'en', 'fr'];

/** One text: its built-in wording and an editable value per language; saved together, reset in full. */
function TranslationRow({ text: textKey }: { text: TranslationsTab_text$key }) {
  const { t } = useLingui();
  const text = useFragment(textFragment, textKey);
  const saved = { ru: text.valueRu, en: text.valueEn, fr: text.valueFr };
  const defaults = { ru: text.defaultRu, en: text.defaultEn, fr: text.defaultFr };
  const moduleName = text.module;
  const [draft, setDraft] = useState(saved);
  const [commitSet, saving] = useMutation<TranslationsTabSetMutation>(setMutation);
  const [commitReset, resetting] = useMutation<TranslationsTabResetMutation>(resetMutation);
  const changed = LANGUAGES.some((language) => draft[language] !== saved[language]);
  const fail = (title: string) => {
    toaster.create({ type: 'error', title });
  };

  const save = () =>
    commitSet({
      variables: { input: { key: text.key, valueRu: draft.ru, valueEn: draft.en, valueFr: draft.fr } },
      onCompleted: ({ setTranslation: result }) => {
        if (result.__typename !== 'TranslationChangeSuccess') {
          return fail(mutationErrorText(result.error, t`Не удалось сохранить перевод`));
        }
        toaster.create({ type: 'success', title: t`Перевод сохранён` });
      },
      onError: () => fail(t`Не удалось сохранить перевод`),
    });

  const reset = () =>
    commitReset({
      variables: { key: text.key },
      onCompleted: ({ resetTranslation: result }) => {
        if (result.__typename !== 'TranslationChangeSuccess') {
          return fail(mutationErrorText(result.error, t`Не удалось сбросить перевод`));
        }
        setDraft(defaults);
      },
      onError: () => fail(t`Не удалось сбросить перевод`),
    });

  return (
    <Card.Root size="sm" data-testid="translation-row" data-key={text.key} data-module={moduleName ?? undefined}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontSize="sm" fontWeight="medium" wordBreak="break-word" flex="1" minW="0">
              {text.defaultRu}
            </Text>
            <HStack gap="2" wrap="wrap" minW="0">
              {moduleName !== null && (
                <Badge colorPalette="teal" data-testid="translation-module" maxW="full" whiteSpace="normal">
                  <Trans>Модуль «{moduleName}»</Trans>
                </Badge>
              )}
              {text.overridden.length > 0 && (
                <Badge colorPalette="purple" data-testid="translation-overridden">
                  <Trans>Изменён</Trans>
                </Badge>
              )}
              <Code fontSize="xs" wordBreak="break-all">
                {text.key}
              </Code>
            </HStack>
          </HStack>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            {LANGUAGES.map((language) => (
              <ChakraField.Root key={language}>
                <ChakraField.Label fontSize="xs">{LOCALE_NAMES[language]}</ChakraField.Label>
                <Textarea
                  size="sm"
                  rows={2}
                  autoresize
                  value={draft[language]}
                  placeholder={defaults[language]}
                  onChange={(event) => setDraft((current) => ({ ...current, [language]: event.target.value }))}
                  data-testid={`translation-${language}`}
                />
              </ChakraField.Root>
            ))}
          </SimpleGrid>
          <HStack gap="2" justify="flex-end" wrap="wrap">
            {text.overridden.length > 0 && (
              <Button size="sm" variant="ghost" onClick={reset} loading={resetting} data-testid="translation-reset">
                <RotateCcw size={14} aria-hidden="true" />
                <Trans>Сбросить к исходному</Trans>
              </Button>
            )}
            <Button
              size="sm"
              colorPalette="brand"
              disabled={!changed}
              onClick={save}
              loading={saving}
              data-testid="translation-save"
            >
              <Save size={14} aria-hidden="true" />
              <Trans>Сохранить</Trans>
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function TranslationList({ query }: { query: TranslationsTab_query$key }) {
  const { t } = useLingui();
  const [data, refetch] = useRefetchableFragment<TranslationsTabRefetchQuery, TranslationsTab_query$key>(listFragment, query);
  const [search, setSearch] = useState('');
  const [searching, startTransition] = useTransition();
  const { totalCount, items } = data.interfaceTexts;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    startTransition(() => {
      refetch({ search: search.trim() || null, first: SHOWN }, { fetchPolicy: 'network-only' });
    });
  };

  return (
    <Stack gap="4" opacity={searching ? 0.6 : 1}>
      <form onSubmit={apply} role="search">
        <HStack gap="2" align="flex-end">
          <Field label={<Trans>Поиск по тексту, ключу или модулю</Trans>} flex="1">
            <Input value={search} onChange={(event) => setSearch(event.target.value)} data-testid="translation-search" />
          </Field>
          <Button type="submit" loading={searching} aria-label={t`Найти`}>
            <Search size={16} aria-hidden="true" />
            <Text display={{ base: 'none', sm: 'inline' }}>
              <Trans>Найти</Trans>
            </Text>
          </Button>
        </HStack>
      </form>
      <Text fontSize="sm" color="fg.muted" data-testid="translation-count">
        {totalCount > items.length ? (
          <Trans>
            Показано {items.length} из {totalCount}: уточните поиск
          </Trans>
        ) : (
          <Trans>Найдено: {totalCount}</Trans>
        )}
      </Text>
      {items.map((item) => (
        <TranslationRow key={item.id} text={item} />
      ))}
    </Stack>
  );
}

/**
 * The translations tab: every interface text in ru, en and fr, the switched-on modules' texts first
 * (marked with the module's name); an admin overrides any of them, members see it at their next page load.
 */
export default function TranslationsTab({ queryRef }: AdminTabProps) {
  const data = usePreloadedQuery<TranslationsTabQuery>(translationsTabQuery, queryRef as PreloadedQuery<TranslationsTabQuery>);
  return <TranslationList query={data} />;
}
