import { useLingui } from '@lingui/react/macro';
import { useMutation } from 'react-relay/hooks';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { toaster } from '../../components/ui/toaster';
import { withReaction, type Reaction, type ReactionCount } from './reactionSet';

/** A reaction mutation: the item, the reaction and whether the viewer gives or takes it back. */
type ReactionMutation = MutationParameters & {
  variables: { id: string; reaction: string; reacted: boolean };
  rawResponse: object;
};

/**
 * A ReactionBar's props for a publication or a message (`itemId`, its `reactions`): a tap shows at
 * once (an optimistic answer with the counts `withReaction` gives) and is sent to the server as a state,
 * the viewer's reaction given or not; a refusal or a failed request is an error toast, and the counts
 * go back. PublicationReactions and MessageReactions each wrote this out around their own mutation,
 * whose field and success type are all that differ.
 */
export function useReactionBar<T extends ReactionMutation>(
  mutation: GraphQLTaggedNode,
  itemId: string,
  /** The item's reactions, as its fragment reads them. */
  reactions: readonly ReactionCount[],
  {
    optimistic,
    answer,
    success,
  }: {
    /** The mutation's answer as the server would give it, with these counts. */
    optimistic: (reactions: ReactionCount[]) => T['rawResponse'];
    /** The answer in the mutation's response: the success type, or an error with its message. */
    answer: (response: T['response']) => { readonly __typename: string; readonly message?: string };
    /** The answer's __typename when the server took the reaction. */
    success: string;
  },
) {
  const { t } = useLingui();
  const [commit] = useMutation<T>(mutation);

  const onSet = (reaction: Reaction, reacted: boolean) => {
    const failed = (text?: string) => {
      toaster.create({ type: 'error', title: text ?? t`Не удалось сохранить реакцию` });
    };
    commit({
      variables: { id: itemId, reaction, reacted } as T['variables'],
      optimisticResponse: optimistic(withReaction(reactions, reaction, reacted)),
      onCompleted: (response) => {
        const result = answer(response);
        if (result.__typename !== success) failed('message' in result ? result.message : undefined);
      },
      onError: () => failed(),
    });
  };

  return { itemId, reactions, onSet };
}
