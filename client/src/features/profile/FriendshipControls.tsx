import { useState, type ReactNode } from 'react';
import { Badge, Button, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Ban, Bell, BellOff, Check, Clock, ShieldOff, UserCheck, UserMinus, UserPlus, X } from 'lucide-react';
import type { FriendshipState } from '../../__generated__/ProfileActions_user.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { mutationErrorText, type MutationErrorKey } from '../../relay/mutationError';
import {
  useBlockUser,
  useFollowUser,
  useRemoveFriend,
  useRespondToFriendRequest,
  useSendFriendRequest,
  useUnblockUser,
  useUnfollowUser,
} from '../friendship/friendship';

/** A typed error's own text, else `fallback` (also for a failed request). */
const failingWith = (fallback: string) => (error: MutationErrorKey | null) => mutationErrorText(error, fallback);

/**
 * The relation with another member (spec section 4): add, cancel, accept or decline a request,
 * remove a friend; and block or unblock, each confirmed first.
 */
export function FriendshipControls({
  userId,
  name,
  state,
}: {
  userId: string;
  name: string;
  state: FriendshipState | null | undefined;
}) {
  const { t } = useLingui();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [sendRequest, sending] = useSendFriendRequest();
  const [respond, responding] = useRespondToFriendRequest();
  const [remove, removing] = useRemoveFriend();
  const onSettled = () => setConfirmingRemove(false);
  const requestFailed = failingWith(t`Ошибка отправки заявки`);
  const answerFailed = failingWith(t`Ошибка обработки заявки`);

  let friendship: ReactNode;
  switch (state) {
    case 'PENDING_OUTGOING':
      friendship = (
        <>
          <Badge size="lg" colorPalette="brand" variant="subtle" data-testid="friendship-state">
            <Clock size={14} aria-hidden="true" />
            <Trans>Заявка отправлена</Trans>
          </Badge>
          <Button
            size="sm"
            variant="ghost"
            loading={removing}
            onClick={() => remove({ userId }, { failure: requestFailed })}
            data-testid="cancel-request"
          >
            <X size={16} aria-hidden="true" />
            <Trans>Отменить заявку</Trans>
          </Button>
        </>
      );
      break;
    case 'PENDING_INCOMING':
      friendship = (
        <>
          <Button
            size="sm"
            colorPalette="green"
            loading={responding}
            onClick={() => respond({ userId, accept: true }, { success: t`Заявка принята!`, failure: answerFailed })}
            data-testid="accept-request"
          >
            <Check size={16} aria-hidden="true" />
            <Trans>Принять заявку</Trans>
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={responding}
            onClick={() => respond({ userId, accept: false }, { success: t`Заявка отклонена!`, failure: answerFailed })}
            data-testid="decline-request"
          >
            <X size={16} aria-hidden="true" />
            <Trans>Отклонить</Trans>
          </Button>
        </>
      );
      break;
    case 'ACCEPTED':
      friendship = (
        <>
          <Badge size="lg" colorPalette="green" variant="subtle" data-testid="friendship-state">
            <UserCheck size={14} aria-hidden="true" />
            <Trans>Друг</Trans>
          </Badge>
          <Button size="sm" variant="ghost" onClick={() => setConfirmingRemove(true)} data-testid="remove-friend">
            <UserMinus size={16} aria-hidden="true" />
            <Trans>Удалить из друзей</Trans>
          </Button>
        </>
      );
      break;
    case 'BLOCKED_BY_ME':
      friendship = (
        <Badge size="lg" colorPalette="red" variant="subtle" data-testid="friendship-state">
          <Ban size={14} aria-hidden="true" />
          <Trans>Заблокирован</Trans>
        </Badge>
      );
      break;
    case 'BLOCKED_BY_THEM':
      friendship = (
        <Text fontSize="sm" color="fg.muted" data-testid="friendship-state">
          <Trans>Пользователь ограничил общение с вами</Trans>
        </Text>
      );
      break;
    default:
      friendship = (
        <Button
          size="sm"
          colorPalette="brand"
          loading={sending}
          onClick={() => sendRequest({ userId }, { failure: requestFailed })}
          data-testid="add-friend"
        >
          <UserPlus size={16} aria-hidden="true" />
          <Trans>Добавить в друзья</Trans>
        </Button>
      );
  }

  return (
    <>
      {friendship}
      <ConfirmDialog
        open={confirmingRemove}
        title={<Trans>Удалить {name} из друзей?</Trans>}
        confirmLabel={<Trans context="remove a friend">Удалить</Trans>}
        destructive
        loading={removing}
        onCancel={() => setConfirmingRemove(false)}
        onConfirm={() => remove({ userId }, { failure: failingWith(t`Ошибка удаления из друзей`), onSettled })}
      />
    </>
  );
}

/** Block (or unblock) the member, confirmed first; nothing when they blocked the viewer. */
export function BlockControls({
  userId,
  name,
  state,
}: {
  userId: string;
  name: string;
  state: FriendshipState | null | undefined;
}) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState<'block' | 'unblock' | null>(null);
  const [block, blocking] = useBlockUser();
  const [unblock, unblocking] = useUnblockUser();
  const onSettled = () => setConfirming(null);
  if (state === 'BLOCKED_BY_THEM') return null;

  return (
    <>
      {state === 'BLOCKED_BY_ME' ? (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => setConfirming('unblock')}
          data-testid="unblock-user"
        >
          <ShieldOff size={16} aria-hidden="true" />
          <Trans>Разблокировать</Trans>
        </Button>
      ) : (
        <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setConfirming('block')} data-testid="block-user">
          <Ban size={16} aria-hidden="true" />
          <Trans>Заблокировать</Trans>
        </Button>
      )}
      <ConfirmDialog
        open={confirming === 'block'}
        title={<Trans>Заблокировать {name}?</Trans>}
        confirmLabel={<Trans>Заблокировать</Trans>}
        destructive
        loading={blocking}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          block(
            { userId },
            { success: t`Пользователь заблокирован`, failure: failingWith(t`Ошибка блокировки пользователя`), onSettled },
          )
        }
      >
        <Trans>Вы не будете видеть друг друга в поиске, заявки в друзья и сообщения между вами станут невозможны.</Trans>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'unblock'}
        title={<Trans>Разблокировать {name}?</Trans>}
        confirmLabel={<Trans>Разблокировать</Trans>}
        loading={unblocking}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          unblock(
            { userId },
            { success: t`Пользователь разблокирован`, failure: failingWith(t`Ошибка разблокировки пользователя`), onSettled },
          )
        }
      />
    </>
  );
}

/**
 * Following another member without being contacts: their publications join the viewer's feed.
 * Not offered across a block (the server refuses it too).
 */
export function FollowControls({
  userId,
  state,
  following,
}: {
  userId: string;
  state: FriendshipState | null | undefined;
  following: boolean;
}) {
  const { t } = useLingui();
  const [follow, followingInFlight] = useFollowUser();
  const [unfollow, unfollowingInFlight] = useUnfollowUser();
  if (state === 'BLOCKED_BY_ME' || state === 'BLOCKED_BY_THEM') return null;
  return following ? (
    <Button
      size="sm"
      variant="outline"
      loading={unfollowingInFlight}
      onClick={() => unfollow({ userId }, { failure: failingWith(t`Не удалось отписаться`) })}
      data-testid="unfollow-user"
    >
      <BellOff size={16} aria-hidden="true" />
      <Trans>Отписаться</Trans>
    </Button>
  ) : (
    <Button
      size="sm"
      variant="outline"
      loading={followingInFlight}
      onClick={() => follow({ userId }, { failure: failingWith(t`Не удалось подписаться`) })}
      data-testid="follow-user"
    >
      <Bell size={16} aria-hidden="true" />
      <Trans context="follow a member">Подписаться</Trans>
    </Button>
  );
}
