import { Prisma, type Friendship } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { friendshipPairKey } from '../database/keys';
import type { Services } from './container';
import { FriendshipRefusedError, NotFoundError, UserBlockedError } from './errors';
import { notify } from './notifications';

/**
 * The friendship core: one row per pair (see Friendship in schema.prisma), seen from one side.
 * Contacts, the messenger, search and the profile page all read and change it through here.
 */
export type FriendshipState =
  | 'none'
  | 'pending-outgoing'
  | 'pending-incoming'
  | 'accepted'
  | 'blocked-by-me'
  | 'blocked-by-them';

type PairRow = Pick<Friendship, 'status' | 'requesterId' | 'blockedById'>;

/** How the pair's row looks from `viewerId`'s side. */
export function friendshipStateOf(row: PairRow | null | undefined, viewerId: number): FriendshipState {
  if (!row) return 'none';
  if (row.status === 'accepted') return 'accepted';
  if (row.status === 'blocked') return row.blockedById === viewerId ? 'blocked-by-me' : 'blocked-by-them';
  return row.requesterId === viewerId ? 'pending-outgoing' : 'pending-incoming';
}

/** The spec's `friendship_status` (null, pending, accepted, blocked) for REST answers. */
export function specFriendshipStatus(state: FriendshipState): 'pending' | 'accepted' | 'blocked' | null {
  switch (state) {
    case 'none':
      return null;
    case 'pending-outgoing':
    case 'pending-incoming':
      return 'pending';
    case 'accepted':
      return 'accepted';
    default:
      return 'blocked';
  }
}

export const friendshipBetween = (prisma: PrismaClient, a: number, b: number) =>
  prisma.friendship.findUnique({ where: { pairKey: friendshipPairKey(a, b) } });

export async function friendshipState(prisma: PrismaClient, viewerId: number, userId: number): Promise<FriendshipState> {
  if (viewerId === userId) return 'none';
  return friendshipStateOf(await friendshipBetween(prisma, viewerId, userId), viewerId);
}

/** True when either user blocked the other: no friend requests, no messages between them. */
export async function isBlockedBetween(prisma: PrismaClient, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const blocked = await prisma.friendship.count({ where: { pairKey: friendshipPairKey(a, b), status: 'blocked' } });
  return blocked > 0;
}

/** Throws UserBlockedError when either user blocked the other (the messenger calls this before sending). */
export async function assertNotBlocked(prisma: PrismaClient, a: number, b: number): Promise<void> {
  if (await isBlockedBetween(prisma, a, b)) throw new UserBlockedError();
}

/** Users with no block between them and `viewerId`, either way (the viewer included). */
export function notBlockedWithWhere(viewerId: number): Prisma.UserWhereInput {
  return {
    sentFriendRequests: { none: { addresseeId: viewerId, status: 'blocked' } },
    receivedFriendRequests: { none: { requesterId: viewerId, status: 'blocked' } },
  };
}

/** Users `viewerId` may find in searches: not the viewer, and no block between them either way. */
export function visibleUsersWhere(viewerId: number): Prisma.UserWhereInput {
  return { id: { not: viewerId }, ...notBlockedWithWhere(viewerId) };
}

/** Names, username or email containing the text (case-insensitive); everyone for a blank text. */
export function userSearchWhere(search: string | null | undefined): Prisma.UserWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const contains = { contains: text, mode: 'insensitive' as const };
  return { OR: [{ firstName: contains }, { lastName: contains }, { username: contains }, { email: contains }] };
}

/** Users who are `userId`'s accepted friends, whichever side asked. */
export function friendsOfWhere(userId: number): Prisma.UserWhereInput {
  return {
    OR: [
      { sentFriendRequests: { some: { addresseeId: userId, status: 'accepted' } } },
      { receivedFriendRequests: { some: { requesterId: userId, status: 'accepted' } } },
    ],
  };
}

/** `userId`'s friendship rows in a state, whichever side they are on. */
export function friendshipsOfWhere(userId: number, status: Friendship['status']): Prisma.FriendshipWhereInput {
  return { status, OR: [{ requesterId: userId }, { addresseeId: userId }] };
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

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
        throw new UserBlockedError();
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
  if (viewerId === userId) throw new FriendshipRefusedError('friendship.self');
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
  if (viewerId === userId) throw new FriendshipRefusedError('friendship.self');
  const row = await friendshipBetween(prisma, viewerId, userId);
  if (!row || row.status !== 'blocked') return;
  if (row.blockedById !== viewerId) throw new UserBlockedError('friendship.blockedByOther');
  await prisma.friendship.deleteMany({ where: { id: row.id, status: 'blocked', blockedById: viewerId } });
}
