import type { GraphQLResolveInfo } from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { Prisma, PublicationComment } from '../generated/prisma/client';
import { builder } from '../builder';
import type { Context } from '../context';
import { ValidationError } from '../services/errors';
import { clampedPageSize, connection, pageSize, type PageArgs } from './paging';
import { visibleTo } from '../services/publications';
import { notBlockedWhere } from '../services/relations';

/** The comments of a publication the viewer sees: by members no block separates from them. */
const commentsShownTo = (viewerId: number | undefined): Pick<Prisma.PublicationCommentWhereInput, 'author'> => ({
  author: notBlockedWhere(viewerId),
});

/** Comments the viewer may see: on a publication they may see, by a member no block separates from them. */
const visibleComments = (viewerId: number | undefined): Pick<Prisma.PublicationCommentWhereInput, 'author' | 'publication'> => ({
  ...commentsShownTo(viewerId),
  publication: visibleTo(viewerId),
});

export const PublicationCommentNode = builder.prismaNode('PublicationComment', {
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ ...visibleComments(ctx.viewer?.user.id), id: Number(id) }),
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    text: t.exposeString('content'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    author: t.relation('author'),
  }),
});

const commentCursor = (comment: { id: number }) => Buffer.from(String(comment.id)).toString('base64url');

/** Pages of comments are oldest first. */
const commentOrder = { orderBy: { id: 'asc' } } as const;
const COMMENTS_PAGE_SIZE = 20;

/**
 * What a publication's `comments` field selects on its row: the first page, `first` + 1 comments
 * (the one more tells whether there is a next page). The database joins them in per publication with
 * a LIMIT (prisma/schema.prisma's relationJoins), so a page of publications with thousands of
 * comments each costs no more than one with twenty, in the publications' own statement. Nothing when
 * a later page is asked for: commentPage reads that one.
 */
export const firstCommentsQuery = (args: PageArgs, viewerId: number | undefined) => ({
  where: commentsShownTo(viewerId),
  ...commentOrder,
  take: args.after ? 0 : clampedPageSize(args, COMMENTS_PAGE_SIZE) + 1,
});

/**
 * A page of a publication's comments: the first page from the publication's row (firstCommentsQuery),
 * a later one after its cursor.
 */
export async function commentPage(
  ctx: Context,
  info: GraphQLResolveInfo,
  publication: { id: number; comments: PublicationComment[] },
  args: PageArgs,
) {
  const first = pageSize(args, COMMENTS_PAGE_SIZE);
  if (!args.after) return connection(publication.comments, first, commentCursor, null);
  const afterId = Number(Buffer.from(args.after, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(afterId)) throw new ValidationError([{ path: ['after'], messageKey: 'validation.invalidInput' }]);
  const rows = await ctx.prisma.publicationComment.findMany({
    ...queryFromInfo({ context: ctx, info, path: ['edges', 'node'] }),
    where: { publicationId: publication.id, id: { gt: afterId }, ...commentsShownTo(ctx.viewer?.user.id) },
    ...commentOrder,
    take: first + 1,
  });
  return connection(rows as PublicationComment[], first, commentCursor, args.after);
}
