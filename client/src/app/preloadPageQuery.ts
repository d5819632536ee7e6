import type { PreloadedQuery } from 'react-relay/hooks';
import type { LoaderFunctionArgs } from 'react-router';
import type { ConcreteRequest, OperationType } from 'relay-runtime';
import { loadRelay } from '../relay/loadRelay';
import { getToken } from '../relay/token';

/**
 * A route loader that starts the page's query while the page's code is still loading (DESIGN.md
 * convention 5): the two travel in parallel (usePageQuery reads it). The query's artifact and Relay's
 * runtime are imported here, not by the router, so neither weighs on the entry chunk (the login
 * page's budget). Without a token there is nothing to load: the guard sends the visitor to /login.
 */
export function preloadPageQuery<T extends OperationType>(
  artifact: () => Promise<{ default: ConcreteRequest }>,
  pageCode: () => Promise<unknown>,
  variables: (args: LoaderFunctionArgs) => T['variables'] = () => ({}),
) {
  return async (args: LoaderFunctionArgs): Promise<PreloadedQuery<T> | null> => {
    if (!getToken()) return null;
    void pageCode();
    const [{ default: query }, { relay, environment }] = await Promise.all([artifact(), loadRelay()]);
    return relay.loadQuery<T>(environment, query, variables(args), { fetchPolicy: 'store-and-network' });
  };
}
