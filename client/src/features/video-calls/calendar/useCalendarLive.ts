import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useCalendarLiveSubscription } from '../../../__generated__/useCalendarLiveSubscription.graphql';
import { removeFromRootList } from '../../../relay/rootList';

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
        const list = { field: 'calendarEvents', args: { after } };
        if (!event) {
          removeFromRootList(store, list, String(change.getValue('eventId')));
          return;
        }
        const root = store.getRoot();
        const shown = root.getLinkedRecords(list.field, list.args);
        if (shown && !shown.some((record) => record?.getDataID() === event.getDataID())) {
          root.setLinkedRecords([...shown, event], list.field, list.args);
        }
      },
    }),
    [after],
  );
  useSubscription(config);
}
