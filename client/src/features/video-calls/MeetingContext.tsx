import { createContext, useContext } from 'react';
import type { CallEngine, CallSnapshot } from './call/callEngine';
import type { Quality } from './call/media';
import type { StageRecording } from './recordings/useStageRecording';

/** Whose card the share-contact dialog sends: a contact's, or (none given) the viewer's own. */
export type ShareTarget = { contactId?: string };

/** What every part of the meeting area shares: who is looking, the call and its controls. */
export type MeetingContextValue = {
  viewer: { id: string; databaseId: number; firstName: string; fullName: string };
  call: CallSnapshot;
  engine: CallEngine;
  quality: Quality;
  /** The viewer's own recording of the room they are in. */
  recording: StageRecording;
  /** Opens the share-contact dialog (optionally with a contact chosen). */
  openShare: (target: ShareTarget) => void;
};

const MeetingContext = createContext<MeetingContextValue | null>(null);

export const MeetingProvider = MeetingContext.Provider;

export function useMeeting(): MeetingContextValue {
  const value = useContext(MeetingContext);
  if (!value) throw new Error('useMeeting must be used inside the meeting area');
  return value;
}
