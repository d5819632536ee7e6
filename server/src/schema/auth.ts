import type { User } from '../generated/prisma/client';
import { builder } from '../builder';
import { access } from '../auth/access';
import { translate } from '../i18n';
import * as accounts from '../services/accounts';
import {
  AccountDisabledError,
  ConflictError,
  InvalidCredentialsError,
  InvalidTokenError,
  RateLimitError,
} from '../services/errors';
import type { Context } from '../context';
import { UserNode } from './user';
import { doneResult } from './errors';

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

/** The account an answer to its owner shows, readable although the request is not signed in yet (UserNode's authScopes). */
function ownAccount<U extends User | null>(ctx: Context, user: U): U {
  if (user) ctx.ownAccounts.add(user);
  return user;
}

const SignUpSuccess = builder.objectRef<{ user: User | null }>('SignUpSuccess').implement({
  fields: (t) => ({
    user: t.field({
      type: UserNode,
      nullable: true,
      description:
        'The new account when an administrator creates it; null for a self sign-up, which answers the same whether or not the email was already registered.',
      resolve: (result, _args, ctx) => ownAccount(ctx, result.user),
    }),
  }),
});

const SignInSuccess = builder.objectRef<{ token: string; user: User }>('SignInSuccess').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The bearer access token (the REST `access_token`).' }),
    user: t.field({ type: UserNode, resolve: (result, _args, ctx) => ownAccount(ctx, result.user) }),
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
const SignOutSuccess = doneResult('SignOutSuccess');

builder.mutationFields((t) => ({
  signUp: t.field({
    type: SignUpSuccess,
    ...access('anonymous'),
    args: { input: t.arg({ type: SignUpInput, required: true, validate: { schema: accounts.signUpInput } }) },
    errors: { types: [ConflictError, RateLimitError], directResult: true, union: { name: 'SignUpResult' } },
    resolve: async (_root, { input }, ctx) => ({
      user: await accounts.signUp(ctx.services, input, ctx.client, {
        admin: ctx.viewer?.user.role === 'admin',
        locale: ctx.locale,
      }),
    }),
  }),

  signIn: t.field({
    type: SignInSuccess,
    ...access('anonymous'),
    args: { input: t.arg({ type: SignInInput, required: true, validate: { schema: accounts.signInInput } }) },
    errors: {
      types: [InvalidCredentialsError, AccountDisabledError, RateLimitError],
      directResult: true,
      union: { name: 'SignInResult' },
    },
    resolve: (_root, { input }, ctx) => accounts.signIn(ctx.services, input, ctx.client),
  }),

  signOut: t.field({
    type: SignOutSuccess,
    description: 'Ends the session of the token this request carries; the token stops working.',
    ...access('member'),
    errors: { directResult: true, union: { name: 'SignOutResult' } },
    resolve: async (_root, _args, ctx) => {
      await accounts.signOut(ctx.services, ctx.viewer!.sessionId);
      return { done: true as const };
    },
  }),

  requestPasswordReset: t.field({
    type: RequestPasswordResetSuccess,
    ...access('anonymous'),
    description: 'Mails a single-use reset link when the email belongs to an active account; answers the same either way.',
    args: {
      input: t.arg({
        type: RequestPasswordResetInput,
        required: true,
        validate: { schema: accounts.requestPasswordResetInput },
      }),
    },
    errors: { types: [RateLimitError], directResult: true, union: { name: 'RequestPasswordResetResult' } },
    resolve: async (_root, { input }, ctx) => {
      await accounts.requestPasswordReset(ctx.services, input, ctx.client, ctx.locale);
      return { messageKey: 'auth.resetRequested' as const };
    },
  }),

  resetPassword: t.field({
    type: ResetPasswordSuccess,
    ...access('anonymous'),
    args: {
      input: t.arg({ type: ResetPasswordInput, required: true, validate: { schema: accounts.resetPasswordInput } }),
    },
    errors: { types: [InvalidTokenError], directResult: true, union: { name: 'ResetPasswordResult' } },
    resolve: async (_root, { input }, ctx) => {
      await accounts.resetPassword(ctx.services, input);
      return { messageKey: 'auth.passwordReset' as const };
    },
  }),
}));
