import { useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Box, Button, Card, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { commitLocalUpdate, fetchQuery, graphql, useFragment, useMutation, useRelayEnvironment } from 'react-relay/hooks';
import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { SupportPageQuery } from '../../__generated__/SupportPageQuery.graphql';
import repliedMessageQuery, {
  type SupportPageMessageRefetchQuery,
} from '../../__generated__/SupportPageMessageRefetchQuery.graphql';
import type { SupportPageSendMutation } from '../../__generated__/SupportPageSendMutation.graphql';
import type { SupportPage_message$key } from '../../__generated__/SupportPage_message.graphql';
import { usePageQuery } from '../../app/pageQuery';
import { toaster } from '../../components/ui/toaster';
import { formatDateTime } from '../../i18n/format';
import { mutationErrorText } from '../../relay/mutationError';
import { useNotifications } from '../notifications/notificationEvents';
import { Field } from '../../components/ui/field';

/** The server's limits (services/support.ts). */
export const SUBJECT_MAX = 255;
export const MESSAGE_MAX = 5000;

export const supportPageQuery = graphql`
  query SupportPageQuery {
    mySubscription {
      plan {
        name
        features
      }
    }
    mySupportMessages(first: 50) @connection(key: "SupportPage_mySupportMessages") {
      __id
      edges {
        node {
          id
          ...SupportPage_message
        }
      }
    }
  }
`;

// Refetchable: a SUPPORT_REPLY notification loads its message alone again (SupportPageMessageRefetchQuery).
const messageFragment = graphql`
  fragment SupportPage_message on SupportMessage @refetchable(queryName: "SupportPageMessageRefetchQuery") {
    subject
    content
    isRead
    createdAt
    replies {
      databaseId
      content
      createdAt
    }
  }
`;

const sendMutation = graphql`
  mutation SupportPageSendMutation($input: SendSupportMessageInput!, $connections: [ID!]!) {
    sendSupportMessage(input: $input) {
      __typename
      ... on SendSupportMessageSuccess {
        supportMessage @prependNode(connections: $connections, edgeTypeName: "QueryMySupportMessagesConnectionEdge") {
          id
          ...SupportPage_message
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

function SupportMessageCard({ message }: { message: SupportPage_message$key }) {
  const data = useFragment(messageFragment, message);
  const answered = data.replies.length > 0;
  return (
    <Card.Root data-testid="support-message">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
          <Heading as="h3" size="md" wordBreak="break-word">
            {data.subject}
          </Heading>
          <HStack gap="2">
            <Badge colorPalette={answered ? 'green' : data.isRead ? 'brand' : 'gray'} data-testid="support-message-status">
              {answered ? <Trans>Есть ответ</Trans> : data.isRead ? <Trans>Прочитано</Trans> : <Trans>Отправлено</Trans>}
            </Badge>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(data.createdAt)}
            </Text>
          </HStack>
        </HStack>
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {data.content}
        </Text>
        {data.replies.map((reply) => (
          <Box
            key={reply.databaseId}
            borderStartWidth="3px"
            borderColor="brand.border"
            bg="brand.subtle"
            rounded="md"
            p="3"
            data-testid="support-reply"
          >
            <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
              <Trans>Ответ поддержки</Trans> · {formatDateTime(reply.createdAt)}
            </Text>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {reply.content}
            </Text>
          </Box>
        ))}
      </Card.Body>
    </Card.Root>
  );
}

function SupportForm({ connectionId }: { connectionId: string }) {
  const { t } = useLingui();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, sending] = useMutation<SupportPageSendMutation>(sendMutation);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!subject.trim()) return setError(t`Введите тему обращения`);
    if (!message.trim()) return setError(t`Введите текст сообщения`);
    const fail = (text: string) => setError(text || t`Не удалось отправить сообщение`);
    send({
      variables: { input: { subject, message }, connections: [connectionId] },
      onCompleted: ({ sendSupportMessage: result }) => {
        if (result.__typename !== 'SendSupportMessageSuccess') return fail(mutationErrorText(result.error, ''));
        toaster.create({ type: 'success', title: t`Сообщение отправлено в поддержку!` });
        setSubject('');
        setMessage('');
      },
      onError: () => fail(''),
    });
  };

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} aria-label={t`Написать в поддержку`} noValidate>
          <Stack gap="4">
            <Heading as="h2" size="lg">
              <Trans>Написать в поддержку</Trans>
            </Heading>
            <Field label={<Trans>Тема</Trans>} required>
              <Input
                value={subject}
                maxLength={SUBJECT_MAX}
                onChange={(event) => setSubject(event.currentTarget.value)}
                data-testid="support-subject"
              />
            </Field>
            <Field
              label={<Trans>Сообщение</Trans>}
              helperText={
                <>
                  {message.length}/{MESSAGE_MAX}
                </>
              }
              required
            >
              <Textarea
                value={message}
                rows={5}
                maxLength={MESSAGE_MAX}
                onChange={(event) => setMessage(event.currentTarget.value)}
                data-testid="support-text"
              />
            </Field>
            {error && (
              <Alert.Root status="error" data-testid="support-error">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={sending} data-testid="support-send">
              <Trans>Отправить</Trans>
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A replied message that the list lacks. One written since the page loaded (in another tab) goes on
 * top, where the list (newest first) and a reload show it, with its reply. An older one, beyond the
 * newest 50 the page lists, stays out: the list shows no older ones, and the notification's toast
 * has told the member of the reply (their mail, when sent, carries it).
 */
function listIfNewer(store: RecordSourceSelectorProxy, connectionId: string, messageId: string) {
  const connection = store.get(connectionId);
  const message = store.get(messageId);
  if (!connection || !message) return;
  const listed = (connection.getLinkedRecords('edges') ?? []).map((edge) => edge?.getLinkedRecord('node'));
  if (listed.some((node) => node?.getDataID() === messageId)) return;
  const newest = listed.find((node) => node)?.getValue('createdAt');
  if (typeof newest === 'string' && String(message.getValue('createdAt')) < newest) return;
  const edge = ConnectionHandler.createEdge(store, connection, message, 'QueryMySupportMessagesConnectionEdge');
  ConnectionHandler.insertEdgeBefore(connection, edge);
}

/** `/support`: a member writes to support and reads their messages with the replies (linked from the footer). */
export default function SupportPage() {
  const data = usePageQuery<SupportPageQuery>(supportPageQuery);
  const environment = useRelayEnvironment();
  const connectionId = data.mySupportMessages.__id;
  // A reply arrives as a notification naming its message: that message alone is loaded again, and
  // Relay updates its record in place, so the reply shows under it. Not the whole list: its answer,
  // read before a message the member sends meanwhile but arriving after it, would replace the list's
  // edges and drop the message just sent. One load of a message at a time: a reply that comes while
  // its message is loading (read perhaps before that reply) loads it once more when that load ends.
  const loading = useRef(new Map<string, boolean>());
  const loadMessage = (id: string) => {
    if (loading.current.has(id)) return void loading.current.set(id, true);
    loading.current.set(id, false);
    const done = () => {
      const again = loading.current.get(id);
      loading.current.delete(id);
      // Once the ending load is gone from Relay's in-flight requests (a new one now would join it).
      if (again) queueMicrotask(() => loadMessage(id));
    };
    fetchQuery<SupportPageMessageRefetchQuery>(
      environment,
      repliedMessageQuery,
      { id },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: () => commitLocalUpdate(environment, (store) => listIfNewer(store, connectionId, id)),
      complete: done,
      error: done,
    });
  };
  useNotifications((notification) => {
    const id = notification.kind === 'SUPPORT_REPLY' ? notification.supportMessage?.id : null;
    if (id) loadMessage(id);
  });
  const edges = data.mySupportMessages.edges.filter((edge): edge is NonNullable<typeof edge> => !!edge?.node);

  return (
    <Stack gap="5" maxW="3xl" mx="auto" w="full" data-testid="support-page">
      <Heading as="h1" size="2xl">
        <Trans>Поддержка</Trans>
      </Heading>
      {data.mySubscription.plan.features.includes('support_24_7') && (
        <Text color="fg.muted" data-testid="support-priority-note">
          <Trans>
            Ваш план «{data.mySubscription.plan.name}» включает поддержку 24/7: ваши обращения рассматриваются в первую очередь.
          </Trans>
        </Text>
      )}
      <SupportForm connectionId={data.mySupportMessages.__id} />
      <Heading as="h2" size="lg">
        <Trans>Мои обращения</Trans>
      </Heading>
      {edges.length === 0 ? (
        <Text color="fg.muted" data-testid="support-empty">
          <Trans>Вы ещё не писали в поддержку.</Trans>
        </Text>
      ) : (
        <Stack gap="3">
          {edges.map((edge) => (
            <SupportMessageCard key={edge.node.id} message={edge.node} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
