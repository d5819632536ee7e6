import { z } from 'zod';
import { builder } from '../builder';
import { access } from '../auth/access';
import * as follows from '../services/follows';
import * as friendships from '../services/friendships';
import {
  blockedByWhere,
  blockersOfWhere,
  contactsWhere,
  friendshipStateOf,
  notBlockedWhere,
  pairRowOf,
  pairWithViewerSelect,
} from '../services/relations';
import { FriendshipRefusedError, UserBlockedError } from '../services/errors';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { UserNode } from './user';
import { databaseIdOf } from './globalIds';

const FriendshipStateEnum = builder.enumType('FriendshipState', {
  description: "The relation between the viewer and a member, from the viewer's side.",
  values: {
    NONE: { value: 'none' },
    PENDING_OUTGOING: { value: 'pending-outgoing', description: 'The viewer asked; waiting for an answer.' },
    PENDING_INCOMING: { value: 'pending-incoming', description: 'The member asked the viewer.' },
    ACCEPTED: { value: 'accepted' },
    BLOCKED_BY_ME: { value: 'blocked-by-me' },
    BLOCKED_BY_THEM: { value: 'blocked-by-them' },
  } as const,
});

const FriendshipStatusEnum = builder.enumType('FriendshipStatus', {
  values: { PENDING: { value: 'pending' }, ACCEPTED: { value: 'accepted' }, BLOCKED: { value: 'blocked' } } as const,
});

/** A friendship row; only its two members see it. */
export const FriendshipNode = builder.prismaNode('Friendship', {
  id: { field: 'id' },
  authScopes: (friendship, ctx) =>
    !!ctx.viewer && (friendship.requesterId === ctx.viewer.user.id || friendship.addresseeId === ctx.viewer.user.id),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    status: t.expose('status', { type: FriendshipStatusEnum }),
    requester: t.relation('requester', { description: "Who asked (the spec's `user`)." }),
    addressee: t.relation('addressee', { description: "Who was asked (the spec's `friend`)." }),
    otherUser: t.field({
      type: UserNode,
      description: 'The party that is not the viewer.',
      extensions: PER_VIEWER,
      select: (_args, _ctx, nestedSelection) => ({
        requester: nestedSelection(true),
        addressee: nestedSelection(true),
      }),
      resolve: (friendship, _args, ctx) =>
        friendship.requesterId === ctx.viewer?.user.id ? friendship.addressee : friendship.requester,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const visibleContactsWhere = (userId: number, viewerId: number | undefined) => ({
  AND: [contactsWhere(userId), notBlockedWhere(viewerId)],
});

builder.prismaObjectFields('User', (t) => ({
  friendshipStatus: t.field({
    type: FriendshipStateEnum,
    nullable: true,
    description: "The viewer's relation with this member; null on the viewer's own profile.",
    extensions: PER_VIEWER,
    select: (_args, ctx) => pairWithViewerSelect(ctx.viewer?.user.id ?? 0),
    resolve: (user, _args, ctx) => {
      const viewerId = ctx.viewer?.user.id;
      if (!viewerId || viewerId === user.id) return null;
      return friendshipStateOf(pairRowOf(user), viewerId);
    },
  }),
  friends: t.prismaConnection({
    type: 'User',
    cursor: 'id',
    description: "This member's contacts (the profile's Friends tab), without those a block separates from the viewer.",
    defaultSize: 20,
    maxSize: 100,
    extensions: PER_VIEWER,
    totalCount: (user, _args, ctx) => ctx.prisma.user.count({ where: visibleContactsWhere(user.id, ctx.viewer?.user.id) }),
    resolve: (query, user, _args, ctx) =>
      ctx.prisma.user.findMany({ ...query, where: visibleContactsWhere(user.id, ctx.viewer?.user.id), orderBy: { id: 'asc' } }),
  }),
}));

/** Contact search (spec section 5): at least 2 characters after trimming. */
const contactSearchText = z.string().trim().min(2, 'contacts.searchTooShort').max(100, 'validation.tooLong');

builder.queryFields((t) => ({
  contactSearch: t.prismaConnection({
    type: 'User',
    cursor: 'id',
    description:
      'Members whose name, username or email (where the viewer may see it) contains `query` (2 characters at least): never the viewer, ' +
      'never someone with a block between the two, never a deactivated account. Each has its `friendshipStatus`.',
    ...access('member'),
    defaultSize: 20,
    maxSize: 50,
    args: { query: t.arg.string({ required: true, validate: { schema: contactSearchText } }) },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.user.findMany({
        ...query,
        where: {
          AND: [
            friendships.visibleUsersWhere(ctx.viewer!.user.id),
            friendships.userSearchWhere(args.query, ctx.viewer!.user),
            { isActive: true },
          ],
        },
        orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      }),
  }),
  blockedMembers: t.prismaConnection({
    type: 'User',
    cursor: 'id',
    description: 'The members the viewer blocked, oldest account first (profile settings, to unblock them).',
    ...access('member'),
    defaultSize: 20,
    maxSize: 100,
    totalCount: (_parent, _args, ctx) => ctx.prisma.user.count({ where: blockedByWhere(ctx.viewer!.user.id) }),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.user.findMany({ ...query, where: blockedByWhere(ctx.viewer!.user.id), orderBy: { id: 'asc' } }),
  }),
  friendships: t.prismaConnection({
    type: 'Friendship',
    cursor: 'id',
    description: "The viewer's friendships (accepted), most recent first.",
    ...access('member'),
    defaultSize: 50,
    maxSize: 200,
    totalCount: (_root, _args, ctx) =>
      ctx.prisma.friendship.count({ where: friendships.friendshipsOfWhere(ctx.viewer!.user.id, 'accepted') }),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.friendship.findMany({
        ...query,
        where: friendships.friendshipsOfWhere(ctx.viewer!.user.id, 'accepted'),
        orderBy: { id: 'desc' },
      }),
  }),
  incomingFriendRequests: t.prismaConnection({
    type: 'Friendship',
    cursor: 'id',
    description: 'Requests other members sent the viewer that wait for an answer, newest first.',
    ...access('member'),
    defaultSize: 50,
    maxSize: 200,
    totalCount: (_root, _args, ctx) =>
      ctx.prisma.friendship.count({ where: { addresseeId: ctx.viewer!.user.id, status: 'pending' } }),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.friendship.findMany({
        ...query,
        where: { addresseeId: ctx.viewer!.user.id, status: 'pending' },
        orderBy: { id: 'desc' },
      }),
  }),
}));

/** After a change of the viewer's relation with a member (friendship, block, follow): the other member (with their new state) and the viewer (counts). */
const FriendshipChange = builder.objectRef<{ userId: number; viewerId: number }>('FriendshipChange').implement({
  fields: (t) => ({
    user: t.prismaField({
      type: 'User',
      nullable: true,
      description: 'Null when the member blocked the viewer (blocking back, say): to the viewer they do not exist.',
      resolve: (query, change, _args, ctx) =>
        ctx.prisma.user.findFirst({ ...query, where: { id: change.userId, NOT: blockersOfWhere(change.viewerId) } }),
    }),
    viewer: t.prismaField({
      type: 'User',
      resolve: (query, change, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: change.viewerId } }),
    }),
  }),
});

const errors = (name: string) => ({
  types: [FriendshipRefusedError, UserBlockedError],
  directResult: true as const,
  union: { name },
});

type Action = (services: Parameters<typeof friendships.blockUser>[0], viewerId: number, userId: number) => Promise<unknown>;

/** A mutation that changes the viewer's relation with one member given by `userId`. */
const userAction = (name: string, description: string, action: Action) =>
  builder.mutationField(name, (t) =>
    t.field({
      type: FriendshipChange,
      description,
      ...access('member'),
      args: { userId: t.arg.globalID({ for: UserNode, required: true }) },
      errors: errors(`${name[0]!.toUpperCase()}${name.slice(1)}Result`),
      resolve: async (_root, args, ctx) => {
        const viewerId = ctx.viewer!.user.id;
        const userId = databaseIdOf(args.userId, 'User', 'user.notFound');
        await action(ctx.services, viewerId, userId);
        return { userId, viewerId };
      },
    }),
  );

userAction(
  'sendFriendRequest',
  'Asks the member to be friends (they are notified); accepts their request if they asked first.',
  friendships.sendFriendRequest,
);
userAction(
  'removeFriend',
  "Cancels the viewer's request, declines the member's request or ends the friendship.",
  friendships.removeFriendship,
);
userAction('blockUser', 'Blocks the member: no requests, messages or search results between the two.', friendships.blockUser);
userAction('unblockUser', "Lifts the viewer's block.", friendships.unblockUser);
userAction(
  'followUser',
  "Follows the member without being contacts: their publications join the viewer's feed (they are notified).",
  follows.followUser,
);
userAction('unfollowUser', 'Stops following the member.', follows.unfollowUser);

builder.mutationField('respondToFriendRequest', (t) =>
  t.field({
    type: FriendshipChange,
    description: 'Accepts or declines a request to the viewer, given by the request (`requestId`) or its sender (`userId`).',
    ...access('owner'),
    args: {
      requestId: t.arg.globalID({ for: FriendshipNode, required: false }),
      userId: t.arg.globalID({ for: UserNode, required: false }),
      accept: t.arg.boolean({ required: true }),
    },
    errors: errors('RespondToFriendRequestResult'),
    resolve: async (_root, args, ctx) => {
      const viewerId = ctx.viewer!.user.id;
      const row = await friendships.respondToFriendRequest(
        ctx.services,
        viewerId,
        {
          requestId: args.requestId ? databaseIdOf(args.requestId, 'Friendship', 'friendship.noRequest') : undefined,
          userId: args.userId ? databaseIdOf(args.userId, 'User', 'user.notFound') : undefined,
        },
        args.accept,
      );
      return { userId: row.requesterId, viewerId };
    },
  }),
);
