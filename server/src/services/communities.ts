import { z } from 'zod';
import type { CommunityJoinPolicy, CommunityRole, Prisma } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { ConflictError, ForbiddenError, NotFoundError } from './errors';
import { removeMediaFiles } from './media';
import { notify } from './notifications';
import { removeProfileImage, storeProfileImage } from './profiles';
import { blockedBetween, notBlockedWhere, recipientsNotBlocked } from './relations';

/**
 * Communities (issue 21 point 3): a name, a description, an avatar and a join policy. The creator is
 * the owner; the owner names moderators; owner and moderators approve join requests (by-request
 * communities), remove publications and members. A by-request community's publications are read by
 * its members only: `publicationsReadableWhere` is the one rule every read of publications applies
 * (services/publications.ts, visibleTo).
 */

export const COMMUNITY_NAME_MIN = 2;
export const COMMUNITY_NAME_MAX = 100;
export const COMMUNITY_DESCRIPTION_MAX = 2000;
export const COMMUNITY_PAGE_SIZE = 20;
export const JOIN_POLICIES = ['open', 'by_request'] as const satisfies readonly CommunityJoinPolicy[];
export const COMMUNITY_ROLES = ['owner', 'moderator', 'member'] as const satisfies readonly CommunityRole[];

const name = z.string().trim().min(COMMUNITY_NAME_MIN, 'community.nameLength').max(COMMUNITY_NAME_MAX, 'community.nameLength');
const description = z.string().trim().max(COMMUNITY_DESCRIPTION_MAX, 'validation.tooLong');

export const createCommunityInput = z.object({
  name,
  description: description.nullish(),
  joinPolicy: z.enum(JOIN_POLICIES).nullish(),
});

export const updateCommunityInput = z.object({
  name: name.nullish(),
  description: description.nullish(),
  joinPolicy: z.enum(JOIN_POLICIES).nullish(),
});

/** Communities whose publications `viewerId` may read: open ones, and those they are a member of. */
export function publicationsReadableWhere(viewerId: number | null | undefined): Prisma.CommunityWhereInput {
  if (!viewerId) return { joinPolicy: 'open' };
  return { OR: [{ joinPolicy: 'open' }, { members: { some: { userId: viewerId } } }] };
}

/** Communities `viewerId` is a member of (any role). */
export const memberOfWhere = (viewerId: number): Prisma.CommunityWhereInput => ({ members: { some: { userId: viewerId } } });

/** Members listed to `viewerId`: nobody a block separates from them. */
export const listedMembersWhere = (communityId: number, viewerId: number): Prisma.CommunityMemberWhereInput => ({
  communityId,
  user: { isActive: true, ...notBlockedWhere(viewerId) },
});

/** Suggested to `viewerId`: open communities they are not in. */
export const suggestedWhere = (viewerId: number): Prisma.CommunityWhereInput => ({
  joinPolicy: 'open',
  members: { none: { userId: viewerId } },
});

const MODERATING: CommunityRole[] = ['owner', 'moderator'];

async function findCommunity(prisma: PrismaClient, communityId: number) {
  const community = await prisma.community.findUnique({
    where: { id: communityId },
    select: { id: true, name: true, joinPolicy: true, avatarImage: true },
  });
  if (!community) throw new NotFoundError('community.notFound');
  return community;
}

export const roleOf = async (prisma: PrismaClient, communityId: number, userId: number): Promise<CommunityRole | null> =>
  (
    await prisma.communityMember.findUnique({
      where: { communityId_userId: { communityId, userId } },
      select: { role: true },
    })
  )?.role ?? null;

/** The viewer's role, refused unless it is one of `allowed` (moderation: owner and moderators). */
async function requireRole(prisma: PrismaClient, communityId: number, viewerId: number, allowed: CommunityRole[]) {
  const community = await findCommunity(prisma, communityId);
  const role = await roleOf(prisma, communityId, viewerId);
  if (!role || !allowed.includes(role)) {
    throw new ForbiddenError(allowed.includes('moderator') ? 'community.moderatorsOnly' : 'community.ownerOnly');
  }
  return { community, role };
}

/** A membership by its id: where and whom it concerns. */
export async function findMembership(prisma: PrismaClient, memberId: number) {
  const row = await prisma.communityMember.findUnique({ where: { id: memberId }, select: { communityId: true, userId: true } });
  if (!row) throw new NotFoundError('community.notMember');
  return row;
}

/** Whether `viewerId` moderates (owner or moderator) the community. */
export async function moderates(prisma: PrismaClient, communityId: number, viewerId: number): Promise<boolean> {
  const role = await roleOf(prisma, communityId, viewerId);
  return role !== null && MODERATING.includes(role);
}

/** The community a member publishes into; refused for anyone else. */
export async function assertMayPublish(prisma: PrismaClient, communityId: number, viewerId: number) {
  const community = await findCommunity(prisma, communityId);
  if (!(await roleOf(prisma, communityId, viewerId))) throw new ForbiddenError('community.membersOnly');
  return community;
}

export async function createCommunity(
  services: Services,
  viewerId: number,
  input: z.output<typeof createCommunityInput>,
  avatar: File | null | undefined,
): Promise<{ id: number }> {
  const avatarImage = avatar ? await storeProfileImage(services, viewerId, 'avatar', avatar) : null;
  try {
    return await services.prisma.community.create({
      data: {
        name: input.name,
        description: input.description ?? '',
        joinPolicy: input.joinPolicy ?? 'open',
        avatarImage,
        createdById: viewerId,
        membersCount: 1,
        members: { create: { userId: viewerId, role: 'owner' } },
      },
      select: { id: true },
    });
  } catch (error) {
    await removeProfileImage(services, avatarImage);
    throw error;
  }
}

/** Owner and moderators change the name, description, policy and avatar. */
export async function updateCommunity(
  services: Services,
  viewerId: number,
  communityId: number,
  input: z.output<typeof updateCommunityInput>,
  avatar: File | null | undefined,
) {
  const { community } = await requireRole(services.prisma, communityId, viewerId, MODERATING);
  const avatarImage = avatar ? await storeProfileImage(services, viewerId, 'avatar', avatar) : undefined;
  try {
    await services.prisma.community.update({
      where: { id: communityId },
      data: {
        name: input.name ?? undefined,
        description: input.description ?? undefined,
        joinPolicy: input.joinPolicy ?? undefined,
        avatarImage,
      },
    });
  } catch (error) {
    await removeProfileImage(services, avatarImage);
    throw error;
  }
  if (avatarImage) await removeProfileImage(services, community.avatarImage).catch(() => undefined);
}

/** The owner deletes the community, with its publications. */
export async function deleteCommunity(services: Services, viewerId: number, communityId: number) {
  const { community } = await requireRole(services.prisma, communityId, viewerId, ['owner']);
  const media = await services.prisma.publicationMedia.findMany({
    where: { publication: { communityId } },
    select: { filename: true, thumbnail: true },
  });
  await services.prisma.community.delete({ where: { id: communityId } });
  await removeMediaFiles(services, media);
  await removeProfileImage(services, community.avatarImage).catch(() => undefined);
}

/** Adds a member (role member) and counts them; also ends a pending request of theirs. */
async function addMember(tx: Prisma.TransactionClient, communityId: number, userId: number) {
  await tx.communityJoinRequest.deleteMany({ where: { communityId, userId } });
  const added = await tx.communityMember.createMany({ data: [{ communityId, userId }], skipDuplicates: true });
  if (added.count > 0) await tx.community.update({ where: { id: communityId }, data: { membersCount: { increment: 1 } } });
}

async function assertNotMember(prisma: PrismaClient, communityId: number, viewerId: number) {
  if (await roleOf(prisma, communityId, viewerId)) throw new ConflictError('communityId', 'community.alreadyMember');
}

export type MembershipState = 'member' | 'pending';

/** Joins an open community at once; a by-request one is refused (the viewer sends a request instead). */
export async function joinCommunity(services: Services, viewerId: number, communityId: number): Promise<MembershipState> {
  const community = await findCommunity(services.prisma, communityId);
  if (community.joinPolicy !== 'open') throw new ForbiddenError('community.requestRequired');
  await assertNotMember(services.prisma, communityId, viewerId);
  await services.prisma.$transaction((tx) => addMember(tx, communityId, viewerId));
  return 'member';
}

/**
 * Asks to join a by-request community (an open one is joined at once); owner and moderators are
 * notified, once per request: asking again while pending changes nothing.
 */
export async function requestToJoin(services: Services, viewerId: number, communityId: number): Promise<MembershipState> {
  const { prisma } = services;
  const community = await findCommunity(prisma, communityId);
  if (community.joinPolicy === 'open') return joinCommunity(services, viewerId, communityId);
  await assertNotMember(prisma, communityId, viewerId);
  const created = await prisma.communityJoinRequest.createMany({
    data: [{ communityId, userId: viewerId }],
    skipDuplicates: true,
  });
  if (created.count > 0) {
    const moderators = await prisma.communityMember.findMany({
      where: { communityId, role: { in: MODERATING } },
      select: { userId: true },
    });
    const recipients = await recipientsNotBlocked(
      prisma,
      viewerId,
      moderators.map((row) => row.userId),
    );
    const payload = { userId: viewerId, communityId, communityName: community.name };
    for (const userId of recipients) await notify(services, userId, 'COMMUNITY_JOIN_REQUEST', payload);
  }
  return 'pending';
}

/** Withdraws the viewer's pending request (nothing to withdraw is no error). */
export async function cancelJoinRequest(services: Services, viewerId: number, communityId: number) {
  await findCommunity(services.prisma, communityId);
  await services.prisma.communityJoinRequest.deleteMany({ where: { communityId, userId: viewerId } });
}

async function findRequest(prisma: PrismaClient, requestId: number) {
  const request = await prisma.communityJoinRequest.findUnique({
    where: { id: requestId },
    select: { id: true, communityId: true, userId: true },
  });
  if (!request) throw new NotFoundError('community.requestNotFound');
  return request;
}

/** Owner or a moderator approves a request: the requester becomes a member and is notified. */
export async function approveJoinRequest(services: Services, viewerId: number, requestId: number) {
  const { prisma } = services;
  const request = await findRequest(prisma, requestId);
  const { community } = await requireRole(prisma, request.communityId, viewerId, MODERATING);
  await prisma.$transaction((tx) => addMember(tx, request.communityId, request.userId));
  const payload = { communityId: community.id, communityName: community.name };
  await notify(services, request.userId, 'COMMUNITY_REQUEST_APPROVED', payload);
  return request;
}

export async function declineJoinRequest(services: Services, viewerId: number, requestId: number) {
  const request = await findRequest(services.prisma, requestId);
  await requireRole(services.prisma, request.communityId, viewerId, MODERATING);
  await services.prisma.communityJoinRequest.delete({ where: { id: requestId } });
  return request;
}

/** Removes a membership and counts it; false when there was none. */
async function dropMember(prisma: PrismaClient, communityId: number, userId: number) {
  return prisma.$transaction(async (tx) => {
    const removed = await tx.communityMember.deleteMany({ where: { communityId, userId, role: { not: 'owner' } } });
    if (removed.count > 0) await tx.community.update({ where: { id: communityId }, data: { membersCount: { decrement: 1 } } });
    return removed.count > 0;
  });
}

/** Leaves a community; the owner hands ownership over (or deletes the community) first. */
export async function leaveCommunity(services: Services, viewerId: number, communityId: number) {
  await findCommunity(services.prisma, communityId);
  const role = await roleOf(services.prisma, communityId, viewerId);
  if (!role) throw new NotFoundError('community.notMember');
  if (role === 'owner') throw new ConflictError('communityId', 'community.ownerCannotLeave');
  await dropMember(services.prisma, communityId, viewerId);
}

/**
 * Owner and moderators remove a member; the owner is never removed, and only the owner removes a
 * moderator. A removed member may join (or ask) again.
 */
export async function removeMember(services: Services, viewerId: number, communityId: number, userId: number) {
  const { role } = await requireRole(services.prisma, communityId, viewerId, MODERATING);
  const target = await roleOf(services.prisma, communityId, userId);
  if (!target) throw new NotFoundError('community.notMember');
  if (target === 'owner' || (target === 'moderator' && role !== 'owner') || userId === viewerId) {
    throw new ForbiddenError(target === 'owner' ? 'community.ownerNotRemovable' : 'community.ownerOnly');
  }
  await dropMember(services.prisma, communityId, userId);
}

/** The owner makes a member a moderator, or a moderator a member again. */
export async function setMemberRole(
  services: Services,
  viewerId: number,
  communityId: number,
  userId: number,
  role: 'moderator' | 'member',
) {
  await requireRole(services.prisma, communityId, viewerId, ['owner']);
  const target = await roleOf(services.prisma, communityId, userId);
  if (!target) throw new NotFoundError('community.notMember');
  if (target === 'owner') throw new ForbiddenError('community.ownerNotRemovable');
  await services.prisma.communityMember.update({ where: { communityId_userId: { communityId, userId } }, data: { role } });
}

/** The owner hands ownership to another member, and stays as a moderator. */
export async function transferOwnership(services: Services, viewerId: number, communityId: number, userId: number) {
  const { prisma } = services;
  await requireRole(prisma, communityId, viewerId, ['owner']);
  if (userId === viewerId || !(await roleOf(prisma, communityId, userId))) throw new NotFoundError('community.notMember');
  if (await blockedBetween(prisma, viewerId, userId)) throw new NotFoundError('community.notMember');
  await prisma.$transaction([
    prisma.communityMember.update({ where: { communityId_userId: { communityId, userId } }, data: { role: 'owner' } }),
    prisma.communityMember.update({
      where: { communityId_userId: { communityId, userId: viewerId } },
      data: { role: 'moderator' },
    }),
  ]);
}
