import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { restUser } from '../fragments';
import { userGlobalId } from './profile';
import { flag, pageSize, text } from './values';

/** A field the client sent, or undefined (left as it is). */
const sent = (body: RestRequest['body'], key: string, as: (value: unknown) => unknown = text) =>
  body[key] == null ? undefined : as(body[key]);

/** `2026-11-23` (a whole day: `to` includes it) or a full ISO instant, as the DateTime the operation takes. */
function instant(value: string | null, end: boolean): string | undefined {
  if (!value) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const day = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime())) return value;
  if (end) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
}

const parsedJson = (value: string | null): unknown => (value == null ? null : JSON.parse(value));

type AuditNode = {
  databaseId: number;
  actor: { databaseId: number } | null;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string | null;
  before: string | null;
  after: string | null;
  createdAt: string;
};

/** Spec section 7, "Content and admin": the dashboard, users and the audit log. Admins only. */
export const adminRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/stats',
    access: 'admin',
    operation: `query RestAdminStats {
      adminStats { usersToday postsToday activeModules totalModules storageUsed storageUsedBytes }
    }`,
    respond: ({ adminStats: s }) => ({
      users_today: s.usersToday,
      posts_today: s.postsToday,
      storage_used: s.storageUsed,
      storage_used_bytes: s.storageUsedBytes,
      active_modules: s.activeModules,
      total_modules: s.totalModules,
    }),
  },
  {
    method: 'PATCH',
    path: '/users/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestUpdateUser($id: ID!, $input: UpdateUserInput!) {
      updateUser(id: $id, input: $input) { __typename ...RestError ... on AdminUserChange { message user { ...RestUser } } }
    }`,
    variables: ({ params, body }) => ({
      id: userGlobalId(params.id),
      input: {
        firstName: sent(body, 'first_name'),
        lastName: sent(body, 'last_name'),
        email: sent(body, 'email'),
        role: sent(body, 'role', (value) => text(value).toUpperCase()),
        isActive: sent(body, 'is_active', flag),
      },
    }),
    respond: ({ updateUser }) => ({ success: true, message: updateUser.message, user: restUser(updateUser.user) }),
  },
  {
    method: 'DELETE',
    path: '/users/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestDeleteUser($id: ID!) {
      deleteUser(id: $id) { __typename ...RestError ... on DeleteUserSuccess { message } }
    }`,
    variables: ({ params }) => ({ id: userGlobalId(params.id) }),
    respond: ({ deleteUser }) => ({ success: true, message: deleteUser.message }),
  },
  {
    method: 'GET',
    path: '/admin/audit-log',
    access: 'admin',
    operation: `query RestAuditLog($actorId: ID, $actor: String, $action: String, $from: DateTime, $to: DateTime, $first: Int, $after: String) {
      auditLog(actorId: $actorId, actor: $actor, action: $action, from: $from, to: $to, first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { node { databaseId actor { databaseId } actorName action targetType targetId before after createdAt } }
      }
    }`,
    variables: ({ query }) => ({
      actorId: query.get('actor_id') ? encodeGlobalID('User', query.get('actor_id')!.trim()) : null,
      actor: query.get('actor') || null,
      action: query.get('action') || null,
      from: instant(query.get('from'), false),
      to: instant(query.get('to'), true),
      first: pageSize(query),
      after: query.get('after'),
    }),
    respond: ({ auditLog }) => ({
      entries: auditLog.edges.map(({ node: e }: { node: AuditNode }) => ({
        id: e.databaseId,
        actor_id: e.actor?.databaseId ?? null,
        actor: e.actorName,
        action: e.action,
        target_type: e.targetType,
        target_id: e.targetId,
        before: parsedJson(e.before),
        after: parsedJson(e.after),
        created_at: e.createdAt,
      })),
      total: auditLog.totalCount,
      next_cursor: auditLog.pageInfo.hasNextPage ? auditLog.pageInfo.endCursor : null,
    }),
  },
];
