import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { databaseIdOf } from './globalIds';
import type { ClassRole, MeetingClass } from '../generated/prisma/client';
import { ConflictError } from '../services/errors';
import * as classes from '../services/meetingClasses';
import type { Context } from '../context';
import { UserNode } from './user';
import { deletedResult } from './errors';

export const ClassRoleEnum = builder.enumType('ClassRole', {
  values: {
    ADMIN: { value: 'admin' },
    MODERATOR: { value: 'moderator' },
    MEMBER: { value: 'member' },
    GUEST: { value: 'guest' },
  } as const,
});

const ClassPermissionsRef = builder.objectRef<classes.ClassPermissions>('ClassPermissions').implement({
  description: 'What the viewer may do in a class, from their role (spec section 6); the server enforces the same rules.',
  fields: (t) => ({
    createRoom: t.exposeBoolean('createRoom'),
    openSettings: t.exposeBoolean('openSettings'),
    deleteRooms: t.exposeBoolean('deleteRooms'),
    deleteClass: t.exposeBoolean('deleteClass'),
  }),
});

builder.prismaObject('ClassMember', {
  fields: (t) => ({
    role: t.expose('role', { type: ClassRoleEnum }),
    joinedAt: t.expose('joinedAt', { type: 'DateTime' }),
    user: t.relation('user'),
  }),
});

const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;
/** The viewer's own membership row, selected alongside the class. */
const viewerMembership = (ctx: Context) => ({ members: { where: { userId: viewerId(ctx) }, select: { role: true } } });

export const MeetingClassNode = builder.prismaNode('MeetingClass', {
  id: { field: 'id' },
  nullable: true,
  // A private class does not exist for people outside it (node() answers null).
  findUnique: (id, ctx) => ({ ...classes.visibleClassWhere(viewerId(ctx)), id: Number(id) }),
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    isPrivate: t.exposeBoolean('isPrivate'),
    maxRooms: t.exposeInt('maxRooms'),
    allowUserCreateRooms: t.exposeBoolean('allowUserCreateRooms'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    createdBy: t.relation('createdBy', { nullable: true }),
    members: t.relation('members', { query: { orderBy: [{ role: 'asc' }, { joinedAt: 'asc' }] } }),
    memberCount: t.relationCount('members'),
    rooms: t.relation('rooms', { query: { where: { isActive: true }, orderBy: { createdAt: 'asc' } } }),
    viewerRole: t.field({
      type: ClassRoleEnum,
      nullable: true,
      extensions: PER_VIEWER,
      select: (_args, ctx) => viewerMembership(ctx),
      resolve: (meetingClass) => meetingClass.members[0]?.role ?? null,
    }),
    viewerCan: t.field({
      type: ClassPermissionsRef,
      extensions: PER_VIEWER,
      select: (_args, ctx) => ({ allowUserCreateRooms: true, ...viewerMembership(ctx) }),
      resolve: (meetingClass) => classes.classPermissions(meetingClass.members[0]?.role ?? null, meetingClass),
    }),
  }),
});

builder.queryField('meetingClasses', (t) =>
  t.prismaField({
    type: ['MeetingClass'],
    description: 'Public classes and the private ones the viewer belongs to, oldest first.',
    ...access('member'),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.meetingClass.findMany({
        ...query,
        where: classes.visibleClassWhere(viewerId(ctx)),
        orderBy: { createdAt: 'asc' },
        take: 200,
      }),
  }),
);

const MeetingClassInput = builder.inputType('MeetingClassInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    isPrivate: t.boolean(),
    maxRooms: t.int({ description: '1 to 20; 10 when left out.' }),
    allowUserCreateRooms: t.boolean({ description: 'Whether moderators and members may create rooms.' }),
  }),
});

const MeetingClassPayload = builder.objectRef<{ meetingClass: MeetingClass }>('MeetingClassPayload').implement({
  fields: (t) => ({ meetingClass: t.field({ type: MeetingClassNode, resolve: (payload) => payload.meetingClass }) }),
});

const DeleteMeetingClassSuccess = deletedResult('DeleteMeetingClassSuccess');

builder.mutationFields((t) => {
  const classId = () => t.arg.globalID({ required: true, for: MeetingClassNode });
  const roleArg = () => t.arg({ type: ClassRoleEnum, required: true });
  return {
    createMeetingClass: t.field({
      type: MeetingClassPayload,
      description: 'Creates a class; its creator becomes its admin.',
      ...access('member'),
      args: { input: t.arg({ type: MeetingClassInput, required: true, validate: { schema: classes.createClassInput } }) },
      errors: { directResult: true, union: { name: 'CreateMeetingClassResult' } },
      resolve: async (_root, { input }, ctx) => ({
        meetingClass: await classes.createClass(ctx.services, ctx.viewer!.user.id, input),
      }),
    }),
    updateMeetingClass: t.field({
      type: MeetingClassPayload,
      description: 'The class settings (its admins and moderators).',
      ...access('owner'),
      args: {
        classId: classId(),
        input: t.arg({ type: MeetingClassInput, required: true, validate: { schema: classes.createClassInput } }),
      },
      errors: { directResult: true, union: { name: 'UpdateMeetingClassResult' } },
      resolve: async (_root, { classId, input }, ctx) => ({
        meetingClass: await classes.updateClass(ctx.services, ctx.viewer!.user.id, {
          ...input,
          classId: databaseIdOf(classId, 'MeetingClass', 'meeting.classNotFound'),
        }),
      }),
    }),
    deleteMeetingClass: t.field({
      type: DeleteMeetingClassSuccess,
      description: 'Deletes the class and its rooms (its admins only); answers the deleted id.',
      ...access('owner'),
      args: { classId: classId() },
      errors: { directResult: true, union: { name: 'DeleteMeetingClassResult' } },
      resolve: async (_root, { classId }, ctx) => {
        await classes.deleteClass(
          ctx.services,
          ctx.viewer!.user.id,
          databaseIdOf(classId, 'MeetingClass', 'meeting.classNotFound'),
        );
        return { deletedId: encodeGlobalID('MeetingClass', classId.id) };
      },
    }),
    joinMeetingClass: t.field({
      type: MeetingClassNode,
      description: 'Joins a public class as a member.',
      ...access('member'),
      args: { classId: classId() },
      errors: { directResult: true, union: { name: 'JoinMeetingClassResult' } },
      resolve: (_root, { classId }, ctx) =>
        classes.joinClass(ctx.services, ctx.viewer!.user.id, databaseIdOf(classId, 'MeetingClass', 'meeting.classNotFound')),
    }),
    addMeetingClassMember: t.field({
      type: MeetingClassNode,
      ...access('owner'),
      args: { classId: classId(), username: t.arg.string({ required: true }), role: roleArg() },
      errors: { types: [ConflictError], directResult: true, union: { name: 'AddMeetingClassMemberResult' } },
      resolve: (_root, args, ctx) =>
        classes.addClassMember(ctx.services, ctx.viewer!.user.id, {
          classId: databaseIdOf(args.classId, 'MeetingClass', 'meeting.classNotFound'),
          username: args.username,
          role: args.role as ClassRole,
        }),
    }),
    setMeetingClassMemberRole: t.field({
      type: MeetingClassNode,
      ...access('owner'),
      args: { classId: classId(), userId: t.arg.globalID({ required: true, for: UserNode }), role: roleArg() },
      errors: { directResult: true, union: { name: 'SetMeetingClassMemberRoleResult' } },
      resolve: (_root, args, ctx) =>
        classes.setClassMemberRole(ctx.services, ctx.viewer!.user.id, {
          classId: databaseIdOf(args.classId, 'MeetingClass', 'meeting.classNotFound'),
          memberId: databaseIdOf(args.userId, 'User', 'meeting.userNotFound'),
          role: args.role as ClassRole,
        }),
    }),
    removeMeetingClassMember: t.field({
      type: MeetingClassNode,
      description: 'Removes a member (or lets the viewer leave the class).',
      ...access('owner'),
      args: { classId: classId(), userId: t.arg.globalID({ required: true, for: UserNode }) },
      errors: { directResult: true, union: { name: 'RemoveMeetingClassMemberResult' } },
      resolve: (_root, args, ctx) =>
        classes.removeClassMember(ctx.services, ctx.viewer!.user.id, {
          classId: databaseIdOf(args.classId, 'MeetingClass', 'meeting.classNotFound'),
          memberId: databaseIdOf(args.userId, 'User', 'meeting.userNotFound'),
        }),
    }),
  };
});
