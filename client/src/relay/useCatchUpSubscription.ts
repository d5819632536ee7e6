import { useEffect, useEffectEvent } from 'react';
import { requestSubscription, useRelayEnvironment } from 'react-relay/hooks';
import type { Disposable, GraphQLSubscriptionConfig, GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { onSocketReconnected } from './environment';

/**
 * A subscription with an `after: ID` argument (stored-then-published on the server): each item is
 * handed over once, and when the socket comes back after a drop it subscribes again from the last
 * id it saw, so nothing sent meanwhile is missed. `itemOf` picks the item (with its `id`) out of a
 * response. Pass `variables: null` to stay unsubscribed.
 *
 * `startAfter` closes the gap between a query and the subscription that keeps it current: the id of
 * the newest item the query loaded, so what is stored after the query ran but before the socket
 * subscribed still arrives. Read once, when the subscription starts: a later value does not
 * subscribe again.
 */
export function useCatchUpSubscription<T extends OperationType, Item extends { id: string }>(
  subscription: GraphQLTaggedNode,
  variables: Omit<T['variables'], 'after'> | null,
  itemOf: (response: T['response']) => Item | null | undefined,
  onItem: (item: Item) => void,
  startAfter: string | null = null,
) {
  const environment = useRelayEnvironment();
  // The latest callbacks, without subscribing again when they change.
  const picked = useEffectEvent((response: T['response']) => itemOf(response));
  const handled = useEffectEvent((item: Item) => onItem(item));
  const initialAfter = useEffectEvent(() => startAfter);
  const key = variables === null ? null : JSON.stringify(variables);

  useEffect(() => {
    if (key === null) return;
    const base = JSON.parse(key) as T['variables'];
    const seen = new Set<string>();
    let lastId: string | null = initialAfter();
    let active: Disposable | null = null;
    const start = () => {
      active?.dispose();
      const config: GraphQLSubscriptionConfig<T> = {
        subscription,
        variables: { ...base, after: lastId },
        onNext: (response) => {
          if (!response) return;
          const item = picked(response);
          if (!item || seen.has(item.id)) return;
          seen.add(item.id);
          lastId = item.id;
          handled(item);
        },
        // The socket reconnects by itself (and then we start again from lastId).
        onError: () => {},
      };
      active = requestSubscription<T>(environment, config);
    };
    start();
    const stopListening = onSocketReconnected(start);
    return () => {
      stopListening();
      active?.dispose();
    };
  }, [environment, subscription, key]);
}
