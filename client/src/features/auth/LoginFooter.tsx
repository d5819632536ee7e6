import { useEffect, useState } from 'react';
import { Box, Container, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { Copyright } from '../../components/Copyright';
import { LanguageSelect } from '../../components/LanguageSelect';
import { watchPublicBranding } from '../../app/publicBranding';

function TextCompanyLogo() {
  return (
    <Text data-testid="company-logo-text" fontWeight="bold" fontSize="lg" color="white" letterSpacing="tight">
      LinkUp
    </Text>
  );
}

/**
 * The branding's bottom logo (publicBranding.ts: asked without Relay, which the login page opens
 * without, and kept live); the text logo until it comes, or when there is none.
 */
function CompanyLogo() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => watchPublicBranding((branding) => setUrl(branding.bottomLogoUrl)), []);
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
            <CompanyLogo />
          </Stack>
          <Copyright color="whiteAlpha.800" textAlign="center" />
          <LanguageSelect tone="dark" />
        </Flex>
      </Container>
    </Box>
  );
}
