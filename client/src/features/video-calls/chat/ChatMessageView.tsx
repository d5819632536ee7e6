import { useRef, useState } from 'react';
import { Box, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { IdCard, Pause, Play } from 'lucide-react';
import { graphql, readInlineData } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { ChatMessageView_message$key } from '../../../__generated__/ChatMessageView_message.graphql';
import { formatTime } from '../../../i18n/format';
import { formatDuration } from '../texts';

const messageFragment = graphql`
  fragment ChatMessageView_message on RoomChatMessage @inline {
    type
    content
    createdAt
    sender {
      databaseId
      fullName
    }
    voice {
      url
      durationSeconds
    }
    contactCard {
      name
      username
      email
    }
  }
`;

/** What the chat keeps of a message for its view (the chat holds messages outside the store). */
export type ChatMessageViewKey = ChatMessageView_message$key;

/** Play/pause for a recorded voice message, with its length. */
export function VoicePlayer({
  url,
  durationSeconds,
  testId = 'voice-player',
}: {
  url: string;
  durationSeconds: number;
  testId?: string;
}) {
  const { t } = useLingui();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  return (
    <HStack gap="2" data-testid={testId}>
      <IconButton
        size="xs"
        rounded="full"
        colorPalette="brand"
        aria-label={playing ? t`Пауза` : t`Воспроизвести`}
        onClick={toggle}
        data-testid="voice-play"
      >
        {playing ? <Pause size={14} /> : <Play size={14} />}
      </IconButton>
      <Text fontSize="sm">{formatDuration(durationSeconds)}</Text>
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        data-testid="voice-audio"
      />
    </HStack>
  );
}

/** A message of the room chat: text, a voice message, or a shared contact card. */
export function ChatMessageView({ message: key, viewerDatabaseId }: { message: ChatMessageViewKey; viewerDatabaseId: number }) {
  const { t } = useLingui();
  const message = readInlineData(messageFragment, key);
  const own = message.sender.databaseId === viewerDatabaseId;
  return (
    <Stack gap="1" alignSelf={own ? 'end' : 'start'} maxW="85%" data-testid="chat-message" data-type={message.type}>
      <HStack gap="2" fontSize="xs" color="whiteAlpha.600" justify={own ? 'end' : 'start'}>
        <Text>{own ? t`Вы` : message.sender.fullName}</Text>
        <Text>{formatTime(message.createdAt)}</Text>
      </HStack>
      <Box bg={own ? 'brand.600' : 'whiteAlpha.200'} rounded="lg" px="3" py="2">
        {message.type === 'TEXT' && (
          <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
            {message.content}
          </Text>
        )}
        {message.type === 'VOICE' && message.voice && (
          <VoicePlayer url={message.voice.url} durationSeconds={message.voice.durationSeconds} />
        )}
        {message.type === 'CONTACT_CARD' && message.contactCard && (
          <Stack gap="1" data-testid="contact-card">
            <HStack gap="2">
              <IdCard size={16} aria-hidden="true" />
              <Text fontWeight="semibold" fontSize="sm">
                {message.contactCard.name}
              </Text>
            </HStack>
            <Text fontSize="xs">@{message.contactCard.username}</Text>
            {message.contactCard.email && <Text fontSize="xs">{message.contactCard.email}</Text>}
            <Link asChild fontSize="xs" color="brand.200">
              <RouterLink to={`/profile/${encodeURIComponent(message.contactCard.username)}`}>
                <Trans>Открыть профиль</Trans>
              </RouterLink>
            </Link>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
