import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPubSub } from 'graphql-yoga';
import { createTestApp, type TestApp } from '../support/app';
import { newMember, postJson, registerAndLogin } from '../support/members';
import { createCacheRegistry } from '../../server/src/services/caches';
import { createLogger } from '../../server/src/logger';
import type { Topics } from '../../server/src/realtime/pubsub';
import { largeImageFile } from './mediaFixtures';

/** The admin settings tab (issue 15 point 1): GET/PUT /settings, the caches, the onboarding tour flags (issue 17 point 5). */
let app: TestApp;
let admin: { token: string; id: number };
let moderator: { token: string };
let member: { token: string; id: number };

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
const en = { 'accept-language': 'en' };
const getSettings = (token = admin.token) => app.request('GET', '/settings', { token }).then(json);
const putSettings = (settings: unknown, token = admin.token, headers: Record<string, string> = {}) =>
  app.request('PUT', '/settings', { json: { settings }, token, headers }).then(json);
const valueOf = (body: { settings: { key: string; value: string }[] }, key: string) =>
  body.settings.find((row) => row.key === key)?.value;

beforeAll(async () => {
  app = await createTestApp();
  const a = await registerAndLogin(app);
  await app.db.prisma.user.update({ where: { id: a.member.id }, data: { role: 'admin' } });
  admin = { token: a.token, id: a.member.id };
  const m = await registerAndLogin(app);
  await app.db.prisma.user.update({ where: { id: m.member.id }, data: { role: 'moderator' } });
  moderator = { token: m.token };
  const plain = await registerAndLogin(app);
  member = { token: plain.token, id: plain.member.id };
});
afterAll(() => app?.dispose());

describe('GET /settings', () => {
  it('lists every typed setting with its default and description, then other stored rows', async () => {
    await app.db.prisma.systemSetting.create({ data: { key: 'zz_custom_note', value: 'hello', description: 'A note' } });
    await app.services.caches.clear(['settings']);
    const { status, body } = await getSettings();
    expect(status).toBe(200);
    expect(body.settings.map((row: { key: string }) => row.key)).toEqual([
      'site_name',
      'default_language',
      'registration_enabled',
      'max_upload_size_mb',
      'max_video_upload_mb',
      'start_page_enabled',
      'tour_enabled',
      'zz_custom_note',
    ]);
    expect(body.settings[0]).toEqual({ key: 'site_name', value: 'LinkUp', description: expect.any(String) });
    expect(valueOf(body, 'start_page_enabled')).toBe('true');
    expect(valueOf(body, 'zz_custom_note')).toBe('hello');
  });

  it("describes the settings the product knows in the reader's language, the others as stored", async () => {
    // A row created in Russian (as the demo data and earlier saves store it) still reads in English and French.
    await app.db.prisma.systemSetting.upsert({
      where: { key: 'registration_enabled' },
      create: { key: 'registration_enabled', value: 'true', description: 'Разрешить регистрацию новых пользователей' },
      update: { description: 'Разрешить регистрацию новых пользователей' },
    });
    await app.services.caches.clear(['settings']);
    const descriptions = async (language: string) => {
      const { body } = await app
        .request('GET', '/settings', { token: admin.token, headers: { 'accept-language': language } })
        .then(json);
      return Object.fromEntries(body.settings.map((row: { key: string; description: string }) => [row.key, row.description]));
    };
    const [ru, english, fr] = await Promise.all(['ru', 'en', 'fr'].map(descriptions));
    expect(english.registration_enabled).toBe('Registration open: anyone may create an account (true/false)');
    expect(fr.registration_enabled).toBe('Inscription ouverte : tout le monde peut créer un compte (true/false)');
    expect(ru.registration_enabled).toBe('Регистрация открыта: любой может создать учётную запись (true/false)');
    expect(english.site_name).toBe('Site name (in the header)');
    // A row the product does not know keeps the administrator's own text, in every language.
    expect([ru.zz_custom_note, english.zz_custom_note, fr.zz_custom_note]).toEqual(['A note', 'A note', 'A note']);
  });

  it('is for admins only: 401 without a token, 403 for members and moderators', async () => {
    expect((await app.request('GET', '/settings')).status).toBe(401);
    expect((await getSettings(member.token)).status).toBe(403);
    expect((await getSettings(moderator.token)).status).toBe(403);
    expect((await putSettings([{ key: 'site_name', value: 'Nope' }], moderator.token)).status).toBe(403);
    expect(valueOf((await getSettings()).body, 'site_name')).toBe('LinkUp');
  });
});

describe('PUT /settings', () => {
  it('saves several settings together, normalised by type, audited once; everyone reads the public ones', async () => {
    const saved = await putSettings(
      [
        { key: 'site_name', value: '  Acme Social ' },
        { key: 'default_language', value: 'EN' },
        { key: 'max_upload_size_mb', value: 1 },
        { key: 'zz_custom_note', value: 'changed' },
      ],
      admin.token,
      en,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: 'Settings saved successfully!' });
    expect(valueOf(saved.body, 'site_name')).toBe('Acme Social');
    expect(valueOf(saved.body, 'default_language')).toBe('en');
    expect(valueOf(saved.body, 'max_upload_size_mb')).toBe('1');
    expect(valueOf(saved.body, 'zz_custom_note')).toBe('changed');
    const entry = await app.db.prisma.auditEntry.findFirst({ where: { action: 'setting.update' }, orderBy: { id: 'desc' } });
    expect(entry).toMatchObject({
      actorId: admin.id,
      before: { zz_custom_note: 'hello' },
      after: { site_name: 'Acme Social', default_language: 'en', max_upload_size_mb: '1', zz_custom_note: 'changed' },
    });
    const pub = await app.graphql(
      '{ interfaceSettings { siteName defaultLanguage registrationOpen startPageEnabled tourEnabled } }',
    );
    expect(pub.data?.interfaceSettings).toEqual({
      siteName: 'Acme Social',
      defaultLanguage: 'en',
      registrationOpen: true,
      startPageEnabled: true,
      tourEnabled: true,
    });
  });

  it('refuses an unknown key or an invalid value with 400 and a translated text, saving nothing of the batch', async () => {
    const before = await app.db.prisma.systemSetting.findMany({ orderBy: { key: 'asc' } });
    const unknown = await putSettings([
      { key: 'site_name', value: 'Half saved?' },
      { key: 'no_such_setting', value: '1' },
    ]);
    expect(unknown).toMatchObject({ status: 400, body: { detail: 'Неизвестная настройка: no_such_setting' } });

    const cases: [unknown, string][] = [
      [{ key: 'registration_enabled', value: 'maybe' }, 'registration_enabled: the value must be true or false'],
      [{ key: 'max_upload_size_mb', value: '0' }, 'max_upload_size_mb: enter a whole number from 1 to 100'],
      [{ key: 'max_video_upload_mb', value: '12.5' }, 'max_video_upload_mb: enter a whole number from 1 to 1000'],
      [{ key: 'default_language', value: 'de' }, 'default_language: the language must be ru, en or fr'],
      [{ key: 'site_name', value: '   ' }, 'site_name: enter a value'],
    ];
    for (const [setting, detail] of cases) {
      const refused = await putSettings([{ key: 'tour_enabled', value: 'false' }, setting], admin.token, en);
      expect(refused, JSON.stringify(setting)).toMatchObject({ status: 400, body: { detail } });
    }
    const fr = await putSettings([{ key: 'tour_enabled', value: 'oui' }], admin.token, { 'accept-language': 'fr' });
    expect(fr.body.detail).toBe('tour_enabled : la valeur doit être true ou false');
    expect((await putSettings('not a list')).body.detail).toBe('Передайте список настроек: {settings: [{key, value}]}');

    expect(await app.db.prisma.systemSetting.findMany({ orderBy: { key: 'asc' } })).toEqual(before);
    expect(valueOf((await getSettings()).body, 'tour_enabled')).toBe('true');
  });

  it('closing registration refuses self sign-ups (an admin still creates accounts); opening it again lets them in', async () => {
    expect((await putSettings([{ key: 'registration_enabled', value: 'false' }])).status).toBe(200);
    const refused = await postJson(app, '/auth/register', newMember());
    expect(refused).toMatchObject({ status: 403, body: { detail: 'Регистрация закрыта администратором' } });
    await putSettings([{ key: 'registration_enabled', value: 'true' }]);
    expect((await postJson(app, '/auth/register', newMember())).status).toBe(201);
  });

  it('the photo limit is the setting: a 2 MB photo is refused at 1 MB and accepted at 10 MB', async () => {
    await putSettings([{ key: 'max_upload_size_mb', value: '1' }]);
    const photo = await largeImageFile('two.png', 2 * 1024 * 1024);
    const upload = () => {
      const form = new FormData();
      form.append('photo', photo);
      return app.request('POST', '/media/upload', { token: member.token, body: form });
    };
    const refused = await json(await upload());
    expect(refused).toEqual({ status: 413, body: { detail: 'Файл two.png слишком большой (максимум 1MB)' } });
    await putSettings([{ key: 'max_upload_size_mb', value: '10' }]);
    expect((await upload()).status).toBe(201);
  });
});

describe('caches', () => {
  it('POST /admin/clear-cache clears one kind and answers its message; clear-all clears every kind; both audited', async () => {
    // A settings row changed behind the server's back is seen only once its cache is cleared.
    await getSettings();
    await app.db.prisma.systemSetting.update({ where: { key: 'site_name' }, data: { value: 'Changed in SQL' } });
    expect(valueOf((await getSettings()).body, 'site_name')).toBe('Acme Social');
    const cleared = await app
      .request('POST', '/admin/clear-cache', { json: { cache_type: 'settings' }, token: admin.token })
      .then(json);
    expect(cleared).toEqual({ status: 200, body: { success: true, message: 'Кэш настроек очищен' } });
    expect(valueOf((await getSettings()).body, 'site_name')).toBe('Changed in SQL');

    for (const [type, message] of [
      ['translations', 'Translations cache cleared'],
      ['media', 'Media cache cleared'],
    ]) {
      const answer = await app.request('POST', '/admin/clear-cache', {
        json: { cache_type: type },
        token: admin.token,
        headers: en,
      });
      expect(await json(answer)).toEqual({ status: 200, body: { success: true, message } });
    }
    await app.db.prisma.systemSetting.update({ where: { key: 'site_name' }, data: { value: 'Again in SQL' } });
    const all = await app.request('POST', '/admin/clear-all-cache', { token: admin.token, headers: en }).then(json);
    expect(all).toEqual({ status: 200, body: { success: true, message: 'All caches cleared' } });
    expect(valueOf((await getSettings()).body, 'site_name')).toBe('Again in SQL');
    const audits = await app.db.prisma.auditEntry.findMany({ where: { action: 'cache.clear' }, orderBy: { id: 'asc' } });
    expect(audits.map((entry) => entry.targetId)).toEqual(['settings', 'translations', 'media', 'translations,settings,media']);
  });

  it('refuses an unknown cache type (400) and non-admins (403)', async () => {
    const unknown = await app
      .request('POST', '/admin/clear-cache', { json: { cache_type: 'everything' }, token: admin.token })
      .then(json);
    expect(unknown).toEqual({
      status: 400,
      body: expect.objectContaining({ detail: 'Неизвестный тип кэша: укажите translations, settings или media' }),
    });
    expect(
      (await app.request('POST', '/admin/clear-cache', { json: { cache_type: 'settings' }, token: moderator.token })).status,
    ).toBe(403);
    expect((await app.request('POST', '/admin/clear-all-cache', { token: member.token })).status).toBe(403);
  });

  it('a clear reaches the other processes sharing the event bus (Redis in production), not only this one', async () => {
    const bus = createPubSub<Topics>();
    const log = createLogger();
    const here = createCacheRegistry(bus, log);
    const there = createCacheRegistry(bus, log);
    const dropped: string[] = [];
    here.register('settings', () => dropped.push('here'));
    there.register('settings', () => dropped.push('there'));
    there.register('media', () => dropped.push('there media'));
    await here.clear(['settings']);
    await expect.poll(() => dropped).toEqual(['here', 'there']);
    await Promise.all([here.close(), there.close()]);
  });
});

describe('the onboarding tour', () => {
  const tourOf = (token: string) =>
    app.graphql('{ viewer { tourCompleted } }', {}, { token }).then((r) => r.data?.viewer.tourCompleted);
  const complete = (token: string) =>
    app.graphql(
      'mutation { completeTour { __typename ... on CompleteTourSuccess { viewer { tourCompleted } } } }',
      {},
      { token },
    );
  const reset = (token: string) =>
    app.graphql(
      'mutation { resetTourForAll { __typename ... on ResetTourSuccess { message resetCount } ... on Error { message } } }',
      {},
      { token, headers: en },
    );

  it('is stored per member: completed once, it stays completed; another member still has it ahead', async () => {
    expect(await tourOf(member.token)).toBe(false);
    expect((await complete(member.token)).data?.completeTour).toEqual({
      __typename: 'CompleteTourSuccess',
      viewer: { tourCompleted: true },
    });
    expect(await tourOf(member.token)).toBe(true);
    expect(await tourOf(moderator.token)).toBe(false);
    // Nobody reads another member's flag.
    const other = await app.graphql(
      `{ node(id: "${Buffer.from(`User:${member.id}`).toString('base64')}") { ... on User { tourCompleted } } }`,
      {},
      { token: admin.token },
    );
    expect(other.data?.node).toEqual({ tourCompleted: null });
  });

  it('an admin resets it for everyone (audited); members may not', async () => {
    await complete(admin.token);
    const refused = await reset(member.token);
    expect(refused.data?.resetTourForAll?.__typename ?? refused.errors?.[0]?.extensions?.code).toMatch(/Forbidden|FORBIDDEN/);
    expect(await tourOf(member.token)).toBe(true);
    const done = await reset(admin.token);
    expect(done.data?.resetTourForAll).toEqual({
      __typename: 'ResetTourSuccess',
      message: 'The tour has been reset for everyone: it starts again at the next visit',
      resetCount: 2,
    });
    expect(await tourOf(member.token)).toBe(false);
    expect(await tourOf(admin.token)).toBe(false);
    expect(await app.db.prisma.auditEntry.count({ where: { action: 'tour.reset', actorId: admin.id } })).toBe(1);
  });
});
