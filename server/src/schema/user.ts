import { builder } from '../builder';
import { userSearchWhere } from '../services/friendships';
import { NotFoundError } from '../services/errors';
import type { MessageKey } from '../i18n';

/** The numeric id inside a decoded global ID; an id that cannot be ours names nothing (404). */
export function databaseIdOf(globalId: { id: string }, notFoundKey: MessageKey = 'user.notFound'): number {
  const id = Number(globalId.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(notFoundKey);
  return id;
}

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
    followersCount: t.relationCount('followers', { description: 'Members subscribed to this profile.' }),
    isSubscribed: t.boolean({
      description: 'Whether the viewer is subscribed to this profile.',
      select: (_args, ctx) => ({
        followers: { where: { followerId: ctx.viewer?.user.id ?? 0 }, select: { id: true }, take: 1 },
      }),
      resolve: (user) => user.followers.length > 0,
    }),
    isViewer: t.boolean({
      description: 'This is the signed-in member.',
      resolve: (user, _args, ctx) => user.id === ctx.viewer?.user.id,
    }),
    canEdit: t.boolean({
      description: 'The viewer may edit this profile: their own, or anyone for an admin.',
      resolve: (user, _args, ctx) => user.id === ctx.viewer?.user.id || ctx.viewer?.user.role === 'admin',
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
    totalCount: (_parent, args, ctx) => ctx.prisma.user.count({ where: userSearchWhere(args.search) }),
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.user.findMany({ ...query, where: userSearchWhere(args.search), orderBy: { id: 'asc' } }),
  }),
);

builder.queryField('userByUsername', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description: 'A profile by its username (exact, else case-insensitive); null when nobody has it.',
    authScopes: { loggedIn: true },
    args: { username: t.arg.string({ required: true, validate: { maxLength: 100 } }) },
    resolve: async (query, _root, { username }, ctx) =>
      (await ctx.prisma.user.findUnique({ ...query, where: { username } })) ??
      ctx.prisma.user.findFirst({ ...query, where: { username: { equals: username, mode: 'insensitive' } } }),
  }),
);
