import { useEffect } from 'react';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { graphql, useMutation } from 'react-relay/hooks';
import { useSearchParams } from 'react-router';
import type { useJoinEventFromLinkMutation } from '../../../__generated__/useJoinEventFromLinkMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import type { CallEngine } from '../call/callEngine';
import type { Quality } from '../call/media';
import { viewerTimeZone } from './calendarTexts';

const openRoomMutation = graphql`
  mutation useJoinEventFromLinkMutation($id: ID!, $timeZone: String) {
    openCalendarEventRoom(id: $id, timeZone: $timeZone) {
      ...mutationError_error @alias(as: "error")
      ... on CalendarRoomPayload {
        room {
          id
          name
        }
      }
    }
  }
`;

/**
 * `/video-calls?event=<id>` (the URL and CONFERENCE link of an event in a calendar application):
 * opens the event's room, or creates it, and joins it.
 */
export function useJoinEventFromLink(engine: CallEngine, quality: Quality) {
  const [params, setParams] = useSearchParams();
  const eventId = params.get('event');
  const [commit] = useMutation<useJoinEventFromLinkMutation>(openRoomMutation);

  useEffect(() => {
    if (!eventId) return;
    setParams({}, { replace: true });
    const fallback = i18n._(msg`Не удалось войти в комнату события`);
    commit({
      variables: { id: eventId, timeZone: viewerTimeZone() },
      onCompleted: ({ openCalendarEventRoom }) => {
        const room = openCalendarEventRoom.room;
        if (openCalendarEventRoom.error || !room) {
          toaster.create({ type: 'error', title: mutationErrorText(openCalendarEventRoom.error, fallback) });
          return;
        }
        void engine.joinRoom({ id: room.id, name: room.name }, quality);
      },
      onError: (error) => {
        toaster.create({ type: 'error', title: asRequestError(error)?.message || fallback });
      },
    });
  }, [eventId, commit, engine, quality, setParams]);
}
