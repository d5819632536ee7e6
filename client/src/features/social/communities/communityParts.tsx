import type { ReactNode } from 'react';
import { Box, Button, Card, Flex, Link, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useFragment } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { communityParts_user$key } from '../../../__generated__/communityParts_user.graphql';
import { toaster } from '../../../components/ui/toaster';
import { mutationFailure, type MutationErrorKey } from '../../../relay/mutationError';
import { UserAvatar } from '../UserAvatar';
import { COMMUNITY_LIST_SIZE } from './communitySection';

/** The pieces the community page's parts share. */

export const ROLE_LABELS = { OWNER: msg`Владелец`, MODERATOR: msg`Модератор`, MEMBER: msg`Участник` } as const;

/**
 * A mutation's callbacks that toast a failure with the server's text: `pick` finds the result (its
 * `error` alias) in the response.
 */
export function useActionCallbacks() {
  const { t } = useLingui();
  const failed = () => {
    toaster.create({ type: 'error', title: t`Не удалось выполнить действие` });
  };
  return <Response,>(pick: (response: Response) => { readonly error?: MutationErrorKey | null }) => ({
    onCompleted: (response: Response) => {
      const error = pick(response).error;
      if (!error) return;
      const { title, detail } = mutationFailure(error, t`Не удалось выполнить действие`);
      toaster.create({ type: 'error', title, description: detail });
    },
    onError: failed,
  });
}

/** What CommunityListCard reads of a list's usePaginationFragment. */
export type ListPages = { hasNext: boolean; isLoadingNext: boolean; loadNext: (count: number) => unknown };

/**
 * A card holding one of the community area's paged lists (my and suggested communities, a community's
 * members, its join requests), with "show more" under the rows while there is a next page: `pages`
 * is the list's usePaginationFragment, each page COMMUNITY_LIST_SIZE long. The three lists each wrote
 * this frame out.
 */
export function CommunityListCard({ testId, pages, children }: { testId: string; pages: ListPages; children: ReactNode }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Body gap="3" p={{ base: '3', md: '5' }}>
        {children}
        <MoreButton hasNext={pages.hasNext} loading={pages.isLoadingNext} onMore={() => pages.loadNext(COMMUNITY_LIST_SIZE)} />
      </Card.Body>
    </Card.Root>
  );
}

/** "Show more" under a list that has a next page. */
export function MoreButton({ hasNext, loading, onMore }: { hasNext: boolean; loading: boolean; onMore: () => void }) {
  if (!hasNext) return null;
  return (
    <Button variant="outline" size="sm" alignSelf="center" loading={loading} onClick={onMore}>
      <Trans>Показать ещё</Trans>
    </Button>
  );
}

/** A member's avatar and names, linking to their profile. */
const personFragment = graphql`
  fragment communityParts_user on User {
    username
    firstName
    lastName
    avatarImage
  }
`;

export function Person({ user: key }: { user: communityParts_user$key }) {
  const user = useFragment(personFragment, key);
  return (
    <Link asChild color="fg" minW="0" flex="1">
      <RouterLink to={`/profile/${encodeURIComponent(user.username)}`}>
        <Flex align="center" gap="3" minW="0">
          <UserAvatar firstName={user.firstName} lastName={user.lastName} avatarImage={user.avatarImage} size="sm" />
          <Box minW="0">
            <Text fontWeight="medium" truncate>
              {user.firstName} {user.lastName}
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate>
              @{user.username}
            </Text>
          </Box>
        </Flex>
      </RouterLink>
    </Link>
  );
}
