import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useLayoutEffect } from 'react';
import { useRouteError } from 'react-router';
import { removePageShell } from './pageShell';

/**
 * Shown when a page throws while rendering (a failed query, a broken chunk after a deploy).
 * `embedded`: inside the page frame, which stays usable around it.
 */
export function RouteErrorPage({ embedded = false }: { embedded?: boolean }) {
  const error = useRouteError();
  // A sign-in page that failed to load: its static first paint must not hide this.
  useLayoutEffect(removePageShell, []);
  if (import.meta.env.DEV) console.error(error);
  const fullPage = embedded ? {} : ({ bgGradient: 'to-br', gradientFrom: 'canvas', gradientTo: 'canvas.end' } as const);
  return (
    <Center minH={embedded ? '40vh' : '100vh'} px="4" {...fullPage}>
      <Stack align="center" gap="4" textAlign="center" maxW="md" data-testid="route-error">
        <Heading size="lg">
          <Trans>Что-то пошло не так</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>Не удалось загрузить страницу. Проверьте подключение и попробуйте ещё раз.</Trans>
        </Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          <Trans>Обновить страницу</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
