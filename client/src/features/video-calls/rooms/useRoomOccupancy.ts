import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useRoomOccupancySubscription } from '../../../__generated__/useRoomOccupancySubscription.graphql';

const occupancySubscription = graphql`
  subscription useRoomOccupancySubscription {
    roomOccupancyChanged {
      id
      isActive
      ...RoomRow_room
    }
  }
`;

/**
 * Keeps the room lists live: every room the viewer may see whose participants change comes back
 * with its count (and closed rooms with isActive false), and Relay updates each row showing it.
 */
export function useRoomOccupancy() {
  const config = useMemo<GraphQLSubscriptionConfig<useRoomOccupancySubscription>>(
    () => ({ subscription: occupancySubscription, variables: {}, onError: () => {} }),
    [],
  );
  useSubscription(config);
}
