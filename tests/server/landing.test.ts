import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { imageFile, largeImageFile } from './mediaFixtures';

/** The landing page (issue 14 point 6): GET /landing, POST /landing, POST /landing/upload-image, the start-page switch. */
let app: TestApp;
let admin: { token: string; id: number };
let member: { token: string };

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
const en = { 'accept-language': 'en' };

const save = (body: Record<string, unknown>, token = admin.token, headers: Record<string, string> = en) =>
  app.request('POST', '/landing', { json: body, token, headers }).then(json);

async function upload(file: File, token = admin.token) {
  const form = new FormData();
  form.append('file', file);
  return json(await app.request('POST', '/landing/upload-image', { body: form, token, headers: en }));
}

beforeAll(async () => {
  app = await createTestApp();
  const a = await registerAndLogin(app);
  await app.db.prisma.user.update({ where: { id: a.member.id }, data: { role: 'admin' } });
  admin = { token: a.token, id: a.member.id };
  member = { token: (await registerAndLogin(app)).token };
});
afterAll(() => app?.dispose());

describe('GET /landing', () => {
  it('needs no token and answers the defaults in the caller’s language before any save', async () => {
    const ru = await json(await app.request('GET', '/landing'));
    expect(ru).toEqual({
      status: 200,
      body: {
        title: 'Добро пожаловать в LinkUp',
        subtitle: 'Общение, видеозвонки и публикации в одном месте',
        description: null,
        hero_image: null,
        features: [],
        cta_text: 'Начать',
        cta_link: '/register',
      },
    });
    const english = await json(await app.request('GET', '/landing', { headers: en }));
    expect(english.body).toMatchObject({ title: 'Welcome to LinkUp', cta_text: 'Start', cta_link: '/register' });
    const fr = await json(await app.request('GET', '/landing', { headers: { 'accept-language': 'fr' } }));
    expect(fr.body.cta_text).toBe('Commencer');
  });
});

describe('POST /landing/upload-image', () => {
  it('stores an image and answers its public image_url', async () => {
    const uploaded = await upload(await imageFile('hero.png', { width: 2400, height: 1200 }));
    expect(uploaded).toEqual({
      status: 200,
      body: { success: true, image_url: expect.stringMatching(/^\/uploads\/landing\/[0-9a-f-]{36}\.jpg$/) },
    });
    const served = await app.request('GET', uploaded.body.image_url);
    expect(served.status).toBe(200);
    // Re-encoded: a picture without transparency is stored as JPEG, without its metadata.
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const entry = await app.db.prisma.auditEntry.findFirst({ where: { action: 'landing.uploadImage' }, orderBy: { id: 'desc' } });
    expect(entry).toMatchObject({ actorId: admin.id, after: { imageUrl: uploaded.body.image_url } });
    // Listed in the media library, with its uploader.
    const stored = uploaded.body.image_url.split('/').pop();
    expect(await app.db.prisma.mediaFile.findUnique({ where: { filename: stored } })).toMatchObject({
      kind: 'landing',
      originalName: 'hero.png',
      mimeType: 'image/jpeg',
      uploaderId: admin.id,
    });
  });

  it('refuses what is not an image (415), a file over 10 MB (413) and no file (422), with translated texts', async () => {
    const text = await upload(new File(['just text'], 'notes.png', { type: 'image/png' }));
    expect(text).toEqual({ status: 415, body: { detail: 'The file notes.png is not an image' } });
    const big = await upload(await largeImageFile('big.png', 10_485_760 + 1024));
    expect(big.status).toBe(413);
    expect(big.body.detail).toMatch(/too large/);
    const none = await json(
      await app.request('POST', '/landing/upload-image', { body: new FormData(), token: admin.token, headers: en }),
    );
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.body)).toContain('Choose a file');
  });

  it('is for admins: 401 without a token, 403 for members', async () => {
    const file = await imageFile('hero.png');
    const form = new FormData();
    form.append('file', file);
    expect((await app.request('POST', '/landing/upload-image', { body: form })).status).toBe(401);
    expect((await upload(file, member.token)).status).toBe(403);
  });
});

describe('POST /landing', () => {
  it('saves the page (audited) and GET /landing then answers it', async () => {
    const image = (await upload(await imageFile('hero.jpg', { format: 'jpeg' }))).body.image_url;
    const page = {
      title: '  Новый LinkUp ',
      subtitle: 'Подзаголовок',
      description: 'Описание платформы',
      hero_image: image,
      features: ['Чаты', ' ', 'Видеозвонки'],
      cta_text: 'Поехали',
      cta_link: 'https://example.org/start',
    };
    const saved = await save(page);
    const expected = {
      title: 'Новый LinkUp',
      subtitle: 'Подзаголовок',
      description: 'Описание платформы',
      hero_image: image,
      features: ['Чаты', 'Видеозвонки'],
      cta_text: 'Поехали',
      cta_link: 'https://example.org/start',
    };
    expect(saved).toEqual({ status: 200, body: { success: true, landing: expected } });
    expect((await json(await app.request('GET', '/landing'))).body).toEqual(expected);
    const entry = await app.db.prisma.auditEntry.findFirst({ where: { action: 'landing.update' }, orderBy: { id: 'desc' } });
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'landing', before: null, after: { title: 'Новый LinkUp' } });
  });

  it('blank button text and link fall back to the translated defaults; a replaced hero image leaves storage', async () => {
    const previous = (await json(await app.request('GET', '/landing'))).body.hero_image as string;
    const saved = await save({ title: 'Только заголовок', cta_text: '', cta_link: '' });
    expect(saved.body.landing).toMatchObject({ cta_text: 'Start', cta_link: '/register', hero_image: null, features: [] });
    expect((await json(await app.request('GET', '/landing'))).body.cta_text).toBe('Начать');
    expect((await app.request('GET', previous)).status).toBe(404);
    const entry = await app.db.prisma.auditEntry.findFirst({ where: { action: 'landing.update' }, orderBy: { id: 'desc' } });
    expect(entry).toMatchObject({ before: { title: 'Новый LinkUp' }, after: { title: 'Только заголовок', ctaText: null } });
  });

  it('accepts a relative path as the link', async () => {
    expect((await save({ title: 'x', cta_link: '/content/about' })).body.landing.cta_link).toBe('/content/about');
  });

  it('refuses bad input with 422 and a translated text, changing nothing and writing no audit entry', async () => {
    const before = (await json(await app.request('GET', '/landing'))).body;
    const entries = await app.db.prisma.auditEntry.count();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: '' }, 'title', /Enter a title/],
      [{ title: 'x'.repeat(256) }, 'title', /At most \d+ characters/],
      [{ title: 'ok', subtitle: 's'.repeat(256) }, 'subtitle', /At most \d+ characters/],
      [{ title: 'ok', description: 'd'.repeat(5001) }, 'description', /At most \d+ characters/],
      [{ title: 'ok', cta_text: 'c'.repeat(101) }, 'ctaText', /At most \d+ characters/],
      [{ title: 'ok', features: ['f'.repeat(201)] }, 'features', /At most \d+ characters/],
      [{ title: 'ok', features: Array.from({ length: 21 }, (_, i) => `f${i}`) }, 'features', /At most 20 features/],
      [{ title: 'ok', cta_link: 'javascript:alert(1)' }, 'ctaLink', /button link must be a path/],
      [{ title: 'ok', cta_link: '//evil.example/x' }, 'ctaLink', /button link must be a path/],
      [{ title: 'ok', cta_link: 'register' }, 'ctaLink', /button link must be a path/],
      [{ title: 'ok', cta_link: 'ftp://example.org' }, 'ctaLink', /button link must be a path/],
      [{ title: 'ok', hero_image: 'https://example.org/a.png' }, 'heroImage', /Upload the hero image again/],
      [
        { title: 'ok', hero_image: '/uploads/landing/00000000-0000-4000-8000-000000000000.png' },
        'heroImage',
        /Upload the hero image again/,
      ],
    ];
    for (const [body, field, text] of cases) {
      const answer = await save(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(JSON.stringify(answer.body)).toMatch(text);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    const ru = await save({ title: 'ok', cta_link: 'javascript:x' }, admin.token, {});
    expect(JSON.stringify(ru.body)).toContain('Ссылка кнопки должна быть путём на сайте');
    expect((await json(await app.request('GET', '/landing'))).body).toEqual(before);
    expect(await app.db.prisma.auditEntry.count()).toBe(entries);
  });

  it('is for admins: 401 without a token, 403 for members', async () => {
    expect((await app.request('POST', '/landing', { json: { title: 'x' } })).status).toBe(401);
    expect((await save({ title: 'x' }, member.token)).status).toBe(403);
  });
});

describe('the start-page switch', () => {
  const read = async (token?: string) =>
    (await app.graphql('{ interfaceSettings { startPageEnabled } }', {}, { token })).data?.interfaceSettings.startPageEnabled;
  const set = (enabled: boolean, token = admin.token) =>
    app.graphql(
      `mutation($enabled: Boolean!) { setStartPageEnabled(enabled: $enabled) {
        __typename ... on SetStartPageEnabledSuccess { interfaceSettings { startPageEnabled } } ... on Error { message }
      } }`,
      { enabled },
      { token },
    );

  it("is on until an admin turns it off (the spec's default); anyone reads it; stored as a system setting and audited", async () => {
    expect(await read()).toBe(true);
    expect((await set(false)).data?.setStartPageEnabled).toEqual({
      __typename: 'SetStartPageEnabledSuccess',
      interfaceSettings: { startPageEnabled: false },
    });
    expect(await read()).toBe(false);
    expect(await read(member.token)).toBe(false);
    expect(await app.db.prisma.systemSetting.findUnique({ where: { key: 'start_page_enabled' } })).toMatchObject({
      value: 'false',
    });
    const entry = await app.db.prisma.auditEntry.findFirst({ where: { action: 'setting.update' }, orderBy: { id: 'desc' } });
    expect(entry).toMatchObject({ actorId: admin.id, before: {}, after: { start_page_enabled: 'false' } });
    await set(true);
    expect(await read()).toBe(true);
  });

  it('refuses members', async () => {
    const answer = await set(false, member.token);
    expect(answer.data?.setStartPageEnabled?.__typename ?? answer.errors?.[0]?.extensions?.code).toMatch(/Forbidden|FORBIDDEN/);
    expect(await read()).toBe(true);
  });
});
