import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRoute } from '../router';

type GraphQLActivityType = {
  kind: string;
  name: string;
  description: string;
  capacity: number;
  timeLimitSeconds: number | null;
  launchable: boolean;
  status: string;
  participantCount: number;
};

/**
 * Issue 18: the activity kinds with their capacities (spec sections 3 and 9); with `?room_id=`, which
 * one runs in that room and with how many participants.
 */
export const activityRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/zoomvisor/activities',
    access: 'member',
    operation: `query RestActivityTypes($roomId: ID) {
      activityTypes(roomId: $roomId) { kind name description capacity timeLimitSeconds launchable status participantCount }
    }`,
    variables: ({ query }) => {
      const roomId = query.get('room_id')?.trim();
      // A malformed id names no room: the operation answers 404.
      return { roomId: roomId ? encodeGlobalID('Room', roomId) : null };
    },
    respond: ({ activityTypes }) => ({
      activities: (activityTypes as GraphQLActivityType[]).map((type) => ({
        type: type.kind.toLowerCase(),
        name: type.name,
        description: type.description,
        max_participants: type.capacity,
        time_limit_seconds: type.timeLimitSeconds,
        available: type.launchable,
        status: type.status.toLowerCase(),
        participants: type.participantCount,
      })),
    }),
  },
];
