import type { Prisma } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { visibleUsersWhere } from './friendships';
import { visibleTo } from './publications';
import { contactIds, contactsWhere, pendingRequestWhere } from './relations';

/**
 * What a member with an empty feed or no contacts can do next (issue 13): people to add and recent
 * publications of others. The relations come from relations.ts, the visibility from the feed's rules.
 */

export const SUGGESTED_PEOPLE = 8;
export const SUGGESTED_PUBLICATIONS = 5;

/**
 * Members `viewerId` may ask to be contacts: active, not the viewer, no block either way, not a
 * contact already and no request waiting either way.
 */
export function suggestableWhere(viewerId: number): Prisma.UserWhereInput {
  return {
    AND: [
      visibleUsersWhere(viewerId),
      { isActive: true },
      { NOT: contactsWhere(viewerId) },
      { NOT: pendingRequestWhere(viewerId) },
    ],
  };
}

/**
 * The ids of people to suggest, best first: those sharing the most contacts with the viewer, then
 * the most recently signed in (never signed in last), then the newest accounts.
 */
export async function suggestedPeopleIds(prisma: PrismaClient, viewerId: number, limit = SUGGESTED_PEOPLE): Promise<number[]> {
  const mine = await contactIds(prisma, viewerId);
  const shared = new Map<number, number>();
  if (mine.length > 0) {
    // Accepted friendships of the viewer's contacts: the other side of each is a contact of a contact.
    const rows = await prisma.friendship.findMany({
      where: {
        status: 'accepted',
        OR: [{ requesterId: { in: mine } }, { addresseeId: { in: mine } }],
      },
      select: { requesterId: true, addresseeId: true },
    });
    const contacts = new Set(mine);
    for (const row of rows) {
      for (const [contact, other] of [
        [row.requesterId, row.addresseeId],
        [row.addresseeId, row.requesterId],
      ]) {
        if (contacts.has(contact) && other !== viewerId) shared.set(other, (shared.get(other) ?? 0) + 1);
      }
    }
  }
  const byShared =
    shared.size === 0
      ? []
      : (
          await prisma.user.findMany({
            where: { AND: [suggestableWhere(viewerId), { id: { in: [...shared.keys()] } }] },
            select: { id: true, lastLogin: true },
          })
        )
          .sort(
            (a, b) =>
              shared.get(b.id)! - shared.get(a.id)! ||
              (b.lastLogin?.getTime() ?? 0) - (a.lastLogin?.getTime() ?? 0) ||
              b.id - a.id,
          )
          .map((user) => user.id)
          .slice(0, limit);
  if (byShared.length >= limit) return byShared;
  const recent = await prisma.user.findMany({
    where: { AND: [suggestableWhere(viewerId), { id: { notIn: byShared } }] },
    orderBy: [{ lastLogin: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
    take: limit - byShared.length,
    select: { id: true },
  });
  return [...byShared, ...recent.map((user) => user.id)];
}

/** Recent publications of others the viewer may see (the feed's visibility rule), by active authors. */
export function suggestedPublicationsWhere(viewerId: number): Prisma.PublicationWhereInput {
  return { AND: [visibleTo(viewerId), { authorId: { not: viewerId }, author: { isActive: true } }] };
}
