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
    super(key);
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
  constructor(key: MessageKey = 'request.notFound') {
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

/** GraphQL error type name → HTTP status, for the REST layer that runs GraphQL operations. */
export const errorStatusByTypename: Record<string, number> = Object.fromEntries(
  [
    ValidationError,
    InvalidCredentialsError,
    AccountDisabledError,
    RateLimitError,
    ConflictError,
    InvalidTokenError,
    NotAuthenticatedError,
    ForbiddenError,
    NotFoundError,
    LimitReachedError,
  ].map((type) => [type.name, type.status]),
);

export const statusOf = (error: AppError) => (error.constructor as typeof AppError).status;
