import { useLingui } from '@lingui/react/macro';
import { useMutation } from 'react-relay/hooks';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toaster } from '../../components/ui/toaster';
import { mutationErrorText, type MutationErrorKey } from '../../relay/mutationError';
import { removeFromRootList, type RootList } from '../../relay/rootList';

/**
 * Asking before deleting an item of an admin list, then deleting it: a destructive «Удалить»
 * confirmation, open while `item` is set, that runs the delete mutation; once the server deleted the
 * item it leaves `list` in the store (so the list shows the rest at once), the server's refusal is an
 * error toast, and the dialog closes (`onClose`) whatever the answer. The templates, themes and trivia
 * question lists each wrote this out around their own delete mutation.
 */
export function ConfirmDeleteDialog<T extends MutationParameters & { variables: { id: string } }>({
  item,
  title,
  mutation,
  list,
  answer,
  failure,
  onClose,
  onAnswered,
}: {
  /** The item to delete; null: the dialog is closed. */
  item: { readonly id: string } | null;
  title: string;
  mutation: GraphQLTaggedNode;
  /** The Query's list that shows the items, which the deleted one leaves. */
  list: RootList;
  /** The answer in the mutation's response: its `error` alias is set when the server refused. */
  answer: (response: T['response']) => { readonly error?: MutationErrorKey | null };
  /** The error toast's text when the refusal brings none. */
  failure: string;
  /** Closes the dialog: on Cancel, and once the server answered or the request failed. */
  onClose: () => void;
  /** Once the server answered, deleted or refused (the trivia list reads itself again). */
  onAnswered?: () => void;
}) {
  const { t } = useLingui();
  const [remove, removing] = useMutation<T>(mutation);
  const confirm = () => {
    if (!item) return;
    remove({
      variables: { id: item.id } as T['variables'],
      updater: (store, response) => {
        if (response && !answer(response).error) removeFromRootList(store, list, item.id);
      },
      onCompleted: (response) => {
        const { error } = answer(response);
        if (error) toaster.create({ type: 'error', title: mutationErrorText(error, failure) });
        onClose();
        onAnswered?.();
      },
      onError: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      confirmLabel={t`Удалить`}
      loading={removing}
      destructive
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
