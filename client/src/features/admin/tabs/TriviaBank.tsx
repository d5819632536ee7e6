import { Suspense, useState } from 'react';
import { Button, Card, Heading, HStack, IconButton, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { TriviaBankQuery, TriviaBankQuery$data } from '../../../__generated__/TriviaBankQuery.graphql';
import type { TriviaBankCreateMutation } from '../../../__generated__/TriviaBankCreateMutation.graphql';
import type { TriviaBankSaveMutation } from '../../../__generated__/TriviaBankSaveMutation.graphql';
import type { TriviaBankDeleteMutation } from '../../../__generated__/TriviaBankDeleteMutation.graphql';
import { AdminFormDialog } from '../AdminFormDialog';
import { useCreateOrSave } from '../useCreateOrSave';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { Field } from '../../../components/ui/field';

const triviaBankQuery = graphql`
  query TriviaBankQuery($locale: String!) {
    triviaQuestions(locale: $locale) {
      id
      prompt
      options
      correctIndex
    }
  }
`;

const createMutation = graphql`
  mutation TriviaBankCreateMutation($input: TriviaQuestionInput!) {
    createTriviaQuestion(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const saveMutation = graphql`
  mutation TriviaBankSaveMutation($id: ID!, $input: TriviaQuestionInput!) {
    updateTriviaQuestion(id: $id, input: $input) {
      __typename
      ... on TriviaQuestion {
        id
        prompt
        options
        correctIndex
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const deleteMutation = graphql`
  mutation TriviaBankDeleteMutation($id: ID!) {
    deleteTriviaQuestion(id: $id) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type Question = TriviaBankQuery$data['triviaQuestions'][number];
const LOCALES = ['ru', 'en', 'fr'] as const;
const MAX_OPTIONS = 6;

/** The trivia mini-game's question bank, one language at a time (admin "Group calls" tab). */
export function TriviaBank() {
  const { t } = useLingui();
  const [locale, setLocale] = useState<(typeof LOCALES)[number]>('ru');
  const languageNames = { ru: t`Русский`, en: t`Английский`, fr: t`Французский` };
  return (
    <Stack gap="2" data-testid="trivia-bank">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Heading size="sm">
          <Trans>Вопросы мини-игры «Викторина»</Trans>
        </Heading>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={t`Язык вопросов`}
            value={locale}
            onChange={(event) => setLocale(event.currentTarget.value as typeof locale)}
          >
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {languageNames[code]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Suspense fallback={<Spinner role="status" aria-label={t`Загрузка вопросов`} />}>
        <QuestionList locale={locale} />
      </Suspense>
    </Stack>
  );
}

function QuestionList({ locale }: { locale: string }) {
  const { t } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<TriviaBankQuery>(triviaBankQuery, { locale }, { fetchPolicy: 'store-and-network', fetchKey });
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const refresh = () => setFetchKey((key) => key + 1);

  return (
    <Stack gap="2">
      {data.triviaQuestions.length === 0 && (
        <Text color="fg.muted">
          <Trans>На этом языке вопросов нет: викторину на нём не начать.</Trans>
        </Text>
      )}
      {data.triviaQuestions.map((question) => (
        <Card.Root key={question.id} size="sm" data-testid="trivia-question">
          <Card.Body>
            <HStack justify="space-between" align="start" gap="2">
              <Stack gap="1" minW="0">
                <Text fontWeight="medium">{question.prompt}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {question.options
                    .map((option, index) => (index === question.correctIndex ? `✓ ${option}` : option))
                    .join(' · ')}
                </Text>
              </Stack>
              <HStack gap="1" flexShrink={0}>
                <IconButton size="xs" variant="ghost" aria-label={t`Изменить вопрос`} onClick={() => setEditing(question)}>
                  <Pencil />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t`Удалить вопрос`}
                  onClick={() => setDeleting(question)}
                >
                  <Trash2 />
                </IconButton>
              </HStack>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setEditing('new')} data-testid="trivia-add">
        <Plus size={16} aria-hidden="true" />
        <Trans>Добавить вопрос</Trans>
      </Button>
      {editing && (
        <QuestionDialog
          locale={locale}
          question={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <ConfirmDeleteDialog<TriviaBankDeleteMutation>
        item={deleting}
        title={t`Удалить вопрос «${deleting?.prompt ?? ''}»?`}
        mutation={deleteMutation}
        list={{ field: 'triviaQuestions', args: { locale } }}
        answer={(response) => response.deleteTriviaQuestion}
        failure={t`Не удалось удалить вопрос`}
        onClose={() => setDeleting(null)}
        onAnswered={refresh}
      />
    </Stack>
  );
}

function QuestionDialog(props: { locale: string; question: Question | null; onSaved: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const { question } = props;
  const [prompt, setPrompt] = useState(question?.prompt ?? '');
  const [options, setOptions] = useState<string[]>(question ? [...question.options] : ['', '']);
  const [correctIndex, setCorrectIndex] = useState(question?.correctIndex ?? 0);
  const { error, submitting, submit } = useCreateOrSave<TriviaBankCreateMutation, TriviaBankSaveMutation>({
    create: createMutation,
    created: (response) => response.createTriviaQuestion,
    save: saveMutation,
    saved: (response) => response.updateTriviaQuestion,
    fallback: t`Не удалось сохранить вопрос`,
    onSaved: props.onSaved,
  });

  const setOption = (index: number, value: string) => setOptions((list) => list.map((old, i) => (i === index ? value : old)));
  const removeOption = (index: number) => {
    setOptions((list) => list.filter((_, i) => i !== index));
    setCorrectIndex((current) => (current === index ? 0 : current > index ? current - 1 : current));
  };

  return (
    <AdminFormDialog
      formId="trivia-form"
      title={question ? <Trans>Вопрос викторины</Trans> : <Trans>Новый вопрос викторины</Trans>}
      testId="trivia-dialog"
      error={error}
      submitting={submitting}
      submitTestId="trivia-save"
      onSubmit={() => submit(question?.id, { locale: props.locale, prompt, options, correctIndex })}
      onClose={props.onClose}
    >
      <Field label={<Trans>Вопрос</Trans>} required>
        <Input value={prompt} maxLength={500} onChange={(event) => setPrompt(event.currentTarget.value)} />
      </Field>
      {/* Plain radio inputs: Chakra's radio group would add its styles to every page's shared chunks. */}
      <Stack gap="2" role="radiogroup" aria-label={t`Правильный вариант`}>
        <Text fontSize="sm" fontWeight="medium">
          <Trans>Варианты (отметьте правильный)</Trans>
        </Text>
        {options.map((option, index) => (
          <HStack key={index} gap="2">
            <input
              type="radio"
              name="trivia-correct"
              checked={correctIndex === index}
              onChange={() => setCorrectIndex(index)}
              aria-label={t`Вариант ${index + 1} правильный`}
              style={{ width: '1rem', height: '1rem', flexShrink: 0 }}
            />
            <Input
              size="sm"
              value={option}
              maxLength={200}
              aria-label={t`Вариант ${index + 1}`}
              onChange={(event) => setOption(index, event.currentTarget.value)}
            />
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t`Убрать вариант ${index + 1}`}
              disabled={options.length <= 2}
              onClick={() => removeOption(index)}
            >
              <X />
            </IconButton>
          </HStack>
        ))}
      </Stack>
      <Button
        size="xs"
        variant="outline"
        alignSelf="start"
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => setOptions((list) => [...list, ''])}
      >
        <Plus size={14} aria-hidden="true" />
        <Trans>Вариант</Trans>
      </Button>
    </AdminFormDialog>
  );
}
