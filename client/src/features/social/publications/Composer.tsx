import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Card, CloseButton, Grid, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Film, ImagePlus, MapPin, Send } from 'lucide-react';
import { commitMutation, graphql, useFragment, useRelayEnvironment } from 'react-relay/hooks';
import { ConnectionHandler, ROOT_ID } from 'relay-runtime';
import type { Composer_query$key } from '../../../__generated__/Composer_query.graphql';
import type { ComposerCreatePublicationMutation } from '../../../__generated__/ComposerCreatePublicationMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { getToken } from '../../../relay/environment';
import { formatCoordinates } from '../format';
import {
  isImage,
  isVideo,
  MAX_FILES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  PUBLICATION_TIMEOUT_MS,
  requestFailureText,
} from '../uploads';
import { FailureAlert } from '../FailureAlert';
import { PlacePicker, type Place } from './PlacePicker';
import { useIdempotencyKey } from '../../../relay/useIdempotencyKey';
import { mutationFailure } from '../../../relay/mutationError';

const composerQueryFragment = graphql`
  fragment Composer_query on Query {
    ...PlacePicker_query
  }
`;

const createPublicationMutation = graphql`
  mutation ComposerCreatePublicationMutation($input: CreatePublicationInput!, $connections: [ID!]!) {
    createPublication(input: $input) {
      __typename
      ... on CreatePublicationSuccess {
        publication @prependNode(connections: $connections, edgeTypeName: "QueryFeedConnectionEdge") {
          id
          author {
            id
            postsCount
          }
          ...PublicationCard_publication
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

export const FEED_CONNECTION_KEY = 'Feed_feed';
const CREATE_FAILED = msg`Ошибка при создании публикации`;

type Attachment = { file: File; preview: string };

/**
 * The create-publication box (spec sections 2 and 4, "Composer"): a prompt that expands into text,
 * images and videos, and a place. Publishing is disabled while sending and while there is neither
 * text nor a file; a failure keeps everything so nothing typed is lost. With `communityId` it
 * publishes into that community, and the new publication goes to the top of `connectionId` (its
 * feed) instead of the main feed.
 */
export function Composer({
  query,
  firstName,
  communityId,
  connectionId,
}: {
  query: Composer_query$key;
  firstName: string;
  communityId?: string;
  connectionId?: string;
}) {
  const { t } = useLingui();
  const data = useFragment(composerQueryFragment, query);
  const environment = useRelayEnvironment();
  const [expanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [place, setPlace] = useState<Place | null>(null);
  const [placeOpen, setPlaceOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);

  // Previews are object URLs: released when they leave the form.
  const previews = useRef<string[]>([]);
  useEffect(() => {
    previews.current = attachments.map((a) => a.preview);
  }, [attachments]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const canPublish = !sending && (text.trim().length > 0 || attachments.length > 0);
  const placeLabel = useMemo(() => (place ? place.address || formatCoordinates(place.latitude, place.longitude) : null), [place]);

  const addFiles = (files: FileList | null) => {
    setError(null);
    const chosen = [...(files ?? [])];
    for (const file of chosen) {
      const name = file.name;
      if (!isImage(file) && !isVideo(file)) return setError({ title: t`Файл ${name} не является изображением или видео` });
      const max = isImage(file) ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
      const maxMb = max / 1024 / 1024;
      if (file.size > max) return setError({ title: t`Файл ${name} слишком большой (максимум ${maxMb}MB)` });
    }
    if (attachments.length + chosen.length > MAX_FILES) return setError({ title: t`Не более ${MAX_FILES} файлов в публикации` });
    setAttachments((current) => [...current, ...chosen.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  };

  const removeAttachment = (index: number) =>
    setAttachments((current) => {
      URL.revokeObjectURL(current[index]!.preview);
      return current.filter((_, i) => i !== index);
    });

  const reset = () => {
    attachments.forEach((a) => URL.revokeObjectURL(a.preview));
    setText('');
    setAttachments([]);
    setPlace(null);
    setError(null);
    setExpanded(false);
  };

  const publicationKey = useIdempotencyKey();
  const publish = () => {
    if (!canPublish) {
      if (!sending) setError({ title: t`Добавьте текст или загрузите файлы` });
      return;
    }
    if (!getToken()) return setError({ title: t`Ошибка авторизации. Войдите в систему заново` });
    setSending(true);
    setError(null);
    const uploadables = Object.fromEntries(attachments.map((a, index) => [`input.media.${index}`, a.file]));
    commitMutation<ComposerCreatePublicationMutation>(environment, {
      mutation: createPublicationMutation,
      variables: {
        input: {
          content: text,
          location: place,
          media: attachments.length ? attachments.map(() => null) : null,
          idempotencyKey: publicationKey.forSend(),
          communityId,
        },
        connections: [connectionId ?? ConnectionHandler.getConnectionID(ROOT_ID, FEED_CONNECTION_KEY)],
      },
      uploadables,
      cacheConfig: { metadata: { timeoutMs: PUBLICATION_TIMEOUT_MS } },
      onCompleted: ({ createPublication: result }) => {
        setSending(false);
        if (result.__typename === 'CreatePublicationSuccess') {
          toaster.create({ type: 'success', title: t`Публикация успешно создана!` });
          publicationKey.sent();
          reset();
        } else {
          setError(mutationFailure(result.error, t(CREATE_FAILED)));
        }
      },
      onError: (failure) => {
        setSending(false);
        setError({ title: requestFailureText(failure, CREATE_FAILED) });
      },
    });
  };

  if (!expanded) {
    return (
      <Card.Root>
        <Card.Body py="4">
          <Button
            variant="outline"
            colorPalette="gray"
            justifyContent="flex-start"
            color="fg.muted"
            fontWeight="normal"
            rounded="full"
            data-testid="composer-prompt"
            onClick={() => {
              setExpanded(true);
              requestAnimationFrame(() => textArea.current?.focus());
            }}
          >
            <Trans>Что у вас нового, {firstName}?</Trans>
          </Button>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root data-testid="composer">
      <Card.Body>
        <Stack gap="3">
          <Textarea
            ref={textArea}
            aria-label={t`Текст публикации`}
            placeholder={t`Что у вас нового, ${firstName}?`}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autoresize
            minH="24"
            maxLength={5000}
            data-testid="composer-text"
          />
          {attachments.length > 0 && (
            <Grid templateColumns="repeat(auto-fill, minmax(7rem, 1fr))" gap="2" data-testid="composer-attachments">
              {attachments.map((attachment, index) => {
                const name = attachment.file.name;
                return (
                  <Box key={attachment.preview} position="relative" rounded="md" overflow="hidden" bg="bg.muted" aspectRatio="1">
                    {isImage(attachment.file) ? (
                      <img
                        src={attachment.preview}
                        alt={attachment.file.name}
                        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                      />
                    ) : (
                      <Stack align="center" justify="center" h="full" p="2" gap="1" color="fg.muted">
                        <Film size={24} aria-hidden="true" />
                        <Text fontSize="xs" truncate maxW="full">
                          {attachment.file.name}
                        </Text>
                      </Stack>
                    )}
                    <CloseButton
                      size="2xs"
                      variant="solid"
                      position="absolute"
                      top="1"
                      right="1"
                      aria-label={t`Убрать файл ${name}`}
                      onClick={() => removeAttachment(index)}
                    />
                  </Box>
                );
              })}
            </Grid>
          )}
          {placeLabel && (
            <HStack gap="2" fontSize="sm" color="brand.fg" data-testid="composer-place">
              <MapPin size={16} aria-hidden="true" />
              <Text truncate>{placeLabel}</Text>
              <CloseButton size="2xs" aria-label={t`Убрать место`} onClick={() => setPlace(null)} />
            </HStack>
          )}
          {error && <FailureAlert failure={error} testId="composer-error" />}
          <HStack gap="2" wrap="wrap">
            <input
              ref={fileInput}
              type="file"
              accept="image/*,video/*"
              multiple
              hidden
              data-testid="composer-files"
              onChange={(event) => {
                addFiles(event.currentTarget.files);
                event.currentTarget.value = '';
              }}
            />
            <Button variant="ghost" size="sm" onClick={() => fileInput.current?.click()} disabled={sending}>
              <ImagePlus size={16} aria-hidden="true" />
              <Trans>Фото или видео</Trans>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setPlaceOpen(true)}
              disabled={sending}
              data-testid="composer-place-button"
            >
              <MapPin size={16} aria-hidden="true" />
              <Trans>Место</Trans>
            </Button>
            <HStack gap="2" ml="auto">
              <Button variant="ghost" size="sm" onClick={reset} disabled={sending}>
                <Trans>Отмена</Trans>
              </Button>
              <Button
                colorPalette="brand"
                size="sm"
                onClick={publish}
                // Looks disabled while there is nothing to publish, but a click says why (the spec's text).
                disabled={sending}
                aria-disabled={!canPublish}
                loading={sending}
                data-testid="composer-publish"
              >
                <Send size={16} aria-hidden="true" />
                <Trans>Опубликовать</Trans>
              </Button>
            </HStack>
          </HStack>
        </Stack>
      </Card.Body>
      <PlacePicker query={data} open={placeOpen} initial={place} onClose={() => setPlaceOpen(false)} onChoose={setPlace} />
    </Card.Root>
  );
}
