import { useMemo, useState } from 'react';
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useFragment, useLazyLoadQuery, useMutation, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { ActivitiesTabQuery } from '../../../__generated__/ActivitiesTabQuery.graphql';
import type { ActivitiesTabRoomQuery } from '../../../__generated__/ActivitiesTabRoomQuery.graphql';
import type { ActivitiesTab_types$key } from '../../../__generated__/ActivitiesTab_types.graphql';
import type { ActivitiesTab_running$key } from '../../../__generated__/ActivitiesTab_running.graphql';
import type { ActivitiesTabChangedSubscription } from '../../../__generated__/ActivitiesTabChangedSubscription.graphql';
import type { ActivitiesTabLaunchMutation, ActivityKind } from '../../../__generated__/ActivitiesTabLaunchMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';
import { useMeeting } from '../MeetingContext';
import { QuizSetupDialog } from './QuizSetupDialog';
import { GamePickerDialog } from '../games/GamePickerDialog';
import { PresentationSetupDialog } from '../presentation/PresentationSetupDialog';
import { RunningActivity } from './RunningActivity';

/**
 * The activities tab (issue 18): the four kinds with their capacities, a launch button (in a room
 * only, the spec's text otherwise), and the room's running activity, live for everyone in the room.
 */
const catalogQuery = graphql`
  query ActivitiesTabQuery {
    activityTypes {
      ...ActivitiesTab_types
    }
  }
`;

const roomQuery = graphql`
  query ActivitiesTabRoomQuery($roomId: ID!) {
    activityTypes(roomId: $roomId) {
      ...ActivitiesTab_types
    }
    room: node(id: $roomId) {
      ... on Room {
        currentActivity {
          ...ActivitiesTab_running
        }
      }
    }
  }
`;

const typesFragment = graphql`
  fragment ActivitiesTab_types on ActivityType @relay(plural: true) {
    kind
    name
    description
    capacity
    launchable
  }
`;

const runningFragment = graphql`
  fragment ActivitiesTab_running on ActivitySession {
    kind
    status
    players {
      __typename
    }
    ...RunningActivity_session
  }
`;

/** A kind launched as it is (the quiz has its own setup dialog). */
const launchMutation = graphql`
  mutation ActivitiesTabLaunchMutation($roomId: ID!, $kind: ActivityKind!) {
    launchActivity(roomId: $roomId, kind: $kind) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Each change of the room's activity: the room's `currentActivity` is replaced in the store. */
const changedSubscription = graphql`
  subscription ActivitiesTabChangedSubscription($roomId: ID!) {
    roomActivityChanged(roomId: $roomId) {
      id
      currentActivity {
        ...ActivitiesTab_running
      }
    }
  }
`;

export function ActivitiesTab() {
  const { call } = useMeeting();
  const roomId = call.status === 'in_call' && call.room ? call.room.id : null;
  return roomId ? <RoomActivities key={roomId} roomId={roomId} /> : <NoRoom />;
}

function NoRoom() {
  const data = useLazyLoadQuery<ActivitiesTabQuery>(catalogQuery, {}, { fetchPolicy: 'store-and-network' });
  return <Catalog types={data.activityTypes} roomId={null} running={null} />;
}

function RoomActivities({ roomId }: { roomId: string }) {
  useSubscription(
    useMemo<GraphQLSubscriptionConfig<ActivitiesTabChangedSubscription>>(
      () => ({ subscription: changedSubscription, variables: { roomId }, onError: () => {} }),
      [roomId],
    ),
  );
  const data = useLazyLoadQuery<ActivitiesTabRoomQuery>(roomQuery, { roomId }, { fetchPolicy: 'store-and-network' });
  return <Catalog types={data.activityTypes} roomId={roomId} running={data.room?.currentActivity ?? null} />;
}

function Catalog({
  types: typesKey,
  roomId,
  running: runningKey,
}: {
  types: ActivitiesTab_types$key;
  roomId: string | null;
  running: ActivitiesTab_running$key | null;
}) {
  const { t } = useLingui();
  const types = useFragment(typesFragment, typesKey);
  const current = useFragment(runningFragment, runningKey);
  const [settingUp, setSettingUp] = useState<'QUIZ' | 'GAMES' | 'PRESENTATION' | null>(null);
  const [commitLaunch, launching] = useMutation<ActivitiesTabLaunchMutation>(launchMutation);
  const running = current?.status === 'ACTIVE' ? current : null;

  const launch = (kind: ActivityKind) => {
    // The quiz, the games and the presentation are set up first (questions, the game, the PDF).
    if (kind === 'QUIZ' || kind === 'GAMES' || kind === 'PRESENTATION') return setSettingUp(kind);
    if (!roomId) return;
    const fallback = t`Не удалось запустить активность`;
    commitLaunch({
      variables: { roomId, kind },
      onCompleted: ({ launchActivity: result }) => {
        if (result.error) toaster.create({ type: 'error', title: mutationErrorText(result.error, fallback) });
      },
      onError: () => void toaster.create({ type: 'error', title: fallback }),
    });
  };

  return (
    <Stack gap="3" p="3" data-testid="activities-tab">
      {running && (
        <Box borderWidth="1px" borderColor="brand.400" borderRadius="md" p="3" bg="whiteAlpha.50">
          <RunningActivity session={running} />
        </Box>
      )}
      {types.map((type) => {
        const active = running?.kind === type.kind;
        return (
          <Box
            key={type.kind}
            borderWidth="1px"
            borderColor="whiteAlpha.300"
            borderRadius="md"
            p="3"
            data-testid={`activity-card-${type.kind.toLowerCase()}`}
          >
            <HStack justify="space-between" align="start" gap="2">
              <Text fontWeight="semibold" color="white">
                {type.name}
              </Text>
              {active ? (
                <Badge colorPalette="green" data-testid="activity-status">
                  <Trans>Идёт</Trans>
                </Badge>
              ) : type.launchable ? (
                <Badge colorPalette="gray" data-testid="activity-status">
                  <Trans>Доступна</Trans>
                </Badge>
              ) : (
                <Badge colorPalette="purple" data-testid="activity-status">
                  <Trans>Скоро</Trans>
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="whiteAlpha.800" mt="1">
              {type.description}
            </Text>
            <Text fontSize="xs" color="whiteAlpha.600" mt="1">
              {active ? (
                <Trans>
                  Участники: {running.players.length} из {type.capacity}
                </Trans>
              ) : (
                <Trans>До {type.capacity} участников</Trans>
              )}
            </Text>
            {!active && (
              <Stack gap="1" mt="2">
                <Button
                  size="sm"
                  colorPalette="brand"
                  alignSelf="start"
                  disabled={!roomId || !type.launchable || running !== null}
                  loading={launching}
                  onClick={() => launch(type.kind)}
                  data-testid={`activity-launch-${type.kind.toLowerCase()}`}
                >
                  {type.launchable ? t`Запустить` : t`Скоро`}
                </Button>
                {type.launchable && !roomId && (
                  <Text fontSize="xs" color="whiteAlpha.700" data-testid="activity-join-room-first">
                    <Trans>Присоединитесь к комнате для запуска активности</Trans>
                  </Text>
                )}
                {type.launchable && roomId && running && (
                  <Text fontSize="xs" color="whiteAlpha.700">
                    <Trans>В комнате уже идёт другая активность</Trans>
                  </Text>
                )}
              </Stack>
            )}
          </Box>
        );
      })}
      {settingUp === 'QUIZ' && roomId && <QuizSetupDialog roomId={roomId} onClose={() => setSettingUp(null)} />}
      {settingUp === 'GAMES' && roomId && <GamePickerDialog roomId={roomId} onClose={() => setSettingUp(null)} />}
      {settingUp === 'PRESENTATION' && roomId && <PresentationSetupDialog roomId={roomId} onClose={() => setSettingUp(null)} />}
    </Stack>
  );
}
