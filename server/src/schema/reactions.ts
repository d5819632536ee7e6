import type { GraphQLResolveInfo } from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { User } from '../generated/prisma/client';
import type { ReactionKind } from '../generated/prisma/enums';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import * as reactions from '../services/reactions';
import { REACTIONS, REACTION_EMOJI, reactionInput, type ReactionTarget } from '../services/reactions';
import { parsedBy } from '../services/validation';
import { findVisible, visibleTo } from '../services/publications';
import { connection, pageSize, type PageArgs } from './paging';
import { databaseIdOf } from './globalIds';
import { PublicationNode } from './publications';
import { MessageNode } from './messages';
import { UserNode } from './user';

const ReactionEnum = builder.enumType('Reaction', {
  description: 'An emoji reaction (besides the like).',
  values: Object.fromEntries(REACTIONS.map((r) => [r, { value: r, description: REACTION_EMOJI[r] }])) as Record<
    ReactionKind,
    { value: ReactionKind; description: string }
  >,
});

const ReactionCountRef = builder.objectRef<reactions.ReactionCount>('ReactionCount').implement({
  description: 'How many members gave one reaction to an item, as the viewer sees it (blocked members do not count).',
  fields: (t) => ({
    reaction: t.field({ type: ReactionEnum, resolve: (r) => r.reaction }),
    count: t.exposeInt('count'),
    viewerHasReacted: t.exposeBoolean('viewerHasReacted', { extensions: PER_VIEWER }),
  }),
});

/**
 * The argument naming a reaction: a String checked by zod, so an unknown one is a translated 422
 * (an enum argument would be refused by GraphQL itself, in English only).
 */
const reactionArg = {
  required: true,
  description: `One of ${REACTIONS.join(', ')}.`,
  validate: { schema: reactionInput },
} as const;

/** Summaries for a page of items at once (dataloader), never cached: a mutation reads its own write back. */
const summaryField = (target: ReactionTarget) => ({
  type: ReactionCountRef,
  description: 'The reactions given to it, in the fixed order of the set; those nobody gave are left out.',
  extensions: PER_VIEWER,
  loaderOptions: { cache: false },
  load: (ids: number[], ctx: Context) => reactions.reactionSummaries(ctx.prisma, target, ctx.viewer?.user.id, ids),
  resolve: (item: { id: number }) => item.id,
});

/** One page of who gave `reaction`, newest first, read with the user fields the client selected. */
async function reactorPage(
  ctx: Context,
  info: GraphQLResolveInfo,
  target: ReactionTarget,
  itemId: number,
  args: PageArgs & { reaction: string },
) {
  const first = pageSize(args, 20);
  const after = reactions.reactorCursor.decode(args.after);
  const reaction = parsedBy(reactionInput, args.reaction);
  const rows = await reactions.reactorRows(ctx.prisma, target, ctx.viewer?.user.id, itemId, reaction, after, first + 1);
  const users = await ctx.prisma.user.findMany({
    ...queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true } }),
    where: { id: { in: rows.map((row) => row.user_id) } },
  });
  const byId = new Map((users as User[]).map((user) => [user.id, user]));
  const page = connection(rows, first, (row) => reactions.reactorCursor.encode(row.id), after);
  return {
    ...page,
    edges: page.edges.flatMap((edge) => {
      const node = byId.get(edge.node.user_id);
      return node ? [{ cursor: edge.cursor, node }] : [];
    }),
  };
}

const reactorsField = (target: ReactionTarget) => ({
  type: UserNode,
  description: 'Who gave one reaction, newest first, 20 per page by default.',
  extensions: PER_VIEWER,
  resolve: (item: { id: number }, args: PageArgs & { reaction: string }, ctx: Context, info: GraphQLResolveInfo) =>
    reactorPage(ctx, info, target, item.id, args),
});

builder.prismaObjectFields(PublicationNode, (t) => ({
  reactions: t.loadableList(summaryField('publication')),
  reactors: t.connection({ ...reactorsField('publication'), args: { reaction: t.arg.string(reactionArg) } }),
}));

builder.prismaObjectFields(MessageNode, (t) => ({
  reactions: t.loadableList(summaryField('message')),
  reactors: t.connection({ ...reactorsField('message'), args: { reaction: t.arg.string(reactionArg) } }),
}));

const ReactToPublicationSuccess = builder
  .objectRef<{ publicationId: number; reacted: boolean }>('ReactToPublicationSuccess')
  .implement({
    fields: (t) => ({
      reacted: t.exposeBoolean('reacted', { description: 'Whether the viewer has this reaction on it now.' }),
      publication: t.prismaField({
        type: 'Publication',
        resolve: (query, result, _args, ctx) =>
          ctx.prisma.publication.findUniqueOrThrow({ ...query, where: { id: result.publicationId } }),
      }),
    }),
  });

const ReactToMessageSuccess = builder.objectRef<{ messageId: number; reacted: boolean }>('ReactToMessageSuccess').implement({
  fields: (t) => ({
    reacted: t.exposeBoolean('reacted', { description: 'Whether the viewer has this reaction on it now.' }),
    reactedMessage: t.prismaField({
      type: 'Message',
      resolve: (query, result, _args, ctx) => ctx.prisma.message.findUniqueOrThrow({ ...query, where: { id: result.messageId } }),
    }),
  }),
});

builder.mutationFields((t) => ({
  reactToPublication: t.field({
    type: ReactToPublicationSuccess,
    description:
      'Adds (`reacted: true`) or removes (`false`) one of the viewer’s reactions to a publication they can see; without `reacted`, toggles it.',
    ...access('member'),
    args: { id: t.arg.id({ required: true }), reaction: t.arg.string(reactionArg), reacted: t.arg.boolean({ required: false }) },
    errors: { directResult: true, union: { name: 'ReactToPublicationResult' } },
    resolve: async (_root, args, ctx) => {
      const id = databaseIdOf(String(args.id), 'Publication', 'publication.notFound');
      const reaction = parsedBy(reactionInput, args.reaction);
      const reacted = await reactions.reactToPublication(ctx.services, ctx.viewer!.user.id, id, reaction, args.reacted ?? null);
      return { publicationId: id, reacted };
    },
  }),

  reactToMessage: t.field({
    type: ReactToMessageSuccess,
    description:
      'Adds, removes or (without `reacted`) toggles one of the viewer’s reactions to a message of a conversation they take part in.',
    ...access('owner'),
    args: { id: t.arg.id({ required: true }), reaction: t.arg.string(reactionArg), reacted: t.arg.boolean({ required: false }) },
    errors: { directResult: true, union: { name: 'ReactToMessageResult' } },
    resolve: async (_root, args, ctx) => {
      const id = databaseIdOf(String(args.id), 'Message', 'reactions.messageNotFound');
      const reaction = parsedBy(reactionInput, args.reaction);
      const reacted = await reactions.reactToMessage(ctx.services, ctx.viewer!.user.id, id, reaction, args.reacted ?? null);
      return { messageId: id, reacted };
    },
  }),
}));

builder.subscriptionFields((t) => ({
  publicationReactionsChanged: t.prismaField({
    type: 'Publication',
    nullable: true,
    description:
      'The publication each time its reactions change (anyone’s); null once the viewer may no longer see it. Refused for a publication the viewer cannot see.',
    ...access('member'),
    args: { publicationId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const id = databaseIdOf(String(args.publicationId), 'Publication', 'publication.notFound');
      await findVisible(ctx.prisma, ctx.viewer!.user.id, id);
      return ctx.services.pubsub.subscribe('publication:reactions', id);
    },
    // Visibility is checked again with each change: a block made since hides the publication.
    resolve: (query, _event, args, ctx) =>
      ctx.prisma.publication.findFirst({
        ...query,
        where: { ...visibleTo(ctx.viewer!.user.id), id: databaseIdOf(String(args.publicationId), 'Publication') },
      }),
  }),

  messageReactionsChanged: t.prismaField({
    type: 'Message',
    description:
      "A message of one of the viewer's conversations whose reactions changed (by anyone, the viewer's other tabs included).",
    ...access('member'),
    subscribe: (_root, _args, ctx) => ctx.services.feeds.reactions.iterate(ctx.viewer!.user.id),
    resolve: (query, event, _args, ctx) => {
      // The feed only holds the viewer's own conversations: no need to check them again.
      ctx.knownConversations.add(event.conversationId);
      return ctx.prisma.message.findUniqueOrThrow({ ...query, where: { id: event.messageId } });
    },
  }),
}));
