import fs from 'node:fs';
import path from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_SFU, type TestApp } from '../support/app';
import { registerAdmin, registerAndLogin } from '../support/members';
import { makeZip, manifest, type ZipEntry } from '../support/zip';
import { startServer } from '../../server/src/server';
import { moveLegacyModuleTexts } from '../../server/src/services/legacyModuleTexts';

/** Interface translations (issue 15 point 8): GET /translations and the administrator's overrides. */
let app: TestApp;
let admin: { token: string; id: number };
let member: { token: string };

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
const en = { 'accept-language': 'en' };

/** Texts of the client's catalogs: one plain, one with a placeholder. */
const LOGOUT = generateMessageId('Выйти', 'sign out');
const MINUTES = generateMessageId('{0} мин');

const put = (key: string, body: Record<string, unknown>, token = admin.token) =>
  app.request('PUT', `/translations/${encodeURIComponent(key)}`, { json: body, token, headers: en }).then(json);
const reset = (key: string, token = admin.token) =>
  app.request('DELETE', `/translations/${encodeURIComponent(key)}`, { token, headers: en }).then(json);
const list = async () => (await json(await app.request('GET', '/translations'))).body as Record<string, string>[];
const overrides = async (language: string) =>
  (await app.graphql(`query ($l: Language!) { translationOverrides(language: $l) { key compiled } }`, { l: language })).data
    .translationOverrides as { key: string; compiled: string }[];
/** Module packages: an upload, a module card's switch, the translations tab's list, and what a language is served (key -> compiled). */
const upload = async (entries: ZipEntry[]) => {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(makeZip(entries))], 'module.zip', { type: 'application/zip' }));
  return json(await app.request('POST', '/modules/upload', { body: form, token: admin.token, headers: en }));
};
const toggle = async (id: number) => json(await app.request('PUT', `/modules/${id}/toggle`, { token: admin.token }));
const tab = async (search: string) =>
  (
    await app.graphql(
      `query ($s: String) { interfaceTexts(search: $s) { totalCount items { key module valueRu valueEn valueFr defaultEn defaultFr overridden } } }`,
      { s: search },
      { token: admin.token },
    )
  ).data.interfaceTexts as { totalCount: number; items: Record<string, unknown>[] };
const served = async (language: string) => new Map((await overrides(language)).map((o) => [o.key, JSON.parse(o.compiled)]));

/** While a test sets it, the SQL statements the app sends. */
let queries: string[] | null = null;

beforeAll(async () => {
  app = await createTestApp({}, { onQuery: (sql) => queries?.push(sql) });
  admin = await registerAdmin(app);
  member = { token: (await registerAndLogin(app)).token };
});
afterAll(() => app?.dispose());

describe('GET /translations', () => {
  it('lists every client text with its Lingui id and the three languages, without a token', async () => {
    const texts = await list();
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.find((text) => text.key === LOGOUT)).toEqual({
      key: LOGOUT,
      value_ru: 'Выйти',
      value_en: 'Log out',
      value_fr: 'Se déconnecter',
    });
    expect(texts.find((text) => text.key === MINUTES)).toEqual({
      key: MINUTES,
      value_ru: '{0} мин',
      value_en: '{0} min',
      value_fr: '{0} min',
    });
    for (const text of texts) expect(text.value_en && text.value_fr && text.value_ru).toBeTruthy();
  });
});

describe('overrides', () => {
  it('round-trip: set in one language, listed, served to the client compiled, reset per language and in full', async () => {
    const set = await put(LOGOUT, { value_en: 'Sign out' });
    expect(set).toEqual({
      status: 200,
      body: { success: true, translation: { key: LOGOUT, value_ru: 'Выйти', value_en: 'Sign out', value_fr: 'Se déconnecter' } },
    });
    expect((await list()).find((text) => text.key === LOGOUT)?.value_en).toBe('Sign out');
    expect(await overrides('EN')).toEqual([{ key: LOGOUT, compiled: JSON.stringify(['Sign out']) }]);
    expect(await overrides('FR')).toEqual([]);

    // A placeholder text is compiled as Lingui's catalogs hold it.
    await put(MINUTES, { value_fr: '{0} minutes', value_ru: '{0} минут' });
    expect((await overrides('FR')).find((o) => o.key === MINUTES)?.compiled).toBe(JSON.stringify([['0'], ' minutes']));

    // Leaving a language out keeps it; null goes back to the built-in text.
    const partly = await put(MINUTES, { value_fr: null });
    expect(partly.body.translation).toEqual({ key: MINUTES, value_ru: '{0} минут', value_en: '{0} min', value_fr: '{0} min' });
    expect(await app.db.prisma.translation.findUnique({ where: { key: MINUTES } })).toMatchObject({
      valueRu: '{0} минут',
      valueFr: null,
    });

    const cleared = await reset(LOGOUT);
    expect(cleared.body.translation.value_en).toBe('Log out');
    expect(await app.db.prisma.translation.findUnique({ where: { key: LOGOUT } })).toBeNull();
    await put(MINUTES, { value_ru: '' });
    expect(await app.db.prisma.translation.count()).toBe(0);

    const actions = await app.db.prisma.auditEntry.findMany({ where: { targetType: 'translation' }, select: { action: true } });
    expect(new Set(actions.map((a) => a.action))).toEqual(new Set(['translation.update', 'translation.reset']));
  });

  it('refuses an unknown key, a broken message and a placeholder the original has not (400), storing nothing', async () => {
    expect(await put('nope', { value_en: 'x' })).toEqual({
      status: 400,
      body: expect.objectContaining({ detail: 'There is no interface text with this key: nope' }),
    });
    expect((await reset('nope')).status).toBe(400);
    expect(await put(LOGOUT, { value_en: 'Sign {out' })).toMatchObject({
      status: 400,
      body: { detail: 'The text could not be read: check its curly braces', errors: [{ field: 'value_en' }] },
    });
    expect(await put(MINUTES, { value_en: '{1} min' })).toMatchObject({
      status: 400,
      body: { detail: 'The text may only use the placeholders of the original text: {0}' },
    });
    // A text without placeholders says so, rather than "only these: —".
    expect(await put(LOGOUT, { value_en: 'Sign {name} out' })).toMatchObject({
      status: 400,
      body: { detail: 'The original text has no placeholders: remove the curly braces from the text' },
    });
    expect((await put(LOGOUT, { value_fr: 'x'.repeat(2001) })).status).toBe(400);
    expect(await app.db.prisma.translation.count()).toBe(0);
  });

  it('refuses a value that is not text (an object, a list, a number) with 400 and its own text, storing nothing', async () => {
    // Sent on as String(value), `{}` became the override "[object Object]" that members then saw.
    for (const value of [{ a: 1 }, ['Log out'], 42, true]) {
      expect(await put(LOGOUT, { value_ru: 'Выход', value_fr: value })).toEqual({
        status: 400,
        body: {
          detail: 'The translation must be text (or null to go back to the built-in text)',
          errors: [{ field: 'value_fr', message: 'The translation must be text (or null to go back to the built-in text)' }],
        },
      });
    }
    const french = await app.request('PUT', `/translations/${encodeURIComponent(LOGOUT)}`, {
      json: { value_en: {} },
      token: admin.token,
      headers: { 'accept-language': 'fr' },
    });
    expect((await json(french)).body.detail).toBe('La traduction doit être un texte (ou null pour revenir au texte d’origine)');
    expect(await app.db.prisma.translation.count()).toBe(0);
  });

  it('is for admins only: 401 without a token, 403 for members', async () => {
    expect((await app.request('PUT', `/translations/${encodeURIComponent(LOGOUT)}`, { json: { value_en: 'x' } })).status).toBe(
      401,
    );
    expect((await put(LOGOUT, { value_en: 'x' }, member.token)).status).toBe(403);
    expect((await reset(LOGOUT, member.token)).status).toBe(403);
    expect(await app.db.prisma.translation.count()).toBe(0);
  });

  it('a key with "/" or "+" reaches the row when encoded', async () => {
    const texts = await list();
    const slashed = texts.find((text) => text.key.includes('/') || text.key.includes('+'));
    expect(slashed).toBeDefined();
    expect((await put(slashed!.key, { value_en: 'Changed' })).body.translation.value_en).toBe('Changed');
    await reset(slashed!.key);
  });
});

describe('texts of uploaded modules', () => {
  const TITLE = 'votes.title';
  const COUNT = 'votes.count';
  const i18n = {
    [TITLE]: { ru: 'Голосования', en: 'Votes' },
    [COUNT]: { ru: '{count} голосов', en: '{count} votes', fr: '{count} voix' },
  };

  it('are listed with their module’s name, overridden and reset like the client’s own, and served while the module is on', async () => {
    const installed = await upload([
      { name: 'module.json', data: manifest({ name: 'Голосования', translations: 'i18n.json' }) },
      { name: 'i18n.json', data: JSON.stringify(i18n) },
    ]);
    expect(installed.status).toBe(201);
    const id = installed.body.module.id as number;

    // Installed switched off: neither listed nor served, nor open to overrides.
    expect((await tab('Голосования')).totalCount).toBe(0);
    expect((await served('EN')).has(TITLE)).toBe(false);
    expect((await put(TITLE, { value_en: 'Polls' })).status).toBe(400);

    expect((await toggle(id)).status).toBe(200);
    // Found by the module's name, by key and by text; listed first, ahead of the client's hundreds.
    expect((await tab('голосования')).items).toEqual([
      {
        key: COUNT,
        module: 'Голосования',
        valueRu: '{count} голосов',
        valueEn: '{count} votes',
        valueFr: '{count} voix',
        defaultEn: '{count} votes',
        defaultFr: '{count} voix',
        overridden: [],
      },
      // No French in the package: English, as the client's catalogs fall back.
      expect.objectContaining({ key: TITLE, module: 'Голосования', valueRu: 'Голосования', valueFr: 'Votes' }),
    ]);
    expect((await tab('votes.')).totalCount).toBe(2);
    expect((await tab('')).items.slice(0, 2).map((text) => text.key)).toEqual([COUNT, TITLE]);
    expect((await list()).find((text) => text.key === TITLE)).toEqual({
      key: TITLE,
      value_ru: 'Голосования',
      value_en: 'Votes',
      value_fr: 'Votes',
    });
    expect((await served('FR')).get(COUNT)).toEqual([['count'], ' voix']);
    expect((await served('RU')).get(TITLE)).toEqual(['Голосования']);

    // The same checks as for the client's texts, against the module's original, with translated texts.
    expect(await put(COUNT, { value_en: '{n} votes' })).toMatchObject({
      status: 400,
      body: { detail: 'The text may only use the placeholders of the original text: {count}' },
    });
    const french = await app.request('PUT', `/translations/${encodeURIComponent(COUNT)}`, {
      json: { value_fr: '{count voix' },
      token: admin.token,
      headers: { 'accept-language': 'fr' },
    });
    expect((await json(french)).body.detail).toBe('Le texte est illisible : vérifiez ses accolades');
    expect((await put(TITLE, { value_ru: 'x'.repeat(2001) })).status).toBe(400);
    expect(await app.db.prisma.translation.count()).toBe(0);

    const set = await put(COUNT, { value_en: 'Ballots: {count}' });
    expect(set.body.translation).toEqual({
      key: COUNT,
      value_ru: '{count} голосов',
      value_en: 'Ballots: {count}',
      value_fr: '{count} voix',
    });
    expect((await tab(COUNT)).items[0]).toMatchObject({
      valueEn: 'Ballots: {count}',
      defaultEn: '{count} votes',
      overridden: ['EN'],
    });
    expect((await served('EN')).get(COUNT)).toEqual(['Ballots: ', ['count']]);
    expect((await served('RU')).get(COUNT)).toEqual([['count'], ' голосов']);

    // Switched off, the module takes its texts and their overrides out; the override is kept for its return.
    await toggle(id);
    expect((await tab('Голосования')).totalCount).toBe(0);
    expect((await served('EN')).has(COUNT)).toBe(false);
    expect((await served('EN')).has(TITLE)).toBe(false);
    expect(await app.db.prisma.translation.findUnique({ where: { key: COUNT } })).toMatchObject({ valueEn: 'Ballots: {count}' });
    await toggle(id);
    expect((await served('EN')).get(COUNT)).toEqual(['Ballots: ', ['count']]);

    const cleared = await reset(COUNT);
    expect(cleared.body.translation.value_en).toBe('{count} votes');
    expect((await served('EN')).get(COUNT)).toEqual([['count'], ' votes']);
    expect(await app.db.prisma.translation.count()).toBe(0);
    await toggle(id);
  });

  it('a package may not bring a key of the client’s texts, nor a text that cannot be read', async () => {
    expect(
      await upload([
        { name: 'module.json', data: manifest({ name: 'Чужой', translations: 't.json' }) },
        { name: 't.json', data: JSON.stringify({ [LOGOUT]: { ru: 'Уйти' } }) },
      ]),
    ).toMatchObject({
      status: 422,
      body: { detail: `The translation "${LOGOUT}" already exists: a module may only add new texts` },
    });
    expect(
      await upload([
        { name: 'module.json', data: manifest({ name: 'Скобки', translations: 't.json' }) },
        { name: 't.json', data: JSON.stringify({ 'braces.open': { ru: 'Всего {count' } }) },
      ]),
    ).toMatchObject({ status: 422, body: { detail: 'The text "braces.open" in t.json cannot be read: check its curly braces' } });
    expect(await app.db.prisma.module.count({ where: { name: { in: ['Чужой', 'Скобки'] } } })).toBe(0);
  });
});

describe('texts of modules installed before module_texts', () => {
  const MIGRATION = 'prisma/migrations/20261129021921_module_texts_in_translations/migration.sql';
  const SURVEYS = {
    'surveys.title': { ru: 'Анкеты', en: 'Surveys' },
    'surveys.count': { ru: '{count} ответов', en: '{count} answers', fr: '{count} réponses' },
  };
  const packageOf = (name: string, texts: Record<string, Record<string, string>>) =>
    makeZip([
      { name: 'module.json', data: manifest({ name, translations: 'i18n.json' }) },
      { name: 'i18n.json', data: JSON.stringify(texts) },
    ]);

  /** As an upload did before module_texts: the zip stored, the module row, and its texts as rows of `translations`. */
  async function installedTheOldWay(name: string, texts: Record<string, Record<string, string>>, bytes: Uint8Array | null) {
    const packageFile = bytes
      ? await app.services.modulePackageStore.storeUpload(bytes, { extension: '.zip' })
      : `${crypto.randomUUID()}.zip`;
    const module = await app.db.prisma.module.create({ data: { name, status: 'active', packageFile } });
    await app.db.prisma.translation.createMany({
      data: Object.entries(texts).map(([key, value]) => ({
        key,
        valueRu: value.ru,
        valueEn: value.en ?? null,
        valueFr: value.fr ?? null,
      })),
    });
    return module.id;
  }

  /** What the move may touch: every module text, override and module mark (keys in code point order, whatever the collation). */
  const byKey = <T extends { key: string }>(rows: T[]) => rows.sort((a, b) => (a.key < b.key ? -1 : 1));
  const stored = async () => ({
    texts: byKey(await app.db.prisma.moduleText.findMany({ omit: { id: true } })),
    overrides: byKey(await app.db.prisma.translation.findMany({ omit: { id: true, updatedAt: true } })),
    marked: (await app.db.prisma.module.findMany({ where: { textsInTranslations: true }, select: { name: true } }))
      .map((module) => module.name)
      .sort(),
  });

  it('move into module_texts at start: listed as the module’s, served only while it is on, a changed text kept as an override; a missing or unreadable package leaves its rows', async () => {
    const surveys = await installedTheOldWay('Анкеты', SURVEYS, packageOf('Анкеты', SURVEYS));
    // Changed by an administrator since, in English only.
    await app.db.prisma.translation.update({ where: { key: 'surveys.count' }, data: { valueEn: '{count} replies' } });
    const lost = { 'lost.title': { ru: 'Пропажа', en: 'Lost' } };
    await installedTheOldWay('Пропавший', lost, null);
    const broken = { 'broken.title': { ru: 'Сломанный' } };
    await installedTheOldWay('Сломанный', broken, new TextEncoder().encode('not a zip'));
    // Installed since, the current way: its texts are already module texts.
    const current = await upload([
      { name: 'module.json', data: manifest({ name: 'Новый', translations: 'i18n.json' }) },
      { name: 'i18n.json', data: JSON.stringify({ 'fresh.title': { ru: 'Новый' } }) },
    ]);
    expect(current.status).toBe(201);
    await put(LOGOUT, { value_en: 'Leave' });

    // Before the move, as the old install left them: overrides of no known text, served though listed nowhere.
    expect((await tab('Анкеты')).totalCount).toBe(0);
    expect((await served('EN')).get('surveys.title')).toEqual(['Surveys']);

    // The migration marks the modules whose package may still have texts in `translations`.
    const marking = fs.readFileSync(path.join(import.meta.dirname, '../..', MIGRATION), 'utf8');
    await app.db.prisma.$executeRawUnsafe(marking.slice(marking.indexOf('UPDATE')));
    expect((await stored()).marked).toEqual(['Анкеты', 'Пропавший', 'Сломанный']);

    const server = await startServer({
      database: app.db,
      config: { port: 0, host: '127.0.0.1', dataDir: app.dataDir, seedDemoData: false, ...NO_SFU },
    });
    await server.close();

    const after = await stored();
    expect(after.texts.filter((text) => text.moduleId === surveys)).toEqual([
      {
        moduleId: surveys,
        key: 'surveys.count',
        valueRu: '{count} ответов',
        valueEn: '{count} answers',
        valueFr: '{count} réponses',
      },
      { moduleId: surveys, key: 'surveys.title', valueRu: 'Анкеты', valueEn: 'Surveys', valueFr: null },
    ]);
    // The package's own texts are gone from `translations`; the administrator's English stays, alone.
    expect(after.overrides).toEqual([
      { key: LOGOUT, valueRu: null, valueEn: 'Leave', valueFr: null },
      { key: 'broken.title', valueRu: 'Сломанный', valueEn: null, valueFr: null },
      { key: 'lost.title', valueRu: 'Пропажа', valueEn: 'Lost', valueFr: null },
      { key: 'surveys.count', valueRu: null, valueEn: '{count} replies', valueFr: null },
    ]);
    expect(after.texts.map((text) => text.key)).not.toContain('lost.title');
    expect(after.texts.map((text) => text.key)).not.toContain('broken.title');
    // Tried again at the next start, should the package be put back.
    expect(after.marked).toEqual(['Пропавший', 'Сломанный']);

    expect((await tab('анкеты')).items).toEqual([
      {
        key: 'surveys.count',
        module: 'Анкеты',
        valueRu: '{count} ответов',
        valueEn: '{count} replies',
        valueFr: '{count} réponses',
        defaultEn: '{count} answers',
        defaultFr: '{count} réponses',
        overridden: ['EN'],
      },
      expect.objectContaining({ key: 'surveys.title', module: 'Анкеты', valueEn: 'Surveys', valueFr: 'Surveys', overridden: [] }),
    ]);
    expect((await served('EN')).get('surveys.count')).toEqual([['count'], ' replies']);
    expect((await served('FR')).get('surveys.title')).toEqual(['Surveys']);

    // Switched off, the module's texts and the override are no longer served.
    await toggle(surveys);
    expect((await served('EN')).has('surveys.title')).toBe(false);
    expect((await served('EN')).has('surveys.count')).toBe(false);
    expect((await tab('Анкеты')).totalCount).toBe(0);
    await toggle(surveys);

    // A reset goes back to the module's text instead of deleting it.
    expect((await reset('surveys.count')).body.translation.value_en).toBe('{count} answers');
    expect((await served('EN')).get('surveys.count')).toEqual([['count'], ' answers']);
    await put('surveys.count', { value_en: '{count} replies' });

    // A second start changes nothing (the module whose package is missing or unreadable is only tried again).
    const before = await stored();
    await moveLegacyModuleTexts(app.services);
    expect(await stored()).toEqual(before);

    // A package put back is moved at the next start; once no module is left to move, a start asks one question.
    const putBack = await app.services.modulePackageStore.storeUpload(packageOf('Пропавший', lost), { extension: '.zip' });
    await app.db.prisma.module.update({ where: { name: 'Пропавший' }, data: { packageFile: putBack } });
    await app.db.prisma.module.delete({ where: { name: 'Сломанный' } });
    await moveLegacyModuleTexts(app.services);
    expect(await app.db.prisma.moduleText.findUnique({ where: { key: 'lost.title' } })).toMatchObject({ valueEn: 'Lost' });
    expect(await app.db.prisma.translation.findUnique({ where: { key: 'lost.title' } })).toBeNull();
    queries = [];
    await moveLegacyModuleTexts(app.services);
    expect(queries).toHaveLength(1);
    queries = null;
  });
});
