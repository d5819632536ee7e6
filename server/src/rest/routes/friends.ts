import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { restUser } from '../fragments';
import { userGlobalId } from './profile';
import { text } from './values';
import { specFriendshipStatus, type FriendshipState } from '../../services/relations';

/** The spec's `friendship_status` of a GraphQL `FriendshipState` name (PENDING_OUTGOING is pending-outgoing). */
const restFriendshipStatus = (name: string | null) =>
  specFriendshipStatus(name ? (name.toLowerCase().replace('_', '-') as FriendshipState) : 'none');

/** What every friendship change answers: the new status, from the caller's side. */
const change = (field: string) => (data: Record<string, { user: { friendshipStatus: string | null } | null }>) => {
  // No user: that member blocked the caller (the caller blocking back), so the pair is blocked by them.
  const state = data[field]!.user?.friendshipStatus ?? 'BLOCKED_BY_THEM';
  return { success: true, status: restFriendshipStatus(state), state: state?.toLowerCase() ?? null };
};

const userAction = (method: 'POST', path: string, mutation: string, id: (req: RestRequest) => string): RestRoute => ({
  method,
  path,
  access: 'member',
  operation: `mutation Rest_${mutation}($userId: ID!) {
    ${mutation}(userId: $userId) { __typename ...RestError ... on FriendshipChange { user { friendshipStatus } } }
  }`,
  variables: (req) => ({ userId: userGlobalId(id(req)) }),
  respond: change(mutation),
});

/** A friendship record of spec section 3: `user` asked, `friend` was asked. */
const FRIENDSHIP_FIELDS = 'databaseId status createdAt requester { ...RestUser } addressee { ...RestUser }';
const restFriendship = (f: { databaseId: number; status: string; createdAt: string; requester: never; addressee: never }) => ({
  id: f.databaseId,
  status: f.status.toLowerCase(),
  user: restUser(f.requester),
  friend: restUser(f.addressee),
  created_at: f.createdAt,
});

/** Spec section 7: the friendship paths of "Profile and settings" and "Friends and messages". */
export const friendRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/search-friends',
    access: 'member',
    operation: `query RestSearchFriends($query: String!) {
      contactSearch(query: $query, first: 50) {
        edges { node { databaseId username firstName lastName avatarImage friendshipStatus } }
      }
    }`,
    variables: ({ query }) => ({ query: query.get('query') ?? '' }),
    respond: ({ contactSearch }) =>
      contactSearch.edges.map(({ node }: { node: Record<string, never> }) => ({
        id: node.databaseId,
        username: node.username,
        first_name: node.firstName,
        last_name: node.lastName,
        avatar_image: node.avatarImage,
        friendship_status: restFriendshipStatus(node.friendshipStatus),
      })),
  },
  {
    method: 'GET',
    path: '/friendship-status/:id(\\d+)',
    access: 'member',
    operation: `query RestFriendshipStatus($id: ID!) { node(id: $id) { ... on User { friendshipStatus } } }`,
    variables: ({ params }) => ({ id: userGlobalId(params.id) }),
    notFound: { field: 'node', detail: 'user.notFound' },
    respond: ({ node }) => ({
      status: restFriendshipStatus(node.friendshipStatus),
      state: node.friendshipStatus?.toLowerCase() ?? null,
    }),
  },
  userAction('POST', '/users/:id(\\d+)/block', 'blockUser', ({ params }) => params.id),
  userAction('POST', '/users/:id(\\d+)/unblock', 'unblockUser', ({ params }) => params.id),
  userAction('POST', '/friend-requests', 'sendFriendRequest', ({ body }) => text(body.friend_id)),
  userAction('POST', '/friends/request', 'sendFriendRequest', ({ query }) => query.get('friend_id') ?? ''),
  {
    method: 'GET',
    path: '/friend-requests/incoming',
    access: 'member',
    operation: `query RestIncomingRequests {
      incomingFriendRequests(first: 200) { edges { node { databaseId createdAt requester { ...RestUser } } } }
    }`,
    respond: ({ incomingFriendRequests }) =>
      incomingFriendRequests.edges.map(({ node }: { node: { databaseId: number; createdAt: string; requester: never } }) => ({
        id: node.databaseId,
        user: restUser(node.requester),
        created_at: node.createdAt,
      })),
  },
  {
    method: 'PUT',
    path: '/friends/:id(\\d+)/respond',
    access: 'owner',
    operation: `mutation RestRespond($requestId: ID!, $accept: Boolean!) {
      respondToFriendRequest(requestId: $requestId, accept: $accept) {
        __typename ...RestError ... on FriendshipChange { user { friendshipStatus } }
      }
    }`,
    // {id} is the request's id, as GET /friend-requests/incoming lists it.
    variables: ({ params, query }) => ({
      requestId: encodeGlobalID('Friendship', params.id),
      // Anything but true/false is refused (400) rather than taken as a decline.
      accept: ({ true: true, false: false } as Record<string, boolean>)[query.get('accept') ?? ''] ?? null,
    }),
    respond: change('respondToFriendRequest'),
  },
  {
    method: 'GET',
    path: '/friends',
    access: 'member',
    operation: `query RestFriends { friendships(first: 200) { edges { node { ${FRIENDSHIP_FIELDS} } } } }`,
    respond: ({ friendships }) =>
      friendships.edges.map(({ node }: { node: Parameters<typeof restFriendship>[0] }) => restFriendship(node)),
  },
];
