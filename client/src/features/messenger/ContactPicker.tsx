import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { ContactPickerQuery } from '../../__generated__/ContactPickerQuery.graphql';

type Picked = { id: string; fullName: string };

function ContactList({ onPick }: { onPick: (contact: Picked) => void }) {
  const data = useLazyLoadQuery<ContactPickerQuery>(
    graphql`
      query ContactPickerQuery {
        viewer {
          id
          fullName
        }
        friendships(first: 100) {
          edges {
            node {
              otherUser {
                id
                fullName
                username
              }
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const contacts = data.friendships.edges.map((edge) => edge.node.otherUser);
  return (
    <Stack gap="1" maxH="64" overflowY="auto" data-testid="contact-picker">
      {data.viewer && (
        <Button
          variant="ghost"
          size="sm"
          justifyContent="flex-start"
          onClick={() => onPick(data.viewer!)}
          data-testid="contact-option"
        >
          <Trans>Моя карточка</Trans>
        </Button>
      )}
      {contacts.map((contact) => (
        <Button
          key={contact.id}
          variant="ghost"
          size="sm"
          justifyContent="flex-start"
          onClick={() => onPick(contact)}
          data-testid="contact-option"
          data-username={contact.username}
        >
          {contact.fullName}
        </Button>
      ))}
      {contacts.length === 0 && (
        <Text fontSize="sm" color="fg.muted" px="2">
          <Trans>Нет доступных контактов</Trans>
        </Text>
      )}
    </Stack>
  );
}

/** The chat input bar's contact picker: one's own card or a contact's, sent as a contact card. */
export function ContactPicker({ onPick }: { onPick: (contact: Picked) => void }) {
  return (
    <Stack bg="bg" borderWidth="1px" rounded="lg" shadow="md" p="2" w="64">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" px="2">
        <Trans>Отправить контакт</Trans>
      </Text>
      <Suspense fallback={<Spinner size="sm" m="2" />}>
        <ContactList onPick={onPick} />
      </Suspense>
    </Stack>
  );
}
