import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { ViewerLiveSubscription } from '../../__generated__/ViewerLiveSubscription.graphql';
import { useAuth } from './AuthProvider';
import { readAuthUser } from './authUser';

const viewerSubscription = graphql`
  subscription ViewerLiveSubscription {
    viewerChanged {
      ...authUser_user
    }
  }
`;

/**
 * The signed-in member as the server has them, live: when an admin promotes or demotes them (or
 * renames them), the role badge, the links and the role guards (RequireRole sends them away from a page
 * they may no longer see) follow at once, in every open tab. The server answers at once too, so a
 * stored user trusted without asking (REVALIDATION_INTERVAL_MS) is corrected as the page opens, and a
 * socket back after a drop catches up. A blocked member's session ends: the socket closes with 4401 and
 * the app signs out (relay/environment.ts).
 */
export function ViewerLive() {
  const { refreshUser } = useAuth();
  const config = useMemo<GraphQLSubscriptionConfig<ViewerLiveSubscription>>(
    () => ({
      subscription: viewerSubscription,
      variables: {},
      onNext: (data) => {
        if (data?.viewerChanged) refreshUser(readAuthUser(data.viewerChanged));
      },
      onError: () => {},
    }),
    [refreshUser],
  );
  useSubscription(config);
  return null;
}
