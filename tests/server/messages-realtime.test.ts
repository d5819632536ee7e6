import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestServer } from './support';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
const clients: Client[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await server?.dispose();
});

async function call(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function member(name: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const fields = { first_name: name, last_name: 'Тестов', username: `${tag}_m`, email: `${tag}@example.ru`, password: 'secret123' };
  await call('/auth/register', fields);
  const login = await call('/auth/login', { email: fields.email, password: fields.password });
  return { token: login.body.access_token as string, id: login.body.user.id as number };
}

function connect(token: string) {
  const client = createClient({
    url: `${server.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  clients.push(client);
  return client;
}

type Received = { id: string; databaseId: number; content: string; senderId: string };

/** Subscribes to messageAdded and resolves once `count` messages arrived (or rejects on error). */
function receive(client: Client, count: number, after?: string) {
  const got: Received[] = [];
  let ready!: () => void;
  const subscribed = new Promise<void>((resolve) => (ready = resolve));
  const done = new Promise<Received[]>((resolve, reject) => {
    client.on('connected', () => setTimeout(ready, 100));
    client.subscribe<{ messageAdded: Received }>(
      { query: 'subscription($after: ID) { messageAdded(after: $after) { id databaseId content senderId } }', variables: { after } },
      {
        next: ({ data, errors }) => {
          if (errors) return reject(new Error(errors[0].message));
          got.push(data!.messageAdded);
          if (got.length === count) resolve(got);
        },
        error: (error) => reject(Array.isArray(error) ? new Error(error[0].message) : error),
        complete: () => resolve(got),
      },
    );
  });
  return { subscribed, done, got };
}

describe('live messages', () => {
  it("reach the recipient's open subscription, and the sender's other tabs", async () => {
    const anna = await member('Анна');
    const boris = await member('Борис');
    const borisSide = receive(connect(boris.token), 1);
    const annaOtherTab = receive(connect(anna.token), 1);
    await Promise.all([borisSide.subscribed, annaOtherTab.subscribed]);
    const sent = await call('/messages', { receiver_id: boris.id, content: 'Ты тут?' }, anna.token);
    expect(sent.status).toBe(201);
    const annaId = Buffer.from(`User:${anna.id}`).toString('base64');
    expect(await borisSide.done).toEqual([expect.objectContaining({ databaseId: sent.body.id, content: 'Ты тут?', senderId: annaId })]);
    expect(await annaOtherTab.done).toEqual([expect.objectContaining({ databaseId: sent.body.id, senderId: annaId })]);
  });

  it('delivers all 100 messages sent while the socket was down, once each and in order, after reconnecting', async () => {
    const anna = await member('Анна');
    const boris = await member('Борис');
    const first = connect(boris.token);
    const before = receive(first, 1);
    await before.subscribed;
    await call('/messages', { receiver_id: boris.id, content: 'до обрыва' }, anna.token);
    const [last] = await before.done;
    await first.dispose(); // the socket drops

    const sentIds: number[] = [];
    for (let i = 1; i <= 100; i++) {
      const sent = await call('/messages', { receiver_id: boris.id, content: `сообщение ${i}` }, anna.token);
      sentIds.push(sent.body.id);
    }

    const again = receive(connect(boris.token), 101, last.id);
    await again.subscribed;
    await call('/messages', { receiver_id: boris.id, content: 'после переподключения' }, anna.token);
    const got = await again.done;
    expect(got.slice(0, 100).map((m) => m.databaseId)).toEqual(sentIds);
    expect(got.slice(0, 100).map((m) => m.content)).toEqual(sentIds.map((_, i) => `сообщение ${i + 1}`));
    expect(got[100].content).toBe('после переподключения');
    expect(new Set(got.map((m) => m.databaseId)).size).toBe(101);
  });

  it('delivers every one of many messages sent at once, whatever order they are committed in', async () => {
    // On PostgreSQL (the suite's second run) concurrent sends commit and publish out of id order:
    // a live event with a smaller id than the last one delivered is new, not a duplicate.
    const anna = await member('Анна');
    const boris = await member('Борис');
    const first = await call('/messages', { receiver_id: boris.id, content: 'начало' }, anna.token);
    const live = receive(connect(boris.token), 40);
    const caughtUp = receive(connect(boris.token), 41, Buffer.from('Message:0').toString('base64'));
    await Promise.all([live.subscribed, caughtUp.subscribed]);
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? call('/messages', { receiver_id: boris.id, content: `сразу ${i}` }, anna.token)
          : call('/messages', { receiver_id: anna.id, content: `сразу ${i}` }, boris.token),
      ),
    );
    const sentIds = sent.map((r) => r.body.id as number).sort((a, b) => a - b);
    expect((await live.done).map((m) => m.databaseId).sort((a, b) => a - b)).toEqual(sentIds);
    const all = (await caughtUp.done).map((m) => m.databaseId).sort((a, b) => a - b);
    expect(all).toEqual([first.body.id, ...sentIds]);
  });

  it('tells the other side about typing and about reading', async () => {
    const anna = await member('Анна');
    const boris = await member('Борис');
    const sent = await call('/messages', { receiver_id: boris.id, content: 'Привет' }, anna.token);
    expect(sent.status).toBe(201);
    const conversationId = Buffer.from(`Conversation:${sent.body.conversation_id}`).toString('base64');

    const annaClient = connect(anna.token);
    const typing = new Promise<{ typing: boolean }>((resolve, reject) => {
      annaClient.subscribe<{ typing: { typing: boolean } }>(
        { query: 'subscription { typing { conversationId typing } }' },
        { next: ({ data }) => resolve(data!.typing), error: reject, complete: () => {} },
      );
    });
    const readMark = new Promise<{ othersReadUpTo: number | null }>((resolve, reject) => {
      annaClient.subscribe<{ conversationUpdated: { othersReadUpTo: number | null } }>(
        { query: 'subscription { conversationUpdated { id othersReadUpTo } }' },
        { next: ({ data }) => resolve(data!.conversationUpdated), error: reject, complete: () => {} },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const gql = (query: string) => call('/graphql', { query, variables: { id: conversationId } }, boris.token);
    await gql('mutation($id: ID!) { setTyping(conversationId: $id, typing: true) }');
    expect(await typing).toMatchObject({ typing: true, conversationId });
    await gql('mutation($id: ID!) { markConversationRead(conversationId: $id) { id } }');
    expect(await readMark).toMatchObject({ othersReadUpTo: sent.body.id });
  });

  it('keeps unread counts and read marks current event after event on one subscription', async () => {
    const anna = await member('Анна');
    const boris = await member('Борис');
    const updates: { unreadCount: number; othersReadUpTo: number | null }[] = [];
    const borisClient = connect(boris.token);
    const three = new Promise<void>((resolve, reject) => {
      borisClient.subscribe<{ conversationUpdated: { unreadCount: number; othersReadUpTo: number | null } }>(
        { query: 'subscription { conversationUpdated { unreadCount othersReadUpTo } }' },
        {
          next: ({ data }) => {
            updates.push(data!.conversationUpdated);
            if (updates.length === 3) resolve();
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const first = await call('/messages', { receiver_id: boris.id, content: 'раз' }, anna.token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await call('/messages', { receiver_id: boris.id, content: 'два' }, anna.token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await call('/messages', { receiver_id: anna.id, content: 'ответ' }, boris.token);
    await three;
    // Answering reads the conversation; Anna has read up to her own last message, not Boris's answer.
    expect(updates.map((u) => u.unreadCount)).toEqual([1, 2, 0]);
    expect(updates[2].othersReadUpTo).toBe(first.body.id + 1);
  });
});
