import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchQuery, graphql, useFragment, useMutation, useRelayEnvironment } from 'react-relay/hooks';
import type {
  MiniGameActivity_session$data,
  MiniGameActivity_session$key,
} from '../../../__generated__/MiniGameActivity_session.graphql';
import type {
  MiniGameActivityPlayMutation,
  MiniGameMoveInput,
} from '../../../__generated__/MiniGameActivityPlayMutation.graphql';
import type { MiniGameActivityRefreshQuery } from '../../../__generated__/MiniGameActivityRefreshQuery.graphql';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { FormError } from '../../../components/FormError';
import { useMeeting } from '../MeetingContext';
import { miniGame } from './gameNames';

/**
 * The running mini-game (issue 18 point 4) in the activities panel: the host starts it once enough
 * players joined, then each game's board with the move of whoever's turn it is. Every move is
 * checked on the server; this only shows what the server answers (a refusal under the form).
 */
const fragment = graphql`
  fragment MiniGameActivity_session on ActivitySession {
    id
    viewerIsHost
    viewerIsPlayer
    players {
      __typename
    }
    games {
      game
      phase
      minPlayers
      maxPlayers
      order {
        id
        fullName
      }
      wordChain {
        words {
          player {
            fullName
          }
          word
        }
        nextLetter
        currentPlayer {
          id
          fullName
        }
        turnEndsAt
        out {
          fullName
        }
        winner {
          fullName
        }
        finished
      }
      guessNumber {
        max
        guesses {
          player {
            fullName
          }
          guess
          reply
        }
        currentPlayer {
          id
          fullName
        }
        turnEndsAt
        winner {
          fullName
        }
        secret
        finished
      }
      trivia {
        questionCount
        current {
          index
          prompt
          options
          endsAt
          viewerChoice
        }
        past {
          index
          prompt
          options
          correctIndex
        }
        scores {
          player {
            id
            fullName
          }
          points
        }
        finished
      }
      emojiStory {
        pieces {
          player {
            fullName
          }
          emoji
        }
        piecesSoFar
        turnsLeft
        currentPlayer {
          id
          fullName
        }
        turnEndsAt
        finished
      }
    }
  }
`;

const playMutation = graphql`
  mutation MiniGameActivityPlayMutation($id: ID!, $move: MiniGameMoveInput!) {
    playMiniGame(sessionId: $id, move: $move) {
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

/** The room's activity read again: a turn or a round that ran out changes the game with no move. */
const refreshQuery = graphql`
  query MiniGameActivityRefreshQuery($roomId: ID!) {
    node(id: $roomId) {
      ... on Room {
        # eslint-disable-next-line relay/unused-fields -- read into the store the panel shows
        currentActivity {
          # eslint-disable-next-line relay/must-colocate-fragment-spreads -- the same
          ...RunningActivity_session
        }
      }
    }
  }
`;

type Games = NonNullable<MiniGameActivity_session$data['games']>;

/** Seconds left until `deadline` (ticking), and the room's activity read again once it has passed. */
function useDeadline(deadline: string | null | undefined): number | null {
  const environment = useRelayEnvironment();
  const { call } = useMeeting();
  const roomId = call.status === 'in_call' ? call.room?.id : undefined;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    // A little after the deadline, so the server's clock has passed it too.
    const wait = Math.max(new Date(deadline).getTime() - Date.now() + 500, 0);
    const refresh = setTimeout(() => {
      if (roomId) fetchQuery<MiniGameActivityRefreshQuery>(environment, refreshQuery, { roomId }).subscribe({});
    }, wait);
    return () => {
      clearInterval(timer);
      clearTimeout(refresh);
    };
  }, [deadline, environment, roomId]);
  return deadline ? Math.max(0, Math.ceil((new Date(deadline).getTime() - now) / 1000)) : null;
}

export function MiniGameActivity({ session: key }: { session: MiniGameActivity_session$key }) {
  const session = useFragment(fragment, key);
  const { i18n } = useLingui();
  const [commit, sending] = useMutation<MiniGameActivityPlayMutation>(playMutation);
  const [error, setError] = useState<string | null>(null);
  const { games } = session;
  if (!games) return null;

  const send = (move: MiniGameMoveInput, fallback: string, onDone?: () => void) => {
    setError(null);
    commit({
      variables: { id: session.id, move },
      onCompleted: ({ playMiniGame }) => {
        if (playMiniGame.error) setError(mutationErrorText(playMiniGame.error, fallback));
        else onDone?.();
      },
      onError: (failure) => setError(asRequestError(failure)?.message || fallback),
    });
  };
  const play: Play = { send, sending, playing: session.viewerIsPlayer };

  return (
    <Stack gap="3" data-testid="mini-game" data-game={games.game} data-phase={games.phase}>
      <Text fontWeight="semibold" color="white">
        {i18n._(miniGame(games.game).name)}
      </Text>
      {games.phase === 'WAITING' ? (
        <Waiting games={games} hosting={session.viewerIsHost} players={session.players.length} play={play} />
      ) : (
        <>
          <Text fontSize="xs" color="whiteAlpha.700" data-testid="game-order">
            <Trans>Порядок ходов: {games.order.map((player) => player.fullName).join(', ')}</Trans>
          </Text>
          {games.wordChain && <WordChain game={games.wordChain} play={play} />}
          {games.guessNumber && <GuessNumber game={games.guessNumber} play={play} />}
          {games.trivia && <Trivia game={games.trivia} play={play} />}
          {games.emojiStory && <EmojiStory game={games.emojiStory} play={play} />}
        </>
      )}
      <FormError error={error} color="red.300" fontSize="sm" testId="game-error" />
    </Stack>
  );
}

type Play = {
  send: (move: MiniGameMoveInput, fallback: string, onDone?: () => void) => void;
  sending: boolean;
  playing: boolean;
};

function Waiting({ games, hosting, players, play }: { games: Games; hosting: boolean; players: number; play: Play }) {
  const { t } = useLingui();
  const enough = players >= games.minPlayers;
  return (
    <Stack gap="2" data-testid="game-waiting">
      <Text fontSize="sm" color="whiteAlpha.800">
        <Trans>
          Игроков: {players} (нужно от {games.minPlayers} до {games.maxPlayers})
        </Trans>
      </Text>
      {hosting ? (
        <Button
          size="sm"
          colorPalette="brand"
          alignSelf="start"
          disabled={!enough}
          loading={play.sending}
          onClick={() => play.send({ action: 'START' }, t`Не удалось начать игру`)}
          data-testid="game-start"
        >
          <Trans>Начать игру</Trans>
        </Button>
      ) : (
        <Text fontSize="sm" color="whiteAlpha.700">
          <Trans>Ведущий начнёт игру, когда соберутся игроки.</Trans>
        </Text>
      )}
    </Stack>
  );
}

/** Whose turn it is, with the seconds left; "your turn" for the viewer. */
function TurnLine({ current, deadline }: { current?: { id: string; fullName: string } | null; deadline?: string | null }) {
  const { viewer } = useMeeting();
  const seconds = useDeadline(deadline);
  if (!current) return null;
  return (
    <HStack justify="space-between" fontSize="sm" color="white" data-testid="game-turn">
      <Text>{current.id === viewer.id ? <Trans>Ваш ход</Trans> : <Trans>Ходит: {current.fullName}</Trans>}</Text>
      {seconds !== null && <SecondsLeft seconds={seconds} />}
    </HStack>
  );
}

function SecondsLeft({ seconds }: { seconds: number }) {
  return (
    <Badge colorPalette={seconds <= 5 ? 'red' : 'blue'} fontVariantNumeric="tabular-nums">
      <Trans>{seconds} с</Trans>
    </Badge>
  );
}

/** A one-field move form for the player whose turn it is. */
function MoveForm({
  label,
  inputMode,
  onSubmit,
  sending,
  testId,
}: {
  label: string;
  inputMode?: 'numeric' | 'text';
  onSubmit: (value: string, clear: () => void) => void;
  sending: boolean;
  testId: string;
}) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onSubmit(value.trim(), () => setValue(''));
  };
  return (
    <form onSubmit={submit}>
      <HStack gap="2">
        <Input
          size="sm"
          color="white"
          value={value}
          inputMode={inputMode}
          aria-label={label}
          placeholder={label}
          maxLength={60}
          onChange={(event) => setValue(event.target.value)}
          data-testid={`${testId}-input`}
        />
        <Button
          type="submit"
          size="sm"
          colorPalette="brand"
          loading={sending}
          disabled={!value.trim()}
          data-testid={`${testId}-send`}
        >
          <Trans>Ход</Trans>
        </Button>
      </HStack>
    </form>
  );
}

function Finished({ children }: { children: ReactNode }) {
  return (
    <Box borderRadius="md" p="2" bg="green.900" color="white" fontSize="sm" data-testid="game-finished">
      {children}
    </Box>
  );
}

function WordChain({ game, play }: { game: NonNullable<Games['wordChain']>; play: Play }) {
  const { t } = useLingui();
  const { viewer } = useMeeting();
  const myTurn = play.playing && game.currentPlayer?.id === viewer.id;
  return (
    <Stack gap="2">
      <Stack gap="0.5" data-testid="word-chain-words" maxH="40" overflowY="auto">
        {game.words.length === 0 && (
          <Text fontSize="sm" color="whiteAlpha.700">
            <Trans>Первое слово — любое.</Trans>
          </Text>
        )}
        {game.words.map((entry, index) => (
          <Text key={index} fontSize="sm" color="white" data-testid="word-chain-word">
            <Text as="span" color="whiteAlpha.700">
              {entry.player?.fullName ?? '—'}:
            </Text>{' '}
            {entry.word}
          </Text>
        ))}
      </Stack>
      {game.out.length > 0 && (
        <Text fontSize="xs" color="whiteAlpha.700">
          <Trans>Выбыли (не успели): {game.out.map((player) => player.fullName).join(', ')}</Trans>
        </Text>
      )}
      {game.finished ? (
        <Finished>{game.winner ? <Trans>Победитель: {game.winner.fullName}</Trans> : <Trans>Игра окончена</Trans>}</Finished>
      ) : (
        <>
          <TurnLine current={game.currentPlayer} deadline={game.turnEndsAt} />
          {game.nextLetter && (
            <Text fontSize="sm" color="whiteAlpha.800" data-testid="word-chain-letter">
              <Trans>Следующее слово на букву «{game.nextLetter.toLocaleUpperCase()}»</Trans>
            </Text>
          )}
          {play.playing && (
            <MoveForm
              label={myTurn ? t`Ваше слово` : t`Слово (в свой ход)`}
              sending={play.sending}
              testId="word-chain"
              onSubmit={(word, clear) => play.send({ action: 'PLAY', word }, t`Слово не принято`, clear)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function GuessNumber({ game, play }: { game: NonNullable<Games['guessNumber']>; play: Play }) {
  const { t } = useLingui();
  const replies = { HIGHER: t`больше`, LOWER: t`меньше`, CORRECT: t`угадано!` } as const;
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="whiteAlpha.800">
        <Trans>Загадано число от 1 до {game.max}.</Trans>
      </Text>
      <Stack gap="0.5" data-testid="guess-list" maxH="40" overflowY="auto">
        {game.guesses.map((guess, index) => (
          <Text key={index} fontSize="sm" color="white" data-testid="guess-entry">
            <Text as="span" color="whiteAlpha.700">
              {guess.player?.fullName ?? '—'}:
            </Text>{' '}
            {guess.guess} — {guess.reply === '%future added value' ? '' : replies[guess.reply]}
          </Text>
        ))}
      </Stack>
      {game.finished ? (
        <Finished>
          {game.winner ? (
            <Trans>
              {game.winner.fullName} угадал(а) число {game.secret}
            </Trans>
          ) : (
            <Trans>Игра окончена</Trans>
          )}
        </Finished>
      ) : (
        <>
          <TurnLine current={game.currentPlayer} deadline={game.turnEndsAt} />
          {play.playing && (
            <MoveForm
              label={t`Ваше число`}
              inputMode="numeric"
              sending={play.sending}
              testId="guess"
              onSubmit={(value, clear) =>
                play.send({ action: 'PLAY', guess: Number.parseInt(value, 10) || 0 }, t`Число не принято`, clear)
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}

function Trivia({ game, play }: { game: NonNullable<Games['trivia']>; play: Play }) {
  const { t } = useLingui();
  const seconds = useDeadline(game.current?.endsAt);
  const last = game.past.at(-1);
  return (
    <Stack gap="2">
      {last && (
        <Text fontSize="sm" color="whiteAlpha.800" data-testid="trivia-last-answer">
          <Trans>
            Ответ на вопрос {last.index + 1}: {last.options[last.correctIndex]}
          </Trans>
        </Text>
      )}
      {game.current && (
        <Stack gap="2" borderWidth="1px" borderColor="whiteAlpha.300" borderRadius="md" p="3" data-testid="trivia-question">
          <HStack justify="space-between" fontSize="xs" color="whiteAlpha.700">
            <Text>
              <Trans>
                Вопрос {game.current.index + 1} из {game.questionCount}
              </Trans>
            </Text>
            {seconds !== null && <SecondsLeft seconds={seconds} />}
          </HStack>
          <Text fontWeight="semibold" color="white">
            {game.current.prompt}
          </Text>
          <Stack gap="1">
            {game.current.options.map((option, index) => {
              const chosen = game.current?.viewerChoice === index;
              return (
                <Button
                  key={index}
                  size="sm"
                  justifyContent="start"
                  variant={chosen ? 'solid' : 'outline'}
                  colorPalette="brand"
                  color={chosen ? undefined : 'white'}
                  disabled={!play.playing || game.current?.viewerChoice != null}
                  aria-pressed={chosen}
                  onClick={() =>
                    play.send({ action: 'PLAY', questionIndex: game.current!.index, choiceIndex: index }, t`Ответ не принят`)
                  }
                  data-testid="trivia-option"
                >
                  {option}
                </Button>
              );
            })}
          </Stack>
        </Stack>
      )}
      {game.finished && <Finished>{<Trans>Викторина окончена</Trans>}</Finished>}
      <Stack gap="0.5" data-testid="trivia-scores">
        {game.scores.map((score) => (
          <HStack key={score.player?.id ?? ''} justify="space-between" fontSize="sm" color="white">
            <Text truncate>{score.player?.fullName ?? '—'}</Text>
            <Text fontVariantNumeric="tabular-nums">{score.points}</Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

function EmojiStory({ game, play }: { game: NonNullable<Games['emojiStory']>; play: Play }) {
  const { t } = useLingui();
  return (
    <Stack gap="2">
      {game.finished ? (
        <Finished>
          <Text mb="1">
            <Trans>История готова:</Trans>
          </Text>
          <Text fontSize="2xl" data-testid="emoji-story">
            {game.pieces.map((piece) => piece.emoji).join(' ')}
          </Text>
        </Finished>
      ) : (
        <>
          <Text fontSize="sm" color="whiteAlpha.800">
            <Trans>
              Кусков в истории: {game.piecesSoFar}, ходов осталось: {game.turnsLeft}
            </Trans>
          </Text>
          {game.pieces.length > 0 && (
            <Text fontSize="2xl" data-testid="emoji-last-piece">
              {game.pieces.at(-1)!.emoji}
            </Text>
          )}
          <TurnLine current={game.currentPlayer} deadline={game.turnEndsAt} />
          {play.playing && (
            <MoveForm
              label={t`От 1 до 5 эмодзи`}
              sending={play.sending}
              testId="emoji"
              onSubmit={(emoji, clear) => play.send({ action: 'PLAY', emoji }, t`Эмодзи не приняты`, clear)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
