import type { Services } from './container';
import { audited, type AuditActor } from './audit';

/**
 * The onboarding tour (spec sections 2 and 4, "Tour"): whether a member finished or skipped it is
 * kept on their account, so it starts once per member whatever the browser; an administrator's
 * "reset tour for all" makes it start again for everyone.
 */

/** The member finished or skipped the tour (kept the first time; later calls change nothing). */
export async function completeTour(services: Services, userId: number): Promise<void> {
  await services.prisma.user.updateMany({ where: { id: userId, tourCompletedAt: null }, data: { tourCompletedAt: new Date() } });
}

/** Every member sees the tour again on their next visit; answers how many had finished it. Audited. */
export function resetTourForAll(services: Services, actor: AuditActor): Promise<number> {
  return audited(services.prisma, { actor, action: 'tour.reset', targetType: 'tour', targetId: null }, async (tx) => {
    const { count } = await tx.user.updateMany({ where: { tourCompletedAt: { not: null } }, data: { tourCompletedAt: null } });
    return { result: count, before: { completed: count }, after: { completed: 0 } };
  });
}
