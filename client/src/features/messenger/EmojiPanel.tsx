import { Box, chakra, Grid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

const EMOJI = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😎',
  '🤔',
  '😉',
  '🙂',
  '🙃',
  '😇',
  '🥳',
  '😴',
  '😢',
  '😭',
  '😡',
  '😱',
  '🤯',
  '👍',
  '👎',
  '👏',
  '🙏',
  '💪',
  '🤝',
  '👋',
  '✌️',
  '👌',
  '🤞',
  '❤️',
  '🧡',
  '💛',
  '💚',
  '💙',
  '💜',
  '🔥',
  '⭐',
  '🎉',
  '🎁',
  '☕',
  '🍕',
  '🍰',
  '🍎',
  '🌸',
  '🌞',
  '🌧️',
  '⚽',
  '🚀',
  '✅',
];

/** The composer's emoji panel: 10 columns (spec section 2, "Chat input bar"). */
export function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useLingui();
  return (
    <Box borderWidth="1px" rounded="lg" p="2" bg="bg" shadow="md" data-testid="emoji-panel" role="group" aria-label={t`Эмодзи`}>
      <Grid templateColumns="repeat(10, 1fr)" gap="1">
        {EMOJI.map((emoji) => (
          <chakra.button
            type="button"
            key={emoji}
            fontSize="xl"
            lineHeight="1"
            p="1"
            rounded="md"
            _hover={{ bg: 'bg.muted' }}
            onClick={() => onPick(emoji)}
            aria-label={emoji}
          >
            {emoji}
          </chakra.button>
        ))}
      </Grid>
    </Box>
  );
}
