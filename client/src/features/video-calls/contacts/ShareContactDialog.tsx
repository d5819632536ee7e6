import { useState } from 'react';
import { Checkbox, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { ShareContactDialogMutation } from '../../../__generated__/ShareContactDialogMutation.graphql';
import type { ShareContactDialog_query$key } from '../../../__generated__/ShareContactDialog_query.graphql';
import { asRequestError } from '../../../relay/errors';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';
import { useIdempotencyKey } from '../../../relay/useIdempotencyKey';
import { AppDialog, DialogActions } from '../../../components/AppDialog';
import { useMeeting, type ShareTarget } from '../MeetingContext';

const sendMutation = graphql`
  mutation ShareContactDialogMutation($roomId: ID!, $contactId: ID!, $recipientIds: [ID!]!, $idempotencyKey: String) {
    sendContactCard(roomId: $roomId, contactId: $contactId, recipientIds: $recipientIds, idempotencyKey: $idempotencyKey) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on RoomChatMessagePayload {
        chatMessage {
          id
        }
      }
    }
  }
`;

/** Sends a contact card (one's own or a contact's) to chosen people in the room; none chosen, no send. */
export function ShareContactDialog({
  query,
  target,
  onClose,
}: {
  query: ShareContactDialog_query$key;
  target: ShareTarget;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { meetingContacts } = useFragment(
    graphql`
      fragment ShareContactDialog_query on Query {
        meetingContacts {
          id
          fullName
        }
      }
    `,
    query,
  );
  const { viewer, call } = useMeeting();
  const [contactId, setContactId] = useState(target.contactId ?? viewer.id);
  const [recipients, setRecipients] = useState<Set<string>>(new Set());
  const [commit, sending] = useMutation<ShareContactDialogMutation>(sendMutation);
  const sendKey = useIdempotencyKey();
  const room = call.status !== 'idle' ? call.room : null;

  const toggle = (id: string, checked: boolean) =>
    setRecipients((previous) => {
      const next = new Set(previous);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const send = () => {
    if (!room || recipients.size === 0) return;
    commit({
      variables: { roomId: room.id, contactId, recipientIds: [...recipients], idempotencyKey: sendKey.forSend() },
      onCompleted: ({ sendContactCard }) => {
        if (sendContactCard.error) {
          toaster.create({ type: 'error', title: mutationErrorText(sendContactCard.error, t`Не удалось отправить контакт`) });
          return;
        }
        sendKey.sent();
        toaster.create({ type: 'success', title: t`Контакт отправлен` });
        onClose();
      },
      onError: (error) => {
        toaster.create({ type: 'error', title: asRequestError(error)?.message || t`Не удалось отправить контакт` });
      },
    });
  };

  return (
    <AppDialog
      closeButton
      title={<Trans>Поделиться контактом</Trans>}
      onClose={onClose}
      testId="share-contact-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onClick={send}
          icon={<Send size={16} aria-hidden="true" />}
          label={<Trans>Отправить</Trans>}
          disabled={!room || recipients.size === 0}
          loading={sending}
          testId="share-contact-send"
        />
      }
    >
      {!room ? (
        <Text>
          <Trans>Присоединитесь к комнате, чтобы поделиться контактом с её участниками.</Trans>
        </Text>
      ) : (
        <Stack gap="4">
          <NativeSelect.Root>
            <NativeSelect.Field aria-label={t`Контакт`} value={contactId} onChange={(event) => setContactId(event.target.value)}>
              <option value={viewer.id}>{t`Моя карточка`}</option>
              {meetingContacts.map((contact) => (
                <option key={contact.id} value={contact.id}>
                  {contact.fullName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Stack gap="2">
            <Text fontWeight="medium">
              <Trans>Получатели</Trans>
            </Text>
            {call.participants.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                <Trans>В комнате пока никого нет</Trans>
              </Text>
            )}
            {call.participants.map((participant) => (
              <Checkbox.Root
                key={participant.userId}
                checked={recipients.has(participant.globalId)}
                onCheckedChange={(details) => toggle(participant.globalId, details.checked === true)}
                data-testid="share-recipient"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{participant.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Stack>
      )}
    </AppDialog>
  );
}
