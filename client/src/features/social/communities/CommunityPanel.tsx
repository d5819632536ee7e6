import { Card, Center, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { CommunityPanelQuery } from '../../../__generated__/CommunityPanelQuery.graphql';
import type { CommunityFeed_community$key } from '../../../__generated__/CommunityFeed_community.graphql';
import type { CommunityFeedPageQuery } from '../../../__generated__/CommunityFeedPageQuery.graphql';
import type { Composer_query$key } from '../../../__generated__/Composer_query.graphql';
import type { SectionPanelProps } from '../socialSections';
import { Composer } from '../publications/Composer';
import { FEED_PAGE_SIZE } from '../publications/feedPageSize';
import { PublicationCard } from '../publications/PublicationCard';
import { CommunityHeader } from './CommunityHeader';
import { CommunityMembers } from './CommunityMembers';
import { MoreButton } from './communityParts';
import { CommunityRequests } from './CommunityRequests';

const communityPanelQuery = graphql`
  query CommunityPanelQuery($id: ID!, $count: Int!, $members: Int!) {
    viewer {
      id
      firstName
    }
    community(id: $id) {
      id
      joinPolicy
      viewerRole
      ...CommunityHeader_community
      ...CommunityFeed_community @arguments(count: $count)
      ...CommunityMembers_community @arguments(count: $members)
      ...CommunityRequests_community @arguments(count: $members)
    }
    ...Composer_query
  }
`;

const feedFragment = graphql`
  fragment CommunityFeed_community on Community
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "CommunityFeedPageQuery") {
    id
    publications(first: $count, after: $cursor) @connection(key: "CommunityFeed_publications") {
      __id
      edges {
        node {
          id
          ...PublicationCard_publication
        }
      }
    }
  }
`;

/** The community's feed: the composer for its members, then its publications, newest first. */
function CommunityFeed(props: {
  community: CommunityFeed_community$key;
  composerQuery: Composer_query$key;
  firstName: string;
  isMember: boolean;
  closed: boolean;
}) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<CommunityFeedPageQuery, CommunityFeed_community$key>(
    feedFragment,
    props.community,
  );
  const connectionId = data.publications.__id;
  const edges = data.publications.edges;
  return (
    <Stack gap="4" data-testid="community-feed">
      {props.isMember && (
        <Composer query={props.composerQuery} firstName={props.firstName} communityId={data.id} connectionId={connectionId} />
      )}
      {edges.length === 0 ? (
        <Card.Root data-testid="community-feed-empty">
          <Card.Body>
            <Center py="6">
              <Text color="fg.muted" textAlign="center">
                {props.closed && !props.isMember ? (
                  <Trans>Публикации этого сообщества видны только его участникам.</Trans>
                ) : (
                  <Trans>В сообществе пока нет публикаций.</Trans>
                )}
              </Text>
            </Center>
          </Card.Body>
        </Card.Root>
      ) : (
        edges.map((edge) => <PublicationCard key={edge.node.id} publication={edge.node} feedConnectionId={connectionId} />)
      )}
      <MoreButton hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(FEED_PAGE_SIZE)} />
    </Stack>
  );
}

/** A community's page (`?section=community&community=`): its header, feed, members and, for moderators, requests. */
export default function CommunityPanel({ queryRef }: SectionPanelProps) {
  const data = usePreloadedQuery<CommunityPanelQuery>(communityPanelQuery, queryRef as PreloadedQuery<CommunityPanelQuery>);
  const community = data.community;
  if (!data.viewer) return null; // the guard signs out a viewer the server no longer knows
  if (!community) {
    return (
      <Card.Root data-testid="community-not-found">
        <Card.Body>
          <Heading size="md">
            <Trans>Сообщество не найдено</Trans>
          </Heading>
        </Card.Body>
      </Card.Root>
    );
  }
  const role = community.viewerRole;
  const moderates = role === 'OWNER' || role === 'MODERATOR';
  return (
    <Stack gap="4" data-testid="community-page">
      <CommunityHeader community={community} />
      <Tabs.Root defaultValue="feed" variant="line" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="feed" data-testid="community-tab-feed">
            <Trans>Публикации</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="members" data-testid="community-tab-members">
            <Trans>Участники</Trans>
          </Tabs.Trigger>
          {moderates && community.joinPolicy === 'BY_REQUEST' && (
            <Tabs.Trigger value="requests" data-testid="community-tab-requests">
              <Trans>Заявки</Trans>
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="feed">
          <CommunityFeed
            community={community}
            composerQuery={data}
            firstName={data.viewer.firstName}
            isMember={role !== null}
            closed={community.joinPolicy === 'BY_REQUEST'}
          />
        </Tabs.Content>
        <Tabs.Content value="members">
          <CommunityMembers community={community} viewerId={data.viewer.id} viewerRole={role} />
        </Tabs.Content>
        {moderates && (
          <Tabs.Content value="requests">
            <CommunityRequests community={community} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Stack>
  );
}
