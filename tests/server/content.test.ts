import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { createContent, createTag, sanitizeContentHtml, slugify } from '../../server/src/services/content';

let app: TestApp;
let admin: { token: string; id: number };
let member: { token: string };
let category: { id: number };
let tags: { id: number; name: string }[];

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
};

const post = (fields: Record<string, string | string[]>, token = admin.token) =>
  app.request('POST', '/content', {
    body: form(fields),
    token,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  });

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });

beforeAll(async () => {
  app = await createTestApp();
  const a = await registerAndLogin(app);
  await app.db.prisma.user.update({ where: { id: a.member.id }, data: { role: 'admin' } });
  admin = { token: a.token, id: a.member.id };
  member = { token: (await registerAndLogin(app)).token };
  const created = await json(await app.request('POST', '/categories', { json: { name: 'Новости' }, token: admin.token }));
  expect(created.status).toBe(201);
  category = created.body;
  tags = [];
  for (const name of ['релиз', 'советы']) {
    const tag = await json(await app.request('POST', '/tags', { json: { name }, token: admin.token }));
    expect(tag.status).toBe(201);
    tags.push(tag.body);
  }
});
afterAll(() => app?.dispose());

describe('the slug rule', () => {
  it('keeps Latin letters, digits, spaces and hyphens; spaces become hyphens, hyphens collapse', () => {
    expect(slugify('Hello,  World -- 2026!')).toBe('hello-world-2026');
    expect(slugify('  Café déjà vu  ')).toBe('cafe-deja-vu');
  });

  it('transliterates Cyrillic', () => {
    expect(slugify('Добро пожаловать в LinkUp')).toBe('dobro-pozhalovat-v-linkup');
    expect(slugify('Щука, ёж и объявление')).toBe('schuka-ezh-i-obyavlenie');
    expect(slugify('!!!')).toBe('');
  });

  it('adds a numeric suffix when a title gives a slug that is taken', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i += 1) {
      const created = await json(await post({ title: 'Новый релиз', content: '<p>Текст</p>' }));
      expect(created.status).toBe(201);
      slugs.push(created.body.slug);
    }
    expect(slugs).toEqual(['novyy-reliz', 'novyy-reliz-2', 'novyy-reliz-3']);
  });

  it('refuses a given slug that another item has, saving nothing', async () => {
    const before = await app.db.prisma.contentItem.count();
    const duplicate = await json(await post({ title: 'Другое', slug: 'novyy-reliz', content: '<p>x</p>' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ detail: 'This slug is already used by another item', field: 'slug' });
    expect(await app.db.prisma.contentItem.count()).toBe(before);
  });
});

describe('sanitising', () => {
  it('keeps the editor’s formatting and drops scripts, handlers and javascript: links', () => {
    const html = sanitizeContentHtml(
      '<h2>Заголовок</h2><p onclick="x()">Текст <strong>жирный</strong> <a href="javascript:alert(1)">ссылка</a></p><script>alert(1)</script><img src="https://example.org/a.png" onerror="x()">',
    );
    expect(html).toBe(
      '<h2>Заголовок</h2><p>Текст <strong>жирный</strong> <a>ссылка</a></p><img src="https://example.org/a.png" />',
    );
  });

  it('stores a body with a script sanitised, and refuses one with nothing else', async () => {
    const created = await json(await post({ title: 'Со скриптом', content: '<p>Привет</p><script>alert(1)</script>' }));
    expect(created.status).toBe(201);
    expect(created.body.content).toBe('<p>Привет</p>');
    const empty = await json(await post({ title: 'Пусто', content: '<script>alert(1)</script><p></p>' }));
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toBe('Enter the content');
  });
});

describe('REST rows', () => {
  it('POST /content takes a form body and answers the spec’s item', async () => {
    const created = await json(
      await post({
        title: 'How to publish',
        content: '<p>Steps</p>',
        excerpt: 'Short',
        content_type: 'article',
        status: 'published',
        category_id: String(category.id),
        tags: tags.map((tag) => String(tag.id)),
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      title: 'How to publish',
      slug: 'how-to-publish',
      content: '<p>Steps</p>',
      excerpt: 'Short',
      content_type: 'article',
      status: 'published',
      category_id: category.id,
      tags: tags.map((tag) => ({ id: tag.id, name: tag.name })).sort((a, b) => a.name.localeCompare(b.name)),
      author: { first_name: expect.any(String), last_name: expect.any(String) },
      created_at: expect.any(String),
      views: 0,
    });
  });

  it('defaults to a draft post', async () => {
    const created = await json(await post({ title: 'Default', content: '<p>x</p>' }));
    expect(created.body).toMatchObject({ content_type: 'post', status: 'draft', category_id: null, tags: [] });
  });

  it('refuses bad input with 422 and a translated text, saving nothing', async () => {
    const before = await app.db.prisma.contentItem.count();
    const cases: [Record<string, string>, string][] = [
      [{ title: '  ', content: '<p>x</p>' }, 'Enter a title'],
      [{ title: 'T', content: '<p>x</p>', status: 'deleted' }, 'The status must be one of: draft, published, archived'],
      [{ title: 'T', content: '<p>x</p>', content_type: 'video' }, 'The type must be one of: post, page, article'],
      [{ title: 'T', content: '<p>x</p>', category_id: '999999' }, 'No such category'],
      [{ title: 'T', content: '<p>x</p>', tags: '999999' }, 'No such tag'],
      [{ title: 'T', content: '<p>x</p>', tags: 'abc' }, 'No such tag'],
    ];
    for (const [fields, detail] of cases) {
      const answer = await json(await post(fields));
      expect([answer.status, answer.body.detail], JSON.stringify(fields)).toEqual([422, detail]);
    }
    expect(await app.db.prisma.contentItem.count()).toBe(before);
  });

  it('refuses writes to members (403) and anonymous callers (401)', async () => {
    expect((await post({ title: 'T', content: '<p>x</p>' }, member.token)).status).toBe(403);
    expect((await app.request('POST', '/content', { json: { title: 'T', content: 'x' } })).status).toBe(401);
  });

  it('GET /content filters by type, status, category, tag and search; members see published items only', async () => {
    const list = async (query: string, token = admin.token) =>
      (await json(await app.request('GET', `/content${query}`, { token }))).body as { items: any[]; total: number };
    const all = await list('');
    expect(all.total).toBe(all.items.length);
    expect(all.items.length).toBeGreaterThan(3);
    expect((await list('?status=draft')).items.every((item) => item.status === 'draft')).toBe(true);
    expect((await list('?content_type=article')).items.map((item) => item.title)).toEqual(['How to publish']);
    expect((await list(`?category_id=${category.id}`)).items.map((item) => item.title)).toEqual(['How to publish']);
    expect((await list(`?tag_id=${tags[0]!.id}`)).items.map((item) => item.title)).toEqual(['How to publish']);
    expect((await list('?search=PUBLISH')).items.map((item) => item.title)).toEqual(['How to publish']);
    const forMember = await list('?status=draft', member.token);
    expect(forMember.items.length).toBeGreaterThan(0);
    expect(forMember.items.every((item) => item.status === 'published')).toBe(true);
    const bad = await json(await app.request('GET', '/content?status=gone', { token: admin.token }));
    expect(bad.status).toBe(422);
  });

  it('GET /content/slug/{slug}: published for members, counting views; a draft or archived one is 404', async () => {
    const published = await json(await post({ title: 'Readable', content: '<p>r</p>', status: 'published' }));
    const draft = await json(await post({ title: 'Hidden', content: '<p>h</p>' }));
    const archived = await json(await post({ title: 'Old', content: '<p>o</p>', status: 'archived' }));
    const read = await json(await app.request('GET', '/content/slug/readable', { token: member.token }));
    expect(read).toMatchObject({ status: 200, body: { title: 'Readable', views: 1 } });
    expect((await json(await app.request('GET', '/content/slug/readable', { token: member.token }))).body.views).toBe(2);
    for (const slug of [draft.body.slug, archived.body.slug, 'no-such-slug']) {
      const missing = await json(await app.request('GET', `/content/slug/${slug}`, { token: member.token }));
      expect(missing.status, slug).toBe(404);
    }
    expect((await app.request('GET', '/content/slug/readable')).status).toBe(401);
    // An admin previews a draft.
    expect((await app.request('GET', `/content/slug/${draft.body.slug}`, { token: admin.token })).status).toBe(200);
    expect(published.status).toBe(201);
    // node(id) obeys the same rule.
    const draftId = encodeGlobalID('ContentItem', draft.body.id);
    const node = async (token: string) =>
      (await app.graphql(`query($id: ID!) { node(id: $id) { id } }`, { id: draftId }, { token })).data.node;
    expect(await node(member.token)).toBeNull();
    expect(await node(admin.token)).toEqual({ id: draftId });
  });

  it('PATCH /content/{id} changes only what is given; DELETE removes it, and deleting it again is 404', async () => {
    const created = await json(await post({ title: 'Editable', content: '<p>one</p>', excerpt: 'e' }));
    const id = created.body.id;
    const patched = await json(
      await app.request('PATCH', `/content/${id}`, {
        json: { status: 'published', content: '<p>two</p><script>x</script>' },
        token: admin.token,
      }),
    );
    expect(patched).toMatchObject({
      status: 200,
      body: { title: 'Editable', excerpt: 'e', status: 'published', content: '<p>two</p>' },
    });
    const taken = await json(await app.request('PATCH', `/content/${id}`, { json: { slug: 'readable' }, token: admin.token }));
    expect(taken.status).toBe(409);
    const emptyTitle = await json(await app.request('PATCH', `/content/${id}`, { json: { title: '' }, token: admin.token }));
    expect(emptyTitle.status).toBe(422);
    expect((await app.request('PATCH', `/content/${id}`, { json: { title: 'x' }, token: member.token })).status).toBe(403);

    const deleted = await json(await app.request('DELETE', `/content/${id}`, { token: admin.token }));
    expect(deleted).toEqual({ status: 200, body: { success: true, id } });
    const again = await json(
      await app.request('DELETE', `/content/${id}`, { token: admin.token, headers: { 'accept-language': 'en' } }),
    );
    expect(again).toEqual({ status: 404, body: { detail: 'Content not found' } });
    expect((await app.request('PATCH', `/content/${id}`, { json: { title: 'x' }, token: admin.token })).status).toBe(404);
    expect(await app.db.prisma.contentVersion.count({ where: { contentId: id } })).toBe(0);
  });

  it('GET /categories and GET /tags need no token; categories and tags CRUD is for admins', async () => {
    const categories = await json(await app.request('GET', '/categories'));
    expect(categories).toMatchObject({
      status: 200,
      body: [{ id: category.id, name: 'Новости', slug: 'novosti', description: null }],
    });
    const tagList = await json(await app.request('GET', '/tags'));
    expect(tagList.body.map((tag: { name: string }) => tag.name)).toEqual(['релиз', 'советы']);

    expect((await app.request('POST', '/tags', { json: { name: 'x' }, token: member.token })).status).toBe(403);
    expect((await json(await app.request('POST', '/tags', { json: { name: 'релиз' }, token: admin.token }))).status).toBe(409);
    const second = await json(await app.request('POST', '/categories', { json: { name: 'Новости' }, token: admin.token }));
    expect(second.body.slug).toBe('novosti-2');
    const renamed = await json(
      await app.request('PATCH', `/categories/${second.body.id}`, {
        json: { name: 'Гайды', slug: 'guides' },
        token: admin.token,
      }),
    );
    expect(renamed.body).toMatchObject({ name: 'Гайды', slug: 'guides' });
    const tag = await json(await app.request('POST', '/tags', { json: { name: 'временный' }, token: admin.token }));
    expect(
      (await json(await app.request('PATCH', `/tags/${tag.body.id}`, { json: { name: 'новый' }, token: admin.token }))).body.name,
    ).toBe('новый');
    expect((await app.request('DELETE', `/tags/${tag.body.id}`, { token: admin.token })).status).toBe(200);
    expect((await app.request('DELETE', `/tags/${tag.body.id}`, { token: admin.token })).status).toBe(404);
    expect((await app.request('DELETE', `/categories/${second.body.id}`, { token: admin.token })).status).toBe(200);
    expect((await app.request('DELETE', `/categories/${second.body.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe('versions', () => {
  it('keeps one per save and restores one as a new save', async () => {
    const created = await json(await post({ title: 'Versioned', content: '<p>first</p>', tags: String(tags[0]!.id) }));
    const id = created.body.id;
    await app.request('PATCH', `/content/${id}`, {
      json: { title: 'Versioned again', content: '<p>second</p>', status: 'published', tags: [] },
      token: admin.token,
    });
    const versions = await json(await app.request('GET', `/content/${id}/versions`, { token: admin.token }));
    expect(versions.status).toBe(200);
    expect(versions.body.map((v: { title: string }) => v.title)).toEqual(['Versioned again', 'Versioned']);
    expect(versions.body[1]).toMatchObject({
      content: '<p>first</p>',
      status: 'draft',
      tag_ids: [tags[0]!.id],
      editor: { id: admin.id },
      created_at: expect.any(String),
    });
    expect((await app.request('GET', `/content/${id}/versions`, { token: member.token })).status).toBe(403);

    const first = versions.body[1].id;
    const restored = await json(await app.request('POST', `/content/${id}/versions/${first}/restore`, { token: admin.token }));
    expect(restored).toMatchObject({
      status: 200,
      body: { title: 'Versioned', content: '<p>first</p>', status: 'draft', tags: [{ id: tags[0]!.id }] },
    });
    const after = await json(await app.request('GET', `/content/${id}/versions`, { token: admin.token }));
    expect(after.body).toHaveLength(3);
    expect(after.body[0].title).toBe('Versioned');

    // A version of another item, or none, is not restored through this item's path.
    const other = await json(await post({ title: 'Other item', content: '<p>o</p>' }));
    const wrongItem = await app.request('POST', `/content/${other.body.id}/versions/${first}/restore`, { token: admin.token });
    expect(wrongItem.status).toBe(404);
    expect((await app.request('POST', `/content/${id}/versions/999999/restore`, { token: admin.token })).status).toBe(404);
  });

  it('runs through GraphQL with typed errors', async () => {
    const result = await app.graphql(
      `mutation($input: CreateContentInput!) { createContent(input: $input) {
        __typename ... on CreateContentSuccess { item { slug status } } ... on ValidationError { fieldErrors { path message } }
      } }`,
      { input: { title: 'Через GraphQL', content: '<p>g</p>', categoryId: encodeGlobalID('Category', 999999) } },
      { token: admin.token },
    );
    expect(result.data.createContent).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ path: ['categoryId'] }] });
    const ok = await app.graphql(
      `mutation($input: CreateContentInput!) { createContent(input: $input) { __typename ... on CreateContentSuccess { item { slug status } } } }`,
      { input: { title: 'Через GraphQL', content: '<p>g</p>' } },
      { token: admin.token },
    );
    expect(ok.data.createContent).toEqual({
      __typename: 'CreateContentSuccess',
      item: { slug: 'cherez-graphql', status: 'DRAFT' },
    });
  });
});

describe('audit log (issue 14 point 8)', () => {
  const entries = (targetType: string, targetId: number) =>
    app.db.prisma.auditEntry.findMany({ where: { targetType, targetId: String(targetId) }, orderBy: { id: 'asc' } });

  it('records every content, category and tag write with actor, before and after', async () => {
    const created = await json(await post({ title: 'Audited', content: '<p>one</p>' }));
    const id = created.body.id;
    await app.request('PATCH', `/content/${id}`, { json: { title: 'Audited twice' }, token: admin.token });
    const versions = await json(await app.request('GET', `/content/${id}/versions`, { token: admin.token }));
    const first = versions.body.at(-1).id;
    await app.request('POST', `/content/${id}/versions/${first}/restore`, { token: admin.token });
    await app.request('DELETE', `/content/${id}`, { token: admin.token });

    const log = await entries('content', id);
    expect(log.map((entry) => entry.action)).toEqual([
      'content.create',
      'content.update',
      'content.restoreVersion',
      'content.delete',
    ]);
    expect(log.every((entry) => entry.actorId === admin.id)).toBe(true);
    expect(log[0]).toMatchObject({ before: null, after: { id, title: 'Audited', status: 'draft', content: '<p>one</p>' } });
    expect(log[1]).toMatchObject({ before: { title: 'Audited' }, after: { title: 'Audited twice' } });
    expect(log[2]).toMatchObject({ before: { title: 'Audited twice', restoredVersionId: first }, after: { title: 'Audited' } });
    expect(log[3]).toMatchObject({ before: { title: 'Audited' }, after: null });

    const category = await json(await app.request('POST', '/categories', { json: { name: 'Журнал' }, token: admin.token }));
    await app.request('PATCH', `/categories/${category.body.id}`, { json: { name: 'Журнал 2' }, token: admin.token });
    await app.request('DELETE', `/categories/${category.body.id}`, { token: admin.token });
    const categoryLog = await entries('category', category.body.id);
    expect(
      categoryLog.map((entry) => [entry.action, (entry.before as any)?.name ?? null, (entry.after as any)?.name ?? null]),
    ).toEqual([
      ['category.create', null, 'Журнал'],
      ['category.update', 'Журнал', 'Журнал 2'],
      ['category.delete', 'Журнал 2', null],
    ]);

    const tag = await json(await app.request('POST', '/tags', { json: { name: 'аудит' }, token: admin.token }));
    await app.request('PATCH', `/tags/${tag.body.id}`, { json: { name: 'аудит-2' }, token: admin.token });
    await app.request('DELETE', `/tags/${tag.body.id}`, { token: admin.token });
    expect((await entries('tag', tag.body.id)).map((entry) => entry.action)).toEqual(['tag.create', 'tag.update', 'tag.delete']);
  });

  it('writes no entry when the change fails', async () => {
    const created = await json(await post({ title: 'Failing changes', content: '<p>x</p>' }));
    const id = created.body.id;
    const count = () => app.db.prisma.auditEntry.count();
    const before = await count();
    expect((await post({ title: 'Other', slug: created.body.slug, content: '<p>x</p>' })).status).toBe(409);
    expect((await app.request('PATCH', `/content/${id}`, { json: { slug: 'readable' }, token: admin.token })).status).toBe(409);
    expect((await app.request('PATCH', `/content/999999`, { json: { title: 'x' }, token: admin.token })).status).toBe(404);
    expect((await app.request('DELETE', `/content/999999`, { token: admin.token })).status).toBe(404);
    expect((await app.request('DELETE', `/tags/999999`, { token: admin.token })).status).toBe(404);
    expect((await app.request('POST', '/tags', { json: { name: 'релиз' }, token: admin.token })).status).toBe(409);
    expect((await app.request('PATCH', `/content/${id}`, { json: { title: 'x' }, token: member.token })).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('keeps neither the change nor its entry when the entry cannot be written (one transaction)', async () => {
    // An actor name longer than the log's column makes the entry's insert fail after the change was made.
    const actor = { id: admin.id, username: 'x'.repeat(300) };
    const [items, tagCount, logCount] = await Promise.all([
      app.db.prisma.contentItem.count(),
      app.db.prisma.tag.count(),
      app.db.prisma.auditEntry.count(),
    ]);
    await expect(createContent(app.db.prisma, actor, { title: 'Half saved', content: '<p>x</p>' })).rejects.toThrow();
    await expect(createTag(app.db.prisma, actor, 'половина')).rejects.toThrow();
    expect(await app.db.prisma.contentItem.count()).toBe(items);
    expect(await app.db.prisma.contentVersion.count({ where: { title: 'Half saved' } })).toBe(0);
    expect(await app.db.prisma.tag.count()).toBe(tagCount);
    expect(await app.db.prisma.auditEntry.count()).toBe(logCount);
  });
});
