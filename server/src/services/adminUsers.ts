import { z } from 'zod';
import { isUniqueViolation } from '../database/keys';
import type { User } from '../generated/prisma/client';
import type { Services } from './container';
import { hashPassword } from '../auth/passwords';
import { announceRevokedSessions, markSessionsRevoked } from '../auth/sessions';
import { rules } from './validation';
import { ConflictError, ForbiddenError, NotFoundError } from './errors';
import { audited, type AuditActor } from './audit';
import { equalsIgnoringCase } from './textMatch';

const role = z.enum(['user', 'moderator', 'admin']);

export const createUserInput = z.object({
  firstName: rules.requiredText(100),
  lastName: rules.requiredText(100),
  username: rules.username(),
  email: rules.email(),
  password: rules.newPassword(),
  role: role.nullish().transform((value) => value ?? 'user'),
  isActive: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
});

/** Left out (or null): unchanged. */
export const updateUserInput = z.object({
  firstName: rules.requiredText(100).nullish(),
  lastName: rules.requiredText(100).nullish(),
  email: rules.email().nullish(),
  role: role.nullish(),
  isActive: z.boolean().nullish(),
});

export type UserChanges = { [K in keyof z.output<typeof updateUserInput>]?: NonNullable<z.output<typeof updateUserInput>[K]> };

/** What the audit log keeps of an account (never its password hash). */
const snapshot = (user: User) => ({
  id: user.id,
  username: user.username,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  isActive: user.isActive,
});

const conflictOf = (error: unknown) => {
  if (!isUniqueViolation(error)) return null;
  return JSON.stringify(error.meta ?? {}).includes('username')
    ? new ConflictError('username', 'auth.usernameTaken')
    : new ConflictError('email', 'auth.emailTaken');
};

async function rethrowConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}

/** An administrator adds an account with the role and state they chose. */
export async function createUser(services: Services, actor: AuditActor, input: z.output<typeof createUserInput>) {
  const { prisma } = services;
  const [emailOwner, usernameOwner] = await Promise.all([
    prisma.user.findUnique({ where: { email: input.email }, select: { id: true } }),
    prisma.user.findFirst({ where: { username: equalsIgnoringCase(input.username) }, select: { id: true } }),
  ]);
  if (usernameOwner) throw new ConflictError('username', 'auth.usernameTaken');
  if (emailOwner) throw new ConflictError('email', 'auth.emailTaken');
  const { password, ...fields } = input;
  const passwordHash = await hashPassword(password);
  return rethrowConflict(() =>
    audited(prisma, { actor, action: 'user.create', targetType: 'user' }, async (tx) => {
      const user = await tx.user.create({ data: { ...fields, passwordHash } });
      return { result: user, before: null, after: snapshot(user) };
    }),
  );
}

/** An administrator may not lock themself out: no deactivating, demoting or deleting their own account. */
function refuseSelfLockout(actor: AuditActor, userId: number, change: { role?: string; isActive?: boolean } | 'delete') {
  if (actor.id !== userId) return;
  if (change === 'delete' || change.isActive === false || (change.role && change.role !== 'admin')) {
    throw new ForbiddenError('admin.selfLockout');
  }
}

/**
 * Edits an account. Deactivating it ends its sessions in the same transaction (its tokens are refused
 * from the commit on) and then closes its open sockets on every server process.
 */
export async function updateUser(services: Services, actor: AuditActor, userId: number, input: UserChanges): Promise<User> {
  refuseSelfLockout(actor, userId, input);
  const { prisma, pubsub } = services;
  if (input.email) {
    const owner = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (owner && owner.id !== userId) throw new ConflictError('email', 'auth.emailTaken');
  }
  const { user, ended } = await rethrowConflict(() =>
    audited(prisma, { actor, action: 'user.update', targetType: 'user', targetId: userId }, async (tx) => {
      const before = await tx.user.findUnique({ where: { id: userId } });
      if (!before) throw new NotFoundError('user.notFound');
      const user = await tx.user.update({ where: { id: userId }, data: input });
      const ended = user.isActive ? [] : await markSessionsRevoked(tx, { userId });
      return { result: { user, ended }, before: snapshot(before), after: snapshot(user) };
    }),
  );
  announceRevokedSessions(pubsub, ended);
  // The member's open pages follow at once (their badge, links, the pages their role opens).
  pubsub.publish('user:account', userId, {});
  return user;
}

/** Deletes an account (its sessions go with it) and closes its open sockets. */
export async function deleteUser(services: Services, actor: AuditActor, userId: number): Promise<void> {
  refuseSelfLockout(actor, userId, 'delete');
  const { prisma, pubsub } = services;
  const ended = await audited(prisma, { actor, action: 'user.delete', targetType: 'user', targetId: userId }, async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId } });
    if (!before) throw new NotFoundError('user.notFound');
    const sessions = await tx.session.findMany({ where: { userId, revokedAt: null }, select: { id: true } });
    await tx.user.delete({ where: { id: userId } });
    return { result: sessions.map((s) => s.id), before: snapshot(before), after: null };
  });
  announceRevokedSessions(pubsub, ended);
}
