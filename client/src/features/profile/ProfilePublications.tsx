import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ProfileTabList } from './ProfileTabList';
import { Heart, MessageSquare } from 'lucide-react';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { ProfilePublications_user$key } from '../../__generated__/ProfilePublications_user.graphql';
import type { ProfilePublicationsPaginationQuery } from '../../__generated__/ProfilePublicationsPaginationQuery.graphql';
import { formatDateTime } from '../../i18n/format';

const fragment = graphql`
  fragment ProfilePublications_user on User
  @refetchable(queryName: "ProfilePublicationsPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
    publications(first: $count, after: $cursor) @connection(key: "ProfilePublications_publications") {
      totalCount
      edges {
        node {
          id
          content
          createdAt
          likesCount
          commentsCount
        }
      }
    }
  }
`;

/** The member's publications, newest first, ten at a time. */
export function ProfilePublications({ user: key }: { user: ProfilePublications_user$key }) {
  const { data, ...paging } = usePaginationFragment<ProfilePublicationsPaginationQuery, ProfilePublications_user$key>(
    fragment,
    key,
  );
  const { edges, totalCount: count } = data.publications;

  return (
    <ProfileTabList
      testId="profile-publications"
      empty={edges.length === 0 ? { text: <Trans>Публикаций пока нет</Trans>, testId: 'no-publications' } : null}
      total={<Trans>Всего публикаций: {count}</Trans>}
      more={{ ...paging, pageSize: 10, testId: 'more-publications' }}
    >
      {edges.map(({ node }) => (
        <Card.Root key={node.id} data-testid="publication">
          <Card.Body>
            <Stack gap="3">
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(node.createdAt)}
              </Text>
              {/* Text only: whatever markup a post contains is shown, never interpreted. */}
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                {node.content}
              </Text>
              <HStack gap="4" fontSize="sm" color="fg.muted">
                <HStack gap="1">
                  <Heart size={14} aria-hidden="true" />
                  <Text>{node.likesCount}</Text>
                </HStack>
                <HStack gap="1">
                  <MessageSquare size={14} aria-hidden="true" />
                  <Text>{node.commentsCount}</Text>
                </HStack>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </ProfileTabList>
  );
}
