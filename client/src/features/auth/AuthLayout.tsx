import { useLayoutEffect, type ReactNode } from 'react';
import { Box, Card, Center, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { removePageShell } from '../../app/pageShell';
import { LoginFooter } from './LoginFooter';

/**
 * The public pages' layout: brand, a card on the blue gradient, and the company footer. index.html's
 * #page-shell paints the same frame before the scripts run (pageShell.ts): keep the two in step. The
 * name is the page's largest element, so that the shell's paint of it is the page's largest paint.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  // Rendered under the shell: now the shell may go.
  useLayoutEffect(removePageShell, []);
  return (
    <Flex direction="column" minH="100vh" bgGradient="to-br" gradientFrom="brand.600" gradientTo="brand.900">
      <Center flex="1" px="4" py={{ base: '8', md: '12' }}>
        <Stack width="full" maxW="md" gap="6">
          <Stack align="center" gap="2" color="white" textAlign="center">
            <Box
              aria-hidden="true"
              bg="whiteAlpha.200"
              borderWidth="1px"
              borderColor="whiteAlpha.400"
              rounded="xl"
              w="12"
              h="12"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontWeight="bold"
              fontSize="lg"
            >
              LU
            </Box>
            <Heading as="h1" size="5xl" letterSpacing="tight">
              LinkUp
            </Heading>
            <Text color="whiteAlpha.800" fontSize="sm">
              <Trans>Общение, контент и видеовстречи на одной платформе</Trans>
            </Text>
          </Stack>
          <Card.Root shadow="xl" rounded="2xl" borderWidth="0">
            <Card.Body p={{ base: '5', md: '7' }}>{children}</Card.Body>
          </Card.Root>
        </Stack>
      </Center>
      <LoginFooter />
    </Flex>
  );
}
