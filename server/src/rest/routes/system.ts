import type { RestRoute } from '../router';

/** `GET /system/status`: the live counters of spec section 3, "System status". */
export const systemRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/system/status',
    access: 'member',
    operation: `query RestSystemStatus {
      systemStatus { usersTotal contentTotal contentPublished friendships messages }
    }`,
    respond: ({ systemStatus: s }) => ({
      users: { total: s.usersTotal },
      content: { total: s.contentTotal, published: s.contentPublished },
      social: { friendships: s.friendships, messages: s.messages },
    }),
  },
];
