import type { RestRoute } from '../router';
import { restSubmittedUser, restUser } from '../fragments';
import { text } from './values';

const signUpFields = (body: Record<string, unknown>) => ({
  firstName: text(body.first_name),
  lastName: text(body.last_name),
  username: text(body.username),
  email: text(body.email),
  password: text(body.password),
});

/** Spec section 7, "Authentication" (plus logout and the reset link's completion). */
export const authRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/auth/login',
    access: 'anonymous',
    operation: `mutation RestLogin($input: SignInInput!) {
      signIn(input: $input) { __typename ...RestError ... on SignInSuccess { token user { ...RestUser } } }
    }`,
    variables: ({ body }) => ({ input: { email: text(body.email), password: text(body.password) } }),
    respond: ({ signIn }) => ({ access_token: signIn.token, token_type: 'bearer', user: restUser(signIn.user) }),
  },
  {
    method: 'POST',
    path: '/auth/register',
    access: 'anonymous',
    status: 201,
    operation: `mutation RestRegister($input: SignUpInput!) {
      signUp(input: $input) { __typename ...RestError ... on SignUpSuccess { user { ...RestUser } } }
    }`,
    variables: ({ body }) => ({ input: signUpFields(body) }),
    respond: ({ signUp }, { body }) => (signUp.user ? restUser(signUp.user) : restSubmittedUser(signUpFields(body))),
  },
  {
    method: 'GET',
    path: '/auth/me',
    access: 'member',
    operation: `query RestMe { viewer { ...RestUser } }`,
    respond: ({ viewer }) => restUser(viewer),
  },
  {
    method: 'POST',
    path: '/auth/logout',
    access: 'member',
    operation: `mutation RestLogout { signOut { __typename ...RestError } }`,
    respond: () => ({ success: true }),
  },
  {
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'anonymous',
    operation: `mutation RestForgotPassword($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input) { __typename ...RestError ... on RequestPasswordResetSuccess { message } }
    }`,
    variables: ({ body }) => ({ input: { email: text(body.email) } }),
    respond: ({ requestPasswordReset }) => ({ message: requestPasswordReset.message }),
  },
  {
    method: 'POST',
    path: '/auth/reset-password',
    access: 'anonymous',
    operation: `mutation RestResetPassword($input: ResetPasswordInput!) {
      resetPassword(input: $input) { __typename ...RestError ... on ResetPasswordSuccess { message } }
    }`,
    variables: ({ body }) => ({ input: { token: text(body.token), password: text(body.new_password ?? body.password) } }),
    respond: ({ resetPassword }) => ({ message: resetPassword.message }),
  },
];
