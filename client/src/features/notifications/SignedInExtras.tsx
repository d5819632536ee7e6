import { Toaster } from '../../components/ui/toaster'
import { NotificationsListener } from './NotificationsListener'
import { IncomingCallNotifier } from '../video-calls/IncomingCallNotifier'

/** What every signed-in page has besides its content: the toaster, the notifications feed, incoming calls. */
export default function SignedInExtras() {
  return (
    <>
      <Toaster />
      <NotificationsListener />
      <IncomingCallNotifier />
    </>
  )
}
