import { useEffect, useRef } from 'react';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay/hooks';
import type { useResumeRoomQuery } from '../../../__generated__/useResumeRoomQuery.graphql';
import { toaster } from '../../../components/ui/toaster';
import type { CallEngine } from './callEngine';
import type { Quality } from './media';

const roomToResumeQuery = graphql`
  query useResumeRoomQuery {
    roomToResume {
      muted
      cameraOff
      room {
        id
        name
      }
    }
  }
`;

/** The group room this tab's page was in when it went away (a reload, a closed tab): its own session storage. */
const LEFT_ROOM_KEY = 'linkup_meeting_left_room';
type LeftRoom = { id: string; name: string };

function noteLeftRoom(room: LeftRoom | null) {
  try {
    if (room) sessionStorage.setItem(LEFT_ROOM_KEY, JSON.stringify({ id: room.id, name: room.name }));
    else sessionStorage.removeItem(LEFT_ROOM_KEY);
  } catch {
    // storage refused (private mode): a reload still returns, only the "too late" notice is lost
  }
}

function leftRoom(): LeftRoom | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(LEFT_ROOM_KEY) ?? 'null');
    if (value && typeof value === 'object' && 'id' in value && 'name' in value) {
      return { id: String(value.id), name: String(value.name) };
    }
  } catch {
    // nothing usable stored
  }
  return null;
}

/**
 * A page back after a reload (or a tab opened again) while the server still keeps the member's place
 * in a group room (the presence grace after markAwayInRoom) enters that room again, with the
 * microphone and camera as they were; the server admits them by the room's own join rules. Too late,
 * the page stays on the welcome screen and says the place was not kept. One-to-one calls are left as
 * the page goes (CallEngine.leaveWithPage): nothing to return to.
 */
export function useResumeRoom(engine: CallEngine, quality: Quality) {
  const environment = useRelayEnvironment();
  const currentQuality = useRef(quality);
  useEffect(() => {
    currentQuality.current = quality;
  }, [quality]);

  useEffect(() => {
    const onPageHide = () => {
      const { room, kind } = engine.getSnapshot();
      noteLeftRoom(room && kind === 'room' ? room : null);
    };
    // Back from the back-forward cache, the page enters its room itself (CallEngine.returnWithPage).
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) noteLeftRoom(null);
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [engine]);

  useEffect(() => {
    const left = leftRoom();
    const lookup = fetchQuery<useResumeRoomQuery>(environment, roomToResumeQuery, {}, { fetchPolicy: 'network-only' }).subscribe({
      next: ({ roomToResume }) => {
        noteLeftRoom(null);
        // Something else started meanwhile (a call answered, a room joined from a link): it wins.
        if (engine.getSnapshot().status !== 'idle') return;
        if (roomToResume) {
          const { room, muted, cameraOff } = roomToResume;
          void engine.joinRoom({ id: room.id, name: room.name }, currentQuality.current, 'video', { muted, cameraOff });
          return;
        }
        if (left) {
          const name = left.name;
          toaster.create({
            type: 'info',
            closable: true,
            duration: 10_000,
            title: i18n._(
              msg`Место в комнате «${name}» не сохранилось: вы не вернулись вовремя. Войдите в неё снова во вкладке «Комнаты».`,
            ),
          });
        }
      },
      error: () => undefined, // the rooms tab is there to enter by hand
    });
    return () => lookup.unsubscribe();
  }, [environment, engine]);
}
