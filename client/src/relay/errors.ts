/** Why a GraphQL request produced no usable answer. */
export type RequestFailureKind = 'timeout' | 'network' | 'http' | 'graphql';

export class RequestError extends Error {
  readonly kind: RequestFailureKind;
  /** HTTP status, when the server answered. */
  readonly status: number | undefined;

  constructor(kind: RequestFailureKind, message: string, status?: number) {
    super(message);
    this.name = 'RequestError';
    this.kind = kind;
    this.status = status;
  }
}

/** Relay wraps network errors; find ours in the cause chain. */
export function asRequestError(error: unknown): RequestError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof RequestError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The server refused the token (401/403): the session is over. */
export function isAuthRejection(error: unknown): boolean {
  const status = asRequestError(error)?.status;
  return status === 401 || status === 403;
}
