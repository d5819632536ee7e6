import { useState } from 'react';
import { Badge, Box, Button, Card, Center, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, FileAudio, FileImage, FileText, FileVideo, Trash2 } from 'lucide-react';
import { graphql, useMutation, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { FilesPanelQuery } from '../../../__generated__/FilesPanelQuery.graphql';
import type { FilesPanel_query$data, FilesPanel_query$key } from '../../../__generated__/FilesPanel_query.graphql';
import type { FilesPaginationQuery } from '../../../__generated__/FilesPaginationQuery.graphql';
import type { FilesPanelDeleteMutation } from '../../../__generated__/FilesPanelDeleteMutation.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../i18n/format';
import { mutationErrorText } from '../../../relay/mutationError';
import { formatFileSize } from '../../messenger/fileSize';
import type { SectionPanelProps } from '../socialSections';
import { FILES_PAGE_SIZE } from './filesPageSize';

const filesPanelQuery = graphql`
  query FilesPanelQuery($count: Int!) {
    ...FilesPanel_query @arguments(count: $count)
  }
`;

const filesFragment = graphql`
  fragment FilesPanel_query on Query
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "FilesPaginationQuery") {
    myFiles(first: $count, after: $cursor) @connection(key: "FilesPanel_myFiles") {
      __id
      edges {
        node {
          id
          name
          kind
          mimeType
          size
          createdAt
          url
          place {
            kind
            title
            isVideo
            recipientId
          }
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation FilesPanelDeleteMutation($id: ID!, $connections: [ID!]!) {
    deleteMyFile(id: $id) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on DeleteMyFileSuccess {
        deletedId @deleteEdge(connections: $connections)
      }
    }
  }
`;

type SharedFile = FilesPanel_query$data['myFiles']['edges'][number]['node'];
type Place = SharedFile['place'];

function FileIcon({ mimeType }: { mimeType: string }) {
  const Icon = mimeType.startsWith('image/')
    ? FileImage
    : mimeType.startsWith('video/')
      ? FileVideo
      : mimeType.startsWith('audio/')
        ? FileAudio
        : FileText;
  return <Icon size={28} aria-hidden="true" />;
}

/** Where the file was shared, as a link to that place of the site. */
function PlaceLink({ place }: { place: Place }) {
  const { t } = useLingui();
  const where = {
    PUBLICATION: { label: t`Публикация`, to: '/social' },
    GALLERY: { label: place.isVideo ? t`Видео` : t`Фото`, to: `/social?section=${place.isVideo ? 'videos' : 'photos'}` },
    CONVERSATION: {
      label: t`Переписка`,
      to: place.recipientId
        ? `/social?section=messenger&recipient=${encodeURIComponent(place.recipientId)}`
        : '/social?section=messenger',
    },
    ROOM: { label: t`Комната`, to: '/video-calls' },
  }[place.kind as string];
  if (!where) return <Text color="fg.muted">{t`Больше нигде не показан`}</Text>;
  return (
    <Link asChild color="brand.fg" data-testid="file-place">
      <RouterLink to={where.to}>
        {where.label}
        {place.title ? `: ${place.title}` : ''}
      </RouterLink>
    </Link>
  );
}

/**
 * The /social files section: every file the member shared (message attachments, voice messages,
 * publication media, gallery items, room files), newest first, with its type, size and where it
 * was shared; the member downloads or deletes each.
 */
export default function FilesPanel({ queryRef }: SectionPanelProps) {
  const { t } = useLingui();
  const query = usePreloadedQuery<FilesPanelQuery>(filesPanelQuery, queryRef as PreloadedQuery<FilesPanelQuery>);
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<FilesPaginationQuery, FilesPanel_query$key>(
    filesFragment,
    query,
  );
  const [deleting, setDeleting] = useState<SharedFile | null>(null);
  const [remove, removing] = useMutation<FilesPanelDeleteMutation>(deleteMutation);
  const edges = data.myFiles.edges;

  const confirmDelete = () => {
    if (!deleting) return;
    remove({
      variables: { id: deleting.id, connections: [data.myFiles.__id] },
      onCompleted: ({ deleteMyFile: result }) => {
        if (result.error) toaster.create({ type: 'error', title: mutationErrorText(result.error, t`Не удалось удалить файл`) });
        else toaster.create({ type: 'success', title: t`Файл удалён` });
        setDeleting(null);
      },
      onError: () => setDeleting(null),
    });
  };

  if (edges.length === 0) {
    return (
      <Card.Root data-testid="files-empty">
        <Card.Body>
          <Center py="8">
            <Text color="fg.muted" textAlign="center">
              <Trans>
                Здесь появятся файлы, которыми вы поделились: вложения сообщений, фото и видео публикаций, файлы комнат.
              </Trans>
            </Text>
          </Center>
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Stack gap="3" data-testid="files">
      {edges.map(({ node: file }) => (
        <Card.Root key={file.id} size="sm" data-testid="file-row" data-name={file.name}>
          <Card.Body>
            <HStack gap="3" align="start">
              <Box color="brand.fg" flexShrink={0} pt="1">
                <FileIcon mimeType={file.mimeType} />
              </Box>
              <Stack gap="1" flex="1" minW="0">
                <Text fontWeight="medium" truncate title={file.name}>
                  {file.name}
                </Text>
                <HStack gap="2" flexWrap="wrap" fontSize="sm" color="fg.muted">
                  <Badge size="sm">{file.mimeType}</Badge>
                  <Text data-testid="file-size">{formatFileSize(file.size)}</Text>
                  <Text>{formatDateTime(file.createdAt)}</Text>
                </HStack>
                <Box fontSize="sm">
                  <PlaceLink place={file.place} />
                </Box>
              </Stack>
              <HStack gap="1" flexShrink={0}>
                {file.url && (
                  <IconButton asChild size="sm" variant="ghost" aria-label={t`Скачать ${file.name}`}>
                    <a href={file.url} download={file.name}>
                      <Download size={16} />
                    </a>
                  </IconButton>
                )}
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t`Удалить ${file.name}`}
                  onClick={() => setDeleting(file)}
                  data-testid="file-delete"
                >
                  <Trash2 size={16} />
                </IconButton>
              </HStack>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
      {hasNext && (
        <Button
          variant="outline"
          size="sm"
          alignSelf="center"
          loading={isLoadingNext}
          onClick={() => loadNext(FILES_PAGE_SIZE)}
          data-testid="files-more"
        >
          <Trans>Показать ещё</Trans>
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Удалить файл «${deleting?.name ?? ''}»?`}
        confirmLabel={t`Удалить`}
        destructive
        loading={removing}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <Trans>Файл исчезнет и оттуда, где вы им поделились.</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
