import { Toaster } from '../../components/ui/toaster'
import { NotificationsListener } from './NotificationsListener'

/** What every signed-in page has besides its content: the toaster and the notifications feed. */
export default function SignedInExtras() {
  return (
    <>
      <Toaster />
      <NotificationsListener />
    </>
  )
}
