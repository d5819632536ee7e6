import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ loginLimitPerAccount: 3 });
});
afterAll(() => app?.dispose());

const UPDATE_PROFILE = `mutation($userId: ID, $input: UpdateProfileInput!) {
  updateProfile(userId: $userId, input: $input) {
    __typename
    ... on ProfileChange { message user { firstName lastName bio status location website phone birthDate } }
    ... on Error { message }
    ... on ValidationError { fieldErrors { path message } }
  }
}`;

const userId = (id: number) => encodeGlobalID('User', id);

async function makeAdmin(app: TestApp) {
  const admin = await registerAndLogin(app);
  await app.services.prisma.user.update({ where: { id: admin.user.id }, data: { role: 'admin' } });
  return admin;
}

describe('the profile card', () => {
  it('saves every field through REST and shows them after reading the profile again', async () => {
    const { token, user } = await registerAndLogin(app);
    const saved = await app.request('PATCH', '/users/profile', {
      token,
      json: {
        first_name: '  Ольга ',
        last_name: 'Морозова',
        bio: 'Пишу о путешествиях',
        status: 'В дороге',
        location: 'Казань',
        website: 'olga.example.ru',
        phone: '8 (916) 123-45-67',
        birth_date: '1990-04-01',
      },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ success: true, message: 'Профиль успешно обновлен!' });

    const profile = await app.request('GET', `/users/profile/${user.username}`, { token });
    expect(await profile.json()).toMatchObject({
      id: user.id,
      first_name: 'Ольга',
      last_name: 'Морозова',
      bio: 'Пишу о путешествиях',
      status: 'В дороге',
      location: 'Казань',
      website: 'https://olga.example.ru',
      phone: '+79161234567',
      phone_verified: false,
      birth_date: '1990-04-01',
    });

    // Omitted fields stay; blank ones are cleared.
    await app.request('PATCH', '/users/profile', { token, json: { bio: '', website: '  ' } });
    const after = await (await app.request('GET', `/users/${user.id}/profile`, { token })).json();
    expect(after.user).toMatchObject({ first_name: 'Ольга', bio: null, website: null, location: 'Казань' });
    expect(after).toMatchObject({ is_subscribed: false, subscriber_count: 0 });
  });

  it("refuses blank names and over-long bio and status with the spec's texts, storing nothing", async () => {
    const { token, user } = await registerAndLogin(app);
    const blank = await app.request('PATCH', '/users/profile', { token, json: { first_name: '   ', last_name: 'Петров' } });
    expect(blank.status).toBe(422);
    expect((await blank.json()).detail).toBe('Имя и фамилия обязательны для заполнения');

    const result = await app.graphql(
      UPDATE_PROFILE,
      { input: { bio: 'б'.repeat(501), status: 's'.repeat(101), website: 'not a site' } },
      { token, headers: { 'accept-language': 'en' } },
    );
    expect(result.data.updateProfile.__typename).toBe('ValidationError');
    expect(result.data.updateProfile.fieldErrors).toEqual(
      expect.arrayContaining([
        { path: ['bio'], message: 'At most 500 characters' },
        { path: ['status'], message: 'At most 100 characters' },
        { path: ['website'], message: 'Enter a valid website address, e.g. https://example.com' },
      ]),
    );
    const stored = await app.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored).toMatchObject({ firstName: 'Иван', bio: null, status: null });

    const exactly = await app.graphql(UPDATE_PROFILE, { input: { bio: 'б'.repeat(500), status: 's'.repeat(100) } }, { token });
    expect(exactly.data.updateProfile.user.bio).toHaveLength(500);
  });

  it('lets nobody but the owner or an admin edit a profile: 403 through GraphQL and REST', async () => {
    const owner = await registerAndLogin(app);
    const other = await registerAndLogin(app);

    const viaGraphQL = await app.graphql(
      UPDATE_PROFILE,
      { userId: userId(owner.user.id), input: { bio: 'взлом' } },
      { token: other.token },
    );
    expect(viaGraphQL.data.updateProfile).toEqual({
      __typename: 'ForbiddenError',
      message: 'Недостаточно прав для этого действия',
    });

    const viaRest = await app.request('PATCH', '/users/profile', {
      token: other.token,
      json: { user_id: owner.user.id, bio: 'взлом' },
    });
    expect(viaRest.status).toBe(403);
    expect(await viaRest.json()).toEqual({ detail: 'Недостаточно прав для этого действия' });

    const upload = new FormData();
    upload.append('type', 'avatar');
    upload.append('user_id', String(owner.user.id));
    upload.append('file', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'a.png'));
    const uploadAsOther = await app.request('POST', '/users/upload-image', { token: other.token, body: upload });
    expect(uploadAsOther.status).toBe(403);

    expect((await app.services.prisma.user.findUniqueOrThrow({ where: { id: owner.user.id } })).bio).toBeNull();

    // The profile says who may edit it.
    const canEdit = await app.graphql(
      `query($u: String!) { userByUsername(username: $u) { canEdit isViewer } }`,
      { u: owner.user.username },
      { token: other.token },
    );
    expect(canEdit.data.userByUsername).toEqual({ canEdit: false, isViewer: false });

    const admin = await makeAdmin(app);
    const byAdmin = await app.graphql(
      UPDATE_PROFILE,
      { userId: userId(owner.user.id), input: { status: 'Проверено' } },
      { token: admin.token },
    );
    expect(byAdmin.data.updateProfile.user.status).toBe('Проверено');
  });

  it('answers 404 with the spec text for an unknown username and for unknown ids', async () => {
    const { token } = await registerAndLogin(app);
    const missing = await app.request('GET', '/users/profile/nobody_here', { token, headers: { 'accept-language': 'en' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'User with name @nobody_here not found' });
    expect((await app.request('GET', '/users/999999/profile', { token })).status).toBe(404);
    expect((await app.request('GET', '/users/abc/profile', { token })).status).toBe(404);
  });
});

describe('profile settings', () => {
  it('reads and saves names and username, refusing a username someone else has', async () => {
    const { token, user, member } = await registerAndLogin(app);
    const taken = await registerAndLogin(app);
    const settings = await app.request('GET', '/users/profile-settings', { token });
    expect(await settings.json()).toEqual({
      first_name: 'Иван',
      last_name: 'Петров',
      middle_name: null,
      username: member.username,
      phone: null,
      phone_verified: false,
    });

    const conflict = await app.request('PUT', '/users/profile-settings', {
      token,
      json: { first_name: 'Иван', last_name: 'Петров', username: taken.user.username.toUpperCase() },
    });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ detail: 'Это имя пользователя уже занято', field: 'username' });

    const available = await app.graphql(
      `query($a: String!, $b: String!) { mine: usernameAvailable(username: $a) taken: usernameAvailable(username: $b) }`,
      { a: user.username, b: taken.user.username },
      { token },
    );
    expect(available.data).toEqual({ mine: true, taken: false });

    const saved = await app.request('PUT', '/users/profile-settings', {
      token,
      json: { first_name: 'Иван', last_name: 'Сидоров', middle_name: 'Петрович', username: `${user.username}_new` },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      success: true,
      message: 'Настройки профиля успешно обновлены',
      last_name: 'Сидоров',
      middle_name: 'Петрович',
      username: `${user.username}_new`,
    });
  });
});

describe('password change', () => {
  const CHANGE = `mutation($input: ChangePasswordInput!) {
    changePassword(input: $input) { __typename ... on Error { message } ... on ChangePasswordSuccess { message } }
  }`;

  it('refuses a wrong current password and a short new one, then changes it and ends the other sessions', async () => {
    const { token, member } = await registerAndLogin(app);
    const wrong = await app.request('POST', '/users/change-password', {
      token,
      json: { current_password: 'not-mine', new_password: 'brand-new-1' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ detail: 'Неверный текущий пароль' });

    const short = await app.request('POST', '/users/change-password', {
      token,
      json: { current_password: member.password, new_password: '12345' },
    });
    expect(short.status).toBe(422);
    expect((await short.json()).detail).toBe('Пароль должен содержать не менее 6 символов');

    const otherDevice = await (
      await app.request('POST', '/auth/login', { json: { email: member.email, password: member.password } })
    ).json();
    const changed = await app.graphql(
      CHANGE,
      { input: { currentPassword: member.password, newPassword: 'brand-new-1' } },
      { token },
    );
    expect(changed.data.changePassword).toEqual({ __typename: 'ChangePasswordSuccess', message: 'Пароль успешно изменен' });

    expect((await app.request('GET', '/auth/me', { token })).status).toBe(200);
    expect((await app.request('GET', '/auth/me', { token: otherDevice.access_token })).status).toBe(401);
    const oldLogin = await app.request('POST', '/auth/login', { json: { email: member.email, password: member.password } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await app.request('POST', '/auth/login', { json: { email: member.email, password: 'brand-new-1' } });
    expect(newLogin.status).toBe(200);
  });

  it('stops guessing the current password after the login limit', async () => {
    const { token } = await registerAndLogin(app);
    for (let i = 0; i < 3; i++) {
      const result = await app.graphql(CHANGE, { input: { currentPassword: `guess-${i}`, newPassword: 'whatever1' } }, { token });
      expect(result.data.changePassword.__typename).toBe('WrongPasswordError');
    }
    const limited = await app.request('POST', '/users/change-password', {
      token,
      json: { current_password: 'guess-3', new_password: 'whatever1' },
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ detail: 'Слишком много попыток. Попробуйте позже' });
  });
});

describe('the user list and the dashboard counters', () => {
  it('refuses a plain member and serves moderators, searchable and paginated', async () => {
    const plain = await registerAndLogin(app);
    expect((await app.request('GET', '/users', { token: plain.token })).status).toBe(403);
    const refused = await app.graphql(`{ users(first: 5) { totalCount } }`, {}, { token: plain.token });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const moderator = await registerAndLogin(app, { first_name: 'Модест' });
    await app.services.prisma.user.update({ where: { id: moderator.user.id }, data: { role: 'moderator' } });
    const page = await app.graphql(
      `query($s: String) { users(first: 2, search: $s) { totalCount pageInfo { hasNextPage } edges { node { firstName role isActive } } } }`,
      { s: 'модест' },
      { token: moderator.token },
    );
    expect(page.data.users.totalCount).toBe(1);
    expect(page.data.users.edges[0].node).toEqual({ firstName: 'Модест', role: 'MODERATOR', isActive: true });
    const all = await app.graphql(`{ users(first: 2) { totalCount pageInfo { hasNextPage } } }`, {}, { token: moderator.token });
    expect(all.data.users.pageInfo.hasNextPage).toBe(all.data.users.totalCount > 2);

    // An over-long search text is refused in the member's language (it was zod's English "Too big: …").
    const texts = { ru: 'Не более 100 символов', en: 'At most 100 characters', fr: '100 caractères maximum' };
    for (const [language, text] of Object.entries(texts)) {
      const long = await app.graphql(
        `query($s: String) { users(first: 2, search: $s) { totalCount } }`,
        { s: 'а'.repeat(101) },
        { token: moderator.token, headers: { 'accept-language': language } },
      );
      expect(long.errors?.[0]).toMatchObject({ message: text, extensions: { code: 'VALIDATION' } });
    }
  });

  it('counts users, content, friendships and messages live (GET /system/status)', async () => {
    const { token } = await registerAndLogin(app);
    const before = await (await app.request('GET', '/system/status', { token })).json();
    await registerAndLogin(app);
    const after = await (await app.request('GET', '/system/status', { token })).json();
    expect(after.users.total).toBe(before.users.total + 1);
    expect(after).toMatchObject({
      content: { total: expect.any(Number), published: expect.any(Number) },
      social: { friendships: expect.any(Number), messages: expect.any(Number) },
    });
  });
});
