import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/PlaceholderPage'

export default function AdminPage() {
  return <PlaceholderPage title={<Trans>Админ-панель</Trans>} />
}
