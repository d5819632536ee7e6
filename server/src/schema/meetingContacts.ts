import { builder } from '../builder';
import { access } from '../auth/access';
import { liveSessionWhere } from '../services/meetingContacts';
import { contactsWhere } from '../services/relations';
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
    description: "The viewer's contacts in the meeting area: active contacts, by first and last name.",
    ...access('member'),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.user.findMany({
        ...query,
        where: { ...contactsWhere(ctx.viewer!.user.id), isActive: true },
        orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }, { id: 'asc' }],
        take: 500,
      }),
  }),
);
