import { Prisma, type Friendship, type User } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { friendshipPairKey, isUniqueViolation } from '../database/keys';
import type { Services } from './container';
import { FriendshipRefusedError, NotFoundError } from './errors';
import { endFollowsBetween } from './follows';
import { notify } from './notifications';
import { friendshipBetween, friendshipStateOf, notBlockedWhere } from './relations';
import { containsIgnoringCase } from './textMatch';
import { personalFieldVisibleWhere } from './privacy';

/**
 * The friendship core: one row per pair (see Friendship in schema.prisma), seen from one side.
 * Contacts, the messenger, search and the profile page all read and change it through here.
 */
/** Users `viewerId` may find in searches: not the viewer, and no block between them either way. */
export function visibleUsersWhere(viewerId: number): Prisma.UserWhereInput {
  return { id: { not: viewerId }, ...notBlockedWhere(viewerId) };
}

/**
 * Names, username or email containing the text (case-insensitive); everyone for a blank text. The
 * email is matched only where `viewer` may read it (the owner's privacy choice): a search must not
 * tell who owns a hidden address.
 */
export function userSearchWhere(search: string | null | undefined, viewer: Pick<User, 'id' | 'role'>): Prisma.UserWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const contains = containsIgnoringCase(text);
  return {
    OR: [
      { firstName: contains },
      { lastName: contains },
      { username: contains },
      { AND: [{ email: contains }, personalFieldVisibleWhere('email', viewer)] },
    ],
  };
}

/** `userId`'s friendship rows in a state, whichever side they are on. */
export function friendshipsOfWhere(userId: number, status: Friendship['status']): Prisma.FriendshipWhereInput {
  return { status, OR: [{ requesterId: userId }, { addresseeId: userId }] };
}

async function requireOtherUser(prisma: PrismaClient, viewerId: number, userId: number, { active = true } = {}) {
  if (viewerId === userId) throw new FriendshipRefusedError('friendship.self');
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { isActive: true } });
  if (!user || (active && !user.isActive)) throw new NotFoundError('user.notFound');
}

/**
 * Asks `userId` to be friends; the addressee is notified. Asking someone who already asked you
 * accepts their request. Refused between blocked users and between friends.
 */
export async function sendFriendRequest(services: Services, viewerId: number, userId: number): Promise<Friendship> {
  const { prisma } = services;
  await requireOtherUser(prisma, viewerId, userId);
  for (let attempt = 0; ; attempt++) {
    const existing = await friendshipBetween(prisma, viewerId, userId);
    switch (friendshipStateOf(existing, viewerId)) {
      case 'blocked-by-me':
      case 'blocked-by-them':
        // As if the other did not exist, like their profile: the block is not revealed.
        throw new NotFoundError('user.notFound');
      case 'accepted':
        throw new FriendshipRefusedError('friendship.alreadyFriends');
      case 'pending-outgoing':
        return existing!;
      case 'pending-incoming':
        return respondToFriendRequest(services, viewerId, { userId }, true);
      case 'none':
        try {
          const created = await prisma.friendship.create({
            data: { pairKey: friendshipPairKey(viewerId, userId), requesterId: viewerId, addresseeId: userId },
          });
          await notify(services, userId, 'FRIEND_REQUEST', { userId: viewerId, friendshipId: created.id });
          return created;
        } catch (error) {
          // The other user (or another tab) created the pair's row meanwhile: decide again on it.
          if (!isUniqueViolation(error) || attempt > 0) throw error;
        }
    }
  }
}

/** Accepts (the requester is notified) or declines (the row goes: back to no relation) a request to the viewer. */
export async function respondToFriendRequest(
  services: Services,
  viewerId: number,
  request: { requestId?: number; userId?: number },
  accept: boolean,
): Promise<Friendship> {
  const { prisma } = services;
  const row =
    request.requestId !== undefined
      ? await prisma.friendship.findUnique({ where: { id: request.requestId } })
      : request.userId !== undefined && request.userId !== viewerId
        ? await friendshipBetween(prisma, viewerId, request.userId)
        : null;
  if (!row || row.status !== 'pending' || row.addresseeId !== viewerId) throw new NotFoundError('friendship.noRequest');
  // Conditional on the row still being a pending request, so a cancel racing an accept wins once.
  const changed = accept
    ? await prisma.friendship.updateMany({ where: { id: row.id, status: 'pending' }, data: { status: 'accepted' } })
    : await prisma.friendship.deleteMany({ where: { id: row.id, status: 'pending' } });
  if (changed.count !== 1) throw new NotFoundError('friendship.noRequest');
  if (!accept) return row;
  await notify(services, row.requesterId, 'FRIEND_ACCEPTED', { userId: viewerId, friendshipId: row.id });
  return { ...row, status: 'accepted' };
}

/** Cancels an outgoing request, declines an incoming one or ends a friendship. A block stays. */
export async function removeFriendship(services: Services, viewerId: number, userId: number): Promise<void> {
  // Someone who does not exist is not found (the REST answer otherwise described a relation with them).
  await requireOtherUser(services.prisma, viewerId, userId, { active: false });
  await services.prisma.friendship.deleteMany({
    where: { pairKey: friendshipPairKey(viewerId, userId), status: { in: ['pending', 'accepted'] } },
  });
}

/**
 * Blocks `userId`: any request or friendship between them ends, neither finds the other in search,
 * and requests and messages between them are refused. When the other user already blocked the
 * viewer the pair stays blocked by them (one row per pair).
 */
export async function blockUser(services: Services, viewerId: number, userId: number): Promise<void> {
  const { prisma } = services;
  // A deactivated account can still be blocked: it may come back.
  await requireOtherUser(prisma, viewerId, userId, { active: false });
  // Neither follows the other any more (following is refused while the block lasts).
  await endFollowsBetween(prisma, viewerId, userId);
  const pairKey = friendshipPairKey(viewerId, userId);
  for (let attempt = 0; ; attempt++) {
    const updated = await prisma.friendship.updateMany({
      where: { pairKey, status: { in: ['pending', 'accepted'] } },
      data: { status: 'blocked', blockedById: viewerId },
    });
    if (updated.count === 1 || (await prisma.friendship.count({ where: { pairKey } })) > 0) return;
    try {
      await prisma.friendship.create({
        data: { pairKey, requesterId: viewerId, addresseeId: userId, status: 'blocked', blockedById: viewerId },
      });
      return;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
}

/** Lifts the viewer's block: the pair is back to no relation. Only the blocker can lift it. */
export async function unblockUser(services: Services, viewerId: number, userId: number): Promise<void> {
  const { prisma } = services;
  await requireOtherUser(prisma, viewerId, userId, { active: false });
  const row = await friendshipBetween(prisma, viewerId, userId);
  if (!row || row.status !== 'blocked') return;
  // Blocked by the other: answered as their profile is, as if they did not exist.
  if (row.blockedById !== viewerId) throw new NotFoundError('user.notFound');
  await prisma.friendship.deleteMany({ where: { id: row.id, status: 'blocked', blockedById: viewerId } });
}
