import { usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { useLoaderData } from 'react-router';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

/** The page's data, from the query its route's loader started (preloadPageQuery). */
export function usePageQuery<T extends OperationType>(query: GraphQLTaggedNode): T['response'] {
  return usePreloadedQuery<T>(query, useLoaderData() as PreloadedQuery<T>);
}
