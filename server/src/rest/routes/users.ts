import type { RestRoute } from '../router';
import { restUser } from '../fragments';
import { pageSize } from './values';

/** The user list for moderators and admins (`GET /users`). */
export const userRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/users',
    access: 'moderator',
    operation: `query RestUsers($search: String, $first: Int, $after: String) {
      users(search: $search, first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { node { ...RestUser } }
      }
    }`,
    variables: ({ query }) => ({
      search: query.get('search') ?? query.get('query'),
      first: pageSize(query),
      after: query.get('after'),
    }),
    respond: ({ users }) => ({
      users: users.edges.map((edge: { node: Parameters<typeof restUser>[0] }) => restUser(edge.node)),
      total: users.totalCount,
      next_cursor: users.pageInfo.hasNextPage ? users.pageInfo.endCursor : null,
    }),
  },
];
