import { Badge, Button, Card, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { MessageCircle } from 'lucide-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ContactsPanelQuery$data } from '../../__generated__/ContactsPanelQuery.graphql';

type Friendships = ContactsPanelQuery$data['friendships'];
type Contact = Friendships['edges'][number]['node']['otherUser'];
import { UserAvatar } from '../../components/UserAvatar';
import { messengerPath } from '../messenger/selectRecipient';
import { Section } from './Section';
import { FirstSteps } from '../suggestions/FirstSteps';

function ContactCard({ person }: { person: Contact }) {
  const navigate = useNavigate();
  return (
    <Card.Root size="sm" variant="outline" data-testid="contact-card">
      <Card.Body>
        <Stack align="center" textAlign="center" gap="2">
          <UserAvatar firstName={person.firstName} lastName={person.lastName} avatarImage={person.avatarImage} size="lg" />
          <RouterLink to={`/profile/${person.username}`} data-testid="contact-profile-link">
            <Text fontWeight="semibold" _hover={{ textDecoration: 'underline' }}>
              {person.firstName} {person.lastName}
            </Text>
          </RouterLink>
          {person.status && (
            <Text fontSize="xs" color="fg.muted" lineClamp={2}>
              {person.status}
            </Text>
          )}
          <Button size="xs" variant="outline" onClick={() => navigate(messengerPath(person.id))} data-testid="contact-message">
            <MessageCircle size={14} />
            <Trans>Написать</Trans>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** "My contacts": the viewer's friends with their count, each linking to the profile and the messenger. */
export function MyContacts({ friendships }: { friendships: Friendships }) {
  return (
    <Section
      title={
        <HStack>
          <Trans>Мои контакты</Trans>
          <Badge data-testid="contacts-count">{friendships.totalCount}</Badge>
        </HStack>
      }
      testId="my-contacts"
    >
      {friendships.edges.length === 0 ? (
        <FirstSteps card={false} intro={<Trans>Контактов пока нет: найдите знакомых через поиск.</Trans>} />
      ) : (
        <Grid templateColumns="repeat(auto-fill, minmax(12rem, 1fr))" gap="3">
          {friendships.edges.map(({ node }) => (
            <ContactCard key={node.id} person={node.otherUser} />
          ))}
        </Grid>
      )}
    </Section>
  );
}
