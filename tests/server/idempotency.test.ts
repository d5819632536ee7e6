import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

/** A retried send (same user, same key) answers the first result and never stores a second row. */
let app: TestApp;
let anna: Awaited<ReturnType<typeof registerAndLogin>>;
let boris: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  app = await createTestApp();
  anna = await registerAndLogin(app);
  boris = await registerAndLogin(app);
});
afterAll(() => app?.dispose());

const sendRest = (key: string | null, content: string, token = anna.token) =>
  app.request('POST', '/messages', {
    token,
    json: { receiver_id: boris.user.id, content },
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('messages', () => {
  it('stores a REST send repeated with one Idempotency-Key once and answers the first message', async () => {
    const first = await sendRest('msg-1', 'Привет');
    const retry = await sendRest('msg-1', 'Привет');
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    const [a, b] = [await first.json(), await retry.json()];
    expect(b.id).toBe(a.id);
    expect(await app.services.prisma.message.count({ where: { content: 'Привет' } })).toBe(1);
  });

  it('stores one row when the same key arrives many times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendRest('msg-race', 'Гонка')));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (a) => (await a.json()).id)));
    expect(ids.size).toBe(1);
    expect(await app.services.prisma.message.count({ where: { content: 'Гонка' } })).toBe(1);
  });

  it('keeps keys apart per sender, and sends without a key as before', async () => {
    await sendRest('shared-key', 'от Анны');
    await sendRest(null, 'без ключа');
    await sendRest(null, 'без ключа');
    const fromBoris = await app.request('POST', '/messages', {
      token: boris.token,
      json: { receiver_id: anna.user.id, content: 'от Бориса' },
      headers: { 'idempotency-key': 'shared-key' },
    });
    expect(fromBoris.status).toBe(201);
    expect(await app.services.prisma.message.count({ where: { content: { in: ['от Анны', 'от Бориса'] } } })).toBe(2);
    expect(await app.services.prisma.message.count({ where: { content: 'без ключа' } })).toBe(2);
  });

  it('takes the key as a GraphQL input field, and refuses one that is too long', async () => {
    const send = (idempotencyKey: string) =>
      app.graphql(
        `mutation($input: SendMessageInput!) { sendMessage(input: $input) {
          __typename ... on SendMessageSuccess { sentMessage { databaseId } } ... on ValidationError { fieldErrors { message } }
        } }`,
        { input: { recipientId: btoa(`User:${boris.user.id}`), content: 'GraphQL', idempotencyKey } },
        { token: anna.token, headers: { 'accept-language': 'en' } },
      );
    const [first, retry] = [await send('gql-1'), await send('gql-1')];
    expect(retry.data?.sendMessage.sentMessage.databaseId).toBe(first.data?.sendMessage.sentMessage.databaseId);
    expect(await app.services.prisma.message.count({ where: { content: 'GraphQL' } })).toBe(1);
    const tooLong = await send('k'.repeat(101));
    expect(tooLong.data?.sendMessage).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ message: 'The idempotency key must be 1 to 100 characters long' }],
    });
  });
});

describe('publications and comments', () => {
  it('creates one publication and one comment per key', async () => {
    const publish = () =>
      app.request('POST', '/publications/', {
        token: anna.token,
        json: { content: 'Один пост' },
        headers: { 'idempotency-key': 'post-1' },
      });
    const [first, retry] = await Promise.all([publish(), publish()]);
    expect([first.status, retry.status]).toEqual([201, 201]);
    const publication = await first.json();
    expect((await retry.json()).id).toBe(publication.id);
    expect(await app.services.prisma.publication.count({ where: { content: 'Один пост' } })).toBe(1);

    const comment = () =>
      app.request('POST', `/publications/${publication.id}/comments`, {
        token: boris.token,
        json: { comment_text: 'Отлично' },
        headers: { 'idempotency-key': 'comment-1' },
      });
    const [c1, c2] = [await comment(), await comment()];
    expect((await c2.json()).id).toBe((await c1.json()).id);
    expect(await app.services.prisma.publicationComment.count({ where: { content: 'Отлично' } })).toBe(1);
  });
});
