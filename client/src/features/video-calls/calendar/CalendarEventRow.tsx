import { Badge, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, LogIn, Pencil, Trash2, X } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { CalendarEventRow_event$key } from '../../../__generated__/CalendarEventRow_event.graphql';
import type { CalendarEventRowDeleteMutation } from '../../../__generated__/CalendarEventRowDeleteMutation.graphql';
import type { CalendarEventRowJoinMutation } from '../../../__generated__/CalendarEventRowJoinMutation.graphql';
import type { CalendarEventRowRespondMutation } from '../../../__generated__/CalendarEventRowRespondMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { formatDate, formatTime } from '../../../i18n/format';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { useMeeting } from '../MeetingContext';
import { labelOf } from '../texts';
import { EVENT_TYPE_LABELS, viewerTimeZone } from './calendarTexts';
import { dropFromList, type EditedEvent } from './CalendarEventDialog';

const deleteMutation = graphql`
  mutation CalendarEventRowDeleteMutation($id: ID!) {
    deleteCalendarEvent(id: $id) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const respondMutation = graphql`
  mutation CalendarEventRowRespondMutation($id: ID!, $accept: Boolean!) {
    respondToCalendarInvitation(id: $id, accept: $accept) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on CalendarEventPayload {
        event {
          viewerStatus
          participants {
            status
          }
        }
      }
    }
  }
`;

const joinMutation = graphql`
  mutation CalendarEventRowJoinMutation($id: ID!, $timeZone: String) {
    openCalendarEventRoom(id: $id, timeZone: $timeZone) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on CalendarRoomPayload {
        room {
          id
          name
        }
      }
    }
  }
`;

/** The answer says the event is gone (deleted here, or by its organiser since the panel opened): it leaves the list. */
const gone = (typename: string | undefined) => typename === 'DeleteCalendarEventSuccess' || typename === 'NotFoundError';

/**
 * An event of the calendar panel: when, what, where; join and (for its organiser) edit, and delete
 * where `deletable` (the upcoming list); the invited accept or decline.
 */
export function CalendarEventRow({
  event: key,
  deletable,
  listAfter,
  onEdit,
}: {
  event: CalendarEventRow_event$key;
  deletable: boolean;
  listAfter: string;
  onEdit: (event: EditedEvent) => void;
}) {
  const { t } = useLingui();
  const event = useFragment(
    graphql`
      fragment CalendarEventRow_event on CalendarEvent {
        id
        title
        description
        startsAt
        durationMinutes
        type
        location
        viewerIsOrganizer
        viewerStatus
        room {
          id
        }
        organizer {
          fullName
        }
        participants {
          status
          user {
            id
          }
        }
      }
    `,
    key,
  );
  const { engine, quality, call } = useMeeting();
  const [commitDelete, deleting] = useMutation<CalendarEventRowDeleteMutation>(deleteMutation);
  const [commitRespond, responding] = useMutation<CalendarEventRowRespondMutation>(respondMutation);
  const [commitJoin, joining] = useMutation<CalendarEventRowJoinMutation>(joinMutation);
  const title = event.title;
  const failed = (fallback: string) => (error: Error) => {
    toaster.create({ type: 'error', title: asRequestError(error)?.message || fallback });
  };

  const join = () => {
    const fallback = t`Не удалось войти в комнату события`;
    commitJoin({
      variables: { id: event.id, timeZone: viewerTimeZone() },
      updater: (store, data) => {
        if (gone(data?.openCalendarEventRoom.__typename)) dropFromList(store, listAfter, event.id);
      },
      onCompleted: ({ openCalendarEventRoom }) => {
        if (openCalendarEventRoom.error || !openCalendarEventRoom.room) {
          toaster.create({ type: 'error', title: mutationErrorText(openCalendarEventRoom.error, fallback) });
          return;
        }
        void engine.joinRoom({ id: openCalendarEventRoom.room.id, name: openCalendarEventRoom.room.name }, quality);
      },
      onError: failed(fallback),
    });
  };

  const remove = () => {
    if (!window.confirm(t`Удалить событие «${title}»?`)) return;
    const fallback = t`Не удалось удалить событие`;
    commitDelete({
      variables: { id: event.id },
      updater: (store, data) => {
        if (gone(data?.deleteCalendarEvent.__typename)) dropFromList(store, listAfter, event.id);
      },
      onCompleted: ({ deleteCalendarEvent }) => {
        if (deleteCalendarEvent.error)
          toaster.create({ type: 'error', title: mutationErrorText(deleteCalendarEvent.error, fallback) });
      },
      onError: failed(fallback),
    });
  };

  const respond = (accept: boolean) => {
    const fallback = t`Не удалось ответить на приглашение`;
    commitRespond({
      variables: { id: event.id, accept },
      updater: (store, data) => {
        if (gone(data?.respondToCalendarInvitation.__typename)) dropFromList(store, listAfter, event.id);
      },
      onCompleted: ({ respondToCalendarInvitation }) => {
        if (respondToCalendarInvitation.error)
          toaster.create({ type: 'error', title: mutationErrorText(respondToCalendarInvitation.error, fallback) });
      },
      onError: failed(fallback),
    });
  };

  const edit = () =>
    onEdit({
      id: event.id,
      title: event.title,
      description: event.description ?? null,
      startsAt: String(event.startsAt),
      durationMinutes: event.durationMinutes,
      type: event.type,
      location: event.location ?? null,
      roomId: event.room?.id ?? null,
      participantIds: event.participants.map((participant) => participant.user.id),
    });

  const accepted = event.participants.filter((participant) => participant.status === 'ACCEPTED').length;

  return (
    <Stack
      gap="1.5"
      p="2"
      rounded="md"
      bg="whiteAlpha.50"
      borderWidth="1px"
      borderColor="whiteAlpha.100"
      data-testid="calendar-event"
      data-event-title={event.title}
    >
      <HStack gap="2" align="start">
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontSize="sm" fontWeight="medium" truncate>
            {event.title}
          </Text>
          <Text fontSize="xs" color="whiteAlpha.700" data-testid="calendar-event-when">
            {formatDate(String(event.startsAt))} · {formatTime(String(event.startsAt))} · {t`${event.durationMinutes} мин`}
          </Text>
          {event.location && (
            <Text fontSize="xs" color="whiteAlpha.700" truncate>
              {event.location}
            </Text>
          )}
        </Stack>
        <Badge size="sm" variant="subtle" colorPalette="purple" flexShrink={0}>
          {labelOf(EVENT_TYPE_LABELS, event.type)}
        </Badge>
      </HStack>
      <Text fontSize="xs" color="whiteAlpha.600">
        {event.viewerIsOrganizer ? (
          <Trans>
            Вы организатор · приняли {accepted} из {event.participants.length}
          </Trans>
        ) : (
          <Trans>Организатор: {event.organizer.fullName}</Trans>
        )}
      </Text>
      <HStack gap="1" flexWrap="wrap">
        <Button
          size="xs"
          colorPalette="brand"
          onClick={join}
          loading={joining}
          disabled={call.status === 'connecting'}
          data-testid="calendar-event-join"
        >
          <LogIn size={14} aria-hidden="true" />
          <Trans context="join a room">Войти</Trans>
        </Button>
        {!event.viewerIsOrganizer && (
          <>
            <Button
              size="xs"
              variant={event.viewerStatus === 'ACCEPTED' ? 'solid' : 'outline'}
              colorPalette="green"
              loading={responding}
              onClick={() => respond(true)}
              aria-pressed={event.viewerStatus === 'ACCEPTED'}
              data-testid="calendar-event-accept"
            >
              <Check size={14} aria-hidden="true" />
              <Trans>Принять</Trans>
            </Button>
            <Button
              size="xs"
              variant={event.viewerStatus === 'DECLINED' ? 'solid' : 'outline'}
              colorPalette="red"
              loading={responding}
              onClick={() => respond(false)}
              aria-pressed={event.viewerStatus === 'DECLINED'}
              data-testid="calendar-event-decline"
            >
              <X size={14} aria-hidden="true" />
              <Trans>Отклонить</Trans>
            </Button>
          </>
        )}
        {event.viewerIsOrganizer && (
          <IconButton
            size="xs"
            variant="ghost"
            color="white"
            aria-label={t`Редактировать событие`}
            onClick={edit}
            data-testid="calendar-event-edit"
          >
            <Pencil size={14} />
          </IconButton>
        )}
        {event.viewerIsOrganizer && deletable && (
          <IconButton
            size="xs"
            variant="ghost"
            color="red.300"
            aria-label={t`Удалить событие`}
            loading={deleting}
            onClick={remove}
            data-testid="calendar-event-delete"
          >
            <Trash2 size={14} />
          </IconButton>
        )}
      </HStack>
    </Stack>
  );
}
