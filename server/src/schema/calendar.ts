import { z } from 'zod';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import type { CalendarEvent } from '../generated/prisma/client';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import * as calendar from '../services/calendar';
import { LimitReachedError, RateLimitError, ValidationError } from '../services/errors';
import { eventIcs, feedIcs } from '../services/calendarFeed';
import { databaseIdOf } from './globalIds';
import { deletedResult } from './errors';

const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;

const CalendarEventTypeEnum = builder.enumType('CalendarEventType', {
  values: {
    MEETING: { value: 'meeting' },
    PRESENTATION: { value: 'presentation' },
    TASK: { value: 'task' },
    REMINDER: { value: 'reminder' },
  } as const,
});

const InvitationStatusEnum = builder.enumType('CalendarInvitationStatus', {
  values: { PENDING: { value: 'pending' }, ACCEPTED: { value: 'accepted' }, DECLINED: { value: 'declined' } } as const,
});

builder.prismaObject('CalendarEventParticipant', {
  description: 'An invited member and their answer.',
  fields: (t) => ({
    user: t.relation('user'),
    status: t.expose('status', { type: InvitationStatusEnum }),
  }),
});

export const CalendarEventNode = builder.prismaNode('CalendarEvent', {
  id: { field: 'id' },
  nullable: true,
  // Only the organiser and the invited see an event.
  findUnique: (id, ctx) => ({ ...calendar.visibleEventWhere(viewerId(ctx)), id: Number(id) }),
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    startsAt: t.expose('startsAt', {
      type: 'DateTime',
      description: 'The start (UTC); clients show it in the member’s time zone.',
    }),
    endsAt: t.field({
      type: 'DateTime',
      select: { startsAt: true, durationMinutes: true },
      resolve: (event) => new Date(event.startsAt.getTime() + event.durationMinutes * 60_000),
    }),
    durationMinutes: t.exposeInt('durationMinutes'),
    type: t.expose('type', { type: CalendarEventTypeEnum }),
    location: t.exposeString('location', { nullable: true }),
    room: t.relation('room', { nullable: true, query: { where: { isActive: true } } }),
    organizer: t.relation('owner'),
    participants: t.relation('participants', { query: { orderBy: { id: 'asc' } } }),
    viewerIsOrganizer: t.boolean({
      extensions: PER_VIEWER,
      select: { ownerId: true },
      resolve: (event, _args, ctx) => event.ownerId === viewerId(ctx),
    }),
    viewerStatus: t.field({
      type: InvitationStatusEnum,
      nullable: true,
      description: 'The viewer’s answer to the invitation; null for the organiser.',
      extensions: PER_VIEWER,
      select: (_args, ctx) => ({ participants: { where: { userId: viewerId(ctx) }, select: { status: true } } }),
      resolve: (event) => event.participants[0]?.status ?? null,
    }),
  }),
});

builder.queryField('calendarEvents', (t) =>
  t.prismaField({
    type: ['CalendarEvent'],
    description:
      'The viewer’s events (their own and those they are invited to) that end after `after` ' +
      '(the start of today in UTC when left out), earliest first.',
    ...access('member'),
    args: { after: t.arg({ type: 'DateTime' }) },
    resolve: (query, _root, args, ctx) => {
      const now = new Date();
      const after = args.after ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      // An event lasts at most 120 minutes: anything starting two hours before `after` may still be on.
      return ctx.prisma.calendarEvent.findMany({
        ...query,
        where: { ...calendar.visibleEventWhere(viewerId(ctx)), startsAt: { gte: new Date(after.getTime() - 120 * 60_000) } },
        orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
        take: 500,
      });
    },
  }),
);

const CalendarEventChangeRef = builder
  .objectRef<{ eventId: number; event: CalendarEvent | null }>('CalendarEventChange')
  .implement({
    description: 'An event of the viewer’s calendar as it is now, or gone from it.',
    fields: (t) => ({
      eventId: t.id({ resolve: (change) => encodeGlobalID('CalendarEvent', change.eventId) }),
      event: t.field({
        type: CalendarEventNode,
        nullable: true,
        description: 'Null when the viewer no longer sees it: deleted, or they were taken off its invitees.',
        resolve: (change) => change.event,
      }),
    }),
  });

builder.subscriptionField('calendarEventChanged', (t) =>
  t.field({
    type: CalendarEventChangeRef,
    description:
      'The viewer’s events as their organiser creates, changes or deletes them, and as the invited answer: ' +
      'only the organiser and the invited hear of an event, each as they may see it now.',
    ...access('member'),
    subscribe: (_root, _args, ctx) => ctx.services.pubsub.subscribe('user:calendar', viewerId(ctx)),
    resolve: async ({ eventId }, _args, ctx) => ({
      eventId,
      event: await ctx.prisma.calendarEvent.findFirst({ where: { id: eventId, ...calendar.visibleEventWhere(viewerId(ctx)) } }),
    }),
  }),
);

type FeedShape = { calendarFeedEnabled: boolean; calendarFeedToken: string | null };

const CalendarFeedRef = builder.objectRef<FeedShape>('CalendarFeed').implement({
  description: 'The viewer’s iCalendar subscription: a secret URL calendar applications poll.',
  fields: (t) => ({
    enabled: t.exposeBoolean('calendarFeedEnabled'),
    url: t.string({
      nullable: true,
      description: 'https URL of the feed; null while the feed is off.',
      resolve: (feed, _args, ctx) =>
        feed.calendarFeedEnabled && feed.calendarFeedToken
          ? `${ctx.services.config.publicUrl}${calendar.feedPath(feed.calendarFeedToken)}`
          : null,
    }),
    webcalUrl: t.string({
      nullable: true,
      description: 'The same URL with the webcal scheme (opens the calendar application).',
      resolve: (feed, _args, ctx) =>
        feed.calendarFeedEnabled && feed.calendarFeedToken
          ? `${ctx.services.config.publicUrl.replace(/^https?:/, 'webcal:')}${calendar.feedPath(feed.calendarFeedToken)}`
          : null,
    }),
  }),
});

builder.queryFields((t) => ({
  calendarFeed: t.field({
    type: CalendarFeedRef,
    ...access('member', PER_VIEWER),
    resolve: (_root, _args, ctx) => calendar.feedSettings(ctx.services, viewerId(ctx)),
  }),
  calendarFeedIcs: t.string({
    nullable: true,
    description: 'The iCalendar text of a feed, by its secret (the feed URL runs this); null for a wrong or switched-off secret.',
    ...access('anonymous'),
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => feedIcs(ctx.services, args.token),
  }),
  calendarEventIcs: t.string({
    nullable: true,
    description: 'One event the viewer sees as an iCalendar file; null when they do not see it.',
    ...access('member'),
    args: { id: t.arg.globalID({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const id = databaseIdOf(args.id, 'CalendarEvent', 'calendar.eventNotFound');
      const event = await ctx.prisma.calendarEvent.findFirst({ where: { id, ...calendar.visibleEventWhere(viewerId(ctx)) } });
      return event ? eventIcs(ctx.services, event.id, ctx.locale) : null;
    },
  }),
}));

const CalendarEventInput = builder.inputType('CalendarEventInput', {
  fields: (t) => ({
    title: t.string({ description: 'Required when creating.' }),
    description: t.string(),
    date: t.string({ description: 'YYYY-MM-DD in `timeZone`; today when left out.' }),
    time: t.string({ description: 'HH:MM in `timeZone`; 12:00 when left out.' }),
    timeZone: t.string({ description: 'IANA time zone of `date` and `time` (the member’s); UTC when left out.' }),
    durationMinutes: t.int({ description: '30, 60 (default), 90 or 120.' }),
    type: t.string({ description: 'meeting (default), presentation, task or reminder.' }),
    location: t.string({ description: 'A place; the room’s name when a room is chosen and no place given.' }),
    roomId: t.id({ description: 'A room the organiser may enter; null takes the room away.' }),
    participantIds: t.idList({ description: 'Members to invite: contacts of the organiser only.' }),
  }),
});

const choices = {
  type: z.string().trim().toLowerCase().pipe(z.enum(calendar.CALENDAR_EVENT_TYPES, 'calendar.type')).nullish(),
  roomId: z.string().nullish(),
  participantIds: z.array(z.string()).max(100, 'calendar.tooManyParticipants').nullish(),
};
const createSchema = calendar.createEventInput.extend(choices);
const updateSchema = calendar.updateEventInput.extend(choices);

/** Ids from the client: a room id that names nothing is "room not found"; a participant one is no contact. */
function decodedChoices(input: { roomId?: string | null; participantIds?: string[] | null }) {
  const roomId =
    input.roomId === undefined ? undefined : input.roomId ? databaseIdOf(input.roomId, 'Room', 'meeting.roomNotFound') : null;
  const participantIds = input.participantIds?.map((id) => {
    try {
      return databaseIdOf(id, 'User');
    } catch {
      throw new ValidationError([{ path: ['participantIds'], messageKey: 'calendar.participantNotContact' }]);
    }
  });
  return { roomId, participantIds };
}

const CalendarEventPayload = builder.objectRef<{ event: CalendarEvent }>('CalendarEventPayload').implement({
  fields: (t) => ({ event: t.field({ type: CalendarEventNode, resolve: (payload) => payload.event }) }),
});

const CalendarFeedPayload = builder.objectRef<FeedShape>('CalendarFeedPayload').implement({
  fields: (t) => ({ feed: t.field({ type: CalendarFeedRef, resolve: (feed) => feed }) }),
});

const CalendarRoomPayload = builder.objectRef<{ roomId: number }>('CalendarRoomPayload').implement({
  fields: (t) => ({
    room: t.prismaField({
      type: 'Room',
      resolve: (query, payload, _args, ctx) => ctx.prisma.room.findUniqueOrThrow({ ...query, where: { id: payload.roomId } }),
    }),
  }),
});

const DeleteCalendarEventSuccess = deletedResult('DeleteCalendarEventSuccess');

builder.mutationFields((t) => {
  const eventId = () => t.arg.globalID({ required: true });
  const idOf = (arg: { typename: string; id: string }) => databaseIdOf(arg, 'CalendarEvent', 'calendar.eventNotFound');
  return {
    createCalendarEvent: t.field({
      type: CalendarEventPayload,
      description: 'An event organised by the viewer; the invited (contacts only) are notified.',
      ...access('member'),
      args: { input: t.arg({ type: CalendarEventInput, required: true, validate: { schema: createSchema } }) },
      errors: { directResult: true, union: { name: 'CreateCalendarEventResult' } },
      resolve: async (_root, args, ctx) => {
        const input = args.input as z.output<typeof createSchema>;
        return { event: await calendar.createEvent(ctx.services, viewerId(ctx), { ...input, ...decodedChoices(input) }) };
      },
    }),
    updateCalendarEvent: t.field({
      type: CalendarEventPayload,
      description: 'Changes an event: only its organiser may (others are refused with ForbiddenError).',
      ...access('owner'),
      args: { id: eventId(), input: t.arg({ type: CalendarEventInput, required: true, validate: { schema: updateSchema } }) },
      errors: { directResult: true, union: { name: 'UpdateCalendarEventResult' } },
      resolve: async (_root, args, ctx) => {
        const input = args.input as z.output<typeof updateSchema>;
        return {
          event: await calendar.updateEvent(ctx.services, viewerId(ctx), idOf(args.id), { ...input, ...decodedChoices(input) }),
        };
      },
    }),
    deleteCalendarEvent: t.field({
      type: DeleteCalendarEventSuccess,
      description: 'Deletes an event: only its organiser may.',
      ...access('owner'),
      args: { id: eventId() },
      errors: { directResult: true, union: { name: 'DeleteCalendarEventResult' } },
      resolve: async (_root, args, ctx) => {
        await calendar.deleteEvent(ctx.services, viewerId(ctx), idOf(args.id));
        return { deletedId: encodeGlobalID('CalendarEvent', args.id.id) };
      },
    }),
    respondToCalendarInvitation: t.field({
      type: CalendarEventPayload,
      description: 'The invited viewer accepts or declines; accepted events join their calendar feed.',
      ...access('owner'),
      args: { id: eventId(), accept: t.arg.boolean({ required: true }) },
      errors: { directResult: true, union: { name: 'RespondToCalendarInvitationResult' } },
      resolve: async (_root, args, ctx) => ({
        event: await calendar.respondToInvitation(ctx.services, viewerId(ctx), idOf(args.id), args.accept),
      }),
    }),
    openCalendarEventRoom: t.field({
      type: CalendarRoomPayload,
      description:
        'The room to join for an event: its room, or a new group room "title - date time" (in `timeZone`) ' +
        'for the participants and the organiser, kept on the event for the others.',
      ...access('owner'),
      args: { id: eventId(), timeZone: t.arg.string() },
      errors: { types: [LimitReachedError, RateLimitError], directResult: true, union: { name: 'OpenCalendarEventRoomResult' } },
      resolve: async (_root, args, ctx) => {
        const room = await calendar.roomOfEvent(ctx.services, viewerId(ctx), idOf(args.id), args.timeZone ?? 'UTC');
        return { roomId: room.id };
      },
    }),
    setCalendarFeedEnabled: t.field({
      type: CalendarFeedPayload,
      description: 'The calendar-sync toggle: on, the feed URL answers; off, it answers 404.',
      ...access('member'),
      args: { enabled: t.arg.boolean({ required: true }) },
      errors: { directResult: true, union: { name: 'SetCalendarFeedEnabledResult' } },
      resolve: (_root, args, ctx) => calendar.setFeedEnabled(ctx.services, viewerId(ctx), args.enabled),
    }),
    regenerateCalendarFeed: t.field({
      type: CalendarFeedPayload,
      description: 'A new secret feed URL (the feed is switched on); the old URL stops answering.',
      ...access('member'),
      errors: { directResult: true, union: { name: 'RegenerateCalendarFeedResult' } },
      resolve: (_root, _args, ctx) => calendar.regenerateFeedToken(ctx.services, viewerId(ctx)),
    }),
  };
});
