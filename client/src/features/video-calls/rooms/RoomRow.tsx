import { Badge, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogIn, Trash2, Users } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { RoomRow_room$key } from '../../../__generated__/RoomRow_room.graphql';
import type { RoomRowDeleteMutation } from '../../../__generated__/RoomRowDeleteMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { useMeeting } from '../MeetingContext';
import { labelOf, ROOM_TYPE_LABELS } from '../texts';

const deleteMutation = graphql`
  mutation RoomRowDeleteMutation($roomId: ID!) {
    deleteRoom(roomId: $roomId) {
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** A room: its kind, who is in it out of how many, join; delete for those allowed. */
export function RoomRow({ room: key, onChanged }: { room: RoomRow_room$key; onChanged: () => void }) {
  const { t } = useLingui();
  const room = useFragment(
    graphql`
      fragment RoomRow_room on Room {
        id
        name
        type
        maxParticipants
        participantCount
        isActive
        viewerCanDelete
      }
    `,
    key,
  );
  const { call, engine, quality } = useMeeting();
  const [commitDelete, deleting] = useMutation<RoomRowDeleteMutation>(deleteMutation);
  const here = call.status !== 'idle' && call.room?.id === room.id;
  const name = room.name;

  const remove = () => {
    if (!window.confirm(t`Удалить комнату «${name}»? Участники будут отключены.`)) return;
    const fallback = t`Не удалось удалить комнату`;
    commitDelete({
      variables: { roomId: room.id },
      onCompleted: ({ deleteRoom }) => {
        if (deleteRoom.error) toaster.create({ type: 'error', title: mutationErrorText(deleteRoom.error, fallback) });
        else onChanged();
      },
      onError: (error) => {
        toaster.create({ type: 'error', title: asRequestError(error)?.message || fallback });
      },
    });
  };

  // Closed while the list was shown (the occupancy subscription says so): gone from the list.
  if (!room.isActive) return null;

  return (
    <HStack
      gap="2"
      p="2"
      rounded="md"
      bg={here ? 'brand.900' : 'whiteAlpha.50'}
      borderWidth="1px"
      borderColor={here ? 'brand.500' : 'whiteAlpha.100'}
      data-testid="room-row"
      data-room-name={room.name}
    >
      <Stack gap="1" flex="1" minW="0">
        <Text fontSize="sm" fontWeight="medium" truncate>
          {room.name}
        </Text>
        <HStack gap="2">
          <Badge size="sm" variant="subtle" colorPalette="purple">
            {labelOf(ROOM_TYPE_LABELS, room.type)}
          </Badge>
          <HStack gap="1" fontSize="xs" color="whiteAlpha.700" title={t`Участники`}>
            <Users size={12} aria-hidden="true" />
            <Text as="span" data-testid="room-occupancy">
              {room.participantCount}/{room.maxParticipants}
            </Text>
          </HStack>
        </HStack>
      </Stack>
      {here ? (
        <Badge colorPalette="brand">{t`Вы здесь`}</Badge>
      ) : (
        <Button
          size="xs"
          colorPalette="brand"
          data-testid="join-room"
          disabled={call.status === 'connecting'}
          onClick={() => void engine.joinRoom({ id: room.id, name: room.name }, quality)}
        >
          <LogIn size={14} aria-hidden="true" />
          <Trans context="join a room">Войти</Trans>
        </Button>
      )}
      {room.viewerCanDelete && (
        <IconButton size="xs" variant="ghost" color="red.300" aria-label={t`Удалить комнату`} loading={deleting} onClick={remove}>
          <Trash2 size={14} />
        </IconButton>
      )}
    </HStack>
  );
}
