import { useEffect, useRef } from 'react';
import { Box, Button, Center, Spinner, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { Feed_query$key } from '../../../__generated__/Feed_query.graphql';
import type { FeedPaginationQuery } from '../../../__generated__/FeedPaginationQuery.graphql';
import { PublicationCard } from './PublicationCard';
import { FirstSteps } from '../../suggestions/FirstSteps';
import { FEED_PAGE_SIZE } from './feedPageSize';

const feedFragment = graphql`
  fragment Feed_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" })
  @refetchable(queryName: "FeedPaginationQuery") {
    feed(first: $count, after: $cursor) @connection(key: "Feed_feed") {
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

/** Own and contacts' publications, newest first; the next page loads as the end comes into view. */
export function Feed({ query }: { query: Feed_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<FeedPaginationQuery, Feed_query$key>(
    feedFragment,
    query,
  );
  const sentinel = useRef<HTMLDivElement>(null);
  const edges = data.feed.edges;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNext || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isLoadingNext) loadNext(FEED_PAGE_SIZE);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNext, isLoadingNext, loadNext]);

  if (edges.length === 0) {
    return (
      <Box data-testid="feed-empty">
        <FirstSteps withPublications intro={<Trans>Здесь появятся ваши публикации и публикации ваших контактов.</Trans>} />
      </Box>
    );
  }

  return (
    <Stack gap="4" data-testid="feed">
      {edges.map((edge) => (
        <PublicationCard key={edge.node.id} publication={edge.node} feedConnectionId={data.feed.__id} />
      ))}
      <Box ref={sentinel} />
      {hasNext && (
        <Center>
          {isLoadingNext ? (
            <Spinner color="brand.fg" />
          ) : (
            <Button variant="outline" size="sm" onClick={() => loadNext(FEED_PAGE_SIZE)} data-testid="feed-more">
              <Trans>Показать ещё</Trans>
            </Button>
          )}
        </Center>
      )}
    </Stack>
  );
}
