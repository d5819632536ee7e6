import { Badge, Box, Card, Flex, Grid, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Contact, FileText, IdCard, MessageSquare, PenSquare, Sparkles, UserPlus, Users, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { graphql } from 'react-relay/hooks';
import { usePageQuery } from '../../app/pageQuery';
import type { DashboardPageQuery } from '../../__generated__/DashboardPageQuery.graphql';
import { RoleBadge } from '../../components/RoleBadge';
import { formatDate, formatDateTime } from '../../i18n/format';
import { FirstSteps } from '../suggestions/FirstSteps';

const dashboardQuery = graphql`
  query DashboardPageQuery {
    viewer {
      firstName
      username
      email
      role
      createdAt
      lastLogin
      postsCount
      friendsCount
    }
    systemStatus {
      usersTotal
      contentTotal
      contentPublished
      friendships
      messages
    }
  }
`;

function StatCard({
  icon,
  label,
  value,
  detail,
  testId,
}: {
  icon: ReactNode;
  label: ReactNode;
  value: number;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <Card.Root data-testid={testId} size="sm">
      <Card.Body>
        <HStack gap="4" align="center">
          <Flex
            flexShrink={0}
            w="11"
            h="11"
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
            <Text fontSize="2xl" fontWeight="bold" lineHeight="short" data-testid={`${testId}-value`}>
              {value.toLocaleString()}
            </Text>
            {detail && (
              <Text fontSize="xs" color="fg.muted">
                {detail}
              </Text>
            )}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function Point({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <List.Item display="flex" alignItems="center" gap="3">
      <Flex flexShrink={0} w="9" h="9" rounded="lg" bg="whiteAlpha.200" align="center" justify="center" aria-hidden="true">
        {icon}
      </Flex>
      <Text>{children}</Text>
    </List.Item>
  );
}

export default function DashboardPage() {
  const { t } = useLingui();
  const { viewer, systemStatus: stats } = usePageQuery<DashboardPageQuery>(dashboardQuery);
  if (!viewer) return null; // the guard signs out a viewer the server no longer knows

  const role = viewer.role === 'ADMIN' || viewer.role === 'MODERATOR' ? viewer.role : 'USER';
  const registered = formatDate(viewer.createdAt);
  const lastLogin = viewer.lastLogin ? formatDateTime(viewer.lastLogin) : t`Нет данных`;
  const firstName = viewer.firstName;
  const published = stats.contentPublished;

  return (
    <Stack gap="6">
      <Box
        data-testid="welcome-banner"
        rounded="2xl"
        p={{ base: '6', md: '8' }}
        color="white"
        bgGradient="to-br"
        gradientFrom="brand.600"
        gradientTo="brand.800"
        shadow="lg"
      >
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="welcome-heading">
              <Trans>Добро пожаловать, {firstName}!</Trans>
            </Heading>
            <Text color="whiteAlpha.800">
              <Trans>LinkUp — место, где общение, контент и встречи собраны вместе.</Trans>
            </Text>
          </Stack>
          <List.Root as="ul" listStyle="none" gap="3" display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}>
            <Point icon={<Contact size={18} />}>
              <Trans>Делитесь своими контактами</Trans>
            </Point>
            <Point icon={<PenSquare size={18} />}>
              <Trans>Оформляйте и публикуйте контент</Trans>
            </Point>
            <Point icon={<IdCard size={18} />}>
              <Trans>Ваш профиль — ваша визитная карточка</Trans>
            </Point>
            <Point icon={<Video size={18} />}>
              <Trans>Встречайтесь в аудио- и видеозвонках</Trans>
            </Point>
          </List.Root>
        </Stack>
      </Box>

      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }} gap="4" data-testid="stat-cards">
        <StatCard
          testId="stat-users"
          icon={<Users size={20} />}
          label={<Trans>Пользователи</Trans>}
          value={stats.usersTotal}
          detail={<Trans>зарегистрировано</Trans>}
        />
        <StatCard
          testId="stat-content"
          icon={<FileText size={20} />}
          label={<Trans>Контент</Trans>}
          value={stats.contentTotal}
          detail={<Trans>опубликовано: {published}</Trans>}
        />
        <StatCard
          testId="stat-friendships"
          icon={<UserPlus size={20} />}
          label={<Trans>Друзья</Trans>}
          value={stats.friendships}
          detail={<Trans>дружеских связей</Trans>}
        />
        <StatCard
          testId="stat-messages"
          icon={<MessageSquare size={20} />}
          label={<Trans>Сообщения</Trans>}
          value={stats.messages}
          detail={<Trans>отправлено</Trans>}
        />
      </Grid>

      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
        <Card.Root data-testid="profile-card">
          <Card.Header>
            <Card.Title>
              <Trans>Информация о профиле</Trans>
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <Grid
              templateColumns={{ base: '1fr', sm: '11rem 1fr' }}
              columnGap="4"
              rowGap={{ base: '1', sm: '3' }}
              alignItems="center"
            >
              <Text color="fg.muted">Email</Text>
              <Box>{viewer.email}</Box>
              <Text color="fg.muted">
                <Trans>Имя пользователя</Trans>
              </Text>
              <Box>@{viewer.username}</Box>
              <Text color="fg.muted">
                <Trans>Роль</Trans>
              </Text>
              <Box>
                <RoleBadge role={role} />
              </Box>
              <Text color="fg.muted">
                <Trans>Дата регистрации</Trans>
              </Text>
              <Box data-testid="registration-date">{registered}</Box>
              <Text color="fg.muted">
                <Trans>Последний вход</Trans>
              </Text>
              <Box data-testid="last-login">{lastLogin}</Box>
            </Grid>
          </Card.Body>
        </Card.Root>

        <Stack gap="6">
          <Card.Root data-testid="activity-card">
            <Card.Header>
              <Card.Title>
                <Trans>Активность</Trans>
              </Card.Title>
            </Card.Header>
            <Card.Body>
              <Grid templateColumns="1fr 1fr" gap="4">
                <Stack gap="0">
                  <Text fontSize="2xl" fontWeight="bold" data-testid="activity-posts">
                    {viewer.postsCount}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    <Trans>Публикации</Trans>
                  </Text>
                </Stack>
                <Stack gap="0">
                  <Text fontSize="2xl" fontWeight="bold" data-testid="activity-friends">
                    {viewer.friendsCount}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    <Trans>Друзья</Trans>
                  </Text>
                </Stack>
              </Grid>
            </Card.Body>
          </Card.Root>

          {role !== 'USER' && (
            <Card.Root data-testid="platform-box" bg="brand.subtle" borderColor="brand.muted">
              <Card.Body>
                <HStack gap="3" align="start">
                  <Box color="brand.fg" mt="0.5" aria-hidden="true">
                    <Sparkles size={20} />
                  </Box>
                  <Stack gap="1">
                    <HStack gap="2">
                      <Text fontWeight="semibold">LinkUp Platform v2.0</Text>
                      <Badge colorPalette="brand" size="sm">
                        <Trans>Модерация</Trans>
                      </Badge>
                    </HStack>
                    {/* Content is the admins' (the admin panel); a moderator has the user list only. */}
                    <Text fontSize="sm" color="fg.muted" data-testid="platform-box-text">
                      {role === 'ADMIN' ? (
                        <Trans>Вам доступны инструменты модерации: список пользователей и управление контентом.</Trans>
                      ) : (
                        <Trans>Вам доступен список пользователей: поиск участников, их роли и статусы.</Trans>
                      )}
                    </Text>
                  </Stack>
                </HStack>
              </Card.Body>
            </Card.Root>
          )}
        </Stack>
      </Grid>

      {/* A member without contacts yet: whom to add and what others publish, instead of an empty page. */}
      {viewer.friendsCount === 0 && (
        <FirstSteps
          withPublications
          intro={<Trans>С чего начать: добавьте знакомых в контакты и загляните в публикации участников.</Trans>}
        />
      )}
    </Stack>
  );
}
