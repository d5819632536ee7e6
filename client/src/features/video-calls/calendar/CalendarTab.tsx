import { useMemo, useState } from 'react';
import { Badge, Box, Button, Card, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarCheck, CalendarSync, Copy, Plus, RefreshCw } from 'lucide-react';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import type { CalendarTabQuery } from '../../../__generated__/CalendarTabQuery.graphql';
import type { CalendarTabFeedMutation } from '../../../__generated__/CalendarTabFeedMutation.graphql';
import type { CalendarTabRegenerateMutation } from '../../../__generated__/CalendarTabRegenerateMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { CalendarEventDialog, type EditedEvent } from './CalendarEventDialog';
import { CalendarEventRow } from './CalendarEventRow';
import { localDateTime, startOfToday } from './calendarTexts';
import { useCalendarLive } from './useCalendarLive';

const tabQuery = graphql`
  query CalendarTabQuery($after: DateTime!) {
    calendarEvents(after: $after) {
      id
      startsAt
      ...CalendarEventRow_event
    }
    calendarFeed {
      enabled
      url
      webcalUrl
    }
    meetingContacts {
      id
      firstName
      lastName
    }
    meetingRooms {
      id
      name
    }
  }
`;

const feedMutation = graphql`
  mutation CalendarTabFeedMutation($enabled: Boolean!) {
    setCalendarFeedEnabled(enabled: $enabled) {
      ...mutationError_error @alias(as: "error")
      ... on CalendarFeedPayload {
        feed {
          enabled
          url
          webcalUrl
        }
      }
    }
  }
`;

const regenerateMutation = graphql`
  mutation CalendarTabRegenerateMutation {
    regenerateCalendarFeed {
      ...mutationError_error @alias(as: "error")
      ... on CalendarFeedPayload {
        feed {
          enabled
          url
          webcalUrl
        }
      }
    }
  }
`;

/** The feed's link, selectable and copyable. */
function FeedLink({ label, url, testId }: { label: string; url: string; testId: string }) {
  const { t } = useLingui();
  return (
    <Stack gap="1">
      <Text fontSize="xs" color="whiteAlpha.700">
        {label}
      </Text>
      <HStack gap="1">
        <Input size="xs" value={url} readOnly onFocus={(focus) => focus.target.select()} data-testid={testId} />
        <IconButton
          size="xs"
          variant="ghost"
          color="white"
          aria-label={t`Копировать ссылку`}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(url)
              .then(() => toaster.create({ type: 'success', title: t`Ссылка скопирована` }))
              .catch(() => undefined)
          }
        >
          <Copy size={14} />
        </IconButton>
      </HStack>
    </Stack>
  );
}

/**
 * The meeting area's calendar panel (spec section 2): the sync toggle (the member's iCalendar feed,
 * offered as webcal:// and https), create, today's events with their count, the first 5 upcoming.
 * Times are stored in UTC and shown in the member's time zone and locale.
 */
export function CalendarTab() {
  const { t } = useLingui();
  // The member's "today" is fixed when the panel opens: the list's root field is read with it.
  const after = useMemo(() => startOfToday(), []);
  const data = useLazyLoadQuery<CalendarTabQuery>(tabQuery, { after }, { fetchPolicy: 'store-and-network' });
  // What the organiser changes or deletes (and new invitations) shows without a reload.
  useCalendarLive(after);
  const [editing, setEditing] = useState<EditedEvent | 'new' | null>(null);
  const [commitFeed, switching] = useMutation<CalendarTabFeedMutation>(feedMutation);
  const [commitRegenerate, regenerating] = useMutation<CalendarTabRegenerateMutation>(regenerateMutation);
  const feed = data.calendarFeed;

  const today = localDateTime(new Date()).date;
  const events = [...data.calendarEvents].sort((a, b) => String(a.startsAt).localeCompare(String(b.startsAt)));
  const todays = events.filter((event) => localDateTime(String(event.startsAt)).date === today);
  const upcoming = events.filter((event) => localDateTime(String(event.startsAt)).date >= today).slice(0, 5);

  const fallback = t`Не удалось изменить синхронизацию календаря`;
  const onFeedError = (error: Error) => {
    toaster.create({ type: 'error', title: asRequestError(error)?.message || fallback });
  };
  const toggleFeed = () =>
    commitFeed({
      variables: { enabled: !feed.enabled },
      onCompleted: ({ setCalendarFeedEnabled }) => {
        if (setCalendarFeedEnabled.error)
          toaster.create({ type: 'error', title: mutationErrorText(setCalendarFeedEnabled.error, fallback) });
      },
      onError: onFeedError,
      updater: (store) => {
        const answer = store.getRootField('setCalendarFeedEnabled')?.getLinkedRecord('feed');
        if (answer) store.getRoot().setLinkedRecord(answer, 'calendarFeed');
      },
    });
  const regenerate = () => {
    if (!window.confirm(t`Создать новую ссылку? Календари, подписанные на старую, перестанут обновляться.`)) return;
    commitRegenerate({
      variables: {},
      onCompleted: ({ regenerateCalendarFeed }) => {
        if (regenerateCalendarFeed.error)
          toaster.create({ type: 'error', title: mutationErrorText(regenerateCalendarFeed.error, fallback) });
      },
      onError: onFeedError,
      updater: (store) => {
        const answer = store.getRootField('regenerateCalendarFeed')?.getLinkedRecord('feed');
        if (answer) store.getRoot().setLinkedRecord(answer, 'calendarFeed');
      },
    });
  };

  const contacts = data.meetingContacts.map((contact) => ({
    id: contact.id,
    name: `${contact.firstName} ${contact.lastName}`.trim(),
  }));
  const rooms = data.meetingRooms.map((room) => ({ id: room.id, name: room.name }));
  const row = (event: (typeof events)[number], deletable: boolean) => (
    <CalendarEventRow
      key={event.id}
      event={event}
      deletable={deletable}
      listAfter={after}
      onEdit={(edited) => setEditing(edited)}
    />
  );

  return (
    <Stack gap="3" data-testid="calendar-tab">
      <HStack gap="2">
        <Button size="sm" colorPalette="brand" flex="1" onClick={() => setEditing('new')} data-testid="calendar-create">
          <Plus size={16} aria-hidden="true" />
          <Trans>Событие</Trans>
        </Button>
        <Button
          size="sm"
          variant="outline"
          color="white"
          flex="1"
          onClick={toggleFeed}
          loading={switching}
          aria-pressed={feed.enabled}
          data-testid="calendar-sync-toggle"
        >
          {feed.enabled ? (
            <CalendarCheck size={16} color="var(--chakra-colors-green-400)" aria-hidden="true" data-testid="calendar-sync-on" />
          ) : (
            <CalendarSync size={16} aria-hidden="true" />
          )}
          <Trans>Синхронизация</Trans>
        </Button>
      </HStack>

      {feed.enabled && feed.url && feed.webcalUrl && (
        <Card.Root size="sm" bg="whiteAlpha.50" borderColor="whiteAlpha.200" color="white" data-testid="calendar-feed">
          <Card.Body gap="2">
            <Text fontSize="xs" color="whiteAlpha.800">
              <Trans>
                Подпишитесь на эту ссылку в Google Календаре, Apple Календаре, Thunderbird или Outlook: там появятся ваши события
                и принятые приглашения.
              </Trans>
            </Text>
            <FeedLink label={t`Открыть в приложении календаря (webcal)`} url={feed.webcalUrl} testId="calendar-feed-webcal" />
            <FeedLink label={t`Ссылка для подписки (https)`} url={feed.url} testId="calendar-feed-url" />
            <Box>
              <Button
                size="xs"
                variant="ghost"
                color="whiteAlpha.800"
                onClick={regenerate}
                loading={regenerating}
                data-testid="calendar-feed-regenerate"
              >
                <RefreshCw size={12} aria-hidden="true" />
                <Trans>Новая ссылка</Trans>
              </Button>
            </Box>
          </Card.Body>
        </Card.Root>
      )}

      <Card.Root size="sm" bg="transparent" borderColor="whiteAlpha.200" color="white" data-testid="calendar-today">
        <Card.Header>
          <HStack justify="space-between">
            <Text fontWeight="semibold" fontSize="sm">
              <Trans>Сегодня</Trans>
            </Text>
            <Badge colorPalette="brand" data-testid="calendar-today-count">
              {todays.length}
            </Badge>
          </HStack>
        </Card.Header>
        <Card.Body>
          <Stack gap="2" maxH="32" overflowY="auto">
            {todays.length === 0 && (
              <Text fontSize="sm" color="whiteAlpha.700">
                <Trans>На сегодня событий нет</Trans>
              </Text>
            )}
            {todays.map((event) => row(event, false))}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Card.Root size="sm" bg="transparent" borderColor="whiteAlpha.200" color="white" data-testid="calendar-upcoming">
        <Card.Header>
          <Text fontWeight="semibold" fontSize="sm">
            <Trans>Предстоящие</Trans>
          </Text>
        </Card.Header>
        <Card.Body>
          <Stack gap="2" maxH="48" overflowY="auto">
            {upcoming.length === 0 && (
              <Text fontSize="sm" color="whiteAlpha.700">
                <Trans>Предстоящих событий нет</Trans>
              </Text>
            )}
            {upcoming.map((event) => row(event, true))}
          </Stack>
        </Card.Body>
      </Card.Root>

      {editing && (
        <CalendarEventDialog
          event={editing === 'new' ? null : editing}
          contacts={contacts}
          rooms={rooms}
          listAfter={after}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
