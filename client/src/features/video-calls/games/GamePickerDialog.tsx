import { useState } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useMutation } from 'react-relay/hooks';
import type { GamePickerDialogMutation, MiniGame } from '../../../__generated__/GamePickerDialogMutation.graphql';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { AppDialog, DialogActions } from '../../../components/AppDialog';
import { FormError } from '../../../components/FormError';
import { MINI_GAMES } from './gameNames';

const launchMutation = graphql`
  mutation GamePickerDialogMutation($roomId: ID!, $game: MiniGame!) {
    launchActivity(roomId: $roomId, kind: GAMES, games: { game: $game }) {
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

/** The host picks one of the four mini-games (with its player count) and launches it in the room. */
export function GamePickerDialog({ roomId, onClose }: { roomId: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [game, setGame] = useState<MiniGame>('WORD_CHAIN');
  const [error, setError] = useState<string | null>(null);
  const [commit, launching] = useMutation<GamePickerDialogMutation>(launchMutation);

  const launch = () => {
    setError(null);
    const fallback = t`Не удалось запустить игру`;
    commit({
      variables: { roomId, game },
      onCompleted: ({ launchActivity }) =>
        launchActivity.error ? setError(mutationErrorText(launchActivity.error, fallback)) : onClose(),
      onError: (failure) => setError(asRequestError(failure)?.message || fallback),
    });
  };

  return (
    <AppDialog
      closeButton
      title={<Trans>Мини-игра</Trans>}
      onClose={onClose}
      testId="game-picker"
      footer={
        <DialogActions
          onCancel={onClose}
          onClick={launch}
          label={<Trans>Запустить</Trans>}
          loading={launching}
          testId="game-picker-launch"
        />
      }
    >
      <Stack gap="2" role="radiogroup" aria-label={t`Игра`}>
        {MINI_GAMES.map((entry) => (
          <Box
            as="label"
            key={entry.game}
            display="flex"
            gap="3"
            alignItems="start"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            cursor="pointer"
            borderColor={game === entry.game ? 'brand.solid' : 'border'}
            data-testid={`game-option-${entry.game.toLowerCase()}`}
          >
            <input
              type="radio"
              name="mini-game"
              checked={game === entry.game}
              onChange={() => setGame(entry.game)}
              style={{ marginTop: '0.3rem' }}
            />
            <Box>
              <Text fontWeight="semibold">{i18n._(entry.name)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {i18n._(entry.rules)}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                <Trans>
                  Игроков: от {entry.min} до {entry.max}
                </Trans>
              </Text>
            </Box>
          </Box>
        ))}
      </Stack>
      <FormError error={error} fontSize="sm" mt="3" testId="game-picker-error" />
    </AppDialog>
  );
}
