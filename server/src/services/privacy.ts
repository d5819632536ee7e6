import { z } from 'zod';
import type { Prisma, User, Visibility } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { contactsWhere, notBlockedWhere } from './relations';
import { friendshipStateOf, pairRowOf, pairWithViewerSelect, type FriendshipState } from './relations';

/**
 * Personal fields of a profile (email, phone, birth date, last login): the owner and admins always
 * see them; other members as the owner chose in the privacy settings, and never across a block.
 */
export const VISIBILITIES = ['nobody', 'contacts', 'everyone'] as const satisfies readonly Visibility[];

/** The privacy settings a member can change, one visibility per personal field. */
export const PRIVACY_FIELDS = {
  email: 'emailVisibility',
  phone: 'phoneVisibility',
  birthDate: 'birthDateVisibility',
} as const satisfies Record<string, keyof User>;

export type PrivacyChoices = { [Field in keyof typeof PRIVACY_FIELDS]: Visibility };

/** Whether `viewer` may read a personal field of `ownerId` that the owner shows to `visibility`. */
export function personalFieldVisible(
  visibility: Visibility,
  viewer: Pick<User, 'id' | 'role'>,
  ownerId: number,
  relation: FriendshipState,
): boolean {
  if (viewer.id === ownerId || viewer.role === 'admin') return true;
  switch (visibility) {
    case 'everyone':
      return relation !== 'blocked-by-me' && relation !== 'blocked-by-them';
    case 'contacts':
      return relation === 'accepted';
    case 'nobody':
      return false;
  }
}

/**
 * personalFieldVisible as a condition on the owners, for one viewer: the members whose `field` the
 * viewer may read, for queries that match on the field (search). The same rule, case by case (the
 * owner and admins; "everyone" but across a block; "contacts" for contacts; "nobody"):
 * privacy.test.ts checks the two agree for every visibility and relation.
 */
export function personalFieldVisibleWhere(field: keyof PrivacyChoices, viewer: Pick<User, 'id' | 'role'>): Prisma.UserWhereInput {
  if (viewer.role === 'admin') return {};
  const column = PRIVACY_FIELDS[field];
  return {
    OR: [
      { id: viewer.id },
      { [column]: 'everyone', ...notBlockedWhere(viewer.id) },
      { [column]: 'contacts', ...contactsWhere(viewer.id) },
    ],
  };
}

/**
 * Whether every member of `audience` may read `ownerId`'s personal field (personalFieldVisible for
 * each of them): for what is written once and read by several, like a contact card. One statement.
 */
export async function personalFieldVisibleToAll(
  prisma: PrismaClient,
  field: keyof PrivacyChoices,
  ownerId: number,
  audience: readonly number[],
): Promise<boolean> {
  const owner = await prisma.user.findUnique({
    where: { id: ownerId },
    select: { emailVisibility: true, phoneVisibility: true, birthDateVisibility: true },
  });
  if (!owner) return false;
  const ids = [...new Set(audience)];
  // Each reader with the pair's row between them and the owner, as the User fields read it.
  const readers = await prisma.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, role: true, ...pairWithViewerSelect(ownerId) },
  });
  return (
    readers.length === ids.length &&
    readers.every((reader) =>
      personalFieldVisible(owner[PRIVACY_FIELDS[field]], reader, ownerId, friendshipStateOf(pairRowOf(reader), reader.id)),
    )
  );
}

const visibility = z.enum(VISIBILITIES, 'validation.invalidInput');

/** Omitted fields stay as they are. */
export const updatePrivacyInput = z.object({
  email: visibility.nullish(),
  phone: visibility.nullish(),
  birthDate: visibility.nullish(),
});

export async function updatePrivacy(prisma: PrismaClient, userId: number, choices: z.infer<typeof updatePrivacyInput>) {
  const data: Partial<Pick<User, (typeof PRIVACY_FIELDS)[keyof typeof PRIVACY_FIELDS]>> = {};
  for (const [field, column] of Object.entries(PRIVACY_FIELDS) as [
    keyof PrivacyChoices,
    (typeof PRIVACY_FIELDS)[keyof PrivacyChoices],
  ][]) {
    const choice = choices[field];
    if (choice) data[column] = choice;
  }
  return prisma.user.update({ where: { id: userId }, data, select: { id: true } });
}
