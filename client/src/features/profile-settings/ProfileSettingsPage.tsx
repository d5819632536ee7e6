import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/PlaceholderPage'

export default function ProfileSettingsPage() {
  return <PlaceholderPage title={<Trans>Настройки профиля</Trans>} />
}
