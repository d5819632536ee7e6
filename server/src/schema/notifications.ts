import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { translate } from '../i18n';
import type { NotificationEvent } from '../realtime/pubsub';
import { afterId, storedThenLive } from '../realtime/catchUp';
import { NotAuthenticatedError } from '../services/errors';
import { NOTIFICATION_KINDS, notificationsAfter } from '../services/notifications';

const NotificationKind = builder.enumType('NotificationKind', { values: NOTIFICATION_KINDS });

const MESSAGE_KEYS = { NEW_SIGN_IN: 'notification.newSignIn' } as const;

const Notification = builder.objectRef<NotificationEvent>('Notification').implement({
  fields: (t) => ({
    id: t.id({ resolve: (event) => encodeGlobalID('Notification', event.id) }),
    kind: t.field({ type: NotificationKind, resolve: (event) => event.kind as (typeof NOTIFICATION_KINDS)[number] }),
    message: t.string({
      resolve: (event, _args, ctx) =>
        translate(ctx.locale, MESSAGE_KEYS[event.kind as keyof typeof MESSAGE_KEYS] ?? event.kind),
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
