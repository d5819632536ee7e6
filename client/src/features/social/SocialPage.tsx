import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Box, Button, Card, Collapsible, Grid, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useLoaderData, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/LoadingScreen';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { SELECT_RECIPIENT_EVENT, type SelectRecipientDetail } from '../messenger/selectRecipient';
import { SearchBox } from '../search/SearchBox';
import type { SocialSectionData } from './socialLoader';
import { SOCIAL_SECTIONS, socialSection, type SectionPanelProps, type SocialSection } from './socialSections';

const FIRST_SECTION = SOCIAL_SECTIONS[0]!;

/** Each built section's panel as a lazy component, made once (a new lazy() per render would remount it). */
const PANELS: Record<string, LazyExoticComponent<ComponentType<SectionPanelProps>>> = Object.fromEntries(
  SOCIAL_SECTIONS.flatMap((section) => (section.component ? [[section.id, lazy(section.component)]] : [])),
);

function SectionPanel({
  section,
  data,
  recipientId,
}: {
  section: SocialSection;
  data: SocialSectionData;
  recipientId: string | null;
}) {
  const { i18n } = useLingui();
  const Panel = PANELS[section.id];
  if (!data.queryRef && section.idle) {
    return (
      <Text color="fg.muted" data-testid="social-section-idle">
        {i18n._(section.idle)}
      </Text>
    );
  }
  if (!Panel || !data.queryRef) return <PlaceholderPage title={i18n._(section.label)} />;
  return <Panel queryRef={data.queryRef} recipientId={recipientId} />;
}

/** /social: the sidebar of sections (collapsible) and the chosen section; `?section=` keeps the choice. */
export default function SocialPage() {
  const { i18n } = useLingui();
  const data = useLoaderData() as SocialSectionData;
  const [params, setParams] = useSearchParams();
  // The loader's section: the panel and its query belong together while the next one loads.
  const section = socialSection(data.sectionId);
  const recipientId = section.id === 'messenger' ? params.get('recipient') : null;

  // `selectRecipient` (detail: the user's global id) opens the messenger on that person.
  useEffect(() => {
    const select = (event: Event) => {
      const id = (event as CustomEvent<SelectRecipientDetail>).detail?.id;
      if (id) setParams({ section: 'messenger', recipient: id });
    };
    window.addEventListener(SELECT_RECIPIENT_EVENT, select);
    return () => window.removeEventListener(SELECT_RECIPIENT_EVENT, select);
  }, [setParams]);

  return (
    <Grid templateColumns={{ base: '1fr', lg: '15rem 1fr' }} gap="6" alignItems="start">
      <Card.Root as="nav" aria-label={i18n._(msg`Разделы соцсети`)} position={{ lg: 'sticky' }} top={{ lg: '24' }}>
        <Collapsible.Root defaultOpen>
          <Card.Body p="3">
            <Box mb="2">
              <SearchBox />
            </Box>
            <Collapsible.Trigger asChild>
              <Button variant="ghost" size="sm" width="full" justifyContent="space-between" data-testid="social-sections-toggle">
                <Trans>Разделы</Trans>
                <ChevronDown size={16} aria-hidden="true" />
              </Button>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Stack gap="1" mt="2">
                {SOCIAL_SECTIONS.filter((listed) => !listed.hidden).map(({ id, label, icon: Icon }) => {
                  const active = id === section.id;
                  return (
                    <Button
                      key={id}
                      size="sm"
                      justifyContent="flex-start"
                      variant={active ? 'subtle' : 'ghost'}
                      colorPalette={active ? 'brand' : 'gray'}
                      aria-current={active ? 'page' : undefined}
                      data-testid={`social-section-${id}`}
                      onClick={() => setParams(id === FIRST_SECTION.id ? {} : { section: id })}
                    >
                      <Icon size={16} aria-hidden="true" />
                      {i18n._(label)}
                    </Button>
                  );
                })}
              </Stack>
            </Collapsible.Content>
          </Card.Body>
        </Collapsible.Root>
      </Card.Root>
      <Box minW="0">
        <Suspense fallback={<LoadingScreen />}>
          <SectionPanel key={section.id} section={section} data={data} recipientId={recipientId} />
        </Suspense>
      </Box>
    </Grid>
  );
}
