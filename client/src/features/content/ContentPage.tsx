import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/PlaceholderPage'

export default function ContentPage() {
  return <PlaceholderPage title={<Trans>Контент</Trans>} />
}
