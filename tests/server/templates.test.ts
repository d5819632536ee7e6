import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember, type Member } from './meetingSupport';

/**
 * Issue 15 point 4, templates: GET /templates (admin) with name, template_type, is_active; create,
 * edit, preview, one active per type. The active mail template gives every mail its HTML part; the
 * active landing template lays out the landing page. Values are escaped and the result sanitised.
 */
let app: TestApp;
let admin: Member;
let member: Member;

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
const call = (method: string, url: string, token = admin.token, body?: unknown, locale = 'ru') =>
  app
    .request(method, url, { token, headers: { 'accept-language': locale }, ...(body === undefined ? {} : { json: body }) })
    .then(json);
const landingHtml = async () =>
  ((await app.graphql('{ landingPage { title templateHtml } }', {}, {})).data as any).landingPage.templateHtml as string | null;

beforeAll(async () => {
  app = await createTestApp();
  admin = await quickMember(app.services, 'Админ');
  await app.services.prisma.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
  member = await quickMember(app.services);
});
afterAll(() => app?.dispose());

describe('templates', () => {
  it('every database starts with an inactive mail and landing template; the list has the spec’s fields', async () => {
    const list = (await call('GET', '/templates')).body as any[];
    expect(list.map(({ name, template_type, is_active }) => ({ name, template_type, is_active }))).toEqual([
      { name: 'Письмо LinkUp', template_type: 'mail', is_active: false },
      { name: 'Лендинг по центру', template_type: 'landing', is_active: false },
    ]);
    expect(await landingHtml()).toBeNull();
  });

  it('previews a draft with sample values, escaped and sanitised', async () => {
    const preview = await call('POST', '/templates/preview', admin.token, {
      template_type: 'mail',
      content: '<h1 onclick="steal()">{{subject}}</h1><script>alert(1)</script><p style="white-space:pre-line">{{body}}</p>',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toBe(
      '<h1>Восстановление пароля</h1><p style="white-space:pre-line">Здравствуйте!\nВаша ссылка: https://linkup.example/reset</p>',
    );
  });

  it('the active landing template lays out the landing page from its fields; switched off, the site’s layout returns', async () => {
    const saved = await call('POST', '/landing', admin.token, {
      title: 'Встречи <b>онлайн</b>',
      subtitle: null,
      features: ['Чат', 'Видео'],
      cta_text: 'Начать',
      cta_link: '/register',
    });
    expect(saved.status).toBe(200);
    const created = await call('POST', '/templates', admin.token, {
      name: 'Простой',
      template_type: 'landing',
      content:
        '<h1>{{title}}</h1>{{#subtitle}}<p>{{subtitle}}</p>{{/subtitle}}<ul>{{#features}}<li>{{.}}</li>{{/features}}</ul><a href="{{cta_link}}">{{cta_text}}</a>',
    });
    expect(created).toMatchObject({ status: 201, body: { template_type: 'landing', is_active: false } });
    expect((await call('PUT', `/templates/${created.body.id}/activate`)).body.is_active).toBe(true);
    expect(await landingHtml()).toBe(
      '<h1>Встречи &lt;b&gt;онлайн&lt;/b&gt;</h1><ul><li>Чат</li><li>Видео</li></ul><a href="/register">Начать</a>',
    );

    // Activating the stock landing template switches this one off; the mail template is untouched.
    const stock = ((await call('GET', '/templates')).body as any[]).find((row) => row.name === 'Лендинг по центру');
    await call('PUT', `/templates/${stock.id}/activate`);
    const active = ((await call('GET', '/templates')).body as any[]).filter((row) => row.is_active).map((row) => row.name);
    expect(active).toEqual(['Лендинг по центру']);
    expect(await landingHtml()).toContain('Встречи &lt;b&gt;онлайн&lt;/b&gt;');
    await call('PUT', `/templates/${stock.id}/activate?active=false`);
    expect(await landingHtml()).toBeNull();

    const audit = await app.services.prisma.auditEntry.findMany({ where: { targetType: 'template' } });
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['template.create', 'template.activate', 'template.deactivate']),
    );
  });

  it('the active mail template gives a mail its HTML part, the text part staying as written', async () => {
    const outbox = path.join(app.dataDir, 'outbox');
    const mailTemplate = ((await call('GET', '/templates')).body as any[]).find((row) => row.template_type === 'mail');
    await call('PUT', `/templates/${mailTemplate.id}/activate`);
    try {
      const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
      expect((await call('POST', '/auth/forgot-password', member.token, { email: `${member.username}@example.ru` })).status).toBe(
        200,
      );
      await app.services.background.drain();
      const mails = fs.readdirSync(outbox).sort();
      expect(mails.length).toBe(before + 1);
      const mail = fs.readFileSync(path.join(outbox, mails.at(-1)!), 'utf8');
      expect(mail).toContain('Content-Type: multipart/alternative');
      const [text, html] = mail.split(/--linkup-[\w-]+/).slice(1, 3);
      expect(text).toContain('Content-Type: text/plain');
      const link = text.match(/https?:\/\/\S+reset\S*/)![0];
      expect(html).toContain('Content-Type: text/html');
      expect(html).toContain('<h2 style="color:#1d4ed8;margin-top:0">LinkUp</h2>');
      // The text, escaped, inside the template (its link included).
      expect(html).toContain(link.replace(/&/g, '&amp;'));
    } finally {
      await call('PUT', `/templates/${mailTemplate.id}/activate?active=false`);
    }
  });

  it('refuses bad templates, unknown types and non-admins in the caller’s language; stores nothing', async () => {
    const before = await app.services.prisma.template.count();
    const refusal = async (body: Record<string, unknown>, locale: string) => {
      const answer = await call('POST', '/templates', admin.token, { name: 'Новый', template_type: 'mail', ...body }, locale);
      return { status: answer.status, detail: answer.body.detail };
    };
    expect(await refusal({ content: '<p>{{#body}}</p>' }, 'ru')).toEqual({
      status: 422,
      detail: expect.stringContaining('Ошибка в шаблоне: Unclosed section "body"'),
    });
    expect(await refusal({ content: '<p>{{body}} {{password}}</p>' }, 'en')).toEqual({
      status: 422,
      detail: 'Unknown placeholder {{password}}; available: site_name, subject, body, year',
    });
    expect(await refusal({ content: '<p>{{{body}}}</p>' }, 'ru')).toEqual({
      status: 422,
      detail: 'Ошибка в шаблоне: {{{body}}}',
    });
    expect(await refusal({ content: '<p>{{subject}}</p>' }, 'fr')).toEqual({
      status: 422,
      detail: 'Le modèle doit contenir {{body}}',
    });
    expect(await refusal({ template_type: 'page', content: '' }, 'ru')).toEqual({
      status: 422,
      detail: 'Тип шаблона: mail или landing',
    });
    expect((await call('GET', '/templates', member.token)).status).toBe(403);
    expect((await call('POST', '/templates/preview', member.token, { template_type: 'mail', content: '{{body}}' })).status).toBe(
      403,
    );
    expect((await call('PUT', '/templates/999999/activate')).status).toBe(404);
    expect(await app.services.prisma.template.count()).toBe(before);
  });
});
