import { useMemo } from 'react';
import { graphql, useFragment, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { PublicationReactions_publication$key } from '../../__generated__/PublicationReactions_publication.graphql';
import type { PublicationReactionsMutation } from '../../__generated__/PublicationReactionsMutation.graphql';
import type { PublicationReactionsSubscription } from '../../__generated__/PublicationReactionsSubscription.graphql';
import { ReactionBar } from './ReactionBar';
import { useReactionBar } from './useReactionBar';

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
  const data = useFragment(fragment, publication);
  const live = useMemo<GraphQLSubscriptionConfig<PublicationReactionsSubscription>>(
    () => ({ subscription, variables: { id: data.id }, onError: () => {} }),
    [data.id],
  );
  useSubscription(live);

  // The bar shows exactly these three fields of each reaction.
  const reactions = data.reactions.map(({ reaction, count, viewerHasReacted }) => ({ reaction, count, viewerHasReacted }));
  const bar = useReactionBar<PublicationReactionsMutation>(mutation, data.id, reactions, {
    optimistic: (counts) => ({
      reactToPublication: {
        __typename: 'ReactToPublicationSuccess',
        publication: { id: data.id, reactions: counts as never },
      },
    }),
    answer: (response) => response.reactToPublication,
    success: 'ReactToPublicationSuccess',
  });
  return <ReactionBar {...bar} testId="publication-reactions" />;
}
