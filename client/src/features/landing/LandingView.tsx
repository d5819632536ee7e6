import { Box, Button, Container, Heading, Image, List, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { CheckCircle2 } from 'lucide-react';
import { Link as RouterLink } from 'react-router';

/** What the landing page shows (spec section 3, "Landing page"); the editor's preview passes its draft. */
export type LandingContent = {
  title: string;
  subtitle?: string | null;
  description?: string | null;
  heroImage?: string | null;
  features: readonly string[];
  ctaText: string;
  ctaLink: string;
};

/** A link of this site goes through the router; an http(s) address is an ordinary link. */
function CallToAction({ text, link, preview }: { text: string; link: string; preview?: boolean }) {
  const internal = link.startsWith('/') && !link.startsWith('//');
  return (
    <Button asChild size="lg" colorPalette="brand" data-testid="landing-cta">
      {internal ? (
        <RouterLink to={link} tabIndex={preview ? -1 : undefined}>
          {text}
        </RouterLink>
      ) : (
        <a href={link} rel="noopener noreferrer" tabIndex={preview ? -1 : undefined}>
          {text}
        </a>
      )}
    </Button>
  );
}

/** The landing page itself: hero (title, subtitle, image, button), description and features. */
export function LandingView({ content, preview = false }: { content: LandingContent; preview?: boolean }) {
  return (
    <Box data-testid={preview ? 'landing-preview' : 'landing-page'}>
      <Box bg="brand.50" _dark={{ bg: 'brand.950' }} py={{ base: 8, md: preview ? 8 : 16 }}>
        <Container maxW="5xl">
          <Stack direction={{ base: 'column', md: preview ? 'column' : 'row' }} gap="8" align="center">
            <Stack gap="4" flex="1" minW="0">
              <Heading
                as="h1"
                size={{ base: '2xl', md: preview ? '2xl' : '4xl' }}
                data-testid="landing-title"
                wordBreak="break-word"
              >
                {content.title}
              </Heading>
              {content.subtitle && (
                <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" data-testid="landing-subtitle" wordBreak="break-word">
                  {content.subtitle}
                </Text>
              )}
              <Box>
                <CallToAction text={content.ctaText} link={content.ctaLink} preview={preview} />
              </Box>
            </Stack>
            {content.heroImage && (
              <Image
                src={content.heroImage}
                alt=""
                flex="1"
                minW="0"
                maxW={{ base: '100%', md: preview ? '100%' : '50%' }}
                maxH="80"
                objectFit="cover"
                borderRadius="lg"
                data-testid="landing-hero-image"
              />
            )}
          </Stack>
        </Container>
      </Box>
      {(content.description || content.features.length > 0) && (
        <Container maxW="5xl" py={{ base: 6, md: 10 }}>
          <Stack gap="6">
            {content.description && (
              <Text whiteSpace="pre-line" data-testid="landing-description" wordBreak="break-word">
                {content.description}
              </Text>
            )}
            {content.features.length > 0 && (
              <Stack gap="3">
                <Heading as="h2" size="lg">
                  <Trans>Возможности</Trans>
                </Heading>
                <List.Root gap="2" variant="plain" data-testid="landing-features">
                  {content.features.map((feature, index) => (
                    <List.Item key={`${index}-${feature}`} alignItems="flex-start" wordBreak="break-word">
                      <List.Indicator asChild color="green.500">
                        <CheckCircle2 />
                      </List.Indicator>
                      {feature}
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
            )}
          </Stack>
        </Container>
      )}
    </Box>
  );
}
