import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { graphql, useFragment, useMutation, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { PublicationReactions_publication$key } from '../../__generated__/PublicationReactions_publication.graphql';
import type { PublicationReactionsMutation } from '../../__generated__/PublicationReactionsMutation.graphql';
import type { PublicationReactionsSubscription } from '../../__generated__/PublicationReactionsSubscription.graphql';
import { toaster } from '../../components/ui/toaster';
import { ReactionBar } from './ReactionBar';
import { withReaction, type Reaction } from './reactionSet';

const fragment = graphql`
  fragment PublicationReactions_publication on Publication {
    id
    reactions {
      reaction
      count
      viewerHasReacted
    }
  }
`;

const mutation = graphql`
  mutation PublicationReactionsMutation($id: ID!, $reaction: String!, $reacted: Boolean!) @raw_response_type {
    reactToPublication(id: $id, reaction: $reaction, reacted: $reacted) {
      __typename
      ... on ReactToPublicationSuccess {
        publication {
          id
          reactions {
            reaction
            count
            viewerHasReacted
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

// Anyone's reaction reaches every card showing the publication; Relay merges it by id.
const subscription = graphql`
  subscription PublicationReactionsSubscription($id: ID!) {
    publicationReactionsChanged(publicationId: $id) {
      id
      reactions {
        reaction
        count
        viewerHasReacted
      }
    }
  }
`;

/** The reaction bar of a publication card: shown at once (optimistic), sent as a state, kept live. */
export function PublicationReactions({ publication }: { publication: PublicationReactions_publication$key }) {
  const { t } = useLingui();
  const data = useFragment(fragment, publication);
  const [commit] = useMutation<PublicationReactionsMutation>(mutation);
  const live = useMemo<GraphQLSubscriptionConfig<PublicationReactionsSubscription>>(
    () => ({ subscription, variables: { id: data.id }, onError: () => {} }),
    [data.id],
  );
  useSubscription(live);

  // The bar shows exactly these three fields of each reaction.
  const reactions = data.reactions.map(({ reaction, count, viewerHasReacted }) => ({ reaction, count, viewerHasReacted }));

  const set = (reaction: Reaction, reacted: boolean) => {
    const failed = (message?: string) => {
      toaster.create({ type: 'error', title: message ?? t`Не удалось сохранить реакцию` });
    };
    commit({
      variables: { id: data.id, reaction, reacted },
      optimisticResponse: {
        reactToPublication: {
          __typename: 'ReactToPublicationSuccess',
          publication: { id: data.id, reactions: withReaction(reactions, reaction, reacted) as never },
        },
      },
      onCompleted: ({ reactToPublication: result }) => {
        if (result.__typename !== 'ReactToPublicationSuccess') failed('message' in result ? result.message : undefined);
      },
      onError: () => failed(),
    });
  };

  return <ReactionBar itemId={data.id} reactions={reactions} onSet={set} testId="publication-reactions" />;
}
