import { useCallback, useState } from 'react';
import type { GraphQLTaggedNode, MutationConfig, MutationParameters } from 'relay-runtime';
import { RequestError } from './errors';
import { loadRelay } from './loadRelay';

/**
 * useMutation's [commit, inFlight] for the pages that open without Relay (the login page, for its
 * script budget): Relay's runtime and the environment load when the form is first sent (at once
 * after that), then the mutation is committed as useMutation would.
 */
export function useMutationOnDemand<T extends MutationParameters>(
  mutation: GraphQLTaggedNode,
): [(config: Omit<MutationConfig<T>, 'mutation'>) => void, boolean] {
  const [inFlight, setInFlight] = useState(false);
  const commit = useCallback(
    (config: Omit<MutationConfig<T>, 'mutation'>) => {
      setInFlight(true);
      loadRelay().then(
        ({ relay, environment }) => {
          relay.commitMutation<T>(environment, {
            ...config,
            mutation,
            onCompleted: (response, errors) => {
              setInFlight(false);
              config.onCompleted?.(response, errors);
            },
            onError: (error) => {
              setInFlight(false);
              config.onError?.(error);
            },
          });
        },
        (error: unknown) => {
          // The code did not load: the same as a request that did not reach the server.
          setInFlight(false);
          config.onError?.(new RequestError('network', error instanceof Error ? error.message : String(error)));
        },
      );
    },
    [mutation],
  );
  return [commit, inFlight];
}
