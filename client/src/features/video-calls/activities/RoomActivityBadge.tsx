import { useMemo, useState } from 'react';
import { Badge } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Puzzle } from 'lucide-react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type {
  RoomActivityBadgeSubscription,
  RoomActivityBadgeSubscription$data,
} from '../../../__generated__/RoomActivityBadgeSubscription.graphql';
import { useMeeting } from '../MeetingContext';

/** The server answers the room's current activity at once, then each change: no query is needed first. */
const subscription = graphql`
  subscription RoomActivityBadgeSubscription($roomId: ID!) {
    roomActivityChanged(roomId: $roomId) {
      id
      currentActivity {
        name
        status
        players {
          user {
            fullName
          }
        }
      }
    }
  }
`;

type Activity = RoomActivityBadgeSubscription$data['roomActivityChanged']['currentActivity'];

/** In the header while in a room: which activity runs there and who is in it (the activities tab has the rest). */
export function RoomActivityBadge() {
  const { call } = useMeeting();
  const roomId = call.status === 'in_call' && call.room ? call.room.id : null;
  return roomId ? <Live key={roomId} roomId={roomId} /> : null;
}

function Live({ roomId }: { roomId: string }) {
  const [activity, setActivity] = useState<Activity>(null);
  useSubscription(
    useMemo<GraphQLSubscriptionConfig<RoomActivityBadgeSubscription>>(
      () => ({
        subscription,
        variables: { roomId },
        onNext: (response) => setActivity(response?.roomActivityChanged.currentActivity ?? null),
        onError: () => setActivity(null),
      }),
      [roomId],
    ),
  );
  if (activity?.status !== 'ACTIVE') return null;
  const players = activity.players.map((player) => player.user?.fullName ?? '—');
  return (
    <Badge colorPalette="green" variant="subtle" gap="1" title={players.join(', ')} data-testid="room-activity-badge">
      <Puzzle size={12} aria-hidden="true" />
      <Trans>
        {activity.name} · участников: {players.length}
      </Trans>
    </Badge>
  );
}
