import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { graphql } from 'react-relay/hooks';
import type { NotificationsListenerSubscription } from '../../__generated__/NotificationsListenerSubscription.graphql';
import { toaster } from '../../components/ui/toaster';
import { useCatchUpSubscription } from '../../relay/useCatchUpSubscription';
import { publishNotification, type LiveNotification } from './notificationEvents';

const notificationsSubscription = graphql`
  subscription NotificationsListenerSubscription($after: ID) {
    notifications(after: $after) {
      id
      kind
      message
      createdAt
      # Selecting the member's state makes Relay update any open profile of theirs live.
      actor {
        id
        firstName
        lastName
        friendshipStatus
        friendsCount
      }
      # SUPPORT_REPLY: the message answered, which the support page loads again.
      supportMessage {
        id
      }
    }
  }
`;

const NEW_SIGN_IN = msg`В ваш аккаунт выполнен вход с другого устройства`;

/** The client's own text for the kinds it knows; the server's (translated) message otherwise. */
export function notificationText(notification: Pick<LiveNotification, 'kind' | 'message' | 'actor'>): string {
  const name = notification.actor ? `${notification.actor.firstName} ${notification.actor.lastName}`.trim() : '';
  switch (notification.kind) {
    case 'NEW_SIGN_IN':
      return i18n._(NEW_SIGN_IN);
    case 'FRIEND_REQUEST':
      return name ? i18n._(msg`${name} хочет добавить вас в друзья`) : notification.message;
    case 'FRIEND_ACCEPTED':
      return name ? i18n._(msg`Заявка в друзья принята: ${name}`) : notification.message;
    case 'CALENDAR_INVITATION':
      return name ? i18n._(msg`${name} приглашает вас на событие`) : notification.message;
    case 'NEW_FOLLOWER':
      return name ? i18n._(msg`${name} подписался на ваши публикации`) : notification.message;
    case 'MENTION':
      return name ? i18n._(msg`${name} упомянул(а) вас`) : notification.message;
    default:
      return notification.message;
  }
}

const NO_VARIABLES = {};

/**
 * The signed-in viewer's one notifications subscription: each notification is toasted and handed to
 * the page (useNotifications). After a dropped socket it resumes from the last one received, so
 * nothing sent meanwhile is lost. Renders nothing.
 */
export function NotificationsListener() {
  useCatchUpSubscription<NotificationsListenerSubscription, LiveNotification>(
    notificationsSubscription,
    NO_VARIABLES,
    (response) => response.notifications,
    (notification) => {
      toaster.create({ id: notification.id, type: 'info', title: notificationText(notification), closable: true });
      publishNotification(notification);
    },
  );
  return null;
}
