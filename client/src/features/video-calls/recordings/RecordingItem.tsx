import { useState } from 'react';
import { Box, Card, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Download, Pencil, Play, Trash2, X } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { RecordingItem_recording$key } from '../../../__generated__/RecordingItem_recording.graphql';
import type { RecordingItemRenameMutation } from '../../../__generated__/RecordingItemRenameMutation.graphql';
import type { RecordingItemDeleteMutation } from '../../../__generated__/RecordingItemDeleteMutation.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../i18n/format';
import { mutationErrorText } from '../../../relay/mutationError';
import { removeFromRootList } from '../../../relay/rootList';
import { formatDuration } from '../texts';

const fragment = graphql`
  fragment RecordingItem_recording on Recording {
    id
    title
    createdAt
    durationSeconds
    sizeText
    url
    downloadUrl
    viewerIsOwner
    room {
      name
    }
  }
`;

const renameMutation = graphql`
  mutation RecordingItemRenameMutation($id: ID!, $title: String!) {
    renameRecording(id: $id, input: { title: $title }) {
      ...mutationError_error @alias(as: "error")
      ... on RecordingPayload {
        recording {
          id
          title
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation RecordingItemDeleteMutation($id: ID!) {
    deleteRecording(id: $id) {
      ...mutationError_error @alias(as: "error")
      ... on DeleteRecordingSuccess {
        deletedId
      }
    }
  }
`;

/** One recording: title, room, date, length, size; play, download, and (for the one who made it) rename and delete. */
export function RecordingItem({ recording: key }: { recording: RecordingItem_recording$key }) {
  const { t } = useLingui();
  const recording = useFragment(fragment, key);
  const [playing, setPlaying] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [rename, renaming] = useMutation<RecordingItemRenameMutation>(renameMutation);
  const [remove, removing] = useMutation<RecordingItemDeleteMutation>(deleteMutation);
  const failed = (fallback: string) => () => {
    toaster.create({ type: 'error', title: fallback });
  };

  const saveTitle = () => {
    if (editing === null) return;
    rename({
      variables: { id: recording.id, title: editing },
      onCompleted: ({ renameRecording }) => {
        if (renameRecording.error)
          toaster.create({ type: 'error', title: mutationErrorText(renameRecording.error, t`Не удалось переименовать запись`) });
        else setEditing(null);
      },
      onError: failed(t`Не удалось переименовать запись`),
    });
  };

  const confirmDelete = () =>
    remove({
      variables: { id: recording.id },
      // Out of the tab's list once deleted: the record alone (@deleteRecord) left the list a null item, and the tab crashed on it.
      updater: (store, response) => {
        if (response?.deleteRecording.deletedId) removeFromRootList(store, { field: 'recordings' }, recording.id);
      },
      onCompleted: ({ deleteRecording }) => {
        setConfirming(false);
        if (deleteRecording.error)
          toaster.create({ type: 'error', title: mutationErrorText(deleteRecording.error, t`Не удалось удалить запись`) });
      },
      onError: failed(t`Не удалось удалить запись`),
    });

  const duration = formatDuration(recording.durationSeconds);
  return (
    <Card.Root size="sm" bg="whiteAlpha.50" borderColor="whiteAlpha.200" color="white" data-testid="recording-item">
      <Card.Body gap="2" p="3">
        {editing === null ? (
          <Text fontWeight="semibold" lineClamp={2} data-testid="recording-title">
            {recording.title}
          </Text>
        ) : (
          <HStack gap="1">
            <Input
              size="sm"
              value={editing}
              maxLength={200}
              aria-label={t`Название записи`}
              data-testid="recording-title-input"
              onChange={(event) => setEditing(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && saveTitle()}
            />
            <IconButton
              size="sm"
              aria-label={t`Сохранить`}
              loading={renaming}
              onClick={saveTitle}
              data-testid="recording-title-save"
            >
              <Check size={16} />
            </IconButton>
            <IconButton size="sm" variant="ghost" color="white" aria-label={t`Отмена`} onClick={() => setEditing(null)}>
              <X size={16} />
            </IconButton>
          </HStack>
        )}
        <Stack gap="0" fontSize="xs" color="whiteAlpha.700">
          <Text>
            <Trans>Комната: {recording.room.name}</Trans>
          </Text>
          <Text>
            {formatDateTime(recording.createdAt)} · {duration} · {recording.sizeText}
          </Text>
        </Stack>
        {playing && (
          <Box asChild w="full" rounded="md" bg="black">
            <video src={recording.url} controls autoPlay playsInline data-testid="recording-player" />
          </Box>
        )}
        <HStack gap="1" flexWrap="wrap">
          <IconButton
            size="sm"
            variant="subtle"
            aria-label={playing ? t`Скрыть проигрыватель` : t`Воспроизвести`}
            title={playing ? t`Скрыть проигрыватель` : t`Воспроизвести`}
            onClick={() => setPlaying((value) => !value)}
            data-testid="recording-play"
          >
            {playing ? <X size={16} /> : <Play size={16} />}
          </IconButton>
          <IconButton asChild size="sm" variant="subtle" aria-label={t`Скачать`} title={t`Скачать`}>
            <a href={recording.downloadUrl} download data-testid="recording-download">
              <Download size={16} />
            </a>
          </IconButton>
          {recording.viewerIsOwner && (
            <>
              <IconButton
                size="sm"
                variant="subtle"
                aria-label={t`Переименовать`}
                title={t`Переименовать`}
                onClick={() => setEditing(recording.title)}
                data-testid="recording-rename"
              >
                <Pencil size={16} />
              </IconButton>
              <IconButton
                size="sm"
                variant="subtle"
                colorPalette="red"
                aria-label={t`Удалить`}
                title={t`Удалить`}
                onClick={() => setConfirming(true)}
                data-testid="recording-delete"
              >
                <Trash2 size={16} />
              </IconButton>
            </>
          )}
        </HStack>
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Удалить запись?</Trans>}
        confirmLabel={<Trans>Удалить</Trans>}
        destructive
        loading={removing}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      >
        <Trans>Запись «{recording.title}» будет удалена без возможности восстановления.</Trans>
      </ConfirmDialog>
    </Card.Root>
  );
}
