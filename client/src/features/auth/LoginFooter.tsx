import { Suspense } from 'react';
import { Box, Container, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { LoginFooterQuery } from '../../__generated__/LoginFooterQuery.graphql';
import { Copyright } from '../../components/Copyright';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { LanguageSelect } from '../../components/LanguageSelect';

function TextCompanyLogo() {
  return (
    <Text data-testid="company-logo-text" fontWeight="bold" fontSize="lg" color="white" letterSpacing="tight">
      LinkUp
    </Text>
  );
}

function CompanyLogo() {
  const data = useLazyLoadQuery<LoginFooterQuery>(
    graphql`
      query LoginFooterQuery {
        branding {
          bottomLogoUrl
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const url = data.branding.bottomLogoUrl;
  if (!url) return <TextCompanyLogo />;
  return <Image data-testid="company-logo-image" src={url} alt="LinkUp" maxH="10" maxW="48" objectFit="contain" />;
}

/** Under the login card: the company logo (branding.bottomLogoUrl or text), copyright, language. */
export function LoginFooter() {
  return (
    <Box as="footer" py="6" borderTopWidth="1px" borderColor="whiteAlpha.300">
      <Container maxW="5xl" px="4">
        <Flex direction={{ base: 'column', md: 'row' }} align="center" justify="space-between" gap="4">
          <Stack direction="row" align="center" gap="3">
            <ErrorBoundary fallback={<TextCompanyLogo />}>
              <Suspense fallback={<TextCompanyLogo />}>
                <CompanyLogo />
              </Suspense>
            </ErrorBoundary>
          </Stack>
          <Copyright color="whiteAlpha.800" textAlign="center" />
          <LanguageSelect tone="dark" />
        </Flex>
      </Container>
    </Box>
  );
}
