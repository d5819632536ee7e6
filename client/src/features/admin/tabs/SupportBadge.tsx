import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { SupportBadgeQuery } from '../../../__generated__/SupportBadgeQuery.graphql';

/** The sidebar's count of new support messages; the support tab's mutations keep the same root field current. */
export default function SupportBadge() {
  const { t } = useLingui();
  const { supportUnreadCount: count } = useLazyLoadQuery<SupportBadgeQuery>(
    graphql`
      query SupportBadgeQuery {
        supportUnreadCount
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  if (count === 0) return null;
  return (
    <Badge
      colorPalette="red"
      variant="solid"
      size="sm"
      rounded="full"
      ms="auto"
      aria-label={t`Новых сообщений: ${count}`}
      data-testid="admin-support-badge"
    >
      {count}
    </Badge>
  );
}
