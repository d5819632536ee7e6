import { Badge, Button, HStack, NativeSelect, Text } from '@chakra-ui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Circle, LogOut, Video } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { QUALITIES, type Quality } from './call/media'

/** Title, recording badge, video quality selector and the way out to /dashboard. */
export function MeetingHeader({ quality, onQualityChange }: { quality: Quality; onQualityChange: (quality: Quality) => void }) {
  const { t } = useLingui()
  return (
    <HStack as="header" justify="space-between" px="4" py="2" borderBottomWidth="1px" borderColor="whiteAlpha.200" gap="3" flexWrap="wrap">
      <HStack gap="3">
        <Video size={20} aria-hidden="true" />
        <Text as="h1" fontWeight="semibold" fontSize="lg">
          <Trans>Видеозвонки</Trans>
        </Text>
        {/* Recording arrives with the recordings tab; until then the badge says so. */}
        <Badge data-testid="recording-badge" colorPalette="gray" variant="subtle" gap="1">
          <Circle size={8} aria-hidden="true" />
          <Trans>Запись не ведётся</Trans>
        </Badge>
      </HStack>
      <HStack gap="3">
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={t`Качество видео`}
            data-testid="quality-select"
            value={quality}
            onChange={(event) => onQualityChange(event.target.value as Quality)}
            bg="whiteAlpha.100"
            color="white"
          >
            {QUALITIES.map((value) => (
              <option key={value} value={value} style={{ color: 'black' }}>
                {value}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator color="white" />
        </NativeSelect.Root>
        <Button asChild size="sm" variant="outline" color="white" borderColor="whiteAlpha.400" _hover={{ bg: 'whiteAlpha.200' }}>
          <RouterLink to="/dashboard" data-testid="meeting-exit">
            <LogOut size={16} aria-hidden="true" />
            <Trans>Выход</Trans>
          </RouterLink>
        </Button>
      </HStack>
    </HStack>
  )
}
