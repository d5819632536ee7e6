import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useCalendarLiveSubscription } from '../../../__generated__/useCalendarLiveSubscription.graphql';
import { appendToRootList, removeFromRootList, type RootList } from '../../../relay/rootList';

const changesSubscription = graphql`
  subscription useCalendarLiveSubscription {
    calendarEventChanged {
      eventId
      event {
        id
        startsAt
        ...CalendarEventRow_event
      }
    }
  }
`;

/**
 * Keeps the calendar panel live: an event its organiser changes comes back with its new fields
 * (Relay updates its row), one they create for the viewer joins the list, and one deleted, or that
 * the viewer was taken off, leaves it. `after`: the list's root field argument (CalendarTab).
 */
export function useCalendarLive(after: string) {
  const config = useMemo<GraphQLSubscriptionConfig<useCalendarLiveSubscription>>(
    () => ({
      subscription: changesSubscription,
      variables: {},
      onError: () => {},
      updater: (store) => {
        const change = store.getRootField('calendarEventChanged');
        if (!change) return;
        const event = change.getLinkedRecord('event');
        const list: RootList = { field: 'calendarEvents', args: { after } };
        if (event) appendToRootList(store, list, event);
        else removeFromRootList(store, list, String(change.getValue('eventId')));
      },
    }),
    [after],
  );
  useSubscription(config);
}
