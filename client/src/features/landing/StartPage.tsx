import { Box, Button, Container, HStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { Link as RouterLink, Navigate, useLoaderData } from 'react-router';
import type { StartPageQuery } from '../../__generated__/StartPageQuery.graphql';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LandingView } from './LandingView';
import { browserFlags } from '../../app/browserFlags';

export const startPageQuery = graphql`
  query StartPageQuery {
    interfaceSettings {
      startPageEnabled
    }
    landingPage {
      title
      subtitle
      description
      heroImage
      features
      ctaText
      ctaLink
      templateHtml
    }
  }
`;

/**
 * `/` for a visitor who is not signed in: the landing page when an admin enabled the start page,
 * else the login page. Its own chunk (with its query started by the route's loader), so /login stays small.
 */
export default function StartPage() {
  const queryRef = useLoaderData() as PreloadedQuery<StartPageQuery> | null;
  // No query: the visitor had a token the server refused; the login page is theirs.
  if (!queryRef) return <Navigate to="/login" replace />;
  return <StartPageContent queryRef={queryRef} />;
}

function StartPageContent({ queryRef }: { queryRef: PreloadedQuery<StartPageQuery> }) {
  const data = usePreloadedQuery<StartPageQuery>(startPageQuery, queryRef);
  // This browser's choice (the admin's interface card) wins over the site's default.
  if (!(browserFlags.startPageEnabled() ?? data.interfaceSettings.startPageEnabled)) return <Navigate to="/login" replace />;
  const { title, subtitle, description, heroImage, features, ctaText, ctaLink, templateHtml } = data.landingPage;
  return (
    <Box minH="100dvh">
      <Container maxW="5xl" py="3">
        <HStack justify="space-between" gap="3">
          <Box fontWeight="bold" fontSize="xl">
            LinkUp
          </Box>
          <HStack gap="2">
            <LanguageSelect />
            <Button asChild variant="outline" size="sm" data-testid="landing-login">
              <RouterLink to="/login">
                <Trans>Войти</Trans>
              </RouterLink>
            </Button>
          </HStack>
        </HStack>
      </Container>
      {templateHtml ? (
        // The admin's active landing template, filled and sanitised on the server (services/templates.ts).
        <Box as="main" data-testid="landing-template" dangerouslySetInnerHTML={{ __html: templateHtml }} />
      ) : (
        <LandingView content={{ title, subtitle, description, heroImage, features, ctaText, ctaLink }} />
      )}
    </Box>
  );
}
