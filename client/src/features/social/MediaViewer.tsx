import { useEffect, useRef } from 'react';
import { Box, CloseButton, Dialog, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export type ViewerItem = { id: string; kind: 'image' | 'video'; url: string; title?: string; caption?: string };

/**
 * The full-screen viewer of photos and videos: arrows (and the arrow keys) move between items; a
 * click on a video plays or pauses it (spec section 2, "Photos and videos").
 */
export function MediaViewer({
  items,
  index,
  onIndexChange,
}: {
  items: ViewerItem[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
}) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const item = index === null ? null : items[index];
  const count = items.length;

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' && index < count - 1) onIndexChange(index + 1);
      if (event.key === 'ArrowLeft' && index > 0) onIndexChange(index - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, count, onIndexChange]);

  const togglePlay = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => {});
    else element.pause();
  };

  return (
    <Dialog.Root open={item != null} onOpenChange={(details) => !details.open && onIndexChange(null)} size="full">
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.900" />
        <Dialog.Positioner>
          <Dialog.Content bg="transparent" shadow="none" data-testid="media-viewer">
            <Dialog.Title srOnly>{item?.title || t`Просмотр`}</Dialog.Title>
            {item && (
              <Stack h="100vh" align="center" justify="center" gap="3" p={{ base: '2', md: '8' }}>
                <Box flex="1" minH="0" w="full" display="flex" alignItems="center" justifyContent="center">
                  {item.kind === 'image' ? (
                    <img
                      src={item.url}
                      alt={item.title ?? ''}
                      style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                      data-testid="viewer-image"
                    />
                  ) : (
                    <video
                      key={item.id}
                      ref={video}
                      src={item.url}
                      autoPlay
                      playsInline
                      onClick={togglePlay}
                      tabIndex={0}
                      onKeyDown={(event) => {
                        if (event.key === ' ' || event.key === 'Enter') {
                          event.preventDefault();
                          togglePlay();
                        }
                      }}
                      style={{ maxWidth: '100%', maxHeight: '100%', cursor: 'pointer' }}
                      aria-label={t`Видео: нажмите, чтобы запустить или поставить на паузу`}
                      data-testid="viewer-video"
                    />
                  )}
                </Box>
                {(item.title || item.caption) && (
                  <Stack gap="0" color="white" textAlign="center">
                    {item.title && <Text fontWeight="medium">{item.title}</Text>}
                    {item.caption && (
                      <Text fontSize="sm" color="whiteAlpha.700">
                        {item.caption}
                      </Text>
                    )}
                  </Stack>
                )}
                {count > 1 && (
                  <HStack gap="4" color="white">
                    <IconButton
                      aria-label={t`Предыдущий`}
                      variant="ghost"
                      colorPalette="gray"
                      color="white"
                      disabled={index === 0}
                      onClick={() => onIndexChange(index! - 1)}
                    >
                      <ChevronLeft />
                    </IconButton>
                    <Text fontSize="sm">
                      {index! + 1} / {count}
                    </Text>
                    <IconButton
                      aria-label={t`Следующий`}
                      variant="ghost"
                      colorPalette="gray"
                      color="white"
                      disabled={index === count - 1}
                      onClick={() => onIndexChange(index! + 1)}
                    >
                      <ChevronRight />
                    </IconButton>
                  </HStack>
                )}
              </Stack>
            )}
            <Dialog.CloseTrigger asChild top="4" insetEnd="4">
              <CloseButton size="md" color="white" variant="ghost" aria-label={t`Закрыть`} data-testid="viewer-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
