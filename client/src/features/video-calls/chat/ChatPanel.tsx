import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, CloseButton, HStack, IconButton, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { IdCard, Mic, Send, Square, Trash2 } from 'lucide-react';
import { graphql, useMutation } from 'react-relay/hooks';
import type { ChatPanelSendMutation } from '../../../__generated__/ChatPanelSendMutation.graphql';
import type { ChatPanelVoiceMutation } from '../../../__generated__/ChatPanelVoiceMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';
import { asRequestError } from '../../../relay/errors';
import { useMeeting } from '../MeetingContext';
import { formatDuration, microphoneFailureText } from '../texts';
import type { RoomInfo } from '../call/callEngine';
import { ChatMessageView, VoicePlayer } from './ChatMessageView';
import { readChatMessage, useRoomChat } from './useRoomChat';
import { useVoiceRecorder, VOICE_MAX_SECONDS } from './useVoiceRecorder';
import { useIdempotencyKey } from '../../../relay/useIdempotencyKey';

const sendMutation = graphql`
  mutation ChatPanelSendMutation($roomId: ID!, $input: SendRoomMessageInput!) {
    sendRoomMessage(roomId: $roomId, input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on RoomChatMessagePayload {
        chatMessage {
          ...useRoomChat_message
        }
      }
    }
  }
`;

const voiceMutation = graphql`
  mutation ChatPanelVoiceMutation($roomId: ID!, $file: File!, $durationSeconds: Int!, $idempotencyKey: String) {
    sendVoiceMessage(roomId: $roomId, file: $file, durationSeconds: $durationSeconds, idempotencyKey: $idempotencyKey) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on RoomChatMessagePayload {
        chatMessage {
          ...useRoomChat_message
        }
      }
    }
  }
`;

const failed = (fallback: string) => (error: Error) => {
  toaster.create({ type: 'error', title: asRequestError(error)?.message || fallback });
};

/** The room chat on the right: messages live, a text composer, voice messages and contact cards. */
export function ChatPanel({ room, onClose }: { room: RoomInfo; onClose: () => void }) {
  const { t } = useLingui();
  const { viewer, openShare } = useMeeting();
  const { messages, loading, add } = useRoomChat(room.id);
  const [text, setText] = useState('');
  const [commitText, sendingText] = useMutation<ChatPanelSendMutation>(sendMutation);
  const textKey = useIdempotencyKey();
  const [commitVoice, sendingVoice] = useMutation<ChatPanelVoiceMutation>(voiceMutation);
  const voiceKey = useIdempotencyKey();
  const recorder = useVoiceRecorder((failure) => toaster.create({ type: 'error', title: microphoneFailureText(failure) }));
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    commitText({
      variables: { roomId: room.id, input: { content, idempotencyKey: textKey.forSend() } },
      onCompleted: ({ sendRoomMessage }) => {
        if (sendRoomMessage.error) {
          toaster.create({ type: 'error', title: mutationErrorText(sendRoomMessage.error, t`Не удалось отправить сообщение`) });
          return;
        }
        if (sendRoomMessage.chatMessage) add([readChatMessage(sendRoomMessage.chatMessage)]);
        textKey.sent();
        setText('');
      },
      onError: failed(t`Не удалось отправить сообщение`),
    });
  };

  const sendVoice = () => {
    if (recorder.state.phase !== 'recorded') return;
    const { blob, seconds, mimeType } = recorder.state.recording;
    const file = new File([blob], mimeType.includes('mp4') ? 'voice.mp4' : 'voice.webm', { type: mimeType });
    commitVoice({
      variables: { roomId: room.id, file: null, durationSeconds: seconds, idempotencyKey: voiceKey.forSend() },
      uploadables: { file },
      onCompleted: ({ sendVoiceMessage }) => {
        if (sendVoiceMessage.error) {
          toaster.create({
            type: 'error',
            title: mutationErrorText(sendVoiceMessage.error, t`Не удалось отправить голосовое сообщение`),
          });
          return;
        }
        if (sendVoiceMessage.chatMessage) add([readChatMessage(sendVoiceMessage.chatMessage)]);
        voiceKey.sent();
        recorder.discard();
      },
      onError: failed(t`Не удалось отправить голосовое сообщение`),
    });
  };

  const { state } = recorder;
  return (
    <Stack
      as="aside"
      w={{ base: 'full', md: '300px', lg: '360px' }}
      flexShrink={0}
      position={{ base: 'fixed', md: 'static' }}
      inset={{ base: '0', md: 'auto' }}
      h={{ base: '100dvh', md: 'auto' }}
      zIndex={{ base: 'overlay', md: 'auto' }}
      borderLeftWidth="1px"
      borderColor="whiteAlpha.200"
      bg="gray.900"
      gap="0"
      data-testid="chat-panel"
    >
      <HStack justify="space-between" p="3" borderBottomWidth="1px" borderColor="whiteAlpha.200">
        <Text fontWeight="semibold" truncate>
          <Trans>Чат комнаты</Trans>
        </Text>
        <CloseButton size="sm" color="white" onClick={onClose} aria-label={t`Закрыть чат`} />
      </HStack>
      <Stack flex="1" minH="0" overflowY="auto" p="3" gap="3" data-testid="chat-messages">
        {loading && <Spinner size="sm" alignSelf="center" />}
        {!loading && messages.length === 0 && (
          <Text fontSize="sm" color="whiteAlpha.600" textAlign="center">
            <Trans>Сообщений пока нет</Trans>
          </Text>
        )}
        {messages.map((message) => (
          <ChatMessageView key={message.id} message={message.view} viewerDatabaseId={viewer.databaseId} />
        ))}
        <Box ref={end} />
      </Stack>
      <Box p="3" borderTopWidth="1px" borderColor="whiteAlpha.200">
        {state.phase === 'recording' && (
          <HStack gap="3" data-testid="voice-recording">
            <Box w="2.5" h="2.5" rounded="full" bg="red.500" animation="pulse 1s infinite" aria-hidden="true" />
            <Text fontSize="sm" flex="1" data-testid="voice-timer">
              {formatDuration(state.seconds)} / {formatDuration(VOICE_MAX_SECONDS)}
            </Text>
            <IconButton
              size="sm"
              colorPalette="red"
              aria-label={t`Остановить запись`}
              onClick={recorder.stop}
              data-testid="voice-stop"
            >
              <Square size={14} />
            </IconButton>
          </HStack>
        )}
        {state.phase === 'recorded' && (
          <HStack gap="2" data-testid="voice-preview">
            <Box flex="1">
              <VoicePlayer url={state.recording.url} durationSeconds={state.recording.seconds} testId="voice-preview-player" />
            </Box>
            <IconButton
              size="sm"
              variant="ghost"
              color="white"
              aria-label={t`Удалить запись`}
              onClick={recorder.discard}
              data-testid="voice-delete"
            >
              <Trash2 size={16} />
            </IconButton>
            <IconButton
              size="sm"
              colorPalette="brand"
              aria-label={t`Отправить голосовое сообщение`}
              onClick={sendVoice}
              loading={sendingVoice}
              data-testid="voice-send"
            >
              <Send size={16} />
            </IconButton>
          </HStack>
        )}
        {state.phase === 'idle' && (
          <form onSubmit={send}>
            <HStack gap="2">
              <IconButton
                size="sm"
                variant="ghost"
                color="white"
                aria-label={t`Поделиться контактом`}
                onClick={() => openShare({})}
                data-testid="chat-share-contact"
              >
                <IdCard size={16} />
              </IconButton>
              <Input
                size="sm"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={t`Сообщение`}
                aria-label={t`Сообщение`}
                maxLength={2000}
                bg="whiteAlpha.100"
                borderColor="whiteAlpha.300"
                data-testid="chat-input"
              />
              <IconButton
                size="sm"
                variant="ghost"
                color="white"
                aria-label={t`Записать голосовое сообщение`}
                onClick={() => void recorder.start()}
                data-testid="voice-record"
              >
                <Mic size={16} />
              </IconButton>
              <IconButton
                type="submit"
                size="sm"
                colorPalette="brand"
                aria-label={t`Отправить`}
                disabled={!text.trim()}
                loading={sendingText}
                data-testid="chat-send"
              >
                <Send size={16} />
              </IconButton>
            </HStack>
          </form>
        )}
      </Box>
    </Stack>
  );
}
