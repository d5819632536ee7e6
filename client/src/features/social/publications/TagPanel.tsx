import { Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { TagPanelQuery } from '../../../__generated__/TagPanelQuery.graphql';
import type { TagPanel_query$key } from '../../../__generated__/TagPanel_query.graphql';
import type { TagPaginationQuery } from '../../../__generated__/TagPaginationQuery.graphql';
import type { SectionPanelProps } from '../socialSections';
import { FEED_PAGE_SIZE } from './feedPageSize';
import { PublicationCard } from './PublicationCard';

const tagPanelQuery = graphql`
  query TagPanelQuery($tag: String!, $count: Int!) {
    ...TagPanel_query @arguments(tag: $tag, count: $count)
  }
`;

const tagFragment = graphql`
  fragment TagPanel_query on Query
  @argumentDefinitions(tag: { type: "String!" }, count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "TagPaginationQuery") {
    hashtagPublications(tag: $tag, first: $count, after: $cursor) @connection(key: "TagPanel_hashtagPublications") {
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

/** The /social tag page (`?section=tag&tag=`): the recent publications with a `#tag`, newest first. */
export default function TagPanel({ queryRef }: SectionPanelProps) {
  const preloaded = queryRef as PreloadedQuery<TagPanelQuery>;
  const query = usePreloadedQuery<TagPanelQuery>(tagPanelQuery, preloaded);
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<TagPaginationQuery, TagPanel_query$key>(
    tagFragment,
    query,
  );
  const tag = preloaded.variables.tag;
  const edges = data.hashtagPublications.edges;
  return (
    <Stack gap="4" data-testid="tag-page">
      <Heading size="lg" color="brand.fg" wordBreak="break-word" data-testid="tag-title">
        #{tag}
      </Heading>
      {edges.length === 0 ? (
        <Card.Root data-testid="tag-empty">
          <Card.Body>
            <Center py="8">
              <Text color="fg.muted" textAlign="center">
                <Trans>Публикаций с этим тегом пока нет.</Trans>
              </Text>
            </Center>
          </Card.Body>
        </Card.Root>
      ) : (
        edges.map((edge) => (
          <PublicationCard key={edge.node.id} publication={edge.node} feedConnectionId={data.hashtagPublications.__id} />
        ))
      )}
      {hasNext && (
        <Button variant="outline" size="sm" alignSelf="center" loading={isLoadingNext} onClick={() => loadNext(FEED_PAGE_SIZE)}>
          <Trans>Показать ещё</Trans>
        </Button>
      )}
    </Stack>
  );
}
