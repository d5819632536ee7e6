import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRoute } from '../router';
import { text } from './values';

type GraphQLRoom = {
  databaseId: number;
  name: string;
  type: string;
  maxParticipants: number;
  isActive: boolean;
  createdAt: string;
  meetingClass: { databaseId: number } | null;
  participants: { user: { databaseId: number } }[];
};

/** The fields `restRoom` reads. */
export const ROOM_FIELDS = `databaseId name type maxParticipants isActive createdAt
  meetingClass { databaseId }
  participants { user { databaseId } }`;

/** The spec's room object (section 3): snake_case, numeric ids, lowercase type. */
export const restRoom = (room: GraphQLRoom) => ({
  id: room.databaseId,
  name: room.name,
  type: room.type.toLowerCase(),
  max_participants: room.maxParticipants,
  category_id: room.meetingClass?.databaseId ?? null,
  participants: room.participants.map((participant) => participant.user.databaseId),
  is_active: room.isActive,
  created_at: room.createdAt,
});

/** A number given as a number or a numeric string; anything else stays as is for the rules to refuse. */
const numeric = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value);

/** Spec section 7, "Subscriptions": the meeting area's room creation. */
export const zoomvisorRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/zoomvisor/rooms',
    access: 'member',
    status: 201,
    operation: `mutation RestCreateRoom($classId: ID, $input: CreateRoomInput!) {
      createRoom(classId: $classId, input: $input) {
        __typename ...RestError
        ... on RoomPayload {
          room { ${ROOM_FIELDS} }
        }
      }
    }`,
    variables: ({ body }) => {
      const categoryId = numeric(body.category_id);
      const maxParticipants = numeric(body.max_participants);
      const type = text(body.type).trim();
      return {
        // An unknown class id names no class the caller can see: the operation answers 404.
        classId: categoryId == null || categoryId === '' ? null : encodeGlobalID('MeetingClass', String(categoryId)),
        input: {
          name: text(body.name),
          type: type ? type.toUpperCase() : null,
          maxParticipants: typeof maxParticipants === 'number' ? maxParticipants : null,
        },
      };
    },
    respond: ({ createRoom }) => restRoom(createRoom.room),
  },
];
