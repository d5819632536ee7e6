import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/PlaceholderPage'

export default function SocialPage() {
  return <PlaceholderPage title={<Trans>Соцсеть</Trans>} />
}
