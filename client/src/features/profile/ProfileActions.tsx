import { Button, HStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { MessageCircle, Settings } from 'lucide-react';
import { graphql, useFragment } from 'react-relay/hooks';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ProfileActions_user$key } from '../../__generated__/ProfileActions_user.graphql';
import { messengerPath } from '../messenger/selectRecipient';
import { BlockControls, FollowControls, FriendshipControls } from './FriendshipControls';
import { ShareProfileButton } from './ShareProfileButton';

const fragment = graphql`
  fragment ProfileActions_user on User {
    id
    firstName
    lastName
    isViewer
    friendshipStatus
    isSubscribed
    ...ShareProfileButton_user
  }
`;

/**
 * Friendship (spec section 4), follow, message, share contact and block/unblock on another member's
 * profile; one's own profile links to the settings instead.
 */
export function ProfileActions({ user: key }: { user: ProfileActions_user$key }) {
  const user = useFragment(fragment, key);
  const navigate = useNavigate();

  if (user.isViewer) {
    return (
      <HStack gap="2" wrap="wrap" data-testid="profile-actions">
        <Button asChild size="sm" variant="outline" data-testid="open-settings">
          <RouterLink to="/profile-settings">
            <Settings size={16} aria-hidden="true" />
            <Trans>Настройки профиля</Trans>
          </RouterLink>
        </Button>
        <ShareProfileButton user={user} />
      </HStack>
    );
  }

  const name = `${user.firstName} ${user.lastName}`.trim();
  const state = user.friendshipStatus;
  const blocked = state === 'BLOCKED_BY_ME' || state === 'BLOCKED_BY_THEM';
  return (
    <HStack gap="2" wrap="wrap" data-testid="profile-actions" data-state={state ?? undefined}>
      <FriendshipControls userId={user.id} name={name} state={state} />
      <FollowControls userId={user.id} state={state} following={user.isSubscribed} />
      {!blocked && (
        <Button size="sm" variant="outline" onClick={() => navigate(messengerPath(user.id))} data-testid="write-message">
          <MessageCircle size={16} aria-hidden="true" />
          <Trans>Написать сообщение</Trans>
        </Button>
      )}
      <ShareProfileButton user={user} />
      <BlockControls userId={user.id} name={name} state={state} />
    </HStack>
  );
}
