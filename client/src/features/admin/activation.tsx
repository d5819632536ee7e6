import { Badge, Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useMutation } from 'react-relay/hooks';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { toaster } from '../../components/ui/toaster';
import { mutationErrorText, type MutationErrorKey } from '../../relay/mutationError';

/**
 * Switching an item of a site-wide set on or off, where one item is active (a stylesheet, a theme)
 * or one of each type (a template): the mutation, then either the server's refusal as an error toast,
 * or `onDone` (the list read again, since the item active before changes too) and the success toast.
 * The styles, templates and themes tabs each wrote this out around their own mutation.
 */
export function useActivation<T extends MutationParameters>({
  mutation,
  answer,
  failure,
  onDone,
}: {
  mutation: GraphQLTaggedNode;
  /** The answer in the mutation's response: its `error` alias is set when the server refused. */
  answer: (response: T['response']) => { readonly error?: MutationErrorKey | null };
  /** The error toast's text when the refusal brings none. */
  failure: string;
  onDone: () => void;
}) {
  const [commit, busy] = useMutation<T>(mutation);
  /** Runs the mutation with `variables`; `success` is the toast once it is done. */
  const activate = (variables: T['variables'], success: string) =>
    commit({
      variables,
      onCompleted: (response) => {
        const { error } = answer(response);
        if (error) {
          toaster.create({ type: 'error', title: mutationErrorText(error, failure) });
          return;
        }
        onDone();
        toaster.create({ type: 'success', title: success });
      },
    });
  return [activate, busy] as const;
}

/** An item's state in such a set, in a table row: «Активен» (green, with `testId`) or «Не активен». */
export function ActiveBadge({ active, testId }: { active: boolean; testId: string }) {
  return active ? (
    <Badge colorPalette="green" data-testid={testId}>
      <Trans>Активен</Trans>
    </Badge>
  ) : (
    <Badge>
      <Trans>Не активен</Trans>
    </Badge>
  );
}

/** The row's button switching the item: «Отключить» while it is active, «Активировать» (green) while not. */
export function ActiveToggleButton({
  active,
  loading,
  onToggle,
  testId,
}: {
  active: boolean;
  loading: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <Button size="xs" colorPalette={active ? 'gray' : 'green'} loading={loading} onClick={onToggle} data-testid={testId}>
      {active ? <Trans>Отключить</Trans> : <Trans>Активировать</Trans>}
    </Button>
  );
}
