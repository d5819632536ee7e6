import { decodeGlobalID } from '@pothos/plugin-relay';
import type { MessageKey } from '../i18n';
import { NotFoundError } from '../services/errors';

/** The largest value of a PostgreSQL `integer` column: a larger id names no row (and Prisma would refuse it). */
const MAX_DATABASE_ID = 2 ** 31 - 1;

/** A global id as the client sends it, or as a `t.arg.globalID` argument hands it over (already decoded). */
export type GlobalId = string | number | { typename: string; id: string | number };

/** The number inside a global id of `typename` (of any type when omitted), or null when it is no id of ours. */
function numericIdOf(globalId: GlobalId, typename?: string): number | null {
  let decoded: { typename: string; id: string | number };
  try {
    decoded = typeof globalId === 'object' ? globalId : decodeGlobalID(String(globalId));
  } catch {
    return null; // not a global id at all
  }
  const id = typeof decoded.id === 'number' ? decoded.id : /^\d+$/.test(decoded.id) ? Number(decoded.id) : NaN;
  if (typename !== undefined && decoded.typename !== typename) return null;
  return Number.isInteger(id) && id >= 0 && id <= MAX_DATABASE_ID ? id : null;
}

/**
 * The numeric id inside a global id of `typename`. Anything else (another type, not a number, too
 * large, not a global id) names nothing: the NotFoundError `notFoundKey`, never a database error.
 */
export function databaseIdOf(globalId: GlobalId, typename: string, notFoundKey: MessageKey = 'request.notFound'): number {
  const id = numericIdOf(globalId, typename);
  if (!id) throw new NotFoundError(notFoundKey); // none, or 0: no row has it
  return id;
}

/**
 * The id a subscription's `after` cursor names (a received event's global id, or `…:0` for
 * everything stored); null (live only) for none or a bad one.
 */
export function afterId(globalId: string | number | null | undefined): number | null {
  return globalId == null || globalId === '' ? null : numericIdOf(globalId);
}
