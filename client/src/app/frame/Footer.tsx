import { Box, Container, Flex, HStack, Link } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Headset } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { Copyright } from '../../components/Copyright';
import { LanguageSelect } from '../../components/LanguageSelect';

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="brand.muted" bg="bg.panel/80" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="4">
        <Flex align="center" justify="space-between" gap="4" direction={{ base: 'column', sm: 'row' }}>
          <Copyright color="fg.muted" />
          <HStack gap="4" wrap="wrap" justify="center">
            <Link asChild color="brand.fg" fontSize="sm">
              <RouterLink to="/support" data-testid="footer-support">
                <Headset size={16} aria-hidden="true" />
                <Trans>Поддержка</Trans>
              </RouterLink>
            </Link>
            <LanguageSelect />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
