import { builder } from '../builder';
import { translate } from '../i18n';
import {
  APP_ERRORS,
  AppError,
  ConflictError,
  LimitReachedError,
  RateLimitError,
  SubscriptionPendingError,
  ValidationError,
  VerificationCodeError,
  type FieldIssue,
} from '../services/errors';

/** Every expected failure implements Error, so clients can always ask `... on Error { message }`. */
export const ErrorInterface = builder.interfaceRef<AppError>('Error').implement({
  fields: (t) => ({
    message: t.string({
      description: "A human-readable text in the request's language (Accept-Language).",
      resolve: (error, _args, ctx) => translate(ctx.locale, error.messageKey, error.params),
    }),
  }),
});

const FieldError = builder.objectRef<FieldIssue>('FieldError').implement({
  fields: (t) => ({
    path: t.exposeStringList('path', { description: 'The input field, e.g. ["email"].' }),
    message: t.string({ resolve: (issue, _args, ctx) => translate(ctx.locale, issue.messageKey, issue.params) }),
  }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ fieldErrors: t.field({ type: [FieldError], resolve: (error) => error.fieldErrors }) }),
});

builder.objectType(RateLimitError, {
  name: 'RateLimitError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds') }),
});

builder.objectType(ConflictError, {
  name: 'ConflictError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ field: t.exposeString('field', { description: 'The input field whose value is taken.' }) }),
});

builder.objectType(VerificationCodeError, {
  name: 'VerificationCodeError',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    remainingAttempts: t.exposeInt('remainingAttempts', {
      description: 'Tries left with this code (0 when a new code is needed).',
    }),
  }),
});

builder.objectType(LimitReachedError, {
  name: 'LimitReachedError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ limit: t.exposeInt('limit', { description: 'The maximum that was reached.' }) }),
});

/** The typed errors with fields of their own are defined above; every other one is a plain Error. */
const withOwnFields = new Set<unknown>([
  ValidationError,
  RateLimitError,
  ConflictError,
  VerificationCodeError,
  LimitReachedError,
  // schema/subscriptions.ts: its `existing` field is a subscription.
  SubscriptionPendingError,
]);
for (const type of APP_ERRORS) {
  if (!withOwnFields.has(type))
    builder.objectType(type as typeof AppError & (new () => AppError), { name: type.name, interfaces: [ErrorInterface] });
}

/**
 * The success member of a result union for a mutation that has nothing to answer but "done"
 * (a union's members are objects, so a bare Boolean cannot be one).
 */
export const doneResult = (name: string) =>
  builder.objectRef<{ done: true }>(name).implement({
    fields: (t) => ({
      done: t.boolean({ description: 'Always true: a failure answers one of the union’s errors instead.', resolve: () => true }),
    }),
  });

/** The success member of a deletion's result union: the global id of what was deleted. */
export const deletedResult = (name: string) =>
  builder.objectRef<{ deletedId: string }>(name).implement({
    fields: (t) => ({ deletedId: t.exposeID('deletedId', { description: 'The global id of what was deleted.' }) }),
  });
