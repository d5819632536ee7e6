import type { Prisma } from '../generated/prisma/client';

/**
 * The meeting area's contacts: the viewer's accepted friends (either side may have asked), read
 * straight from the Friendship table. Blocked and pending pairs are not contacts.
 */
export const acceptedContactsWhere = (userId: number): Prisma.UserWhereInput => ({
  isActive: true,
  OR: [
    { sentFriendRequests: { some: { addresseeId: userId, status: 'accepted' } } },
    { receivedFriendRequests: { some: { requesterId: userId, status: 'accepted' } } },
  ],
});

/** Online: a live session used within this window (sessions note their last use every 5 minutes). */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;

export const liveSessionWhere = (now = Date.now()): Prisma.SessionWhereInput => ({
  revokedAt: null,
  expiresAt: { gt: new Date(now) },
  lastSeenAt: { gt: new Date(now - ONLINE_WINDOW_MS) },
});
