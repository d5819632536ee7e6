import { useEffect, useState } from 'react';
import { Badge, Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type {
  RunningActivity_session$data,
  RunningActivity_session$key,
} from '../../../__generated__/RunningActivity_session.graphql';
import type { RunningActivityJoinMutation } from '../../../__generated__/RunningActivityJoinMutation.graphql';
import type { RunningActivityLeaveMutation } from '../../../__generated__/RunningActivityLeaveMutation.graphql';
import type { RunningActivityStopMutation } from '../../../__generated__/RunningActivityStopMutation.graphql';
import type { RunningActivityAnswerMutation } from '../../../__generated__/RunningActivityAnswerMutation.graphql';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText, type MutationErrorKey } from '../../../relay/mutationError';
import { FormError } from '../../../components/FormError';
import { DrawingActivity } from './DrawingActivity';
import { MiniGameActivity } from '../games/MiniGameActivity';
import { PresentationActivity } from './PresentationActivity';

const fragment = graphql`
  fragment RunningActivity_session on ActivitySession {
    id
    kind
    name
    status
    capacity
    endsAt
    viewerIsHost
    viewerIsPlayer
    host {
      fullName
    }
    players {
      user {
        id
        fullName
      }
    }
    quiz {
      questionCount
      finished
      questions {
        index
        prompt
        type
        options
        answer {
          given
          correct
          correctAnswer
        }
      }
      scoreboard {
        user {
          id
          fullName
        }
        correct
        total
        percent
      }
    }
    ...MiniGameActivity_session
    ...PresentationActivity_session
  }
`;

const joinMutation = graphql`
  mutation RunningActivityJoinMutation($id: ID!) {
    joinActivity(sessionId: $id) {
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

const leaveMutation = graphql`
  mutation RunningActivityLeaveMutation($id: ID!) {
    leaveActivity(sessionId: $id) {
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

const stopMutation = graphql`
  mutation RunningActivityStopMutation($id: ID!) {
    stopActivity(sessionId: $id) {
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

const answerMutation = graphql`
  mutation RunningActivityAnswerMutation($id: ID!, $questionIndex: Int!, $choiceIndex: Int, $text: String) {
    answerQuizQuestion(sessionId: $id, questionIndex: $questionIndex, choiceIndex: $choiceIndex, text: $text) {
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

/** Seconds left until `endsAt`, ticking each second (null: no limit). */
function useSecondsLeft(endsAt: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return endsAt ? Math.max(0, Math.ceil((new Date(endsAt).getTime() - now) / 1000)) : null;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The activity running in the room: who hosts it and who is in it, join/leave/stop, and the quiz
 * itself (question by question, then the shared scoreboard, live as people answer).
 */
export function RunningActivity({ session: key }: { session: RunningActivity_session$key }) {
  const { t } = useLingui();
  const session = useFragment(fragment, key);
  const [error, setError] = useState<string | null>(null);
  const [commitJoin, joining] = useMutation<RunningActivityJoinMutation>(joinMutation);
  const [commitLeave, leaving] = useMutation<RunningActivityLeaveMutation>(leaveMutation);
  const [commitStop, stopping] = useMutation<RunningActivityStopMutation>(stopMutation);
  const secondsLeft = useSecondsLeft(session.endsAt);

  const outcome = (fallback: string) => ({
    // Every mutation here answers one field, a result with the shared error fragment.
    onCompleted: (data: object) => {
      const result = Object.values(data)[0] as { error?: MutationErrorKey | null } | undefined;
      setError(result?.error ? mutationErrorText(result.error, fallback) : null);
    },
    onError: (failure: Error) => setError(asRequestError(failure)?.message || fallback),
  });

  if (session.status !== 'ACTIVE') return null;
  const full = session.players.length >= session.capacity;
  const timeOver = secondsLeft === 0;

  return (
    <Stack gap="3" data-testid="activity-running">
      <HStack justify="space-between" align="start" wrap="wrap" gap="2">
        <Box>
          <Text fontWeight="semibold" color="white" data-testid="activity-running-name">
            {session.name}
          </Text>
          <Text fontSize="xs" color="whiteAlpha.700">
            <Trans>Ведущий: {session.host?.fullName ?? '—'}</Trans>
          </Text>
        </Box>
        {session.quiz?.finished && !timeOver ? (
          <Badge colorPalette="green" data-testid="activity-time-left">
            <Trans>Все ответили</Trans>
          </Badge>
        ) : (
          secondsLeft !== null && (
            <Badge colorPalette={timeOver ? 'red' : 'blue'} data-testid="activity-time-left">
              {timeOver ? t`Время вышло` : t`Осталось ${clock(secondsLeft)}`}
            </Badge>
          )
        )}
      </HStack>
      <Box>
        <Text fontSize="xs" color="whiteAlpha.700">
          <Trans>
            Участники: {session.players.length} из {session.capacity}
          </Trans>
        </Text>
        <Text fontSize="sm" color="white" data-testid="activity-players">
          {session.players.map((player) => player.user?.fullName ?? '—').join(', ')}
        </Text>
      </Box>
      <HStack gap="2" wrap="wrap">
        {!session.viewerIsPlayer && (
          <Button
            size="sm"
            colorPalette="brand"
            disabled={full}
            loading={joining}
            onClick={() => commitJoin({ variables: { id: session.id }, ...outcome(t`Не удалось присоединиться`) })}
            data-testid="activity-join"
          >
            {full ? t`Мест нет` : t`Присоединиться`}
          </Button>
        )}
        {session.viewerIsPlayer && !session.viewerIsHost && (
          <Button
            size="sm"
            variant="outline"
            color="white"
            loading={leaving}
            onClick={() => commitLeave({ variables: { id: session.id }, ...outcome(t`Не удалось выйти`) })}
            data-testid="activity-leave"
          >
            <Trans>Выйти из активности</Trans>
          </Button>
        )}
        {session.viewerIsHost && (
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            loading={stopping}
            onClick={() => commitStop({ variables: { id: session.id }, ...outcome(t`Не удалось остановить`) })}
            data-testid="activity-stop"
          >
            <Trans>Остановить</Trans>
          </Button>
        )}
      </HStack>
      <FormError error={error} color="red.300" fontSize="sm" testId="activity-error" />
      {session.kind === 'DRAWING' && (
        <DrawingActivity
          sessionId={session.id}
          name={session.name}
          playing={session.viewerIsPlayer}
          hosting={session.viewerIsHost}
        />
      )}
      {session.kind === 'GAMES' && <MiniGameActivity session={session} />}
      {session.kind === 'PRESENTATION' && <PresentationActivity session={session} />}
      {session.quiz && (
        <QuizPlay sessionId={session.id} quiz={session.quiz} playing={session.viewerIsPlayer} timeOver={timeOver} />
      )}
    </Stack>
  );
}

type Quiz = NonNullable<RunningActivity_session$data['quiz']>;

function QuizPlay({
  sessionId,
  quiz,
  playing,
  timeOver,
}: {
  sessionId: string;
  quiz: Quiz;
  playing: boolean;
  timeOver: boolean;
}) {
  const { t } = useLingui();
  const current = quiz.questions.find((question) => question.answer === null);
  const answered = quiz.questions.filter((question) => question.answer !== null);
  const last = answered.at(-1);
  const finished = quiz.finished || timeOver;
  return (
    <Stack gap="3">
      {last?.answer && (
        <Box
          borderRadius="md"
          p="2"
          bg={last.answer.correct ? 'green.900' : 'red.900'}
          color="white"
          fontSize="sm"
          data-testid="quiz-feedback"
        >
          {last.answer.correct ? (
            <Trans>Вопрос {last.index + 1}: верно!</Trans>
          ) : (
            <Trans>
              Вопрос {last.index + 1}: неверно (ваш ответ: {last.answer.given}). Правильный ответ: {last.answer.correctAnswer}
            </Trans>
          )}
        </Box>
      )}
      {playing && current && !timeOver && (
        <QuestionForm key={current.index} sessionId={sessionId} question={current} count={quiz.questionCount} />
      )}
      {playing && !current && !finished && (
        <Text fontSize="sm" color="whiteAlpha.800" data-testid="quiz-waiting">
          <Trans>Вы ответили на все вопросы. Ждём остальных участников.</Trans>
        </Text>
      )}
      <Stack gap="1" data-testid="quiz-scoreboard">
        <Text fontSize="xs" textTransform="uppercase" letterSpacing="wider" color="whiteAlpha.600">
          {finished ? t`Итоги викторины` : t`Счёт`}
        </Text>
        {quiz.scoreboard.length === 0 && (
          <Text fontSize="sm" color="whiteAlpha.700">
            <Trans>Пока никто не ответил.</Trans>
          </Text>
        )}
        {quiz.scoreboard.map((score) => (
          <HStack key={score.user?.id ?? ''} justify="space-between" fontSize="sm" color="white" data-testid="quiz-score-row">
            <Text truncate>{score.user?.fullName ?? '—'}</Text>
            <Text flexShrink={0} fontVariantNumeric="tabular-nums">
              {score.correct}/{score.total} ({score.percent}%)
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

/** The question to answer now: "next" (or "finish" on the last) stays disabled until an answer is given. */
function QuestionForm({ sessionId, question, count }: { sessionId: string; question: Quiz['questions'][number]; count: number }) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [commit, sending] = useMutation<RunningActivityAnswerMutation>(answerMutation);
  const ready = question.type === 'MULTIPLE' ? choice !== null : text.trim() !== '';
  const isLast = question.index === count - 1;

  const send = () =>
    commit({
      variables: {
        id: sessionId,
        questionIndex: question.index,
        choiceIndex: question.type === 'MULTIPLE' ? choice : null,
        text: question.type === 'TEXT' ? text : null,
      },
      onCompleted: ({ answerQuizQuestion }) =>
        setError(answerQuizQuestion.error ? mutationErrorText(answerQuizQuestion.error, t`Ответ не принят`) : null),
      onError: (failure) => setError(asRequestError(failure)?.message || t`Ответ не принят`),
    });

  return (
    <Stack gap="2" borderWidth="1px" borderColor="whiteAlpha.300" borderRadius="md" p="3" data-testid="quiz-question">
      <Text fontSize="xs" color="whiteAlpha.700">
        <Trans>
          Вопрос {question.index + 1} из {count}
        </Trans>
      </Text>
      <Text fontWeight="semibold" color="white" data-testid="quiz-prompt">
        {question.prompt}
      </Text>
      {question.type === 'MULTIPLE' ? (
        <Stack gap="1" role="radiogroup" aria-label={question.prompt}>
          {question.options.map((option, index) => (
            <label key={index} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', color: 'white' }}>
              <input
                type="radio"
                name={`quiz-answer-${question.index}`}
                checked={choice === index}
                onChange={() => setChoice(index)}
                data-testid="quiz-option"
              />
              <span>{option}</span>
            </label>
          ))}
        </Stack>
      ) : (
        <Input
          size="sm"
          color="white"
          value={text}
          maxLength={200}
          placeholder={t`Ваш ответ`}
          onChange={(event) => setText(event.target.value)}
          data-testid="quiz-text-answer"
        />
      )}
      <FormError error={error} color="red.300" fontSize="sm" />
      <Button
        size="sm"
        colorPalette="brand"
        alignSelf="end"
        disabled={!ready}
        loading={sending}
        onClick={send}
        data-testid="quiz-next"
      >
        {isLast ? t`Завершить` : t`Далее`}
      </Button>
    </Stack>
  );
}
