import { useEffect, useRef } from 'react';
import { Avatar, Badge, Box, Center, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TileLabel } from './TileLabel';
import { MicOff, VideoOff } from 'lucide-react';

/**
 * One person on the stage: their video, or their initials when the camera is off, the call is
 * audio only or, in a large room, more recent speakers hold the video seats; their name (yours
 * reads "You"), and whether their microphone is off. Someone whose page went away (a reload) shows
 * as their initials, dimmed and marked reconnecting, never as the last frame they sent.
 */
export function VideoTile({
  name,
  stream,
  self = false,
  userId,
  muted,
  cameraOff,
  connecting = false,
  away = false,
  audioOnly = false,
  mirrored = false,
  videoPaused = false,
  mediaPath,
}: {
  name: string;
  stream: MediaStream | null;
  self?: boolean;
  userId?: number;
  muted: boolean;
  cameraOff: boolean;
  connecting?: boolean;
  /** Their page went away (a reload, a closed tab): the server keeps their place for a while. */
  away?: boolean;
  audioOnly?: boolean;
  mirrored?: boolean;
  /** Audio only for now: the room's video seats belong to its most recent speakers. */
  videoPaused?: boolean;
  /** How their media reaches us now (mesh or SFU), for diagnostics and tests. */
  mediaPath?: 'mesh' | 'sfu' | null;
}) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const showVideo = !!stream && !cameraOff && !audioOnly && !videoPaused && !away;

  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
    // An audio call has no <video>: another person's sound plays through an <audio> element.
    if (audio.current && audio.current.srcObject !== stream) audio.current.srcObject = stream;
  }, [stream, showVideo]);

  return (
    <Box
      position="relative"
      rounded="xl"
      overflow="hidden"
      bg="gray.800"
      aspectRatio="16 / 9"
      borderWidth="2px"
      borderColor={self ? 'brand.500' : 'whiteAlpha.200'}
      data-testid={self ? 'video-tile-self' : 'video-tile'}
      data-user-id={userId}
      data-muted={muted ? 'true' : 'false'}
      data-media-path={mediaPath ?? undefined}
      data-video-paused={videoPaused ? 'true' : undefined}
      data-away={away ? 'true' : undefined}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        // Your own sound is never played back to you; another's plays here only while their video
        // shows (else the <audio> below plays it: both would play it twice, a hidden video still sounds).
        muted={self || !showVideo}
        data-testid={self ? 'local-video' : 'remote-video'}
        style={{
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          display: showVideo ? 'block' : 'none',
          transform: mirrored ? 'scaleX(-1)' : undefined,
        }}
      />
      {!self && !showVideo && <audio ref={audio} autoPlay />}
      {!showVideo && (
        <Center position="absolute" inset="0" opacity={away ? 0.5 : undefined}>
          <Avatar.Root size="2xl" colorPalette="brand">
            <Avatar.Fallback name={name} />
          </Avatar.Root>
        </Center>
      )}
      <TileLabel>
        {muted && (
          <Box color="red.300" data-testid="tile-muted" aria-label={t`Микрофон выключен`}>
            <MicOff size={14} />
          </Box>
        )}
        {cameraOff && !audioOnly && (
          <Box color="whiteAlpha.800" aria-label={t`Камера выключена`}>
            <VideoOff size={14} />
          </Box>
        )}
        <Text fontSize="sm" truncate data-testid="tile-name">
          {self ? t`Вы` : name}
        </Text>
      </TileLabel>
      {videoPaused && !cameraOff && !audioOnly && (
        <Badge
          position="absolute"
          top="2"
          left="2"
          colorPalette="gray"
          variant="solid"
          title={self ? t`Ваше видео увидят, когда вы заговорите` : t`Видео показывают у тех, кто говорил последним`}
          data-testid="tile-video-paused"
        >
          {t`Только звук`}
        </Badge>
      )}
      {away ? (
        <Badge
          position="absolute"
          top="2"
          right="2"
          colorPalette="orange"
          variant="solid"
          title={t`Страница участника закрылась или перезагружается: место в комнате сохраняется, пока он не вернётся`}
          data-testid="tile-away"
        >
          {t`Переподключается…`}
        </Badge>
      ) : (
        connecting && (
          <Badge position="absolute" top="2" right="2" colorPalette="yellow" variant="solid">
            {t`Подключение…`}
          </Badge>
        )
      )}
    </Box>
  );
}
