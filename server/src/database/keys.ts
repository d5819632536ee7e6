// Keys: order-independent keys for rows that exist once per pair of users, and unique-key violations.
import { Prisma } from '../generated/prisma/client';

function pairKey(a: number, b: number): string {
  if (a === b) throw new Error('A pair needs two different users');
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** Friendship.pairKey: one friendship (pending, accepted or blocked) per pair, whoever asked. */
export const friendshipPairKey = pairKey;

/** Conversation.directKey: one one-to-one conversation per pair. */
export const directConversationKey = pairKey;

/** The error of an insert or update that would break a unique key (Prisma's P2002). */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
