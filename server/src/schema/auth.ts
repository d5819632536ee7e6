import type { User } from '../generated/prisma/client';
import { builder } from '../builder';
import { translate } from '../i18n';
import * as accounts from '../services/accounts';
import {
  AccountDisabledError,
  ConflictError,
  InvalidCredentialsError,
  InvalidTokenError,
  RateLimitError,
  ValidationError,
} from '../services/errors';
import { UserNode } from './user';

const SignUpInput = builder.inputType('SignUpInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    username: t.string({ required: true }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

const SignInInput = builder.inputType('SignInInput', {
  fields: (t) => ({ email: t.string({ required: true }), password: t.string({ required: true }) }),
});

const RequestPasswordResetInput = builder.inputType('RequestPasswordResetInput', {
  fields: (t) => ({ email: t.string({ required: true }) }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  fields: (t) => ({
    token: t.string({ required: true, description: 'The token from the reset link.' }),
    password: t.string({ required: true }),
  }),
});

const SignUpSuccess = builder.objectRef<{ user: User }>('SignUpSuccess').implement({
  fields: (t) => ({ user: t.field({ type: UserNode, grantScopes: ['ownAccount'], resolve: (result) => result.user }) }),
});

const SignInSuccess = builder.objectRef<{ token: string; user: User }>('SignInSuccess').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The bearer access token (the REST `access_token`).' }),
    user: t.field({ type: UserNode, grantScopes: ['ownAccount'], resolve: (result) => result.user }),
  }),
});

/** A confirmation whose text is in the request's language. */
const messageResult = (name: string) =>
  builder.objectRef<{ messageKey: Parameters<typeof translate>[1] }>(name).implement({
    fields: (t) => ({
      message: t.string({ resolve: (result, _args, ctx) => translate(ctx.locale, result.messageKey) }),
    }),
  });
const RequestPasswordResetSuccess = messageResult('RequestPasswordResetSuccess');
const ResetPasswordSuccess = messageResult('ResetPasswordSuccess');

builder.mutationFields((t) => ({
  signUp: t.field({
    type: SignUpSuccess,
    args: { input: t.arg({ type: SignUpInput, required: true, validate: { schema: accounts.signUpInput } }) },
    errors: { types: [ValidationError, ConflictError], directResult: true, union: { name: 'SignUpResult' } },
    resolve: async (_root, { input }, ctx) => ({ user: await accounts.signUp(ctx.services, input) }),
  }),

  signIn: t.field({
    type: SignInSuccess,
    args: { input: t.arg({ type: SignInInput, required: true, validate: { schema: accounts.signInInput } }) },
    errors: {
      types: [ValidationError, InvalidCredentialsError, AccountDisabledError, RateLimitError],
      directResult: true,
      union: { name: 'SignInResult' },
    },
    resolve: (_root, { input }, ctx) => accounts.signIn(ctx.services, input, ctx.client),
  }),

  signOut: t.boolean({
    description: 'Ends the session of the token this request carries; the token stops working.',
    authScopes: { loggedIn: true },
    resolve: async (_root, _args, ctx) => {
      await accounts.signOut(ctx.services, ctx.viewer!.sessionId);
      return true;
    },
  }),

  requestPasswordReset: t.field({
    type: RequestPasswordResetSuccess,
    description: 'Mails a single-use reset link when the email belongs to an active account; answers the same either way.',
    args: {
      input: t.arg({
        type: RequestPasswordResetInput,
        required: true,
        validate: { schema: accounts.requestPasswordResetInput },
      }),
    },
    errors: { types: [ValidationError, RateLimitError], directResult: true, union: { name: 'RequestPasswordResetResult' } },
    resolve: async (_root, { input }, ctx) => {
      await accounts.requestPasswordReset(ctx.services, input, ctx.client, ctx.locale);
      return { messageKey: 'auth.resetRequested' as const };
    },
  }),

  resetPassword: t.field({
    type: ResetPasswordSuccess,
    args: {
      input: t.arg({ type: ResetPasswordInput, required: true, validate: { schema: accounts.resetPasswordInput } }),
    },
    errors: { types: [ValidationError, InvalidTokenError], directResult: true, union: { name: 'ResetPasswordResult' } },
    resolve: async (_root, { input }, ctx) => {
      await accounts.resetPassword(ctx.services, input);
      return { messageKey: 'auth.passwordReset' as const };
    },
  }),
}));
