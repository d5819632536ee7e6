import type { Friendship, Prisma } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { friendshipPairKey } from '../database/keys';
import type { MessageKey } from '../i18n';
import { NotFoundError } from './errors';

/**
 * The relations between two members, each written once: who is a contact, and whether a block
 * stands between two members. Every list, check and page that depends on them calls these.
 * (The direct conversation's key is `directConversationKey` in database/keys.ts.)
 */

/** Users who are `userId`'s contacts: an accepted friendship, whichever side asked. */
export function contactsWhere(userId: number): Prisma.UserWhereInput {
  return {
    OR: [
      { sentFriendRequests: { some: { addresseeId: userId, status: 'accepted' } } },
      { receivedFriendRequests: { some: { requesterId: userId, status: 'accepted' } } },
    ],
  };
}

/** Users with a friend request waiting between them and `userId`, whichever side asked. */
export function pendingRequestWhere(userId: number): Prisma.UserWhereInput {
  return {
    OR: [
      { sentFriendRequests: { some: { addresseeId: userId, status: 'pending' } } },
      { receivedFriendRequests: { some: { requesterId: userId, status: 'pending' } } },
    ],
  };
}

/** Whether `a` and `b` are contacts (an accepted friendship between them). */
export async function areContacts(prisma: PrismaClient, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  return (await prisma.friendship.count({ where: { pairKey: friendshipPairKey(a, b), status: 'accepted' } })) > 0;
}

/**
 * Users with no block between them and `viewerId`, either way (the viewer included). Blocking
 * hides both members from each other everywhere: every read of members, or of what members
 * wrote, for a viewer filters with this. Without a viewer there is nobody to hide from.
 */
export function notBlockedWhere(
  viewerId: number | null | undefined,
): Pick<Prisma.UserWhereInput, 'sentFriendRequests' | 'receivedFriendRequests'> {
  if (!viewerId) return {};
  return {
    sentFriendRequests: { none: { addresseeId: viewerId, status: 'blocked' } },
    receivedFriendRequests: { none: { requesterId: viewerId, status: 'blocked' } },
  };
}

/** The pair's row blocked, by `blockerId` (or, with `not`, by the other side), seen from the listed users. */
function blockRowWhere(viewerId: number, blockedById: number | { not: number }): Prisma.UserWhereInput {
  const row = { status: 'blocked' as const, blockedById };
  return {
    OR: [
      { sentFriendRequests: { some: { ...row, addresseeId: viewerId } } },
      { receivedFriendRequests: { some: { ...row, requesterId: viewerId } } },
    ],
  };
}

/** The members `viewerId` blocked (their list, to unblock them). */
export const blockedByWhere = (viewerId: number): Prisma.UserWhereInput => blockRowWhere(viewerId, viewerId);

/** The members who blocked `viewerId`: to the viewer they do not exist. */
export const blockersOfWhere = (viewerId: number): Prisma.UserWhereInput => blockRowWhere(viewerId, { not: viewerId });

/** True when either user blocked the other. */
export async function blockedBetween(prisma: PrismaClient, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  return (await prisma.friendship.count({ where: { pairKey: friendshipPairKey(a, b), status: 'blocked' } })) > 0;
}

/**
 * Refuses an action towards `b` (a friend request, a message...) when either blocked the other, as
 * if `b` did not exist: NotFoundError, like the profile paths, so neither learns of the block.
 */
export async function assertNotBlocked(prisma: PrismaClient, a: number, b: number, messageKey: MessageKey = 'user.notFound') {
  if (await blockedBetween(prisma, a, b)) throw new NotFoundError(messageKey);
}

/**
 * For live delivery to `viewerId`: whether an event caused by `otherId` may reach them (no block
 * between the two, checked at delivery, so a block made while a subscription runs holds at once).
 * Events caused by nobody in particular, or by the viewer, always pass.
 */
export const deliverableFrom =
  (prisma: PrismaClient, viewerId: number) =>
  async (otherId: number | null | undefined): Promise<boolean> =>
    !otherId || otherId === viewerId || !(await blockedBetween(prisma, viewerId, otherId));

/** `recipientIds` without those a block separates from `senderId` (who receives a group's event). */
export async function recipientsNotBlocked(prisma: PrismaClient, senderId: number, recipientIds: number[]): Promise<number[]> {
  const hidden = new Set(await blockedUserIds(prisma, senderId));
  return hidden.size === 0 ? recipientIds : recipientIds.filter((id) => !hidden.has(id));
}

/** The ids of `userId`'s contacts, for lists read by author id (the feed's index-friendly IN list). */
export async function contactIds(prisma: PrismaClient, userId: number): Promise<number[]> {
  const rows = await prisma.user.findMany({ where: contactsWhere(userId), select: { id: true } });
  return rows.map((row) => row.id);
}

/**
 * The ids of members a block separates from `viewerId`, either side's block: for lists filtered in
 * memory (a group message's recipients, reactions) and SQL written by hand (search's window queries).
 */
export async function blockedUserIds(prisma: PrismaClient, viewerId: number | null | undefined): Promise<number[]> {
  if (!viewerId) return [];
  // Read from the viewer's own blocked rows (both directions, each on its index), not as users
  // filtered by notBlockedWhere: that form tests every member of the site, on every message sent.
  const rows = await prisma.friendship.findMany({
    where: { status: 'blocked', OR: [{ requesterId: viewerId }, { addresseeId: viewerId }] },
    select: { requesterId: true, addresseeId: true },
  });
  return rows.map((row) => (row.requesterId === viewerId ? row.addresseeId : row.requesterId));
}

/** How two members stand to each other, seen from one side (the friendship row of the pair). */
export type FriendshipState = 'none' | 'pending-outgoing' | 'pending-incoming' | 'accepted' | 'blocked-by-me' | 'blocked-by-them';

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

/**
 * A Prisma `select` that loads, with each listed user, the pair's row between them and the viewer
 * (whichever side asked): one statement per relation for a whole page. Fields that depend on the
 * relation use exactly this selection, so plugin-prisma merges them into the same statements.
 */
export function pairWithViewerSelect(viewerId: number) {
  const pair = { select: { status: true, requesterId: true, blockedById: true }, take: 1 } as const;
  return {
    sentFriendRequests: { ...pair, where: { addresseeId: viewerId } },
    receivedFriendRequests: { ...pair, where: { requesterId: viewerId } },
  };
}

/** The pair's row loaded by pairWithViewerSelect, if any. */
export const pairRowOf = (user: { sentFriendRequests: PairRow[]; receivedFriendRequests: PairRow[] }): PairRow | undefined =>
  user.sentFriendRequests[0] ?? user.receivedFriendRequests[0];

export const friendshipBetween = (prisma: PrismaClient, a: number, b: number) =>
  prisma.friendship.findUnique({ where: { pairKey: friendshipPairKey(a, b) } });

export async function friendshipState(prisma: PrismaClient, viewerId: number, userId: number): Promise<FriendshipState> {
  if (viewerId === userId) return 'none';
  return friendshipStateOf(await friendshipBetween(prisma, viewerId, userId), viewerId);
}
