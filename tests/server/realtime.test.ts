import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { startTestServer } from '../support/app';
import { postJson, registerAndLogin } from '../support/members';
import { wsClients } from '../support/ws';

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

const post = (path: string, body: unknown, token?: string) => postJson(server.url, path, body, token);
const member = () => registerAndLogin(server.url, { first_name: 'Ольга', last_name: 'Иванова' });
const connect = (token?: string, locale = 'ru') => ws.connect(server.url, { token, locale, lazy: false });

type Event = { id: string; kind: string; message: string };

/** Collects events of the notifications subscription until `count` arrived. */
function collect(client: Client, count: number, after?: string) {
  const events: Event[] = [];
  const done = new Promise<Event[]>((resolve, reject) => {
    client.subscribe<{ notifications: Event }>(
      { query: 'subscription($after: ID) { notifications(after: $after) { id kind message } }', variables: { after } },
      {
        next: (value) => {
          if (value.errors) reject(new Error(value.errors[0].message));
          events.push(value.data!.notifications);
          if (events.length === count) resolve(events);
        },
        error: (error) => reject(Array.isArray(error) ? new Error(error[0].message) : error),
        complete: () => resolve(events),
      },
    );
  });
  return done;
}

describe('graphql-ws on /graphql', () => {
  it("delivers the viewer's notification live, in the connection's language", async () => {
    const olga = await member();
    const received = collect(connect(olga.token, 'en'), 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await post('/auth/login', { email: olga.member.email, password: olga.member.password });
    const [event] = await received;
    expect(event.kind).toBe('NEW_SIGN_IN');
    expect(event.message).toBe('Someone signed in to your account from another device');
  });

  it("answers queries, refusals and bad input over the socket in the connection's language", async () => {
    const answer = (client: Client, query: string) =>
      new Promise<string>((resolve) => {
        client.subscribe(
          { query },
          {
            next: (value) => resolve(value.errors?.[0]?.message ?? JSON.stringify(value.data)),
            error: (error) => resolve(Array.isArray(error) ? error[0].message : String(error)),
            complete: () => {},
          },
        );
      });
    const english = connect(undefined, 'en');
    expect(await answer(english, '{ users(first: 1) { edges { node { id } } } }')).toBe('You need to sign in');
    const olga = await member();
    const french = connect(olga.token, 'fr');
    expect(await answer(french, 'mutation { updateProfile(input: { birthDate: "1990-02-30" }) { __typename } }')).toContain(
      "Cette date n'existe pas",
    );
    expect(await answer(french, '{ users(first: 1) { edges { node { id } } } }')).toBe(
      "Vous n'avez pas l'autorisation d'effectuer cette action",
    );
  });

  it('delivers a friend request live with its sender, whose state the client can update from it', async () => {
    const olga = await member();
    const pavel = await member();
    const client = connect(pavel.token, 'fr');
    const received = new Promise<Record<string, unknown>>((resolve, reject) => {
      client.subscribe<{ notifications: Record<string, unknown> }>(
        { query: 'subscription { notifications { kind message actor { id username friendshipStatus } } }' },
        { next: (value) => resolve(value.data!.notifications), error: reject, complete: () => {} },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await post('/friend-requests', { friend_id: pavel.member.id }, olga.token)).status).toBe(200);
    expect(await received).toEqual({
      kind: 'FRIEND_REQUEST',
      message: 'Ольга Иванова souhaite vous ajouter en ami',
      actor: { id: olga.member.globalId, username: olga.member.username, friendshipStatus: 'PENDING_INCOMING' },
    });
  });

  it('replays what was stored after the last id the client saw, then goes live, without doubles', async () => {
    const olga = await member();
    const signIn = () => post('/auth/login', { email: olga.member.email, password: olga.member.password });
    const firstClient = connect(olga.token);
    const firstEvents = collect(firstClient, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await signIn();
    const [seen] = await firstEvents;
    await firstClient.dispose();

    // Two sign-ins while the client is offline, then one after it is back.
    await signIn();
    await signIn();
    const events = collect(connect(olga.token), 3, seen.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await signIn();
    const got = await events;
    expect(got.map((event) => event.kind)).toEqual(['NEW_SIGN_IN', 'NEW_SIGN_IN', 'NEW_SIGN_IN']);
    const ids = got.map((event) => event.id);
    expect(new Set([seen.id, ...ids]).size).toBe(4);
    // From the first one the first client saw (signing up signs in too, and tells of it).
    const stored = await server.services.prisma.notification.findMany({
      where: { user: { email: olga.member.email }, id: { gte: Number(decodeGlobalID(seen.id).id) } },
      orderBy: { id: 'asc' },
    });
    expect(stored).toHaveLength(4);
    expect([seen.id, ...ids]).toEqual(stored.map((row) => encodeGlobalID('Notification', row.id)));
  });

  it("closes a session's sockets when the session ends, and leaves the member's other sessions open", async () => {
    const olga = await member();
    const other = (await post('/auth/login', { email: olga.member.email, password: olga.member.password })).body
      .access_token as string;
    const ending = collect(connect(olga.token), 1);
    const staying = connect(other);
    const stayingEvents = collect(staying, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signOut = await post('/graphql', { query: 'mutation { signOut { __typename } }' }, olga.token);
    expect(signOut.body).toEqual({ data: { signOut: { __typename: 'SignOutSuccess' } } });
    await expect(ending).rejects.toMatchObject({ code: 4401 });

    // The other session still receives its notifications.
    await post('/auth/login', { email: olga.member.email, password: olga.member.password });
    expect((await stayingEvents)[0].kind).toBe('NEW_SIGN_IN');
  });

  it('serves the branding to a socket without a token: the images at once, then after each change', async () => {
    const admin = await member();
    await server.services.prisma.user.update({ where: { id: admin.member.id }, data: { role: 'admin' } });
    const seen: { faviconUrl: string | null; bottomLogoUrl: string | null }[] = [];
    connect().subscribe<{ brandingChanged: (typeof seen)[number] }>(
      { query: 'subscription { brandingChanged { faviconUrl bottomLogoUrl } }' },
      {
        next: (value) => seen.push(value.data!.brandingChanged),
        error: (error) => seen.push({ error } as never),
        complete: () => {},
      },
    );
    // At once, before any change: a visitor whose page connected after a change is not left behind.
    await expect.poll(() => seen).toEqual([{ faviconUrl: null, bottomLogoUrl: null }]);

    const form = new FormData();
    form.append('file', new File([`<svg xmlns="http://www.w3.org/2000/svg"/>`], 'logo.svg', { type: 'image/svg+xml' }));
    const response = await fetch(`${server.url}/upload-bottom-logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    const { bottom_logo_url: url } = (await response.json()) as { bottom_logo_url: string };
    await expect.poll(() => seen.at(-1)).toEqual({ faviconUrl: null, bottomLogoUrl: url });
  });

  it('refuses a connection with an invalid token and a subscription without one', async () => {
    const bad = connect('forged');
    // graphql-ws closes with 4403 Forbidden when onConnect refuses.
    await expect(collect(bad, 1)).rejects.toMatchObject({ code: 4403 });

    await expect(collect(connect(), 1)).rejects.toThrow('Требуется вход в систему');
  });
});
