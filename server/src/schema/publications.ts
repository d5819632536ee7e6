import type { GraphQLResolveInfo } from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { decodeGlobalID } from '@pothos/plugin-relay';
import type { Prisma, Publication, PublicationComment } from '../generated/prisma/client';
import { batched } from './batch';
import { builder } from '../builder';
import type { Context } from '../context';
import type { MessageKey } from '../i18n';
import * as publications from '../services/publications';
import { FEED_ORDER, FEED_PAGE_SIZE } from '../services/publications';

const MAX_PAGE_SIZE = 100;
import { mediaUrl, thumbnailUrl } from '../services/media';
import { mapUrl } from '../services/places';
import {
  FileTooLargeError,
  ForbiddenError,
  NotFoundError,
  UnsupportedFileTypeError,
  ValidationError,
} from '../services/errors';
import { PlaceInput } from './places';
import { parsedBy } from '../services/validation';

const MediaKindEnum = builder.enumType('MediaKind', {
  values: { IMAGE: { value: 'image' }, VIDEO: { value: 'video' } } as const,
});

/** The numeric id inside a global id of `typename`; anything else names nothing. */
export function databaseIdOf(globalId: string, typename: string, notFoundKey: MessageKey) {
  let decoded;
  try {
    decoded = decodeGlobalID(globalId);
  } catch {
    throw new NotFoundError(notFoundKey);
  }
  const id = Number(decoded.id);
  if (decoded.typename !== typename || !Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(notFoundKey);
  return id;
}

const publicationId = (globalId: string) => databaseIdOf(globalId, 'Publication', 'publication.notFound');

export const PublicationMediaNode = builder.prismaNode('PublicationMedia', {
  id: { field: 'id' },
  description: 'An image or a video of a publication (or uploaded for one and not attached yet).',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    filename: t.exposeString('filename', { description: 'The generated name under which the file is stored and served.' }),
    originalName: t.exposeString('originalName', { nullable: true }),
    fileType: t.expose('fileType', { type: MediaKindEnum }),
    mimeType: t.exposeString('mimeType'),
    size: t.exposeInt('size'),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
    durationSeconds: t.exposeFloat('durationSeconds', { nullable: true }),
    url: t.string({ select: { filename: true }, resolve: (media) => mediaUrl(media.filename) }),
    thumbnailUrl: t.string({
      description: 'A small JPEG: the image resized, or a frame of the video.',
      select: { filename: true },
      resolve: (media) => thumbnailUrl(media.filename),
    }),
  }),
});

type Place = { latitude: number; longitude: number; address: string | null; mapProvider: string | null };

const PlaceRef = builder.objectRef<Place>('Place').implement({
  description: 'Where a publication was made.',
  fields: (t) => ({
    latitude: t.exposeFloat('latitude'),
    longitude: t.exposeFloat('longitude'),
    address: t.exposeString('address', { nullable: true }),
    mapProvider: t.exposeString('mapProvider', { nullable: true, description: 'Key of a map provider (openstreetmap, google, yandex).' }),
    mapUrl: t.string({
      description: "The place on the provider's map.",
      resolve: (place) => mapUrl(place.mapProvider, place.latitude, place.longitude),
    }),
  }),
});

export const PublicationCommentNode = builder.prismaNode('PublicationComment', {
  id: { field: 'id' },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    text: t.exposeString('content'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    author: t.relation('author'),
  }),
});

type PageArgs = { first?: number | null; after?: string | null; last?: number | null; before?: string | null };

/** Forward pages only: every list here is read from its start. */
function pageSize(args: PageArgs, fallback: number) {
  if (args.last != null || args.before != null) throw new ValidationError([{ path: ['last'], messageKey: 'validation.invalidInput' }]);
  return Math.min(Math.max(args.first ?? fallback, 1), MAX_PAGE_SIZE);
}

const connection = <T>(rows: T[], first: number, cursorOf: (row: T) => string, after: unknown) => {
  const edges = rows.slice(0, first).map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: !!after,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
};

const commentCursor = (comment: { id: number }) => Buffer.from(String(comment.id)).toString('base64url');

/**
 * A page of a publication's comments. A list of publications asks for the first page of each:
 * those are loaded together, at most `first` per publication (a window query), so a publication
 * with thousands of comments costs a feed page no more than one with twenty.
 */
async function commentPage(ctx: Context, info: GraphQLResolveInfo, publicationId: number, args: PageArgs) {
  const first = pageSize(args, 20);
  // Computed for every publication, even when another one's call runs the batch: it also tells
  // Pothos that the rows at this path come with the relations selected (no fallback queries).
  const query = queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true, publicationId: true } });
  if (args.after) {
    const afterId = Number(Buffer.from(args.after, 'base64url').toString('utf8'));
    if (!Number.isSafeInteger(afterId)) throw new ValidationError([{ path: ['after'], messageKey: 'validation.invalidInput' }]);
    const rows = await ctx.prisma.publicationComment.findMany({
      ...query,
      where: { publicationId, id: { gt: afterId } },
      orderBy: { id: 'asc' },
      take: first + 1,
    });
    return connection(rows as PublicationComment[], first, commentCursor, args.after);
  }
  const firstPages = batched(
    ctx,
    `comments:${String(info.path.key)}:${first}`,
    async (publicationIds: number[]) => {
      const ranked = await ctx.prisma.$queryRaw<{ id: number }[]>`
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY publication_id ORDER BY id) AS n
          FROM publication_comments WHERE publication_id = ANY(${publicationIds})
        ) ranked WHERE n <= ${first + 1}`;
      const rows = await ctx.prisma.publicationComment.findMany({
        ...query,
        where: { id: { in: ranked.map((row) => row.id) } },
        orderBy: { id: 'asc' },
      });
      const byPublication = new Map<number, PublicationComment[]>();
      for (const row of rows as PublicationComment[]) byPublication.set(row.publicationId, [...(byPublication.get(row.publicationId) ?? []), row]);
      return byPublication;
    },
    [] as PublicationComment[],
  );
  return connection(await firstPages(publicationId), first, commentCursor, null);
}

/** Likes or comments per publication, for the publications of one page in one statement. */
async function countBy(ctx: Context, model: 'publicationLike' | 'publicationComment', publicationIds: number[]) {
  const where = { publicationId: { in: publicationIds } };
  const rows =
    model === 'publicationLike'
      ? await ctx.prisma.publicationLike.groupBy({ by: ['publicationId'], where, _count: { _all: true } })
      : await ctx.prisma.publicationComment.groupBy({ by: ['publicationId'], where, _count: { _all: true } });
  return new Map(rows.map((row) => [row.publicationId, row._count._all]));
}

export const PublicationNode = builder.prismaNode('Publication', {
  id: { field: 'id' },
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    content: t.exposeString('content'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    author: t.relation('author'),
    location: t.field({
      type: PlaceRef,
      nullable: true,
      select: { latitude: true, longitude: true, address: true, mapProvider: true },
      resolve: (p) =>
        p.latitude === null || p.longitude === null
          ? null
          : { latitude: p.latitude, longitude: p.longitude, address: p.address, mapProvider: p.mapProvider },
    }),
    media: t.relation('media', { query: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } }),
    likesCount: t.int({
      select: { id: true },
      resolve: (p, _args, ctx) => batched(ctx, 'publicationLikesCount', (ids: number[]) => countBy(ctx, 'publicationLike', ids), 0)(p.id),
    }),
    viewerHasLiked: t.boolean({
      select: (_args, ctx) => ({
        likes: { where: { userId: ctx.viewer?.user.id ?? -1 }, select: { id: true }, take: 1 },
      }),
      resolve: (p) => p.likes.length > 0,
    }),
    viewerIsAuthor: t.boolean({
      description: 'Whether the viewer may edit and delete it.',
      select: { authorId: true },
      resolve: (p, _args, ctx) => p.authorId === ctx.viewer?.user.id,
    }),
    commentsCount: t.int({
      select: { id: true },
      resolve: (p, _args, ctx) =>
        batched(ctx, 'publicationCommentsCount', (ids: number[]) => countBy(ctx, 'publicationComment', ids), 0)(p.id),
    }),
    comments: t.connection({
      type: PublicationCommentNode,
      description: 'Oldest first, 20 per page by default.',
      resolve: (p, args, ctx, info) => commentPage(ctx, info, p.id, args),
    }),
  }),
});

/**
 * A page of publications in FEED_ORDER after a (createdAt, id) cursor. The cursor carries both
 * values so the condition is a plain range on the created_at index: page 100 costs what page 1 does.
 */
async function publicationPage(ctx: Context, info: GraphQLResolveInfo, args: PageArgs, where: Prisma.PublicationWhereInput) {
  const first = pageSize(args, FEED_PAGE_SIZE);
  const position = publications.decodePublicationCursor(args.after);
  const rows = await ctx.prisma.publication.findMany({
    ...queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true, createdAt: true } }),
    where: position ? { AND: [where, publications.olderThan(position)] } : where,
    orderBy: FEED_ORDER,
    take: first + 1,
  });
  // The rows hold what the client selected (queryFromInfo), which is what the node's fields read.
  return connection(rows as Publication[], first, publications.encodePublicationCursor, position);
}

builder.queryFields((t) => ({
  feed: t.connection({
    type: PublicationNode,
    description: "The viewer's and their contacts' publications, newest first, 50 per page (keyset pages by cursor).",
    authScopes: { loggedIn: true },
    resolve: async (_root, args, ctx, info) => {
      const authors = await publications.feedAuthorIds(ctx.prisma, ctx.viewer!.user.id);
      return publicationPage(ctx, info, args, { authorId: { in: authors } });
    },
  }),

  userPublications: t.connection({
    type: PublicationNode,
    description: "A member's publications, newest first (none between members where one blocked the other).",
    authScopes: { loggedIn: true },
    args: { userId: t.arg.int({ required: true, description: 'The numeric id (databaseId) of the member.' }) },
    resolve: (_root, args, ctx, info) =>
      publicationPage(ctx, info, args, { authorId: args.userId, ...publications.visibleTo(ctx.viewer!.user.id) }),
  }),
}));

const CreatePublicationInput = builder.inputType('CreatePublicationInput', {
  fields: (t) => ({
    content: t.string({ required: false }),
    location: t.field({ type: PlaceInput, required: false }),
    media: t.field({ type: ['File'], required: false, description: 'Images and videos, as files of this multipart request.' }),
    mediaFilenames: t.stringList({ required: false, description: 'Files uploaded before with uploadPublicationMedia, to attach.' }),
  }),
});

/** Payload fields read the publication back with exactly what the client selected. */
const readPublication = {
  type: 'Publication',
  resolve: (query: { include?: object; select?: object }, result: { publicationId: number }, _args: object, ctx: Context) =>
    ctx.prisma.publication.findUniqueOrThrow({ ...query, where: { id: result.publicationId } }),
} as const;

const publicationPayload = (name: string) =>
  builder.objectRef<{ publicationId: number }>(name).implement({
    fields: (t) => ({ publication: t.prismaField(readPublication) }),
  });

const CreatePublicationSuccess = publicationPayload('CreatePublicationSuccess');
const UpdatePublicationSuccess = publicationPayload('UpdatePublicationSuccess');
const AttachPublicationMediaSuccess = publicationPayload('AttachPublicationMediaSuccess');

const LikePublicationSuccess = builder.objectRef<{ publicationId: number; liked: boolean }>('LikePublicationSuccess').implement({
  fields: (t) => ({
    liked: t.exposeBoolean('liked', { description: 'Whether the viewer likes it now.' }),
    publication: t.prismaField(readPublication),
  }),
});

const AddPublicationCommentSuccess = builder
  .objectRef<{ publicationId: number; commentId: number }>('AddPublicationCommentSuccess')
  .implement({
    fields: (t) => ({
      comment: t.prismaField({
        type: 'PublicationComment',
        resolve: (query, result, _args, ctx) =>
          ctx.prisma.publicationComment.findUniqueOrThrow({ ...query, where: { id: result.commentId } }),
      }),
      publication: t.prismaField(readPublication),
    }),
  });

const DeletePublicationSuccess = builder.objectRef<{ globalId: string; publicationId: number }>('DeletePublicationSuccess').implement({
  fields: (t) => ({
    deletedId: t.id({ description: 'The global id of the deleted publication.', resolve: (result) => result.globalId }),
    deletedDatabaseId: t.exposeInt('publicationId'),
  }),
});

const UploadPublicationMediaSuccess = builder.objectRef<{ ids: number[] }>('UploadPublicationMediaSuccess').implement({
  fields: (t) => ({
    media: t.prismaField({
      type: ['PublicationMedia'],
      resolve: (query, result, _args, ctx) =>
        ctx.prisma.publicationMedia.findMany({ ...query, where: { id: { in: result.ids } }, orderBy: { position: 'asc' } }),
    }),
  }),
});

const uploadErrors = [ValidationError, FileTooLargeError, UnsupportedFileTypeError];

builder.mutationFields((t) => ({
  createPublication: t.field({
    type: CreatePublicationSuccess,
    description: 'Publishes text, images and videos (files of this multipart request or uploaded before) and a place.',
    authScopes: { loggedIn: true },
    args: {
      input: t.arg({ type: CreatePublicationInput, required: true, validate: { schema: publications.createPublicationInput } }),
    },
    errors: { types: uploadErrors, directResult: true, union: { name: 'CreatePublicationResult' } },
    resolve: async (_root, { input }, ctx) => {
      const created = await publications.createPublication(ctx.services, ctx.viewer!.user.id, parsedBy(publications.createPublicationInput, input));
      return { publicationId: created.id };
    },
  }),

  uploadPublicationMedia: t.field({
    type: UploadPublicationMediaSuccess,
    description: 'Stores images and videos for a publication made next (attach them with mediaFilenames or attachPublicationMedia).',
    authScopes: { loggedIn: true },
    args: { files: t.arg({ type: ['File'], required: true }) },
    errors: { types: uploadErrors, directResult: true, union: { name: 'UploadPublicationMediaResult' } },
    resolve: async (_root, { files }, ctx) => {
      const media = await publications.uploadPublicationMedia(ctx.services, ctx.viewer!.user.id, files);
      return { ids: media.map((m) => m.id) };
    },
  }),

  attachPublicationMedia: t.field({
    type: AttachPublicationMediaSuccess,
    authScopes: { loggedIn: true },
    args: {
      id: t.arg.id({ required: true }),
      filenames: t.arg.stringList({ required: true, validate: { schema: publications.attachMediaInput.shape.filenames } }),
    },
    errors: { types: [ValidationError, NotFoundError, ForbiddenError], directResult: true, union: { name: 'AttachPublicationMediaResult' } },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.id));
      await publications.attachPublicationMedia(ctx.services, ctx.viewer!.user.id, id, args.filenames);
      return { publicationId: id };
    },
  }),

  updatePublication: t.field({
    type: UpdatePublicationSuccess,
    description: "Changes the text (the author only); an unchanged text is not written.",
    authScopes: { loggedIn: true },
    args: {
      id: t.arg.id({ required: true }),
      content: t.arg.string({ required: true, validate: { schema: publications.updatePublicationInput.shape.content } }),
    },
    errors: { types: [ValidationError, NotFoundError, ForbiddenError], directResult: true, union: { name: 'UpdatePublicationResult' } },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.id));
      await publications.updatePublication(ctx.services, ctx.viewer!.user.id, id, args.content);
      return { publicationId: id };
    },
  }),

  deletePublication: t.field({
    type: DeletePublicationSuccess,
    description: 'Deletes a publication with its media, likes and comments (the author only).',
    authScopes: { loggedIn: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, ForbiddenError], directResult: true, union: { name: 'DeletePublicationResult' } },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.id));
      await publications.deletePublication(ctx.services, ctx.viewer!.user.id, id);
      return { globalId: String(args.id), publicationId: id };
    },
  }),

  likePublication: t.field({
    type: LikePublicationSuccess,
    description: 'Sets whether the viewer likes a publication; without `liked`, toggles it.',
    authScopes: { loggedIn: true },
    args: { id: t.arg.id({ required: true }), liked: t.arg.boolean({ required: false }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'LikePublicationResult' } },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.id));
      const liked = await publications.setLike(ctx.services, ctx.viewer!.user.id, id, args.liked ?? null);
      return { publicationId: id, liked };
    },
  }),

  addPublicationComment: t.field({
    type: AddPublicationCommentSuccess,
    authScopes: { loggedIn: true },
    args: {
      publicationId: t.arg.id({ required: true }),
      text: t.arg.string({ required: true, validate: { schema: publications.commentInput.shape.text } }),
    },
    errors: { types: [ValidationError, NotFoundError], directResult: true, union: { name: 'AddPublicationCommentResult' } },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.publicationId));
      const comment = await publications.addComment(ctx.services, ctx.viewer!.user.id, id, args.text);
      return { publicationId: id, commentId: comment.id };
    },
  }),
}));
