import { Prisma } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { User } from '../generated/prisma/client';
import { equalsIgnoringCase } from './textMatch';

/** Who acted: the signed-in administrator. */
export type AuditActor = Pick<User, 'id' | 'username'>;

/** What an admin action is about; `action` reads `<area>.<verb>` (`user.update`, `content.delete`...). */
export type AuditEntry = {
  actor: AuditActor;
  action: string;
  targetType: string;
  targetId?: string | number | null;
};

/**
 * The outcome of an audited change: its result and the target's state before and after (null: none);
 * `targetId` names a target the change created (known only once it is made).
 */
export type AuditedChange<T> = { result: T; before: unknown; after: unknown; targetId?: string | number | null };

/** JSON as stored: dates as ISO strings, `undefined` dropped; null stays SQL NULL. */
const asJson = (value: unknown) => (value == null ? Prisma.DbNull : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue));

/**
 * Runs an admin change inside the transaction `tx` and records it in the audit log in that same
 * transaction: if the change (or anything after it in the transaction) fails, neither is kept, and a
 * change is never kept without its entry. Every admin mutation goes through here (or `audited`).
 */
export async function withAudit<T>(
  tx: Prisma.TransactionClient,
  entry: AuditEntry,
  change: (tx: Prisma.TransactionClient) => Promise<AuditedChange<T>>,
): Promise<T> {
  const { result, before, after, targetId = entry.targetId } = await change(tx);
  await tx.auditEntry.create({
    data: {
      actorId: entry.actor.id,
      actorName: entry.actor.username,
      action: entry.action,
      targetType: entry.targetType,
      targetId: targetId == null ? null : String(targetId),
      before: asJson(before),
      after: asJson(after),
    },
  });
  return result;
}

/** `withAudit` in a transaction of its own. */
export const audited = <T>(
  prisma: PrismaClient,
  entry: AuditEntry,
  change: (tx: Prisma.TransactionClient) => Promise<AuditedChange<T>>,
): Promise<T> => prisma.$transaction((tx) => withAudit(tx, entry, change));

export type AuditFilter = {
  actorId?: number | null;
  /** The acting account's username, whatever its case (kept even once the account is deleted). */
  actorName?: string | null;
  action?: string | null;
  from?: Date | null;
  to?: Date | null;
};

/** The entries a filter selects: by actor (id or username), by action, from (inclusive) and to (exclusive) times. */
export function auditWhere(filter: AuditFilter): Prisma.AuditEntryWhereInput {
  const action = filter.action?.trim();
  const actorName = filter.actorName?.trim().replace(/^@/, '');
  return {
    ...(filter.actorId ? { actorId: filter.actorId } : {}),
    ...(actorName ? { actorName: equalsIgnoringCase(actorName) } : {}),
    ...(action ? { action } : {}),
    ...(filter.from || filter.to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } }
      : {}),
  };
}

/** The actions recorded so far, for the log's filter. */
export async function auditActions(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.auditEntry.findMany({ distinct: ['action'], select: { action: true }, orderBy: { action: 'asc' } });
  return rows.map((row) => row.action);
}
