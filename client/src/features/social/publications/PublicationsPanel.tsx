import { Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { PublicationsPanelQuery } from '../../../__generated__/PublicationsPanelQuery.graphql';
import { formatDate, formatDateTime } from '../../../i18n/format';
import { UserAvatar } from '../UserAvatar';
import { Composer } from './Composer';
import { Feed } from './Feed';
import type { SectionPanelProps } from '../socialSections';

const publicationsPanelQuery = graphql`
  query PublicationsPanelQuery($count: Int!) {
    viewer {
      firstName
      lastName
      username
      email
      avatarImage
      createdAt
      lastLogin
      postsCount
      friendsCount
    }
    ...Composer_query
    ...Feed_query @arguments(count: $count)
  }
`;

/** Spec section 2, "Publications": own profile header, the composer, the feed, detailed info. */
export default function PublicationsPanel({ queryRef }: SectionPanelProps) {
  const { t } = useLingui();
  const data = usePreloadedQuery<PublicationsPanelQuery>(
    publicationsPanelQuery,
    queryRef as PreloadedQuery<PublicationsPanelQuery>,
  );
  const viewer = data.viewer;
  if (!viewer) return null; // the guard signs out a viewer the server no longer knows
  const postsCount = viewer.postsCount;
  const friendsCount = viewer.friendsCount;

  return (
    <Grid templateColumns={{ base: '1fr', xl: '1fr 18rem' }} gap="6" alignItems="start">
      <Stack gap="6" minW="0">
        <Card.Root data-testid="social-profile-header">
          <Card.Body>
            <HStack gap="4">
              <UserAvatar firstName={viewer.firstName} lastName={viewer.lastName} avatarImage={viewer.avatarImage} size="xl" />
              <Stack gap="0.5" minW="0">
                <Heading as="h1" size="lg" truncate>
                  {viewer.firstName} {viewer.lastName}
                </Heading>
                <Text color="fg.muted">@{viewer.username}</Text>
                <Text fontSize="sm" color="fg.muted">
                  <Trans>
                    Публикаций: {postsCount} · Контактов: {friendsCount}
                  </Trans>
                </Text>
              </Stack>
            </HStack>
          </Card.Body>
        </Card.Root>
        <Composer query={data} firstName={viewer.firstName} />
        <Feed query={data} />
      </Stack>

      <Card.Root data-testid="social-details" position={{ xl: 'sticky' }} top={{ xl: '24' }}>
        <Card.Header>
          <Card.Title>
            <Trans>Подробная информация</Trans>
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="3" fontSize="sm">
            <Detail label="Email" value={viewer.email ?? ''} />
            <Detail label={t`Имя пользователя`} value={`@${viewer.username}`} />
            <Detail label={t`Дата регистрации`} value={formatDate(viewer.createdAt)} />
            <Detail label={t`Последний вход`} value={viewer.lastLogin ? formatDateTime(viewer.lastLogin) : t`Нет данных`} />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text color="fg.muted">{label}</Text>
      <Text wordBreak="break-word">{value}</Text>
    </Stack>
  );
}
