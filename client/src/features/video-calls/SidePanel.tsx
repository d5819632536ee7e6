import { Suspense, useState, type ReactNode } from 'react'
import { Box, Center, Flex, IconButton, Stack, Tabs, Text } from '@chakra-ui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { CalendarDays, Film, FolderOpen, PanelLeftClose, PanelLeftOpen, Puzzle, Users, Video } from 'lucide-react'
import type { ContactsTab_query$key } from '../../__generated__/ContactsTab_query.graphql'
import type { RoomsTab_query$key } from '../../__generated__/RoomsTab_query.graphql'
import { ContactsTab } from './contacts/ContactsTab'
import { RoomsTab } from './rooms/RoomsTab'

type Tab = 'contacts' | 'calendar' | 'activities' | 'rooms' | 'recordings' | 'files'

/** A tab that a later version fills, saying so. */
function ComingLater({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <Center py="10" px="4" data-testid="coming-later">
      <Stack align="center" textAlign="center" gap="3" color="whiteAlpha.800">
        <Box color="whiteAlpha.600" aria-hidden="true">
          {icon}
        </Box>
        <Text fontWeight="semibold" color="white">
          {title}
        </Text>
        <Text fontSize="sm">{children}</Text>
      </Stack>
    </Center>
  )
}

/** The collapsible left panel: contacts, calendar, activities, rooms, recordings, files. */
export function SidePanel({
  open,
  onToggle,
  query,
}: {
  open: boolean
  onToggle: () => void
  query: ContactsTab_query$key & RoomsTab_query$key
}) {
  const { t } = useLingui()
  const [tab, setTab] = useState<Tab>('rooms')
  const tabs: { value: Tab; label: string; icon: ReactNode }[] = [
    { value: 'contacts', label: t`Контакты`, icon: <Users size={16} /> },
    { value: 'calendar', label: t`Календарь`, icon: <CalendarDays size={16} /> },
    { value: 'activities', label: t`Активности`, icon: <Puzzle size={16} /> },
    { value: 'rooms', label: t`Комнаты`, icon: <Video size={16} /> },
    { value: 'recordings', label: t`Записи`, icon: <Film size={16} /> },
    { value: 'files', label: t`Файлы`, icon: <FolderOpen size={16} /> },
  ]

  if (!open) {
    return (
      <Flex direction="column" align="center" py="2" px="1" borderRightWidth="1px" borderColor="whiteAlpha.200">
        <IconButton aria-label={t`Показать панель`} data-testid="side-panel-toggle" variant="ghost" color="white" size="sm" onClick={onToggle}>
          <PanelLeftOpen size={18} />
        </IconButton>
      </Flex>
    )
  }

  return (
    <Flex
      as="aside"
      direction="column"
      w={{ base: '280px', lg: '340px' }}
      flexShrink={0}
      borderRightWidth="1px"
      borderColor="whiteAlpha.200"
      bg="gray.900"
      data-testid="side-panel"
    >
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as Tab)} variant="line" size="sm" display="flex" flexDirection="column" minH="0" flex="1">
        <Flex align="stretch" borderBottomWidth="1px" borderColor="whiteAlpha.200">
          <Tabs.List flex="1" borderBottomWidth="0" overflowX="auto" gap="0">
            {tabs.map((item) => (
              <Tabs.Trigger
                key={item.value}
                value={item.value}
                title={item.label}
                aria-label={item.label}
                data-testid={`tab-${item.value}`}
                color="whiteAlpha.700"
                _selected={{ color: 'white' }}
                px="2.5"
              >
                {item.icon}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <IconButton aria-label={t`Скрыть панель`} data-testid="side-panel-toggle" variant="ghost" color="white" size="sm" onClick={onToggle} alignSelf="center">
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
          <Tabs.Content value="calendar">
            <ComingLater icon={<CalendarDays size={32} />} title={<Trans>Календарь встреч</Trans>}>
              <Trans>Планирование встреч и синхронизация с календарём появятся в следующей версии.</Trans>
            </ComingLater>
          </Tabs.Content>
          <Tabs.Content value="activities">
            <ComingLater icon={<Puzzle size={32} />} title={<Trans>Активности</Trans>}>
              <Trans>Викторины, совместное рисование, мини-игры и презентации появятся в следующей версии.</Trans>
            </ComingLater>
          </Tabs.Content>
          <Tabs.Content value="rooms" p="3">
            <RoomsTab query={query} />
          </Tabs.Content>
          <Tabs.Content value="recordings">
            <ComingLater icon={<Film size={32} />} title={<Trans>Записей пока нет</Trans>}>
              <Trans>Запись встреч появится в следующей версии.</Trans>
            </ComingLater>
          </Tabs.Content>
          <Tabs.Content value="files">
            <ComingLater icon={<FolderOpen size={32} />} title={<Trans>Файлами пока не делились</Trans>}>
              <Trans>Обмен файлами в комнатах появится в следующей версии.</Trans>
            </ComingLater>
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Flex>
  )
}
