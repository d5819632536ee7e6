import type { GraphQLResolveInfo } from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { Prisma, PublicationComment } from '../generated/prisma/client';
import { batched } from './batch';
import { builder } from '../builder';
import type { Context } from '../context';
import { ValidationError } from '../services/errors';
import { connection, pageSize, type PageArgs } from './paging';
import { visibleTo } from '../services/publications';
import { blockedUserIds, notBlockedWhere } from '../services/relations';

/** Comments the viewer may see: on a publication they may see, by a member no block separates from them. */
const visibleComments = (viewerId: number | undefined): Pick<Prisma.PublicationCommentWhereInput, 'author' | 'publication'> => ({
  author: notBlockedWhere(viewerId),
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

/**
 * A page of a publication's comments. A list of publications asks for the first page of each:
 * those are loaded together, at most `first` per publication (a window query), so a publication
 * with thousands of comments costs a feed page no more than one with twenty.
 */
export async function commentPage(ctx: Context, info: GraphQLResolveInfo, publicationId: number, args: PageArgs) {
  const first = pageSize(args, 20);
  // Computed for every publication, even when another one's call runs the batch: it also tells
  // Pothos that the rows at this path come with the relations selected (no fallback queries).
  const query = queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true, publicationId: true } });
  if (args.after) {
    const afterId = Number(Buffer.from(args.after, 'base64url').toString('utf8'));
    if (!Number.isSafeInteger(afterId)) throw new ValidationError([{ path: ['after'], messageKey: 'validation.invalidInput' }]);
    const rows = await ctx.prisma.publicationComment.findMany({
      ...query,
      where: { publicationId, id: { gt: afterId }, author: notBlockedWhere(ctx.viewer?.user.id) },
      orderBy: { id: 'asc' },
      take: first + 1,
    });
    return connection(rows as PublicationComment[], first, commentCursor, args.after);
  }
  const firstPages = batched(
    ctx,
    `comments:${String(info.path.key)}:${first}`,
    async (publicationIds: number[]) => {
      // Hand-written SQL cannot take the blocking rule's `where`: it takes the ids that rule hides.
      const hidden = await blockedUserIds(ctx.prisma, ctx.viewer?.user.id);
      const ranked = await ctx.prisma.$queryRaw<{ id: number }[]>`
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY publication_id ORDER BY id) AS n
          FROM publication_comments WHERE publication_id = ANY(${publicationIds}) AND author_id <> ALL(${hidden})
        ) ranked WHERE n <= ${first + 1}`;
      const rows = await ctx.prisma.publicationComment.findMany({
        ...query,
        where: { id: { in: ranked.map((row) => row.id) } },
        orderBy: { id: 'asc' },
      });
      const byPublication = new Map<number, PublicationComment[]>();
      for (const row of rows as PublicationComment[])
        byPublication.set(row.publicationId, [...(byPublication.get(row.publicationId) ?? []), row]);
      return byPublication;
    },
    [] as PublicationComment[],
  );
  return connection(await firstPages(publicationId), first, commentCursor, null);
}
