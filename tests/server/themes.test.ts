import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember, type Member } from './meetingSupport';

/**
 * Issue 15 point 4, themes: GET /themes (admin) lists the site's colour themes as Chakra tokens,
 * one is active, GET /themes/active tells every visitor (no token) which look to apply.
 */
let app: TestApp;
let admin: Member;
let member: Member;

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
const call = (method: string, url: string, token = admin.token, body?: unknown, locale = 'ru') =>
  app
    .request(method, url, { token, headers: { 'accept-language': locale }, ...(body === undefined ? {} : { json: body }) })
    .then(json);
/** A request without a token. */
const visitor = (url: string) => app.request('GET', url, {}).then(json);

beforeAll(async () => {
  app = await createTestApp();
  admin = await quickMember(app.services, 'Админ');
  await app.services.prisma.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
  member = await quickMember(app.services);
});
afterAll(() => app?.dispose());

describe('themes', () => {
  it('every database starts with a light (active) and a dark theme; visitors read the active look without a token', async () => {
    const list = (await call('GET', '/themes')).body as any[];
    expect(list.map(({ name, mode, accent, is_active }) => ({ name, mode, accent, is_active }))).toEqual([
      { name: 'Светлая', mode: 'light', accent: 'blue', is_active: true },
      { name: 'Тёмная', mode: 'dark', accent: 'blue', is_active: false },
    ]);
    expect(list[0].tokens['colors.brand.600']).toBe('{colors.blue.600}');
    expect(await visitor('/themes/active')).toEqual({
      status: 200,
      body: { name: 'Светлая', mode: 'light', accent: 'blue' },
    });
  });

  it('creates, edits, activates one at a time (audited) and refuses deleting the active one', async () => {
    const created = await call('POST', '/themes', admin.token, { name: 'Изумруд', mode: 'dark', accent: 'teal' });
    expect(created).toMatchObject({ status: 201, body: { name: 'Изумруд', mode: 'dark', accent: 'teal', is_active: false } });
    expect(created.body.tokens['colors.brand.500']).toBe('{colors.teal.500}');

    const edited = await call('PUT', `/themes/${created.body.id}`, admin.token, {
      name: 'Изумруд',
      description: 'Ночной',
      mode: 'light',
      accent: 'green',
    });
    expect(edited.body).toMatchObject({ description: 'Ночной', mode: 'light', accent: 'green' });

    // Applying it tells open pages (the siteThemeChanged subscription's topic).
    const events = app.services.pubsub.subscribe('site:theme')[Symbol.asyncIterator]();
    const announced = events.next();
    expect((await call('PUT', `/themes/${created.body.id}/activate`)).body.is_active).toBe(true);
    expect((await announced).done).toBe(false);
    await events.return?.();
    const active = ((await call('GET', '/themes')).body as any[]).filter((theme) => theme.is_active);
    expect(active.map((theme) => theme.name)).toEqual(['Изумруд']);
    expect((await visitor('/themes/active')).body).toEqual({ name: 'Изумруд', mode: 'light', accent: 'green' });

    const refused = await call('DELETE', `/themes/${created.body.id}`, admin.token, undefined, 'en');
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({ detail: 'The active theme cannot be deleted: activate another one first' }),
    });
    const light = ((await call('GET', '/themes')).body as any[]).find((theme) => theme.name === 'Светлая');
    await call('PUT', `/themes/${light.id}/activate`);
    expect(await call('DELETE', `/themes/${created.body.id}`)).toEqual({ status: 200, body: { success: true } });
    expect(await app.services.prisma.theme.count({ where: { name: 'Изумруд' } })).toBe(0);

    const audit = await app.services.prisma.auditEntry.findMany({ where: { targetType: 'theme' } });
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['theme.create', 'theme.update', 'theme.activate', 'theme.delete']),
    );
  });

  it('refuses an unknown mode or accent, a taken name and non-admins, in the caller’s language; stores nothing', async () => {
    const before = await app.services.prisma.theme.count();
    const refusal = async (body: Record<string, unknown>, locale: string) => {
      const answer = await call(
        'POST',
        '/themes',
        admin.token,
        { name: 'Новая', mode: 'light', accent: 'blue', ...body },
        locale,
      );
      return { status: answer.status, detail: answer.body.detail };
    };
    expect(await refusal({ mode: 'sepia' }, 'ru')).toEqual({ status: 422, detail: 'Режим темы: light или dark' });
    expect(await refusal({ accent: 'yellow' }, 'en')).toEqual({ status: 422, detail: 'Unknown accent colour' });
    expect(await refusal({ accent: 'red;}body{' }, 'fr')).toEqual({ status: 422, detail: 'Couleur d’accent inconnue' });
    expect(await refusal({ name: ' ' }, 'ru')).toEqual({ status: 422, detail: 'Введите название темы' });
    expect(await refusal({ name: 'тёмная' }, 'ru')).toEqual({ status: 409, detail: 'Тема с таким названием уже есть' });
    expect((await call('POST', '/themes', member.token, { name: 'X', mode: 'light', accent: 'blue' })).status).toBe(403);
    expect((await call('GET', '/themes', member.token)).status).toBe(403);
    expect((await visitor('/themes')).status).toBe(401);
    expect((await call('PUT', '/themes/999999/activate')).status).toBe(404);
    expect(await app.services.prisma.theme.count()).toBe(before);
  });
});
