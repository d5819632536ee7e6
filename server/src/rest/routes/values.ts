import { ValidationError } from '../../services/errors';

/**
 * A text field of a JSON body: null and absent stay so, a number or a boolean is written out (forms
 * send them so), an object or a list (or a file part where text is expected) is refused on `field`:
 * written out it became "[object Object]", which every rule accepted (a calendar event, a bio, a
 * message, a room were saved with that text).
 */
export function bodyText(value: unknown, field?: string): string | null | undefined {
  if (value == null || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new ValidationError([{ path: field ? [field] : [], messageKey: 'validation.notText' }]);
}

/** bodyText with '' for nothing: the operation's zod rules then explain what is wrong. */
export const text = (value: unknown) => bodyText(value) ?? '';

/**
 * A list's `?limit=`: a whole number from 1 to `max`; anything else (none, 0, negative, not a number)
 * is the row's default page. Passed on as sent, a fraction got GraphQL's English refusal, a negative
 * number Pothos' (or, for a member's posts, "user not found").
 */
export function pageSize(query: URLSearchParams, fallback = 20, max = 100): number {
  const value = Math.floor(Number(query.get('limit') ?? fallback));
  return Number.isFinite(value) && value > 0 ? Math.min(value, max) : fallback;
}

/** A boolean from JSON, a form or a query ("true"/"false", 1/0); anything else goes on as given, for GraphQL to refuse. */
export const flag = (value: unknown) => {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return value;
};

/**
 * A number from a form or JSON field. What is not a number, or is beyond a billion either way, is
 * sent as one outside every allowed range (and still a 32-bit Int), so the operation's own rule
 * refuses it with its text (GraphQL would only say, in English, "not a Float" or "cannot represent").
 */
export const number = (value: unknown) => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(parsed) && Math.abs(parsed) <= 1e9 ? parsed : 1e9;
};

/** The files of a multipart field (one part or several with the same name), whichever File class the form parser made. */
export const files = (...values: unknown[]) =>
  values.flat().filter((value): value is File => !!value && typeof (value as File).arrayBuffer === 'function');

/** The `Idempotency-Key` header of a send: a retry with the same key answers the first result. */
export const idempotencyKey = ({ request }: { request: Request }) => request.headers.get('idempotency-key');
