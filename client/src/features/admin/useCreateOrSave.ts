import { useState } from 'react';
import { useMutation } from 'react-relay/hooks';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { mutationErrorText, type MutationErrorKey } from '../../relay/mutationError';

/** What the hook reads of a create or update answer: its `error` alias, set when the server refused. */
type Answer = { readonly error?: MutationErrorKey | null };

type CreateMutation = MutationParameters & { variables: { input: unknown } };
type SaveMutation<Input> = MutationParameters & { variables: { id: string; input: Input } };

/**
 * Submitting an admin editor that both creates an item (there is none yet) and saves one (its id):
 * the create or the update mutation with the same input, the server's refusal (or the network's
 * failure) as the form's error, `onSaved` once it is stored. The stylesheet, template, theme and
 * trivia question editors each wrote this out around their own two mutations.
 */
export function useCreateOrSave<TCreate extends CreateMutation, TSave extends SaveMutation<TCreate['variables']['input']>>({
  create,
  created,
  save,
  saved,
  fallback,
  onSaved,
}: {
  create: GraphQLTaggedNode;
  /** The answer in the create mutation's response. */
  created: (response: TCreate['response']) => Answer;
  save: GraphQLTaggedNode;
  /** The answer in the update mutation's response. */
  saved: (response: TSave['response']) => Answer;
  /** The error's text when the refusal brings none. */
  fallback: string;
  onSaved: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [commitCreate, creating] = useMutation<TCreate>(create);
  const [commitSave, saving] = useMutation<TSave>(save);

  /** Saves `input` as the item `id`, or creates it when there is no id. */
  const submit = (id: string | null | undefined, input: TCreate['variables']['input']) => {
    setError(null);
    const done = (answer: Answer) => (answer.error ? setError(mutationErrorText(answer.error, fallback)) : onSaved());
    const failed = (cause: Error) => setError(cause.message);
    if (id) {
      const variables = { id, input } as TSave['variables'];
      commitSave({ variables, onCompleted: (response) => done(saved(response)), onError: failed });
    } else {
      const variables = { input } as TCreate['variables'];
      commitCreate({ variables, onCompleted: (response) => done(created(response)), onError: failed });
    }
  };

  return { error, submitting: creating || saving, submit };
}
