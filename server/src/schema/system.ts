import { builder } from '../builder';
import { access } from '../auth/access';
import { systemStatus, type SystemStatus } from '../services/systemStatus';

const SystemStatusRef = builder.objectRef<SystemStatus>('SystemStatus').implement({
  fields: (t) => ({
    usersTotal: t.int({ resolve: (s) => s.users.total }),
    contentTotal: t.int({ resolve: (s) => s.content.total }),
    contentPublished: t.int({ resolve: (s) => s.content.published }),
    friendships: t.int({ description: 'Accepted friendships.', resolve: (s) => s.social.friendships }),
    messages: t.int({ description: 'Private messages sent.', resolve: (s) => s.social.messages }),
  }),
});

builder.queryField('systemStatus', (t) =>
  t.field({
    type: SystemStatusRef,
    ...access('member'),
    resolve: (_root, _args, ctx) => systemStatus(ctx.prisma),
  }),
);
