import { useState, type FormEvent } from 'react';
import { Checkbox, Field as ChakraField, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useMutation } from 'react-relay/hooks';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { CalendarEventDialogCreateMutation } from '../../../__generated__/CalendarEventDialogCreateMutation.graphql';
import type { CalendarEventDialogUpdateMutation } from '../../../__generated__/CalendarEventDialogUpdateMutation.graphql';
import { Field } from '../../../components/ui/field';
import { toaster } from '../../../components/ui/toaster';
import { asRequestError } from '../../../relay/errors';
import { fieldErrorMap, mutationErrorText, readMutationError } from '../../../relay/mutationError';
import { AppDialog, DialogActions } from '../../../components/AppDialog';
import { CALENDAR_DURATIONS, CALENDAR_TYPES, EVENT_TYPE_LABELS, localDateTime, viewerTimeZone } from './calendarTexts';
import { labelOf } from '../texts';
import { appendToRootList, removeFromRootList } from '../../../relay/rootList';

const createMutation = graphql`
  mutation CalendarEventDialogCreateMutation($input: CalendarEventInput!) {
    createCalendarEvent(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on CalendarEventPayload {
        event {
          ...CalendarEventRow_event
        }
      }
    }
  }
`;

const updateMutation = graphql`
  mutation CalendarEventDialogUpdateMutation($id: ID!, $input: CalendarEventInput!) {
    updateCalendarEvent(id: $id, input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on CalendarEventPayload {
        event {
          ...CalendarEventRow_event
        }
      }
    }
  }
`;

/** What the dialog edits: an existing event's values (edit) or nothing (new). */
export type EditedEvent = {
  id: string;
  title: string;
  description: string | null;
  startsAt: string;
  durationMinutes: number;
  type: string;
  location: string | null;
  roomId: string | null;
  participantIds: string[];
};

type Contact = { id: string; name: string };
type Room = { id: string; name: string };

/** A new event joins the panel's list (the root field read with `after`). */
function appendToList(store: RecordSourceSelectorProxy, after: string) {
  const event = store.getRootField('createCalendarEvent')?.getLinkedRecord('event');
  // Once only: the calendar's live updates (useCalendarLive) may have brought it already.
  if (event) appendToRootList(store, { field: 'calendarEvents', args: { after } }, event);
}

/**
 * An event leaves the panel's list: deleted here, or found gone by the server (its organiser deleted
 * it since the panel opened, so any action on it answers NotFoundError).
 */
export function dropFromList(store: RecordSourceSelectorProxy, after: string, eventId: string) {
  removeFromRootList(store, { field: 'calendarEvents', args: { after } }, eventId);
}

/**
 * The calendar event dialog (spec sections 4 and 5): new or edit; title required (save disabled
 * while empty); no date means today, no time 12:00; duration and type from the spec's lists;
 * a room or a place; participants chosen among the viewer's contacts.
 */
export function CalendarEventDialog({
  event,
  contacts,
  rooms,
  listAfter,
  onClose,
}: {
  event: EditedEvent | null;
  contacts: readonly Contact[];
  rooms: readonly Room[];
  listAfter: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const start = event ? localDateTime(event.startsAt) : null;
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [date, setDate] = useState(start?.date ?? '');
  const [time, setTime] = useState(start?.time ?? '');
  const [duration, setDuration] = useState(event?.durationMinutes ?? 60);
  const [type, setType] = useState((event?.type ?? 'MEETING').toLowerCase());
  const [roomId, setRoomId] = useState(event?.roomId ?? '');
  const [location, setLocation] = useState(event?.location ?? '');
  const [participants, setParticipants] = useState<Set<string>>(new Set(event?.participantIds ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commitCreate, creating] = useMutation<CalendarEventDialogCreateMutation>(createMutation);
  const [commitUpdate, updating] = useMutation<CalendarEventDialogUpdateMutation>(updateMutation);

  const toggle = (id: string, checked: boolean) =>
    setParticipants((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const failed = (error: Error) => {
    toaster.create({ type: 'error', title: asRequestError(error)?.message || t`Не удалось сохранить событие` });
  };

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    if (!title.trim()) return setErrors({ title: t`Введите название события` });
    const input = {
      title: title.trim(),
      description: description.trim() || null,
      date: date || null,
      time: time || null,
      timeZone: viewerTimeZone(),
      durationMinutes: duration,
      type,
      location: location.trim() || null,
      roomId: roomId || null,
      participantIds: [...participants],
    };
    const done = (result: { error?: Parameters<typeof readMutationError>[0] } | null | undefined) => {
      const error = result?.error;
      if (readMutationError(error)?.__typename === 'ValidationError') return setErrors(fieldErrorMap(error));
      if (error) return setErrors({ form: mutationErrorText(error, t`Не удалось сохранить событие`) });
      onClose();
    };
    if (event) {
      commitUpdate({
        variables: { id: event.id, input },
        updater: (store, data) => {
          if (data?.updateCalendarEvent.__typename === 'NotFoundError') dropFromList(store, listAfter, event.id);
        },
        onCompleted: ({ updateCalendarEvent }) => done(updateCalendarEvent),
        onError: failed,
      });
    } else {
      commitCreate({
        variables: { input },
        updater: (store, data) => {
          if (data?.createCalendarEvent.__typename === 'CalendarEventPayload') appendToList(store, listAfter);
        },
        onCompleted: ({ createCalendarEvent }) => done(createCalendarEvent),
        onError: failed,
      });
    }
  };

  return (
    <AppDialog
      closeButton
      title={event ? <Trans>Редактировать событие</Trans> : <Trans>Новое событие</Trans>}
      onClose={onClose}
      testId="calendar-event-form"
      size="lg"
      footer={
        <DialogActions
          onCancel={onClose}
          form="calendar-event-form"
          label={event ? <Trans>Сохранить</Trans> : <Trans>Создать</Trans>}
          loading={creating || updating}
          disabled={!title.trim()}
          testId="calendar-event-submit"
        />
      }
    >
      <form id="calendar-event-form" onSubmit={submit} noValidate>
        <Stack gap="4">
          <Field label={<Trans>Название</Trans>} errorText={errors.title} required>
            <Input
              value={title}
              onChange={(change) => setTitle(change.target.value)}
              maxLength={200}
              autoFocus
              data-testid="calendar-event-title"
            />
          </Field>
          <Field label={<Trans>Описание</Trans>} errorText={errors.description}>
            <Textarea
              value={description}
              onChange={(change) => setDescription(change.target.value)}
              maxLength={2000}
              rows={2}
              data-testid="calendar-event-description"
            />
          </Field>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <ChakraField.Root invalid={!!errors.date}>
              <ChakraField.Label>
                <Trans>Дата</Trans>
              </ChakraField.Label>
              <Input
                type="date"
                value={date}
                onChange={(change) => setDate(change.target.value)}
                data-testid="calendar-event-date"
              />
              <ChakraField.HelperText>{!date && t`Сегодня`}</ChakraField.HelperText>
              <ChakraField.ErrorText>{errors.date}</ChakraField.ErrorText>
            </ChakraField.Root>
            <ChakraField.Root invalid={!!errors.time}>
              <ChakraField.Label>
                <Trans>Время</Trans>
              </ChakraField.Label>
              <Input
                type="time"
                value={time}
                onChange={(change) => setTime(change.target.value)}
                data-testid="calendar-event-time"
              />
              <ChakraField.HelperText>{!time && '12:00'}</ChakraField.HelperText>
              <ChakraField.ErrorText>{errors.time}</ChakraField.ErrorText>
            </ChakraField.Root>
            <Field label={<Trans>Длительность</Trans>} errorText={errors.durationMinutes}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={duration}
                  onChange={(change) => setDuration(Number(change.target.value))}
                  data-testid="calendar-event-duration"
                >
                  {CALENDAR_DURATIONS.map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {t`${minutes} мин`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field>
            <Field label={<Trans>Тип</Trans>} errorText={errors.type}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={type}
                  onChange={(change) => setType(change.target.value)}
                  data-testid="calendar-event-type"
                >
                  {CALENDAR_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {labelOf(EVENT_TYPE_LABELS, value)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field label={<Trans>Комната</Trans>} errorText={errors.roomId}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={roomId}
                  onChange={(change) => setRoomId(change.target.value)}
                  data-testid="calendar-event-room"
                >
                  <option value="">{t`Новая комната при входе`}</option>
                  {rooms.map((room) => (
                    <option key={room.id} value={room.id}>
                      {room.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field>
            <Field label={<Trans>Место</Trans>} errorText={errors.location}>
              <Input
                value={location}
                onChange={(change) => setLocation(change.target.value)}
                maxLength={200}
                placeholder={t`Название комнаты или место`}
                data-testid="calendar-event-location"
              />
            </Field>
          </SimpleGrid>
          <ChakraField.Root invalid={!!errors.participantIds}>
            <ChakraField.Label>
              <Trans>Участники</Trans>
            </ChakraField.Label>
            {contacts.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                <Trans>Нет доступных контактов</Trans>
              </Text>
            ) : (
              <Stack gap="1" maxH="40" overflowY="auto" w="full">
                {contacts.map((contact) => (
                  <Checkbox.Root
                    key={contact.id}
                    checked={participants.has(contact.id)}
                    onCheckedChange={(details) => toggle(contact.id, details.checked === true)}
                    data-testid="calendar-event-participant"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{contact.name}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            )}
            <ChakraField.ErrorText>{errors.participantIds}</ChakraField.ErrorText>
          </ChakraField.Root>
          {errors.form && (
            <ChakraField.Root invalid>
              <ChakraField.ErrorText>{errors.form}</ChakraField.ErrorText>
            </ChakraField.Root>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
