import { Suspense } from 'react';
import { Box, HStack, Image, Text } from '@chakra-ui/react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { HeaderLogoQuery } from '../../__generated__/HeaderLogoQuery.graphql';
import { ErrorBoundary } from '../../components/ErrorBoundary';

/** The default mark, used while the custom logo loads, when none is set and when loading fails. */
export function TextLogo() {
  return (
    <Box
      data-testid="header-logo-text"
      aria-hidden="true"
      bgGradient="to-br"
      gradientFrom="brand.500"
      gradientTo="brand.700"
      color="white"
      fontWeight="bold"
      fontSize="sm"
      letterSpacing="tight"
      rounded="lg"
      w="9"
      h="9"
      flexShrink="0"
      display="flex"
      alignItems="center"
      justifyContent="center"
      shadow="sm"
    >
      LU
    </Box>
  );
}

const headerLogoQuery = graphql`
  query HeaderLogoQuery {
    branding {
      logoUrl
    }
    interfaceSettings {
      siteName
    }
  }
`;

const useHeaderLogo = () => useLazyLoadQuery<HeaderLogoQuery>(headerLogoQuery, {}, { fetchPolicy: 'store-or-network' });

function CustomLogo() {
  const data = useHeaderLogo();
  const url = data.branding.logoUrl;
  if (!url) return <TextLogo />;
  // minW 0: on a phone a wide logo gives way to the user chip and the menu button instead of pushing them off the screen.
  return <Image data-testid="header-logo-image" src={url} alt="" maxH="9" maxW="40" minW="0" objectFit="contain" />;
}

/** The site's name as the admin set it (system setting site_name). */
function SiteName() {
  return <>{useHeaderLogo().interfaceSettings.siteName}</>;
}

/**
 * The logo slot (Query.branding.logoUrl) plus the site's name for moderators and beyond, linking
 * home. The link is named by the site's name in a screen-reader text, for everyone and at every
 * width (the visible name is hidden on a phone); the mark and the visible name are decoration.
 */
export function HeaderLogo({ showLabel }: { showLabel: boolean }) {
  const siteName = (
    <ErrorBoundary fallback="LinkUp">
      <Suspense fallback="LinkUp">
        <SiteName />
      </Suspense>
    </ErrorBoundary>
  );
  return (
    <Box asChild minW="0">
      <RouterLink to="/dashboard" data-testid="header-logo-link">
        <HStack gap="2.5" minW="0">
          <ErrorBoundary fallback={<TextLogo />}>
            <Suspense fallback={<TextLogo />}>
              <CustomLogo />
            </Suspense>
          </ErrorBoundary>
          {showLabel && (
            <Text
              data-testid="header-brand-label"
              aria-hidden="true"
              fontWeight="bold"
              fontSize="lg"
              color="brand.fg"
              letterSpacing="tight"
              display={{ base: 'none', sm: 'block' }}
            >
              {siteName}
            </Text>
          )}
          <Text as="span" srOnly>
            {siteName}
          </Text>
        </HStack>
      </RouterLink>
    </Box>
  );
}
