import { Box, chakra, Flex, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Check, CheckCheck, Paperclip } from 'lucide-react';
import { graphql, useFragment } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { ChatMessage_message$key } from '../../__generated__/ChatMessage_message.graphql';
import { formatDateTime } from '../../i18n/format';
import { formatFileSize } from './fileSize';
import { MessageReactions } from '../reactions/MessageReactions';
import { RichText } from '../social/RichText';

const fragment = graphql`
  # Without reactions in the messageAdded subscription: a new message has none, and a document
  # selecting them (they depend on the viewer) is executed once per recipient instead of once.
  fragment ChatMessage_message on Message @argumentDefinitions(withReactions: { type: "Boolean!", defaultValue: true }) {
    databaseId
    content
    mentions {
      username
    }
    createdAt
    senderId
    contactCard {
      fullName
      username
    }
    attachments {
      databaseId
      originalName
      mimeType
      size
      url
    }
    ...MessageReactions_message @include(if: $withReactions) @alias(as: "reactionsOf")
  }
`;

/** One message bubble: mine on the right (with its read mark), theirs on the left. Text only, never HTML. */
export function ChatMessage({
  message,
  viewerId,
  readUpTo,
}: {
  message: ChatMessage_message$key;
  viewerId: string;
  readUpTo: number | null;
}) {
  const { t } = useLingui();
  const data = useFragment(fragment, message);
  const mine = data.senderId === viewerId;
  const read = mine && readUpTo !== null && data.databaseId <= readUpTo;
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} data-testid="chat-message" data-mine={mine}>
      <Box
        maxW="75%"
        px="3"
        py="2"
        rounded="xl"
        bg={mine ? 'brand.solid' : 'bg.muted'}
        color={mine ? 'white' : 'fg'}
        roundedBottomRight={mine ? 'sm' : 'xl'}
        roundedBottomLeft={mine ? 'xl' : 'sm'}
      >
        {data.content && <RichText text={data.content} mentions={data.mentions} onSolid={mine} data-testid="chat-message-text" />}
        {data.contactCard && (
          <Box
            borderWidth="1px"
            borderColor={mine ? 'whiteAlpha.500' : 'border.emphasized'}
            rounded="md"
            px="3"
            py="2"
            data-testid="chat-contact-card"
          >
            <Text fontSize="xs" opacity={0.8}>
              {t`Контакт`}
            </Text>
            <Text fontWeight="semibold" data-testid="contact-card-name">
              {data.contactCard.fullName}
            </Text>
            <RouterLink to={`/profile/${data.contactCard.username}`} style={{ textDecoration: 'underline' }}>
              @{data.contactCard.username}
            </RouterLink>
          </Box>
        )}
        {data.attachments.map((file) =>
          file.mimeType.startsWith('image/') ? (
            <chakra.a key={file.databaseId} href={file.url} target="_blank" rel="noreferrer" display="block" mt="1">
              <chakra.img src={file.url} alt={file.originalName} maxH="48" rounded="md" data-testid="chat-attachment-image" />
            </chakra.a>
          ) : (
            <chakra.a
              key={file.databaseId}
              href={file.url}
              download={file.originalName}
              display="flex"
              alignItems="center"
              gap="2"
              mt="1"
              textDecoration="underline"
              data-testid="chat-attachment-file"
            >
              <Paperclip size={14} aria-hidden="true" />
              {file.originalName} ({formatFileSize(file.size)})
            </chakra.a>
          ),
        )}
        {data.reactionsOf && <MessageReactions message={data.reactionsOf} />}
        {/* Full-strength colour: faded, the small time on my bubble's blue fell below 4.5:1. */}
        <Flex justify="flex-end" align="center" gap="1" mt="1" fontSize="xs" color={mine ? 'brand.contrast' : 'fg.muted'}>
          <chakra.time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</chakra.time>
          {mine &&
            (read ? (
              <CheckCheck size={14} aria-label={t`Прочитано`} data-testid="read-mark" />
            ) : (
              <Check size={14} aria-label={t`Отправлено`} />
            ))}
        </Flex>
      </Box>
    </Flex>
  );
}
