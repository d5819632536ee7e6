import { Avatar, Badge, Box, chakra, Flex, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ConversationListItem_conversation$key } from '../../__generated__/ConversationListItem_conversation.graphql';
import { formatDateTime } from '../../i18n/format';
import { useIsTyping } from './typingStore';

const fragment = graphql`
  fragment ConversationListItem_conversation on Conversation {
    id
    unreadCount
    lastMessageAt
    otherParticipant {
      id
      firstName
      lastName
      avatarImage
    }
    lastMessage {
      content
    }
  }
`;

/** A conversation in the list: the other party, the last message, and the unread count. */
export function ConversationListItem({
  conversation,
  selected,
  onSelect,
}: {
  conversation: ConversationListItem_conversation$key;
  selected: boolean;
  onSelect: (userId: string) => void;
}) {
  const data = useFragment(fragment, conversation);
  const typing = useIsTyping(data.id);
  const other = data.otherParticipant;
  if (!other) return null;
  const name = `${other.firstName} ${other.lastName}`;
  return (
    <chakra.button
      type="button"
      w="full"
      textAlign="start"
      px="3"
      py="2.5"
      rounded="lg"
      bg={selected ? 'brand.subtle' : 'transparent'}
      _hover={{ bg: selected ? 'brand.subtle' : 'bg.subtle' }}
      onClick={() => onSelect(other.id)}
      data-testid="conversation-item"
      aria-current={selected}
    >
      <Flex gap="3" align="center">
        <Avatar.Root size="sm" colorPalette="brand">
          <Avatar.Fallback name={name} />
          {other.avatarImage && <Avatar.Image src={other.avatarImage} alt="" />}
        </Avatar.Root>
        <Box flex="1" minW="0">
          {/* The name has the whole width (an ellipsis when too long); the date has its own line. */}
          <Text fontWeight="semibold" truncate title={name} data-testid="conversation-name">
            {name}
          </Text>
          {data.lastMessageAt && (
            <Text fontSize="xs" color="fg.muted" data-testid="conversation-date">
              {formatDateTime(data.lastMessageAt)}
            </Text>
          )}
          <Flex justify="space-between" gap="2" align="center">
            <Text fontSize="sm" color={typing ? 'brand.fg' : 'fg.muted'} truncate>
              {typing ? <Trans>печатает…</Trans> : data.lastMessage?.content}
            </Text>
            {data.unreadCount > 0 && (
              <Badge colorPalette="brand" variant="solid" rounded="full" data-testid="unread-count">
                {data.unreadCount}
              </Badge>
            )}
          </Flex>
        </Box>
      </Flex>
    </chakra.button>
  );
}
