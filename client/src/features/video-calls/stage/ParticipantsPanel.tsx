import { Avatar, Box, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import { useMeeting } from '../MeetingContext';

/** Who is in the room now, live, with their microphone and camera state. */
export function ParticipantsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { viewer, call } = useMeeting();
  const people = [
    {
      key: 'self',
      name: viewer.fullName,
      label: t`${viewer.fullName} (вы)`,
      muted: call.muted,
      cameraOff: call.cameraOff,
      connected: true,
      away: false,
    },
    ...call.participants.map((p) => ({
      key: String(p.userId),
      name: p.name,
      label: p.name,
      muted: p.muted,
      cameraOff: p.cameraOff,
      connected: p.connected,
      away: p.away,
    })),
  ];
  const count = people.length;
  return (
    <Stack
      as="aside"
      w={{ base: 'full', md: '280px' }}
      flexShrink={0}
      position={{ base: 'fixed', md: 'static' }}
      inset={{ base: '0', md: 'auto' }}
      h={{ base: '100dvh', md: 'auto' }}
      zIndex={{ base: 'overlay', md: 'auto' }}
      overflowY="auto"
      borderLeftWidth="1px"
      borderColor="whiteAlpha.200"
      bg="gray.900"
      p="3"
      gap="3"
      data-testid="participants-panel"
    >
      <HStack justify="space-between">
        <Text fontWeight="semibold">
          <Trans>Участники ({count})</Trans>
        </Text>
        <CloseButton size="sm" color="white" onClick={onClose} aria-label={t`Закрыть`} />
      </HStack>
      {people.map((person) => (
        <HStack key={person.key} gap="2" data-testid="participant">
          <Avatar.Root size="xs" colorPalette="brand">
            <Avatar.Fallback name={person.name} />
          </Avatar.Root>
          <Text fontSize="sm" flex="1" truncate>
            {person.label}
          </Text>
          {person.away ? (
            <Text fontSize="xs" color="orange.300" data-testid="participant-away">
              <Trans>переподключается</Trans>
            </Text>
          ) : (
            !person.connected && (
              <Text fontSize="xs" color="yellow.300">
                <Trans>подключается</Trans>
              </Text>
            )
          )}
          <Box
            color={person.muted ? 'red.300' : 'whiteAlpha.700'}
            aria-label={person.muted ? t`Микрофон выключен` : t`Микрофон включён`}
          >
            {person.muted ? <MicOff size={14} /> : <Mic size={14} />}
          </Box>
          {call.media === 'video' && (
            <Box
              color={person.cameraOff ? 'red.300' : 'whiteAlpha.700'}
              aria-label={person.cameraOff ? t`Камера выключена` : t`Камера включена`}
            >
              {person.cameraOff ? <VideoOff size={14} /> : <Video size={14} />}
            </Box>
          )}
        </HStack>
      ))}
    </Stack>
  );
}
