import { useRef, useState } from 'react';
import { Box, Button, HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { SmilePlus, Users } from 'lucide-react';
import { REACTION_EMOJI, REACTION_NAME, REACTIONS, type Reaction, type ReactionCount } from './reactionSet';
import { ReactorsDialog } from './ReactorsDialog';

/**
 * The reactions of a publication or a message: one chip per reaction given (its count, highlighted
 * and pressed when the viewer gave it; a tap toggles it), a button opening the picker of the whole
 * set, and one opening the list of who reacted. Taps only, no hover: it works the same on a phone.
 */
export function ReactionBar({
  itemId,
  reactions,
  onSet,
  testId,
}: {
  /** The global id of the publication or message (the who-reacted list reads it). */
  itemId: string;
  reactions: readonly ReactionCount[];
  onSet: (reaction: Reaction, reacted: boolean) => void;
  testId: string;
}) {
  const { t } = useLingui();
  const [picking, setPicking] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const [showingWho, setShowingWho] = useState(false);
  const mine = new Set(reactions.filter((entry) => entry.viewerHasReacted).map((entry) => entry.reaction));

  return (
    <Box data-testid={testId}>
      <HStack gap="1" wrap="wrap">
        {reactions.map((entry) => {
          const reaction = entry.reaction as Reaction;
          const name = t(REACTION_NAME[reaction]);
          const count = entry.count;
          return (
            <Button
              key={reaction}
              size="xs"
              rounded="full"
              variant={entry.viewerHasReacted ? 'subtle' : 'outline'}
              colorPalette={entry.viewerHasReacted ? 'brand' : 'gray'}
              bg={entry.viewerHasReacted ? 'brand.subtle' : 'bg'}
              color="fg"
              aria-pressed={entry.viewerHasReacted}
              aria-label={t`Реакция «${name}»: ${count}`}
              onClick={() => onSet(reaction, !entry.viewerHasReacted)}
              data-testid={`reaction-${reaction}`}
            >
              <span aria-hidden="true">{REACTION_EMOJI[reaction]}</span>
              <span data-testid="reaction-count">{count}</span>
            </Button>
          );
        })}
        <IconButton
          size="xs"
          variant="ghost"
          color="inherit"
          ref={addButton}
          aria-label={t`Добавить реакцию`}
          aria-expanded={picking}
          onClick={() => setPicking((open) => !open)}
          data-testid="reaction-add"
        >
          <SmilePlus size={16} aria-hidden="true" />
        </IconButton>
        {reactions.length > 0 && (
          <IconButton
            size="xs"
            variant="ghost"
            color="inherit"
            aria-label={t`Кто отреагировал`}
            onClick={() => setShowingWho(true)}
            data-testid="reaction-who"
          >
            <Users size={16} aria-hidden="true" />
          </IconButton>
        )}
      </HStack>
      {picking && (
        <HStack
          role="group"
          aria-label={t`Выберите реакцию`}
          gap="0"
          mt="1"
          p="1"
          bg="bg"
          borderWidth="1px"
          rounded="full"
          shadow="sm"
          w="fit-content"
          data-testid="reaction-picker"
          onKeyDown={(event) => {
            // Escape closes the picker and gives the focus back to the button that opened it.
            if (event.key !== 'Escape') return;
            setPicking(false);
            addButton.current?.focus();
          }}
        >
          {REACTIONS.map((reaction) => (
            <Button
              key={reaction}
              size="sm"
              variant="ghost"
              rounded="full"
              fontSize="lg"
              px="1"
              aria-label={t(REACTION_NAME[reaction])}
              aria-pressed={mine.has(reaction)}
              bg={mine.has(reaction) ? 'brand.subtle' : undefined}
              onClick={() => {
                onSet(reaction, !mine.has(reaction));
                setPicking(false);
              }}
              data-testid={`reaction-pick-${reaction}`}
            >
              {REACTION_EMOJI[reaction]}
            </Button>
          ))}
        </HStack>
      )}
      {showingWho && <ReactorsDialog itemId={itemId} reactions={reactions} onClose={() => setShowingWho(false)} />}
    </Box>
  );
}
