import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import { translate, type MessageKey } from '../i18n';
import { adminStats, formatBytes, type AdminStats } from '../services/adminStats';
import * as adminUsers from '../services/adminUsers';
import { auditActions, auditWhere } from '../services/audit';
import { ConflictError } from '../services/errors';
import { parsedBy } from '../services/validation';
import { RoleEnum, UserNode } from './user';
import { databaseIdOf } from './globalIds';

// ───────────── Dashboard ─────────────

const AdminStatsRef = builder.objectRef<AdminStats>('AdminStats').implement({
  description: 'The admin dashboard cards (spec section 3, "Dashboard stats").',
  fields: (t) => ({
    usersToday: t.exposeInt('usersToday', { description: 'Accounts created since midnight (server time).' }),
    postsToday: t.exposeInt('postsToday', { description: 'Publications created since midnight (server time).' }),
    activeModules: t.exposeInt('activeModules'),
    totalModules: t.exposeInt('totalModules'),
    storageUsedBytes: t.exposeFloat('storageUsedBytes', { description: 'Bytes of every stored file of the platform.' }),
    storageUsed: t.string({
      description: 'The same, formatted: Bytes, KB, MB, GB (base 1024, 2 decimals).',
      resolve: (stats) => formatBytes(stats.storageUsedBytes),
    }),
  }),
});

builder.queryField('adminStats', (t) =>
  t.field({ type: AdminStatsRef, ...access('admin'), resolve: (_root, _args, ctx) => adminStats(ctx.services) }),
);

// ───────────── Audit log ─────────────

const jsonText = (value: unknown) => (value == null ? null : JSON.stringify(value));

export const AuditEntryRef = builder.prismaObject('AuditEntry', {
  description: 'One administrator action, recorded in the same transaction as the change.',
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    actor: t.relation('actor', { nullable: true, description: 'Null once the account is deleted (see actorName).' }),
    actorName: t.exposeString('actorName', { description: 'The acting account’s username when it acted.' }),
    action: t.exposeString('action', { description: '`<area>.<verb>`, e.g. `user.update`.' }),
    targetType: t.exposeString('targetType'),
    targetId: t.exposeString('targetId', { nullable: true }),
    before: t.string({
      nullable: true,
      description: 'The target before the change, as JSON.',
      resolve: (e) => jsonText(e.before),
    }),
    after: t.string({ nullable: true, description: 'The target after the change, as JSON.', resolve: (e) => jsonText(e.after) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('auditLog', (t) =>
  t.prismaConnection({
    type: 'AuditEntry',
    cursor: 'id',
    description: 'Admin actions, newest first, filtered by actor, action and time (`from` inclusive, `to` exclusive).',
    ...access('admin'),
    defaultSize: 20,
    maxSize: 100,
    args: {
      actorId: t.arg.globalID({ for: UserNode, required: false }),
      actor: t.arg.string({
        required: false,
        description: 'The acting account’s username (any case).',
        validate: { maxLength: 100 },
      }),
      action: t.arg.string({ required: false, validate: { maxLength: 100 } }),
      from: t.arg({ type: 'DateTime', required: false }),
      to: t.arg({ type: 'DateTime', required: false }),
    },
    totalCount: (_parent, args, ctx) => ctx.prisma.auditEntry.count({ where: filterOf(args) }),
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.auditEntry.findMany({ ...query, where: filterOf(args), orderBy: { id: 'desc' } }),
  }),
);

type AuditArgs = {
  actorId?: { id: string; typename: string } | null;
  actor?: string | null;
  action?: string | null;
  from?: Date | null;
  to?: Date | null;
};
const filterOf = (args: AuditArgs) =>
  auditWhere({
    actorId: args.actorId ? databaseIdOf(args.actorId, 'User', 'user.notFound') : null,
    actorName: args.actor,
    action: args.action,
    from: args.from,
    to: args.to,
  });

builder.queryField('auditActions', (t) =>
  t.stringList({
    description: 'Every action the audit log holds, for its filter.',
    ...access('admin'),
    resolve: (_root, _args, ctx) => auditActions(ctx.prisma),
  }),
);

// ───────────── Users ─────────────

const CreateUserInput = builder.inputType('CreateUserInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    username: t.string({ required: true }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    role: t.field({ type: RoleEnum, description: 'USER by default.' }),
    isActive: t.boolean({ description: 'True by default.' }),
  }),
});

const UpdateUserInput = builder.inputType('UpdateUserInput', {
  description: 'What an administrator edits; omitted fields stay as they are. Deactivating ends the account’s sessions.',
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    email: t.string(),
    role: t.field({ type: RoleEnum }),
    isActive: t.boolean(),
  }),
});

const AdminUserChange = builder.objectRef<{ userId: number; messageKey: MessageKey }>('AdminUserChange').implement({
  description: 'The account after an administrator’s change, and a confirmation in the request’s language.',
  fields: (t) => ({
    user: t.prismaField({
      type: 'User',
      resolve: (query, result, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: result.userId } }),
    }),
    message: t.string({ resolve: (result, _args, ctx) => translate(ctx.locale, result.messageKey) }),
  }),
});

const DeleteUserSuccess = builder.objectRef<{ deletedId: string }>('DeleteUserSuccess').implement({
  fields: (t) => ({
    deletedUserId: t.id({ description: 'The global id of the deleted account.', resolve: (r) => r.deletedId }),
    message: t.string({ resolve: (_result, _args, ctx) => translate(ctx.locale, 'admin.userDeleted') }),
  }),
});

/** `null` from a client means "not sent" for these non-nullable columns. */
const defined = <T extends Record<string, unknown>>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value != null)) as { [K in keyof T]?: NonNullable<T[K]> };

builder.mutationFields((t) => ({
  createUser: t.field({
    type: AdminUserChange,
    description: 'An administrator adds an account with the role and state given.',
    ...access('admin'),
    args: {
      input: t.arg({ type: CreateUserInput, required: true, validate: { schema: adminUsers.createUserInput } }),
    },
    errors: { types: [ConflictError], directResult: true, union: { name: 'CreateUserResult' } },
    resolve: async (_root, { input }, ctx) => {
      const user = await adminUsers.createUser(ctx.services, ctx.viewer!.user, parsedBy(adminUsers.createUserInput, input));
      return { userId: user.id, messageKey: 'admin.userCreated' as const };
    },
  }),

  updateUser: t.field({
    type: AdminUserChange,
    description: 'An administrator edits names, email, role and active state; deactivating signs the account out everywhere.',
    ...access('admin'),
    args: {
      id: t.arg.globalID({ for: UserNode, required: true }),
      input: t.arg({ type: UpdateUserInput, required: true, validate: { schema: adminUsers.updateUserInput } }),
    },
    errors: { types: [ConflictError], directResult: true, union: { name: 'UpdateUserResult' } },
    resolve: async (_root, { id, input }, ctx) => {
      const userId = databaseIdOf(id, 'User', 'user.notFound');
      const changes = defined(parsedBy(adminUsers.updateUserInput, input));
      const user = await adminUsers.updateUser(ctx.services, ctx.viewer!.user, userId, changes);
      return { userId: user.id, messageKey: 'admin.userUpdated' as const };
    },
  }),

  deleteUser: t.field({
    type: DeleteUserSuccess,
    description: 'An administrator deletes an account; its sessions end and its sockets close.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: UserNode, required: true }) },
    errors: { types: [], directResult: true, union: { name: 'DeleteUserResult' } },
    resolve: async (_root, { id }, ctx) => {
      const userId = databaseIdOf(id, 'User', 'user.notFound');
      await adminUsers.deleteUser(ctx.services, ctx.viewer!.user, userId);
      return { deletedId: encodeGlobalID('User', userId) };
    },
  }),
}));
