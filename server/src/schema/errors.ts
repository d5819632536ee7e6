import { builder } from '../builder';
import { translate } from '../i18n';
import {
  AccountDisabledError,
  AppError,
  ConflictError,
  DeliveryFailedError,
  FileTooLargeError,
  ForbiddenError,
  FriendshipRefusedError,
  InvalidCredentialsError,
  InvalidTokenError,
  NotFoundError,
  PhoneLockedError,
  LimitReachedError,
  RateLimitError,
  UnsupportedFileTypeError,
  UserBlockedError,
  ValidationError,
  VerificationCodeError,
  WrongPasswordError,
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

builder.objectType(InvalidCredentialsError, { name: 'InvalidCredentialsError', interfaces: [ErrorInterface] });
builder.objectType(AccountDisabledError, { name: 'AccountDisabledError', interfaces: [ErrorInterface] });
builder.objectType(InvalidTokenError, { name: 'InvalidTokenError', interfaces: [ErrorInterface] });

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

builder.objectType(ForbiddenError, { name: 'ForbiddenError', interfaces: [ErrorInterface] });
builder.objectType(NotFoundError, { name: 'NotFoundError', interfaces: [ErrorInterface] });
builder.objectType(WrongPasswordError, { name: 'WrongPasswordError', interfaces: [ErrorInterface] });
builder.objectType(PhoneLockedError, { name: 'PhoneLockedError', interfaces: [ErrorInterface] });
builder.objectType(FileTooLargeError, { name: 'FileTooLargeError', interfaces: [ErrorInterface] });
builder.objectType(UnsupportedFileTypeError, { name: 'UnsupportedFileTypeError', interfaces: [ErrorInterface] });
builder.objectType(FriendshipRefusedError, { name: 'FriendshipRefusedError', interfaces: [ErrorInterface] });
builder.objectType(UserBlockedError, { name: 'UserBlockedError', interfaces: [ErrorInterface] });
builder.objectType(DeliveryFailedError, { name: 'DeliveryFailedError', interfaces: [ErrorInterface] });

builder.objectType(VerificationCodeError, {
  name: 'VerificationCodeError',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    remainingAttempts: t.exposeInt('remainingAttempts', { description: 'Tries left with this code (0 when a new code is needed).' }),
  }),
});

builder.objectType(LimitReachedError, {
  name: 'LimitReachedError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ limit: t.exposeInt('limit', { description: 'The maximum that was reached.' }) }),
});
