import type { ReactNode } from 'react';
import { Button, Card, Center, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/**
 * The frame of a profile tab's paged list (friends, publications): the empty card, or the total,
 * the items and "Show more" while the connection has a next page.
 */
export function ProfileTabList({
  testId,
  empty,
  total,
  more,
  children,
}: {
  testId: string;
  /** Shown instead of the list when it has no items: its text and test id. */
  empty: { text: ReactNode; testId: string } | null;
  total: ReactNode;
  /** The connection's paging, as `usePaginationFragment` answers it, and the page size it loads. */
  more: { hasNext: boolean; isLoadingNext: boolean; loadNext: (count: number) => unknown; pageSize: number; testId: string };
  children: ReactNode;
}) {
  if (empty) {
    return (
      <Card.Root>
        <Card.Body>
          <Center py="8" color="fg.muted" data-testid={empty.testId}>
            {empty.text}
          </Center>
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Stack gap="4" data-testid={testId}>
      <Text color="fg.muted" fontSize="sm">
        {total}
      </Text>
      {children}
      {more.hasNext && (
        <Button
          variant="outline"
          alignSelf="center"
          loading={more.isLoadingNext}
          onClick={() => more.loadNext(more.pageSize)}
          data-testid={more.testId}
        >
          <Trans>Показать ещё</Trans>
        </Button>
      )}
    </Stack>
  );
}
