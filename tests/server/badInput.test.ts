import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { imageFile } from './mediaFixtures';

/** Hostile input is the client's mistake: a 4xx with a translated text, never a 500, and nothing stored. */
let app: TestApp;
let member: Awaited<ReturnType<typeof registerAndLogin>>;
let friend: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  app = await createTestApp();
  member = await registerAndLogin(app);
  friend = await registerAndLogin(app);
});
afterAll(() => app?.dispose());

const storedBio = async () =>
  (await app.services.prisma.user.findUniqueOrThrow({ where: { id: member.user.id }, select: { bio: true } })).bio;

describe('a NUL character in text', () => {
  it('is refused by every REST row, in the body, the query or the path, before anything is stored', async () => {
    const profile = await app.request('PATCH', '/users/profile', { token: member.token, json: { bio: 'a\u0000b' } });
    expect(profile.status).toBe(400);
    expect(await profile.json()).toEqual({ detail: 'Текст не может содержать нулевой символ' });
    expect(await storedBio()).toBeNull();

    const message = await app.request('POST', '/messages', {
      token: member.token,
      json: { receiver_id: friend.user.id, content: 'hi\u0000' },
      headers: { 'accept-language': 'en' },
    });
    expect(message.status).toBe(400);
    expect(await message.json()).toEqual({ detail: 'Text may not contain a NUL character' });
    expect(await app.services.prisma.message.count()).toBe(0);

    const search = await app.request('GET', '/search-friends?query=a%00b', { token: member.token });
    expect(search.status).toBe(400);
    const byName = await app.request('GET', '/users/profile/a%00b', { token: member.token });
    expect(byName.status).toBe(400);
  });

  it('is refused in GraphQL variables and literals with a 400 and a translated error', async () => {
    const mutation = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { __typename } }`;
    const byVariable = await app.request('POST', '/graphql', {
      token: member.token,
      json: { query: mutation, variables: { input: { bio: 'a\u0000b' } } },
      headers: { 'accept-language': 'fr' },
    });
    expect(byVariable.status).toBe(400);
    expect((await byVariable.json()).errors[0].message).toBe('Le texte ne peut pas contenir de caractère NUL');

    const byLiteral = await app.request('POST', '/graphql', {
      token: member.token,
      json: { query: `mutation { updateProfile(input: { bio: "a\\u0000b" }) { __typename } }` },
    });
    expect(byLiteral.status).toBe(400);
    expect((await byLiteral.json()).errors[0].message).toBe('Текст не может содержать нулевой символ');
    expect(await storedBio()).toBeNull();
  });
});

describe('a JSON body of the wrong shape', () => {
  it.each(['[]', 'null', '[{"content":"x"}]', '"text"', '42'])('answers %s with 422 and stores nothing', async (body) => {
    const answer = await app.request('POST', '/messages', {
      token: member.token,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({ detail: 'Тело запроса должно быть JSON-объектом' });
    expect(await app.services.prisma.message.count()).toBe(0);
  });

  it('is refused even where the row reads no body at all', async () => {
    const logout = await app.request('POST', '/auth/logout', {
      token: member.token,
      body: '[]',
      headers: { 'content-type': 'application/json' },
    });
    expect(logout.status).toBe(422);
    expect((await app.request('GET', '/auth/me', { token: member.token })).status).toBe(200);
  });
});

describe('a form body that cannot be read', () => {
  it('is refused with 400 saying so, not as invalid JSON, and nothing is stored', async () => {
    for (const [type, body] of [
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="photo"\r\n\r\nabc'],
      ['multipart/form-data', 'abc'],
    ]) {
      const answer = await app.request('POST', '/media/upload', {
        token: member.token,
        body,
        headers: { 'content-type': type, 'accept-language': 'en' },
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        detail: 'The request body could not be read as a form (multipart/form-data or urlencoded)',
      });
    }
    expect(await app.services.prisma.galleryItem.count()).toBe(0);
  });
});

describe('an impossible date', () => {
  it('is refused, not rolled over into the next month', async () => {
    const rest = await app.request('PATCH', '/users/profile', { token: member.token, json: { birth_date: '1990-02-31' } });
    expect(rest.status).toBe(400);
    expect((await rest.json()).detail).toBe('Такой даты не существует (ожидается ГГГГ-ММ-ДД)');

    const graphql = await app.graphql(
      `mutation { updateProfile(input: { birthDate: "1990-02-30" }) { __typename } }`,
      {},
      { token: member.token, headers: { 'accept-language': 'en' } },
    );
    expect(graphql.errors?.[0].message).toContain('No such date (expected YYYY-MM-DD)');
    const byVariable = await app.graphql(
      `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { __typename } }`,
      { input: { birthDate: '1990-02-30' } },
      { token: member.token, headers: { 'accept-language': 'fr' } },
    );
    expect(byVariable.errors?.[0].message).toContain("Cette date n'existe pas (format attendu AAAA-MM-JJ)");
    expect(byVariable.errors?.[0].message).not.toContain('ГГГГ');
    const stored = await app.services.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect(stored.birthDate).toBeNull();

    const leapDay = await app.request('PATCH', '/users/profile', { token: member.token, json: { birth_date: '1992-02-29' } });
    expect(leapDay.status).toBe(200);
  });
});

describe('ids that name nothing', () => {
  it.each([
    ['GET', '/users/99999999999999999999/profile'],
    ['GET', '/users/2147483648/friends'],
    ['PUT', '/publications/abc'],
    ['PUT', '/publications/99999999999'],
    ['DELETE', '/publications/1e3'],
    ['POST', '/publications/9999999999/like'],
    ['GET', '/publications/user/-1'],
    ['GET', '/api/friendship-status/99999999999'],
  ])('%s %s answers 404', async (method, path) => {
    const answer = await app.request(method, path, { token: member.token });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ detail: 'Не найдено' });
  });
});

describe('a JSON object or list where text is expected', () => {
  // Written out as text they became "[object Object]" (or the list's items joined), which every rule accepted.
  it('is refused with 422 and a translated text, and nothing is stored', async () => {
    const profile = await app.request('PATCH', '/users/profile', { token: member.token, json: { bio: { a: 1 } } });
    expect(profile.status).toBe(422);
    expect((await profile.json()).detail).toBe('Значение должно быть текстом');
    expect(await storedBio()).toBeNull();

    const message = await app.request('POST', '/messages', {
      token: member.token,
      json: { receiver_id: friend.user.id, content: { text: 'hi' } },
      headers: { 'accept-language': 'en' },
    });
    expect(message.status).toBe(422);
    expect((await message.json()).detail).toBe('The value must be text');
    expect(await app.services.prisma.message.count()).toBe(0);

    const publication = await app.request('POST', '/publications/', {
      token: member.token,
      json: { content: ['hello'] },
      headers: { 'accept-language': 'fr' },
    });
    expect(publication.status).toBe(422);
    expect((await publication.json()).detail).toBe('La valeur doit être un texte');
    expect(await app.services.prisma.publication.count()).toBe(0);
  });
});

describe('a page size that is not a whole number from 1 up', () => {
  it.each(['-5', '2.5', '0', 'abc'])(
    '?limit=%s gives the default page, not a refusal in English or "user not found"',
    async (limit) => {
      await app.request('POST', '/publications/', { token: friend.token, json: { content: 'Первый пост' } });
      for (const path of [`/users/${friend.user.id}/posts`, `/publications/user/${friend.user.id}`]) {
        const answer = await app.request('GET', `${path}?limit=${limit}`, { token: member.token });
        expect(answer.status).toBe(200);
        expect((await answer.json()).length).toBeGreaterThan(0);
      }
    },
  );
});

describe('a value GraphQL cannot take (an unknown choice, a flag that is neither true nor false, text for a file)', () => {
  // Each was answered with GraphQL's English text about its variables and types.
  it('is refused with 400, naming the field in the request language, and nothing changes', async () => {
    const respond = await app.request('PUT', '/friends/1/respond?accept=maybe', {
      token: member.token,
      headers: { 'accept-language': 'en' },
    });
    expect(respond.status).toBe(400);
    expect(await respond.json()).toEqual({
      detail: 'Invalid value for the field accept',
      errors: [{ field: 'accept', message: 'Invalid value for the field accept' }],
    });

    const form = new FormData();
    form.append('type', 'banner');
    form.append('file', await imageFile('me.png'));
    const banner = await app.request('POST', '/users/upload-image', { token: member.token, body: form });
    expect(banner.status).toBe(400);
    expect((await banner.json()).detail).toBe('Недопустимое значение поля type');

    const textFile = await app.request('POST', '/users/upload-image', {
      token: member.token,
      json: { type: 'avatar', file: 'me.png' },
      headers: { 'accept-language': 'fr' },
    });
    expect(textFile.status).toBe(422);
    expect((await textFile.json()).detail).toBe('Choisissez un fichier');
    const stored = await app.services.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect([stored.avatarImage, stored.coverImage]).toEqual([null, null]);
  });
});

describe('an argument Pothos itself refuses (an ID that is no global ID or of another type, a negative page size, a cursor it cannot read)', () => {
  // Each was answered with Pothos' English text ("Invalid global ID: …", "Argument "first" must be a non-negative integer").
  it('is answered in the request language: an ID as not found, the rest as bad input', async () => {
    const block = `mutation($id: ID!) { blockUser(userId: $id) { __typename } }`;
    const garbage = await app.graphql(block, { id: 'zzz' }, { token: member.token });
    expect(garbage.errors?.[0]).toMatchObject({ message: 'Не найдено', extensions: { code: 'NOT_FOUND' } });
    const otherType = await app.graphql(
      block,
      { id: Buffer.from('Publication:1').toString('base64') },
      { token: member.token, headers: { 'accept-language': 'en' } },
    );
    expect(otherType.errors?.[0].message).toBe('Not found');
    expect(await app.services.prisma.friendship.count({ where: { status: 'blocked' } })).toBe(0);

    const page = (args: string) =>
      app.graphql(
        `{ friendships(${args}) { edges { node { id } } } }`,
        {},
        { token: member.token, headers: { 'accept-language': 'fr' } },
      );
    expect((await page('first: -1')).errors?.[0].message).toBe('Vérifiez les données saisies');
    expect((await page('first: 1, after: "zzz"')).errors?.[0].message).toBe('Vérifiez les données saisies');

    const noFriend = await app.request('POST', '/friend-requests', { token: member.token, json: {} });
    expect(noFriend.status).toBe(404);
    expect(await noFriend.json()).toEqual({ detail: 'Не найдено' });
  });
});
