import type { MessageKey, MessageParams } from '../i18n';

/**
 * Expected failures. Services throw these; GraphQL returns them as typed results (errors plugin)
 * and the REST layer turns them into the status code below with `{detail}` in the caller's language.
 */
export abstract class AppError extends Error {
  /** The HTTP status the REST layer answers with; the GraphQL type has the class's name. */
  static readonly status: number = 400;
  /** `extensions.code` when the error reaches a client outside a typed result; derived from the name by default. */
  static readonly code?: string;
  constructor(
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(messageKey);
    this.name = new.target.name;
  }
}

export type FieldIssue = { path: string[]; messageKey: string; params?: MessageParams };

export class ValidationError extends AppError {
  static override readonly status = 422;
  constructor(readonly fieldErrors: FieldIssue[]) {
    super('validation.invalidInput');
  }
}

export class InvalidCredentialsError extends AppError {
  static override readonly status = 401;
  constructor() {
    super('auth.invalidCredentials');
  }
}

export class AccountDisabledError extends AppError {
  static override readonly status = 403;
  constructor() {
    super('auth.accountDisabled');
  }
}

export class RateLimitError extends AppError {
  static override readonly status = 429;
  constructor(
    readonly retryAfterSeconds: number,
    key: MessageKey = 'auth.tooManyAttempts',
  ) {
    super(key, { seconds: retryAfterSeconds });
  }
}

/** A unique value (email, username…) is already taken; `field` names the input field. */
export class ConflictError extends AppError {
  static override readonly status = 409;
  constructor(
    readonly field: string,
    key: MessageKey,
  ) {
    super(key);
  }
}

export class InvalidTokenError extends AppError {
  static override readonly status = 400;
  constructor(key: MessageKey = 'auth.resetTokenInvalid') {
    super(key);
  }
}

export class NotAuthenticatedError extends AppError {
  static override readonly status = 401;
  static override readonly code = 'UNAUTHENTICATED';
  constructor() {
    super('auth.notAuthenticated');
  }
}

export class ForbiddenError extends AppError {
  static override readonly status = 403;
  /** `key` says which rule refused, when that helps the user (e.g. who may delete a class). */
  constructor(key: MessageKey = 'auth.forbidden', params: MessageParams = {}) {
    super(key, params);
  }
}

export class NotFoundError extends AppError {
  static override readonly status = 404;
  constructor(key: MessageKey = 'request.notFound', params: MessageParams = {}) {
    super(key, params);
  }
}

/** The current password given to authorise a change is not the account's password. */
export class WrongPasswordError extends AppError {
  static override readonly status = 400;
  constructor() {
    super('password.wrongCurrent');
  }
}

/** A verified phone number is locked: it cannot be replaced through the profile or settings. */
export class PhoneLockedError extends AppError {
  static override readonly status = 409;
  constructor(key: MessageKey = 'phone.locked') {
    super(key);
  }
}

/** A phone verification code was not accepted: wrong, expired, never requested or too many attempts. */
export class VerificationCodeError extends AppError {
  static override readonly status = 400;
  constructor(
    key: MessageKey,
    readonly remainingAttempts: number = 0,
  ) {
    super(key, { remaining: remainingAttempts });
  }
}

/** An upload over its size limit; the text may name the file and the limit in MB. */
export class FileTooLargeError extends AppError {
  static override readonly status = 413;
  constructor(params: { name: string; max: number } & MessageParams, key: MessageKey = 'upload.tooLarge') {
    super(key, params);
  }
}

/** An upload whose content (not its name) is not one of the accepted types. */
export class UnsupportedFileTypeError extends AppError {
  static override readonly status = 415;
  constructor(key: MessageKey, params: MessageParams = {}) {
    super(key, params);
  }
}

/** A friendship action that does not fit the pair's current state (already friends, no request...). */
export class FriendshipRefusedError extends AppError {
  static override readonly status = 409;
  constructor(key: MessageKey) {
    super(key);
  }
}

/** One of the two users blocked the other: no friend requests or messages between them. */
export class UserBlockedError extends AppError {
  static override readonly status = 403;
  constructor(key: MessageKey = 'friendship.blocked') {
    super(key);
  }
}

/** An outside service (the SMS gateway, the geocoder) failed; nothing was sent or found. */
export class DeliveryFailedError extends AppError {
  static override readonly status = 502;
  constructor(key: MessageKey) {
    super(key);
  }
}

/** A configured maximum is reached (room capacity, mesh size, participant plan, rooms per class). */
export class LimitReachedError extends AppError {
  static override readonly status = 409;
  constructor(
    key: MessageKey,
    readonly limit: number,
    params: MessageParams = {},
  ) {
    super(key, { limit, ...params });
  }
}

/** A second pending request for the same plan: the answer carries the existing request. */
export class SubscriptionPendingError extends AppError {
  static override readonly status = 409;
  constructor(
    readonly existing: { id: number; status: string; paymentMethod: string; createdAt: Date },
    readonly planId: string,
  ) {
    super('subscriptions.alreadyPending');
  }
}

/**
 * Every typed error, the one table: the schema exposes each as a GraphQL type of the same name
 * (schema/errors.ts), and the REST layer answers each with its class's `status`.
 */
export const APP_ERRORS = [
  ValidationError,
  InvalidCredentialsError,
  AccountDisabledError,
  RateLimitError,
  ConflictError,
  InvalidTokenError,
  NotAuthenticatedError,
  ForbiddenError,
  NotFoundError,
  WrongPasswordError,
  PhoneLockedError,
  VerificationCodeError,
  FileTooLargeError,
  UnsupportedFileTypeError,
  FriendshipRefusedError,
  UserBlockedError,
  DeliveryFailedError,
  LimitReachedError,
  SubscriptionPendingError,
] as const;

/** GraphQL error type name → HTTP status, for the REST layer that runs GraphQL operations. */
export const errorStatusByTypename: Record<string, number> = Object.fromEntries(
  APP_ERRORS.map((type) => [type.name, type.status]),
);

export const statusOf = (error: AppError) => (error.constructor as typeof AppError).status;
