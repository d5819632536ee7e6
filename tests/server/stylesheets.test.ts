import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember, type Member } from './meetingSupport';

/**
 * Issue 15 point 4, stylesheets: GET/POST /stylesheets (admin), CSS parsed and refused when invalid,
 * one active at a time, served at /stylesheets/active.css (minified when is_compressed).
 */
let app: TestApp;
let admin: Member;
let member: Member;

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
const call = (method: string, url: string, token = admin.token, body?: unknown, locale = 'ru') =>
  app
    .request(method, url, { token, headers: { 'accept-language': locale }, ...(body === undefined ? {} : { json: body }) })
    .then(json);
const activeCss = () => app.request('GET', '/api/stylesheets/active.css', {});

beforeAll(async () => {
  app = await createTestApp();
  admin = await quickMember(app.services, 'Админ');
  await app.services.prisma.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
  member = await quickMember(app.services);
});
afterAll(() => app?.dispose());

describe('stylesheets', () => {
  it('creates, activates one at a time and serves the active one (with its variables, minified when asked)', async () => {
    expect(await (await activeCss()).text()).toBe('');
    const first = await call('POST', '/stylesheets', admin.token, {
      name: 'Тёмный заголовок',
      content: 'header {\n  background: var(--brand);\n}\n',
      variables: { '--brand': '#102030' },
      is_compressed: true,
    });
    expect(first).toMatchObject({
      status: 201,
      body: { name: 'Тёмный заголовок', variables: { '--brand': '#102030' }, is_compressed: true, is_active: false },
    });
    const second = await call('POST', '/stylesheets', admin.token, { name: 'Второй', content: 'body { color: red; }' });
    expect(second.status).toBe(201);

    expect((await call('PUT', `/stylesheets/${first.body.id}/activate`)).body.is_active).toBe(true);
    const served = await activeCss();
    expect(served.headers.get('content-type')).toContain('text/css');
    expect(await served.text()).toBe(':root{--brand:#102030}header{background:var(--brand)}');
    // Revalidated by its ETag.
    const again = await app.request('GET', '/stylesheets/active.css', {
      headers: { 'if-none-match': served.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    // Activating the second switches the first off; it is served as written.
    await call('PUT', `/stylesheets/${second.body.id}/activate`);
    const list = (await call('GET', '/stylesheets')).body as { id: number; is_active: boolean }[];
    expect(list.filter((sheet) => sheet.is_active).map((sheet) => sheet.id)).toEqual([second.body.id]);
    expect(await (await activeCss()).text()).toBe('body { color: red; }');
    await call('PUT', `/stylesheets/${second.body.id}/activate?active=false`);
    expect(await (await activeCss()).text()).toBe('');

    const audit = await app.services.prisma.auditEntry.findMany({ where: { targetType: 'stylesheet' } });
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['stylesheet.create', 'stylesheet.activate', 'stylesheet.deactivate']),
    );
  });

  it('refuses CSS that does not parse or does not fit its property, bad variables, and members; stores nothing', async () => {
    const before = await app.services.prisma.stylesheet.count();
    const refusal = async (body: Record<string, unknown>, locale = 'ru') => {
      const answer = await call('POST', '/stylesheets', admin.token, { name: 'Плохой', ...body }, locale);
      expect(answer.status).toBe(422);
      return answer.body.errors ?? answer.body.detail;
    };
    expect(JSON.stringify(await refusal({ content: 'a { color: red }\nbody {{ color: red }' }))).toContain(
      'Ошибка в CSS в строке 2',
    );
    expect(JSON.stringify(await refusal({ content: 'body { colour: red }' }, 'en'))).toContain('CSS error on line 1: colour');
    expect(JSON.stringify(await refusal({ content: 'body { color: 12px }' }, 'fr'))).toContain('Erreur CSS à la ligne 1 : color');
    expect(JSON.stringify(await refusal({ content: '', variables: { brand: 'red' } }))).toContain('Имя переменной');
    expect(JSON.stringify(await refusal({ content: '', variables: { '--x': 'red; } body { display: none' } }))).toContain(
      'Значение переменной',
    );
    expect(JSON.stringify(await refusal({ content: 'a {}', name: '  ' }))).toContain('Введите название стиля');
    expect((await call('POST', '/stylesheets', member.token, { name: 'x', content: '' })).status).toBe(403);
    expect((await call('GET', '/stylesheets', member.token)).status).toBe(403);
    expect(await app.services.prisma.stylesheet.count()).toBe(before);
    // A module's stylesheet is stored unchecked: activating a broken one is refused.
    const broken = await app.services.prisma.stylesheet.create({ data: { name: 'Модуль', content: 'body { colour: red }' } });
    expect((await call('PUT', `/stylesheets/${broken.id}/activate`)).status).toBe(422);
    expect((await app.services.prisma.stylesheet.findUniqueOrThrow({ where: { id: broken.id } })).isActive).toBe(false);
  });
});
