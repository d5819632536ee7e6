import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const search = (token: string, query: string) =>
  app.request('GET', `/search-friends?query=${encodeURIComponent(query)}`, { token });

describe('contact search', () => {
  it('finds members by name with their friendship status, never oneself or a blocked member', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const me = await registerAndLogin(app, { first_name: `Искатель${tag}`, last_name: 'Первый' });
    const friend = await registerAndLogin(app, { first_name: `Искатель${tag}`, last_name: 'Второй' });
    const stranger = await registerAndLogin(app, { first_name: `Искатель${tag}`, last_name: 'Третий' });
    const blocker = await registerAndLogin(app, { first_name: `Искатель${tag}`, last_name: 'Четвёртый' });

    await app.request('POST', '/friend-requests', { token: me.token, json: { friend_id: friend.user.id } });
    // The friend accepts the request by its id, as their incoming list gives it.
    const incoming = await (await app.request('GET', '/friend-requests/incoming', { token: friend.token })).json();
    const request = incoming.find((r: { user: { id: number } }) => r.user.id === me.user.id);
    const accepted = await app.request('PUT', `/friends/${request.id}/respond?accept=true`, { token: friend.token });
    expect(accepted.status).toBe(200);
    await app.request('POST', `/friends/request?friend_id=${stranger.user.id}`, { token: me.token });
    await app.request('POST', `/users/${me.user.id}/block`, { token: blocker.token });

    const found = await search(me.token, `искатель${tag}`);
    expect(found.status).toBe(200);
    const results = await found.json();
    expect(results.map((r: { last_name: string }) => r.last_name).sort()).toEqual(['Второй', 'Третий']);
    expect(results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: friend.user.id, friendship_status: 'accepted' }),
        expect.objectContaining({ id: stranger.user.id, friendship_status: 'pending' }),
      ]),
    );
    // Nor does the blocker find the member they blocked.
    const blockersView = await (await search(blocker.token, `искатель${tag}`)).json();
    expect(blockersView.map((r: { id: number }) => r.id)).not.toContain(me.user.id);
  });

  it('takes % and _ as themselves, in contact search, the user list and a profile by username', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const me = await registerAndLogin(app);
    const literal = await registerAndLogin(app, { first_name: `Сто%%${tag}`, username: `two__${tag}` });
    for (const query of ['%%', '__']) {
      const found = await (await search(me.token, query)).json();
      expect(found.map((r: { id: number }) => r.id)).toEqual([literal.user.id]);
    }
    // A pattern in the path names nobody: `two_%` is not a username.
    expect((await app.request('GET', `/users/profile/${encodeURIComponent('two_%')}`, { token: me.token })).status).toBe(404);
    const moderator = await registerAndLogin(app);
    await app.services.prisma.user.update({ where: { id: moderator.user.id }, data: { role: 'moderator' } });
    const listed = await (await app.request('GET', '/users?search=__', { token: moderator.token })).json();
    expect(listed.users.map((u: { id: number }) => u.id)).toEqual([literal.user.id]);
  });

  it("refuses fewer than 2 characters with the spec's warning", async () => {
    const me = await registerAndLogin(app);
    const short = await search(me.token, ' a ');
    expect(short.status).toBe(422);
    expect(await short.json()).toMatchObject({ detail: 'Введите минимум 2 символа для поиска' });
    const english = await app.request('GET', '/search-friends?query=a', {
      token: me.token,
      headers: { 'accept-language': 'en' },
    });
    expect((await english.json()).detail).toBe('Enter at least 2 characters to search');
  });
});
