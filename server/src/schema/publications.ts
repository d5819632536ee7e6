import type { GraphQLResolveInfo } from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { Prisma, Publication } from '../generated/prisma/client';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import * as publications from '../services/publications';
import { FEED_ORDER, FEED_PAGE_SIZE } from '../services/publications';
import { mapUrl } from '../services/places';
import { notBlockedWhere } from '../services/relations';
import { ValidationError } from '../services/errors';
import { connection, pageSize, type PageArgs } from './paging';
import { commentPage, firstCommentsQuery, PublicationCommentNode } from './publicationComments';
// Registers PublicationMedia, the type of the `media` relation below.
import './publicationMedia';

type Place = { latitude: number; longitude: number; address: string | null; mapProvider: string | null };

const PlaceRef = builder.objectRef<Place>('Place').implement({
  description: 'Where a publication was made.',
  fields: (t) => ({
    latitude: t.exposeFloat('latitude'),
    longitude: t.exposeFloat('longitude'),
    address: t.exposeString('address', { nullable: true }),
    mapProvider: t.exposeString('mapProvider', {
      nullable: true,
      description: 'Key of a map provider (openstreetmap, google, yandex).',
    }),
    mapUrl: t.string({
      description: "The place on the provider's map.",
      resolve: (place) => mapUrl(place.mapProvider, place.latitude, place.longitude),
    }),
  }),
});

export const PublicationNode = builder.prismaNode('Publication', {
  id: { field: 'id' },
  nullable: true,
  // Nothing of a member a block separates from the viewer: node(id) is null, as in every list.
  findUnique: (id, ctx) => ({ ...publications.visibleTo(ctx.viewer?.user.id), id: Number(id) }),
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
    // Counted per publication in the page's own statement (a LATERAL count, prisma/schema.prisma's
    // relationJoins). Likes and comments of members a block separates from the viewer count as
    // little as they show.
    likesCount: t.relationCount('likes', {
      extensions: PER_VIEWER,
      where: (_args, ctx) => ({ user: notBlockedWhere(ctx.viewer?.user.id) }),
    }),
    viewerHasLiked: t.boolean({
      extensions: PER_VIEWER,
      select: (_args, ctx) => ({
        likes: { where: { userId: ctx.viewer?.user.id ?? -1 }, select: { id: true }, take: 1 },
      }),
      resolve: (p) => p.likes.length > 0,
    }),
    viewerHasBookmarked: t.boolean({
      extensions: PER_VIEWER,
      select: (_args, ctx) => ({
        bookmarks: { where: { userId: ctx.viewer?.user.id ?? -1 }, select: { id: true }, take: 1 },
      }),
      resolve: (p) => p.bookmarks.length > 0,
    }),
    community: t.relation('community', {
      nullable: true,
      description: 'The community it was published into, if any.',
    }),
    viewerMayDelete: t.boolean({
      description: 'Whether the viewer may delete it: its author, or an owner or moderator of its community.',
      extensions: PER_VIEWER,
      select: (_args, ctx) => ({
        authorId: true,
        community: { select: { members: { where: { userId: ctx.viewer?.user.id ?? -1 }, select: { role: true }, take: 1 } } },
      }),
      resolve: (p, _args, ctx) =>
        p.authorId === ctx.viewer?.user.id || ['owner', 'moderator'].includes(p.community?.members[0]?.role ?? ''),
    }),
    viewerIsAuthor: t.boolean({
      description: 'Whether the viewer may edit and delete it.',
      extensions: PER_VIEWER,
      select: { authorId: true },
      resolve: (p, _args, ctx) => p.authorId === ctx.viewer?.user.id,
    }),
    commentsCount: t.relationCount('comments', {
      extensions: PER_VIEWER,
      where: (_args, ctx) => ({ author: notBlockedWhere(ctx.viewer?.user.id) }),
    }),
    comments: t.connection({
      type: PublicationCommentNode,
      description: 'Oldest first, 20 per page by default.',
      extensions: PER_VIEWER,
      select: (args, ctx, nestedSelection) => ({
        comments: nestedSelection(firstCommentsQuery(args, ctx.viewer?.user.id), ['edges', 'node']),
      }),
      resolve: (p, args, ctx, info) => commentPage(ctx, info, p, args),
    }),
  }),
});

/**
 * A page of publications in FEED_ORDER after a (createdAt, id) cursor. The cursor carries both
 * values so the condition is a plain range on the created_at index: page 100 costs what page 1 does.
 */
export async function publicationPage(
  ctx: Context,
  info: GraphQLResolveInfo,
  args: PageArgs,
  where: Prisma.PublicationWhereInput,
) {
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
    description:
      'The publications of the viewer, their contacts, the members they follow and their communities that the viewer may see, ' +
      'newest first, 50 per page (keyset pages by cursor).',
    ...access('member'),
    resolve: async (_root, args, ctx, info) => {
      const viewerId = ctx.viewer!.user.id;
      const authors = await publications.feedAuthorIds(ctx.prisma, viewerId);
      return publicationPage(ctx, info, args, publications.feedWhere(viewerId, authors));
    },
  }),
  bookmarks: t.connection({
    type: PublicationNode,
    description: 'The publications the viewer bookmarked and can still see, last bookmarked first (keyset pages by cursor).',
    ...access('member'),
    resolve: async (_root, args, ctx, info) => {
      const first = pageSize(args, FEED_PAGE_SIZE);
      const after = bookmarkCursor.decode(args.after);
      const where = publications.bookmarksWhere(ctx.viewer!.user.id);
      const rows = await ctx.prisma.publicationBookmark.findMany({
        select: {
          id: true,
          publication: queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true } }),
        },
        where: after === null ? where : { AND: [where, { id: { lt: after } }] },
        orderBy: { id: 'desc' },
        take: first + 1,
      });
      const page = connection(rows, first, (row) => bookmarkCursor.encode(row.id), after);
      return { ...page, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.publication as Publication })) };
    },
  }),
}));

/** A bookmarks page's cursor: the last bookmark's id (bookmarks are listed by id, newest first). */
const bookmarkCursor = {
  encode: (id: number) => Buffer.from(`bookmark|${id}`).toString('base64url'),
  decode(cursor: string | null | undefined): number | null {
    if (!cursor) return null;
    const [tag, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    const value = Number(id);
    if (tag !== 'bookmark' || !Number.isSafeInteger(value)) {
      throw new ValidationError([{ path: ['after'], messageKey: 'validation.invalidInput' }]);
    }
    return value;
  },
};
