import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { ChatMessages_conversation$key } from '../../__generated__/ChatMessages_conversation.graphql';
import type { ChatMessagesPaginationQuery } from '../../__generated__/ChatMessagesPaginationQuery.graphql';
import { ChatMessage } from './ChatMessage';

const fragment = graphql`
  fragment ChatMessages_conversation on Conversation
  @refetchable(queryName: "ChatMessagesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 30 }, cursor: { type: "String" }) {
    othersReadUpTo
    messages(last: $count, before: $cursor) @connection(key: "ChatMessages_messages") {
      edges {
        node {
          id
          ...ChatMessage_message
        }
      }
    }
  }
`;

/** The messages of a conversation, oldest at the top; earlier ones load on demand; new ones scroll into view. */
export function ChatMessages({ conversation, viewerId }: { conversation: ChatMessages_conversation$key; viewerId: string }) {
  const { data, loadPrevious, hasPrevious, isLoadingPrevious } = usePaginationFragment<
    ChatMessagesPaginationQuery,
    ChatMessages_conversation$key
  >(fragment, conversation);
  const edges = data.messages.edges;
  const bottom = useRef<HTMLDivElement>(null);
  const newestId = edges.at(-1)?.node.id;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);

  return (
    <Stack gap="2" data-testid="chat-messages">
      {hasPrevious && (
        <Center>
          <Button size="xs" variant="ghost" loading={isLoadingPrevious} onClick={() => loadPrevious(30)}>
            <Trans>Показать более ранние</Trans>
          </Button>
        </Center>
      )}
      {edges.length === 0 && (
        <Text color="fg.muted" textAlign="center" py="6">
          <Trans>Сообщений пока нет</Trans>
        </Text>
      )}
      {edges.map(({ node }) => (
        <ChatMessage key={node.id} message={node} viewerId={viewerId} readUpTo={data.othersReadUpTo ?? null} />
      ))}
      <div ref={bottom} />
    </Stack>
  );
}
