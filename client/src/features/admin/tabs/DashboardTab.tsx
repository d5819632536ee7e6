import type { ReactNode } from 'react';
import { Card, Flex, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Blocks, FileText, HardDrive, UserPlus } from 'lucide-react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { DashboardTabQuery } from '../../../__generated__/DashboardTabQuery.graphql';
import type { AdminTabProps } from '../adminTabs';

const dashboardTabQuery = graphql`
  query DashboardTabQuery {
    adminStats {
      usersToday
      postsToday
      activeModules
      totalModules
      storageUsed
    }
  }
`;

function Figure({ icon, label, value, testId }: { icon: ReactNode; label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body>
        <HStack gap="4">
          <Flex
            w="11"
            h="11"
            flexShrink={0}
            rounded="xl"
            bg="brand.subtle"
            color="brand.fg"
            align="center"
            justify="center"
            aria-hidden="true"
          >
            {icon}
          </Flex>
          <Stack gap="0" minW="0">
            <Text fontSize="sm" color="fg.muted">
              {label}
            </Text>
            <Text fontSize="2xl" fontWeight="bold" data-testid={`${testId}-value`}>
              {value}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The admin dashboard: today's sign-ups and publications, modules, storage (spec section 2). */
export default function DashboardTab({ queryRef }: AdminTabProps) {
  const { adminStats: stats } = usePreloadedQuery<DashboardTabQuery>(
    dashboardTabQuery,
    queryRef as PreloadedQuery<DashboardTabQuery>,
  );
  const { activeModules, totalModules } = stats;
  return (
    <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }} gap="4" data-testid="admin-dashboard">
      <Figure
        icon={<UserPlus size={22} />}
        label={<Trans>Новых пользователей сегодня</Trans>}
        value={stats.usersToday}
        testId="stat-users-today"
      />
      <Figure
        icon={<FileText size={22} />}
        label={<Trans>Новых публикаций сегодня</Trans>}
        value={stats.postsToday}
        testId="stat-posts-today"
      />
      <Figure
        icon={<Blocks size={22} />}
        label={<Trans>Активные модули</Trans>}
        value={
          <Trans>
            {activeModules} из {totalModules}
          </Trans>
        }
        testId="stat-modules"
      />
      <Figure
        icon={<HardDrive size={22} />}
        label={<Trans>Использовано хранилища</Trans>}
        value={stats.storageUsed}
        testId="stat-storage"
      />
    </Grid>
  );
}
