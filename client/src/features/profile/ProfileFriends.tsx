import { Button, Card, Center, Grid, HStack, Stack, Text } from '@chakra-ui/react'
import { Trans } from '@lingui/react/macro'
import { graphql, usePaginationFragment } from 'react-relay/hooks'
import { Link as RouterLink } from 'react-router'
import type { ProfileFriends_user$key } from '../../__generated__/ProfileFriends_user.graphql'
import type { ProfileFriendsPaginationQuery } from '../../__generated__/ProfileFriendsPaginationQuery.graphql'
import { UserAvatar } from '../../components/UserAvatar'

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
          status
        }
      }
    }
  }
`

/** The member's friends, each linking to their profile. */
export function ProfileFriends({ user: key }: { user: ProfileFriends_user$key }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<ProfileFriendsPaginationQuery, ProfileFriends_user$key>(
    fragment,
    key,
  )
  const edges = data.friends.edges
  const count = data.friends.totalCount

  if (edges.length === 0) {
    return (
      <Card.Root>
        <Card.Body>
          <Center py="8" color="fg.muted" data-testid="no-friends">
            <Trans>Друзей пока нет</Trans>
          </Center>
        </Card.Body>
      </Card.Root>
    )
  }
  return (
    <Stack gap="4" data-testid="profile-friends">
      <Text color="fg.muted" fontSize="sm">
        <Trans>Всего друзей: {count}</Trans>
      </Text>
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="3">
        {edges.map(({ node }) => (
          <RouterLink key={node.id} to={`/profile/${encodeURIComponent(node.username)}`} data-testid="friend-link">
            <Card.Root size="sm" _hover={{ shadow: 'md' }} transition="box-shadow 0.15s">
              <Card.Body>
                <HStack gap="3" minW="0">
                  <UserAvatar user={node} size="md" />
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
      {hasNext && (
        <Button variant="outline" alignSelf="center" loading={isLoadingNext} onClick={() => loadNext(12)} data-testid="more-friends">
          <Trans>Показать ещё</Trans>
        </Button>
      )}
    </Stack>
  )
}
