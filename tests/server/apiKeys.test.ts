import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember, type Member } from './meetingSupport';
import { hashOpaqueToken } from '../../server/src/auth/tokens';

/**
 * Integrators' API keys: made and revoked by admins (the secret answered once, stored hashed), and a
 * request with `X-API-Key` acting as the key's owner within its scopes, under the key's own rate limit.
 */
const KEY_REQUESTS_PER_MINUTE = 25;
let app: TestApp;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp({ apiKeyRequestsPerMinute: KEY_REQUESTS_PER_MINUTE });
  admin = await quickMember(app.services, 'Админ');
  await app.services.prisma.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
});
afterAll(() => app?.dispose());

const rest = async (
  method: string,
  url: string,
  opts: { member?: Member; key?: string; json?: unknown; locale?: string } = {},
) => {
  const headers: Record<string, string> = { 'accept-language': opts.locale ?? 'en' };
  if (opts.key) headers['x-api-key'] = opts.key;
  const response = await app.request(method, url, { token: opts.member?.token, json: opts.json, headers });
  return { status: response.status, body: await response.json(), headers: response.headers };
};

const graphqlWithKey = async (key: string, query: string, variables: Record<string, unknown> = {}) => {
  const response = await app.request('POST', '/graphql', {
    json: { query, variables },
    headers: { 'x-api-key': key, 'accept-language': 'en', accept: 'application/graphql-response+json' },
  });
  return { status: response.status, body: await response.json() };
};

const newKey = async (scopes: string[], name = 'Интеграция CRM') => {
  const { status, body } = await rest('POST', '/api-keys', { member: admin, json: { name, scopes } });
  expect(status).toBe(201);
  return body as { id: number; key: string; prefix: string; scopes: string[] };
};

const GROUP_BODY = () => ({ name: 'Отдел', plan_id: 'basic', users: [admin.id] });

describe('managing keys (admin only)', () => {
  it('creates a key whose secret is answered once and stored only as a hash', async () => {
    const created = await newKey(['read', 'write', 'read']);
    expect(created.scopes).toEqual(['read', 'write']);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const row = await app.services.prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.keyHash).toBe(hashOpaqueToken(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const { status, body } = await rest('GET', '/api-keys', { member: admin });
    expect(status).toBe(200);
    const listed = body.find((key: { id: number }) => key.id === created.id);
    expect(listed).toMatchObject({ name: 'Интеграция CRM', prefix: created.prefix, active: true, last_used_at: null });
    expect(JSON.stringify(body)).not.toContain(created.key);
    expect(await app.services.prisma.auditEntry.count({ where: { action: 'apiKey.create', targetId: String(created.id) } })).toBe(
      1,
    );
  });

  it('refuses an unknown scope, no read or write scope, and a missing name with 400', async () => {
    const unknown = await rest('POST', '/api-keys', { member: admin, json: { name: 'x', scopes: ['read', 'delete'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('Unknown scope: read, write and admin are allowed');
    const adminOnly = await rest('POST', '/api-keys', { member: admin, json: { name: 'x', scopes: ['admin'] } });
    expect(adminOnly.status).toBe(400);
    expect(adminOnly.body.detail).toBe('Choose the read or write scope');
    const noName = await rest('POST', '/api-keys', { member: admin, json: { name: ' ', scopes: ['read'] }, locale: 'ru' });
    expect(noName.status).toBe(400);
    expect(noName.body.detail).toBe('Введите название ключа');
  });

  it('is refused to members (403) and to nobody (401)', async () => {
    const member = await quickMember(app.services);
    expect((await rest('GET', '/api-keys', { member })).status).toBe(403);
    expect((await rest('POST', '/api-keys', { member, json: { name: 'x', scopes: ['read'] } })).status).toBe(403);
    expect((await rest('DELETE', '/api-keys/1', { member })).status).toBe(403);
    expect((await rest('GET', '/api-keys')).status).toBe(401);
  });

  it('revokes a key: its next request gets 401, on REST and GraphQL; a second revoke keeps the first time', async () => {
    const { id, key } = await newKey(['read']);
    expect((await rest('GET', '/zoomvisor/my-subscription', { key })).status).toBe(200);
    const revoked = await rest('DELETE', `/api-keys/${id}`, { member: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ success: true, api_key: { id, active: false } });

    const refused = await rest('GET', '/zoomvisor/my-subscription', { key });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe('The API key is invalid or has been revoked');
    const viaGraphql = await graphqlWithKey(key, '{ mySubscription { plan { planId } } }');
    expect(viaGraphql.status).toBe(401);
    expect(viaGraphql.body.errors[0].message).toBe('The API key is invalid or has been revoked');

    const again = await rest('DELETE', `/api-keys/${id}`, { member: admin });
    expect(again.body.api_key.revoked_at).toBe(revoked.body.api_key.revoked_at);
    expect((await rest('DELETE', '/api-keys/999999', { member: admin })).status).toBe(404);
  });

  it('answers 401 to an unknown key, even on a public row', async () => {
    expect((await rest('GET', '/zoomvisor/subscription-plans', { key: 'lk_nothing_here' })).status).toBe(401);
    expect((await graphqlWithKey('x'.repeat(500), '{ subscriptionPlans { planId } }')).status).toBe(401);
  });

  it('cannot make or revoke keys with a key, even one with every scope', async () => {
    const { id, key } = await newKey(['read', 'write', 'admin']);
    const made = await rest('POST', '/api-keys', { key, json: { name: 'x', scopes: ['read'] } });
    expect(made.status).toBe(403);
    expect(made.body.detail).toBe('API keys are managed from the admin panel only, not with an API key');
    expect((await rest('DELETE', `/api-keys/${id}`, { key })).status).toBe(403);
  });
});

describe('requests made with a key', () => {
  it('acts as the owner, records the last use, and a read key runs queries and GET rows', async () => {
    const { id, key } = await newKey(['read']);
    const mine = await graphqlWithKey(key, '{ viewer { databaseId } mySubscription { plan { planId } } }');
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({ viewer: { databaseId: admin.id }, mySubscription: { plan: { planId: 'free' } } });
    expect((await rest('GET', '/zoomvisor/my-subscription', { key })).body.plan_id).toBe('free');
    const row = await app.services.prisma.apiKey.findUniqueOrThrow({ where: { id } });
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('refuses a read key mutations (GraphQL) and non-GET rows (REST) with 403, changing nothing', async () => {
    const { key } = await newKey(['read', 'admin']);
    const before = await app.services.prisma.subscriptionGroup.count();
    const mutation = await graphqlWithKey(
      key,
      `mutation($input: CreateSubscriptionGroupInput!) { createSubscriptionGroup(input: $input) { __typename } }`,
      { input: { name: 'Отдел', planId: 'basic', userIds: [] } },
    );
    expect(mutation.status).toBe(403);
    expect(mutation.body.errors[0]).toMatchObject({
      message: 'This API key may not make changes (the write scope is needed)',
      extensions: { code: 'FORBIDDEN' },
    });
    const post = await rest('POST', '/admin/groups', { key, json: GROUP_BODY() });
    expect(post.status).toBe(403);
    expect(post.body.detail).toBe('This API key may not make changes (the write scope is needed)');
    expect(await app.services.prisma.subscriptionGroup.count()).toBe(before);
    // The same key reads admin rows: its admin scope carries the owner's rights.
    expect((await rest('GET', '/admin/groups', { key })).status).toBe(200);
  });

  it('lets a write key change things', async () => {
    const { key } = await newKey(['write', 'admin']);
    const post = await rest('POST', '/admin/groups', { key, json: GROUP_BODY() });
    expect(post.status).toBe(200);
    expect(post.body.success).toBe(true);
    await rest('DELETE', `/admin/groups/${post.body.group.id}`, { member: admin });
  });

  it('needs the admin scope for admin calls: without it the admin’s key acts as a plain member', async () => {
    const { key } = await newKey(['read', 'write']);
    expect((await rest('GET', '/admin/groups', { key })).status).toBe(403);
    expect((await rest('POST', '/admin/groups', { key, json: GROUP_BODY() })).status).toBe(403);
    const viaGraphql = await graphqlWithKey(key, '{ subscriptionGroups { name } }');
    expect(viaGraphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    // Member calls still work.
    expect((await rest('GET', '/zoomvisor/my-subscription', { key })).status).toBe(200);
  });

  it('has its own rate limit: past it, 429 with Retry-After; other keys and sessions go on', async () => {
    const { key } = await newKey(['read']);
    for (let i = 0; i < KEY_REQUESTS_PER_MINUTE; i++) {
      expect((await rest('GET', '/zoomvisor/subscription-plans', { key })).status).toBe(200);
    }
    const limited = await rest('GET', '/zoomvisor/subscription-plans', { key });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe('Too many requests with this API key. Try again later');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const viaGraphql = await graphqlWithKey(key, '{ subscriptionPlans { planId } }');
    expect(viaGraphql.status).toBe(429);

    const other = await newKey(['read']);
    expect((await rest('GET', '/zoomvisor/subscription-plans', { key: other.key })).status).toBe(200);
    expect((await rest('GET', '/zoomvisor/my-subscription', { member: admin })).status).toBe(200);
  });

  it('stops working when its owner is deactivated', async () => {
    const owner = await quickMember(app.services, 'Второй админ');
    await app.services.prisma.user.update({ where: { id: owner.id }, data: { role: 'admin' } });
    const { body } = await rest('POST', '/api-keys', { member: owner, json: { name: 'x', scopes: ['read'] } });
    expect((await rest('GET', '/zoomvisor/my-subscription', { key: body.key })).status).toBe(200);
    await app.services.prisma.user.update({ where: { id: owner.id }, data: { isActive: false } });
    expect((await rest('GET', '/zoomvisor/my-subscription', { key: body.key })).status).toBe(401);
  });
});
