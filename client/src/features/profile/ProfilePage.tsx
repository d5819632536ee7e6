import { Suspense, useEffect, type ReactNode } from 'react';
import { Badge, Button, Card, Center, Heading, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay/hooks';
import { usePageQuery } from '../../app/pageQuery';
import { Link as RouterLink, useParams } from 'react-router';
import type { ProfilePageQuery } from '../../__generated__/ProfilePageQuery.graphql';
import profileFriendsQuery, {
  type ProfileFriendsPaginationQuery,
} from '../../__generated__/ProfileFriendsPaginationQuery.graphql';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useNotifications } from '../notifications/notificationEvents';
import { ProfileHeader } from './ProfileHeader';
import { ProfileCard } from './ProfileCard';
import { ProfilePublications } from './ProfilePublications';
import { ProfileFriends } from './ProfileFriends';

/** The whole profile page in one query (a server test pins its SQL statement count). */
export const profilePageQuery = graphql`
  query ProfilePageQuery($username: String!) {
    userByUsername(username: $username) {
      id
      postsCount
      friendsCount
      ...ProfileHeader_user
      ...ProfileCard_user
      ...ProfilePublications_user
      ...ProfileFriends_user
    }
  }
`;

/** Marks the moment the profile is on screen and usable (the e2e run reads it: time to interactive). */
export const PROFILE_INTERACTIVE_MARK = 'profile:interactive';

function BackHome() {
  return (
    <Button asChild variant="outline" colorPalette="brand" size="sm" data-testid="back-home">
      <RouterLink to="/dashboard">
        <ArrowLeft size={16} aria-hidden="true" />
        <Trans>На главную</Trans>
      </RouterLink>
    </Button>
  );
}

function Notice({ children, testId, action }: { children: ReactNode; testId: string; action?: ReactNode }) {
  return (
    <Card.Root maxW="2xl" mx="auto" w="full" data-testid={testId}>
      <Card.Body py="12">
        <Stack align="center" gap="4" textAlign="center">
          {children}
          <HStack gap="3">
            {action}
            <BackHome />
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ProfileLoading() {
  return (
    <Center minH="40vh" data-testid="profile-loading">
      <Stack align="center" gap="3" textAlign="center">
        <Spinner size="lg" color="brand.fg" borderWidth="3px" />
        <Text fontWeight="medium">
          <Trans>Загрузка профиля...</Trans>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          <Trans>Если профиль долго не загружается, обновите страницу.</Trans>
        </Text>
      </Stack>
    </Center>
  );
}

function ProfileLoadError() {
  return (
    <Notice
      testId="profile-error"
      action={
        <Button size="sm" colorPalette="brand" onClick={() => window.location.reload()}>
          <RefreshCw size={16} aria-hidden="true" />
          <Trans>Обновить страницу</Trans>
        </Button>
      }
    >
      <Heading size="lg">
        <Trans>Ошибка загрузки профиля</Trans>
      </Heading>
    </Notice>
  );
}

function Profile({ username }: { username: string }) {
  const environment = useRelayEnvironment();
  const { userByUsername: user } = usePageQuery<ProfilePageQuery>(profilePageQuery);

  // The viewer's own actions update the store themselves. When this member changes the relation
  // (asks, accepts), the notification carries their new state and counts. When they accept, their
  // friend list gains the viewer: that list alone is loaded again. Not the whole page: its answer
  // carries the relation as it was when read, and arriving after an action of the viewer's (accepting
  // the request that notification announced) it would put the old state back.
  const userId = user?.id;
  useNotifications((notification) => {
    if (userId && notification.actor?.id === userId && notification.kind === 'FRIEND_ACCEPTED') {
      fetchQuery<ProfileFriendsPaginationQuery>(environment, profileFriendsQuery, { id: userId }).subscribe({});
    }
  });

  useEffect(() => {
    if (user && performance.getEntriesByName(PROFILE_INTERACTIVE_MARK).length === 0) {
      performance.mark(PROFILE_INTERACTIVE_MARK);
    }
  }, [user]);

  if (!user) {
    return (
      <Notice testId="profile-not-found">
        <Heading size="lg">
          <Trans>Пользователь с именем @{username} не найден</Trans>
        </Heading>
      </Notice>
    );
  }

  const posts = user.postsCount;
  const friends = user.friendsCount;
  return (
    <Stack gap="6" data-testid="profile-page">
      <HStack justify="space-between">
        <BackHome />
      </HStack>
      <ProfileHeader user={user} />
      <Tabs.Root defaultValue="profile" variant="enclosed" lazyMount>
        <Tabs.List bg="bg" rounded="l3" p="1">
          <Tabs.Trigger value="profile" data-testid="tab-profile">
            <Trans>Профиль</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="publications" data-testid="tab-publications">
            <Trans>Публикации</Trans>
            <Badge size="sm" variant="subtle" colorPalette="brand">
              {posts}
            </Badge>
          </Tabs.Trigger>
          <Tabs.Trigger value="friends" data-testid="tab-friends">
            <Trans>Друзья</Trans>
            <Badge size="sm" variant="subtle" colorPalette="brand">
              {friends}
            </Badge>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile">
          <ProfileCard user={user} />
        </Tabs.Content>
        <Tabs.Content value="publications">
          <ProfilePublications user={user} />
        </Tabs.Content>
        <Tabs.Content value="friends">
          <ProfileFriends user={user} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

export default function ProfilePage() {
  const { username = '' } = useParams();
  return (
    // Keyed by username: going to another profile starts fresh (loading, errors, edit mode).
    <ErrorBoundary key={username} fallback={<ProfileLoadError />}>
      <Suspense fallback={<ProfileLoading />}>
        <Profile username={username} />
      </Suspense>
    </ErrorBoundary>
  );
}
