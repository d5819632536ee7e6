import type { RestRoute } from './router';
import { restUser } from './fragments';

/** `String(value)` for anything given, '' for nothing: the operation's zod rules then explain what is wrong. */
const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** The documented REST paths (spec section 7). Each is served at the root and under /api. */
export const routes: RestRoute[] = [
  // ── Authentication ────────────────────────────────────────────────────────────────
  {
    method: 'POST',
    path: '/auth/login',
    operation: `mutation RestLogin($input: SignInInput!) {
      signIn(input: $input) { __typename ...RestError ... on SignInSuccess { token user { ...RestUser } } }
    }`,
    variables: ({ body }) => ({ input: { email: text(body.email), password: text(body.password) } }),
    respond: ({ signIn }) => ({ access_token: signIn.token, token_type: 'bearer', user: restUser(signIn.user) }),
  },
  {
    method: 'POST',
    path: '/auth/register',
    status: 201,
    operation: `mutation RestRegister($input: SignUpInput!) {
      signUp(input: $input) { __typename ...RestError ... on SignUpSuccess { user { ...RestUser } } }
    }`,
    variables: ({ body }) => ({
      input: {
        firstName: text(body.first_name),
        lastName: text(body.last_name),
        username: text(body.username),
        email: text(body.email),
        password: text(body.password),
      },
    }),
    respond: ({ signUp }) => restUser(signUp.user),
  },
  {
    method: 'GET',
    path: '/auth/me',
    signedIn: true,
    operation: `query RestMe { viewer { ...RestUser } }`,
    respond: ({ viewer }) => restUser(viewer),
  },
  {
    method: 'POST',
    path: '/auth/logout',
    signedIn: true,
    operation: `mutation RestLogout { signOut }`,
    respond: () => ({ success: true }),
  },
  {
    method: 'POST',
    path: '/auth/forgot-password',
    operation: `mutation RestForgotPassword($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input) { __typename ...RestError ... on RequestPasswordResetSuccess { message } }
    }`,
    variables: ({ body }) => ({ input: { email: text(body.email) } }),
    respond: ({ requestPasswordReset }) => ({ message: requestPasswordReset.message }),
  },
  {
    method: 'POST',
    path: '/auth/reset-password',
    operation: `mutation RestResetPassword($input: ResetPasswordInput!) {
      resetPassword(input: $input) { __typename ...RestError ... on ResetPasswordSuccess { message } }
    }`,
    variables: ({ body }) => ({ input: { token: text(body.token), password: text(body.new_password ?? body.password) } }),
    respond: ({ resetPassword }) => ({ message: resetPassword.message }),
  },

  // ── System ────────────────────────────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/system/status',
    signedIn: true,
    operation: `query RestSystemStatus {
      systemStatus { usersTotal contentTotal contentPublished friendships messages }
    }`,
    respond: ({ systemStatus: s }) => ({
      users: { total: s.usersTotal },
      content: { total: s.contentTotal, published: s.contentPublished },
      social: { friendships: s.friendships, messages: s.messages },
    }),
  },

  // ── Users (moderators and admins) ─────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/users',
    signedIn: true,
    operation: `query RestUsers($search: String, $first: Int, $after: String) {
      users(search: $search, first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { node { ...RestUser } }
      }
    }`,
    variables: ({ query }) => ({
      search: query.get('search') ?? query.get('query'),
      first: Number(query.get('limit') ?? 20) || 20,
      after: query.get('after'),
    }),
    respond: ({ users }) => ({
      users: users.edges.map((edge: { node: Parameters<typeof restUser>[0] }) => restUser(edge.node)),
      total: users.totalCount,
      next_cursor: users.pageInfo.hasNextPage ? users.pageInfo.endCursor : null,
    }),
  },
];
