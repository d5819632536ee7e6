import { useEffect, useRef } from 'react';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay/hooks';
import { useSearchParams } from 'react-router';
import type { useAnswerFromLinkQuery } from '../../../__generated__/useAnswerFromLinkQuery.graphql';
import { toaster } from '../../../components/ui/toaster';
import type { CallEngine } from './callEngine';

const pendingCallQuery = graphql`
  query useAnswerFromLinkQuery($roomId: ID!) {
    pendingCall(roomId: $roomId) {
      roomId
      media
      caller {
        id
        databaseId
        fullName
      }
    }
  }
`;

/**
 * `/video-calls?answer=<room>` (the action of an incoming-call notice elsewhere in the app): offers
 * that call here if it is still ringing.
 */
export function useAnswerFromLink(engine: CallEngine) {
  const environment = useRelayEnvironment();
  const [params, setParams] = useSearchParams();
  const roomId = params.get('answer');
  // Clearing `?answer=` re-renders with no room: the lookup it started must go on regardless,
  // so it is kept here and only stopped when the page goes away.
  const lookup = useRef<{ unsubscribe(): void } | null>(null);
  useEffect(() => () => lookup.current?.unsubscribe(), []);

  useEffect(() => {
    if (!roomId) return;
    setParams({}, { replace: true });
    lookup.current?.unsubscribe();
    lookup.current = fetchQuery<useAnswerFromLinkQuery>(
      environment,
      pendingCallQuery,
      { roomId },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: ({ pendingCall }) => {
        if (!pendingCall) {
          toaster.create({ type: 'info', title: i18n._(msg`Звонок уже завершён`) });
          return;
        }
        const { caller } = pendingCall;
        engine.handleEvent({
          kind: 'CALL_INVITE',
          roomId: pendingCall.roomId,
          payload: { media: pendingCall.media === 'AUDIO' ? 'audio' : 'video' },
          sender: { userId: caller.databaseId, globalId: caller.id, name: caller.fullName, muted: false, cameraOff: false },
        });
      },
    });
  }, [roomId, environment, engine, setParams]);
}
