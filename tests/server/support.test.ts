import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestServer } from '../support/app';
import { registerAndLogin } from '../support/members';
import { wsClients } from '../support/ws';
import type { Mail } from '../../server/src/services/mailer';

/** Support (issue 14, point 5): members write, the admin inbox reads, marks read and answers. */
type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
const ws = wsClients();
type Member = Awaited<ReturnType<typeof registerAndLogin>>;
let admin: Member;
let moderator: Member;
let member: Member;
let other: Member;

async function call(method: string, path: string, token?: string, json?: unknown, locale = 'ru') {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'accept-language': locale,
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
/** A refused call: its status and the translated text the spec's clients show (`detail`). */
const refusal = (status: number, detail: string) => ({ status, body: { detail } });
const write = (who: Member, subject: string, message: string) =>
  call('POST', '/support/messages', who.token, { subject, message });

/** Mails the server sends, once SMTP is configured (the recorder stands where the SMTP transport would). */
const mails: Mail[] = [];

beforeAll(async () => {
  server = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:1' });
  server.services.mailer = { send: async (mail) => void mails.push(mail) };
  admin = await withRole('admin');
  moderator = await withRole('moderator');
  member = await registerAndLogin(server.url, { first_name: 'Мария', last_name: 'Соколова' });
  other = await registerAndLogin(server.url);
});
afterAll(async () => {
  await ws.dispose();
  await server?.dispose();
});

describe('the admin support rows refuse members and moderators', () => {
  const rows: [string, string, unknown?][] = [
    ['GET', '/admin/support/messages'],
    ['PATCH', '/admin/support/messages/1/read', {}],
    ['POST', '/admin/support/reply', { message_id: 1, reply: 'Ответ' }],
  ];
  it.each(rows)('%s %s', async (method, path, body) => {
    expect((await call(method, path, undefined, body)).status).toBe(401);
    for (const caller of [member, moderator]) {
      expect(await call(method, path, caller.token, body)).toMatchObject(refusal(403, 'Недостаточно прав для этого действия'));
    }
  });

  it('the member rows need a signed-in caller', async () => {
    expect((await call('GET', '/support/messages')).status).toBe(401);
    expect((await call('POST', '/support/messages', undefined, { subject: 'Тема', message: 'Текст' })).status).toBe(401);
  });
});

describe('POST /support/messages and GET /support/messages', () => {
  it('stores a member’s message (201, the spec’s shape) and lists only their own, newest first', async () => {
    const first = await write(member, '  Не работает звонок  ', 'Камера не включается в Firefox');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      message: 'Сообщение отправлено в поддержку!',
      support_message: {
        id: expect.any(Number),
        subject: 'Не работает звонок',
        content: 'Камера не включается в Firefox',
        preview: 'Камера не включается в Firefox',
        is_read: false,
        priority: false,
        created_at: expect.any(String),
        user: { id: member.member.id, first_name: 'Мария', last_name: 'Соколова', email: member.member.email },
        replies: [],
      },
    });
    const second = await write(member, 'Второй вопрос', 'Как сменить пароль?');
    await write(other, 'Чужое обращение', 'Это видит только автор и администратор');

    const mine = await call('GET', '/support/messages', member.token);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(2);
    expect(mine.body.next_cursor).toBeNull();
    expect(mine.body.messages.map((m: { id: number }) => m.id)).toEqual([
      second.body.support_message.id,
      first.body.support_message.id,
    ]);
  });

  it('refuses an empty subject or message and over-long text with 422 and translated texts', async () => {
    expect(await write(member, '   ', 'Текст')).toMatchObject(refusal(422, 'Введите тему обращения'));
    expect(await write(member, 'Тема', '')).toMatchObject(refusal(422, 'Введите текст сообщения'));
    expect(await call('POST', '/support/messages', member.token, { subject: 'Тема' }, 'en')).toMatchObject(
      refusal(422, 'Enter your message'),
    );
    expect(await call('POST', '/support/messages', member.token, { subject: 'x'.repeat(256), message: 'm' }, 'fr')).toMatchObject(
      refusal(422, '255 caractères maximum'),
    );
    expect(await write(member, 'Тема', 'я'.repeat(5001))).toMatchObject(refusal(422, 'Не более 5000 символов'));
    expect(await prisma().supportMessage.count({ where: { subject: 'Тема' } })).toBe(0);
  });

  it('a member cannot read another member’s message through GraphQL', async () => {
    const theirs = await write(other, 'Личное', 'Только моё');
    const id = encodeGlobalID('SupportMessage', theirs.body.support_message.id);
    const query = `query($id: ID!) { node(id: $id) { ... on SupportMessage { subject } } }`;
    expect((await graphql(query, { id }, member.token)).body.data.node).toBeNull();
    expect((await graphql(query, { id }, other.token)).body.data.node).toEqual({ subject: 'Личное' });
    expect((await graphql(query, { id }, admin.token)).body.data.node).toEqual({ subject: 'Личное' });
    const inbox = await graphql(
      `
        {
          supportMessages {
            totalCount
          }
        }
      `,
      {},
      member.token,
    );
    expect(inbox.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('the admin inbox', () => {
  it('GET /admin/support/messages lists every message with a 100-character preview and the new count', async () => {
    const long = 'Очень длинное описание проблемы. '.repeat(10).trim();
    const sent = await write(member, 'Длинное', long);
    const answer = await call('GET', '/admin/support/messages?limit=100', admin.token);
    expect(answer.status).toBe(200);
    const unread = await prisma().supportMessage.count({ where: { isRead: false } });
    expect(answer.body.new_count).toBe(unread);
    expect(answer.body.total).toBe(await prisma().supportMessage.count());
    const row = answer.body.messages.find((m: { id: number }) => m.id === sent.body.support_message.id);
    expect(row.preview).toBe(`${[...long].slice(0, 100).join('')}…`);
    expect(row.content).toBe(long);
    expect(row.user).toEqual({ id: member.member.id, first_name: 'Мария', last_name: 'Соколова', email: member.member.email });
    expect(answer.body.messages[0].id).toBe(sent.body.support_message.id);

    const onlyNew = await call('GET', '/admin/support/messages?unread=true&limit=100', admin.token);
    expect(onlyNew.body.messages.every((m: { is_read: boolean }) => !m.is_read)).toBe(true);
    expect(onlyNew.body.total).toBe(unread);
  });

  it('marks the messages of a member whose plan has 24/7 support (enterprise) as priority, and lists them alone', async () => {
    const plain = await write(member, 'Обычный вопрос', 'Текст');
    expect(plain.body.support_message.priority).toBe(false);
    const enterprise = await registerAndLogin(server.url);
    const plan = await prisma().subscriptionPlan.findUniqueOrThrow({ where: { key: 'enterprise' } });
    await prisma().userSubscription.create({
      data: {
        userId: enterprise.member.id,
        planId: plan.id,
        paymentMethod: 'transfer',
        status: 'active',
        activatedAt: new Date(),
      },
    });
    const urgent = await write(enterprise, 'Срочно', 'Не работает запись');
    expect(urgent.body.support_message.priority).toBe(true);
    const priorityOnly = await call('GET', '/admin/support/messages?priority=true&limit=100', admin.token);
    const ids = priorityOnly.body.messages.map((m: { id: number }) => m.id);
    expect(ids).toContain(urgent.body.support_message.id);
    expect(ids).not.toContain(plain.body.support_message.id);
    expect(priorityOnly.body.total).toBe(await prisma().supportMessage.count({ where: { priority: true } }));
  });

  it('PATCH …/read marks a message read once, recording it in the audit log', async () => {
    const sent = await write(member, 'Прочитайте', 'Пожалуйста');
    const id = sent.body.support_message.id;
    const before = (await call('GET', '/admin/support/messages', admin.token)).body.new_count;
    const read = await call('PATCH', `/admin/support/messages/${id}/read`, admin.token, {});
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ success: true, new_count: before - 1, support_message: { id, is_read: true } });
    const again = await call('PATCH', `/admin/support/messages/${id}/read`, admin.token, {});
    expect(again.body.new_count).toBe(before - 1);
    const entries = await prisma().auditEntry.findMany({ where: { action: 'support.read', targetId: String(id) } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.member.id, before: { isRead: false }, after: { isRead: true } });
  });

  it('PATCH …/read of a message that is gone is a 404 with a translated text', async () => {
    expect(await call('PATCH', '/admin/support/messages/987654/read', admin.token, {}, 'en')).toMatchObject(
      refusal(404, 'Support message not found'),
    );
  });
});

/** The member's notifications, as the app's subscription delivers them. */
type LiveNotification = { kind: string; message: string; supportMessage: { id: string; subject: string } | null };
function nextNotification(client: Client) {
  return new Promise<LiveNotification>((resolve, reject) => {
    client.subscribe<{ notifications: LiveNotification }>(
      { query: 'subscription { notifications { kind message supportMessage { id subject } } }' },
      { next: (value) => resolve(value.data!.notifications), error: reject, complete: () => {} },
    );
  });
}

describe('POST /admin/support/reply', () => {
  it('stores the reply, notifies the member live, mails them and records it with the audit log', async () => {
    const sent = await write(member, 'Вопрос о звонках', 'Сколько участников можно пригласить?');
    const id = sent.body.support_message.id;
    const live = nextNotification(ws.connect(server.url, { token: member.token, locale: 'en', lazy: false }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    mails.length = 0;

    const answer = await call('POST', '/admin/support/reply', admin.token, { message_id: id, reply: 'До 100 участников.' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Ответ отправлен!',
      reply: { id: expect.any(Number), content: 'До 100 участников.', created_at: expect.any(String) },
      support_message: { id, is_read: true, replies: [{ content: 'До 100 участников.' }] },
    });
    // It names the message answered (the support page loads that message alone again).
    expect(await live).toEqual({
      kind: 'SUPPORT_REPLY',
      message: 'Support replied to your message “Вопрос о звонках”',
      supportMessage: { id: encodeGlobalID('SupportMessage', id), subject: 'Вопрос о звонках' },
    });

    const mine = await call('GET', '/support/messages', member.token);
    const mineRow = mine.body.messages.find((m: { id: number }) => m.id === id);
    expect(mineRow.replies).toEqual([
      {
        id: answer.body.reply.id,
        content: 'До 100 участников.',
        created_at: expect.any(String),
        author: { id: admin.member.id, first_name: admin.member.first_name, last_name: admin.member.last_name },
      },
    ]);

    await server.services.background.drain();
    expect(mails).toEqual([
      {
        to: member.member.email,
        subject: 'Ответ поддержки LinkUp: Вопрос о звонках',
        text: expect.stringContaining('До 100 участников.'),
      },
    ]);
    const entry = await prisma().auditEntry.findFirst({ where: { action: 'support.reply', targetId: String(id) } });
    expect(entry).toMatchObject({ actorId: admin.member.id, after: { reply: { content: 'До 100 участников.' } } });
    expect(await prisma().notification.count({ where: { userId: member.member.id, kind: 'SUPPORT_REPLY' } })).toBe(1);
  });

  it('refuses an empty reply (422), a missing message id (422) and a message that is gone (404)', async () => {
    const sent = await write(member, 'Ещё вопрос', 'Текст');
    const id = sent.body.support_message.id;
    expect(await call('POST', '/admin/support/reply', admin.token, { message_id: id, reply: '  ' })).toMatchObject(
      refusal(422, 'Введите текст ответа'),
    );
    expect(
      await call('POST', '/admin/support/reply', admin.token, { message_id: id, reply: 'x'.repeat(5001) }, 'en'),
    ).toMatchObject(refusal(422, 'At most 5000 characters'));
    expect((await call('POST', '/admin/support/reply', admin.token, { reply: 'Ответ' })).status).toBe(422);
    await prisma().supportMessage.delete({ where: { id } });
    expect(await call('POST', '/admin/support/reply', admin.token, { message_id: id, reply: 'Ответ' }, 'fr')).toMatchObject(
      refusal(404, 'Message au support introuvable'),
    );
    expect(await prisma().auditEntry.count({ where: { action: 'support.reply', targetId: String(id) } })).toBe(0);
    expect(await prisma().supportReply.count({ where: { messageId: id } })).toBe(0);
  });
});
