import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { startTestServer } from '../support/app';
import { postJson, registerAndLogin } from '../support/members';
import { wsClients } from '../support/ws';
import { friendshipPairKey } from '../../server/src/database/keys';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
const ws = wsClients();
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await ws.dispose();
  await server?.dispose();
});

const connect = (token: string) => ws.connect(server.url, { token });

type Received = { id: string; databaseId: number; content: string; senderId: string };

/** Subscribes to messageAdded and resolves once `count` messages arrived (or rejects on error). */
function receive(client: Client, count: number, after?: string) {
  const got: Received[] = [];
  let ready!: () => void;
  const subscribed = new Promise<void>((resolve) => (ready = resolve));
  const done = new Promise<Received[]>((resolve, reject) => {
    client.on('connected', () => setTimeout(ready, 100));
    client.subscribe<{ messageAdded: Received }>(
      {
        query: 'subscription($after: ID) { messageAdded(after: $after) { id databaseId content senderId } }',
        variables: { after },
      },
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
    const anna = await registerAndLogin(server.url, { first_name: 'Анна' });
    const boris = await registerAndLogin(server.url, { first_name: 'Борис' });
    const borisSide = receive(connect(boris.token), 1);
    const annaOtherTab = receive(connect(anna.token), 1);
    await Promise.all([borisSide.subscribed, annaOtherTab.subscribed]);
    const sent = await postJson(server.url, '/messages', { receiver_id: boris.member.id, content: 'Ты тут?' }, anna.token);
    expect(sent.status).toBe(201);
    const annaId = anna.member.globalId;
    expect(await borisSide.done).toEqual([
      expect.objectContaining({ databaseId: sent.body.id, content: 'Ты тут?', senderId: annaId }),
    ]);
    expect(await annaOtherTab.done).toEqual([expect.objectContaining({ databaseId: sent.body.id, senderId: annaId })]);
  });

  it('delivers all 100 messages sent while the socket was down, once each and in order, after reconnecting', async () => {
    const anna = await registerAndLogin(server.url, { first_name: 'Анна' });
    const boris = await registerAndLogin(server.url, { first_name: 'Борис' });
    const first = connect(boris.token);
    const before = receive(first, 1);
    await before.subscribed;
    await postJson(server.url, '/messages', { receiver_id: boris.member.id, content: 'до обрыва' }, anna.token);
    const [last] = await before.done;
    await first.dispose(); // the socket drops

    const sentIds: number[] = [];
    for (let i = 1; i <= 100; i++) {
      const sent = await postJson(
        server.url,
        '/messages',
        { receiver_id: boris.member.id, content: `сообщение ${i}` },
        anna.token,
      );
      sentIds.push(sent.body.id);
    }

    const again = receive(connect(boris.token), 101, last.id);
    await again.subscribed;
    await postJson(server.url, '/messages', { receiver_id: boris.member.id, content: 'после переподключения' }, anna.token);
    const got = await again.done;
    expect(got.slice(0, 100).map((m) => m.databaseId)).toEqual(sentIds);
    expect(got.slice(0, 100).map((m) => m.content)).toEqual(sentIds.map((_, i) => `сообщение ${i + 1}`));
    expect(got[100].content).toBe('после переподключения');
    expect(new Set(got.map((m) => m.databaseId)).size).toBe(101);
  });

  it('delivers every one of many messages sent at once, whatever order they are committed in', async () => {
    // On PostgreSQL (the suite's second run) concurrent sends commit and publish out of id order:
    // a live event with a smaller id than the last one delivered is new, not a duplicate.
    const anna = await registerAndLogin(server.url, { first_name: 'Анна' });
    const boris = await registerAndLogin(server.url, { first_name: 'Борис' });
    const first = await postJson(server.url, '/messages', { receiver_id: boris.member.id, content: 'начало' }, anna.token);
    const live = receive(connect(boris.token), 40);
    const caughtUp = receive(connect(boris.token), 41, Buffer.from('Message:0').toString('base64'));
    await Promise.all([live.subscribed, caughtUp.subscribed]);
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? postJson(server.url, '/messages', { receiver_id: boris.member.id, content: `сразу ${i}` }, anna.token)
          : postJson(server.url, '/messages', { receiver_id: anna.member.id, content: `сразу ${i}` }, boris.token),
      ),
    );
    const sentIds = sent.map((r) => r.body.id as number).sort((a, b) => a - b);
    expect((await live.done).map((m) => m.databaseId).sort((a, b) => a - b)).toEqual(sentIds);
    const all = (await caughtUp.done).map((m) => m.databaseId).sort((a, b) => a - b);
    expect(all).toEqual([first.body.id, ...sentIds]);
  });

  it('tells the other side about typing and about reading', async () => {
    const anna = await registerAndLogin(server.url, { first_name: 'Анна' });
    const boris = await registerAndLogin(server.url, { first_name: 'Борис' });
    const sent = await postJson(server.url, '/messages', { receiver_id: boris.member.id, content: 'Привет' }, anna.token);
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
    const gql = (query: string) => postJson(server.url, '/graphql', { query, variables: { id: conversationId } }, boris.token);
    await gql('mutation($id: ID!) { setTyping(conversationId: $id, typing: true) { __typename } }');
    expect(await typing).toMatchObject({ typing: true, conversationId });
    await gql('mutation($id: ID!) { markConversationRead(conversationId: $id) { ... on Conversation { id } } }');
    expect(await readMark).toMatchObject({ othersReadUpTo: sent.body.id });
  });

  it('keeps unread counts and read marks current event after event on one subscription', async () => {
    const anna = await registerAndLogin(server.url, { first_name: 'Анна' });
    const boris = await registerAndLogin(server.url, { first_name: 'Борис' });
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
    const first = await postJson(server.url, '/messages', { receiver_id: boris.member.id, content: 'раз' }, anna.token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await postJson(server.url, '/messages', { receiver_id: boris.member.id, content: 'два' }, anna.token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await postJson(server.url, '/messages', { receiver_id: anna.member.id, content: 'ответ' }, boris.token);
    await three;
    // Answering reads the conversation; Anna has read up to her own last message, not Boris's answer.
    expect(updates.map((u) => u.unreadCount)).toEqual([1, 2, 0]);
    expect(updates[2].othersReadUpTo).toBe(first.body.id + 1);
  });

  it('resolves viewer-dependent fields for each subscriber of a shared message', async () => {
    const [anna, boris, vera] = await Promise.all(
      ['Анна', 'Борис', 'Вера'].map((name) => registerAndLogin(server.url, { first_name: name })),
    );
    const conversation = await server.services.prisma.conversation.create({
      data: { title: 'Трое', participants: { create: [anna, boris, vera].map(({ member }) => ({ userId: member.id })) } },
    });
    type Seen = {
      messageAdded: { databaseId: number; sender: { isViewer: boolean; canEdit: boolean; lastLogin: string | null } };
    };
    const watch = (token: string) => {
      const client = connect(token);
      const subscribed = new Promise<void>((resolve) => client.on('connected', () => setTimeout(resolve, 100)));
      const seen = new Promise<Seen['messageAdded']>((resolve, reject) => {
        client.subscribe<Seen>(
          { query: 'subscription { messageAdded { databaseId sender { isViewer canEdit lastLogin } } }' },
          {
            next: ({ data, errors }) => (errors ? reject(new Error(errors[0].message)) : resolve(data!.messageAdded)),
            error: reject,
            complete: () => {},
          },
        );
      });
      return { subscribed, seen };
    };
    // The sender subscribes first, so a shared execution would run in the sender's context.
    const annaSide = watch(anna.token);
    await annaSide.subscribed;
    const borisSide = watch(boris.token);
    const veraSide = watch(vera.token);
    await Promise.all([borisSide.subscribed, veraSide.subscribed]);
    const sent = await postJson(
      server.url,
      '/graphql',
      {
        query: 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { __typename } }',
        variables: {
          input: { conversationId: Buffer.from(`Conversation:${conversation.id}`).toString('base64'), content: 'Всем привет' },
        },
      },
      anna.token,
    );
    expect(sent.body.data.sendMessage.__typename).toBe('SendMessageSuccess');
    const annaSaw = await annaSide.seen;
    expect(annaSaw.sender).toMatchObject({ isViewer: true, canEdit: true });
    expect(annaSaw.sender.lastLogin).toEqual(expect.any(String));
    for (const side of [borisSide, veraSide]) {
      expect(await side.seen).toEqual({
        databaseId: annaSaw.databaseId,
        sender: { isViewer: false, canEdit: false, lastLogin: null },
      });
    }
  });

  it('resolves block-dependent lists for each subscriber of a shared message', async () => {
    const [anna, boris, vera, fedor] = await Promise.all(
      ['Анна', 'Борис', 'Вера', 'Фёдор'].map((name) => registerAndLogin(server.url, { first_name: name })),
    );
    const prisma = server.services.prisma;
    // Fedor is Anna's contact; Vera blocked Fedor, so to Vera he is not among Anna's contacts.
    await prisma.friendship.create({
      data: {
        pairKey: friendshipPairKey(anna.member.id, fedor.member.id),
        requesterId: anna.member.id,
        addresseeId: fedor.member.id,
        status: 'accepted',
      },
    });
    await prisma.friendship.create({
      data: {
        pairKey: friendshipPairKey(vera.member.id, fedor.member.id),
        requesterId: vera.member.id,
        addresseeId: fedor.member.id,
        status: 'blocked',
        blockedById: vera.member.id,
      },
    });
    const conversation = await prisma.conversation.create({
      data: { title: 'Трое', participants: { create: [anna, boris, vera].map(({ member }) => ({ userId: member.id })) } },
    });
    type Seen = { messageAdded: { sender: { friends: { totalCount: number; edges: { node: { databaseId: number } }[] } } } };
    const watch = (token: string) => {
      const client = connect(token);
      const subscribed = new Promise<void>((resolve) => client.on('connected', () => setTimeout(resolve, 100)));
      const seen = new Promise<Seen['messageAdded']>((resolve, reject) => {
        client.subscribe<Seen>(
          {
            query: 'subscription { messageAdded { sender { friends(first: 10) { totalCount edges { node { databaseId } } } } } }',
          },
          {
            next: ({ data, errors }) => (errors ? reject(new Error(errors[0].message)) : resolve(data!.messageAdded)),
            error: reject,
            complete: () => {},
          },
        );
      });
      return { subscribed, seen };
    };
    // Boris subscribes first, so a shared execution would run in his context and show Fedor to Vera.
    const borisSide = watch(boris.token);
    await borisSide.subscribed;
    const veraSide = watch(vera.token);
    await veraSide.subscribed;
    const sent = await postJson(
      server.url,
      '/graphql',
      {
        query: 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { __typename } }',
        variables: {
          input: { conversationId: Buffer.from(`Conversation:${conversation.id}`).toString('base64'), content: 'Всем привет' },
        },
      },
      anna.token,
    );
    expect(sent.body.data.sendMessage.__typename).toBe('SendMessageSuccess');
    expect((await borisSide.seen).sender.friends).toEqual({ totalCount: 1, edges: [{ node: { databaseId: fedor.member.id } }] });
    expect((await veraSide.seen).sender.friends).toEqual({ totalCount: 0, edges: [] });
  });
});
