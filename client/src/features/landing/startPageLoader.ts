import type { PreloadedQuery } from 'react-relay/hooks';
import type { StartPageQuery } from '../../__generated__/StartPageQuery.graphql';
import { loadRelay } from '../../relay/loadRelay';
import { getToken } from '../../relay/token';

export const loadStartPage = () => import('./StartPage');

/**
 * The loader of `/`: for a visitor without a token, the start page's code and its query (whether
 * it is enabled, and the page), in parallel; a signed-in member goes on to the dashboard.
 */
export async function startPageLoader(): Promise<PreloadedQuery<StartPageQuery> | null> {
  if (getToken()) return null;
  void loadStartPage();
  const [{ default: query }, { relay, environment }] = await Promise.all([
    import('../../__generated__/StartPageQuery.graphql'),
    loadRelay(),
  ]);
  return relay.loadQuery<StartPageQuery>(environment, query, {}, { fetchPolicy: 'network-only' });
}
