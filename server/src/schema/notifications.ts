import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { translate } from '../i18n';
import type { NotificationEvent } from '../realtime/pubsub';
import { afterId, storedThenLive } from '../realtime/catchUp';
import { NotAuthenticatedError } from '../services/errors';
import { NOTIFICATION_KINDS, notificationsAfter } from '../services/notifications';

const NotificationKind = builder.enumType('NotificationKind', { values: NOTIFICATION_KINDS });

const MESSAGE_KEYS = {
  NEW_SIGN_IN: 'notification.newSignIn',
  FRIEND_REQUEST: 'notification.friendRequest',
  FRIEND_ACCEPTED: 'notification.friendAccepted',
} as const;

/** The member a notification is about (payload.userId), if any. */
const actorId = (event: NotificationEvent) =>
  typeof event.payload.userId === 'number' ? event.payload.userId : null;

const Notification = builder.objectRef<NotificationEvent>('Notification').implement({
  fields: (t) => ({
    id: t.id({ resolve: (event) => encodeGlobalID('Notification', event.id) }),
    kind: t.field({ type: NotificationKind, resolve: (event) => event.kind as (typeof NOTIFICATION_KINDS)[number] }),
    message: t.string({
      resolve: async (event, _args, ctx) => {
        const id = actorId(event);
        const actor = id ? await ctx.prisma.user.findUnique({ where: { id }, select: { firstName: true, lastName: true } }) : null;
        const name = actor ? `${actor.firstName} ${actor.lastName}`.trim() : '';
        return translate(ctx.locale, MESSAGE_KEYS[event.kind as keyof typeof MESSAGE_KEYS] ?? event.kind, { name });
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
    createdAt: t.field({ type: 'DateTime', resolve: (event) => event.createdAt }),
  }),
});

builder.subscriptionField('notifications', (t) =>
  t.field({
    type: Notification,
    description:
      "The signed-in viewer's notifications as they happen. With `after` (the id of the last one the client has), " +
      'those stored since are delivered first, so a client that reconnects misses nothing and gets nothing twice.',
    authScopes: { loggedIn: true },
    args: { after: t.arg.id({ required: false }) },
    subscribe: (_root, args, ctx) => {
      // Scope checks guard resolve, not subscribe: refuse here before anything is read.
      if (!ctx.viewer) throw new NotAuthenticatedError();
      const userId = ctx.viewer.user.id;
      return storedThenLive(ctx.services.pubsub.subscribe('user:notification', userId), {
        after: afterId(args.after),
        backlog: (lastId) => notificationsAfter(ctx.services, userId, lastId),
      });
    },
    resolve: (event) => event,
  }),
);
