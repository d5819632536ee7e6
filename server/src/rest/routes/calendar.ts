import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { bodyText, flag, number, text } from './values';
import { ValidationError } from '../../services/errors';
import { restRoom, ROOM_FIELDS } from './zoomvisor';

/**
 * {"accept": true|false} or {"status": "accepted"|"declined"}. Anything else (nothing, "maybe") is
 * refused on its field: it was taken as a decline, answering an invitation nobody answered.
 */
function invitationAnswer(body: Record<string, unknown>): boolean {
  const field = body.status !== undefined ? 'status' : 'accept';
  const answer =
    field === 'status' ? ({ accepted: true, declined: false } as Record<string, boolean>)[text(body.status)] : flag(body.accept);
  if (typeof answer === 'boolean') return answer;
  throw new ValidationError([{ path: [field], messageKey: 'validation.invalidValue', params: { field } }]);
}

const EVENT_FIELDS = `fragment RestCalendarEvent on CalendarEvent {
  databaseId title description startsAt endsAt durationMinutes type location viewerStatus
  room { databaseId }
  organizer { databaseId }
  participants { status user { databaseId } }
}`;

type GraphQLEvent = {
  databaseId: number;
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  type: string;
  location: string | null;
  viewerStatus: string | null;
  room: { databaseId: number } | null;
  organizer: { databaseId: number };
  participants: { status: string; user: { databaseId: number } }[];
};

/**
 * The spec's calendar event (section 3) with its start in UTC: `date` and `time` are UTC too
 * (`starts_at`/`ends_at` are the instants), `participants` the invited ids, `invitations` their answers.
 */
const restEvent = (event: GraphQLEvent) => ({
  id: event.databaseId,
  title: event.title,
  description: event.description,
  date: event.startsAt.slice(0, 10),
  time: event.startsAt.slice(11, 16),
  starts_at: event.startsAt,
  ends_at: event.endsAt,
  duration: event.durationMinutes,
  type: event.type.toLowerCase(),
  location: event.location,
  room_id: event.room?.databaseId ?? null,
  organizer_id: event.organizer.databaseId,
  participants: event.participants.map((participant) => participant.user.databaseId),
  invitations: event.participants.map((participant) => ({
    user_id: participant.user.databaseId,
    status: participant.status.toLowerCase(),
  })),
  my_status: event.viewerStatus?.toLowerCase() ?? null,
});

const eventId = ({ params }: RestRequest) => encodeGlobalID('CalendarEvent', params.id!);
const has = (body: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(body, key);
const ids = (value: unknown) => (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]);

/** The body's fields as the operation's input; only those present (PATCH changes what it names). */
function eventInput(body: Record<string, unknown>) {
  const input: Record<string, unknown> = {};
  for (const key of ['title', 'description', 'date', 'time', 'location', 'type'] as const) {
    if (has(body, key)) input[key] = bodyText(body[key], key) ?? null;
  }
  if (has(body, 'time_zone')) input.timeZone = bodyText(body.time_zone, 'timeZone') ?? null;
  if (has(body, 'duration')) input.durationMinutes = body.duration == null ? null : number(body.duration);
  if (has(body, 'room_id')) {
    input.roomId = body.room_id == null || body.room_id === '' ? null : encodeGlobalID('Room', text(body.room_id));
  }
  if (has(body, 'participants')) {
    input.participantIds = ids(body.participants).map((id) => encodeGlobalID('User', text(id)));
  }
  return input;
}

const icsResponse = (body: string, filename?: string) =>
  new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'cache-control': 'private, no-store',
      ...(filename ? { 'content-disposition': `attachment; filename="${filename}"` } : {}),
    },
  });

const FEED_FIELDS = 'enabled url webcalUrl';
const restFeed = (feed: { enabled: boolean; url: string | null; webcalUrl: string | null }) => ({
  url: feed.url,
  webcal_url: feed.webcalUrl,
  enabled: feed.enabled,
});

/** The meeting area's calendar (spec section 2, "Calendar panel"), stored on the server, and its iCalendar feed. */
export const calendarRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/zoomvisor/calendar/events',
    access: 'member',
    operation: `query RestCalendarEvents($after: DateTime) { calendarEvents(after: $after) { ...RestCalendarEvent } }
      ${EVENT_FIELDS}`,
    variables: ({ query }) => ({ after: query.get('from') || null }),
    respond: ({ calendarEvents }) => calendarEvents.map(restEvent),
  },
  {
    method: 'POST',
    path: '/zoomvisor/calendar/events',
    access: 'member',
    status: 201,
    operation: `mutation RestCreateCalendarEvent($input: CalendarEventInput!) {
      createCalendarEvent(input: $input) { __typename ...RestError ... on CalendarEventPayload { event { ...RestCalendarEvent } } }
    }
    ${EVENT_FIELDS}`,
    variables: ({ body }) => ({ input: { ...eventInput(body), title: bodyText(body.title, 'title') ?? '' } }),
    respond: ({ createCalendarEvent }) => restEvent(createCalendarEvent.event),
  },
  {
    method: 'PATCH',
    path: '/zoomvisor/calendar/events/:id(\\d+)',
    access: 'owner',
    operation: `mutation RestUpdateCalendarEvent($id: ID!, $input: CalendarEventInput!) {
      updateCalendarEvent(id: $id, input: $input) { __typename ...RestError ... on CalendarEventPayload { event { ...RestCalendarEvent } } }
    }
    ${EVENT_FIELDS}`,
    variables: (req) => ({ id: eventId(req), input: eventInput(req.body) }),
    respond: ({ updateCalendarEvent }) => restEvent(updateCalendarEvent.event),
  },
  {
    method: 'DELETE',
    path: '/zoomvisor/calendar/events/:id(\\d+)',
    access: 'owner',
    operation: `mutation RestDeleteCalendarEvent($id: ID!) {
      deleteCalendarEvent(id: $id) { __typename ...RestError ... on DeleteCalendarEventSuccess { deletedId } }
    }`,
    variables: (req) => ({ id: eventId(req) }),
    respond: (_data, { params }) => ({ success: true, id: Number(params.id) }),
  },
  {
    method: 'POST',
    path: '/zoomvisor/calendar/events/:id(\\d+)/respond',
    access: 'owner',
    operation: `mutation RestRespondToCalendarInvitation($id: ID!, $accept: Boolean!) {
      respondToCalendarInvitation(id: $id, accept: $accept) {
        __typename ...RestError ... on CalendarEventPayload { event { ...RestCalendarEvent } }
      }
    }
    ${EVENT_FIELDS}`,
    variables: (req) => ({ id: eventId(req), accept: invitationAnswer(req.body) }),
    respond: ({ respondToCalendarInvitation }) => restEvent(respondToCalendarInvitation.event),
  },
  {
    method: 'POST',
    path: '/zoomvisor/calendar/events/:id(\\d+)/join',
    access: 'owner',
    operation: `mutation RestOpenCalendarEventRoom($id: ID!, $timeZone: String) {
      openCalendarEventRoom(id: $id, timeZone: $timeZone) { __typename ...RestError ... on CalendarRoomPayload { room { ${ROOM_FIELDS} } } }
    }`,
    variables: (req) => ({ id: eventId(req), timeZone: req.body.time_zone == null ? null : text(req.body.time_zone) }),
    respond: ({ openCalendarEventRoom }) => restRoom(openCalendarEventRoom.room),
  },
  {
    method: 'GET',
    path: '/zoomvisor/calendar/events/:id(\\d+)\\.ics',
    access: 'member',
    operation: `query RestCalendarEventIcs($id: ID!) { calendarEventIcs(id: $id) }`,
    variables: (req) => ({ id: eventId(req) }),
    notFound: { field: 'calendarEventIcs', detail: 'calendar.eventNotFound' },
    respond: ({ calendarEventIcs }, { params }) => icsResponse(calendarEventIcs, `event-${params.id}.ics`),
  },
  {
    method: 'GET',
    path: '/zoomvisor/calendar/feed',
    access: 'member',
    operation: `query RestCalendarFeed { calendarFeed { ${FEED_FIELDS} } }`,
    respond: ({ calendarFeed }) => restFeed(calendarFeed),
  },
  {
    method: 'PATCH',
    path: '/zoomvisor/calendar/feed',
    access: 'member',
    operation: `mutation RestSetCalendarFeedEnabled($enabled: Boolean!) {
      setCalendarFeedEnabled(enabled: $enabled) { __typename ...RestError ... on CalendarFeedPayload { feed { ${FEED_FIELDS} } } }
    }`,
    // Neither true nor false is refused on `enabled` (it turned the feed off).
    variables: ({ body }) => ({ enabled: flag(body.enabled) }),
    respond: ({ setCalendarFeedEnabled }) => restFeed(setCalendarFeedEnabled.feed),
  },
  {
    method: 'POST',
    path: '/zoomvisor/calendar/feed/regenerate',
    access: 'member',
    operation: `mutation RestRegenerateCalendarFeed {
      regenerateCalendarFeed { __typename ...RestError ... on CalendarFeedPayload { feed { ${FEED_FIELDS} } } }
    }`,
    respond: ({ regenerateCalendarFeed }) => restFeed(regenerateCalendarFeed.feed),
  },
  {
    // The subscribable feed: its secret is the only credential (calendar applications send no token).
    method: 'GET',
    path: '/zoomvisor/calendar/feed/:token([A-Za-z0-9_-]+)\\.ics',
    access: 'anonymous',
    operation: `query RestCalendarFeedIcs($token: String!) { calendarFeedIcs(token: $token) }`,
    variables: ({ params }) => ({ token: params.token }),
    notFound: { field: 'calendarFeedIcs', detail: 'calendar.feedNotFound' },
    respond: ({ calendarFeedIcs }) => icsResponse(calendarFeedIcs),
  },
];
