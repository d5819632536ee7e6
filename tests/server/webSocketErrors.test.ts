import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer } from '../support/app';
import { postJson, registerAndLogin } from '../support/members';

type Message = { id?: string; type: string; payload?: unknown };

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.dispose());

/**
 * A raw graphql-ws connection (not tests/support/ws.ts's client, which hides the protocol): every
 * message it receives, and whether and how the socket closed.
 */
async function connect(connectionParams: Record<string, unknown> = {}) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const received: Message[] = [];
  const closed: { code?: number } = {};
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  socket.on('close', (code) => (closed.code = code));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'connection_init', payload: connectionParams }));
  await waitFor(() => received.some((m) => m.type === 'connection_ack'));
  return {
    received,
    closed,
    subscribe: (id: string, query: string) => socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } })),
    close: () => socket.close(),
  };
}

async function waitFor(condition: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('graphql-ws errors stay with their operation', () => {
  it('answers a syntax error and a refused subscription with error messages; the good subscription still delivers', async () => {
    const anna = await registerAndLogin(server.url, { first_name: 'Анна' });
    const boris = await registerAndLogin(server.url, { first_name: 'Борис' });
    const ws = await connect({ authorization: `Bearer ${anna.token}` });
    ws.subscribe('syntax', 'subscription { notifications {');
    ws.subscribe('refused', 'subscription { roomChatMessages(roomId: "Um9vbTo5OTk5OTk=") { id } }');
    ws.subscribe('good', 'subscription { notifications { kind } }');
    await waitFor(() => ws.received.filter((m) => m.type === 'error').length === 2);

    const request = await postJson(server.url, '/friend-requests', { friend_id: anna.user.id }, boris.token);
    expect(request.status).toBeLessThan(300);
    await waitFor(() => ws.received.some((m) => m.id === 'good' && m.type === 'next'));

    expect(ws.received.find((m) => m.id === 'syntax')).toMatchObject({
      type: 'error',
      payload: [{ message: expect.stringMatching(/Syntax Error/) }],
    });
    expect(ws.received.find((m) => m.id === 'refused')).toMatchObject({ type: 'error', payload: [{ extensions: {} }] });
    expect(ws.received.find((m) => m.id === 'good' && m.type === 'next')).toMatchObject({
      payload: { data: { notifications: { kind: 'FRIEND_REQUEST' } } },
    });
    expect(ws.closed.code).toBeUndefined();
    ws.close();
  });

  it('refuses an anonymous subscription that needs a member with an error for that operation only', async () => {
    const ws = await connect();
    ws.subscribe('refused', 'subscription { notifications { id } }');
    await waitFor(() => ws.received.some((m) => m.id === 'refused'));
    ws.subscribe('good', '{ __typename }');
    await waitFor(() => ws.received.some((m) => m.id === 'good' && m.type === 'complete'));
    expect(ws.received.find((m) => m.id === 'refused')).toMatchObject({
      type: 'error',
      payload: [{ extensions: { code: 'UNAUTHENTICATED' } }],
    });
    expect(ws.received.find((m) => m.id === 'good' && m.type === 'next')).toMatchObject({
      payload: { data: { __typename: 'Query' } },
    });
    expect(ws.closed.code).toBeUndefined();
    ws.close();
  });
});
