import { z } from 'zod';
import { isUniqueViolation } from '../database/keys';

/**
 * The client's key for one send (GraphQL `idempotencyKey`, REST `Idempotency-Key` header): made
 * once per send and reused when the send is retried, so a retry cannot store the item twice.
 */
export const idempotencyKeyRule = z
  .string()
  .trim()
  .min(1, 'request.idempotencyKeyInvalid')
  .max(100, 'request.idempotencyKeyInvalid');

/**
 * Creates at most once per (user, key), the unique index on each sendable table deciding: a send
 * repeated with the key of an earlier one answers that one's result and creates nothing, also when
 * both run at once (the loser's insert conflicts, or `create` answers null for "not inserted", and
 * it returns the winner's row). Without a key every call creates.
 */
export async function createOnce<T>(
  key: string | null | undefined,
  earlier: (key: string) => Promise<T | null>,
  create: () => Promise<T | null>,
): Promise<T> {
  if (!key) {
    const created = await create();
    if (created === null) throw new Error('created nothing without an idempotency key');
    return created;
  }
  const found = await earlier(key);
  if (found) return found;
  const created = await create().catch((error: unknown) => {
    if (isUniqueViolation(error)) return null;
    throw error;
  });
  if (created !== null) return created;
  const winner = await earlier(key);
  if (!winner) throw new Error(`send with idempotency key ${key} conflicted, but no earlier one was found`);
  return winner;
}
