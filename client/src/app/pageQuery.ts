import { loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ConcreteRequest, GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { currentEnvironment, getToken } from '../relay/environment';

/**
 * A route loader that starts the page's query while the page's code is still loading (DESIGN.md
 * convention 5): the two travel in parallel. The query's artifact is imported here, not by the router,
 * so no page's query weighs on the entry chunk (the login page's budget). Without a token there is
 * nothing to load: the guard sends the visitor to /login.
 */
export function preloadPageQuery<T extends OperationType>(
  artifact: () => Promise<{ default: ConcreteRequest }>,
  pageCode: () => Promise<unknown>,
  variables: (args: LoaderFunctionArgs) => T['variables'] = () => ({}),
) {
  return async (args: LoaderFunctionArgs): Promise<PreloadedQuery<T> | null> => {
    if (!getToken()) return null;
    void pageCode();
    const { default: query } = await artifact();
    return loadQuery<T>(currentEnvironment(), query, variables(args), { fetchPolicy: 'store-and-network' });
  };
}

/** The page's data, from the query its route's loader started (preloadPageQuery). */
export function usePageQuery<T extends OperationType>(query: GraphQLTaggedNode): T['response'] {
  return usePreloadedQuery<T>(query, useLoaderData() as PreloadedQuery<T>);
}
