import { Card, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ProfileTabList } from './ProfileTabList';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { ProfileFriends_user$key } from '../../__generated__/ProfileFriends_user.graphql';
import type { ProfileFriendsPaginationQuery } from '../../__generated__/ProfileFriendsPaginationQuery.graphql';
import { UserAvatar } from '../../components/UserAvatar';

const fragment = graphql`
  fragment ProfileFriends_user on User
  @refetchable(queryName: "ProfileFriendsPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 12 }, cursor: { type: "String" }) {
    friends(first: $count, after: $cursor) @connection(key: "ProfileFriends_friends") {
      totalCount
      edges {
        node {
          id
          username
          firstName
          lastName
          avatarImage
        }
      }
    }
  }
`;

/** The member's friends, each linking to their profile. */
export function ProfileFriends({ user: key }: { user: ProfileFriends_user$key }) {
  const { data, ...paging } = usePaginationFragment<ProfileFriendsPaginationQuery, ProfileFriends_user$key>(fragment, key);
  const { edges, totalCount: count } = data.friends;

  return (
    <ProfileTabList
      testId="profile-friends"
      empty={edges.length === 0 ? { text: <Trans>Друзей пока нет</Trans>, testId: 'no-friends' } : null}
      total={<Trans>Всего друзей: {count}</Trans>}
      more={{ ...paging, pageSize: 12, testId: 'more-friends' }}
    >
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="3">
        {edges.map(({ node }) => (
          <RouterLink key={node.id} to={`/profile/${encodeURIComponent(node.username)}`} data-testid="friend-link">
            <Card.Root size="sm" _hover={{ shadow: 'md' }} transition="box-shadow 0.15s">
              <Card.Body>
                <HStack gap="3" minW="0">
                  <UserAvatar firstName={node.firstName} lastName={node.lastName} avatarImage={node.avatarImage} size="md" />
                  <Stack gap="0" minW="0">
                    <Text fontWeight="medium" truncate>
                      {node.firstName} {node.lastName}
                    </Text>
                    <Text fontSize="sm" color="fg.muted" truncate>
                      @{node.username}
                    </Text>
                  </Stack>
                </HStack>
              </Card.Body>
            </Card.Root>
          </RouterLink>
        ))}
      </Grid>
    </ProfileTabList>
  );
}
