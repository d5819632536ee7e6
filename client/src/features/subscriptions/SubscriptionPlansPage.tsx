import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/PlaceholderPage'

export default function SubscriptionPlansPage() {
  return <PlaceholderPage title={<Trans>Тарифные планы</Trans>} />
}
