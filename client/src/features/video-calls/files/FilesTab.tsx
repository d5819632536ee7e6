import { useMemo, useRef, useState } from 'react';
import { Box, Button, Center, HStack, IconButton, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, FolderOpen, Trash2, Upload as UploadIcon } from 'lucide-react';
import { graphql, useLazyLoadQuery, useMutation, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { Upload } from 'tus-js-client';
import type { FilesTabQuery } from '../../../__generated__/FilesTabQuery.graphql';
import type { FilesTabDeleteMutation } from '../../../__generated__/FilesTabDeleteMutation.graphql';
import type { FilesTabChangedSubscription } from '../../../__generated__/FilesTabChangedSubscription.graphql';
import { getToken } from '../../../relay/environment';
import { mutationErrorText } from '../../../relay/mutationError';
import { formatDateTime } from '../../../i18n/format';
import { formatFileSize } from '../../messenger/fileSize';
import { useMeeting } from '../MeetingContext';

/** Where room files are uploaded (tus, see server/src/http/roomFileUploads.ts); 100 MB each. */
const UPLOADS_ENDPOINT = '/api/zoomvisor/uploads';
const MAX_BYTES = 100 * 1024 * 1024;
/** PATCH size: a dropped connection costs at most one chunk's retransmission, and tus resumes from the last offset. */
const CHUNK_BYTES = 5 * 1024 * 1024;
/** Retries after a failed request (a dropped connection): tus asks the server's offset and continues. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

const filesQuery = graphql`
  query FilesTabQuery($roomId: ID!) {
    room: node(id: $roomId) {
      ... on Room {
        databaseId
      }
    }
    roomFiles(roomId: $roomId) {
      id
      name
      size
      createdAt
      downloadUrl
      viewerCanDelete
      uploader {
        fullName
      }
    }
  }
`;

/** Anyone's upload or delete in the room: the list is read again (with fresh signed links). */
const filesChangedSubscription = graphql`
  subscription FilesTabChangedSubscription($roomId: ID!) {
    roomFilesChanged(roomId: $roomId) {
      id
    }
  }
`;

const deleteMutation = graphql`
  mutation FilesTabDeleteMutation($id: ID!) {
    deleteRoomFile(id: $id) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on DeleteRoomFileSuccess {
        deletedId
      }
    }
  }
`;

/** The server's refusal text (`{detail}`) of a failed tus request, if it sent one. */
function refusalText(error: Error): string | null {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  if (!body) return null;
  try {
    const detail = (JSON.parse(body) as { detail?: unknown }).detail;
    return typeof detail === 'string' ? detail : null;
  } catch {
    return null;
  }
}

type Progress = { name: string; sent: number; total: number; reconnecting: boolean };

/** The files tab: the current room's files (download, delete) and an upload with its progress. */
export function FilesTab() {
  const { call } = useMeeting();
  if (!call.room) {
    return (
      <Center py="10" px="4" textAlign="center" color="whiteAlpha.800" data-testid="files-no-room">
        <Stack align="center" gap="3">
          <FolderOpen size={32} aria-hidden="true" />
          <Text fontSize="sm">
            <Trans>Войдите в комнату, чтобы видеть её файлы и делиться своими.</Trans>
          </Text>
        </Stack>
      </Center>
    );
  }
  return <RoomFiles roomId={call.room.id} />;
}

function RoomFiles({ roomId }: { roomId: string }) {
  const { t } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<FilesTabQuery>(filesQuery, { roomId }, { fetchKey, fetchPolicy: 'store-and-network' });
  useSubscription(
    useMemo<GraphQLSubscriptionConfig<FilesTabChangedSubscription>>(
      () => ({
        subscription: filesChangedSubscription,
        variables: { roomId },
        onNext: () => setFetchKey((key) => key + 1),
        onError: () => {},
      }),
      [roomId],
    ),
  );
  const [commitDelete] = useMutation<FilesTabDeleteMutation>(deleteMutation);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<Upload | null>(null);

  const start = (file: File) => {
    setError(null);
    if (file.size > MAX_BYTES) return setError(t`Файл ${file.name} слишком большой (максимум 100 МБ)`);
    const databaseId = data.room?.databaseId;
    if (databaseId == null) return;
    setProgress({ name: file.name, sent: 0, total: file.size, reconnecting: false });
    const current = new Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { roomId: String(databaseId), filename: file.name },
      headers: { authorization: `Bearer ${getToken() ?? ''}` },
      // Resuming across page loads would need the same file picked again; within a page tus resumes itself.
      storeFingerprintForResuming: false,
      onProgress: (sent, total) => setProgress({ name: file.name, sent, total, reconnecting: false }),
      // Told before each retry: the connection dropped, tus will ask the server where to continue.
      onShouldRetry: () => {
        setProgress((shown) => shown && { ...shown, reconnecting: true });
        return true;
      },
      onError: (failure) => {
        upload.current = null;
        setProgress(null);
        setError(refusalText(failure) ?? t`Не удалось загрузить файл ${file.name}`);
      },
      onSuccess: () => {
        upload.current = null;
        setProgress(null);
        // The list is the server's (with fresh signed links): read it again.
        setFetchKey((key) => key + 1);
      },
    });
    upload.current = current;
    current.start();
  };

  const remove = (id: string, name: string) => {
    if (!window.confirm(t`Вы уверены, что хотите удалить этот файл?`)) return;
    commitDelete({
      variables: { id },
      // Out of this room's list; the list is a root field keyed by the room.
      updater: (store, result) => {
        if (result?.deleteRoomFile.__typename !== 'DeleteRoomFileSuccess') return;
        const root = store.getRoot();
        const files = root.getLinkedRecords('roomFiles', { roomId }) ?? [];
        root.setLinkedRecords(
          files.filter((file) => file?.getDataID() !== id),
          'roomFiles',
          { roomId },
        );
      },
      onCompleted: ({ deleteRoomFile }) => {
        if (deleteRoomFile.__typename !== 'DeleteRoomFileSuccess') {
          setError(mutationErrorText(deleteRoomFile.error, t`Ошибка при удалении файла ${name}`));
        }
      },
      onError: () => setError(t`Ошибка при удалении файла ${name}`),
    });
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;

  return (
    <Stack gap="3" data-testid="room-files">
      <input
        ref={input}
        type="file"
        hidden
        data-testid="room-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) start(file);
        }}
      />
      <Button
        size="sm"
        colorPalette="brand"
        onClick={() => input.current?.click()}
        disabled={!!progress}
        data-testid="room-file-upload"
      >
        <UploadIcon size={16} aria-hidden="true" />
        <Trans>Загрузить файл (до 100 МБ)</Trans>
      </Button>
      {progress && (
        <Box data-testid="room-file-progress" aria-live="polite">
          <Text fontSize="xs" color="whiteAlpha.800" truncate>
            {progress.reconnecting ? (
              <Trans>
                {progress.name}: связь прервалась, продолжаем с {percent}%…
              </Trans>
            ) : (
              <Trans>
                {progress.name}: {percent}%
              </Trans>
            )}
          </Text>
          <Progress.Root value={percent} size="sm" colorPalette="brand" mt="1" w="full">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
      )}
      {error && (
        <Text fontSize="sm" color="red.300" role="alert" data-testid="room-file-error">
          {error}
        </Text>
      )}
      {data.roomFiles.length === 0 ? (
        <Text fontSize="sm" color="whiteAlpha.700" textAlign="center" py="6">
          <Trans>Файлами пока не делились</Trans>
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {data.roomFiles.map((file) => (
            <HStack as="li" key={file.id} gap="2" align="start" data-testid="room-file" data-file-name={file.name}>
              <Box flex="1" minW="0">
                <Text fontSize="sm" fontWeight="medium" color="white" truncate title={file.name}>
                  {file.name}
                </Text>
                <Text fontSize="xs" color="whiteAlpha.700">
                  {formatFileSize(file.size)} · {file.uploader?.fullName ?? t`Удалённый участник`} ·{' '}
                  {formatDateTime(file.createdAt)}
                </Text>
              </Box>
              <IconButton asChild size="sm" variant="ghost" color="white" aria-label={t`Скачать ${file.name}`}>
                <Link href={file.downloadUrl} download={file.name} data-testid="room-file-download">
                  <Download size={16} />
                </Link>
              </IconButton>
              {file.viewerCanDelete && (
                <IconButton
                  size="sm"
                  variant="ghost"
                  color="white"
                  aria-label={t`Удалить ${file.name}`}
                  onClick={() => remove(file.id, file.name)}
                  data-testid="room-file-delete"
                >
                  <Trash2 size={16} />
                </IconButton>
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
