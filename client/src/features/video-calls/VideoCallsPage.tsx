import { Box, Button, Container, Flex, HStack, Text } from '@chakra-ui/react'
import { Trans } from '@lingui/react/macro'
import { LogOut } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { useAuth } from '../../app/auth/AuthProvider'
import { PlaceholderPage } from '../../components/PlaceholderPage'

/** The meeting area has no page frame; it receives the current user. */
export default function VideoCallsPage() {
  const { user } = useAuth()
  return (
    <Flex direction="column" minH="100vh" bgGradient="to-br" gradientFrom="gray.900" gradientTo="blue.900">
      <Box as="header" borderBottomWidth="1px" borderColor="whiteAlpha.200">
        <Container maxW="7xl" py="3">
          <HStack justify="space-between">
            <Text color="white" fontWeight="semibold" fontSize="lg">
              <Trans>Видеозвонки</Trans>
            </Text>
            <HStack gap="3">
              {user && (
                <Text color="whiteAlpha.800" fontSize="sm" data-testid="video-calls-user">
                  {user.firstName} {user.lastName}
                </Text>
              )}
              <Button asChild size="sm" variant="outline" color="white" _hover={{ bg: 'whiteAlpha.200' }}>
                <RouterLink to="/dashboard">
                  <LogOut size={16} aria-hidden="true" />
                  <Trans>Выход</Trans>
                </RouterLink>
              </Button>
            </HStack>
          </HStack>
        </Container>
      </Box>
      <Container maxW="7xl" py="10" flex="1">
        <PlaceholderPage title={<Trans>Видеозвонки</Trans>} />
      </Container>
    </Flex>
  )
}
