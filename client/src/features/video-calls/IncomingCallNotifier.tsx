import { useLingui } from '@lingui/react/macro';
import { graphql } from 'react-relay/hooks';
import { useLocation, useNavigate } from 'react-router';
import type { IncomingCallNotifierSubscription } from '../../__generated__/IncomingCallNotifierSubscription.graphql';
import { toaster } from '../../components/ui/toaster';
import { useCatchUpSubscription } from '../../relay/useCatchUpSubscription';

const incomingCallsSubscription = graphql`
  subscription IncomingCallNotifierSubscription($after: ID) {
    incomingCalls(after: $after) {
      id
      kind
      roomId
      payload
      sender {
        fullName
      }
    }
  }
`;

const mediaOf = (payload: string): unknown => {
  try {
    return (JSON.parse(payload) as { media?: unknown }).media;
  } catch {
    return undefined;
  }
};

/** How long an incoming call is offered outside the meeting area (the caller rings 45 s). */
const RING_MS = 45_000;

/**
 * On every signed-in page but the meeting area (which answers calls itself): a contact calling
 * shows as a notice whose action opens the meeting area on that call.
 */
export function IncomingCallNotifier() {
  const { pathname } = useLocation();
  const onMeetingPage = pathname === '/video-calls';
  return onMeetingPage ? null : <Notifier />;
}

function Notifier() {
  const { t } = useLingui();
  const navigate = useNavigate();
  useCatchUpSubscription<IncomingCallNotifierSubscription, IncomingCallNotifierSubscription['response']['incomingCalls']>(
    incomingCallsSubscription,
    {},
    (response) => response.incomingCalls,
    (event) => {
      const roomId = event.roomId;
      if (!roomId) return;
      const id = `call-${roomId}`;
      if (event.kind === 'CALL_ENDED') {
        toaster.dismiss(id);
        return;
      }
      const caller = event.sender.fullName;
      const audio = mediaOf(event.payload) === 'audio';
      toaster.create({
        id,
        type: 'info',
        title: audio ? t`Входящий аудиозвонок: ${caller}` : t`Входящий видеозвонок: ${caller}`,
        duration: RING_MS,
        closable: true,
        action: { label: t`Ответить`, onClick: () => navigate(`/video-calls?answer=${encodeURIComponent(roomId)}`) },
      });
    },
  );
  return null;
}
