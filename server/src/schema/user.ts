import { createContextCache } from '@pothos/core';
import DataLoader from 'dataloader';
import { builder } from '../builder';
import { access } from '../auth/access';
import { userSearchWhere } from '../services/friendships';
import { notBlockedWhere } from '../services/relations';
import { equalsIgnoringCase } from '../services/textMatch';
import { altTextsOf, profileImageName } from '../services/mediaRegister';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { nowThenLive } from '../realtime/catchUp';
import type { Context } from '../context';

/**
 * Alt texts of the avatars of a request's members, one statement per batch; not cached, so a
 * mutation that reads one back after changing it sees the change. The same DataLoader `t.loadable`
 * makes (publicationMedia.ts's altText), by hand: a loadable field cannot declare the column it
 * reads, which User's select mode needs.
 */
const altTextLoader = createContextCache(
  (ctx: Context) => new DataLoader<string, string | null>((names) => altTextsOf(ctx.prisma, names), { cache: false }),
);

export const RoleEnum = builder.enumType('Role', {
  values: {
    USER: { value: 'user' },
    MODERATOR: { value: 'moderator' },
    ADMIN: { value: 'admin' },
  } as const,
});

/**
 * A member as other signed-in members see them. The password hash is never exposed; the personal
 * fields (email, phone, birth date, last login) follow the owner's privacy choice (schema/privacy.ts).
 */
export const UserNode = builder.prismaNode('User', {
  id: { field: 'id' },
  nullable: true,
  // node(id) and every fallback read find nobody behind a block, either way: to a blocked member
  // the account does not exist (null, REST 404). Lists of members filter with the same rule.
  findUnique: (id, ctx) => ({ ...notBlockedWhere(ctx.viewer?.user.id), id: Number(id) }),
  // Members see members; the sign-in answer also shows the account it signed into (ctx.ownAccounts).
  authScopes: (user, ctx) => !!ctx.viewer || ctx.ownAccounts.has(user),
  // Only the columns the query's fields ask for (each field declares its own): an author under
  // each of a page's comments is a few columns, not the whole account row with its secrets.
  select: { id: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The numeric id the REST paths use.' }),
    username: t.exposeString('username'),
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
    phoneVerified: t.exposeBoolean('phoneVerified'),
    coverImage: t.exposeString('coverImage', { nullable: true }),
    avatarImage: t.exposeString('avatarImage', { nullable: true }),
    avatarAlt: t.string({
      nullable: true,
      description: 'The alt text an admin gave the avatar in the media library.',
      select: { avatarImage: true },
      resolve: (user, _args, ctx) => {
        const name = profileImageName(user.avatarImage);
        return name ? altTextLoader(ctx).load(name) : null;
      },
    }),
    role: t.expose('role', { type: RoleEnum }),
    isActive: t.exposeBoolean('isActive'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
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
      extensions: PER_VIEWER,
      select: (_args, ctx) => ({
        followers: { where: { followerId: ctx.viewer?.user.id ?? 0 }, select: { id: true }, take: 1 },
      }),
      resolve: (user) => user.followers.length > 0,
    }),
    isViewer: t.boolean({
      description: 'This is the signed-in member.',
      extensions: PER_VIEWER,
      resolve: (user, _args, ctx) => user.id === ctx.viewer?.user.id,
    }),
    canEdit: t.boolean({
      description: 'The viewer may edit this profile: their own, or anyone for an admin.',
      extensions: PER_VIEWER,
      resolve: (user, _args, ctx) => user.id === ctx.viewer?.user.id || ctx.viewer?.user.role === 'admin',
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description: 'The signed-in member, or null without a valid token.',
    ...access('anonymous'),
    resolve: (query, _root, _args, ctx) =>
      ctx.viewer ? ctx.prisma.user.findUnique({ ...query, where: { id: ctx.viewer.user.id } }) : null,
  }),
);

builder.subscriptionField('viewerChanged', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description:
      'The signed-in member as they are now, then again after each change an admin makes to their account (role, ' +
      'names, state), so their open pages follow at once: the role badge, the links and the pages the role opens. ' +
      'The first answer comes at once, so a page opened with a stored user (or a socket back after a drop) catches up.',
    ...access('member'),
    subscribe: (_root, _args, ctx) =>
      nowThenLive(ctx.services.pubsub.subscribe('user:account', ctx.viewer!.user.id), {} as Record<string, never>),
    resolve: (query, _event, _args, ctx) => ctx.prisma.user.findUnique({ ...query, where: { id: ctx.viewer!.user.id } }),
  }),
);

builder.queryField('users', (t) =>
  t.prismaConnection({
    type: 'User',
    cursor: 'id',
    description:
      'All members, oldest first (moderators and admins). `search` matches names, username and the email where the viewer may see it.',
    ...access('moderator'),
    defaultSize: 20,
    maxSize: 100,
    args: { search: t.arg.string({ required: false, validate: { maxLength: 100 } }) },
    totalCount: (_parent, args, ctx) => ctx.prisma.user.count({ where: userSearchWhere(args.search, ctx.viewer!.user) }),
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.user.findMany({ ...query, where: userSearchWhere(args.search, ctx.viewer!.user), orderBy: { id: 'asc' } }),
  }),
);

builder.queryField('userByUsername', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description:
      'A profile by its username (exact, else case-insensitive); null when nobody has it or a block stands between the two.',
    ...access('member'),
    args: { username: t.arg.string({ required: true, validate: { maxLength: 100 } }) },
    resolve: async (query, _root, { username }, ctx) => {
      const visible = notBlockedWhere(ctx.viewer!.user.id);
      return (
        (await ctx.prisma.user.findUnique({ ...query, where: { username, ...visible } })) ??
        ctx.prisma.user.findFirst({ ...query, where: { username: equalsIgnoringCase(username), ...visible } })
      );
    },
  }),
);
