import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FolderPlus, Plus, RefreshCw } from 'lucide-react';
import { graphql, useRefetchableFragment } from 'react-relay/hooks';
import type { RoomsTab_query$key } from '../../../__generated__/RoomsTab_query.graphql';
import type { RoomsTabRefetchQuery } from '../../../__generated__/RoomsTabRefetchQuery.graphql';
import { useMeeting } from '../MeetingContext';
import { ClassCard } from './ClassCard';
import { ClassFormDialog } from './ClassFormDialog';
import { RoomFormDialog } from './RoomFormDialog';
import { RoomRow } from './RoomRow';
import { useRoomOccupancy } from './useRoomOccupancy';

/** Classes with their rooms, then the open rooms that belong to no class. */
export function RoomsTab({ query }: { query: RoomsTab_query$key }) {
  const { t } = useLingui();
  const [data, refetch] = useRefetchableFragment<RoomsTabRefetchQuery, RoomsTab_query$key>(
    graphql`
      fragment RoomsTab_query on Query @refetchable(queryName: "RoomsTabRefetchQuery") {
        meetingClasses {
          id
          ...ClassCard_meetingClass
        }
        meetingRooms {
          id
          ...RoomRow_room
        }
      }
    `,
    query,
  );
  const { call } = useMeeting();
  useRoomOccupancy();
  const [creating, setCreating] = useState<'class' | 'room' | null>(null);
  const refresh = useCallback(() => refetch({}, { fetchPolicy: 'network-only' }), [refetch]);

  // Who is in which room changes as people come and go: recount when the viewer's own room changes
  // (not on the first render, which shows what the page just loaded).
  const currentRoom = call.status === 'in_call' ? (call.room?.id ?? null) : null;
  const shownFor = useRef(currentRoom);
  useEffect(() => {
    if (shownFor.current === currentRoom) return;
    shownFor.current = currentRoom;
    refresh();
  }, [currentRoom, refresh]);

  return (
    <Stack gap="4" data-testid="rooms-tab">
      <HStack gap="2">
        <Button size="sm" colorPalette="brand" flex="1" onClick={() => setCreating('class')} data-testid="create-class">
          <FolderPlus size={16} aria-hidden="true" />
          <Trans>Класс</Trans>
        </Button>
        <Button size="sm" variant="outline" color="white" flex="1" onClick={() => setCreating('room')} data-testid="create-room">
          <Plus size={16} aria-hidden="true" />
          <Trans>Комната</Trans>
        </Button>
        <IconButton size="sm" variant="ghost" color="white" aria-label={t`Обновить`} onClick={refresh}>
          <RefreshCw size={16} />
        </IconButton>
      </HStack>

      {data.meetingClasses.map((meetingClass) => (
        <ClassCard key={meetingClass.id} meetingClass={meetingClass} onChanged={refresh} />
      ))}

      <Stack gap="2">
        <Text fontSize="xs" textTransform="uppercase" letterSpacing="wider" color="whiteAlpha.600">
          <Trans>Комнаты без класса</Trans>
        </Text>
        {data.meetingRooms.length === 0 && (
          <Text fontSize="sm" color="whiteAlpha.700">
            <Trans>Открытых комнат пока нет</Trans>
          </Text>
        )}
        {data.meetingRooms.map((room) => (
          <RoomRow key={room.id} room={room} onChanged={refresh} />
        ))}
      </Stack>

      {creating === 'class' && <ClassFormDialog onClose={() => setCreating(null)} onSaved={refresh} />}
      {creating === 'room' && <RoomFormDialog classId={null} onClose={() => setCreating(null)} onSaved={refresh} />}
    </Stack>
  );
}
