import { Button, Center, Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { PhoneOff } from 'lucide-react';
import { videoPaused } from '../call/callEngine';
import { useMeeting } from '../MeetingContext';
import { ScreenTile } from './ScreenTile';
import { VideoTile } from './VideoTile';

const columns = (tiles: number) => (tiles <= 1 ? 1 : tiles <= 4 ? 2 : 3);
/** On a phone held upright: one column for two, two columns for more. */
const phoneColumns = (tiles: number) => (tiles <= 2 ? 1 : 2);

/** The welcome text with no room; otherwise the screens shared through the SFU, then one tile per person, yours first. */
export function Stage() {
  const { viewer, call, engine } = useMeeting();
  const firstName = viewer.firstName;

  if (call.status === 'idle') {
    return (
      <Center h="full" p="8" data-testid="meeting-welcome">
        <Stack align="center" textAlign="center" gap="3" maxW="lg">
          <Heading size="2xl">
            <Trans>Добро пожаловать в видеозвонки, {firstName}!</Trans>
          </Heading>
          <Text color="whiteAlpha.800">
            <Trans>Выберите комнату на вкладке «Комнаты» или позвоните контакту на вкладке «Контакты».</Trans>
          </Text>
        </Stack>
      </Center>
    );
  }

  const ringing = call.kind === 'call' && call.status === 'connecting' && call.counterpart;
  const counterpart = call.counterpart?.name ?? '';
  // While a call rings, the other person is not on the stage yet.
  const others = ringing ? [] : call.participants;
  const tiles = 1 + others.length;
  const audioOnly = call.media === 'audio';

  return (
    <Stack
      h="full"
      p={{ base: '2', md: '4' }}
      gap="4"
      data-testid="meeting-stage"
      data-call-status={call.status}
      data-call-transport={call.transport}
    >
      {ringing && (
        <Center gap="3" data-testid="outgoing-call">
          <Spinner size="sm" />
          <Text>
            <Trans>Вызов: {counterpart}…</Trans>
          </Text>
          <Button size="xs" colorPalette="red" onClick={() => void engine.leave()}>
            <PhoneOff size={14} aria-hidden="true" />
            <Trans>Отменить</Trans>
          </Button>
        </Center>
      )}
      {call.status === 'connecting' && !ringing && (
        <Center gap="3">
          <Spinner size="sm" />
          <Text>
            <Trans>Подключение…</Trans>
          </Text>
        </Center>
      )}
      <Grid
        templateColumns={{
          base: `repeat(${phoneColumns(tiles)}, minmax(0, 1fr))`,
          md: `repeat(${columns(tiles)}, minmax(0, 1fr))`,
        }}
        gap="3"
        alignContent="center"
        flex="1"
      >
        {others.map(
          (participant) =>
            participant.screen && (
              <ScreenTile
                key={`screen-${participant.userId}`}
                userId={participant.userId}
                name={participant.name}
                stream={participant.screen}
              />
            ),
        )}
        <VideoTile
          self
          name={viewer.fullName}
          stream={call.localPreview}
          muted={call.muted}
          cameraOff={call.cameraOff && !call.screenSharing}
          audioOnly={audioOnly}
          mirrored={!call.screenSharing}
          videoPaused={videoPaused(call, viewer.databaseId)}
        />
        {others.map((participant) => (
          <VideoTile
            key={participant.userId}
            userId={participant.userId}
            name={participant.name}
            stream={participant.stream}
            muted={participant.muted}
            cameraOff={participant.cameraOff}
            audioOnly={audioOnly}
            videoPaused={videoPaused(call, participant.userId)}
            connecting={!participant.connected}
            away={participant.away}
            mediaPath={participant.via}
          />
        ))}
      </Grid>
    </Stack>
  );
}
