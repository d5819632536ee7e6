import { Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay/hooks';
import type { ContactsPanelQuery } from '../../__generated__/ContactsPanelQuery.graphql';
import { useNotifications } from '../notifications/notificationEvents';
import { ContactSearch } from './ContactSearch';
import { IncomingRequests } from './IncomingRequests';
import { MyContacts } from './MyContacts';
import { Section } from './Section';
import type { SectionPanelProps } from '../social/socialSections';

// The lists are selected here rather than in fragments of IncomingRequests and MyContacts: the
// server's query cost limit (graphql-armor) counts each fragment level as extra depth, and the
// fragment form of this query costs three times the limit. So the fields are read by those two
// components, not here, and relay/unused-fields is off for this query alone.
const panelQuery = graphql`
  # eslint-disable-next-line relay/unused-fields -- read by IncomingRequests and MyContacts (see above)
  query ContactsPanelQuery {
    incomingFriendRequests(first: 50) @connection(key: "IncomingRequests_incomingFriendRequests") {
      edges {
        node {
          id
          createdAt
          # An accepted request moves to the contacts as it is (applyFriendshipChange): same fields.
          otherUser {
            id
            firstName
            lastName
            username
            avatarImage
            status
          }
        }
      }
    }
    friendships(first: 200) @connection(key: "MyContacts_friendships") {
      totalCount
      edges {
        node {
          id
          otherUser {
            id
            firstName
            lastName
            username
            avatarImage
            status
          }
        }
      }
    }
  }
`;

/** /social contacts: incoming requests (live), contact search, and "My contacts". */
export default function ContactsPanel({ queryRef }: SectionPanelProps) {
  const environment = useRelayEnvironment();
  const data = usePreloadedQuery<ContactsPanelQuery>(panelQuery, queryRef as PreloadedQuery<ContactsPanelQuery>);

  // Another member's request, or their acceptance of the viewer's, changes the lists on the server:
  // they are loaded again into the store (the viewer's own actions update it by themselves).
  useNotifications((notification) => {
    if (notification.kind === 'FRIEND_REQUEST' || notification.kind === 'FRIEND_ACCEPTED') {
      fetchQuery<ContactsPanelQuery>(environment, panelQuery, {}).subscribe({});
    }
  });

  return (
    <Stack gap="6">
      <IncomingRequests requests={data.incomingFriendRequests.edges} />
      <Section title={<Trans>Найти контакты</Trans>} testId="contact-search">
        <ContactSearch />
      </Section>
      <MyContacts friendships={data.friendships} />
    </Stack>
  );
}
