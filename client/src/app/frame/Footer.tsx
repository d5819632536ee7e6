import { Box, Container, Flex } from '@chakra-ui/react'
import { Copyright } from '../../components/Copyright'
import { LanguageSelect } from '../../components/LanguageSelect'

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="blue.100" bg="whiteAlpha.800" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="4">
        <Flex align="center" justify="space-between" gap="4" direction={{ base: 'column', sm: 'row' }}>
          <Copyright color="fg.muted" />
          <LanguageSelect />
        </Flex>
      </Container>
    </Box>
  )
}
