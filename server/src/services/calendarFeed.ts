import ical, {
  escape,
  ICalAlarmType,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEvent,
  type ICalCalendar,
  type ICalEventData,
} from 'ical-generator';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Prisma } from '../generated/prisma/client';
import { LOCALES, translate, type Locale } from '../i18n';
import type { Services } from './container';
import { feedEventWhere, feedOwner } from './calendar';

/** How often calendar applications should poll the feed (REFRESH-INTERVAL, RFC 7986). */
export const FEED_REFRESH_SECONDS = 60 * 60;
/** The reminder before each event (VALARM). */
const REMINDER_SECONDS = 15 * 60;
/** Feeds carry recent history too: applications drop what a feed no longer lists. */
const FEED_HISTORY_DAYS = 90;

const PARTSTAT = {
  pending: ICalAttendeeStatus.NEEDSACTION,
  accepted: ICalAttendeeStatus.ACCEPTED,
  declined: ICalAttendeeStatus.DECLINED,
} as const;

const person = { select: { firstName: true, lastName: true, username: true, email: true } } as const;
const eventSelect = {
  id: true,
  title: true,
  description: true,
  startsAt: true,
  durationMinutes: true,
  location: true,
  updatedAt: true,
  createdAt: true,
  owner: person,
  participants: { orderBy: { id: 'asc' }, select: { status: true, user: person } },
} satisfies Prisma.CalendarEventSelect;

type FeedEvent = Prisma.CalendarEventGetPayload<{ select: typeof eventSelect }>;

/**
 * ical-generator writes no CONFERENCE property (RFC 7986) and only X- extensions: the event adds
 * the line itself, escaped with the library's own escaping; the calendar folds it with the rest.
 */
class ConferenceEvent extends ICalEvent {
  constructor(
    data: ICalEventData,
    calendar: ICalCalendar,
    private readonly conference: { url: string; label: string },
  ) {
    super(data, calendar);
  }

  override toString(): string {
    const line = `CONFERENCE;VALUE=URI;FEATURE=AUDIO,VIDEO;LABEL="${escape(this.conference.label, true)}":${escape(this.conference.url, false)}\r\n`;
    return super.toString().replace(/END:VEVENT\r\n$/, `${line}END:VEVENT\r\n`);
  }
}

/** CN of ORGANIZER and ATTENDEE: the member's name (ical-generator refuses an empty one), else their username. */
const fullName = (user: { firstName: string; lastName: string; username: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.username;

/** Where an event's link leads: the meeting area, which opens (or creates) the event's room. */
export const eventRoomUrl = (services: Services, eventId: number) =>
  `${services.config.publicUrl}/video-calls?event=${encodeURIComponent(encodeGlobalID('CalendarEvent', eventId))}`;

const asLocale = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'ru');

function calendarOf(services: Services, locale: string, events: FeedEvent[]) {
  const lang = asLocale(locale);
  const host = new URL(services.config.publicUrl).hostname;
  const calendar = ical({
    name: translate(lang, 'calendar.feedName'),
    prodId: { company: 'LinkUp', product: 'calendar', language: lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const event of events) {
    const url = eventRoomUrl(services, event.id);
    const data: ICalEventData = {
      id: `calendar-event-${event.id}@${host}`,
      start: event.startsAt,
      end: new Date(event.startsAt.getTime() + event.durationMinutes * 60_000),
      stamp: event.updatedAt,
      created: event.createdAt,
      lastModified: event.updatedAt,
      summary: event.title,
      description: event.description ?? undefined,
      location: event.location ?? undefined,
      url,
      organizer: { name: fullName(event.owner), email: event.owner.email },
      attendees: event.participants.map((participant) => ({
        name: fullName(participant.user),
        email: participant.user.email,
        status: PARTSTAT[participant.status],
        rsvp: true,
      })),
      alarms: [
        {
          type: ICalAlarmType.display,
          trigger: REMINDER_SECONDS,
          description: translate(lang, 'calendar.reminder', { title: event.title }),
        },
      ],
    };
    calendar.createEvent(new ConferenceEvent(data, calendar, { url, label: translate(lang, 'calendar.joinRoom') }));
  }
  return calendar.toString();
}

/** The iCalendar feed of a secret, or null when the secret is wrong or the feed is switched off. */
export async function feedIcs(services: Services, token: string): Promise<string | null> {
  const owner = await feedOwner(services, token);
  if (!owner) return null;
  const since = new Date(Date.now() - FEED_HISTORY_DAYS * 24 * 60 * 60 * 1000);
  const events = await services.prisma.calendarEvent.findMany({
    where: { ...feedEventWhere(owner.id), startsAt: { gte: since } },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    take: 1000,
    select: eventSelect,
  });
  return calendarOf(services, owner.locale, events);
}

/** One event as an iCalendar file (the caller checked that the viewer sees it), in the viewer's language. */
export async function eventIcs(services: Services, eventId: number, locale: string): Promise<string> {
  const event = await services.prisma.calendarEvent.findUniqueOrThrow({ where: { id: eventId }, select: eventSelect });
  return calendarOf(services, locale, [event]);
}
