import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Heading,
  HStack,
  Portal,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, Reply } from 'lucide-react';
import {
  graphql,
  useFragment,
  useMutation,
  usePaginationFragment,
  usePreloadedQuery,
  type PreloadedQuery,
} from 'react-relay/hooks';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { SupportTabQuery } from '../../../__generated__/SupportTabQuery.graphql';
import type { SupportTab_query$key } from '../../../__generated__/SupportTab_query.graphql';
import type { SupportTabPaginationQuery } from '../../../__generated__/SupportTabPaginationQuery.graphql';
import type { SupportTab_message$key } from '../../../__generated__/SupportTab_message.graphql';
import type { SupportTabMarkReadMutation } from '../../../__generated__/SupportTabMarkReadMutation.graphql';
import type { SupportTabReplyMutation } from '../../../__generated__/SupportTabReplyMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../i18n/format';
import { mutationErrorText } from '../../../relay/mutationError';
import type { AdminTabProps } from '../adminTabs';
import { Field } from '../../../components/ui/field';

export const SUPPORT_PAGE_SIZE = 20;
const REPLY_MAX = 5000;

const supportTabQuery = graphql`
  query SupportTabQuery {
    supportUnreadCount
    ...SupportTab_query
  }
`;

const inboxFragment = graphql`
  fragment SupportTab_query on Query
  @refetchable(queryName: "SupportTabPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
    supportMessages(first: $count, after: $cursor) @connection(key: "SupportTab_supportMessages") {
      edges {
        node {
          id
          subject
          preview
          isRead
          priority
          createdAt
          user {
            firstName
            lastName
            email
          }
          replies {
            databaseId
          }
          ...SupportTab_message
        }
      }
    }
  }
`;

const messageFragment = graphql`
  fragment SupportTab_message on SupportMessage {
    id
    subject
    content
    isRead
    createdAt
    user {
      firstName
      lastName
      email
    }
    replies {
      databaseId
      content
      createdAt
      author {
        firstName
        lastName
      }
    }
  }
`;

const markReadMutation = graphql`
  mutation SupportTabMarkReadMutation($id: ID!) {
    markSupportMessageRead(id: $id) {
      __typename
      ... on MarkSupportMessageReadSuccess {
        unreadCount
        supportMessage {
          id
          isRead
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const replyMutation = graphql`
  mutation SupportTabReplyMutation($input: ReplyToSupportMessageInput!) {
    replyToSupportMessage(input: $input) {
      __typename
      ... on ReplyToSupportMessageSuccess {
        unreadCount
        supportMessage {
          ...SupportTab_message
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** The badge of new messages (the tab's header and the sidebar read the same root field). */
const setUnreadCount = (store: RecordSourceSelectorProxy, count: number | null | undefined) => {
  if (typeof count === 'number') store.getRoot().setValue(count, 'supportUnreadCount');
};

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

function MessageDialog({ message, onClose }: { message: SupportTab_message$key; onClose: () => void }) {
  const { t } = useLingui();
  const data = useFragment(messageFragment, message);
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, sending] = useMutation<SupportTabReplyMutation>(replyMutation);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!reply.trim()) return setError(t`Введите текст ответа`);
    const fail = (text: string) => setError(text || t`Ошибка при отправке ответа`);
    send({
      variables: { input: { messageId: data.id, reply } },
      updater: (store, response) => {
        const result = response?.replyToSupportMessage;
        if (result?.__typename === 'ReplyToSupportMessageSuccess') setUnreadCount(store, result.unreadCount);
      },
      onCompleted: ({ replyToSupportMessage: result }) => {
        if (result.__typename !== 'ReplyToSupportMessageSuccess') return fail(mutationErrorText(result.error, ''));
        toaster.create({ type: 'success', title: t`Ответ отправлен!` });
        setReply('');
      },
      onError: () => fail(''),
    });
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="support-dialog">
            <Dialog.Header>
              <Dialog.Title wordBreak="break-word">{data.subject}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {fullName(data.user)}
                  {data.user.email ? ` · ${data.user.email}` : ''} · {formatDateTime(data.createdAt)}
                </Text>
                <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="support-dialog-content">
                  {data.content}
                </Text>
                {data.replies.map((item) => (
                  <Box
                    key={item.databaseId}
                    borderStartWidth="3px"
                    borderColor="brand.border"
                    bg="brand.subtle"
                    rounded="md"
                    p="3"
                    data-testid="support-dialog-reply"
                  >
                    <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
                      {item.author ? fullName(item.author) : t`Администратор`} · {formatDateTime(item.createdAt)}
                    </Text>
                    <Text whiteSpace="pre-wrap" wordBreak="break-word">
                      {item.content}
                    </Text>
                  </Box>
                ))}
                <form onSubmit={submit} aria-label={t`Ответ`} noValidate>
                  <Stack gap="3">
                    <Field label={<Trans>Ответ</Trans>} required>
                      <Textarea
                        value={reply}
                        rows={4}
                        maxLength={REPLY_MAX}
                        onChange={(event) => setReply(event.currentTarget.value)}
                        data-testid="support-reply-text"
                      />
                    </Field>
                    {error && (
                      <Alert.Root status="error" data-testid="support-reply-error">
                        <Alert.Indicator />
                        <Alert.Title>{error}</Alert.Title>
                      </Alert.Root>
                    )}
                    <Button
                      type="submit"
                      colorPalette="brand"
                      alignSelf="flex-start"
                      loading={sending}
                      data-testid="support-reply-send"
                    >
                      <Reply size={16} aria-hidden="true" />
                      <Trans>Ответить</Trans>
                    </Button>
                  </Stack>
                </form>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
              <CloseButton size="sm" aria-label={t`Закрыть`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Inbox({ query }: { query: SupportTab_query$key }) {
  const { t } = useLingui();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<SupportTabPaginationQuery, SupportTab_query$key>(
    inboxFragment,
    query,
  );
  const [openId, setOpenId] = useState<string | null>(null);
  const [markRead] = useMutation<SupportTabMarkReadMutation>(markReadMutation);
  const edges = data.supportMessages.edges.filter((edge): edge is NonNullable<typeof edge> => !!edge?.node);
  const open = edges.find((edge) => edge.node.id === openId)?.node;

  /** Viewing a new message marks it read (spec section 4). */
  const view = (id: string, isRead: boolean) => {
    setOpenId(id);
    if (isRead) return;
    markRead({
      variables: { id },
      updater: (store, response) => {
        const result = response?.markSupportMessageRead;
        if (result?.__typename === 'MarkSupportMessageReadSuccess') setUnreadCount(store, result.unreadCount);
      },
      onCompleted: ({ markSupportMessageRead: result }) => {
        if (result.__typename !== 'MarkSupportMessageReadSuccess') {
          toaster.create({ type: 'error', title: mutationErrorText(result.error, t`Ошибка при обновлении сообщения`) });
        }
      },
    });
  };

  if (edges.length === 0) {
    return (
      <Text color="fg.muted" data-testid="support-inbox-empty">
        <Trans>Сообщений в поддержку пока нет</Trans>
      </Text>
    );
  }

  return (
    <Stack gap="4">
      <Box overflowX="auto" bg="bg.panel" rounded="xl" shadow="sm">
        <Table.Root size="sm" data-testid="support-inbox">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>Пользователь</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Тема и сообщение</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Статус</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Дата</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Действия</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {edges.map(({ node }) => (
              <Table.Row key={node.id} data-testid="support-inbox-row" data-read={node.isRead || undefined}>
                <Table.Cell minW="40">
                  <Text fontWeight="medium">{fullName(node.user)}</Text>
                  {node.user.email && (
                    <Text fontSize="xs" color="fg.muted">
                      {node.user.email}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell minW="60" maxW="md">
                  <Text fontWeight={node.isRead ? 'normal' : 'semibold'} wordBreak="break-word">
                    {node.subject}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-word" data-testid="support-inbox-preview">
                    {node.preview}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1" wrap="wrap">
                    {node.isRead ? (
                      <Badge colorPalette="gray">
                        <Trans>Прочитано</Trans>
                      </Badge>
                    ) : (
                      <Badge colorPalette="red" data-testid="support-inbox-new">
                        <Trans>Новое</Trans>
                      </Badge>
                    )}
                    {node.priority && (
                      <Badge colorPalette="orange" data-testid="support-inbox-priority">
                        <Trans>Приоритет 24/7</Trans>
                      </Badge>
                    )}
                    {node.replies.length > 0 && (
                      <Badge colorPalette="green">
                        <Trans>Есть ответ</Trans>
                      </Badge>
                    )}
                  </HStack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(node.createdAt)}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1">
                    <Button size="xs" variant="outline" onClick={() => view(node.id, node.isRead)} data-testid="support-view">
                      <Eye size={14} aria-hidden="true" />
                      <Trans>Просмотр</Trans>
                    </Button>
                    <Button size="xs" colorPalette="brand" onClick={() => view(node.id, node.isRead)} data-testid="support-reply">
                      <Reply size={14} aria-hidden="true" />
                      <Trans>Ответить</Trans>
                    </Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {hasNext && (
        <Button variant="outline" alignSelf="center" loading={isLoadingNext} onClick={() => loadNext(SUPPORT_PAGE_SIZE)}>
          <Trans>Показать ещё</Trans>
        </Button>
      )}
      {open && <MessageDialog message={open} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

/** The admin support tab (spec section 2, "Admin support"): the inbox, its new-count badge, view and reply. */
export default function SupportTab({ queryRef }: AdminTabProps) {
  const data = usePreloadedQuery<SupportTabQuery>(supportTabQuery, queryRef as PreloadedQuery<SupportTabQuery>);
  const count = data.supportUnreadCount;
  return (
    <Stack gap="4" data-testid="admin-support">
      <HStack gap="3">
        <Heading as="h2" size="lg">
          <Trans>Поддержка</Trans>
        </Heading>
        <Badge colorPalette={count > 0 ? 'red' : 'gray'} data-testid="support-new-count">
          <Trans>Новых: {count}</Trans>
        </Badge>
      </HStack>
      <Inbox query={data} />
    </Stack>
  );
}
