import { Suspense, useState } from 'react';
import { Box, Button, CloseButton, Dialog, Flex, Heading, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Link as RouterLink, useLoaderData } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { LoadingScreen } from '../../components/LoadingScreen';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { ADMIN_TABS, adminTab, DEFAULT_TAB, TAB_BADGES, TAB_COMPONENTS, type AdminTab } from './adminTabs';
import type { AdminTabData } from './adminLoader';

const tabPath = (tab: AdminTab) => (tab === DEFAULT_TAB ? '/admin' : `/admin/${tab.id}`);

/** The tab links, "Return to site" last; `collapsed` shows icons only (their names stay as labels). */
function SidebarNav({
  current,
  collapsed = false,
  onNavigate,
}: {
  current: AdminTab;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { i18n, t } = useLingui();
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
      {ADMIN_TABS.map((tab) => {
        const label = i18n._(tab.label);
        const active = tab === current;
        const TabBadge = TAB_BADGES[tab.id];
        return (
          <li key={tab.id}>
            <Button
              asChild
              variant={active ? 'solid' : 'ghost'}
              colorPalette="brand"
              size="sm"
              w="full"
              justifyContent={collapsed ? 'center' : 'flex-start'}
              title={collapsed ? label : undefined}
            >
              <RouterLink
                to={tabPath(tab)}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                aria-label={collapsed ? label : undefined}
                data-testid={`admin-tab-${tab.id}`}
              >
                <tab.icon size={18} aria-hidden="true" />
                {!collapsed && (
                  <Text as="span" truncate>
                    {label}
                  </Text>
                )}
                {TabBadge && (
                  <ErrorBoundary fallback={null}>
                    <Suspense fallback={null}>
                      <TabBadge />
                    </Suspense>
                  </ErrorBoundary>
                )}
              </RouterLink>
            </Button>
          </li>
        );
      })}
      <li>
        <Button
          asChild
          variant="outline"
          colorPalette="gray"
          size="sm"
          w="full"
          mt="3"
          justifyContent={collapsed ? 'center' : 'flex-start'}
        >
          <RouterLink to="/dashboard" data-testid="admin-return" aria-label={collapsed ? t`Вернуться на сайт` : undefined}>
            <ArrowLeft size={18} aria-hidden="true" />
            {!collapsed && <Trans>Вернуться на сайт</Trans>}
          </RouterLink>
        </Button>
      </li>
    </Stack>
  );
}

function ComingTab({ tab }: { tab: AdminTab }) {
  const { i18n } = useLingui();
  return (
    <Box data-testid="admin-tab-coming">
      <PlaceholderPage title={i18n._(tab.label)}>
        <Trans>Эта вкладка админ-панели скоро появится.</Trans>
      </PlaceholderPage>
    </Box>
  );
}

function TabContent({ tab, data }: { tab: AdminTab; data: AdminTabData }) {
  const Component = TAB_COMPONENTS[tab.id];
  if (!Component || !('queryRef' in data) || !data.queryRef) return <ComingTab tab={tab} />;
  return <Component queryRef={data.queryRef} />;
}

/** /admin and /admin/{tab}: the sidebar of every tab (a drawer on a phone) and the open tab. */
export default function AdminPage() {
  const { t } = useLingui();
  const data = useLoaderData() as AdminTabData;
  const tab = adminTab('tabId' in data ? data.tabId : undefined) ?? DEFAULT_TAB;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Flex gap="4" align="flex-start" data-testid="admin-page">
      <Box
        as="nav"
        aria-label={t`Разделы админ-панели`}
        display={{ base: 'none', md: 'block' }}
        flexShrink={0}
        w={collapsed ? '14' : '60'}
        transition="width 0.15s"
        bg="bg.panel"
        rounded="xl"
        shadow="sm"
        p="2"
        position="sticky"
        top="4"
        data-testid="admin-sidebar"
        data-collapsed={collapsed || undefined}
      >
        <Flex justify={collapsed ? 'center' : 'flex-end'} mb="2">
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={collapsed ? t`Развернуть меню` : t`Свернуть меню`}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
            data-testid="admin-sidebar-toggle"
          >
            {collapsed ? <PanelLeftOpen size={18} /> : <PanelLeftClose size={18} />}
          </IconButton>
        </Flex>
        <SidebarNav current={tab} collapsed={collapsed} />
      </Box>

      <Stack flex="1" minW="0" gap="4">
        <HStack gap="3">
          <IconButton
            display={{ base: 'inline-flex', md: 'none' }}
            variant="outline"
            size="sm"
            aria-label={t`Меню админ-панели`}
            onClick={() => setDrawerOpen(true)}
            data-testid="admin-menu-button"
          >
            <Menu size={18} />
          </IconButton>
          <Heading as="h1" size="xl">
            <Trans>Админ-панель</Trans>
          </Heading>
        </HStack>
        <ErrorBoundary
          key={tab.id}
          fallback={
            <Text color="fg.error" data-testid="admin-tab-error">
              <Trans>Не удалось загрузить вкладку. Обновите страницу.</Trans>
            </Text>
          }
        >
          <Suspense fallback={<LoadingScreen />}>
            <TabContent tab={tab} data={data} />
          </Suspense>
        </ErrorBoundary>
      </Stack>

      {/* The phone drawer: a dialog sliding from the start edge (the dialog recipe is already in the entry theme). */}
      <Dialog.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} motionPreset="slide-in-left">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner justifyContent="flex-start" alignItems="stretch">
            <Dialog.Content data-testid="admin-drawer" m="0" maxW="xs" w="80vw" minH="100dvh" rounded="none" overflowY="auto">
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>Админ-панель</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <nav aria-label={t`Разделы админ-панели`}>
                  <SidebarNav current={tab} onNavigate={() => setDrawerOpen(false)} />
                </nav>
              </Dialog.Body>
              <Dialog.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
                <CloseButton size="sm" aria-label={t`Закрыть`} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Flex>
  );
}
