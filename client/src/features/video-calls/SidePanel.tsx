import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, Drawer, Flex, IconButton, Portal, Tabs, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CalendarDays, Film, FolderOpen, PanelLeftClose, PanelLeftOpen, Puzzle, Users, Video } from 'lucide-react';
import { graphql, useFragment } from 'react-relay/hooks';
import type { SidePanel_query$key } from '../../__generated__/SidePanel_query.graphql';
import { ContactsTab } from './contacts/ContactsTab';
import { RoomsTab } from './rooms/RoomsTab';
import { RecordingsTab } from './recordings/RecordingsTab';

// The calendar's and the files' code loads when their tab is first opened.
const CalendarTab = lazy(() => import('./calendar/CalendarTab').then((module) => ({ default: module.CalendarTab })));
const FilesTab = lazy(() => import('./files/FilesTab').then((module) => ({ default: module.FilesTab })));
const ActivitiesTab = lazy(() => import('./activities/ActivitiesTab').then((module) => ({ default: module.ActivitiesTab })));

type Tab = 'contacts' | 'calendar' | 'activities' | 'rooms' | 'recordings' | 'files';

const fragment = graphql`
  fragment SidePanel_query on Query {
    ...ContactsTab_query
    ...RoomsTab_query
  }
`;

/**
 * The collapsible left panel: contacts, calendar, activities, rooms, recordings, files. With `drawer`
 * (a phone) it slides over the stage while `open`, and its hide button closes it.
 */
export function SidePanel({
  open,
  onOpenChange,
  query: key,
  drawer = false,
}: {
  open: boolean;
  /** Told the state wanted, never "flip": a drawer's close request may come after the page closed it already. */
  onOpenChange: (open: boolean) => void;
  query: SidePanel_query$key;
  drawer?: boolean;
}) {
  const { t } = useLingui();
  const query = useFragment(fragment, key);
  const [tab, setTab] = useState<Tab>('rooms');
  const tabs: { value: Tab; label: string; icon: ReactNode }[] = [
    { value: 'contacts', label: t`Контакты`, icon: <Users size={16} aria-hidden="true" /> },
    { value: 'calendar', label: t`Календарь`, icon: <CalendarDays size={16} aria-hidden="true" /> },
    { value: 'activities', label: t`Активности`, icon: <Puzzle size={16} aria-hidden="true" /> },
    { value: 'rooms', label: t`Комнаты`, icon: <Video size={16} aria-hidden="true" /> },
    { value: 'recordings', label: t`Записи`, icon: <Film size={16} aria-hidden="true" /> },
    { value: 'files', label: t`Файлы`, icon: <FolderOpen size={16} aria-hidden="true" /> },
  ];

  if (!open && !drawer) {
    return (
      <Flex direction="column" align="center" py="2" px="1" borderRightWidth="1px" borderColor="whiteAlpha.200">
        <IconButton
          aria-label={t`Показать панель`}
          data-testid="side-panel-toggle"
          variant="ghost"
          color="white"
          size="sm"
          onClick={() => onOpenChange(!open)}
        >
          <PanelLeftOpen size={18} />
        </IconButton>
      </Flex>
    );
  }

  const panel = (
    <Flex
      as="aside"
      direction="column"
      w={drawer ? 'full' : { base: '280px', lg: '340px' }}
      h={drawer ? 'full' : undefined}
      flexShrink={0}
      borderRightWidth="1px"
      borderColor="whiteAlpha.200"
      bg="gray.900"
      data-testid="side-panel"
    >
      {/* A tab's content mounts when first opened: the calendar's query runs only for those who look at it. */}
      <Tabs.Root
        lazyMount
        value={tab}
        onValueChange={(details) => setTab(details.value as Tab)}
        variant="line"
        size="sm"
        display="flex"
        flexDirection="column"
        minH="0"
        flex="1"
      >
        <Flex align="stretch" borderBottomWidth="1px" borderColor="whiteAlpha.200">
          <Tabs.List flex="1" borderBottomWidth="0" overflowX="auto" gap="0">
            {tabs.map((item) => (
              // The label is shown under the icon: it names the tab for everyone, screen readers included.
              <Tabs.Trigger
                key={item.value}
                value={item.value}
                title={item.label}
                data-testid={`tab-${item.value}`}
                color="whiteAlpha.700"
                _selected={{ color: 'white' }}
                px="1.5"
                h="auto"
                py="1.5"
                flexDirection="column"
                gap="1"
                minW="0"
              >
                {item.icon}
                <Text as="span" fontSize="2xs" lineHeight="1" whiteSpace="nowrap" data-testid="tab-label">
                  {item.label}
                </Text>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <IconButton
            aria-label={t`Скрыть панель`}
            data-testid="side-panel-toggle"
            variant="ghost"
            color="white"
            size="sm"
            onClick={() => onOpenChange(!open)}
            alignSelf="center"
          >
            <PanelLeftClose size={18} />
          </IconButton>
        </Flex>
        <Text px="4" pt="3" fontSize="xs" textTransform="uppercase" letterSpacing="wider" color="whiteAlpha.600">
          {tabs.find((item) => item.value === tab)?.label}
        </Text>
        <Box flex="1" minH="0" overflowY="auto">
          <Tabs.Content value="contacts" p="3">
            <Suspense fallback={<Text color="whiteAlpha.700">{t`Загрузка контактов...`}</Text>}>
              <ContactsTab query={query} />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="calendar" p="3">
            <Suspense fallback={<Text color="whiteAlpha.700">{t`Загрузка календаря...`}</Text>}>
              <CalendarTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="activities">
            <Suspense fallback={<Text p="3" color="whiteAlpha.700">{t`Загрузка активностей...`}</Text>}>
              <ActivitiesTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="rooms" p="3">
            <RoomsTab query={query} />
          </Tabs.Content>
          <Tabs.Content value="recordings" p="3">
            <Suspense fallback={<Text color="whiteAlpha.700">{t`Загрузка записей...`}</Text>}>
              <RecordingsTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="files" p="3">
            <Suspense fallback={<Text color="whiteAlpha.700">{t`Загрузка файлов...`}</Text>}>
              <FilesTab />
            </Suspense>
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Flex>
  );

  if (!drawer) return panel;
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
      <Portal>
        {/* Closed without an exit animation: when a call starts, its close request came while the
            stage's media started, and the animation's end (which the drawer waits for to leave) did not
            always arrive, leaving the drawer over the call. */}
        <Drawer.Backdrop _closed={{ animation: 'none' }} />
        <Drawer.Positioner>
          <Drawer.Content className="dark" bg="gray.900" color="white" w="340px" maxW="88vw" _closed={{ animation: 'none' }}>
            {/* A dialog is named by its title: this one has none to show (the tabs say what is in it). */}
            <Drawer.Title srOnly>{t`Панель встречи`}</Drawer.Title>
            {panel}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
