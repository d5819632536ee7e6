import { useState, type ReactNode } from 'react';
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { CommunitiesPanelQuery } from '../../../__generated__/CommunitiesPanelQuery.graphql';
import type { MyCommunities_query$key } from '../../../__generated__/MyCommunities_query.graphql';
import type { MyCommunitiesPageQuery } from '../../../__generated__/MyCommunitiesPageQuery.graphql';
import type { SuggestedCommunities_query$key } from '../../../__generated__/SuggestedCommunities_query.graphql';
import type { SuggestedCommunitiesPageQuery } from '../../../__generated__/SuggestedCommunitiesPageQuery.graphql';
import type { SectionPanelProps } from '../socialSections';
import { CommunityRow } from './CommunityRow';
import { CommunityListCard, type ListPages } from './communityParts';
import { CreateCommunityDialog } from './CreateCommunityDialog';

const communitiesPanelQuery = graphql`
  query CommunitiesPanelQuery($count: Int!) {
    ...MyCommunities_query @arguments(count: $count)
    ...SuggestedCommunities_query @arguments(count: $count)
  }
`;

const myFragment = graphql`
  fragment MyCommunities_query on Query
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "MyCommunitiesPageQuery") {
    myCommunities(first: $count, after: $cursor) @connection(key: "MyCommunities_myCommunities") {
      edges {
        node {
          id
          ...CommunityRow_community
        }
      }
    }
  }
`;

const suggestedFragment = graphql`
  fragment SuggestedCommunities_query on Query
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "SuggestedCommunitiesPageQuery") {
    suggestedCommunities(first: $count, after: $cursor) @connection(key: "SuggestedCommunities_suggestedCommunities") {
      edges {
        node {
          id
          ...CommunityRow_community
        }
      }
    }
  }
`;

/** A titled list of communities with "show more". */
function CommunityList(props: {
  kind: string;
  title: ReactNode;
  empty: ReactNode;
  nodes: ReadonlyArray<{ id: string } & Parameters<typeof CommunityRow>[0]['community']>;
  pages: ListPages;
}) {
  return (
    <CommunityListCard testId={`communities-${props.kind}`} pages={props.pages}>
      <Heading size="md">{props.title}</Heading>
      {props.nodes.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" data-testid={`communities-${props.kind}-empty`}>
          {props.empty}
        </Text>
      ) : (
        <Stack gap="1">
          {props.nodes.map((node) => (
            <CommunityRow key={node.id} community={node} />
          ))}
        </Stack>
      )}
    </CommunityListCard>
  );
}

function MyCommunities({ query }: { query: MyCommunities_query$key }) {
  const pages = usePaginationFragment<MyCommunitiesPageQuery, MyCommunities_query$key>(myFragment, query);
  return (
    <CommunityList
      kind="mine"
      title={<Trans>Мои сообщества</Trans>}
      empty={<Trans>Вы пока не состоите ни в одном сообществе.</Trans>}
      nodes={pages.data.myCommunities.edges.map((edge) => edge.node)}
      pages={pages}
    />
  );
}

function SuggestedCommunities({ query }: { query: SuggestedCommunities_query$key }) {
  const pages = usePaginationFragment<SuggestedCommunitiesPageQuery, SuggestedCommunities_query$key>(suggestedFragment, query);
  return (
    <CommunityList
      kind="suggested"
      title={<Trans>Рекомендуемые</Trans>}
      empty={<Trans>Открытых сообществ, в которых вас нет, пока нет.</Trans>}
      nodes={pages.data.suggestedCommunities.edges.map((edge) => edge.node)}
      pages={pages}
    />
  );
}

/** The /social communities section: mine, suggested ones (open, most members first) and creating one. */
export default function CommunitiesPanel({ queryRef }: SectionPanelProps) {
  const query = usePreloadedQuery<CommunitiesPanelQuery>(
    communitiesPanelQuery,
    queryRef as PreloadedQuery<CommunitiesPanelQuery>,
  );
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="4" data-testid="communities">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h1" size="lg">
          <Trans>Сообщества</Trans>
        </Heading>
        <Button colorPalette="brand" size="sm" onClick={() => setCreating(true)} data-testid="community-create">
          <Plus size={16} aria-hidden="true" />
          <Trans>Создать сообщество</Trans>
        </Button>
      </HStack>
      <MyCommunities query={query} />
      <SuggestedCommunities query={query} />
      {creating && <CreateCommunityDialog open onClose={() => setCreating(false)} />}
    </Stack>
  );
}
