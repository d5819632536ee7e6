import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import type { ReactionKind } from '../generated/prisma/enums';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { NotFoundError } from './errors';
import { findVisible } from './publications';
import { conversationRecipients, visibleMessages } from './messages';
import { blockedUserIds } from './relations';
import { idCursor } from './cursors';

/**
 * The emoji reactions offered besides the like, in the order bars show them. Like Telegram and
 * Slack, a member may add several distinct ones to one item (each at most once).
 */
export const REACTIONS = ['THUMBS_UP', 'HEART', 'LAUGH', 'WOW', 'SAD', 'PARTY'] as const satisfies readonly ReactionKind[];
export const REACTION_EMOJI: Record<ReactionKind, string> = {
  THUMBS_UP: '👍',
  HEART: '❤️',
  LAUGH: '😂',
  WOW: '😮',
  SAD: '😢',
  PARTY: '🎉',
};

/** A reaction named by a client: one of REACTIONS, else a translated 422 (not GraphQL's English enum error). */
export const reactionInput = z.enum(REACTIONS, 'reactions.unknown');

/** What can be reacted to; the table and column are constants, never input. */
export type ReactionTarget = 'publication' | 'message';
const TABLES = {
  publication: { table: Prisma.raw('publication_reactions'), item: Prisma.raw('publication_id') },
  message: { table: Prisma.raw('message_reactions'), item: Prisma.raw('message_id') },
} as const;

export type ReactionCount = { reaction: ReactionKind; count: number; viewerHasReacted: boolean };

/**
 * Adds (true), removes (false) or toggles (null) one reaction of the viewer; answers whether the
 * viewer has it now and whether anything changed (only a change is published).
 */
async function setReaction(
  prisma: PrismaClient,
  target: ReactionTarget,
  itemId: number,
  userId: number,
  reaction: ReactionKind,
  reacted: boolean | null,
): Promise<{ reacted: boolean; changed: boolean }> {
  const { table, item } = TABLES[target];
  const mine = Prisma.sql`${item} = ${itemId} AND user_id = ${userId} AND reaction = ${reaction}::"ReactionKind"`;
  const want = reacted ?? (await prisma.$queryRaw<unknown[]>`SELECT 1 FROM ${table} WHERE ${mine} LIMIT 1`).length === 0;
  const changed = want
    ? await prisma.$executeRaw`
        INSERT INTO ${table} (${item}, user_id, reaction) VALUES (${itemId}, ${userId}, ${reaction}::"ReactionKind")
        ON CONFLICT DO NOTHING`
    : await prisma.$executeRaw`DELETE FROM ${table} WHERE ${mine}`;
  return { reacted: want, changed: changed > 0 };
}

/** Reacts to a publication the viewer may see (a block hides it: 404), then tells whoever shows it. */
export async function reactToPublication(
  services: Services,
  viewerId: number,
  publicationId: number,
  reaction: ReactionKind,
  reacted: boolean | null,
): Promise<boolean> {
  await findVisible(services.prisma, viewerId, publicationId);
  const result = await setReaction(services.prisma, 'publication', publicationId, viewerId, reaction, reacted);
  // Stored first, then published: a viewer who reads after the event sees the change.
  if (result.changed) services.pubsub.publish('publication:reactions', publicationId, {});
  return result.reacted;
}

/**
 * Reacts to a message the viewer may see in a conversation they take part in (404 for a hidden or
 * unknown message, 403 outside the conversation), then tells its participants live.
 */
export async function reactToMessage(
  services: Services,
  viewerId: number,
  messageId: number,
  reaction: ReactionKind,
  reacted: boolean | null,
): Promise<boolean> {
  const message = await services.prisma.message.findFirst({
    where: { id: messageId, ...visibleMessages(viewerId) },
    select: { conversationId: true },
  });
  if (!message) throw new NotFoundError('reactions.messageNotFound');
  // As with messages: members a block separates from the reactor are not told (they do not see it).
  const { recipients } = await conversationRecipients(services, message.conversationId, viewerId);
  const result = await setReaction(services.prisma, 'message', messageId, viewerId, reaction, reacted);
  if (result.changed) {
    services.pubsub.publish('conversation:reaction', {
      messageId,
      conversationId: message.conversationId,
      recipientIds: [viewerId, ...recipients],
    });
  }
  return result.reacted;
}

/**
 * The reactions of several items in two statements, as each viewer sees them: reactions of members
 * a block separates from the viewer do not count (as with likes). Reactions nobody has are left out.
 */
export async function reactionSummaries(
  prisma: PrismaClient,
  target: ReactionTarget,
  viewerId: number | undefined,
  itemIds: number[],
): Promise<ReactionCount[][]> {
  const { table, item } = TABLES[target];
  const hidden = await blockedUserIds(prisma, viewerId);
  const rows = await prisma.$queryRaw<{ item_id: number; reaction: ReactionKind; count: number; mine: boolean }[]>`
    SELECT ${item} AS item_id, reaction, count(*)::int AS count, bool_or(user_id = ${viewerId ?? 0}) AS mine
    FROM ${table}
    WHERE ${item} = ANY(${itemIds}::int[]) AND user_id <> ALL(${hidden}::int[])
    GROUP BY 1, 2`;
  const byItem = new Map<number, ReactionCount[]>();
  for (const row of rows) {
    const list = byItem.get(row.item_id) ?? [];
    list.push({ reaction: row.reaction, count: row.count, viewerHasReacted: row.mine });
    byItem.set(row.item_id, list);
  }
  const order = (a: ReactionCount, b: ReactionCount) => REACTIONS.indexOf(a.reaction) - REACTIONS.indexOf(b.reaction);
  return itemIds.map((id) => (byItem.get(id) ?? []).sort(order));
}

/** A "who reacted" page's cursor: the id of the last reaction row (newest first). */
export const reactorCursor = idCursor('reaction');

/**
 * Who gave one reaction to one item, newest first: `take` rows of (reaction row id, user id) after
 * a cursor, without the members a block separates from the viewer. The index on
 * (item, reaction, id) serves every page at the same cost.
 */
export async function reactorRows(
  prisma: PrismaClient,
  target: ReactionTarget,
  viewerId: number | undefined,
  itemId: number,
  reaction: ReactionKind,
  after: number | null,
  take: number,
) {
  const { table, item } = TABLES[target];
  const hidden = await blockedUserIds(prisma, viewerId);
  return prisma.$queryRaw<{ id: number; user_id: number }[]>`
    SELECT id, user_id FROM ${table}
    WHERE ${item} = ${itemId} AND reaction = ${reaction}::"ReactionKind" AND id < ${after ?? 2147483647}
      AND user_id <> ALL(${hidden}::int[])
    ORDER BY id DESC LIMIT ${take}`;
}
