import { z } from 'zod';
import type { Prisma } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { ForbiddenError, NotFoundError, ValidationError } from './errors';
import { MEDIA_LIMITS, removeMediaFiles, storeMediaUploads, type StoredMedia } from './media';
import { placeInput, resolveMapProvider } from './places';
import { createOnce, idempotencyKeyRule } from './idempotency';
import { quotas } from './limits';
import { contactsWhere, notBlockedWhere } from './relations';
import { followedByWhere } from './follows';
import { mentionableUsers, publishMentions, replaceHashtags, replaceMentions } from './mentions';
import { assertMayPublish, memberOfWhere, moderates, publicationsReadableWhere } from './communities';

export const PUBLICATION_MAX_LENGTH = 5000;
export const COMMENT_MAX_LENGTH = 2000;
/** Spec section 9: the feed and the galleries load 50 items at a time. */
export const FEED_PAGE_SIZE = 50;

/** Newest first; the id breaks ties so keyset pages never skip or repeat a publication. */
export const FEED_ORDER: Prisma.PublicationOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

type Position = { createdAt: Date; id: number };

/** An opaque page cursor: the position of the last publication of the page. */
export const encodePublicationCursor = (row: Position) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

export function decodePublicationCursor(cursor: string | null | undefined): Position | null {
  if (!cursor) return null;
  const [date, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const position = { createdAt: new Date(date ?? ''), id: Number(id) };
  if (Number.isNaN(position.createdAt.getTime()) || !Number.isSafeInteger(position.id)) {
    throw new ValidationError([{ path: ['after'], messageKey: 'validation.invalidInput' }]);
  }
  return position;
}

/** What comes after `position` in FEED_ORDER, written as a range the created_at index serves. */
export const olderThan = ({ createdAt, id }: Position): Prisma.PublicationWhereInput => ({
  createdAt: { lte: createdAt },
  OR: [{ createdAt: { lt: createdAt } }, { id: { lt: id } }],
});

const file = z.custom<File>((value) => !!value && typeof (value as File).arrayBuffer === 'function');
const filenames = z.array(z.string().trim().min(1).max(200)).max(MEDIA_LIMITS.filesPerUpload, 'upload.tooMany');

export const createPublicationInput = z
  .object({
    content: z.string().trim().max(PUBLICATION_MAX_LENGTH, 'validation.tooLong').nullish(),
    location: placeInput.nullish(),
    media: z.array(file).max(MEDIA_LIMITS.filesPerUpload, 'upload.tooMany').nullish(),
    /** Files uploaded before (`uploadPublicationMedia`, REST upload-media) to attach. */
    mediaFilenames: filenames.nullish(),
    idempotencyKey: idempotencyKeyRule.nullish(),
    /** The global id of a community to publish into (the schema turns it into its number). */
    communityId: z.string().max(200).nullish(),
  })
  .superRefine((input, ctx) => {
    const files = (input.media?.length ?? 0) + (input.mediaFilenames?.length ?? 0);
    if (!input.content && files === 0) ctx.addIssue({ code: 'custom', path: ['content'], message: 'publication.empty' });
    if (files > MEDIA_LIMITS.filesPerUpload) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'array',
        maximum: MEDIA_LIMITS.filesPerUpload,
        path: ['media'],
        message: 'upload.tooMany',
      });
    }
  });

export const updatePublicationInput = z.object({
  content: z.string().trim().max(PUBLICATION_MAX_LENGTH, 'validation.tooLong'),
});

export const commentInput = z.object({
  text: z.string().trim().min(1, 'comment.empty').max(COMMENT_MAX_LENGTH, 'validation.tooLong'),
});

export const attachMediaInput = z.object({ filenames: filenames.min(1, 'upload.noFiles') });

/**
 * The main feed: publications of `authorIds` (feedAuthorIds) and of the viewer's communities, that
 * the viewer may see.
 */
export const feedWhere = (viewerId: number, authorIds: number[]): Prisma.PublicationWhereInput => ({
  AND: [visibleTo(viewerId), { OR: [{ authorId: { in: authorIds } }, { community: memberOfWhere(viewerId) }] }],
});

/** Whose publications the viewer's feed shows: their own, their contacts' and those of the members they follow. */
export async function feedAuthorIds(prisma: PrismaClient, viewerId: number): Promise<number[]> {
  // One statement for both: the feed's cost per page stays the same.
  const rows = await prisma.user.findMany({
    where: { OR: [contactsWhere(viewerId), followedByWhere(viewerId)] },
    select: { id: true },
  });
  return [viewerId, ...rows.map((row) => row.id)];
}

/**
 * Publications the viewer may see: everyone's, except between two members where one blocked the
 * other, and, in a by-request community, only by its members (services/communities.ts).
 */
export function visibleTo(viewerId: number | null | undefined): Prisma.PublicationWhereInput {
  return {
    author: notBlockedWhere(viewerId),
    OR: [{ communityId: null }, { community: publicationsReadableWhere(viewerId) }],
  };
}

export async function findVisible(prisma: PrismaClient, viewerId: number, id: number) {
  const publication = await prisma.publication.findFirst({
    where: { id, ...visibleTo(viewerId) },
    select: { id: true, authorId: true, content: true, communityId: true, community: { select: { joinPolicy: true } } },
  });
  if (!publication) throw new NotFoundError('publication.notFound');
  return publication;
}

/** The community whose members alone may be mentioned in a publication (a by-request one), if any. */
const membersOnlyCommunity = (publication: { communityId: number | null; community: { joinPolicy: string } | null }) =>
  publication.community?.joinPolicy === 'by_request' ? (publication.communityId ?? undefined) : undefined;

async function findOwn(prisma: PrismaClient, viewerId: number, id: number) {
  const publication = await findVisible(prisma, viewerId, id);
  if (publication.authorId !== viewerId) throw new ForbiddenError('publication.authorOnly');
  return publication;
}

const mediaRow = (media: StoredMedia, uploaderId: number, position: number) => ({ ...media, uploaderId, position });

/**
 * Attaches files the viewer uploaded earlier and that no publication holds yet. Names that are
 * not such files are refused (someone else's upload, an attached one, a made-up name).
 */
async function claimUploads(
  tx: Prisma.TransactionClient,
  viewerId: number,
  publicationId: number,
  names: string[],
  firstPosition: number,
) {
  if (names.length === 0) return;
  const unique = [...new Set(names)];
  const owned = await tx.publicationMedia.findMany({
    where: { filename: { in: unique }, uploaderId: viewerId, publicationId: null },
    select: { id: true, filename: true },
  });
  const missing = unique.find((name) => !owned.some((row) => row.filename === name));
  if (missing)
    throw new ValidationError([
      { path: ['mediaFilenames'], messageKey: 'media.notYours', params: { name: missing.slice(0, 120) } },
    ]);
  for (const [index, name] of unique.entries()) {
    const row = owned.find((r) => r.filename === name)!;
    // Conditional, so two requests cannot both claim the same upload.
    const claimed = await tx.publicationMedia.updateMany({
      where: { id: row.id, publicationId: null },
      data: { publicationId, position: firstPosition + index },
    });
    if (claimed.count !== 1)
      throw new ValidationError([{ path: ['mediaFilenames'], messageKey: 'media.notYours', params: { name } }]);
  }
}

export async function createPublication(
  services: Services,
  viewerId: number,
  /** `communityId`: published into this community (the author must be a member). */
  input: Omit<z.output<typeof createPublicationInput>, 'communityId'> & { communityId?: number | null },
): Promise<{ id: number }> {
  const earlier = (idempotencyKey: string) =>
    services.prisma.publication.findUnique({
      where: { authorId_idempotencyKey: { authorId: viewerId, idempotencyKey } },
      select: { id: true },
    });
  return createOnce(input.idempotencyKey, earlier, async () => {
    const community = input.communityId ? await assertMayPublish(services.prisma, input.communityId, viewerId) : null;
    const place = input.location ? await resolveMapProvider(services.prisma, input.location) : null;
    if (input.media?.length) await quotas.upload(services, viewerId);
    const uploaded = input.media?.length
      ? await storeMediaUploads(services, input.media, {
          kinds: ['image', 'video'],
          wrongTypeKey: 'upload.notImageOrVideo',
          register: { kind: 'publication', uploaderId: viewerId },
        })
      : [];
    try {
      const { publication, mentioned } = await services.prisma.$transaction(async (tx) => {
        const publication = await tx.publication.create({
          data: {
            authorId: viewerId,
            content: input.content ?? '',
            idempotencyKey: input.idempotencyKey,
            communityId: community?.id,
            ...(place ?? {}),
            media: { create: uploaded.map((media, index) => mediaRow(media, viewerId, index)) },
          },
          select: { id: true },
        });
        await claimUploads(tx, viewerId, publication.id, input.mediaFilenames ?? [], uploaded.length);
        const membersOnly = community?.joinPolicy === 'by_request' ? community.id : undefined;
        return {
          publication,
          mentioned: await storeRelations(tx, viewerId, publication.id, input.content ?? '', membersOnly),
        };
      });
      publishMentions(services, mentioned);
      return publication;
    } catch (error) {
      await removeMediaFiles(services, uploaded);
      throw error;
    }
  });
}

/** Stores files for a publication the viewer creates next (the REST client's two-step flow). */
export async function uploadPublicationMedia(services: Services, viewerId: number, files: File[]) {
  await quotas.upload(services, viewerId);
  const uploaded = await storeMediaUploads(services, files, {
    kinds: ['image', 'video'],
    wrongTypeKey: 'upload.notImageOrVideo',
    register: { kind: 'publication', uploaderId: viewerId },
  });
  try {
    await services.prisma.publicationMedia.createMany({ data: uploaded.map((media, index) => mediaRow(media, viewerId, index)) });
  } catch (error) {
    await removeMediaFiles(services, uploaded);
    throw error;
  }
  return services.prisma.publicationMedia.findMany({
    where: { filename: { in: uploaded.map((media) => media.filename) } },
    orderBy: { position: 'asc' },
  });
}

export async function attachPublicationMedia(services: Services, viewerId: number, publicationId: number, names: string[]) {
  await findOwn(services.prisma, viewerId, publicationId);
  await services.prisma.$transaction(async (tx) => {
    const last = await tx.publicationMedia.aggregate({ where: { publicationId }, _max: { position: true }, _count: true });
    if (last._count + new Set(names).size > MEDIA_LIMITS.filesPerUpload) {
      throw new ValidationError([
        { path: ['filenames'], messageKey: 'upload.tooMany', params: { max: MEDIA_LIMITS.filesPerUpload } },
      ]);
    }
    await claimUploads(tx, viewerId, publicationId, names, (last._max.position ?? -1) + 1);
  });
}

/** Saves a new text; an unchanged text writes nothing (spec section 4: saved only if changed). */
export async function updatePublication(services: Services, viewerId: number, id: number, content: string) {
  const publication = await findOwn(services.prisma, viewerId, id);
  if (publication.content === content) return;
  const media = await services.prisma.publicationMedia.count({ where: { publicationId: id } });
  if (!content && media === 0) throw new ValidationError([{ path: ['content'], messageKey: 'publication.empty' }]);
  const mentioned = await services.prisma.$transaction(async (tx) => {
    await tx.publication.update({ where: { id }, data: { content } });
    return storeRelations(tx, viewerId, id, content, membersOnlyCommunity(publication));
  });
  publishMentions(services, mentioned);
}

/**
 * A publication's mentions and hashtags, written with its text (services/mentions.ts). In a
 * by-request community (`communityId`) only its members are mentioned: nobody else may read it.
 */
async function storeRelations(
  tx: Prisma.TransactionClient,
  authorId: number,
  publicationId: number,
  content: string,
  communityId: number | undefined,
) {
  await replaceHashtags(tx, publicationId, content);
  const userIds = await mentionableUsers(tx, authorId, content, { communityId });
  return replaceMentions(tx, authorId, { kind: 'publication', publicationId }, userIds);
}

/** The author deletes a publication; in a community, its owner and moderators may too. */
export async function deletePublication(services: Services, viewerId: number, id: number) {
  const publication = await findVisible(services.prisma, viewerId, id);
  const moderator = publication.communityId !== null && (await moderates(services.prisma, publication.communityId, viewerId));
  if (publication.authorId !== viewerId && !moderator) throw new ForbiddenError('publication.authorOnly');
  const media = await services.prisma.publicationMedia.findMany({
    where: { publicationId: id },
    select: { filename: true, thumbnail: true },
  });
  await services.prisma.publication.delete({ where: { id } });
  await removeMediaFiles(services, media);
}

/**
 * Likes (true), unlikes (false) or toggles (null). Setting is idempotent, so a client that sends
 * the state it shows (optimistically) ends where the user clicked, whatever the order of arrival.
 */
export async function setLike(services: Services, viewerId: number, id: number, liked: boolean | null): Promise<boolean> {
  const { prisma } = services;
  await findVisible(prisma, viewerId, id);
  const where = { publicationId_userId: { publicationId: id, userId: viewerId } };
  const want = liked ?? !(await prisma.publicationLike.findUnique({ where, select: { id: true } }));
  if (want) await prisma.publicationLike.createMany({ data: [{ publicationId: id, userId: viewerId }], skipDuplicates: true });
  else await prisma.publicationLike.deleteMany({ where: { publicationId: id, userId: viewerId } });
  return want;
}

/** Sets whether the viewer bookmarks a publication they can see; without `bookmarked`, toggles it. */
export async function setBookmark(
  services: Services,
  viewerId: number,
  id: number,
  bookmarked: boolean | null,
): Promise<boolean> {
  const { prisma } = services;
  await findVisible(prisma, viewerId, id);
  const where = { userId_publicationId: { userId: viewerId, publicationId: id } };
  const want = bookmarked ?? !(await prisma.publicationBookmark.findUnique({ where, select: { id: true } }));
  if (want)
    await prisma.publicationBookmark.createMany({ data: [{ publicationId: id, userId: viewerId }], skipDuplicates: true });
  else await prisma.publicationBookmark.deleteMany({ where: { publicationId: id, userId: viewerId } });
  return want;
}

/** The viewer's bookmarks of publications they can still see (a block hides the rest). */
export const bookmarksWhere = (viewerId: number): Prisma.PublicationBookmarkWhereInput => ({
  userId: viewerId,
  publication: visibleTo(viewerId),
});

export async function addComment(
  services: Services,
  viewerId: number,
  publicationId: number,
  text: string,
  idempotencyKey?: string | null,
) {
  const earlier = (key: string) =>
    services.prisma.publicationComment.findUnique({
      where: { authorId_idempotencyKey: { authorId: viewerId, idempotencyKey: key } },
      select: { id: true },
    });
  return createOnce(idempotencyKey, earlier, async () => {
    const publication = await findVisible(services.prisma, viewerId, publicationId);
    const { comment, mentioned } = await services.prisma.$transaction(async (tx) => {
      const comment = await tx.publicationComment.create({
        data: { publicationId, authorId: viewerId, content: text, idempotencyKey },
        select: { id: true },
      });
      // Only members who may see the publication are linked: none a block separates from its author.
      const userIds = await mentionableUsers(tx, viewerId, text, {
        publicationAuthorId: publication.authorId,
        communityId: membersOnlyCommunity(publication),
      });
      const target = { kind: 'comment' as const, commentId: comment.id, publicationId };
      return { comment, mentioned: await replaceMentions(tx, viewerId, target, userIds) };
    });
    publishMentions(services, mentioned);
    return comment;
  });
}
