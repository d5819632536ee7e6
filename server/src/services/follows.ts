import type { Prisma } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { isUniqueViolation } from '../database/keys';
import type { Services } from './container';
import { FriendshipRefusedError, NotFoundError } from './errors';
import { notify } from './notifications';
import { blockedBetween } from './relations';

/**
 * Following: a member subscribes to another's publications without being contacts (UserFollow
 * rows, one per follower and followee). The feed shows the followees' publications; a block
 * between the two ends the follow both ways and forbids a new one.
 */

/** `viewerId` follows `userId` (who is notified the first time); following again changes nothing. */
export async function followUser(services: Services, viewerId: number, userId: number): Promise<void> {
  const { prisma } = services;
  if (viewerId === userId) throw new FriendshipRefusedError('follow.self');
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { isActive: true } });
  // A block is not revealed: the member is answered as missing, like their profile.
  if (!user?.isActive || (await blockedBetween(prisma, viewerId, userId))) throw new NotFoundError('user.notFound');
  try {
    await prisma.userFollow.create({ data: { followerId: viewerId, followeeId: userId } });
  } catch (error) {
    if (isUniqueViolation(error)) return;
    throw error;
  }
  await notify(services, userId, 'NEW_FOLLOWER', { userId: viewerId });
}

/** `viewerId` stops following `userId`; not following already changes nothing. */
export async function unfollowUser(services: Services, viewerId: number, userId: number): Promise<void> {
  if (!(await services.prisma.user.findUnique({ where: { id: userId }, select: { id: true } }))) {
    throw new NotFoundError('user.notFound');
  }
  await services.prisma.userFollow.deleteMany({ where: { followerId: viewerId, followeeId: userId } });
}

/** Ends the follows between two members, both ways (a block separates them). */
export async function endFollowsBetween(prisma: Pick<PrismaClient, 'userFollow'>, a: number, b: number): Promise<void> {
  await prisma.userFollow.deleteMany({
    where: {
      OR: [
        { followerId: a, followeeId: b },
        { followerId: b, followeeId: a },
      ],
    },
  });
}

/** The members `userId` follows (for lists read by author, the feed). */
export const followedByWhere = (userId: number): Prisma.UserWhereInput => ({ followers: { some: { followerId: userId } } });
