import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { friendshipPairKey } from '../../server/src/database/keys';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { attachmentUrl } from '../../server/src/services/messageAttachments';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const send = (token: string, receiverId: number, content: string) =>
  app.request('POST', '/messages', { token, json: { receiver_id: receiverId, content } });

describe('sending messages', () => {
  it('stores a message, lists the conversation on both sides with unread counts, and reads it', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    const sent = await send(anna.token, boris.user.id, '  Привет, Борис!  ');
    expect(sent.status).toBe(201);
    const message = await sent.json();
    expect(message).toMatchObject({ id: expect.any(Number), content: 'Привет, Борис!', is_mine: true });

    const borisList = await (await app.request('GET', '/messages/conversations', { token: boris.token })).json();
    expect(borisList).toEqual([
      expect.objectContaining({
        id: message.conversation_id,
        user: expect.objectContaining({ id: anna.user.id, first_name: 'Иван' }),
        unread_count: 1,
        last_message: expect.objectContaining({ content: 'Привет, Борис!', is_mine: false }),
      }),
    ]);
    const annaList = await (await app.request('GET', '/messages/conversations', { token: anna.token })).json();
    expect(annaList[0]).toMatchObject({ user: { id: boris.user.id }, unread_count: 0 });

    const read = await app.graphql(
      'mutation($id: ID!) { markConversationRead(conversationId: $id) { ... on Conversation { unreadCount } } }',
      { id: encodeGlobalID('Conversation', message.conversation_id) },
      { token: boris.token },
    );
    expect(read.data).toEqual({ markConversationRead: { unreadCount: 0 } });
    const total = await app.graphql('{ unreadMessagesCount }', {}, { token: boris.token });
    expect(total.data).toEqual({ unreadMessagesCount: 0 });
  });

  it('keeps both first messages when two members write to each other at the same moment', async () => {
    // Both sends find no conversation and both create one: the unique direct key lets one through
    // and the other must join it (once a 500, with the message lost). Several pairs make the overlap
    // all but certain on a pooled database.
    const pairs = await Promise.all([1, 2, 3, 4, 5].map(() => Promise.all([registerAndLogin(app), registerAndLogin(app)])));
    await Promise.all(
      pairs.map(async ([anna, boris]) => {
        const [fromAnna, fromBoris] = await Promise.all([
          send(anna.token, boris.user.id, 'Привет!'),
          send(boris.token, anna.user.id, 'Здравствуй!'),
        ]);
        expect([fromAnna.status, fromBoris.status]).toEqual([201, 201]);
        const [annaMessage, borisMessage] = [await fromAnna.json(), await fromBoris.json()];
        expect(annaMessage.conversation_id).toBe(borisMessage.conversation_id);
        const stored = await app.services.prisma.conversation.findUniqueOrThrow({
          where: { id: annaMessage.conversation_id },
          select: { participants: { select: { userId: true } }, messages: { select: { content: true } } },
        });
        expect(stored.participants.map((participant) => participant.userId).sort((a, b) => a - b)).toEqual(
          [anna.user.id, boris.user.id].sort((a, b) => a - b),
        );
        expect(stored.messages.map((message) => message.content).sort()).toEqual(['Здравствуй!', 'Привет!']);
      }),
    );
  });

  it('refuses an empty message, a message to oneself, an unknown recipient and a missing recipient', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    const before = await app.services.prisma.message.count();

    const empty = await send(anna.token, boris.user.id, '   ');
    expect(empty.status).toBe(422);
    expect((await empty.json()).detail).toBe('Введите текст сообщения или прикрепите файл');

    const self = await send(anna.token, anna.user.id, 'Себе');
    expect(self.status).toBe(422);
    expect((await self.json()).detail).toBe('Нельзя отправить сообщение самому себе');

    const unknown = await send(anna.token, 999_999, 'Кому?');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).detail).toBe('Получатель не найден');

    const missing = await app.request('POST', '/messages', { token: anna.token, json: { content: 'Без адресата' } });
    expect(missing.status).toBe(422);
    expect((await missing.json()).detail).toBe('Выберите получателя сообщения');

    const tooLong = await send(anna.token, boris.user.id, 'x'.repeat(5001));
    expect(tooLong.status).toBe(422);
    expect(await app.services.prisma.message.count()).toBe(before);
  });

  it('sends a contact card (own or a contact’s) into a conversation, and no stranger’s', async () => {
    const [anna, boris, clara, stranger] = await Promise.all([1, 2, 3, 4].map(() => registerAndLogin(app)));
    await app.services.prisma.friendship.create({
      data: {
        pairKey: friendshipPairKey(anna.user.id, clara.user.id),
        requesterId: anna.user.id,
        addresseeId: clara.user.id,
        status: 'accepted',
      },
    });
    const SEND_CARD = `mutation($input: SendMessageInput!) {
      sendMessage(input: $input) {
        __typename
        ... on SendMessageSuccess { sentMessage { content contactCard { databaseId username } } }
        ... on ValidationError { fieldErrors { path message } }
      }
    }`;
    const card = (contactId: number) =>
      app.graphql(
        SEND_CARD,
        { input: { recipientId: encodeGlobalID('User', boris.user.id), contactId: encodeGlobalID('User', contactId) } },
        { token: anna.token },
      );
    expect((await card(clara.user.id)).data.sendMessage).toEqual({
      __typename: 'SendMessageSuccess',
      sentMessage: { content: '', contactCard: { databaseId: clara.user.id, username: clara.user.username } },
    });
    expect((await card(anna.user.id)).data.sendMessage.sentMessage.contactCard.databaseId).toBe(anna.user.id);
    const before = await app.services.prisma.message.count();
    expect((await card(stranger.user.id)).data.sendMessage).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['contactId'], message: 'Можно отправить только свою карточку или карточку своего контакта' }],
    });
    expect(await app.services.prisma.message.count()).toBe(before);
  });

  it('refuses messages across a block, in both directions', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    await app.services.prisma.friendship.create({
      data: {
        pairKey: friendshipPairKey(anna.user.id, boris.user.id),
        requesterId: boris.user.id,
        addresseeId: anna.user.id,
        status: 'blocked',
        blockedById: boris.user.id,
      },
    });
    for (const [from, to] of [
      [anna, boris],
      [boris, anna],
    ]) {
      const refused = await send(from.token, to.user.id, 'Привет');
      // As if the other did not exist (like their profile): the block is not revealed.
      expect(refused.status).toBe(404);
      expect((await refused.json()).detail).toBe('Получатель не найден');
    }
  });

  it('keeps a conversation private to its participants', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    const eve = await registerAndLogin(app);
    const message = await (await send(anna.token, boris.user.id, 'Секрет')).json();
    const conversationId = encodeGlobalID('Conversation', message.conversation_id);

    const byNode = await app.graphql(
      'query($id: ID!) { node(id: $id) { ... on Message { content } } }',
      { id: encodeGlobalID('Message', message.id) },
      { token: eve.token },
    );
    expect(byNode.data?.node ?? null).toBeNull();
    expect(byNode.errors).toBeUndefined();

    const intoIt = await app.graphql(
      'mutation($id: ID!) { sendMessage(input: { conversationId: $id, content: "Я тоже тут" }) { __typename ... on Error { message } } }',
      { id: conversationId },
      { token: eve.token },
    );
    expect(intoIt.data?.sendMessage).toEqual({ __typename: 'ForbiddenError', message: 'Вы не участник этого разговора' });
    const typing = await app.graphql(
      'mutation($id: ID!) { setTyping(conversationId: $id, typing: true) { __typename ... on Error { message } } }',
      { id: conversationId },
      { token: eve.token },
    );
    expect(typing.data?.setTyping).toEqual({ __typename: 'ForbiddenError', message: 'Вы не участник этого разговора' });
  });
});

describe('the conversation list', () => {
  it('costs the same number of SQL statements for 2 conversations as for 12', async () => {
    const statements: string[] = [];
    const counted = await createTestApp({}, { onQuery: (sql) => statements.push(sql) });
    try {
      const me = await registerAndLogin(counted);
      const measure = async () => {
        statements.length = 0;
        const response = await counted.request('GET', '/messages/conversations', { token: me.token });
        expect(response.status).toBe(200);
        return { conversations: (await response.json()).length, statements: statements.length };
      };
      const results = [];
      for (let i = 1; i <= 12; i++) {
        const other = await registerAndLogin(counted);
        const sent = await counted.request('POST', '/messages', {
          token: other.token,
          json: { receiver_id: me.user.id, content: `Сообщение ${i}` },
        });
        expect(sent.status).toBe(201);
        if (i === 2 || i === 12) results.push(await measure());
      }
      const [two, twelve] = results;
      expect(two.conversations).toBe(2);
      expect(twelve.conversations).toBe(12);
      expect(twelve.statements).toBe(two.statements);
    } finally {
      await counted.dispose();
    }
  });
});

describe('attachments', () => {
  const sendWithFiles = (token: string, receiverId: number, files: File[], content = '') => {
    const form = new FormData();
    form.set('receiver_id', String(receiverId));
    form.set('content', content);
    for (const file of files) form.append('files', file);
    return app.request('POST', '/messages', { token, body: form });
  };
  // A real 1×1 PNG, renamed: the name does not matter, the content does.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('stores accepted files (by content) and serves them only through their signed link', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    const sent = await sendWithFiles(anna.token, boris.user.id, [
      new File([png], 'photo.jpg', { type: 'image/jpeg' }),
      new File(['Привет, это заметка.\n'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(sent.status).toBe(201);
    const message = await sent.json();
    expect(message.content).toBe('');
    expect(message.attachments).toEqual([
      { name: 'photo.jpg', type: 'image/png', size: png.length, url: expect.stringMatching(/^\/messages\/attachments\//) },
      { name: 'notes.txt', type: 'text/plain; charset=utf-8', size: expect.any(Number), url: expect.any(String) },
    ]);

    const image = await app.request('GET', message.attachments[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    const text = await app.request('GET', message.attachments[1].url);
    expect(text.headers.get('content-disposition')).toContain('attachment');

    const tampered = message.attachments[0].url.replace(/signature=[^&]+/, 'signature=forged');
    const forged = await app.request('GET', tampered, { headers: { 'accept-language': 'en' } });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ detail: 'The link to this file is invalid or has expired. Open the file again' });
    const unsigned = message.attachments[0].url.split('?')[0];
    expect((await app.request('GET', unsigned)).status).toBe(403);

    // A link that still holds to a file deleted since: 404 saying so, not an empty page.
    const gone = attachmentUrl(app.services.tokenSecret, `${randomUUID()}.png`);
    const missing = await app.request('GET', gone, { headers: { 'accept-language': 'fr' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'Fichier introuvable' });
  });

  it('refuses a forbidden type, a file over 25 MB and an empty message, and stores nothing', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    const before = await app.services.prisma.message.count();

    const program = new File([Buffer.from('MZ\x90\x00\x03\x00\x00\x00binary')], 'readme.txt');
    const refused = await sendWithFiles(anna.token, boris.user.id, [program], 'смотри');
    expect(refused.status).toBe(415);
    expect((await refused.json()).detail).toBe(
      'Файл readme.txt нельзя прикрепить: подходят изображения, видео, аудио, PDF, DOC, DOCX, TXT, ZIP и RAR',
    );

    const huge = new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'big.pdf');
    const tooLarge = await sendWithFiles(anna.token, boris.user.id, [huge]);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).detail).toBe('Файл big.pdf слишком большой (максимум 25MB)');

    const empty = await sendWithFiles(anna.token, boris.user.id, []);
    expect(empty.status).toBe(422);
    expect(await app.services.prisma.message.count()).toBe(before);
    expect(
      await app.services.prisma.messageAttachment.count({ where: { originalName: { in: ['readme.txt', 'big.pdf'] } } }),
    ).toBe(0);
  });
});
