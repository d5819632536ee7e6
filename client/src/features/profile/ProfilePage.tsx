import { Trans } from '@lingui/react/macro'
import { useParams } from 'react-router'
import { PlaceholderPage } from '../../components/PlaceholderPage'

export default function ProfilePage() {
  const { username = '' } = useParams()
  return (
    <PlaceholderPage title={<Trans>Профиль @{username}</Trans>}>
      <Trans>Страница профиля появится в одной из следующих версий LinkUp.</Trans>
    </PlaceholderPage>
  )
}
