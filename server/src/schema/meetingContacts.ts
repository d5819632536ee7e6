import { builder } from '../builder';
import { acceptedContactsWhere, liveSessionWhere } from '../services/meetingContacts';
import { UserNode } from './user';

builder.prismaObjectField(UserNode, 'isOnline', (t) =>
  t.boolean({
    description: 'Signed in and active in the last few minutes.',
    select: () => ({ sessions: { where: liveSessionWhere(), select: { id: true }, take: 1 } }),
    resolve: (user) => user.sessions.length > 0,
  }),
);

builder.queryField('meetingContacts', (t) =>
  t.prismaField({
    type: ['User'],
    description: "The viewer's contacts in the meeting area: accepted friends, by first and last name.",
    authScopes: { loggedIn: true },
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.user.findMany({
        ...query,
        where: acceptedContactsWhere(ctx.viewer!.user.id),
        orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }, { id: 'asc' }],
        take: 500,
      }),
  }),
);
