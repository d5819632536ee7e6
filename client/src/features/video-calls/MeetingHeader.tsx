import { Badge, Button, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Circle, LogOut, Menu, Video } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { graphql, useFragment } from 'react-relay/hooks';
import type { MeetingHeader_meetingConfig$key } from '../../__generated__/MeetingHeader_meetingConfig.graphql';
import { FEATURE_LABELS } from '../subscriptions/texts';
import { QUALITIES, type Quality } from './call/media';
import { useMeeting } from './MeetingContext';
import { RoomActivityBadge } from './activities/RoomActivityBadge';

const configFragment = graphql`
  fragment MeetingHeader_meetingConfig on MeetingConfig {
    memberPlan {
      name
      maxParticipants
      features
    }
  }
`;

/** Title, recording badge, video quality selector and the way out to /dashboard; on a phone, the button that opens the panel. */
export function MeetingHeader({
  config,
  quality,
  onQualityChange,
  onOpenPanel,
}: {
  config: MeetingHeader_meetingConfig$key;
  quality: Quality;
  onQualityChange: (quality: Quality) => void;
  onOpenPanel?: () => void;
}) {
  const { t, i18n } = useLingui();
  const { memberPlan: plan } = useFragment(configFragment, config);
  const { call } = useMeeting();
  const recordingBy = call.status !== 'idle' ? call.recording?.name : null;
  const allows = plan.features
    .flatMap((feature) => (FEATURE_LABELS[feature] ? [i18n._(FEATURE_LABELS[feature])] : []))
    .join(', ');
  return (
    <HStack
      as="header"
      justify="space-between"
      px="4"
      py="2"
      borderBottomWidth="1px"
      borderColor="whiteAlpha.200"
      gap="3"
      flexWrap="wrap"
    >
      <HStack gap="3" flexWrap="wrap">
        {onOpenPanel && (
          <IconButton
            aria-label={t`Показать панель`}
            data-testid="meeting-menu"
            variant="ghost"
            color="white"
            size="sm"
            onClick={onOpenPanel}
          >
            <Menu size={20} />
          </IconButton>
        )}
        <Video size={20} aria-hidden="true" />
        <Text as="h1" fontWeight="semibold" fontSize="lg">
          <Trans>Видеозвонки</Trans>
        </Text>
        {recordingBy ? (
          <Badge
            data-testid="recording-badge"
            data-recording="true"
            colorPalette="red"
            variant="solid"
            gap="1"
            title={recordingBy}
          >
            <Circle size={8} fill="currentColor" aria-hidden="true" />
            <Trans>Идёт запись</Trans>
          </Badge>
        ) : (
          <Badge data-testid="recording-badge" data-recording="false" colorPalette="gray" variant="subtle" gap="1">
            <Circle size={8} aria-hidden="true" />
            <Trans>Запись не ведётся</Trans>
          </Badge>
        )}
        <RoomActivityBadge />
      </HStack>
      <HStack gap="3" flexWrap="wrap">
        {/* The member's own plan and what it allows (its room size is enforced by the server). */}
        <Badge asChild colorPalette="brand" variant="subtle" title={allows}>
          <RouterLink to="/subscription-plans" data-testid="meeting-plan">
            <Trans>
              План: {plan.name} · до {plan.maxParticipants} участников
            </Trans>
          </RouterLink>
        </Badge>
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
  );
}
