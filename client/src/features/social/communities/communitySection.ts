import { FEED_PAGE_SIZE } from '../publications/feedPageSize';

/** A community's page: `/social?section=community&community=<global id>`. */
export const COMMUNITY_PARAM = 'community';

/** How many communities, members or requests a list shows at a time. */
export const COMMUNITY_LIST_SIZE = 20;

export const communityPath = (id: string) => `/social?section=community&${COMMUNITY_PARAM}=${encodeURIComponent(id)}`;

/** CommunityPanelQuery's variables for an address, or null when it names no community. */
export function communityVariables(params: URLSearchParams) {
  const id = (params.get(COMMUNITY_PARAM) ?? '').trim();
  return id ? { id, count: FEED_PAGE_SIZE, members: COMMUNITY_LIST_SIZE } : null;
}
