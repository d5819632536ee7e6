import { useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Lock, Plus, Settings, UserPlus } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { ClassCard_meetingClass$key } from '../../../__generated__/ClassCard_meetingClass.graphql';
import type { ClassCardJoinMutation } from '../../../__generated__/ClassCardJoinMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { CLASS_ROLE_LABELS, labelOf } from '../texts';
import { ClassSettingsDialog } from './ClassSettingsDialog';
import { RoomFormDialog } from './RoomFormDialog';
import { RoomRow } from './RoomRow';

const joinMutation = graphql`
  mutation ClassCardJoinMutation($classId: ID!) {
    joinMeetingClass(classId: $classId) {
      ...mutationError_error @alias(as: "error")
      ... on MeetingClass {
        id
        ...ClassCard_meetingClass @alias
      }
    }
  }
`;

/** A class with its rooms; the actions shown follow the viewer's role (the server checks the same). */
export function ClassCard({ meetingClass: key, onChanged }: { meetingClass: ClassCard_meetingClass$key; onChanged: () => void }) {
  const { t } = useLingui();
  const meetingClass = useFragment(
    graphql`
      fragment ClassCard_meetingClass on MeetingClass {
        id
        name
        description
        isPrivate
        maxRooms
        memberCount
        viewerRole
        viewerCan {
          createRoom
          openSettings
        }
        rooms {
          id
          ...RoomRow_room
        }
      }
    `,
    key,
  );
  const [dialog, setDialog] = useState<'room' | 'settings' | null>(null);
  const [commitJoin, joining] = useMutation<ClassCardJoinMutation>(joinMutation);
  const name = meetingClass.name;

  const join = () => {
    const fallback = t`Не удалось вступить в класс`;
    commitJoin({
      variables: { classId: meetingClass.id },
      onCompleted: ({ joinMeetingClass }) => {
        if (joinMeetingClass.error) {
          toaster.create({ type: 'error', title: mutationErrorText(joinMeetingClass.error, fallback) });
          return;
        }
        toaster.create({ type: 'success', title: t`Вы вступили в класс «${name}»` });
      },
      onError: (error) => {
        toaster.create({ type: 'error', title: asRequestError(error)?.message || fallback });
      },
    });
  };

  return (
    <Box
      rounded="lg"
      borderWidth="1px"
      borderColor="whiteAlpha.200"
      bg="whiteAlpha.50"
      p="3"
      data-testid="class-card"
      data-class-name={meetingClass.name}
    >
      <Stack gap="3">
        <HStack align="start" gap="2">
          <Stack gap="1" flex="1" minW="0">
            <HStack gap="2">
              {meetingClass.isPrivate && <Lock size={14} aria-label={t`Закрытый класс`} />}
              <Text fontWeight="semibold" truncate>
                {meetingClass.name}
              </Text>
            </HStack>
            {meetingClass.description && (
              <Text fontSize="xs" color="whiteAlpha.700" lineClamp={2}>
                {meetingClass.description}
              </Text>
            )}
            <HStack gap="2" flexWrap="wrap">
              {meetingClass.viewerRole && (
                <Badge size="sm" colorPalette="brand" data-testid="class-role">
                  {labelOf(CLASS_ROLE_LABELS, meetingClass.viewerRole)}
                </Badge>
              )}
              <Text fontSize="xs" color="whiteAlpha.600">
                <Trans>
                  Участников: {meetingClass.memberCount} · комнат: {meetingClass.rooms.length}/{meetingClass.maxRooms}
                </Trans>
              </Text>
            </HStack>
          </Stack>
          {meetingClass.viewerCan.createRoom && (
            <IconButton
              size="xs"
              variant="ghost"
              color="white"
              aria-label={t`Создать комнату в классе`}
              data-testid="class-create-room"
              onClick={() => setDialog('room')}
            >
              <Plus size={16} />
            </IconButton>
          )}
          {meetingClass.viewerCan.openSettings && (
            <IconButton
              size="xs"
              variant="ghost"
              color="white"
              aria-label={t`Настройки класса`}
              data-testid="class-settings"
              onClick={() => setDialog('settings')}
            >
              <Settings size={16} />
            </IconButton>
          )}
        </HStack>
        {!meetingClass.viewerRole && !meetingClass.isPrivate && (
          <Button size="xs" variant="outline" color="white" onClick={join} loading={joining} data-testid="join-class">
            <UserPlus size={14} aria-hidden="true" />
            <Trans>Вступить в класс</Trans>
          </Button>
        )}
        {meetingClass.rooms.length === 0 ? (
          <Text fontSize="xs" color="whiteAlpha.600">
            <Trans>В классе пока нет комнат</Trans>
          </Text>
        ) : meetingClass.viewerRole ? (
          meetingClass.rooms.map((room) => <RoomRow key={room.id} room={room} onChanged={onChanged} />)
        ) : (
          <Text fontSize="xs" color="whiteAlpha.600">
            <Trans>Вступите в класс, чтобы входить в его комнаты</Trans>
          </Text>
        )}
      </Stack>
      {dialog === 'room' && <RoomFormDialog classId={meetingClass.id} onClose={() => setDialog(null)} onSaved={onChanged} />}
      {dialog === 'settings' && (
        <ClassSettingsDialog classId={meetingClass.id} onClose={() => setDialog(null)} onChanged={onChanged} />
      )}
    </Box>
  );
}
