import { graphql, useMutation } from 'react-relay/hooks';
import type { GraphQLTaggedNode, MutationParameters, SelectorStoreUpdater } from 'relay-runtime';
import type { friendshipBlockMutation } from '../../__generated__/friendshipBlockMutation.graphql';
import type { friendshipFollowMutation } from '../../__generated__/friendshipFollowMutation.graphql';
import type { friendshipUnfollowMutation } from '../../__generated__/friendshipUnfollowMutation.graphql';
import type { friendshipRemoveMutation } from '../../__generated__/friendshipRemoveMutation.graphql';
import type { friendshipRespondMutation } from '../../__generated__/friendshipRespondMutation.graphql';
import type { friendshipSendRequestMutation } from '../../__generated__/friendshipSendRequestMutation.graphql';
import type { friendshipUnblockMutation } from '../../__generated__/friendshipUnblockMutation.graphql';
import { toaster } from '../../components/ui/toaster';
import type { MutationErrorKey } from '../../relay/mutationError';
import { applyFriendshipChange } from './friendshipStore';

/**
 * The friendship actions (and following, which answers the same way), the only ones the client has
 * (profile, contacts, meeting area). Each
 * answers with the member's new state and both friend counts, which Relay merges; the updater
 * then brings the lists of relations in the store in line (see applyFriendshipChange).
 */
// What a member shows in the friend lists the updater may add them to (a profile's Friends tab).
// These two fragments only fill the store: the lists render the fields and the updater reads the
// records through the store API, so relay/unused-fields (which looks for reads in this file) is off
// for each field, one comment per field as the rule wants.
graphql`
  fragment friendship_listedUser on User {
    # eslint-disable-next-line relay/unused-fields -- rendered by the friend lists
    username
    # eslint-disable-next-line relay/unused-fields -- rendered by the friend lists
    firstName
    # eslint-disable-next-line relay/unused-fields -- rendered by the friend lists
    lastName
    # eslint-disable-next-line relay/unused-fields -- rendered by the friend lists
    avatarImage
    # eslint-disable-next-line relay/unused-fields -- rendered by the friend lists
    status
  }
`;

graphql`
  fragment friendship_change on FriendshipChange {
    # eslint-disable-next-line relay/unused-fields -- read by applyFriendshipChange (updaterFor)
    user {
      id
      friendshipStatus
      friendsCount
      isSubscribed
      followersCount
      ...friendship_listedUser
    }
    # eslint-disable-next-line relay/unused-fields -- read by applyFriendshipChange (updaterFor)
    viewer {
      id
      friendsCount
      ...friendship_listedUser
    }
  }
`;

const sendRequestMutation = graphql`
  mutation friendshipSendRequestMutation($userId: ID!) {
    sendFriendRequest(userId: $userId) {
      __typename
      ...friendship_change @alias(as: "change")
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const respondMutation = graphql`
  mutation friendshipRespondMutation($requestId: ID, $userId: ID, $accept: Boolean!) {
    respondToFriendRequest(requestId: $requestId, userId: $userId, accept: $accept) {
      __typename
      ...friendship_change @alias(as: "change")
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const removeMutation = graphql`
  mutation friendshipRemoveMutation($userId: ID!) {
    removeFriend(userId: $userId) {
      __typename
      ...friendship_change @alias(as: "change")
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const blockMutation = graphql`
  mutation friendshipBlockMutation($userId: ID!) {
    blockUser(userId: $userId) {
      __typename
      ...friendship_change @alias(as: "change")
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const unblockMutation = graphql`
  mutation friendshipUnblockMutation($userId: ID!) {
    unblockUser(userId: $userId) {
      __typename
      ...friendship_change @alias(as: "change")
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const followMutation = graphql`
  mutation friendshipFollowMutation($userId: ID!) {
    followUser(userId: $userId) {
      __typename
      ...friendship_change @alias(as: "change")
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const unfollowMutation = graphql`
  mutation friendshipUnfollowMutation($userId: ID!) {
    unfollowUser(userId: $userId) {
      __typename
      ...friendship_change @alias(as: "change")
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type FriendshipMutation = MutationParameters & {
  response: Record<string, { readonly change: unknown; readonly error: MutationErrorKey | null | undefined }>;
};

const updaterFor =
  (field: string): SelectorStoreUpdater<unknown> =>
  (store) => {
    const change = store.getRootField(field);
    const user = change?.getLinkedRecord('user');
    if (change?.getType() !== 'FriendshipChange' || !user) return;
    applyFriendshipChange(store, user, change.getLinkedRecord('viewer') ?? null);
  };

export type FriendshipOutcome = {
  /** Toasted on success. */
  success?: string;
  /** The failure's text: for a typed error, or (null) a request that failed. */
  failure: (error: MutationErrorKey | null) => string;
  /** Shows the failure's text; a toast unless given. */
  onFailure?: (text: string) => void;
  /** Called when the action is over, whichever way. */
  onSettled?: () => void;
};

function useFriendshipMutation<M extends FriendshipMutation>(mutation: GraphQLTaggedNode, field: string) {
  const [commit, inFlight] = useMutation<M>(mutation);
  const run = (variables: M['variables'], outcome: FriendshipOutcome) => {
    const fail = (error: MutationErrorKey | null) => {
      const text = outcome.failure(error);
      if (outcome.onFailure) outcome.onFailure(text);
      else toaster.create({ type: 'error', title: text });
      outcome.onSettled?.();
    };
    commit({
      variables,
      updater: updaterFor(field),
      onCompleted: (response) => {
        const result = response[field]!;
        if (!result.change) return fail(result.error ?? null);
        if (outcome.success) toaster.create({ type: 'success', title: outcome.success });
        outcome.onSettled?.();
      },
      onError: () => fail(null),
    });
  };
  return [run, inFlight] as const;
}

export const useSendFriendRequest = () =>
  useFriendshipMutation<friendshipSendRequestMutation>(sendRequestMutation, 'sendFriendRequest');
export const useRespondToFriendRequest = () =>
  useFriendshipMutation<friendshipRespondMutation>(respondMutation, 'respondToFriendRequest');
export const useRemoveFriend = () => useFriendshipMutation<friendshipRemoveMutation>(removeMutation, 'removeFriend');
export const useBlockUser = () => useFriendshipMutation<friendshipBlockMutation>(blockMutation, 'blockUser');
export const useUnblockUser = () => useFriendshipMutation<friendshipUnblockMutation>(unblockMutation, 'unblockUser');
export const useFollowUser = () => useFriendshipMutation<friendshipFollowMutation>(followMutation, 'followUser');
export const useUnfollowUser = () => useFriendshipMutation<friendshipUnfollowMutation>(unfollowMutation, 'unfollowUser');
