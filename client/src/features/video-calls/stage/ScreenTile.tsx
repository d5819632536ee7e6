import { useEffect, useRef } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TileLabel } from './TileLabel';
import { MonitorUp } from 'lucide-react';

/**
 * A screen someone shares through the SFU (a feed of its own beside their camera's tile): shown
 * whole (letterboxed, never cropped), across the stage's width, so its text stays legible.
 */
export function ScreenTile({ name, stream, userId }: { name: string; stream: MediaStream; userId: number }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);

  return (
    <Box
      position="relative"
      rounded="xl"
      overflow="hidden"
      bg="black"
      aspectRatio="16 / 9"
      borderWidth="2px"
      borderColor="whiteAlpha.300"
      gridColumn="1 / -1"
      data-testid="screen-tile"
      data-user-id={userId}
    >
      {/* A screen carries no sound (its sharer's voice plays in their own tile). */}
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        data-testid="screen-video"
        style={{ width: '100%', height: '100%', objectFit: 'contain' }}
      />
      <TileLabel>
        <MonitorUp size={14} aria-hidden="true" />
        <Text fontSize="sm" truncate data-testid="screen-tile-name">
          {t`Экран: ${name}`}
        </Text>
      </TileLabel>
    </Box>
  );
}
