import { Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { ConversationListQuery } from '../../__generated__/ConversationListQuery.graphql';
import { ConversationListItem } from './ConversationListItem';
import { useMessengerLive } from './useMessengerLive';

const query = graphql`
  query ConversationListQuery {
    conversations(first: 100) @connection(key: "ConversationList_conversations") {
      edges {
        node {
          id
          otherParticipant {
            id
          }
          lastMessage {
            id
            databaseId
          }
          ...ConversationListItem_conversation
        }
      }
    }
  }
`;

/**
 * The newest message the list loaded (the live messages start after it), or `Message:0` (every
 * message stored from now on) when there is none yet.
 */
function newestMessageId(conversations: ConversationListQuery['response']['conversations']['edges']): string {
  let newest: { id: string; databaseId: number } | null = null;
  for (const { node } of conversations) {
    const last = node.lastMessage;
    if (last && (!newest || last.databaseId > newest.databaseId)) newest = last;
  }
  return newest?.id ?? btoa('Message:0');
}

/**
 * The viewer's conversations, most recent first. Starts the messenger's live updates once it has
 * loaded (useMessengerLive), from the newest message it shows.
 */
export function ConversationList({
  queryRef,
  selectedUserId,
  onSelect,
}: {
  /** Started by the /social route's loader (socialSections.ts). */
  queryRef: PreloadedQuery<ConversationListQuery>;
  selectedUserId: string | null;
  onSelect: (userId: string) => void;
}) {
  const data = usePreloadedQuery<ConversationListQuery>(query, queryRef);
  const edges = data.conversations.edges;
  useMessengerLive(newestMessageId(edges));
  if (edges.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" p="3" data-testid="no-conversations">
        <Trans>Пока нет переписок. Напишите кому-нибудь из контактов.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="1" data-testid="conversation-list">
      {edges.map(({ node }) => (
        <ConversationListItem
          key={node.id}
          conversation={node}
          selected={node.otherParticipant?.id === selectedUserId}
          onSelect={onSelect}
        />
      ))}
    </Stack>
  );
}
