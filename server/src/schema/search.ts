import type { GraphQLResolveInfo } from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import type { Community, Prisma, Publication, Tag, User } from '../generated/prisma/client';
import * as search from '../services/search';
import { visibleTo } from '../services/publications';
import { blockedUserIds, notBlockedWhere } from '../services/relations';
import { parsedBy } from '../services/validation';
import { connection, pageSize, type PageArgs } from './paging';
import { PublicationNode } from './publications';
import { TagNode } from './content';
import { UserNode } from './user';
import { CommunityNode } from './communities';

/** The parent of a search's lists: the checked text, and the ids a block hides, read once for all kinds. */
type SearchRoot = { text: string; hidden: () => Promise<number[]> };

const TextPartRef = builder.objectRef<search.TextPart>('TextPart').implement({
  description: 'A run of a highlighted text: `matched` runs are the words the search found.',
  fields: (t) => ({ text: t.exposeString('text'), matched: t.exposeBoolean('matched') }),
});

type Loaded = { id: number };

/**
 * A page of one kind: the ranked ids (one statement), then the rows the client selected through
 * Prisma with `where`, the kind's own visibility rule (one statement per selected relation). The
 * cursor follows the ranked rows, so a row the rule drops leaves a page shorter, never out of order.
 */
async function kindPage<Row extends Loaded>(
  ctx: Context,
  info: GraphQLResolveInfo,
  root: SearchRoot,
  args: PageArgs,
  kind: search.SearchKind,
  load: (query: object, ids: number[]) => Promise<Row[]>,
) {
  const first = pageSize(args, search.SEARCH_PAGE_SIZE);
  const after = search.decodeSearchCursor(kind, args.after);
  const ranked = await search.rankedPage(ctx.prisma, kind, root.text, await root.hidden(), after, first + 1);
  const query = queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true } });
  const shown = ranked.slice(0, first);
  const rows =
    shown.length > 0
      ? await load(
          query,
          shown.map((row) => row.id),
        )
      : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const page = connection(ranked, first, (row) => search.encodeSearchCursor(kind, row), after);
  return {
    ...page,
    edges: page.edges.flatMap(({ cursor, node: row }) => {
      const node = byId.get(row.id);
      return node ? [{ cursor, node, highlight: row.highlight }] : [];
    }),
  };
}

const SearchRef = builder.objectRef<SearchRoot>('Search').implement({
  description:
    'What one search text finds, one ranked list per kind, each paged on its own (20 per page by default, keyset cursors). ' +
    'Publication tags do not exist yet: `tags` are the content tags.',
  fields: (t) => ({
    text: t.exposeString('text', { description: 'The text searched, trimmed.' }),
    members: t.connection({
      type: UserNode,
      description:
        'Active members whose username or names start with the words of the text, best match first; nobody a block separates from the viewer.',
      resolve: (root, args, ctx, info) =>
        kindPage(
          ctx,
          info,
          root,
          args,
          'member',
          (query, ids) =>
            ctx.prisma.user.findMany({
              ...query,
              where: { id: { in: ids }, isActive: true, ...notBlockedWhere(ctx.viewer?.user.id) },
            }) as Promise<User[]>,
        ),
    }),
    publications: t.connection(
      {
        type: PublicationNode,
        description:
          'Publications the viewer may see (as in the feed) containing the words of the text in any of their forms ' +
          '(Russian, English and French stemming), best match first. Quotes search a phrase, `-word` excludes, `or` alternates.',
        resolve: (root, args, ctx, info) =>
          kindPage(
            ctx,
            info,
            root,
            args,
            'publication',
            (query, ids) =>
              ctx.prisma.publication.findMany({
                ...query,
                where: { AND: [{ id: { in: ids } }, visibleTo(ctx.viewer?.user.id)] },
              }) as Promise<Publication[]>,
          ),
      },
      {},
      {
        fields: (edge) => ({
          highlight: edge.field({
            type: [TextPartRef],
            description: 'An excerpt of the text around the best match, with the matched words marked.',
            resolve: (e) => search.highlightParts((e as { highlight?: string }).highlight ?? ''),
          }),
        }),
      },
    ),
    communities: t.connection({
      type: CommunityNode,
      description:
        'Communities whose name or description has words starting with the words of the text, best match first ' +
        '(every community is listed; a by-request one’s publications stay with its members).',
      resolve: (root, args, ctx, info) =>
        kindPage(
          ctx,
          info,
          root,
          args,
          'community',
          (query, ids) =>
            ctx.prisma.community.findMany({
              ...query,
              where: { id: { in: ids } } satisfies Prisma.CommunityWhereInput,
            }) as Promise<Community[]>,
        ),
    }),
    tags: t.connection({
      type: TagNode,
      description: 'Content tags whose name starts with the words of the text, best match first.',
      resolve: (root, args, ctx, info) =>
        kindPage(
          ctx,
          info,
          root,
          args,
          'tag',
          (query, ids) =>
            ctx.prisma.tag.findMany({ ...query, where: { id: { in: ids } } satisfies Prisma.TagWhereInput }) as Promise<Tag[]>,
        ),
    }),
  }),
});

builder.queryFields((t) => ({
  search: t.field({
    type: SearchRef,
    description:
      'The search box: members, publications, communities and tags matching a text of at least 2 letters or digits (at most 100 characters). ' +
      'Each list is fetched and paged by its own field.',
    ...access('member'),
    args: { text: t.arg.string({ required: true, validate: { schema: search.searchText } }) },
    resolve: (_root, args, ctx) => {
      let hidden: Promise<number[]> | undefined;
      return {
        text: parsedBy(search.searchText, args.text),
        hidden: () => (hidden ??= blockedUserIds(ctx.prisma, ctx.viewer?.user.id)),
      };
    },
  }),
}));
