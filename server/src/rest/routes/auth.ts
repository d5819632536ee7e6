import type { RestRoute } from '../router';
import { restUser } from '../fragments';
import { text } from './values';

/** Spec section 7, "Authentication" (plus logout and the reset link's completion). */
export const authRoutes: RestRoute[] = [
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
];
