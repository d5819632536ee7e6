import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { hashtagInput, taggedWhere } from '../services/mentions';
import { visibleTo } from '../services/publications';
import { notBlockedWhere } from '../services/relations';
import { parsedBy } from '../services/validation';
import { MessageNode } from './messages';
import { PublicationCommentNode } from './publicationComments';
import { publicationPage, PublicationNode } from './publications';

type Mention = { userId: number; username: string };

const MentionRef = builder.objectRef<Mention>('Mention').implement({
  description:
    'A member an item’s text links with `@username` (stored when the text was written): the client links the ' +
    '`@username` of the text that matches `username`, ignoring case.',
  fields: (t) => ({
    username: t.exposeString('username'),
    userId: t.globalID({ resolve: (mention) => ({ type: 'User', id: mention.userId }) }),
  }),
});

type Row = { itemId: number; user: { id: number; username: string } };

/** Groups rows by item, in the order of `ids` (what a loader answers). */
const byItem = (ids: number[], rows: Row[]): Mention[][] => {
  const lists = new Map<number, Mention[]>();
  for (const { itemId, user } of rows)
    lists.set(itemId, [...(lists.get(itemId) ?? []), { userId: user.id, username: user.username }]);
  return ids.map((id) => lists.get(id) ?? []);
};

/** Members still shown to the viewer: active, no block between them (a mention stored before a block no longer links). */
const shownTo = (ctx: Context) => ({ isActive: true, ...notBlockedWhere(ctx.viewer?.user.id) });
const user = { select: { id: true, username: true } } as const;

/**
 * The mentions of a page of items in one statement (dataloader), never cached: a mutation that
 * reads its item back after an edit sees the new list.
 */
const mentionsField = (load: (ids: number[], ctx: Context) => Promise<Mention[][]>, perViewer = true) => ({
  type: MentionRef,
  description: perViewer
    ? 'The members its text mentions and links (not those a block separates from the author or from the viewer).'
    : 'The participants its text mentions and links (not those a block separated from the sender).',
  extensions: perViewer ? PER_VIEWER : {},
  loaderOptions: { cache: false },
  load,
  resolve: (item: { id: number }) => item.id,
});

builder.prismaObjectFields(PublicationNode, (t) => ({
  mentions: t.loadableList(
    mentionsField(async (ids, ctx) => {
      const rows = await ctx.prisma.publicationMention.findMany({
        where: { publicationId: { in: ids }, user: shownTo(ctx) },
        select: { publicationId: true, user },
      });
      return byItem(
        ids,
        rows.map((row) => ({ itemId: row.publicationId, user: row.user })),
      );
    }),
  ),
  hashtags: t.loadableList({
    type: 'String',
    description: 'The tags of its text (`#tag`), lowercased, by name.',
    loaderOptions: { cache: false },
    load: async (ids: number[], ctx: Context) => {
      const rows = await ctx.prisma.publicationHashtag.findMany({
        where: { publicationId: { in: ids } },
        select: { publicationId: true, hashtag: { select: { name: true } } },
        orderBy: { hashtag: { name: 'asc' } },
      });
      const lists = new Map<number, string[]>();
      for (const row of rows) lists.set(row.publicationId, [...(lists.get(row.publicationId) ?? []), row.hashtag.name]);
      return ids.map((id) => lists.get(id) ?? []);
    },
    resolve: (item: { id: number }) => item.id,
  }),
}));

builder.prismaObjectFields(PublicationCommentNode, (t) => ({
  mentions: t.loadableList(
    mentionsField(async (ids, ctx) => {
      const rows = await ctx.prisma.commentMention.findMany({
        where: { commentId: { in: ids }, user: shownTo(ctx) },
        select: { commentId: true, user },
      });
      return byItem(
        ids,
        rows.map((row) => ({ itemId: row.commentId, user: row.user })),
      );
    }),
  ),
}));

/**
 * A message's mentions do not depend on the viewer: they name participants only, none a block
 * separated from the sender when it was written. So the live messageAdded document that selects them
 * is still executed once for all recipients (a PER_VIEWER field would make it once per recipient).
 */
builder.prismaObjectFields(MessageNode, (t) => ({
  mentions: t.loadableList(
    mentionsField(async (ids, ctx) => {
      const rows = await ctx.prisma.messageMention.findMany({
        where: { messageId: { in: ids }, user: { isActive: true } },
        select: { messageId: true, user },
      });
      return byItem(
        ids,
        rows.map((row) => ({ itemId: row.messageId, user: row.user })),
      );
    }, false),
  ),
}));

builder.queryFields((t) => ({
  hashtagPublications: t.connection({
    type: PublicationNode,
    description:
      'The publications with a tag (`#tag`, given with or without its #, any case) the viewer may see, newest first, ' +
      '50 per page (keyset pages by cursor).',
    ...access('member'),
    args: { tag: t.arg.string({ required: true, validate: { schema: hashtagInput } }) },
    resolve: (_root, args, ctx, info) =>
      publicationPage(ctx, info, args, { AND: [visibleTo(ctx.viewer!.user.id), taggedWhere(parsedBy(hashtagInput, args.tag))] }),
  }),
}));
