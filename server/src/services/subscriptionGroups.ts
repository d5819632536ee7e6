import { z } from 'zod';
import type { SubscriptionGroup } from '../generated/prisma/client';
import type { Services } from './container';
import type { NotificationEvent } from '../realtime/pubsub';
import { withAudit, type AuditActor } from './audit';
import { NotFoundError, ValidationError } from './errors';
import { publishStoredNotification, storeNotification } from './notifications';
import { planByKey, planNames } from './subscriptions';
import { rules } from './validation';

/**
 * Subscription groups (admin subscribers tab): every member of a group has the group's plan, unless
 * their own active subscription ranks higher (`effectivePlan` in subscriptions.ts reads both).
 */
export const MAX_GROUP_USERS = 1000;

export const createGroupInput = z.object({
  name: rules.requiredText(200, 'groups.nameRequired'),
  planId: z.string().trim().min(1, 'subscriptions.planRequired').max(32, 'validation.tooLong'),
  userIds: z
    .array(z.number().int())
    .min(1, 'groups.usersRequired')
    .max(MAX_GROUP_USERS, 'groups.tooManyUsers')
    .transform((ids) => [...new Set(ids)]),
});
export type CreateGroupInput = z.output<typeof createGroupInput>;

type GroupNotice = 'SUBSCRIPTION_GROUP_ADDED' | 'SUBSCRIPTION_GROUP_REMOVED';

/** Stores a notice for each member inside the change's transaction; answers what to publish once committed. */
async function storeNotices(
  tx: Parameters<typeof storeNotification>[0],
  userIds: number[],
  kind: GroupNotice,
  payload: Record<string, unknown>,
) {
  const events: [number, NotificationEvent][] = [];
  for (const userId of userIds) events.push([userId, await storeNotification(tx, userId, kind, payload)]);
  return events;
}

/** A group with a paid plan and its members; audited, the members told. Unknown plan or member: 404. */
export async function createGroup(services: Services, actor: AuditActor, input: CreateGroupInput): Promise<SubscriptionGroup> {
  const { prisma } = services;
  const plan = await planByKey(prisma, input.planId);
  if (plan.price <= 0) throw new ValidationError([{ path: ['planId'], messageKey: 'subscriptions.freePlan' }]);
  const found = await prisma.user.count({ where: { id: { in: input.userIds } } });
  if (found !== input.userIds.length) throw new NotFoundError('groups.userNotFound');
  const { group, notices } = await prisma.$transaction((tx) =>
    withAudit(tx, { actor, action: 'subscriptionGroup.create', targetType: 'subscriptionGroup' }, async () => {
      const group = await tx.subscriptionGroup.create({
        data: {
          name: input.name,
          planId: plan.id,
          createdById: actor.id,
          members: { createMany: { data: input.userIds.map((userId) => ({ userId })) } },
        },
      });
      const payload = {
        groupId: group.id,
        groupName: group.name,
        planId: plan.key,
        planName: plan.name,
        planNames: planNames(plan),
      };
      const notices = await storeNotices(tx, input.userIds, 'SUBSCRIPTION_GROUP_ADDED', payload);
      return {
        result: { group, notices },
        before: null,
        after: { ...group, plan: plan.key, userIds: input.userIds },
        targetId: group.id,
      };
    }),
  );
  for (const [userId, event] of notices) publishStoredNotification(services, userId, event);
  return group;
}

/** Deletes a group: its members lose its plan (falling back to their own or free); audited, the members told. */
export async function deleteGroup(services: Services, actor: AuditActor, groupId: number): Promise<void> {
  const notices = await services.prisma.$transaction((tx) =>
    withAudit(tx, { actor, action: 'subscriptionGroup.delete', targetType: 'subscriptionGroup', targetId: groupId }, async () => {
      const group = await tx.subscriptionGroup.findUnique({
        where: { id: groupId },
        include: {
          plan: { select: { key: true, name: true, nameEn: true, nameFr: true } },
          members: { select: { userId: true } },
        },
      });
      if (!group) throw new NotFoundError('groups.notFound');
      await tx.subscriptionGroup.delete({ where: { id: groupId } });
      const userIds = group.members.map((member) => member.userId);
      const payload = {
        groupId,
        groupName: group.name,
        planId: group.plan.key,
        planName: group.plan.name,
        planNames: planNames(group.plan),
      };
      const notices = await storeNotices(tx, userIds, 'SUBSCRIPTION_GROUP_REMOVED', payload);
      const { members: _members, plan, ...row } = group;
      return { result: notices, before: { ...row, plan: plan.key, userIds }, after: null };
    }),
  );
  for (const [userId, event] of notices) publishStoredNotification(services, userId, event);
}
