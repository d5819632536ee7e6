import { z } from 'zod';
import type { Prisma } from '../generated/prisma/client';
import type { NotificationEvent } from '../realtime/pubsub';
import type { Services } from './container';
import { publishStoredNotification, storeNotification } from './notifications';
import { notBlockedWhere } from './relations';
import { equalsIgnoringCase } from './textMatch';

/**
 * Mentions (`@username`) and hashtags (`#tag`) of publications, comments and messages (issue 21
 * point 5). They are read from the text once, when it is written, and stored as relations in the
 * same transaction (replaced on edit): pages read the rows, never the text. The client splits the
 * text with the same patterns (client/src/features/social/richText.ts) and links only what the
 * item's stored lists name.
 */

/**
 * `@` not preceded by a word character (so an e-mail address is no mention), then a username
 * (validation.ts: letters, digits, `.`, `_`, `-`) that does not end with `.` or `-`: "@anna." at the
 * end of a sentence mentions anna.
 */
const MENTION = /(?<![\p{L}\p{N}_.@-])@([A-Za-z0-9._-]*[A-Za-z0-9_])/gu;
/** `#` not preceded by a word character, then letters (with their marks), digits and underscores of any script. */
const HASHTAG = /(?<![\p{L}\p{M}\p{N}_&#])#([\p{L}\p{M}\p{N}_]+)/gu;

export const HASHTAG_MAX_LENGTH = 64;
/** More than this many in one text are not linked (and not notified): a text is not a mailing list. */
export const MAX_MENTIONS = 50;
export const MAX_HASHTAGS = 30;

/** The usernames a text mentions, lowercased, each once, in order. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const name = match[1]!.toLowerCase();
    if (name.length >= 3 && name.length <= 32) names.add(name);
    if (names.size === MAX_MENTIONS) break;
  }
  return [...names];
}

/** A tag as stored and looked up: NFC, lowercased. */
export const normaliseHashtag = (tag: string) => tag.normalize('NFC').toLowerCase();

/** The tags of a text, normalised, each once, in order; longer ones than HASHTAG_MAX_LENGTH are not tags. */
export function hashtagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.normalize('NFC').matchAll(HASHTAG)) {
    const tag = normaliseHashtag(match[1]!);
    if (tag.length <= HASHTAG_MAX_LENGTH) tags.add(tag);
    if (tags.size === MAX_HASHTAGS) break;
  }
  return [...tags];
}

/** A tag asked for (the tag page): with or without its `#`, a tag the pattern would find. */
export const hashtagInput = z
  .string()
  .trim()
  .transform((tag) => normaliseHashtag(tag.replace(/^#/, '')))
  .refine((tag) => /^[\p{L}\p{M}\p{N}_]+$/u.test(tag) && tag.length <= HASHTAG_MAX_LENGTH, 'hashtag.invalid');

export type MentionTarget =
  | { kind: 'publication'; publicationId: number }
  | { kind: 'comment'; commentId: number; publicationId: number }
  | { kind: 'message'; messageId: number; conversationId: number };

/**
 * The members of `text`'s mentions the link may reach: active, no block between them and the author
 * either way; for a comment, none with the publication's author either (they could not see it); for a
 * message, participants of the conversation only; in a by-request community, its members only.
 */
export async function mentionableUsers(
  tx: Pick<Prisma.TransactionClient, 'user'>,
  authorId: number,
  text: string,
  scope: { publicationAuthorId?: number; conversationId?: number; communityId?: number } = {},
): Promise<number[]> {
  const names = mentionedUsernames(text);
  if (names.length === 0) return [];
  const conditions: Prisma.UserWhereInput[] = [
    { OR: names.map((name) => ({ username: equalsIgnoringCase(name) })) },
    { isActive: true },
    notBlockedWhere(authorId),
  ];
  if (scope.publicationAuthorId) conditions.push(notBlockedWhere(scope.publicationAuthorId));
  if (scope.communityId) conditions.push({ communityMemberships: { some: { communityId: scope.communityId } } });
  if (scope.conversationId) conditions.push({ conversationParticipants: { some: { conversationId: scope.conversationId } } });
  const rows = await tx.user.findMany({ where: { AND: conditions }, select: { id: true } });
  return rows.map((row) => row.id);
}

/**
 * Replaces the mention rows of one item with `userIds`, and stores a MENTION notification for each
 * member newly mentioned (not the author, not one the item already mentioned: one per member per
 * item). Returns the stored notifications, to publish once the transaction is committed.
 */
export async function replaceMentions(
  tx: Prisma.TransactionClient,
  authorId: number,
  target: MentionTarget,
  userIds: number[],
): Promise<Array<{ userId: number; event: NotificationEvent }>> {
  let before: number[];
  if (target.kind === 'publication') {
    const where = { publicationId: target.publicationId };
    before = (await tx.publicationMention.findMany({ where, select: { userId: true } })).map((row) => row.userId);
    await tx.publicationMention.deleteMany({ where: { ...where, userId: { notIn: userIds } } });
    await tx.publicationMention.createMany({ data: userIds.map((userId) => ({ ...where, userId })), skipDuplicates: true });
  } else if (target.kind === 'comment') {
    const where = { commentId: target.commentId };
    before = (await tx.commentMention.findMany({ where, select: { userId: true } })).map((row) => row.userId);
    await tx.commentMention.deleteMany({ where: { ...where, userId: { notIn: userIds } } });
    await tx.commentMention.createMany({ data: userIds.map((userId) => ({ ...where, userId })), skipDuplicates: true });
  } else {
    const where = { messageId: target.messageId };
    before = (await tx.messageMention.findMany({ where, select: { userId: true } })).map((row) => row.userId);
    await tx.messageMention.deleteMany({ where: { ...where, userId: { notIn: userIds } } });
    await tx.messageMention.createMany({ data: userIds.map((userId) => ({ ...where, userId })), skipDuplicates: true });
  }
  const payload = mentionPayload(authorId, target);
  const notified = userIds.filter((id) => id !== authorId && !before.includes(id));
  return Promise.all(
    notified.map(async (userId) => ({ userId, event: await storeNotification(tx, userId, 'MENTION', payload) })),
  );
}

/** Replaces a publication's hashtags with those of its text (tags are created on first use). */
export async function replaceHashtags(tx: Prisma.TransactionClient, publicationId: number, text: string) {
  const names = hashtagsOf(text);
  await tx.hashtag.createMany({ data: names.map((name) => ({ name })), skipDuplicates: true });
  const tags = names.length ? await tx.hashtag.findMany({ where: { name: { in: names } }, select: { id: true } }) : [];
  const hashtagIds = tags.map((tag) => tag.id);
  await tx.publicationHashtag.deleteMany({ where: { publicationId, hashtagId: { notIn: hashtagIds } } });
  await tx.publicationHashtag.createMany({
    data: hashtagIds.map((hashtagId) => ({ publicationId, hashtagId })),
    skipDuplicates: true,
  });
}

/** The MENTION notification's payload: who mentioned the member, and where. */
export const mentionPayload = (authorId: number, { kind, ...ids }: MentionTarget) => ({ userId: authorId, target: kind, ...ids });

/** Publishes the notifications stored with a committed change. */
export function publishMentions(services: Services, stored: Array<{ userId: number; event: NotificationEvent }>) {
  for (const { userId, event } of stored) publishStoredNotification(services, userId, event);
}

/** Publications with the tag (hashtagInput's normalised form). */
export const taggedWhere = (tag: string): Prisma.PublicationWhereInput => ({ hashtags: { some: { hashtag: { name: tag } } } });
