import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { VideoOff } from 'lucide-react';
import { Link as RouterLink } from 'react-router';

/** What /video-calls shows while the admin has the ZoomVisor module switched off. */
export function MeetingsSwitchedOff() {
  return (
    <Flex minH="100dvh" align="center" justify="center" bg="gray.950" color="white" px="6" data-testid="meetings-switched-off">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <VideoOff size={48} aria-hidden="true" />
        <Heading as="h1" size="lg">
          <Trans>Видеозвонки отключены</Trans>
        </Heading>
        <Text color="whiteAlpha.800">
          <Trans>Администратор отключил модуль видеозвонков. Звонки и комнаты сейчас недоступны.</Trans>
        </Text>
        <Button asChild variant="outline" color="white" borderColor="whiteAlpha.400" _hover={{ bg: 'whiteAlpha.200' }}>
          <RouterLink to="/dashboard">
            <Trans>На главную</Trans>
          </RouterLink>
        </Button>
      </Stack>
    </Flex>
  );
}
