import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CalendarEvent, Prisma } from '../generated/prisma/client';
import type { Services } from './container';
import { ForbiddenError, NotFoundError, ValidationError } from './errors';
import { rules } from './validation';
import { contactIds } from './relations';
import { accessibleRoom, closeRooms, createRoom } from './rooms';
import { notify } from './notifications';

/** Spec section 9: the durations (minutes) and kinds of a calendar event; the first is not the default. */
export const CALENDAR_DURATIONS = [30, 60, 90, 120] as const;
export const CALENDAR_EVENT_TYPES = ['meeting', 'presentation', 'task', 'reminder'] as const;
export const DEFAULT_DURATION = 60;
/** Spec section 5: no time means 12:00. */
export const DEFAULT_TIME = '12:00';

/** An IANA time zone the server knows (Intl throws a RangeError for any other). */
export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const zoneParts = (instant: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
};

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) of an instant in a time zone. */
export const localDateTime = (instant: Date, timeZone = 'UTC') => zoneParts(instant, timeZone);

/** The UTC instant of a wall-clock date and time in a time zone (two passes settle a DST change). */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let guess = wall;
  for (let pass = 0; pass < 2; pass++) {
    const shown = zoneParts(new Date(guess), timeZone);
    guess += wall - Date.parse(`${shown.date}T${shown.time}:00Z`);
  }
  return new Date(guess);
}

const isRealDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
};

/**
 * The years an event may fall in. Before 1000 the time zone arithmetic (Intl's unpadded years) gave
 * no date at all, a 500; after 9999 the end's year has five digits, which iCalendar cannot write.
 */
export const CALENDAR_YEARS = { first: 1900, last: 2999 } as const;
const inCalendarYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= CALENDAR_YEARS.first && year <= CALENDAR_YEARS.last;
};

const eventFields = {
  title: rules.requiredText(200, 'calendar.title'),
  description: rules.optionalText(2000),
  date: z
    .string()
    .trim()
    // One text per wrong date: a malformed one is not also told it is out of range.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'calendar.date', abort: true })
    .refine(isRealDate, { message: 'calendar.date', abort: true })
    .refine(inCalendarYears, 'calendar.dateRange')
    .nullish(),
  time: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'calendar.time')
    .nullish(),
  timeZone: z.string().trim().max(64).refine(isTimeZone, 'calendar.timeZone').nullish(),
  durationMinutes: z
    .number()
    .refine((value) => (CALENDAR_DURATIONS as readonly number[]).includes(value), 'calendar.duration')
    .nullish(),
  type: z.enum(CALENDAR_EVENT_TYPES, 'calendar.type').nullish(),
  location: rules.optionalText(200),
};

/** A new event: title required; no date means today, no time 12:00 (in `timeZone`, UTC when left out). */
export const createEventInput = z.object(eventFields);
/** A change: only what is given changes. */
export const updateEventInput = z.object({ ...eventFields, title: eventFields.title.nullish() });

type EventChoices = { roomId?: number | null; participantIds?: number[] | null };
type CreateInput = z.output<typeof createEventInput> & EventChoices;
type UpdateInput = z.output<typeof updateEventInput> & EventChoices;

/** Events `userId` sees: their own and those they are invited to (declined ones too, so they can change their mind). */
export const visibleEventWhere = (userId: number): Prisma.CalendarEventWhereInput => ({
  OR: [{ ownerId: userId }, { participants: { some: { userId } } }],
});

/** Events of `userId`'s calendar feed: their own and the invitations they accepted. */
export const feedEventWhere = (userId: number): Prisma.CalendarEventWhereInput => ({
  OR: [{ ownerId: userId }, { participants: { some: { userId, status: 'accepted' } } }],
});

async function checkedParticipants(services: Services, ownerId: number, ids: number[]) {
  const unique = [...new Set(ids)].filter((id) => id !== ownerId);
  if (unique.length === 0) return unique;
  const contacts = new Set(await contactIds(services.prisma, ownerId));
  if (unique.some((id) => !contacts.has(id))) {
    throw new ValidationError([{ path: ['participantIds'], messageKey: 'calendar.participantNotContact' }]);
  }
  return unique;
}

/** The room an event points at, if the organiser may enter it; its name becomes the location when none is given. */
async function checkedRoom(services: Services, ownerId: number, roomId: number | null | undefined) {
  if (roomId == null) return null;
  return accessibleRoom(services, ownerId, roomId);
}

/** Who has the event in their calendar now: its organiser and everyone invited. */
async function eventPeople(services: Services, eventId: number): Promise<number[]> {
  const event = await services.prisma.calendarEvent.findUnique({
    where: { id: eventId },
    select: { ownerId: true, participants: { select: { userId: true } } },
  });
  return event ? [event.ownerId, ...event.participants.map((row) => row.userId)] : [];
}

/**
 * Tells the open calendars of `userIds` that the event was created, changed or deleted (or that they
 * were taken off it): each reads it again as they may see it (schema/calendar.ts calendarEventChanged).
 */
function publishChange(services: Services, eventId: number, userIds: number[]) {
  for (const userId of new Set(userIds)) services.pubsub.publish('user:calendar', userId, { eventId });
}

async function invite(services: Services, ownerId: number, eventId: number, userIds: number[]) {
  for (const userId of userIds) await notify(services, userId, 'CALENDAR_INVITATION', { userId: ownerId, eventId });
}

export async function createEvent(services: Services, ownerId: number, input: CreateInput) {
  const timeZone = input.timeZone ?? 'UTC';
  const date = input.date ?? localDateTime(new Date(), timeZone).date;
  const startsAt = zonedToUtc(date, input.time ?? DEFAULT_TIME, timeZone);
  const participants = await checkedParticipants(services, ownerId, input.participantIds ?? []);
  const room = await checkedRoom(services, ownerId, input.roomId);
  const event = await services.prisma.calendarEvent.create({
    data: {
      ownerId,
      title: input.title,
      description: input.description ?? null,
      startsAt,
      durationMinutes: input.durationMinutes ?? DEFAULT_DURATION,
      type: input.type ?? 'meeting',
      location: input.location ?? room?.name ?? null,
      roomId: room?.id ?? null,
      participants: { create: participants.map((userId) => ({ userId })) },
    },
  });
  await invite(services, ownerId, event.id, participants);
  publishChange(services, event.id, [ownerId, ...participants]);
  return event;
}

/** The event if `userId` may see it; anything else is "not found" (its existence is not told). */
export async function visibleEvent(services: Services, userId: number, eventId: number): Promise<CalendarEvent> {
  const event = await services.prisma.calendarEvent.findFirst({ where: { id: eventId, ...visibleEventWhere(userId) } });
  if (!event) throw new NotFoundError('calendar.eventNotFound');
  return event;
}

async function ownEvent(services: Services, userId: number, eventId: number) {
  const event = await visibleEvent(services, userId, eventId);
  if (event.ownerId !== userId) throw new ForbiddenError('calendar.organiserOnly');
  return event;
}

/** Only the organiser changes an event; newly invited people are notified, removed ones lose it. */
export async function updateEvent(services: Services, userId: number, eventId: number, input: UpdateInput) {
  const event = await ownEvent(services, userId, eventId);
  const data: Prisma.CalendarEventUpdateInput = {};
  if (input.title != null) data.title = input.title;
  if (input.description !== undefined) data.description = input.description;
  if (input.durationMinutes != null) data.durationMinutes = input.durationMinutes;
  if (input.type != null) data.type = input.type;
  if (input.location !== undefined) data.location = input.location;
  if (input.date != null || input.time != null) {
    const timeZone = input.timeZone ?? 'UTC';
    const current = localDateTime(event.startsAt, timeZone);
    data.startsAt = zonedToUtc(input.date ?? current.date, input.time ?? current.time, timeZone);
  }
  if (input.roomId !== undefined) {
    const room = await checkedRoom(services, userId, input.roomId);
    data.room = room ? { connect: { id: room.id } } : { disconnect: true };
    if (room && input.location === undefined) data.location = room.name;
  }
  let added: number[] = [];
  // Whoever had it before hears of the change too: someone taken off the invitees loses it.
  const before = await eventPeople(services, eventId);
  if (input.participantIds != null) {
    const wanted = await checkedParticipants(services, userId, input.participantIds);
    const present = await services.prisma.calendarEventParticipant.findMany({ where: { eventId }, select: { userId: true } });
    const had = new Set(present.map((row) => row.userId));
    added = wanted.filter((id) => !had.has(id));
    data.participants = {
      deleteMany: { userId: { notIn: wanted } },
      create: added.map((id) => ({ userId: id })),
    };
  }
  const updated = await services.prisma.calendarEvent.update({ where: { id: eventId }, data });
  await invite(services, userId, eventId, added);
  publishChange(services, eventId, [...before, ...added]);
  return updated;
}

export async function deleteEvent(services: Services, userId: number, eventId: number) {
  await ownEvent(services, userId, eventId);
  const people = await eventPeople(services, eventId);
  await services.prisma.calendarEvent.delete({ where: { id: eventId } });
  publishChange(services, eventId, people);
}

/** An invited member accepts or declines (and may change their mind). */
export async function respondToInvitation(services: Services, userId: number, eventId: number, accept: boolean) {
  const event = await visibleEvent(services, userId, eventId);
  const updated = await services.prisma.calendarEventParticipant.updateMany({
    where: { eventId, userId },
    data: { status: accept ? 'accepted' : 'declined', respondedAt: new Date() },
  });
  if (updated.count === 0) throw new ForbiddenError('calendar.notInvited');
  publishChange(services, eventId, await eventPeople(services, eventId));
  return event;
}

/**
 * Spec section 7: joining opens the event's room, or creates a group room named
 * "title - date time" for the participants plus the organiser and remembers it on the event.
 */
export async function roomOfEvent(services: Services, userId: number, eventId: number, timeZone = 'UTC') {
  const event = await visibleEvent(services, userId, eventId);
  if (event.roomId != null) {
    const open = await services.prisma.room.findFirst({ where: { id: event.roomId, isActive: true } });
    if (open) return accessibleRoom(services, userId, open.id);
  }
  const people = await services.prisma.calendarEventParticipant.count({ where: { eventId } });
  const when = localDateTime(event.startsAt, isTimeZone(timeZone) ? timeZone : 'UTC');
  const room = await createRoom(services, userId, {
    name: `${event.title} - ${when.date} ${when.time}`.slice(0, 200),
    type: 'group',
    maxParticipants: Math.min(100, Math.max(2, people + 1)),
  });
  const claimed = await services.prisma.calendarEvent.updateMany({
    where: { id: eventId, OR: [{ roomId: null }, { roomId: event.roomId, room: { isActive: false } }] },
    data: { roomId: room.id },
  });
  if (claimed.count === 1) {
    publishChange(services, eventId, await eventPeople(services, eventId));
    return room;
  }
  // Someone else opened the event's room at the same moment: theirs is the one.
  await closeRooms(services, [room.id]);
  return roomOfEvent(services, userId, eventId, timeZone);
}

const newFeedToken = () => randomBytes(24).toString('base64url');

/** The member's feed switch and secret (made when first needed). */
export async function feedSettings(services: Services, userId: number) {
  return services.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { calendarFeedEnabled: true, calendarFeedToken: true },
  });
}

/** The sync toggle: on makes sure a secret exists; off makes the feed URL answer 404. */
export async function setFeedEnabled(services: Services, userId: number, enabled: boolean) {
  const current = await feedSettings(services, userId);
  return services.prisma.user.update({
    where: { id: userId },
    data: { calendarFeedEnabled: enabled, calendarFeedToken: current.calendarFeedToken ?? newFeedToken() },
    select: { calendarFeedEnabled: true, calendarFeedToken: true },
  });
}

/** A new secret: the old feed URL stops answering. Asking for a new URL turns the feed on. */
export async function regenerateFeedToken(services: Services, userId: number) {
  return services.prisma.user.update({
    where: { id: userId },
    data: { calendarFeedEnabled: true, calendarFeedToken: newFeedToken() },
    select: { calendarFeedEnabled: true, calendarFeedToken: true },
  });
}

/** The member a feed secret belongs to, when the feed is on; null for a wrong or switched-off one. */
export async function feedOwner(services: Services, token: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  return services.prisma.user.findFirst({
    where: { calendarFeedToken: token, calendarFeedEnabled: true, isActive: true },
    select: { id: true, firstName: true, lastName: true, locale: true },
  });
}

export const feedPath = (token: string) => `/api/zoomvisor/calendar/feed/${token}.ics`;
