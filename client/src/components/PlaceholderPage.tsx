import type { ReactNode } from 'react';
import { Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ArrowLeft, Construction } from 'lucide-react';
import { Link as RouterLink } from 'react-router';

/** An honest stand-in for a section that later work builds. */
export function PlaceholderPage({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Card.Root data-testid="placeholder-page" maxW="2xl" mx="auto" w="full">
      <Card.Body py="12">
        <Stack align="center" gap="4" textAlign="center">
          <Center w="14" h="14" rounded="full" bg="brand.subtle" color="brand.fg" aria-hidden="true">
            <Construction size={28} />
          </Center>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text fontWeight="medium" color="brand.fg">
            <Trans>Раздел в разработке</Trans>
          </Text>
          <Text color="fg.muted" maxW="md">
            {children ?? <Trans>Этот раздел появится в одной из следующих версий LinkUp.</Trans>}
          </Text>
          <Button asChild variant="outline" colorPalette="brand" size="sm" mt="2">
            <RouterLink to="/dashboard">
              <ArrowLeft size={16} aria-hidden="true" />
              <Trans>На главную</Trans>
            </RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
