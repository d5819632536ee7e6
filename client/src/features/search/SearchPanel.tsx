import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { SearchPanelQuery } from '../../__generated__/SearchPanelQuery.graphql';
import type { SearchMembers_query$key } from '../../__generated__/SearchMembers_query.graphql';
import type { SearchMembersPageQuery } from '../../__generated__/SearchMembersPageQuery.graphql';
import type { SearchPublications_query$key } from '../../__generated__/SearchPublications_query.graphql';
import type { SearchPublicationsPageQuery } from '../../__generated__/SearchPublicationsPageQuery.graphql';
import type { SearchTags_query$key } from '../../__generated__/SearchTags_query.graphql';
import type { SearchCommunities_query$key } from '../../__generated__/SearchCommunities_query.graphql';
import type { SearchCommunitiesPageQuery } from '../../__generated__/SearchCommunitiesPageQuery.graphql';
import { CommunityRow } from '../social/communities/CommunityRow';
import type { SearchTagsPageQuery } from '../../__generated__/SearchTagsPageQuery.graphql';
import { UserAvatar } from '../../components/UserAvatar';
import { AuthorAndTime } from '../social/Byline';
import type { SectionPanelProps } from '../social/socialSections';
import { SEARCH_PAGE as PAGE } from './searchText';

const searchPanelQuery = graphql`
  query SearchPanelQuery($text: String!, $members: Int!, $publications: Int!, $communities: Int!, $tags: Int!) {
    ...SearchMembers_query @arguments(text: $text, count: $members)
    ...SearchPublications_query @arguments(text: $text, count: $publications)
    ...SearchCommunities_query @arguments(text: $text, count: $communities)
    ...SearchTags_query @arguments(text: $text, count: $tags)
  }
`;

// Each kind pages on its own; the three share one `search` field in the page's query.
const membersFragment = graphql`
  fragment SearchMembers_query on Query
  @argumentDefinitions(text: { type: "String!" }, count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "SearchMembersPageQuery") {
    search(text: $text) {
      members(first: $count, after: $cursor) @connection(key: "SearchMembers_members") {
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
  }
`;

const publicationsFragment = graphql`
  fragment SearchPublications_query on Query
  @argumentDefinitions(text: { type: "String!" }, count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "SearchPublicationsPageQuery") {
    search(text: $text) {
      publications(first: $count, after: $cursor) @connection(key: "SearchPublications_publications") {
        edges {
          highlight {
            text
            matched
          }
          node {
            id
            createdAt
            author {
              username
              firstName
              lastName
              avatarImage
            }
          }
        }
      }
    }
  }
`;

const communitiesFragment = graphql`
  fragment SearchCommunities_query on Query
  @argumentDefinitions(text: { type: "String!" }, count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "SearchCommunitiesPageQuery") {
    search(text: $text) {
      communities(first: $count, after: $cursor) @connection(key: "SearchCommunities_communities") {
        edges {
          node {
            id
            ...CommunityRow_community
          }
        }
      }
    }
  }
`;

const tagsFragment = graphql`
  fragment SearchTags_query on Query
  @argumentDefinitions(text: { type: "String!" }, count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "SearchTagsPageQuery") {
    search(text: $text) {
      tags(first: $count, after: $cursor) @connection(key: "SearchTags_tags") {
        edges {
          node {
            id
            name
          }
        }
      }
    }
  }
`;

/** One kind's results: a titled card, its rows, "nothing found" or "show more". */
function Section(props: {
  kind: string;
  title: ReactNode;
  empty: boolean;
  hasNext: boolean;
  loading: boolean;
  onMore: () => void;
  children: ReactNode;
}) {
  return (
    <Card.Root data-testid={`search-${props.kind}`}>
      <Card.Body gap="3" p={{ base: '3', md: '5' }}>
        <Heading size="md">{props.title}</Heading>
        {props.empty ? (
          <Text color="fg.muted" fontSize="sm" data-testid={`search-${props.kind}-empty`}>
            <Trans>Ничего не найдено</Trans>
          </Text>
        ) : (
          props.children
        )}
        {props.hasNext && (
          <Button
            variant="outline"
            size="sm"
            alignSelf="center"
            loading={props.loading}
            onClick={props.onMore}
            data-testid={`search-${props.kind}-more`}
          >
            <Trans>Показать ещё</Trans>
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Members({ query }: { query: SearchMembers_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<SearchMembersPageQuery, SearchMembers_query$key>(
    membersFragment,
    query,
  );
  const edges = data.search.members.edges;
  return (
    <Section
      kind="members"
      title={<Trans context="search results">Участники</Trans>}
      empty={edges.length === 0}
      hasNext={hasNext}
      loading={isLoadingNext}
      onMore={() => loadNext(PAGE.members)}
    >
      <Stack gap="2">
        {edges.map(({ node }) => (
          <Link
            asChild
            key={node.id}
            data-testid="search-member"
            _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
            rounded="md"
          >
            <RouterLink to={`/profile/${encodeURIComponent(node.username)}`}>
              <Flex align="center" gap="3" p="1" minW="0">
                <UserAvatar firstName={node.firstName} lastName={node.lastName} avatarImage={node.avatarImage} size="sm" />
                <Box minW="0">
                  <Text fontWeight="medium" truncate>
                    {node.firstName} {node.lastName}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    @{node.username}
                  </Text>
                </Box>
              </Flex>
            </RouterLink>
          </Link>
        ))}
      </Stack>
    </Section>
  );
}

function Publications({ query }: { query: SearchPublications_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    SearchPublicationsPageQuery,
    SearchPublications_query$key
  >(publicationsFragment, query);
  const edges = data.search.publications.edges;
  return (
    <Section
      kind="publications"
      title={<Trans>Публикации</Trans>}
      empty={edges.length === 0}
      hasNext={hasNext}
      loading={isLoadingNext}
      onMore={() => loadNext(PAGE.publications)}
    >
      <Stack gap="3">
        {edges.map(({ node, highlight }) => (
          // The publication is read on its author's profile.
          <Link
            asChild
            key={node.id}
            display="block"
            borderWidth="1px"
            rounded="md"
            p="3"
            _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
            data-testid="search-publication"
          >
            <RouterLink to={`/profile/${encodeURIComponent(node.author.username)}`}>
              <Stack gap="1">
                <AuthorAndTime firstName={node.author.firstName} lastName={node.author.lastName} at={node.createdAt} />
                <Text whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid="search-publication-text">
                  {highlight.map((part, index) =>
                    part.matched ? (
                      // yellow.subtle, not a shade: yellow.100 stayed light under the dark theme's light text (1.2:1).
                      <Box as="mark" key={index} bg="yellow.subtle" color="inherit" rounded="sm" px="0.5">
                        {part.text}
                      </Box>
                    ) : (
                      <span key={index}>{part.text}</span>
                    ),
                  )}
                </Text>
              </Stack>
            </RouterLink>
          </Link>
        ))}
      </Stack>
    </Section>
  );
}

function Communities({ query }: { query: SearchCommunities_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    SearchCommunitiesPageQuery,
    SearchCommunities_query$key
  >(communitiesFragment, query);
  const edges = data.search.communities.edges;
  return (
    <Section
      kind="communities"
      title={<Trans context="search results">Сообщества</Trans>}
      empty={edges.length === 0}
      hasNext={hasNext}
      loading={isLoadingNext}
      onMore={() => loadNext(PAGE.communities)}
    >
      <Stack gap="1">
        {edges.map(({ node }) => (
          <CommunityRow key={node.id} community={node} />
        ))}
      </Stack>
    </Section>
  );
}

function Tags({ query }: { query: SearchTags_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<SearchTagsPageQuery, SearchTags_query$key>(
    tagsFragment,
    query,
  );
  const edges = data.search.tags.edges;
  return (
    <Section
      kind="tags"
      title={<Trans>Теги</Trans>}
      empty={edges.length === 0}
      hasNext={hasNext}
      loading={isLoadingNext}
      onMore={() => loadNext(PAGE.tags)}
    >
      <Wrap gap="2">
        {edges.map(({ node }) => (
          // A tag opens the published content that carries it.
          <Badge asChild key={node.id} size="lg" colorPalette="brand" variant="subtle" data-testid="search-tag">
            <RouterLink to={`/content?tag=${encodeURIComponent(node.id)}`}>#{node.name}</RouterLink>
          </Badge>
        ))}
      </Wrap>
    </Section>
  );
}

/** The /social search section: what the text in the address finds, by kind. */
export default function SearchPanel({ queryRef }: SectionPanelProps) {
  const { t } = useLingui();
  const query = usePreloadedQuery<SearchPanelQuery>(searchPanelQuery, queryRef as PreloadedQuery<SearchPanelQuery>);
  return (
    <Stack gap="4" aria-label={t`Результаты поиска`} role="region" data-testid="search-results">
      <Members query={query} />
      <Publications query={query} />
      <Communities query={query} />
      <Tags query={query} />
    </Stack>
  );
}
