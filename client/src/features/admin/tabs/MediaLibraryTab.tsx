import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Field as ChakraField,
  HStack,
  IconButton,
  Input,
  Link,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, File as FileIcon, FileText, Film } from 'lucide-react';
import { RowActions } from '../../../components/RowActions';
import { graphql, useMutation, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { ConnectionHandler } from 'relay-runtime';
import type { MediaLibraryTabQuery } from '../../../__generated__/MediaLibraryTabQuery.graphql';
import type { MediaLibraryTab_query$key, MediaLibraryTab_query$data } from '../../../__generated__/MediaLibraryTab_query.graphql';
import type { MediaLibraryTabPaginationQuery } from '../../../__generated__/MediaLibraryTabPaginationQuery.graphql';
import type { MediaLibraryTabUpdateMutation } from '../../../__generated__/MediaLibraryTabUpdateMutation.graphql';
import type { MediaLibraryTabDeleteMutation } from '../../../__generated__/MediaLibraryTabDeleteMutation.graphql';
import { AppDialog } from '../../../components/AppDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../i18n/format';
import { mutationErrorText } from '../../../relay/mutationError';
import { AdminFormDialog } from '../AdminFormDialog';
import type { AdminTabProps } from '../adminTabs';
import { Field } from '../../../components/ui/field';

export const MEDIA_PAGE_SIZE = 20;

const mediaLibraryTabQuery = graphql`
  query MediaLibraryTabQuery {
    ...MediaLibraryTab_query
  }
`;

const mediaFragment = graphql`
  fragment MediaLibraryTab_query on Query
  @refetchable(queryName: "MediaLibraryTabPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
    mediaFiles(first: $count, after: $cursor) @connection(key: "MediaLibraryTab_mediaFiles") {
      __id
      totalCount
      edges {
        node {
          id
          filename
          originalName
          type
          sizeText
          description
          altText
          url
          createdAt
          uploader {
            firstName
            lastName
            email
          }
        }
      }
    }
  }
`;

const updateMutation = graphql`
  mutation MediaLibraryTabUpdateMutation($id: ID!, $input: UpdateMediaFileInput!) {
    updateMediaFile(id: $id, input: $input) {
      __typename
      ... on MediaFileChange {
        message
        mediaFile {
          id
          filename
          description
          altText
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const deleteMutation = graphql`
  mutation MediaLibraryTabDeleteMutation($id: ID!) {
    deleteMediaFile(id: $id) {
      __typename
      ... on DeleteMediaFileSuccess {
        message
        deletedMediaFileId @deleteRecord
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type MediaRow = NonNullable<MediaLibraryTab_query$data['mediaFiles']['edges'][number]>['node'];

/** The spec's type names, from the extension: image, video, PDF, otherwise file. */
function TypeLabel({ type }: { type: string }) {
  switch (type) {
    case 'IMAGE':
      return <Trans>Изображение</Trans>;
    case 'VIDEO':
      return <Trans>Видео</Trans>;
    case 'PDF':
      return <>PDF</>;
    default:
      return <Trans>Файл</Trans>;
  }
}

function Preview({ file }: { file: MediaRow }) {
  const [broken, setBroken] = useState(false);
  const box = { w: '12', h: '12', rounded: 'md', overflow: 'hidden', bg: 'bg.muted', flexShrink: 0 } as const;
  if (file.type === 'IMAGE' && file.url && !broken) {
    return (
      <Box {...box}>
        <img
          src={file.url}
          alt={file.altText ?? ''}
          loading="lazy"
          onError={() => setBroken(true)}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
    );
  }
  const Icon = file.type === 'VIDEO' ? Film : file.type === 'PDF' ? FileText : FileIcon;
  return (
    <Box {...box} display="flex" alignItems="center" justifyContent="center" color="fg.muted">
      <Icon size={20} aria-hidden="true" />
    </Box>
  );
}

const uploaderName = (file: MediaRow) => (file.uploader ? `${file.uploader.firstName} ${file.uploader.lastName}`.trim() : '—');

function ViewDialog({ file, onClose }: { file: MediaRow; onClose: () => void }) {
  const { t } = useLingui();
  const absolute = file.url ? new URL(file.url, window.location.origin).toString() : '';
  const rows: [React.ReactNode, React.ReactNode][] = [
    [<Trans key="f">Имя файла</Trans>, file.filename],
    [<Trans key="o">Исходное имя</Trans>, file.originalName],
    [<Trans key="t">Тип</Trans>, <TypeLabel key="tl" type={file.type} />],
    [<Trans key="s">Размер</Trans>, file.sizeText],
    [
      <Trans key="u">Загрузил</Trans>,
      file.uploader?.email ? `${uploaderName(file)} (${file.uploader.email})` : uploaderName(file),
    ],
    [<Trans key="d">Дата загрузки</Trans>, formatDateTime(file.createdAt)],
  ];
  return (
    <AppDialog
      onClose={onClose}
      title={file.filename}
      testId="media-view"
      footer={
        <Button variant="outline" onClick={onClose}>
          <Trans>Закрыть</Trans>
        </Button>
      }
    >
      <Stack gap="3">
        {file.type === 'IMAGE' && file.url && (
          <Box maxH="60" overflow="hidden" rounded="md" bg="bg.muted">
            <img src={file.url} alt={file.altText ?? ''} style={{ maxHeight: '15rem', margin: '0 auto' }} />
          </Box>
        )}
        {rows.map(([label, value], index) => (
          <HStack key={index} justify="space-between" gap="4" align="start">
            <Text color="fg.muted">{label}</Text>
            <Text as="div" textAlign="end" wordBreak="break-all">
              {value}
            </Text>
          </HStack>
        ))}
        {absolute && (
          <ChakraField.Root>
            <ChakraField.Label>URL</ChakraField.Label>
            <HStack w="full">
              <Input readOnly value={absolute} data-testid="media-view-url" onFocus={(e) => e.currentTarget.select()} />
              <IconButton asChild variant="outline" aria-label={t`Открыть в новой вкладке`}>
                <Link href={absolute} target="_blank" rel="noopener noreferrer">
                  <ExternalLink size={16} />
                </Link>
              </IconButton>
            </HStack>
          </ChakraField.Root>
        )}
      </Stack>
    </AppDialog>
  );
}

function EditDialog({ file, onClose }: { file: MediaRow; onClose: () => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState({
    filename: file.filename,
    description: file.description ?? '',
    altText: file.altText ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [update, updating] = useMutation<MediaLibraryTabUpdateMutation>(updateMutation);
  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const submit = () => {
    setError(null);
    const fail = (detail: string) => setError(t`Ошибка при обновлении файла: ${detail}`);
    update({
      variables: { id: file.id, input: values },
      onCompleted: ({ updateMediaFile: result }) => {
        if (result.__typename !== 'MediaFileChange') return fail(mutationErrorText(result.error, ''));
        toaster.create({ type: 'success', title: t`Информация о файле обновлена!` });
        onClose();
      },
      onError: (cause) => fail(cause.message),
    });
  };
  return (
    <AdminFormDialog
      formId="admin-media-form"
      title={<Trans>Редактирование файла</Trans>}
      testId="media-edit"
      error={error}
      errorTestId="media-edit-error"
      submitting={updating}
      submitTestId="media-edit-save"
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={<Trans>Имя файла</Trans>} required>
        <Input value={values.filename} onChange={set('filename')} name="filename" />
      </Field>
      <Field label={<Trans>Описание</Trans>}>
        <Textarea value={values.description} onChange={set('description')} name="description" />
      </Field>
      <Field label={<Trans>Альтернативный текст</Trans>}>
        <Input value={values.altText} onChange={set('altText')} name="altText" data-testid="media-edit-alt" />
      </Field>
    </AdminFormDialog>
  );
}

type Dialog = { kind: 'edit' | 'view' | 'delete'; file: MediaRow } | null;

function MediaTable({ query: key }: { query: MediaLibraryTab_query$key }) {
  const { t } = useLingui();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<
    MediaLibraryTabPaginationQuery,
    MediaLibraryTab_query$key
  >(mediaFragment, key);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [remove, removing] = useMutation<MediaLibraryTabDeleteMutation>(deleteMutation);
  const connectionId = data.mediaFiles.__id;
  const edges = data.mediaFiles.edges.filter((edge): edge is NonNullable<typeof edge> => !!edge?.node);

  const confirmDelete = (file: MediaRow) => {
    const failed = (detail: string) => toaster.create({ type: 'error', title: t`Ошибка при удалении файла: ${detail}` });
    remove({
      variables: { id: file.id },
      updater: (store, response) => {
        if (response?.deleteMediaFile.__typename !== 'DeleteMediaFileSuccess') return;
        const connection = store.get(connectionId);
        if (!connection) return;
        ConnectionHandler.deleteNode(connection, file.id);
        connection.setValue(Math.max(0, Number(connection.getValue('totalCount') ?? 1) - 1), 'totalCount');
      },
      onCompleted: ({ deleteMediaFile: result }) => {
        if (result.__typename !== 'DeleteMediaFileSuccess') failed(mutationErrorText(result.error, ''));
        else toaster.create({ type: 'success', title: t`Файл удален!` });
        setDialog(null);
      },
      onError: (cause) => {
        failed(cause.message);
        setDialog(null);
      },
    });
  };

  return (
    <Stack gap="4">
      <HStack gap="2">
        <Text fontWeight="semibold">
          <Trans>Медиафайлы</Trans>
        </Text>
        <Badge colorPalette="brand" data-testid="media-count">
          {data.mediaFiles.totalCount}
        </Badge>
      </HStack>
      {edges.length === 0 ? (
        <Text textAlign="center" color="fg.muted" py="6" data-testid="media-empty">
          <Trans>Медиафайлы не найдены</Trans>
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
          <Table.Root size="sm" data-testid="media-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Превью</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Файл</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Тип</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Размер</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Загрузил</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Дата</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Действия</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {edges.map(({ node }) => (
                <Table.Row key={node.id} data-testid="media-row" data-original-name={node.originalName}>
                  <Table.Cell>
                    <Preview file={node} />
                  </Table.Cell>
                  <Table.Cell maxW="14rem">
                    <Text truncate title={node.filename}>
                      {node.filename}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <TypeLabel type={node.type} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{node.sizeText}</Table.Cell>
                  <Table.Cell>{uploaderName(node)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(node.createdAt)}</Table.Cell>
                  <RowActions
                    view={{ onClick: () => setDialog({ kind: 'view', file: node }), testId: 'media-view-open' }}
                    edit={{ onClick: () => setDialog({ kind: 'edit', file: node }), testId: 'media-edit-open' }}
                    remove={{ onClick: () => setDialog({ kind: 'delete', file: node }), testId: 'media-delete-open' }}
                  />
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {hasNext && (
        <Button variant="outline" alignSelf="center" loading={isLoadingNext} onClick={() => loadNext(MEDIA_PAGE_SIZE)}>
          <Trans>Показать ещё</Trans>
        </Button>
      )}
      {dialog?.kind === 'view' && <ViewDialog file={dialog.file} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditDialog file={dialog.file} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title={<Trans>Удалить файл?</Trans>}
          confirmLabel={<Trans>Удалить</Trans>}
          destructive
          loading={removing}
          onConfirm={() => confirmDelete(dialog.file)}
          onCancel={() => setDialog(null)}
        >
          <Trans>Файл {dialog.file.filename} будет удалён из хранилища; там, где он показывался, появится заглушка.</Trans>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** The media library: every stored file of the platform, with view, edit (name, description, alt text) and delete. */
export default function MediaLibraryTab({ queryRef }: AdminTabProps) {
  const data = usePreloadedQuery<MediaLibraryTabQuery>(mediaLibraryTabQuery, queryRef as PreloadedQuery<MediaLibraryTabQuery>);
  return (
    <Stack gap="4" data-testid="admin-media">
      <MediaTable query={data} />
    </Stack>
  );
}
