import { useState, type ReactNode } from 'react'
import { Badge, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Ban, Check, Clock, MessageCircle, Settings, Share2, ShieldOff, UserCheck, UserMinus, UserPlus, X } from 'lucide-react'
import { graphql, useFragment, useMutation } from 'react-relay/hooks'
import { Link as RouterLink, useNavigate } from 'react-router'
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime'
import type { ProfileActions_user$key } from '../../__generated__/ProfileActions_user.graphql'
import { ConfirmDialog, SimpleDialog } from '../../components/ConfirmDialog'
import { toaster } from '../../components/ui/toaster'
import { resultErrorText } from '../../relay/errors'
import { buildShareText, copyText } from './share'
import { messengerPath } from '../messenger/selectRecipient'

const fragment = graphql`
  fragment ProfileActions_user on User {
    id
    databaseId
    username
    firstName
    lastName
    status
    bio
    avatarImage
    isViewer
    friendshipStatus
  }
`

// Each answers with the member's new state and both friend counts, which Relay merges into the page.
const sendRequestMutation = graphql`
  mutation ProfileActionsSendRequestMutation($userId: ID!) {
    sendFriendRequest(userId: $userId) {
      __typename
      ...ProfileActions_change @alias(as: "change")
      ... on Error {
        message
      }
    }
  }
`
const respondMutation = graphql`
  mutation ProfileActionsRespondMutation($userId: ID!, $accept: Boolean!) {
    respondToFriendRequest(userId: $userId, accept: $accept) {
      __typename
      ...ProfileActions_change @alias(as: "change")
      ... on Error {
        message
      }
    }
  }
`
const removeMutation = graphql`
  mutation ProfileActionsRemoveMutation($userId: ID!) {
    removeFriend(userId: $userId) {
      __typename
      ...ProfileActions_change @alias(as: "change")
      ... on Error {
        message
      }
    }
  }
`
const blockMutation = graphql`
  mutation ProfileActionsBlockMutation($userId: ID!) {
    blockUser(userId: $userId) {
      __typename
      ...ProfileActions_change @alias(as: "change")
      ... on Error {
        message
      }
    }
  }
`
const unblockMutation = graphql`
  mutation ProfileActionsUnblockMutation($userId: ID!) {
    unblockUser(userId: $userId) {
      __typename
      ...ProfileActions_change @alias(as: "change")
      ... on Error {
        message
      }
    }
  }
`
graphql`
  fragment ProfileActions_change on FriendshipChange {
    user {
      id
      friendshipStatus
      friendsCount
    }
    viewer {
      id
      friendsCount
    }
  }
`

type Result = { readonly __typename: string; readonly message?: string }
type ActionMutation = MutationParameters & { response: Record<string, Result> }

/** Runs a friendship mutation; on a typed error or a failed request, toasts the detail or `fallback`. */
function useFriendshipMutation<M extends ActionMutation>(mutation: GraphQLTaggedNode, onDone: () => void) {
  const [commit, inFlight] = useMutation<M>(mutation)
  const run = (variables: M['variables'], fallback: string, success?: string) =>
    commit({
      variables,
      onCompleted: (response) => {
        const result = Object.values(response)[0]!
        if (result.__typename !== 'FriendshipChange') {
          toaster.create({ type: 'error', title: resultErrorText(result) || fallback })
          onDone()
          return
        }
        if (success) toaster.create({ type: 'success', title: success })
        onDone()
      },
      onError: () => {
        toaster.create({ type: 'error', title: fallback })
        onDone()
      },
    })
  return [run, inFlight] as const
}

type Confirming = 'block' | 'unblock' | 'remove' | null

/**
 * Add friend (and the request states of spec section 4), message, share contact and block/unblock.
 * Not shown on one's own profile, which links to the settings instead.
 */
export function ProfileActions({ user: key }: { user: ProfileActions_user$key }) {
  const { t } = useLingui()
  const user = useFragment(fragment, key)
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [manualCopy, setManualCopy] = useState<string | null>(null)
  // The page refetches itself when the relation changes (see ProfilePage).
  const done = () => setConfirming(null)
  const [sendRequest, sending] = useFriendshipMutation(sendRequestMutation, done)
  const [respond, responding] = useFriendshipMutation(respondMutation, done)
  const [remove, removing] = useFriendshipMutation(removeMutation, done)
  const [block, blocking] = useFriendshipMutation(blockMutation, done)
  const [unblock, unblocking] = useFriendshipMutation(unblockMutation, done)

  const share = async () => {
    const text = buildShareText(user, window.location.origin, {
      profile: t`Профиль`,
      messages: t`Сообщения`,
      calls: t`Видеозвонки`,
    })
    if (await copyText(text)) toaster.create({ type: 'success', title: t`Контакт скопирован в буфер обмена` })
    else setManualCopy(text)
  }

  const shareButton = (
    <Button size="sm" variant="outline" onClick={share} data-testid="share-contact">
      <Share2 size={16} aria-hidden="true" />
      <Trans>Поделиться контактом</Trans>
    </Button>
  )
  const manualCopyDialog = (
    <SimpleDialog
      open={manualCopy !== null}
      onClose={() => setManualCopy(null)}
      title={<Trans>Скопируйте контакт</Trans>}
      testId="manual-copy-dialog"
      footer={
        <Button onClick={() => setManualCopy(null)}>
          <Trans>Закрыть</Trans>
        </Button>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          <Trans>Браузер не разрешил копирование. Выделите текст и скопируйте его вручную.</Trans>
        </Text>
        <Textarea
          readOnly
          rows={8}
          value={manualCopy ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          autoFocus
          data-testid="manual-copy-text"
        />
      </Stack>
    </SimpleDialog>
  )

  if (user.isViewer) {
    return (
      <HStack gap="2" wrap="wrap" data-testid="profile-actions">
        <Button asChild size="sm" variant="outline" data-testid="open-settings">
          <RouterLink to="/profile-settings">
            <Settings size={16} aria-hidden="true" />
            <Trans>Настройки профиля</Trans>
          </RouterLink>
        </Button>
        {shareButton}
        {manualCopyDialog}
      </HStack>
    )
  }

  const userId = user.id
  const name = `${user.firstName} ${user.lastName}`.trim()
  const state = user.friendshipStatus
  const blocked = state === 'BLOCKED_BY_ME' || state === 'BLOCKED_BY_THEM'
  const requestFailed = t`Ошибка отправки заявки`

  let friendship: ReactNode
  switch (state) {
    case 'PENDING_OUTGOING':
      friendship = (
        <>
          <Badge size="lg" colorPalette="blue" variant="subtle" data-testid="friendship-state">
            <Clock size={14} aria-hidden="true" />
            <Trans>Заявка отправлена</Trans>
          </Badge>
          <Button size="sm" variant="ghost" loading={removing} onClick={() => remove({ userId }, requestFailed)} data-testid="cancel-request">
            <X size={16} aria-hidden="true" />
            <Trans>Отменить заявку</Trans>
          </Button>
        </>
      )
      break
    case 'PENDING_INCOMING':
      friendship = (
        <>
          <Button
            size="sm"
            colorPalette="green"
            loading={responding}
            onClick={() => respond({ userId, accept: true }, t`Ошибка обработки заявки`, t`Заявка принята!`)}
            data-testid="accept-request"
          >
            <Check size={16} aria-hidden="true" />
            <Trans>Принять заявку</Trans>
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={responding}
            onClick={() => respond({ userId, accept: false }, t`Ошибка обработки заявки`, t`Заявка отклонена!`)}
            data-testid="decline-request"
          >
            <X size={16} aria-hidden="true" />
            <Trans>Отклонить</Trans>
          </Button>
        </>
      )
      break
    case 'ACCEPTED':
      friendship = (
        <>
          <Badge size="lg" colorPalette="green" variant="subtle" data-testid="friendship-state">
            <UserCheck size={14} aria-hidden="true" />
            <Trans>Друг</Trans>
          </Badge>
          <Button size="sm" variant="ghost" onClick={() => setConfirming('remove')} data-testid="remove-friend">
            <UserMinus size={16} aria-hidden="true" />
            <Trans>Удалить из друзей</Trans>
          </Button>
        </>
      )
      break
    case 'BLOCKED_BY_ME':
      friendship = (
        <Badge size="lg" colorPalette="red" variant="subtle" data-testid="friendship-state">
          <Ban size={14} aria-hidden="true" />
          <Trans>Заблокирован</Trans>
        </Badge>
      )
      break
    case 'BLOCKED_BY_THEM':
      friendship = (
        <Text fontSize="sm" color="fg.muted" data-testid="friendship-state">
          <Trans>Пользователь ограничил общение с вами</Trans>
        </Text>
      )
      break
    default:
      friendship = (
        <Button
          size="sm"
          colorPalette="blue"
          loading={sending}
          onClick={() => sendRequest({ userId }, requestFailed)}
          data-testid="add-friend"
        >
          <UserPlus size={16} aria-hidden="true" />
          <Trans>Добавить в друзья</Trans>
        </Button>
      )
  }

  const openMessenger = () => navigate(messengerPath(user.id))

  return (
    <HStack gap="2" wrap="wrap" data-testid="profile-actions" data-state={state ?? undefined}>
      {friendship}
      {!blocked && (
        <Button size="sm" variant="outline" onClick={openMessenger} data-testid="write-message">
          <MessageCircle size={16} aria-hidden="true" />
          <Trans>Написать сообщение</Trans>
        </Button>
      )}
      {shareButton}
      {state === 'BLOCKED_BY_ME' ? (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming('unblock')} data-testid="unblock-user">
          <ShieldOff size={16} aria-hidden="true" />
          <Trans>Разблокировать</Trans>
        </Button>
      ) : state !== 'BLOCKED_BY_THEM' ? (
        <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setConfirming('block')} data-testid="block-user">
          <Ban size={16} aria-hidden="true" />
          <Trans>Заблокировать</Trans>
        </Button>
      ) : null}

      <ConfirmDialog
        open={confirming === 'block'}
        title={<Trans>Заблокировать {name}?</Trans>}
        confirmLabel={<Trans>Заблокировать</Trans>}
        destructive
        loading={blocking}
        onCancel={() => setConfirming(null)}
        onConfirm={() => block({ userId }, t`Ошибка блокировки пользователя`, t`Пользователь заблокирован`)}
      >
        <Trans>Вы не будете видеть друг друга в поиске, заявки в друзья и сообщения между вами станут невозможны.</Trans>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'unblock'}
        title={<Trans>Разблокировать {name}?</Trans>}
        confirmLabel={<Trans>Разблокировать</Trans>}
        loading={unblocking}
        onCancel={() => setConfirming(null)}
        onConfirm={() => unblock({ userId }, t`Ошибка разблокировки пользователя`, t`Пользователь разблокирован`)}
      />
      <ConfirmDialog
        open={confirming === 'remove'}
        title={<Trans>Удалить {name} из друзей?</Trans>}
        confirmLabel={<Trans>Удалить</Trans>}
        destructive
        loading={removing}
        onCancel={() => setConfirming(null)}
        onConfirm={() => remove({ userId }, t`Ошибка удаления из друзей`)}
      />
      {manualCopyDialog}
    </HStack>
  )
}
