import { useMemo, useRef, useState } from 'react';
import { Box, Button, Center, HStack, IconButton, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, FolderOpen, Trash2, Upload as UploadIcon } from 'lucide-react';
import { graphql, useLazyLoadQuery, useMutation, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { FilesTabQuery } from '../../../__generated__/FilesTabQuery.graphql';
import type { FilesTabDeleteMutation } from '../../../__generated__/FilesTabDeleteMutation.graphql';
import type { FilesTabChangedSubscription } from '../../../__generated__/FilesTabChangedSubscription.graphql';
import { mutationErrorText } from '../../../relay/mutationError';
import { formatDateTime } from '../../../i18n/format';
import { formatFileSize } from '../../messenger/fileSize';
import { FormError } from '../../../components/FormError';
import { useMeeting } from '../MeetingContext';
import { useRoomFileUpload } from './useRoomFileUpload';

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
  const input = useRef<HTMLInputElement>(null);
  // The list is the server's (with fresh signed links): read again after an upload.
  const { start, progress, percent, error, setError } = useRoomFileUpload(data.room?.databaseId, () =>
    setFetchKey((key) => key + 1),
  );

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
      <FormError error={error} fontSize="sm" color="red.300" testId="room-file-error" />
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
