import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestServer } from '../support/app';
import { registerAndLogin, signIn } from '../support/members';
import { wsClients } from '../support/ws';
import { audited, withAudit } from '../../server/src/services/audit';
import { formatBytes } from '../../server/src/services/adminStats';

/** The admin panel's server side: dashboard stats, user management, session end, audit log (issue 14). */
type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
const ws = wsClients();
type Member = Awaited<ReturnType<typeof registerAndLogin>>;
let admin: Member;
let moderator: Member;
let member: Member;

async function call(method: string, path: string, token?: string, json?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const graphql = (query: string, variables: Record<string, unknown>, token: string) =>
  call('POST', '/graphql', token, { query, variables });

async function withRole(role: 'admin' | 'moderator') {
  const account = await registerAndLogin(server.url);
  await server.services.prisma.user.update({ where: { id: account.member.id }, data: { role } });
  return account;
}

const prisma = () => server.services.prisma;

beforeAll(async () => {
  server = await startTestServer();
  admin = await withRole('admin');
  moderator = await withRole('moderator');
  member = await registerAndLogin(server.url);
});
afterAll(async () => {
  await ws.dispose();
  await server?.dispose();
});

describe('every admin REST row refuses members and moderators', () => {
  const rows: [string, string, unknown?][] = [
    ['GET', '/admin/stats'],
    ['GET', '/admin/audit-log'],
    ['PATCH', '/users/1', { first_name: 'X' }],
    ['DELETE', '/users/1'],
  ];
  it.each(rows)('%s %s', async (method, path, body) => {
    expect((await call(method, path, undefined, body)).status).toBe(401);
    for (const caller of [member, moderator]) {
      const answer = await call(method, path, caller.token, body);
      expect(answer).toEqual({ status: 403, body: { detail: 'Недостаточно прав для этого действия' } });
    }
  });
});

describe('GET /admin/stats', () => {
  it('counts today’s sign-ups and publications, active modules of all, and the bytes of stored files', async () => {
    const before = (await call('GET', '/admin/stats', admin.token)).body;
    expect(Object.keys(before).sort()).toEqual(
      ['active_modules', 'posts_today', 'storage_used', 'storage_used_bytes', 'total_modules', 'users_today'].sort(),
    );
    await registerAndLogin(server.url);
    await call('POST', '/publications/', member.token, { content: 'Сегодняшний пост' });
    await prisma().module.createMany({
      data: [
        { name: `on-${Date.now()}`, status: 'active' },
        { name: `off-${Date.now()}`, status: 'inactive' },
      ],
    });
    // 1.5 KiB in the media store and 1 KiB of avatars: real files on disk.
    await server.services.mediaStore.storeUpload(new Uint8Array(1536), { extension: '.png' });
    await server.services.profileImageStores.avatars.storeUpload(new Uint8Array(1024), { extension: '.jpg' });

    const after = await call('GET', '/admin/stats', admin.token);
    expect(after.status).toBe(200);
    expect(after.body.users_today).toBe(before.users_today + 1);
    expect(after.body.posts_today).toBe(before.posts_today + 1);
    expect(after.body.active_modules).toBe(before.active_modules + 1);
    expect(after.body.total_modules).toBe(before.total_modules + 2);
    expect(after.body.storage_used_bytes).toBe(before.storage_used_bytes + 2560);
    expect(after.body.storage_used).toBe(formatBytes(after.body.storage_used_bytes));
  });

  it('formats sizes base 1024 with two decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.25 GB');
  });
});

describe('GET /system/status', () => {
  it('answers the spec’s counters', async () => {
    const { status, body } = await call('GET', '/system/status', admin.token);
    expect(status).toBe(200);
    expect(body).toEqual({
      users: { total: await prisma().user.count() },
      content: { total: expect.any(Number), published: expect.any(Number) },
      social: { friendships: expect.any(Number), messages: expect.any(Number) },
    });
  });
});

describe('users', () => {
  it('lists with search and paging (GET /users)', async () => {
    const tag = `zz${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await registerAndLogin(server.url, { last_name: `${tag}${i}` });
    const first = await call('GET', `/users?search=${tag}&limit=2`, admin.token);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.users).toHaveLength(2);
    expect(first.body.users[0]).toMatchObject({ role: 'user', is_active: true, last_name: `${tag}0` });
    const second = await call('GET', `/users?search=${tag}&limit=2&after=${first.body.next_cursor}`, admin.token);
    expect(second.body.users.map((u: { last_name: string }) => u.last_name)).toEqual([`${tag}2`]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('adds an account with the role chosen (createUser), which can then sign in', async () => {
    const input = {
      firstName: 'Вера',
      lastName: 'Админова',
      username: `vera_${Date.now().toString(36)}`,
      email: `vera.${Date.now().toString(36)}@example.ru`,
      password: 'secret123',
      role: 'MODERATOR',
    };
    const created = await graphql(
      `
        mutation ($input: CreateUserInput!) {
          createUser(input: $input) {
            __typename
            ... on AdminUserChange {
              message
              user {
                role
                isActive
              }
            }
          }
        }
      `,
      { input },
      admin.token,
    );
    expect(created.body.data.createUser).toEqual({
      __typename: 'AdminUserChange',
      message: 'Пользователь успешно добавлен!',
      user: { role: 'MODERATOR', isActive: true },
    });
    expect((await signIn(server.url, input.email, input.password)).user.role).toBe('moderator');
    const again = await graphql(
      `
        mutation ($input: CreateUserInput!) {
          createUser(input: $input) {
            __typename
            ... on ConflictError {
              field
            }
          }
        }
      `,
      { input: { ...input, username: `${input.username}x` } },
      admin.token,
    );
    expect(again.body.data.createUser).toEqual({ __typename: 'ConflictError', field: 'email' });
  });

  it('edits names, email, role and active state (PATCH /users/{id})', async () => {
    const target = await registerAndLogin(server.url);
    const email = `new.${Date.now().toString(36)}@example.ru`;
    const { status, body } = await call('PATCH', `/users/${target.member.id}`, admin.token, {
      first_name: 'Пётр',
      last_name: 'Новиков',
      email,
      role: 'moderator',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      message: 'Данные пользователя обновлены!',
      user: { id: target.member.id, first_name: 'Пётр', last_name: 'Новиков', email, role: 'moderator', is_active: true },
    });
    // Nothing sent, nothing changed; bad values are 4xx with the spec's texts.
    expect((await call('PATCH', `/users/${target.member.id}`, admin.token, {})).body.user.first_name).toBe('Пётр');
    expect(await call('PATCH', `/users/${target.member.id}`, admin.token, { email: admin.member.email })).toMatchObject({
      status: 409,
      body: { field: 'email' },
    });
    expect((await call('PATCH', `/users/${target.member.id}`, admin.token, { first_name: '  ' })).status).toBe(422);
    expect((await call('PATCH', `/users/${target.member.id}`, admin.token, { role: 'emperor' })).status).toBe(400);
    expect((await call('PATCH', '/users/2000000000', admin.token, { first_name: 'X' })).status).toBe(404);
  });

  it('refuses an admin locking themself out', async () => {
    for (const body of [{ is_active: false }, { role: 'user' }]) {
      const answer = await call('PATCH', `/users/${admin.member.id}`, admin.token, body);
      expect(answer.status).toBe(403);
    }
    expect((await call('DELETE', `/users/${admin.member.id}`, admin.token)).status).toBe(403);
    expect((await call('GET', '/auth/me', admin.token)).status).toBe(200);
  });

  it('deletes with DELETE /users/{id}; deleting again is 404', async () => {
    const target = await registerAndLogin(server.url);
    expect(await call('DELETE', `/users/${target.member.id}`, admin.token)).toEqual({
      status: 200,
      body: { success: true, message: 'Пользователь удалён!' },
    });
    expect(await prisma().user.findUnique({ where: { id: target.member.id } })).toBeNull();
    expect((await call('DELETE', `/users/${target.member.id}`, admin.token)).status).toBe(404);
    expect((await call('GET', '/auth/me', target.token)).status).toBe(401);
  });
});

/** A subscription on its own socket; resolves with the close code when the server closes it. */
function socketClosed(token: string) {
  const client = ws.connect(server.url, { token, lazy: false });
  return new Promise<number>((resolve) => {
    client.on('closed', (event) => resolve((event as { code: number }).code));
    client.subscribe({ query: 'subscription { notifications { id } }' }, { next: () => {}, error: () => {}, complete: () => {} });
  });
}

describe('ending sessions', () => {
  it('deactivating signs the member out at once: token refused, open socket closed, sign-in refused', async () => {
    const target = await registerAndLogin(server.url);
    const closed = socketClosed(target.token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call('GET', '/auth/me', target.token)).status).toBe(200);

    const answer = await call('PATCH', `/users/${target.member.id}`, admin.token, { is_active: false });
    expect(answer.body.user.is_active).toBe(false);
    expect(await closed).toBe(4401);
    expect((await call('GET', '/auth/me', target.token)).status).toBe(401);
    const graphqlAnswer = await graphql('query { viewer { id } }', {}, target.token);
    expect(graphqlAnswer.body.data?.viewer ?? null).toBeNull();
    const login = await call('POST', '/auth/login', undefined, { email: target.member.email, password: target.member.password });
    expect(login.status).toBe(403);
    // Reactivated, the member signs in again; the old token stays dead.
    await call('PATCH', `/users/${target.member.id}`, admin.token, { is_active: true });
    expect((await signIn(server.url, target.member.email, target.member.password)).token).toBeTruthy();
    expect((await call('GET', '/auth/me', target.token)).status).toBe(401);
  });

  it('deleting closes the member’s open sockets', async () => {
    const target = await registerAndLogin(server.url);
    const closed = socketClosed(target.token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await call('DELETE', `/users/${target.member.id}`, admin.token);
    expect(await closed).toBe(4401);
  });
});

describe('role changes reach the member’s open pages', () => {
  it('viewerChanged answers the member as they are at once, then after each change an admin makes (GraphQL and REST)', async () => {
    const target = await registerAndLogin(server.url);
    const roles: string[] = [];
    let seen: (count: number) => void = () => {};
    const client = ws.connect(server.url, { token: target.token, lazy: false });
    client.subscribe<{ viewerChanged: { role: string; firstName: string } | null }>(
      { query: 'subscription { viewerChanged { role firstName } }' },
      {
        next: (value) => {
          roles.push(`${value.data?.viewerChanged?.role}:${value.data?.viewerChanged?.firstName}`);
          seen(roles.length);
        },
        error: (error) => roles.push(`error ${JSON.stringify(error)}`),
        complete: () => {},
      },
    );
    const arrived = (count: number) =>
      new Promise<void>((resolve) => {
        seen = (length) => length >= count && resolve();
        seen(roles.length);
      });
    await arrived(1);
    expect(roles).toEqual([`USER:${target.member.first_name}`]);

    const promote = await graphql(
      'mutation($id: ID!) { updateUser(id: $id, input: { role: MODERATOR }) { __typename } }',
      { id: encodeGlobalID('User', target.member.id) },
      admin.token,
    );
    expect(promote.body.data.updateUser.__typename).toBe('AdminUserChange');
    await arrived(2);
    expect(roles[1]).toBe(`MODERATOR:${target.member.first_name}`);

    await call('PATCH', `/users/${target.member.id}`, admin.token, { role: 'user', first_name: 'Вера' });
    await arrived(3);
    expect(roles[2]).toBe('USER:Вера');
  });

  it('another member’s account changes reach only that member', async () => {
    const watcher = await registerAndLogin(server.url);
    const other = await registerAndLogin(server.url);
    const events: unknown[] = [];
    const client = ws.connect(server.url, { token: watcher.token, lazy: false });
    client.subscribe(
      { query: 'subscription { viewerChanged { databaseId role } }' },
      { next: (value) => events.push(value.data), error: () => {}, complete: () => {} },
    );
    await expect.poll(() => events.length).toBe(1);
    await call('PATCH', `/users/${other.member.id}`, admin.token, { role: 'moderator' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual([{ viewerChanged: { databaseId: watcher.member.id, role: 'USER' } }]);
  });
});

describe('audit log', () => {
  it('records each admin action with actor, target, before and after, and lists it with filters (GET /admin/audit-log)', async () => {
    const target = await registerAndLogin(server.url);
    const id = target.member.id;
    await call('PATCH', `/users/${id}`, admin.token, { first_name: 'Аудит', is_active: false });
    await call('DELETE', `/users/${id}`, admin.token);

    const { status, body } = await call('GET', `/admin/audit-log?actor_id=${admin.member.id}&limit=100`, admin.token);
    expect(status).toBe(200);
    const mine = body.entries.filter((e: { target_id: string }) => e.target_id === String(id));
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        actor_id: admin.member.id,
        actor: admin.member.username,
        action: 'user.delete',
        target_type: 'user',
        target_id: String(id),
        before: expect.objectContaining({ firstName: 'Аудит', isActive: false }),
        after: null,
        created_at: expect.any(String),
      },
      expect.objectContaining({
        action: 'user.update',
        before: expect.objectContaining({ firstName: 'Иван', isActive: true, email: target.member.email }),
        after: expect.objectContaining({ firstName: 'Аудит', isActive: false }),
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain('passwordHash');

    const byName = await call('GET', `/admin/audit-log?actor=${admin.member.username.toUpperCase()}&limit=100`, admin.token);
    expect(byName.body.total).toBe(body.total);
    expect((await call('GET', '/admin/audit-log?actor=nobody_here', admin.token)).body.total).toBe(0);
    const deletes = await call('GET', '/admin/audit-log?action=user.delete&limit=100', admin.token);
    expect(deletes.body.entries.length).toBeGreaterThan(0);
    expect(deletes.body.entries.every((e: { action: string }) => e.action === 'user.delete')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await call('GET', `/admin/audit-log?from=${today}&to=${today}&limit=1`, admin.token);
    expect(byDay.body.entries).toHaveLength(1);
    expect(byDay.body.next_cursor).toEqual(expect.any(String));
    expect((await call('GET', '/admin/audit-log?from=2000-01-01&to=2000-01-01', admin.token)).body).toEqual({
      entries: [],
      total: 0,
      next_cursor: null,
    });
  });

  it('writes the entry in the change’s transaction: a failing change leaves no entry and no change', async () => {
    const target = await registerAndLogin(server.url);
    const count = () => prisma().auditEntry.count({ where: { targetId: String(target.member.id) } });
    const actor = { id: admin.member.id, username: admin.member.username };
    await expect(
      audited(prisma(), { actor, action: 'user.update', targetType: 'user', targetId: target.member.id }, async (tx) => {
        await tx.user.update({ where: { id: target.member.id }, data: { firstName: 'Половина' } });
        // The second half of the change fails (a taken email): nothing of it may remain.
        await tx.user.update({ where: { id: target.member.id }, data: { email: admin.member.email } });
        return { result: null, before: null, after: null };
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(0);
    expect((await prisma().user.findUniqueOrThrow({ where: { id: target.member.id } })).firstName).toBe('Иван');

    // The entry is written, then a later step of the same transaction fails: both go.
    await expect(
      prisma().$transaction(async (tx) => {
        await withAudit(tx, { actor, action: 'user.update', targetType: 'user', targetId: target.member.id }, async (inner) => {
          await inner.user.update({ where: { id: target.member.id }, data: { firstName: 'Откат' } });
          return { result: null, before: { firstName: 'Иван' }, after: { firstName: 'Откат' } };
        });
        throw new Error('a later step fails');
      }),
    ).rejects.toThrow('a later step fails');
    expect(await count()).toBe(0);
    expect((await prisma().user.findUniqueOrThrow({ where: { id: target.member.id } })).firstName).toBe('Иван');

    // Through the API: a conflicting edit is refused and leaves no entry either.
    await call('PATCH', `/users/${target.member.id}`, admin.token, { email: admin.member.email });
    expect(await count()).toBe(0);
    await call('PATCH', `/users/${target.member.id}`, admin.token, { last_name: 'Сидоров' });
    expect(await count()).toBe(1);
  });

  it('is for admins only through GraphQL as well', async () => {
    const query = 'query { auditLog(first: 1) { totalCount } adminStats { usersToday } }';
    for (const caller of [member, moderator]) {
      const answer = await graphql(query, {}, caller.token);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const answer = await graphql(
      'query ($id: ID) { auditLog(first: 1, actorId: $id) { totalCount } }',
      { id: encodeGlobalID('User', admin.member.id) },
      admin.token,
    );
    expect(answer.body.data.auditLog.totalCount).toBeGreaterThan(0);
  });
});
