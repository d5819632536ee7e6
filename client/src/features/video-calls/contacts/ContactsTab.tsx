import { useState } from 'react';
import { Avatar, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Phone, Share2, UserPlus, Video } from 'lucide-react';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ContactsTab_query$key } from '../../../__generated__/ContactsTab_query.graphql';
import { useMeeting } from '../MeetingContext';
import { AddContactDialog } from './AddContactDialog';

/** The viewer's accepted friends: call them (audio or video) or share their card. */
export function ContactsTab({ query }: { query: ContactsTab_query$key }) {
  const { t } = useLingui();
  const { meetingContacts } = useFragment(
    graphql`
      fragment ContactsTab_query on Query {
        meetingContacts {
          id
          databaseId
          fullName
          username
          isOnline
        }
      }
    `,
    query,
  );
  const { call, engine, quality, openShare } = useMeeting();
  const [adding, setAdding] = useState(false);
  const busy = call.status !== 'idle';

  return (
    <Stack gap="3" data-testid="contacts-tab">
      <Button size="sm" colorPalette="brand" onClick={() => setAdding(true)} data-testid="add-contact">
        <UserPlus size={16} aria-hidden="true" />
        <Trans>Добавить контакт</Trans>
      </Button>
      {meetingContacts.length === 0 && (
        <Text color="whiteAlpha.700" fontSize="sm">
          <Trans>Нет доступных контактов</Trans>
        </Text>
      )}
      {meetingContacts.map((contact) => {
        const peer = { userId: contact.databaseId, globalId: contact.id, name: contact.fullName, muted: false, cameraOff: false };
        const name = contact.fullName;
        return (
          <HStack
            key={contact.id}
            gap="3"
            p="2"
            rounded="md"
            _hover={{ bg: 'whiteAlpha.100' }}
            data-testid="contact"
            data-username={contact.username}
          >
            <Box position="relative">
              <Avatar.Root size="sm" colorPalette="brand">
                <Avatar.Fallback name={name} />
              </Avatar.Root>
              <Box
                position="absolute"
                bottom="0"
                right="0"
                w="2.5"
                h="2.5"
                rounded="full"
                borderWidth="2px"
                borderColor="gray.900"
                bg={contact.isOnline ? 'green.400' : 'gray.500'}
                title={contact.isOnline ? t`В сети` : t`Не в сети`}
              />
            </Box>
            <Stack gap="0" flex="1" minW="0">
              <Text fontSize="sm" fontWeight="medium" truncate>
                {name}
              </Text>
              <Text fontSize="xs" color="whiteAlpha.600" truncate>
                @{contact.username}
              </Text>
            </Stack>
            {(['audio', 'video'] as const).map((media) => (
              <IconButton
                key={media}
                aria-label={media === 'audio' ? t`Аудиозвонок: ${name}` : t`Видеозвонок: ${name}`}
                data-testid={`contact-${media}-call`}
                size="xs"
                variant="ghost"
                color="white"
                disabled={busy}
                onClick={() => void engine.call(peer, media, quality)}
              >
                {media === 'audio' ? <Phone size={16} /> : <Video size={16} />}
              </IconButton>
            ))}
            <IconButton
              aria-label={t`Поделиться контактом: ${name}`}
              size="xs"
              variant="ghost"
              color="white"
              onClick={() => openShare({ contactId: contact.id })}
            >
              <Share2 size={16} />
            </IconButton>
          </HStack>
        );
      })}
      {adding && <AddContactDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}
