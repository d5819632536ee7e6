import { builder } from '../builder';
import { access } from '../auth/access';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { FEED_ORDER } from '../services/publications';
import * as suggestions from '../services/suggestions';
import './publications';

/** The first steps of a member whose feed or contacts are empty (issue 13). */
const SuggestionsRef = builder.objectRef<{ viewerId: number }>('Suggestions').implement({
  description: 'What a member can do next: people to add and recent publications of others.',
  fields: (t) => ({
    people: t.prismaField({
      type: ['User'],
      description:
        'Members to add, best first: those sharing the most contacts with the viewer, then the most recently ' +
        'active. Never the viewer, a contact, someone with a request waiting either way, or a block either way.',
      extensions: PER_VIEWER,
      args: { first: t.arg.int({ defaultValue: suggestions.SUGGESTED_PEOPLE }) },
      resolve: async (query, root, args, ctx) => {
        const limit = Math.min(Math.max(args.first ?? suggestions.SUGGESTED_PEOPLE, 0), 20);
        const ids = await suggestions.suggestedPeopleIds(ctx.prisma, root.viewerId, limit);
        const users = await ctx.prisma.user.findMany({ ...query, where: { id: { in: ids } } });
        return ids.flatMap((id) => users.filter((user) => user.id === id));
      },
    }),
    publications: t.prismaField({
      type: ['Publication'],
      description: "Recent publications of others the viewer may see (the feed's rules), newest first.",
      extensions: PER_VIEWER,
      args: { first: t.arg.int({ defaultValue: suggestions.SUGGESTED_PUBLICATIONS }) },
      resolve: (query, root, args, ctx) =>
        ctx.prisma.publication.findMany({
          ...query,
          where: suggestions.suggestedPublicationsWhere(root.viewerId),
          orderBy: FEED_ORDER,
          take: Math.min(Math.max(args.first ?? suggestions.SUGGESTED_PUBLICATIONS, 0), 20),
        }),
    }),
  }),
});

builder.queryFields((t) => ({
  suggestions: t.field({
    type: SuggestionsRef,
    description: "Suggestions for the viewer's first steps: people to add, publications to read.",
    ...access('member', PER_VIEWER),
    resolve: (_root, _args, ctx) => ({ viewerId: ctx.viewer!.user.id }),
  }),
}));
