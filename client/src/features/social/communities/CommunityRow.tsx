import { Badge, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, useFragment } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { CommunityRow_community$key } from '../../../__generated__/CommunityRow_community.graphql';
import { UserAvatar } from '../UserAvatar';
import { communityPath } from './communitySection';

const rowFragment = graphql`
  fragment CommunityRow_community on Community {
    id
    name
    avatarImage
    membersCount
    joinPolicy
  }
`;

/** A community in a list (mine, suggested, search): its avatar, name and size, linking to its page. */
export function CommunityRow({ community }: { community: CommunityRow_community$key }) {
  const data = useFragment(rowFragment, community);
  const count = data.membersCount;
  return (
    <Link asChild _hover={{ textDecoration: 'none', bg: 'bg.muted' }} rounded="md" data-testid="community-row">
      <RouterLink to={communityPath(data.id)}>
        <Flex align="center" gap="3" p="1" minW="0" w="full">
          <UserAvatar firstName={data.name} lastName="" avatarImage={data.avatarImage} size="sm" />
          <Stack gap="0" minW="0" flex="1">
            <Text fontWeight="medium" truncate>
              {data.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              <Trans>Участников: {count}</Trans>
            </Text>
          </Stack>
          {data.joinPolicy === 'BY_REQUEST' && (
            <Badge variant="subtle" flexShrink={0}>
              <Trans>По заявке</Trans>
            </Badge>
          )}
        </Flex>
      </RouterLink>
    </Link>
  );
}
