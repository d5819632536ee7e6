import { useMutation } from 'react-relay/hooks';
import type { GraphQLTaggedNode, MutationParameters, SelectorStoreUpdater } from 'relay-runtime';
import { toaster } from '../../components/ui/toaster';
import { mutationErrorText, type MutationErrorKey } from '../../relay/mutationError';

/**
 * An admin list's action on one row, once its confirmation dialog said yes (revoking an API key,
 * deleting a subscription group): the mutation, then a toast with the outcome (the server's refusal
 * with its text, else `failure`; the request's failure with its message; else `success`) and
 * `onSettled` (closing the dialog) whatever it was. The API keys tab and the subscription groups each
 * wrote this out around their own mutation.
 */
export function useToastedMutation<T extends MutationParameters>({
  mutation,
  answer,
  succeeded,
  failure,
  success,
  onSettled,
}: {
  mutation: GraphQLTaggedNode;
  /** The answer in the mutation's response: its type, and its `error` alias when the server refused. */
  answer: (response: T['response']) => { readonly __typename: string; readonly error?: MutationErrorKey | null };
  /** The answer's __typename when the action was done. */
  succeeded: string;
  /** The error toast's text when the refusal brings none. */
  failure: string;
  success: string;
  onSettled: () => void;
}) {
  const [commit, busy] = useMutation<T>(mutation);
  /** Runs the mutation with `variables` (and `updater`, to change the lists it shows). */
  const run = (variables: T['variables'], updater?: SelectorStoreUpdater<T['response']>) =>
    commit({
      variables,
      updater,
      onCompleted: (response) => {
        const result = answer(response);
        if (result.__typename !== succeeded) {
          toaster.create({ type: 'error', title: mutationErrorText(result.error, failure) });
        } else {
          toaster.create({ type: 'success', title: success });
        }
        onSettled();
      },
      onError: (cause) => {
        toaster.create({ type: 'error', title: cause.message });
        onSettled();
      },
    });
  return [run, busy] as const;
}
