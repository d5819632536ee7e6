import { useState, type FormEvent } from 'react';
import { Button, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Sparkles, Trash2 } from 'lucide-react';
import { fetchQuery, graphql, useMutation, useRelayEnvironment } from 'react-relay/hooks';
import type { QuizSetupDialogMutation, QuizQuestionType } from '../../../__generated__/QuizSetupDialogMutation.graphql';
import type { QuizSetupDialogStarterQuery } from '../../../__generated__/QuizSetupDialogStarterQuery.graphql';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { AppDialog, DialogActions } from '../../../components/AppDialog';
import { FormError } from '../../../components/FormError';
import { Field } from '../../../components/ui/field';

const launchMutation = graphql`
  mutation QuizSetupDialogMutation($roomId: ID!, $quiz: QuizSetupInput!) {
    launchActivity(roomId: $roomId, kind: QUIZ, quiz: $quiz) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on ActivitySessionPayload {
        session {
          ...RunningActivity_session
        }
      }
    }
  }
`;

const starterQuery = graphql`
  query QuizSetupDialogStarterQuery {
    quizStarterQuestions {
      prompt
      type
      options
      correctIndex
      answer
    }
  }
`;

type Draft = { prompt: string; type: QuizQuestionType; options: string[]; correctIndex: number; answer: string };

const MAX_QUESTIONS = 20;
const MAX_OPTIONS = 6;
const emptyQuestion = (): Draft => ({ prompt: '', type: 'MULTIPLE', options: ['', ''], correctIndex: 0, answer: '' });

/**
 * The host writes the quiz (spec section 3: question, type, options with the correct one, or a text
 * answer) or starts from the ready-made questions in their language, then launches it in the room.
 */
export function QuizSetupDialog({ roomId, onClose }: { roomId: string; onClose: () => void }) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const [questions, setQuestions] = useState<Draft[]>([emptyQuestion()]);
  const [error, setError] = useState<string | null>(null);
  const [commit, launching] = useMutation<QuizSetupDialogMutation>(launchMutation);

  const change = (index: number, patch: Partial<Draft>) =>
    setQuestions((current) => current.map((question, i) => (i === index ? { ...question, ...patch } : question)));

  const loadStarter = () => {
    fetchQuery<QuizSetupDialogStarterQuery>(environment, starterQuery, {}).subscribe({
      next: (data) =>
        setQuestions(
          data.quizStarterQuestions.map((question) => ({
            prompt: question.prompt,
            type: question.type,
            options: question.type === 'MULTIPLE' ? [...question.options] : ['', ''],
            correctIndex: question.correctIndex ?? 0,
            answer: question.answer ?? '',
          })),
        ),
      error: () => setError(t`Не удалось загрузить готовые вопросы`),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const quiz = {
      questions: questions.map((question) =>
        question.type === 'MULTIPLE'
          ? { prompt: question.prompt, type: question.type, options: question.options, correctIndex: question.correctIndex }
          : { prompt: question.prompt, type: question.type, answer: question.answer },
      ),
    };
    commit({
      variables: { roomId, quiz },
      onCompleted: ({ launchActivity }) => {
        if (launchActivity.error) return setError(mutationErrorText(launchActivity.error, t`Не удалось запустить викторину`));
        onClose();
      },
      onError: (failure) => setError(asRequestError(failure)?.message || t`Не удалось запустить викторину`),
    });
  };

  return (
    <AppDialog
      closeButton
      title={<Trans>Новая викторина</Trans>}
      onClose={onClose}
      testId="quiz-setup"
      size="lg"
      footer={
        <DialogActions
          onCancel={onClose}
          form="quiz-setup-form"
          label={<Trans>Запустить</Trans>}
          loading={launching}
          testId="quiz-setup-launch"
        />
      }
    >
      <form id="quiz-setup-form" onSubmit={submit} noValidate>
        <Stack gap="5">
          <Button variant="outline" size="sm" alignSelf="start" onClick={loadStarter} data-testid="quiz-setup-starter">
            <Sparkles size={16} aria-hidden="true" />
            <Trans>Готовые вопросы</Trans>
          </Button>
          {questions.map((question, index) => (
            <Stack key={index} gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="quiz-setup-question">
              <HStack justify="space-between">
                <Text fontWeight="semibold">
                  <Trans>Вопрос {index + 1}</Trans>
                </Text>
                <IconButton
                  aria-label={t`Удалить вопрос`}
                  size="xs"
                  variant="ghost"
                  disabled={questions.length === 1}
                  onClick={() => setQuestions((current) => current.filter((_, i) => i !== index))}
                >
                  <Trash2 size={14} />
                </IconButton>
              </HStack>
              <Field label={<Trans>Текст вопроса</Trans>} required>
                <Input
                  value={question.prompt}
                  maxLength={500}
                  onChange={(event) => change(index, { prompt: event.target.value })}
                />
              </Field>
              <Field label={<Trans>Тип ответа</Trans>}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={question.type}
                    onChange={(event) => change(index, { type: event.target.value as QuizQuestionType })}
                  >
                    <option value="MULTIPLE">{t`Выбор из вариантов`}</option>
                    <option value="TEXT">{t`Текстовый ответ`}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field>
              {question.type === 'MULTIPLE' ? (
                <Stack gap="0" role="radiogroup" aria-label={t`Правильный вариант`}>
                  <Text fontSize="sm" mb="2">
                    <Trans>Варианты (отметьте правильный)</Trans>
                  </Text>
                  <Stack gap="2">
                    {question.options.map((option, optionIndex) => (
                      <HStack key={optionIndex} gap="2">
                        <input
                          type="radio"
                          name={`quiz-correct-${index}`}
                          checked={question.correctIndex === optionIndex}
                          onChange={() => change(index, { correctIndex: optionIndex })}
                          aria-label={t`Правильный вариант ${optionIndex + 1}`}
                        />
                        <Input
                          size="sm"
                          value={option}
                          maxLength={200}
                          aria-label={t`Вариант ${optionIndex + 1}`}
                          onChange={(event) =>
                            change(index, {
                              options: question.options.map((value, i) => (i === optionIndex ? event.target.value : value)),
                            })
                          }
                        />
                        <IconButton
                          aria-label={t`Удалить вариант`}
                          size="xs"
                          variant="ghost"
                          disabled={question.options.length <= 2}
                          onClick={() =>
                            change(index, {
                              options: question.options.filter((_, i) => i !== optionIndex),
                              // The correct option keeps pointing at the same text.
                              correctIndex:
                                question.correctIndex > optionIndex
                                  ? question.correctIndex - 1
                                  : Math.min(question.correctIndex, question.options.length - 2),
                            })
                          }
                        >
                          <Trash2 size={14} />
                        </IconButton>
                      </HStack>
                    ))}
                  </Stack>
                  {question.options.length < MAX_OPTIONS && (
                    <Button
                      size="xs"
                      variant="ghost"
                      alignSelf="start"
                      mt="2"
                      onClick={() => change(index, { options: [...question.options, ''] })}
                    >
                      <Plus size={14} aria-hidden="true" />
                      <Trans>Добавить вариант</Trans>
                    </Button>
                  )}
                </Stack>
              ) : (
                <Field label={<Trans>Правильный ответ (регистр не важен)</Trans>} required>
                  <Input
                    value={question.answer}
                    maxLength={200}
                    onChange={(event) => change(index, { answer: event.target.value })}
                  />
                </Field>
              )}
            </Stack>
          ))}
          {questions.length < MAX_QUESTIONS && (
            <Button
              variant="outline"
              size="sm"
              alignSelf="start"
              onClick={() => setQuestions((current) => [...current, emptyQuestion()])}
            >
              <Plus size={16} aria-hidden="true" />
              <Trans>Добавить вопрос</Trans>
            </Button>
          )}
          <FormError error={error} color="red.fg" fontSize="sm" testId="quiz-setup-error" />
        </Stack>
      </form>
    </AppDialog>
  );
}
