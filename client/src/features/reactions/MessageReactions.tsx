import { useMemo } from 'react';
import { graphql, useFragment, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { MessageReactions_message$key } from '../../__generated__/MessageReactions_message.graphql';
import type { MessageReactionsMutation } from '../../__generated__/MessageReactionsMutation.graphql';
import type { MessageReactionsLiveSubscription } from '../../__generated__/MessageReactionsLiveSubscription.graphql';
import { ReactionBar } from './ReactionBar';
import { useReactionBar } from './useReactionBar';

const fragment = graphql`
  fragment MessageReactions_message on Message {
    id
    reactions {
      reaction
      count
      viewerHasReacted
    }
  }
`;

const mutation = graphql`
  mutation MessageReactionsMutation($id: ID!, $reaction: String!, $reacted: Boolean!) @raw_response_type {
    reactToMessage(id: $id, reaction: $reaction, reacted: $reacted) {
      __typename
      ... on ReactToMessageSuccess {
        reactedMessage {
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

const subscription = graphql`
  subscription MessageReactionsLiveSubscription {
    messageReactionsChanged {
      id
      reactions {
        reaction
        count
        viewerHasReacted
      }
    }
  }
`;

/**
 * Reactions to the messages of all the viewer's conversations, live: one subscription for the
 * messenger, whose events Relay merges into the bubbles showing those messages (by id).
 */
export function useMessageReactionsLive() {
  const config = useMemo<GraphQLSubscriptionConfig<MessageReactionsLiveSubscription>>(
    () => ({ subscription, variables: {}, onError: () => {} }),
    [],
  );
  useSubscription(config);
}

/** The reaction bar under a message bubble's content: shown at once (optimistic), sent as a state. */
export function MessageReactions({ message }: { message: MessageReactions_message$key }) {
  const data = useFragment(fragment, message);
  // The bar shows exactly these three fields of each reaction.
  const reactions = data.reactions.map(({ reaction, count, viewerHasReacted }) => ({ reaction, count, viewerHasReacted }));
  const bar = useReactionBar<MessageReactionsMutation>(mutation, data.id, reactions, {
    optimistic: (counts) => ({
      reactToMessage: { __typename: 'ReactToMessageSuccess', reactedMessage: { id: data.id, reactions: counts as never } },
    }),
    answer: (response) => response.reactToMessage,
    success: 'ReactToMessageSuccess',
  });
  return <ReactionBar {...bar} testId="message-reactions" />;
}
