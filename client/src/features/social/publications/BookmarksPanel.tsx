import { Button, Card, Center, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { BookmarksPanelQuery } from '../../../__generated__/BookmarksPanelQuery.graphql';
import type { BookmarksPanel_query$key } from '../../../__generated__/BookmarksPanel_query.graphql';
import type { BookmarksPaginationQuery } from '../../../__generated__/BookmarksPaginationQuery.graphql';
import type { SectionPanelProps } from '../socialSections';
import { FEED_PAGE_SIZE } from './feedPageSize';
import { PublicationCard } from './PublicationCard';

const bookmarksPanelQuery = graphql`
  query BookmarksPanelQuery($count: Int!) {
    ...BookmarksPanel_query @arguments(count: $count)
  }
`;

const bookmarksFragment = graphql`
  fragment BookmarksPanel_query on Query
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "BookmarksPaginationQuery") {
    bookmarks(first: $count, after: $cursor) @connection(key: "BookmarksPanel_bookmarks") {
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

/**
 * The /social bookmarks section: the publications the member bookmarked and can still see, last
 * bookmarked first. One taken out of the bookmarks stays until the next visit, so it can be put back.
 */
export default function BookmarksPanel({ queryRef }: SectionPanelProps) {
  const query = usePreloadedQuery<BookmarksPanelQuery>(bookmarksPanelQuery, queryRef as PreloadedQuery<BookmarksPanelQuery>);
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<BookmarksPaginationQuery, BookmarksPanel_query$key>(
    bookmarksFragment,
    query,
  );
  const edges = data.bookmarks.edges;

  if (edges.length === 0) {
    return (
      <Card.Root data-testid="bookmarks-empty">
        <Card.Body>
          <Center py="8">
            <Text color="fg.muted" textAlign="center">
              <Trans>Закладок пока нет. Отметьте публикацию значком закладки, чтобы вернуться к ней позже.</Trans>
            </Text>
          </Center>
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Stack gap="4" data-testid="bookmarks">
      {edges.map((edge) => (
        <PublicationCard key={edge.node.id} publication={edge.node} feedConnectionId={data.bookmarks.__id} />
      ))}
      {hasNext && (
        <Button
          variant="outline"
          size="sm"
          alignSelf="center"
          loading={isLoadingNext}
          onClick={() => loadNext(FEED_PAGE_SIZE)}
          data-testid="bookmarks-more"
        >
          <Trans>Показать ещё</Trans>
        </Button>
      )}
    </Stack>
  );
}
