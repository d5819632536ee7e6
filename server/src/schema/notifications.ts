import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import { LOCALES, translate, type LocalizedParam } from '../i18n';
import type { NotificationEvent } from '../realtime/pubsub';
import { storedThenLive } from '../realtime/catchUp';
import { afterId } from './globalIds';
import { NOTIFICATION_KINDS, notificationsAfter } from '../services/notifications';
import { deliverableFrom } from '../services/relations';

const NotificationKind = builder.enumType('NotificationKind', { values: NOTIFICATION_KINDS });

const MESSAGE_KEYS = {
  NEW_SIGN_IN: 'notification.newSignIn',
  FRIEND_REQUEST: 'notification.friendRequest',
  FRIEND_ACCEPTED: 'notification.friendAccepted',
  SUPPORT_REPLY: 'notification.supportReply',
  SUBSCRIPTION_CHANGED: 'notification.subscriptionChanged',
  SUBSCRIPTION_ENDING: 'notification.subscriptionEnding',
  SUBSCRIPTION_EXPIRED: 'notification.subscriptionExpired',
  SUBSCRIPTION_GROUP_ADDED: 'notification.groupPlanAdded',
  SUBSCRIPTION_GROUP_REMOVED: 'notification.groupPlanRemoved',
  CALENDAR_INVITATION: 'notification.calendarInvitation',
  NEW_FOLLOWER: 'notification.newFollower',
  MENTION: 'notification.mention',
  COMMUNITY_JOIN_REQUEST: 'notification.communityJoinRequest',
  COMMUNITY_REQUEST_APPROVED: 'notification.communityRequestApproved',
} as const;

/** The payload's plain values, for the texts that name them ({planName}, {status}...). */
const payloadParams = (event: NotificationEvent) =>
  Object.fromEntries(
    Object.entries(event.payload).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  );

/** The plan's name in every language (payload.planNames), so the text names it in the reader's; older ones kept planName alone. */
const planNameParam = (event: NotificationEvent): { planName?: LocalizedParam } => {
  const names = event.payload.planNames as Partial<LocalizedParam> | null | undefined;
  return names && LOCALES.every((locale) => typeof names[locale] === 'string') ? { planName: names as LocalizedParam } : {};
};

/** The member a notification is about (payload.userId), if any. */
const actorId = (event: NotificationEvent) => (typeof event.payload.userId === 'number' ? event.payload.userId : null);

/** The support message a SUPPORT_REPLY answers (payload.supportMessageId). */
const supportMessageId = (event: NotificationEvent) =>
  typeof event.payload.supportMessageId === 'number' ? event.payload.supportMessageId : null;

const Notification = builder.objectRef<NotificationEvent>('Notification').implement({
  fields: (t) => ({
    id: t.id({ resolve: (event) => encodeGlobalID('Notification', event.id) }),
    kind: t.field({ type: NotificationKind, resolve: (event) => event.kind as (typeof NOTIFICATION_KINDS)[number] }),
    message: t.string({
      resolve: async (event, _args, ctx) => {
        const id = actorId(event);
        const actor = id
          ? await ctx.prisma.user.findUnique({ where: { id }, select: { firstName: true, lastName: true } })
          : null;
        const name = actor ? `${actor.firstName} ${actor.lastName}`.trim() : '';
        return translate(ctx.locale, MESSAGE_KEYS[event.kind as keyof typeof MESSAGE_KEYS] ?? event.kind, {
          ...payloadParams(event),
          ...planNameParam(event),
          name,
        });
      },
    }),
    actor: t.prismaField({
      type: 'User',
      nullable: true,
      description: 'The member the notification is about (who asked to be friends, who accepted...).',
      resolve: (query, event, _args, ctx) => {
        // Built first: the selection is taken even for kinds without an actor (Pothos checks it is used).
        const lookup = { ...query, where: { id: actorId(event) ?? 0 } };
        return lookup.where.id ? ctx.prisma.user.findUnique(lookup) : null;
      },
    }),
    supportMessage: t.prismaField({
      type: 'SupportMessage',
      nullable: true,
      description:
        'SUPPORT_REPLY: the support message answered (null for other kinds, or once the message is gone), so a page ' +
        'showing it can load that message alone again.',
      resolve: (query, event, _args, ctx) => {
        const id = event.kind === 'SUPPORT_REPLY' ? supportMessageId(event) : null;
        // Built first, as the actor's: the selection is taken even for the other kinds.
        const lookup = { ...query, where: { id: id ?? 0 } };
        return lookup.where.id ? ctx.prisma.supportMessage.findUnique(lookup) : null;
      },
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (event) => event.createdAt }),
  }),
});

builder.subscriptionField('notifications', (t) =>
  t.field({
    type: Notification,
    description:
      "The signed-in viewer's notifications as they happen. With `after` (the id of the last one the client has), " +
      'those stored since are delivered first, so a client that reconnects misses nothing and gets nothing twice.',
    ...access('member'),
    args: { after: t.arg.id({ required: false }) },
    subscribe: (_root, args, ctx) => {
      const userId = ctx.viewer!.user.id;
      const deliverable = deliverableFrom(ctx.prisma, userId);
      return storedThenLive(ctx.services.pubsub.subscribe('user:notification', userId), {
        after: afterId(args.after),
        backlog: (lastId) => notificationsAfter(ctx.services, userId, lastId),
        // Nothing about a member a block separates from the viewer (a request sent before the block...).
        accept: (event) => deliverable(actorId(event)),
      });
    },
    resolve: (event) => event,
  }),
);
