import { useEffect, useEffectEvent } from 'react';
import type { NotificationsListenerSubscription$data } from '../../__generated__/NotificationsListenerSubscription.graphql';

/** A notification of the signed-in viewer as the app frame's one subscription receives it. */
export type LiveNotification = NotificationsListenerSubscription$data['notifications'];

type Listener = (notification: LiveNotification) => void;
const listeners = new Set<Listener>();

/** Hands a received notification to every part of the page that listens (NotificationsListener calls it). */
export function publishNotification(notification: LiveNotification) {
  for (const listener of [...listeners]) listener(notification);
}

/**
 * Calls `listener` with each notification while the component is mounted. Pages react to what
 * concerns them (a new friend request, a member's changed relation) without subscribing again.
 */
export function useNotifications(listener: Listener) {
  // The latest `listener`, without registering again when it changes.
  const forward = useEffectEvent((notification: LiveNotification) => listener(notification));
  useEffect(() => {
    const registered: Listener = (notification) => forward(notification);
    listeners.add(registered);
    return () => {
      listeners.delete(registered);
    };
  }, []);
}
