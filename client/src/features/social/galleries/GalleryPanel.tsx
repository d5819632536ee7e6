import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Card, Center, Grid, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Film, Play, Upload } from 'lucide-react';
import {
  commitMutation,
  graphql,
  usePaginationFragment,
  usePreloadedQuery,
  useRelayEnvironment,
  type PreloadedQuery,
} from 'react-relay/hooks';
import { ConnectionHandler, ROOT_ID } from 'relay-runtime';
import type { GalleryPanelQuery, GalleryKind } from '../../../__generated__/GalleryPanelQuery.graphql';
import type { SectionPanelProps } from '../socialSections';
import type { GalleryPanel_query$key } from '../../../__generated__/GalleryPanel_query.graphql';
import type { GalleryPaginationQuery } from '../../../__generated__/GalleryPaginationQuery.graphql';
import type { GalleryPanelUploadMutation } from '../../../__generated__/GalleryPanelUploadMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { formatDate } from '../../../i18n/format';
import { formatDuration } from '../format';
import { FailureAlert } from '../FailureAlert';
import { MediaViewer } from '../MediaViewer';
import { mutationFailure } from '../../../relay/mutationError';
import {
  isImage,
  isVideo,
  MAX_FILES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  PHOTO_UPLOAD_TIMEOUT_MS,
  requestFailureText,
} from '../uploads';

const galleryPanelQuery = graphql`
  query GalleryPanelQuery($kind: GalleryKind!) {
    ...GalleryPanel_query @arguments(kind: $kind)
  }
`;

const galleryFragment = graphql`
  fragment GalleryPanel_query on Query
  @argumentDefinitions(kind: { type: "GalleryKind!" }, count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" })
  @refetchable(queryName: "GalleryPaginationQuery") {
    gallery(kind: $kind, first: $count, after: $cursor) @connection(key: "GalleryPanel_gallery", filters: ["kind"]) {
      edges {
        node {
          id
          ...GalleryPanel_item @relay(mask: false)
        }
      }
    }
  }
`;

graphql`
  fragment GalleryPanel_item on GalleryItem {
    id
    kind
    title
    url
    thumbnailUrl
    uploadDate
    durationSeconds
  }
`;

const uploadMutation = graphql`
  mutation GalleryPanelUploadMutation($kind: GalleryKind!, $files: [File!]!, $title: String, $connections: [ID!]!) {
    uploadGalleryMedia(kind: $kind, files: $files, title: $title) {
      __typename
      ... on UploadGalleryMediaSuccess {
        items @prependNode(connections: $connections, edgeTypeName: "QueryGalleryConnectionEdge") {
          ...GalleryPanel_item @relay(mask: false)
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Spec section 9: the gallery feed loads 50 items at a time. */
const PAGE_SIZE = 50;
const UPLOAD_FAILED = msg`Ошибка загрузки фото`;
const VIDEO_UPLOAD_FAILED = msg`Ошибка загрузки видео`;

/** The photos or the videos sub-screen of /social: the member's gallery, uploads, the full-screen viewer. */
export default function GalleryPanel({ queryRef }: SectionPanelProps) {
  const preloaded = queryRef as PreloadedQuery<GalleryPanelQuery>;
  const query = usePreloadedQuery<GalleryPanelQuery>(galleryPanelQuery, preloaded);
  return <Gallery query={query} kind={preloaded.variables.kind} />;
}

function Gallery({ query, kind }: { query: GalleryPanel_query$key; kind: GalleryKind }) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<GalleryPaginationQuery, GalleryPanel_query$key>(
    galleryFragment,
    query,
  );
  const [viewing, setViewing] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const photos = kind === 'PHOTO';
  const items = data.gallery.edges.map((edge) => edge.node);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNext || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isLoadingNext) loadNext(PAGE_SIZE);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNext, isLoadingNext, loadNext]);

  /** Spec section 5: images only for photos (videos only for videos), at most 10 MB a photo. */
  const check = (files: File[]) => {
    if (files.length > MAX_FILES) return t`Не более ${MAX_FILES} файлов за один раз`;
    for (const file of files) {
      const name = file.name;
      if (photos && !isImage(file)) return t`Файл ${name} не является изображением`;
      if (!photos && !isVideo(file)) return t`Файл ${name} не является видео`;
      const max = photos ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
      const maxMb = max / 1024 / 1024;
      if (file.size > max) return t`Файл ${name} слишком большой (максимум ${maxMb}MB)`;
    }
    return null;
  };

  const upload = (files: File[]) => {
    setError(null);
    if (files.length === 0) return;
    const problem = check(files);
    if (problem) return setError({ title: problem });
    setUploading(true);
    const failed = photos ? UPLOAD_FAILED : VIDEO_UPLOAD_FAILED;
    commitMutation<GalleryPanelUploadMutation>(environment, {
      mutation: uploadMutation,
      variables: {
        kind,
        files: files.map(() => null),
        title: title.trim() || null,
        connections: [ConnectionHandler.getConnectionID(ROOT_ID, 'GalleryPanel_gallery', { kind })],
      },
      uploadables: Object.fromEntries(files.map((file, index) => [`files.${index}`, file])),
      cacheConfig: { metadata: { timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS } },
      onCompleted: ({ uploadGalleryMedia: result }) => {
        setUploading(false);
        if (result.__typename === 'UploadGalleryMediaSuccess') {
          const n = result.items?.length ?? 0;
          toaster.create({ type: 'success', title: photos ? t`${n} фото успешно загружено!` : t`${n} видео успешно загружено!` });
          setTitle('');
        } else {
          setError(mutationFailure(result.error, t(failed)));
        }
      },
      onError: (failure) => {
        setUploading(false);
        setError({ title: requestFailureText(failure, failed) });
      },
    });
  };

  return (
    <Stack gap="5">
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Heading as="h1" size="lg">
                {photos ? <Trans>Фото</Trans> : <Trans>Видео</Trans>}
              </Heading>
              <Badge colorPalette="brand" data-testid="gallery-count">
                {items.length}
                {hasNext ? '+' : ''}
              </Badge>
            </HStack>
            <HStack gap="2" wrap="wrap">
              <Input
                maxW="sm"
                size="sm"
                placeholder={t`Название (необязательно)`}
                aria-label={t({ message: 'Название', context: 'title of a photo or video' })}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                maxLength={200}
                data-testid="gallery-title"
              />
              <input
                ref={fileInput}
                type="file"
                hidden
                multiple
                accept={photos ? 'image/*' : 'video/*'}
                data-testid="gallery-files"
                onChange={(event) => {
                  upload([...(event.currentTarget.files ?? [])]);
                  event.currentTarget.value = '';
                }}
              />
              <Button
                size="sm"
                colorPalette="brand"
                onClick={() => fileInput.current?.click()}
                loading={uploading}
                data-testid="gallery-upload"
              >
                <Upload size={16} aria-hidden="true" />
                {photos ? <Trans>Загрузить фото</Trans> : <Trans>Загрузить видео</Trans>}
              </Button>
            </HStack>
            {error && <FailureAlert failure={error} testId="gallery-error" />}
          </Stack>
        </Card.Body>
      </Card.Root>

      {items.length === 0 ? (
        <Card.Root data-testid="gallery-empty">
          <Card.Body>
            <Text color="fg.muted" textAlign="center">
              {photos ? (
                <Trans>Здесь появятся ваши фото: загруженные сюда и из ваших публикаций.</Trans>
              ) : (
                <Trans>Здесь появятся ваши видео: загруженные сюда и из ваших публикаций.</Trans>
              )}
            </Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <Grid templateColumns="repeat(auto-fill, minmax(10rem, 1fr))" gap="3" data-testid="gallery">
          {items.map((item, index) => (
            <Box
              key={item.id}
              as="button"
              textAlign="left"
              rounded="lg"
              overflow="hidden"
              bg="bg.panel"
              shadow="sm"
              onClick={() => setViewing(index)}
              data-testid="gallery-item"
            >
              <Box position="relative" aspectRatio="1" bg="bg.muted">
                <img
                  src={item.thumbnailUrl}
                  alt={item.title}
                  loading="lazy"
                  style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
                {item.kind === 'VIDEO' && (
                  <Center position="absolute" inset="0" color="white" bg="blackAlpha.300">
                    <Play size={32} fill="currentColor" aria-hidden="true" />
                  </Center>
                )}
                {item.durationSeconds != null && (
                  <Badge position="absolute" bottom="1" right="1" colorPalette="gray" variant="solid" size="sm">
                    <Film size={10} aria-hidden="true" />
                    {formatDuration(item.durationSeconds)}
                  </Badge>
                )}
              </Box>
              <Stack gap="0" px="2" py="1.5">
                <Text fontSize="sm" fontWeight="medium" truncate data-testid="gallery-item-title">
                  {item.title}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatDate(item.uploadDate)}
                </Text>
              </Stack>
            </Box>
          ))}
        </Grid>
      )}
      <Box ref={sentinel} />
      {hasNext && (
        <Center>
          {isLoadingNext ? (
            <Spinner color="brand.fg" />
          ) : (
            <Button variant="outline" size="sm" onClick={() => loadNext(PAGE_SIZE)}>
              <Trans>Показать ещё</Trans>
            </Button>
          )}
        </Center>
      )}
      <MediaViewer
        items={items.map((item) => ({
          id: item.id,
          kind: item.kind === 'VIDEO' ? 'video' : 'image',
          url: item.url,
          title: item.title,
          caption: formatDate(item.uploadDate),
        }))}
        index={viewing}
        onIndexChange={setViewing}
      />
    </Stack>
  );
}
