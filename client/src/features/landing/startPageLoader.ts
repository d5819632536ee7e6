import { loadQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { StartPageQuery } from '../../__generated__/StartPageQuery.graphql';
import { currentEnvironment, getToken } from '../../relay/environment';

export const loadStartPage = () => import('./StartPage');

/**
 * The loader of `/`: for a visitor without a token, the start page's code and its query (whether
 * it is enabled, and the page), in parallel; a signed-in member goes on to the dashboard.
 */
export async function startPageLoader(): Promise<PreloadedQuery<StartPageQuery> | null> {
  if (getToken()) return null;
  void loadStartPage();
  const { default: query } = await import('../../__generated__/StartPageQuery.graphql');
  return loadQuery<StartPageQuery>(currentEnvironment(), query, {}, { fetchPolicy: 'network-only' });
}
