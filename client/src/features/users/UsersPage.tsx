import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/PlaceholderPage'

export default function UsersPage() {
  return <PlaceholderPage title={<Trans>Пользователи</Trans>} />
}
