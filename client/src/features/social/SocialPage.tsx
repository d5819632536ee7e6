import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Box, Button, Card, Collapsible, Grid, Stack } from '@chakra-ui/react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { LucideIcon } from 'lucide-react'
import { Bookmark, ChevronDown, FileText, Image, MessageCircle, Newspaper, Users, UsersRound, Video } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { LoadingScreen } from '../../components/LoadingScreen'
import { PlaceholderPage } from '../../components/PlaceholderPage'
import { SELECT_RECIPIENT_EVENT, type SelectRecipientDetail } from '../messenger/selectRecipient'

const PublicationsPanel = lazy(() => import('./publications/PublicationsPanel'))
const GalleryPanel = lazy(() => import('./galleries/GalleryPanel'))
const MessengerPanel = lazy(() => import('../messenger/MessengerPanel'))
const ContactsPanel = lazy(() => import('../contacts/ContactsPanel'))

export const SECTIONS = [
  'publications',
  'contacts',
  'messenger',
  'communities',
  'photos',
  'videos',
  'bookmarks',
  'files',
] as const
export type Section = (typeof SECTIONS)[number]

const SECTION_LABELS: Record<Section, { label: MessageDescriptor; icon: LucideIcon }> = {
  publications: { label: msg`Публикации`, icon: Newspaper },
  contacts: { label: msg`Контакты`, icon: Users },
  messenger: { label: msg`Мессенджер`, icon: MessageCircle },
  communities: { label: msg`Сообщества`, icon: UsersRound },
  photos: { label: msg`Фото`, icon: Image },
  videos: { label: msg`Видео`, icon: Video },
  bookmarks: { label: msg`Закладки`, icon: Bookmark },
  files: { label: msg`Файлы`, icon: FileText },
}

function SectionPanel({ section, recipientId }: { section: Section; recipientId: string | null }): ReactNode {
  switch (section) {
    case 'publications':
      return <PublicationsPanel />
    case 'photos':
      return <GalleryPanel kind="PHOTO" />
    case 'videos':
      return <GalleryPanel kind="VIDEO" />
    case 'contacts':
      return <ContactsPanel />
    case 'messenger':
      return <MessengerPanel recipientId={recipientId} />
    case 'communities':
      return <PlaceholderPage title={<Trans>Сообщества</Trans>} />
    case 'bookmarks':
      return <PlaceholderPage title={<Trans>Закладки</Trans>} />
    case 'files':
      return <PlaceholderPage title={<Trans>Файлы</Trans>} />
  }
}

const isSection = (value: string | null): value is Section => SECTIONS.includes(value as Section)

/** /social: the sidebar of sections (collapsible) and the chosen section; `?section=` keeps the choice. */
export default function SocialPage() {
  const { i18n } = useLingui()
  const [params, setParams] = useSearchParams()
  const requested = params.get('section')
  const section: Section = isSection(requested) ? requested : 'publications'
  const recipientId = section === 'messenger' ? params.get('recipient') : null

  // `selectRecipient` (detail: the user's global id) opens the messenger on that person.
  useEffect(() => {
    const select = (event: Event) => {
      const id = (event as CustomEvent<SelectRecipientDetail>).detail?.id
      if (id) setParams({ section: 'messenger', recipient: id })
    }
    window.addEventListener(SELECT_RECIPIENT_EVENT, select)
    return () => window.removeEventListener(SELECT_RECIPIENT_EVENT, select)
  }, [setParams])

  return (
    <Grid templateColumns={{ base: '1fr', lg: '15rem 1fr' }} gap="6" alignItems="start">
      <Card.Root as="nav" aria-label={i18n._(msg`Разделы соцсети`)} position={{ lg: 'sticky' }} top={{ lg: '24' }}>
        <Collapsible.Root defaultOpen>
          <Card.Body p="3">
            <Collapsible.Trigger asChild>
              <Button variant="ghost" size="sm" width="full" justifyContent="space-between" data-testid="social-sections-toggle">
                <Trans>Разделы</Trans>
                <ChevronDown size={16} aria-hidden="true" />
              </Button>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Stack gap="1" mt="2">
                {SECTIONS.map((key) => {
                  const { label, icon: Icon } = SECTION_LABELS[key]
                  const active = key === section
                  return (
                    <Button
                      key={key}
                      size="sm"
                      justifyContent="flex-start"
                      variant={active ? 'subtle' : 'ghost'}
                      colorPalette={active ? 'blue' : 'gray'}
                      aria-current={active ? 'page' : undefined}
                      data-testid={`social-section-${key}`}
                      onClick={() => setParams(key === 'publications' ? {} : { section: key })}
                    >
                      <Icon size={16} aria-hidden="true" />
                      {i18n._(label)}
                    </Button>
                  )
                })}
              </Stack>
            </Collapsible.Content>
          </Card.Body>
        </Collapsible.Root>
      </Card.Root>
      <Box minW="0">
        <Suspense fallback={<LoadingScreen />}>
          <SectionPanel key={section} section={section} recipientId={recipientId} />
        </Suspense>
      </Box>
    </Grid>
  )
}
