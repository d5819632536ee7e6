import { createContext, useContext } from 'react'
import type { CallEngine, CallSnapshot } from './call/callEngine'
import type { Quality } from './call/media'
import type { ShareTarget } from './contacts/ShareContactDialog'

/** What every part of the meeting area shares: who is looking, the call and its controls. */
export type MeetingContextValue = {
  viewer: { id: string; databaseId: number; firstName: string; fullName: string }
  call: CallSnapshot
  engine: CallEngine
  quality: Quality
  /** Opens the share-contact dialog (optionally with a contact chosen). */
  openShare: (target: ShareTarget) => void
}

const MeetingContext = createContext<MeetingContextValue | null>(null)

export const MeetingProvider = MeetingContext.Provider

export function useMeeting(): MeetingContextValue {
  const value = useContext(MeetingContext)
  if (!value) throw new Error('useMeeting must be used inside the meeting area')
  return value
}
