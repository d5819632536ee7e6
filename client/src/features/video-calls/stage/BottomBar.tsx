import type { ReactNode } from 'react';
import { Button, HStack, IconButton } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Disc, MessageSquare, Mic, MicOff, MonitorUp, PhoneOff, Square, Users, Video, VideoOff } from 'lucide-react';
import { useMeeting } from '../MeetingContext';

function Toggle({
  label,
  pressed,
  onClick,
  testId,
  disabled,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      data-testid={testId}
      onClick={onClick}
      disabled={disabled}
      rounded="full"
      size={{ base: 'md', md: 'lg' }}
      variant={pressed ? 'solid' : 'subtle'}
      colorPalette={pressed ? 'brand' : 'gray'}
    >
      {children}
    </IconButton>
  );
}

/** Microphone, camera, chat, participants, screen sharing, leave. */
export function BottomBar({
  chatOpen,
  participantsOpen,
  onToggleChat,
  onToggleParticipants,
}: {
  chatOpen: boolean;
  participantsOpen: boolean;
  onToggleChat: () => void;
  onToggleParticipants: () => void;
}) {
  const { t } = useLingui();
  const { call, engine, recording } = useMeeting();
  // Someone else records the room: one recording at a time.
  const othersRecording = call.recording !== null && !recording.active;
  const video = call.media === 'video';
  const ready = call.localStream !== null;

  return (
    <HStack
      as="footer"
      justify="center"
      gap={{ base: '2', md: '3' }}
      py="3"
      px="2"
      flexWrap="wrap"
      flexShrink={0}
      borderTopWidth="1px"
      borderColor="whiteAlpha.200"
      bg="gray.900"
      data-testid="call-controls"
    >
      <Toggle
        label={call.muted ? t`Включить микрофон` : t`Выключить микрофон`}
        pressed={call.muted}
        onClick={() => engine.toggleMute()}
        testId="call-mute"
        disabled={!ready}
      >
        {call.muted ? <MicOff /> : <Mic />}
      </Toggle>
      {video && (
        <Toggle
          label={call.cameraOff ? t`Включить камеру` : t`Выключить камеру`}
          pressed={call.cameraOff}
          onClick={() => engine.toggleCamera()}
          testId="call-camera"
          disabled={!ready}
        >
          {call.cameraOff ? <VideoOff /> : <Video />}
        </Toggle>
      )}
      <Toggle label={t`Чат`} pressed={chatOpen} onClick={onToggleChat} testId="call-chat" disabled={!call.room}>
        <MessageSquare />
      </Toggle>
      <Toggle
        label={t`Участники`}
        pressed={participantsOpen}
        onClick={onToggleParticipants}
        testId="call-participants"
        disabled={!call.room}
      >
        <Users />
      </Toggle>
      {/* Not offered where it cannot work (phones' browsers): every press was an error. */}
      {video && engine.canShareScreen() && (
        <Toggle
          label={call.screenSharing ? t`Остановить демонстрацию экрана` : t`Демонстрация экрана`}
          pressed={call.screenSharing}
          onClick={() => void engine.toggleScreenShare()}
          testId="call-screen-share"
          disabled={call.status !== 'in_call'}
        >
          <MonitorUp />
        </Toggle>
      )}
      {call.kind === 'room' && (
        <Toggle
          label={recording.active ? t`Остановить запись` : t`Начать запись`}
          pressed={recording.active}
          onClick={() => void (recording.active ? recording.stop() : recording.start())}
          testId="call-record"
          disabled={call.status !== 'in_call' || recording.busy || othersRecording}
        >
          {recording.active ? <Square /> : <Disc />}
        </Toggle>
      )}
      <Button
        colorPalette="red"
        rounded="full"
        size={{ base: 'md', md: 'lg' }}
        // A recording is finished (its last piece sent) before the room is left.
        onClick={() => void recording.stop().then(() => engine.leave())}
        data-testid="call-leave"
      >
        <PhoneOff aria-hidden="true" />
        {call.kind === 'call' ? <Trans>Завершить</Trans> : <Trans context="leave a room">Выйти</Trans>}
      </Button>
    </HStack>
  );
}
