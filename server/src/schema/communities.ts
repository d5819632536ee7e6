import { encodeGlobalID } from '@pothos/plugin-relay';
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { Community, CommunityJoinRequest, CommunityMember, Prisma } from '../generated/prisma/client';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import * as communities from '../services/communities';
import { idCursor } from '../services/cursors';
import { ConflictError, FileTooLargeError, UnsupportedFileTypeError, ValidationError } from '../services/errors';
import { visibleTo } from '../services/publications';
import { parsedBy } from '../services/validation';
import { upperCaseEnumValues } from './enumValues';
import { deletedResult } from './errors';
import { databaseIdOf } from './globalIds';
import { connection, pageSize, type PageArgs } from './paging';
import { PublicationNode, publicationPage } from './publications';

const JoinPolicyEnum = builder.enumType('CommunityJoinPolicy', {
  description: 'OPEN: anyone joins at once. BY_REQUEST: a request the owner or a moderator approves.',
  values: upperCaseEnumValues(communities.JOIN_POLICIES),
});

const CommunityRoleEnum = builder.enumType('CommunityRole', { values: upperCaseEnumValues(communities.COMMUNITY_ROLES) });

const AssignableRoleEnum = builder.enumType('CommunityAssignableRole', {
  description: 'What the owner makes a member: a moderator, or a member again.',
  values: upperCaseEnumValues(['moderator', 'member'] as const),
});

const communityId = (id: unknown) => databaseIdOf(String(id), 'Community', 'community.notFound');
const memberId = (id: unknown) => databaseIdOf(String(id), 'CommunityMember', 'community.notMember');
const requestId = (id: unknown) => databaseIdOf(String(id), 'CommunityJoinRequest', 'community.requestNotFound');

const memberCursor = idCursor('communityMember');
const requestCursor = idCursor('communityJoinRequest');
const myCommunityCursor = idCursor('myCommunity');

/** A member of a community with their role (the members list). */
const CommunityMemberRef = builder.prismaObject('CommunityMember', {
  fields: (t) => ({
    id: t.id({ resolve: (member) => encodeGlobalID('CommunityMember', member.id) }),
    role: t.expose('role', { type: CommunityRoleEnum }),
    joinedAt: t.expose('createdAt', { type: 'DateTime' }),
    user: t.relation('user'),
  }),
});

/** A pending request to join a by-request community (listed to its owner and moderators). */
const CommunityJoinRequestRef = builder.prismaObject('CommunityJoinRequest', {
  fields: (t) => ({
    id: t.id({ resolve: (request) => encodeGlobalID('CommunityJoinRequest', request.id) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    user: t.relation('user'),
  }),
});

/** A keyset page of rows listed by id (ascending), `where` the list's rule. */
async function idPage<Row extends { id: number }>(
  args: PageArgs,
  cursor: ReturnType<typeof idCursor>,
  load: (page: { where: { id?: { gt: number } }; take: number }) => Promise<Row[]>,
) {
  const first = pageSize(args, communities.COMMUNITY_PAGE_SIZE);
  const after = cursor.decode(args.after);
  const rows = await load({ where: after === null ? {} : { id: { gt: after } }, take: first + 1 });
  return connection(rows, first, (row) => cursor.encode(row.id), after);
}

export const CommunityNode = builder.prismaNode('Community', {
  id: { field: 'id' },
  description:
    'A community: every signed-in member sees its header and members; its publications follow its join policy ' +
    '(a by-request community’s are read by its members only).',
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    avatarImage: t.exposeString('avatarImage', { nullable: true }),
    joinPolicy: t.expose('joinPolicy', { type: JoinPolicyEnum }),
    membersCount: t.exposeInt('membersCount'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    viewerRole: t.field({
      type: CommunityRoleEnum,
      nullable: true,
      description: 'The viewer’s role; null when they are not a member.',
      extensions: PER_VIEWER,
      select: (_args, ctx) => ({
        members: { where: { userId: ctx.viewer?.user.id ?? -1 }, select: { role: true }, take: 1 },
      }),
      resolve: (community) => community.members[0]?.role ?? null,
    }),
    viewerHasRequested: t.boolean({
      description: 'Whether the viewer’s request to join is pending.',
      extensions: PER_VIEWER,
      select: (_args, ctx) => ({
        joinRequests: { where: { userId: ctx.viewer?.user.id ?? -1 }, select: { id: true }, take: 1 },
      }),
      resolve: (community) => community.joinRequests.length > 0,
    }),
    publications: t.connection({
      type: PublicationNode,
      description:
        'The community’s feed, newest first, 50 per page (keyset pages); empty to whom may not read it (a by-request ' +
        'community’s non-members), without what a block hides.',
      extensions: PER_VIEWER,
      resolve: (community, args, ctx, info) =>
        publicationPage(ctx, info, args, { AND: [visibleTo(ctx.viewer?.user.id), { communityId: community.id }] }),
    }),
    members: t.connection({
      type: CommunityMemberRef,
      description: 'Members in the order they joined, 20 per page; nobody a block separates from the viewer.',
      extensions: PER_VIEWER,
      resolve: (community, args, ctx, info) =>
        idPage(
          args,
          memberCursor,
          (page) =>
            ctx.prisma.communityMember.findMany({
              ...queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true } }),
              where: { AND: [communities.listedMembersWhere(community.id, ctx.viewer!.user.id), page.where] },
              orderBy: { id: 'asc' },
              take: page.take,
            }) as Promise<CommunityMember[]>,
        ),
    }),
    joinRequests: t.connection({
      type: CommunityJoinRequestRef,
      description: 'Pending join requests, oldest first: to the owner and moderators; empty to anyone else.',
      extensions: PER_VIEWER,
      resolve: async (community, args, ctx, info) =>
        idPage(args, requestCursor, async (page) =>
          (await communities.moderates(ctx.prisma, community.id, ctx.viewer!.user.id))
            ? (ctx.prisma.communityJoinRequest.findMany({
                ...queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true } }),
                where: { communityId: community.id, user: { isActive: true }, ...page.where },
                orderBy: { id: 'asc' },
                take: page.take,
              }) as Promise<CommunityJoinRequest[]>)
            : [],
        ),
    }),
  }),
});

/** Suggested communities are ranked by member count: the cursor holds (membersCount, id). */
const suggestionCursor = {
  encode: (row: { membersCount: number; id: number }) =>
    Buffer.from(`suggested|${row.membersCount}|${row.id}`).toString('base64url'),
  decode(cursor: string | null | undefined): { membersCount: number; id: number } | null {
    if (!cursor) return null;
    const [tag, count, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    const position = { membersCount: Number(count), id: Number(id) };
    if (tag !== 'suggested' || !Number.isSafeInteger(position.membersCount) || !Number.isSafeInteger(position.id)) {
      throw new ValidationError([{ path: ['after'], messageKey: 'validation.invalidInput' }]);
    }
    return position;
  },
};

builder.queryFields((t) => ({
  community: t.prismaField({
    type: 'Community',
    nullable: true,
    description: 'A community by its global id (its page); null for an id that names none.',
    ...access('member'),
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const id = await Promise.resolve()
        .then(() => communityId(args.id))
        .catch(() => null);
      return id === null ? null : ctx.prisma.community.findUnique({ ...query, where: { id } });
    },
  }),
  myCommunities: t.connection({
    type: CommunityNode,
    description: 'The communities the viewer is a member of, last joined first (keyset pages).',
    ...access('member'),
    resolve: async (_root, args, ctx, info) => {
      const first = pageSize(args, communities.COMMUNITY_PAGE_SIZE);
      const after = myCommunityCursor.decode(args.after);
      const rows = await ctx.prisma.communityMember.findMany({
        select: { id: true, community: queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true } }) },
        where: { userId: ctx.viewer!.user.id, ...(after === null ? {} : { id: { lt: after } }) },
        orderBy: { id: 'desc' },
        take: first + 1,
      });
      const page = connection(rows, first, (row) => myCommunityCursor.encode(row.id), after);
      return { ...page, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.community as Community })) };
    },
  }),
  suggestedCommunities: t.connection({
    type: CommunityNode,
    description: 'Open communities the viewer is not in, most members first (keyset pages).',
    ...access('member'),
    resolve: async (_root, args, ctx, info) => {
      const first = pageSize(args, communities.COMMUNITY_PAGE_SIZE);
      const after = suggestionCursor.decode(args.after);
      const where: Prisma.CommunityWhereInput = communities.suggestedWhere(ctx.viewer!.user.id);
      const rows = await ctx.prisma.community.findMany({
        ...queryFromInfo({ context: ctx, info, path: ['edges', 'node'], select: { id: true, membersCount: true } }),
        where: after
          ? {
              AND: [
                where,
                {
                  OR: [{ membersCount: { lt: after.membersCount } }, { membersCount: after.membersCount, id: { lt: after.id } }],
                },
              ],
            }
          : where,
        orderBy: [{ membersCount: 'desc' }, { id: 'desc' }],
        take: first + 1,
      });
      return connection(rows as Community[], first, suggestionCursor.encode, after);
    },
  }),
}));

const CommunityInput = builder.inputType('CommunityInput', {
  fields: (t) => ({
    name: t.string({ required: false, description: '2 to 100 characters (required to create).' }),
    description: t.string({ required: false, description: 'Up to 2000 characters.' }),
    joinPolicy: t.field({ type: JoinPolicyEnum, required: false, description: 'OPEN when omitted at creation.' }),
  }),
});

/** What a community mutation answers: the community read back with what the client selected. */
const communityPayload = (name: string) =>
  builder.objectRef<{ communityId: number }>(name).implement({
    fields: (t) => ({
      community: t.prismaField({
        type: 'Community',
        resolve: (query, result, _args, ctx) =>
          ctx.prisma.community.findUniqueOrThrow({ ...query, where: { id: result.communityId } }),
      }),
    }),
  });

const CommunitySuccess = communityPayload('CommunitySuccess');

/** A request approved or declined, or a member removed: the row's global id, and the community (its count). */
const CommunityListChange = builder.objectRef<{ deletedId: string; communityId: number }>('CommunityListChange').implement({
  fields: (t) => ({
    deletedId: t.exposeID('deletedId', { description: 'The global id of the request or membership that left its list.' }),
    community: t.prismaField({
      type: 'Community',
      resolve: (query, result, _args, ctx) =>
        ctx.prisma.community.findUniqueOrThrow({ ...query, where: { id: result.communityId } }),
    }),
  }),
});

const CommunityMemberSuccess = builder.objectRef<{ memberId: number }>('CommunityMemberSuccess').implement({
  fields: (t) => ({
    member: t.prismaField({
      type: 'CommunityMember',
      resolve: (query, result, _args, ctx) =>
        ctx.prisma.communityMember.findUniqueOrThrow({ ...query, where: { id: result.memberId } }),
    }),
  }),
});

const uploadErrors = [FileTooLargeError, UnsupportedFileTypeError];

const membership = (ctx: Context, id: unknown) => communities.findMembership(ctx.prisma, memberId(id));

builder.mutationFields((t) => ({
  createCommunity: t.field({
    type: CommunitySuccess,
    description: 'Creates a community (the viewer is its owner), with an avatar: JPG or PNG by content, at most 5 MB.',
    ...access('member'),
    args: {
      input: t.arg({ type: CommunityInput, required: true, validate: { schema: communities.createCommunityInput } }),
      avatar: t.arg({ type: 'File', required: false }),
    },
    errors: { types: uploadErrors, directResult: true, union: { name: 'CreateCommunityResult' } },
    resolve: async (_root, { input, avatar }, ctx) => {
      const created = await communities.createCommunity(
        ctx.services,
        ctx.viewer!.user.id,
        parsedBy(communities.createCommunityInput, input),
        avatar,
      );
      return { communityId: created.id };
    },
  }),
  updateCommunity: t.field({
    type: CommunitySuccess,
    description: 'Changes the name, description, join policy or avatar (the owner and moderators).',
    ...access('owner'),
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: CommunityInput, required: true, validate: { schema: communities.updateCommunityInput } }),
      avatar: t.arg({ type: 'File', required: false }),
    },
    errors: { types: uploadErrors, directResult: true, union: { name: 'UpdateCommunityResult' } },
    resolve: async (_root, { id, input, avatar }, ctx) => {
      const community = communityId(id);
      const changes = parsedBy(communities.updateCommunityInput, input);
      await communities.updateCommunity(ctx.services, ctx.viewer!.user.id, community, changes, avatar);
      return { communityId: community };
    },
  }),
  deleteCommunity: t.field({
    type: deletedResult('DeleteCommunitySuccess'),
    description: 'Deletes a community with its publications (the owner).',
    ...access('owner'),
    args: { id: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'DeleteCommunityResult' } },
    resolve: async (_root, { id }, ctx) => {
      await communities.deleteCommunity(ctx.services, ctx.viewer!.user.id, communityId(id));
      return { deletedId: String(id) };
    },
  }),
  joinCommunity: t.field({
    type: CommunitySuccess,
    description: 'Joins an open community; a by-request one answers ForbiddenError (send requestToJoinCommunity).',
    ...access('member'),
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [ConflictError], directResult: true, union: { name: 'JoinCommunityResult' } },
    resolve: async (_root, { id }, ctx) => {
      await communities.joinCommunity(ctx.services, ctx.viewer!.user.id, communityId(id));
      return { communityId: communityId(id) };
    },
  }),
  requestToJoinCommunity: t.field({
    type: CommunitySuccess,
    description: 'Asks to join a by-request community (the owner and moderators are notified); an open one is joined at once.',
    ...access('member'),
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [ConflictError], directResult: true, union: { name: 'RequestToJoinCommunityResult' } },
    resolve: async (_root, { id }, ctx) => {
      await communities.requestToJoin(ctx.services, ctx.viewer!.user.id, communityId(id));
      return { communityId: communityId(id) };
    },
  }),
  cancelCommunityJoinRequest: t.field({
    type: CommunitySuccess,
    ...access('member'),
    args: { id: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'CancelCommunityJoinRequestResult' } },
    resolve: async (_root, { id }, ctx) => {
      await communities.cancelJoinRequest(ctx.services, ctx.viewer!.user.id, communityId(id));
      return { communityId: communityId(id) };
    },
  }),
  leaveCommunity: t.field({
    type: CommunitySuccess,
    description: 'Leaves a community; the owner is refused (ConflictError) until they hand ownership over.',
    ...access('member'),
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [ConflictError], directResult: true, union: { name: 'LeaveCommunityResult' } },
    resolve: async (_root, { id }, ctx) => {
      await communities.leaveCommunity(ctx.services, ctx.viewer!.user.id, communityId(id));
      return { communityId: communityId(id) };
    },
  }),
  approveCommunityJoinRequest: t.field({
    type: CommunityListChange,
    description: 'The owner or a moderator approves a request: the requester becomes a member and is notified.',
    ...access('owner'),
    args: { requestId: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'ApproveCommunityJoinRequestResult' } },
    resolve: async (_root, args, ctx) => {
      const request = await communities.approveJoinRequest(ctx.services, ctx.viewer!.user.id, requestId(args.requestId));
      return { deletedId: String(args.requestId), communityId: request.communityId };
    },
  }),
  declineCommunityJoinRequest: t.field({
    type: CommunityListChange,
    ...access('owner'),
    args: { requestId: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'DeclineCommunityJoinRequestResult' } },
    resolve: async (_root, args, ctx) => {
      const request = await communities.declineJoinRequest(ctx.services, ctx.viewer!.user.id, requestId(args.requestId));
      return { deletedId: String(args.requestId), communityId: request.communityId };
    },
  }),
  removeCommunityMember: t.field({
    type: CommunityListChange,
    description: 'The owner or a moderator removes a member (only the owner removes a moderator; never the owner).',
    ...access('owner'),
    args: { memberId: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'RemoveCommunityMemberResult' } },
    resolve: async (_root, args, ctx) => {
      const row = await membership(ctx, args.memberId);
      await communities.removeMember(ctx.services, ctx.viewer!.user.id, row.communityId, row.userId);
      return { deletedId: String(args.memberId), communityId: row.communityId };
    },
  }),
  setCommunityMemberRole: t.field({
    type: CommunityMemberSuccess,
    description: 'The owner makes a member a moderator, or a moderator a member.',
    ...access('owner'),
    args: { memberId: t.arg.id({ required: true }), role: t.arg({ type: AssignableRoleEnum, required: true }) },
    errors: { directResult: true, union: { name: 'SetCommunityMemberRoleResult' } },
    resolve: async (_root, args, ctx) => {
      const row = await membership(ctx, args.memberId);
      await communities.setMemberRole(ctx.services, ctx.viewer!.user.id, row.communityId, row.userId, args.role);
      return { memberId: memberId(args.memberId) };
    },
  }),
  transferCommunityOwnership: t.field({
    type: CommunitySuccess,
    description: 'The owner hands ownership to another member and stays as a moderator.',
    ...access('owner'),
    args: { memberId: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'TransferCommunityOwnershipResult' } },
    resolve: async (_root, args, ctx) => {
      const row = await membership(ctx, args.memberId);
      await communities.transferOwnership(ctx.services, ctx.viewer!.user.id, row.communityId, row.userId);
      return { communityId: row.communityId };
    },
  }),
}));
