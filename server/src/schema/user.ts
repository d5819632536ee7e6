import { builder } from '../builder';

export const RoleEnum = builder.enumType('Role', {
  values: {
    USER: { value: 'user' },
    MODERATOR: { value: 'moderator' },
    ADMIN: { value: 'admin' },
  } as const,
});

/** A member as other signed-in members see them. The password hash is never exposed. */
export const UserNode = builder.prismaNode('User', {
  id: { field: 'id' },
  // Members see members; the sign-up and sign-in answers also show the account they concern.
  authScopes: { loggedIn: true, $granted: 'ownAccount' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The numeric id the REST paths use.' }),
    username: t.exposeString('username'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    middleName: t.exposeString('middleName', { nullable: true }),
    fullName: t.string({
      select: { firstName: true, lastName: true },
      resolve: (user) => `${user.firstName} ${user.lastName}`.trim(),
    }),
    bio: t.exposeString('bio', { nullable: true }),
    status: t.exposeString('status', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    website: t.exposeString('website', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    phoneVerified: t.exposeBoolean('phoneVerified'),
    birthDate: t.expose('birthDate', { type: 'Date', nullable: true }),
    coverImage: t.exposeString('coverImage', { nullable: true }),
    avatarImage: t.exposeString('avatarImage', { nullable: true }),
    role: t.expose('role', { type: RoleEnum }),
    isActive: t.exposeBoolean('isActive'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastLogin: t.expose('lastLogin', { type: 'DateTime', nullable: true }),
    postsCount: t.relationCount('publications'),
    friendsCount: t.int({
      description: 'Accepted friendships, whichever side asked.',
      select: {
        _count: {
          select: {
            sentFriendRequests: { where: { status: 'accepted' } },
            receivedFriendRequests: { where: { status: 'accepted' } },
          },
        },
      },
      resolve: (user) => user._count.sentFriendRequests + user._count.receivedFriendRequests,
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description: 'The signed-in member, or null without a valid token.',
    resolve: (query, _root, _args, ctx) =>
      ctx.viewer ? ctx.prisma.user.findUnique({ ...query, where: { id: ctx.viewer.user.id } }) : null,
  }),
);

builder.queryField('users', (t) =>
  t.prismaConnection({
    type: 'User',
    cursor: 'id',
    description: 'All members, oldest first (moderators and admins). `search` matches names, username and email.',
    authScopes: { moderator: true },
    defaultSize: 20,
    maxSize: 100,
    args: { search: t.arg.string({ required: false, validate: { maxLength: 100 } }) },
    totalCount: (_parent, args, ctx) => ctx.prisma.user.count({ where: userSearch(args.search) }),
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.user.findMany({ ...query, where: userSearch(args.search), orderBy: { id: 'asc' } }),
  }),
);

function userSearch(search: string | null | undefined) {
  const text = search?.trim();
  if (!text) return {};
  const contains = { contains: text, mode: 'insensitive' as const };
  return {
    OR: [{ firstName: contains }, { lastName: contains }, { username: contains }, { email: contains }],
  };
}
