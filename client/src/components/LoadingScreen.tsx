import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** The guard's and the lazy pages' loading state: a spinner with a loading text. */
export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center minH={fullPage ? '100vh' : '40vh'} data-testid="loading">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.fg" borderWidth="3px" />
        <Text color="fg.muted">
          <Trans>Загрузка...</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
