import { useMemo } from 'react'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { graphql, useSubscription } from 'react-relay/hooks'
import type { GraphQLSubscriptionConfig } from 'relay-runtime'
import type {
  NotificationsListenerSubscription,
  NotificationsListenerSubscription$data,
} from '../../__generated__/NotificationsListenerSubscription.graphql'
import { toaster } from '../../components/ui/toaster'

const notificationsSubscription = graphql`
  subscription NotificationsListenerSubscription {
    notifications {
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
    }
  }
`

type Notification = NotificationsListenerSubscription$data['notifications']

const NEW_SIGN_IN = msg`В ваш аккаунт выполнен вход с другого устройства`

/** The client's own text for the kinds it knows; the server's (translated) message otherwise. */
export function notificationText(notification: Pick<Notification, 'kind' | 'message' | 'actor'>): string {
  const name = notification.actor ? `${notification.actor.firstName} ${notification.actor.lastName}`.trim() : ''
  switch (notification.kind) {
    case 'NEW_SIGN_IN':
      return i18n._(NEW_SIGN_IN)
    case 'FRIEND_REQUEST':
      return name ? i18n._(msg`${name} хочет добавить вас в друзья`) : notification.message
    case 'FRIEND_ACCEPTED':
      return name ? i18n._(msg`Заявка в друзья принята: ${name}`) : notification.message
    default:
      return notification.message
  }
}

/** Shows each notification of the signed-in viewer as a toast; renders nothing. */
export function NotificationsListener() {
  const config = useMemo<GraphQLSubscriptionConfig<NotificationsListenerSubscription>>(
    () => ({
      subscription: notificationsSubscription,
      variables: {},
      onNext: (response) => {
        if (!response) return
        toaster.create({
          id: response.notifications.id,
          type: 'info',
          title: notificationText(response.notifications),
          closable: true,
        })
      },
      // The socket reconnects by itself; a failed subscription must not break the page.
      onError: () => {},
    }),
    [],
  )

  useSubscription(config)
  return null
}
