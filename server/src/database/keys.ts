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

/**
 * The error of an insert or update that a unique index refused: Prisma's P2002 through the query
 * builder, or PostgreSQL's 23505 inside a raw statement's P2010.
 */
export function isUniqueViolation(error: unknown): error is Prisma.PrismaClientKnownRequestError {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  return error.code === 'P2002' || (error.code === 'P2010' && JSON.stringify(error.meta ?? {}).includes('23505'));
}
