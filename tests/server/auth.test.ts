import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { newMember, registerAndLogin, registerMember } from '../support/members';
import { loadTokenSecret } from '../../server/src/auth/tokens';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ loginLimitPerAccount: 3, loginLimitPerAddress: 1000 });
});
afterAll(() => app?.dispose());

describe('registration', () => {
  it('creates a member and answers with the spec user fields', async () => {
    const member = newMember();
    const response = await app.request('POST', '/auth/register', { json: member });
    expect(response.status).toBe(201);
    const user = await response.json();
    expect(user).toMatchObject({
      id: null,
      username: member.username,
      email: member.email,
      first_name: 'Иван',
      last_name: 'Петров',
      role: 'user',
      is_active: true,
      phone_verified: false,
      posts_count: 0,
      friends_count: 0,
    });
    expect(user).not.toHaveProperty('password_hash');
    const stored = await app.services.prisma.user.findUniqueOrThrow({ where: { email: member.email } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers a taken email exactly like a free one, creates nothing and tells the owner by mail', async () => {
    const { member } = await registerAndLogin(app);
    const outbox = path.join(app.dataDir, 'outbox');
    const mailsBefore = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    const usersBefore = await app.services.prisma.user.count();
    const fields = { first_name: 'Анна', last_name: 'Орлова', username: 'anna_probe', password: 'secret123' };

    const taken = await app.request('POST', '/auth/register', { json: { ...fields, email: member.email.toUpperCase() } });
    const takenBody = await taken.json();
    expect(await app.services.prisma.user.count()).toBe(usersBefore);
    const fresh = await app.request('POST', '/auth/register', { json: { ...fields, email: 'anna.probe@example.ru' } });
    const freshBody = await fresh.json();

    expect(taken.status).toBe(fresh.status);
    const comparable = (body: Record<string, unknown>) => ({ ...body, email: '', created_at: '' });
    expect(comparable(takenBody)).toEqual(comparable(freshBody));
    expect(takenBody.id).toBeNull();

    await app.services.background.drain();
    const mails = fs.readdirSync(outbox).sort();
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = fs.readFileSync(path.join(outbox, mails.at(-1)!), 'utf8');
    expect(mail).toContain(`To: ${member.email}`);
    expect(mail).toContain('Кто-то попытался зарегистрироваться');
  });

  it('tells an administrator creating an account that the email is taken, and answers the new user', async () => {
    const { member } = await registerAndLogin(app);
    const admin = await registerAndLogin(app);
    await app.services.prisma.user.update({ where: { id: admin.user.id }, data: { role: 'admin' } });
    const sameEmail = await app.request('POST', '/auth/register', {
      json: newMember({ email: member.email }),
      token: admin.token,
    });
    expect(sameEmail.status).toBe(409);
    expect(await sameEmail.json()).toEqual({ detail: 'Пользователь с таким email уже зарегистрирован', field: 'email' });
    const created = await app.request('POST', '/auth/register', { json: newMember(), token: admin.token });
    expect(created.status).toBe(201);
    expect((await created.json()).id).toEqual(expect.any(Number));
  });

  it('refuses a taken username with a field error, case-insensitively', async () => {
    const { member } = await registerAndLogin(app);
    const sameUsername = await app.graphql(
      `mutation($input: SignUpInput!) { signUp(input: $input) { __typename ... on ConflictError { field message } } }`,
      {
        input: {
          firstName: 'A',
          lastName: 'B',
          username: member.username.toUpperCase(),
          email: 'other@example.ru',
          password: 'secret123',
        },
      },
      { headers: { 'accept-language': 'en' } },
    );
    expect(sameUsername.data?.signUp).toEqual({
      __typename: 'ConflictError',
      field: 'username',
      message: 'This username is already taken',
    });
  });

  it('explains each invalid field and stores nothing', async () => {
    const before = await app.services.prisma.user.count();
    const response = await app.request('POST', '/auth/register', {
      json: { first_name: '  ', last_name: 'Петров', username: 'a', email: 'not-an-email', password: '123' },
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'Обязательное поле' },
        { field: 'email', message: 'Введите корректный email' },
        { field: 'password', message: 'Пароль должен содержать не менее 6 символов' },
        expect.objectContaining({ field: 'username' }),
      ]),
    );
    expect(await app.services.prisma.user.count()).toBe(before);
  });
});

describe('sign-in', () => {
  it('answers {access_token, token_type, user} and the token opens /auth/me', async () => {
    const member = newMember();
    await app.request('POST', '/auth/register', { json: member });
    const login = await app.request('POST', '/auth/login', { json: { email: `  ${member.email}  `, password: member.password } });
    expect(login.status).toBe(200);
    const body = await login.json();
    expect(body).toMatchObject({ token_type: 'bearer', user: { email: member.email, username: member.username } });
    expect(body.user.last_login).toEqual(expect.any(String));

    const me = await app.request('GET', '/auth/me', { token: body.access_token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: body.user.id, email: member.email });
    const apiMe = await app.request('GET', '/api/auth/me', { token: body.access_token });
    expect(apiMe.status).toBe(200);
  });

  it("refuses a wrong password with 401 and the spec's text, in the caller's language", async () => {
    const { member } = await registerAndLogin(app);
    const ru = await app.request('POST', '/auth/login', { json: { email: member.email, password: 'wrong-password' } });
    expect(ru.status).toBe(401);
    expect(await ru.json()).toEqual({ detail: 'Неверный email или пароль' });
    const fr = await app.request('POST', '/auth/login', {
      json: { email: 'nobody@example.ru', password: 'x' },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(fr.status).toBe(401);
    expect(await fr.json()).toEqual({ detail: 'E-mail ou mot de passe incorrect' });
  });

  it('answers 429 once an account has failed too often, even with the right password', async () => {
    const { member } = await registerAndLogin(app);
    for (let i = 0; i < 3; i++) {
      const failed = await app.request('POST', '/auth/login', { json: { email: member.email, password: 'nope' } });
      expect(failed.status).toBe(401);
    }
    const limited = await app.request('POST', '/auth/login', { json: { email: member.email, password: member.password } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ detail: 'Слишком много попыток входа. Попробуйте позже' });
  });

  it('answers 401 for a missing, forged or revoked token', async () => {
    expect((await app.request('GET', '/auth/me')).status).toBe(401);
    expect((await app.request('GET', '/auth/me', { token: 'not-a-token' })).status).toBe(401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4Iiwic3ViIjoiMSIsImlzcyI6Imxpbmt1cCJ9.c2lnbmF0dXJl';
    expect((await app.request('GET', '/auth/me', { token: forged })).status).toBe(401);

    const { token } = await registerAndLogin(app);
    const signOut = await app.graphql('mutation { signOut { __typename ... on SignOutSuccess { done } } }', {}, { token });
    expect(signOut.data).toEqual({ signOut: { __typename: 'SignOutSuccess', done: true } });
    const after = await app.request('GET', '/auth/me', { token });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ detail: 'Сессия недействительна или истекла. Войдите заново' });
  });

  it('ends the sessions of a deactivated member and refuses their sign-in', async () => {
    const { member, token, user } = await registerAndLogin(app);
    await app.services.prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect((await app.request('GET', '/auth/me', { token })).status).toBe(401);
    const login = await app.request('POST', '/auth/login', { json: { email: member.email, password: member.password } });
    expect(login.status).toBe(403);
    expect(await login.json()).toEqual({ detail: 'Учётная запись отключена администратором' });
  });
});

describe('roles', () => {
  it('lets moderators list users, refuses a plain user with 403 and a visitor with 401', async () => {
    const plain = await registerAndLogin(app);
    const moderator = await registerAndLogin(app);
    await app.services.prisma.user.update({ where: { id: moderator.user.id }, data: { role: 'moderator' } });

    expect((await app.request('GET', '/users', { headers: { accept: 'application/json' } })).status).toBe(401);
    const refused = await app.request('GET', '/users', { token: plain.token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'Недостаточно прав для этого действия' });

    const listed = await app.request('GET', `/users?search=${encodeURIComponent(plain.member.username)}`, {
      token: moderator.token,
    });
    expect(listed.status).toBe(200);
    const body = await listed.json();
    expect(body.total).toBe(1);
    expect(body.users[0]).toMatchObject({ id: plain.user.id, username: plain.member.username });

    const graphqlRefused = await app.graphql('{ users(first: 5) { totalCount } }', {}, { token: plain.token });
    expect(graphqlRefused.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const anonymous = await app.graphql('{ users(first: 5) { totalCount } }');
    expect(anonymous.errors?.[0]).toMatchObject({
      message: 'Требуется вход в систему',
      extensions: { code: 'UNAUTHENTICATED', status: 401 },
    });
  });
});

describe('Relay node interface', () => {
  it('resolves a member by global id for a signed-in viewer and refuses a visitor', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    const viewer = await app.graphql('{ viewer { id databaseId } }', {}, { token: anna.token });
    const annaId = viewer.data.viewer.id;
    expect(viewer.data.viewer.databaseId).toBe(anna.user.id);

    const seen = await app.graphql(
      'query($id: ID!) { node(id: $id) { __typename ... on User { username } } }',
      { id: annaId },
      { token: boris.token },
    );
    expect(seen.data.node).toEqual({ __typename: 'User', username: anna.member.username });

    const anonymous = await app.graphql('query($id: ID!) { node(id: $id) { ... on User { email } } }', { id: annaId });
    // What the viewer may not read is null, not an error: ids cannot be probed by their errors.
    expect(anonymous.data?.node ?? null).toBeNull();
    expect(anonymous.errors).toBeUndefined();
  });
});

describe('a password with spaces around it', () => {
  // The sign-in form trims what is typed (spec section 5): kept with its spaces, the password could never be entered there.
  it('is kept without them, and a password of spaces is no password', async () => {
    const member = await registerMember(app, { password: '  secret12  ' });
    const typed = await app.request('POST', '/auth/login', { json: { email: member.email, password: 'secret12' } });
    expect(typed.status).toBe(200);
    const blank = await app.request('POST', '/auth/login', {
      json: { email: member.email, password: '   ' },
      headers: { 'accept-language': 'en' },
    });
    expect(blank.status).toBe(422);
    expect((await blank.json()).detail).toBe('Enter password');
  });
});

describe('password recovery', () => {
  const outbox = () => path.join(app.dataDir, 'outbox');
  const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);

  it('mails a single-use link that sets a new password and ends the old sessions', async () => {
    const { member, token } = await registerAndLogin(app);
    const before = mails().length;
    const requested = await app.request('POST', '/auth/forgot-password', { json: { email: member.email } });
    expect(requested.status).toBe(200);
    await app.services.background.drain();
    expect(mails()).toHaveLength(before + 1);
    const mail = fs.readFileSync(path.join(outbox(), mails().at(-1)!), 'utf8');
    expect(mail).toContain(`To: ${member.email}`);
    const link = /http:\/\/localhost:\d+\/reset-password\?token=([\w%-]+)/.exec(mail);
    expect(link).not.toBeNull();
    const resetToken = decodeURIComponent(link![1]);

    const reset = await app.request('POST', '/auth/reset-password', { json: { token: resetToken, new_password: 'brand-new-1' } });
    expect(reset.status).toBe(200);
    expect((await app.request('GET', '/auth/me', { token })).status).toBe(401);
    const oldLogin = await app.request('POST', '/auth/login', { json: { email: member.email, password: member.password } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await app.request('POST', '/auth/login', { json: { email: member.email, password: 'brand-new-1' } });
    expect(newLogin.status).toBe(200);

    const again = await app.request('POST', '/auth/reset-password', { json: { token: resetToken, new_password: 'another-1' } });
    expect(again.status).toBe(400);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = mails().length;
    const response = await app.request('POST', '/auth/forgot-password', { json: { email: 'ghost@example.ru' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Инструкции по восстановлению пароля отправлены на ваш email' });
    await app.services.background.drain();
    expect(mails()).toHaveLength(before);
  });

  it("asks for the email in the spec's words when none is given", async () => {
    for (const [language, text] of [
      ['ru', 'Введите email для восстановления пароля'],
      ['en', 'Enter email to recover your password'],
      ['fr', 'Saisissez votre e-mail pour récupérer votre mot de passe'],
    ]) {
      const response = await app.request('POST', '/auth/forgot-password', {
        json: { email: '  ' },
        headers: { 'accept-language': language },
      });
      expect(response.status).toBe(422);
      expect((await response.json()).detail).toBe(text);
    }
  });

  it('refuses an expired link', async () => {
    const { member } = await registerAndLogin(app);
    await app.request('POST', '/auth/forgot-password', { json: { email: member.email } });
    await app.services.background.drain();
    const mail = fs.readFileSync(path.join(outbox(), mails().at(-1)!), 'utf8');
    const resetToken = decodeURIComponent(/token=([\w%-]+)/.exec(mail)![1]);
    await app.services.prisma.passwordResetToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const reset = await app.graphql('mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { __typename } }', {
      input: { token: resetToken, password: 'brand-new-1' },
    });
    expect(reset.data?.resetPassword.__typename).toBe('InvalidTokenError');
  });
});

describe('bad requests', () => {
  it('answers malformed JSON with 400 and no stack trace', async () => {
    const response = await app.request('POST', '/auth/login', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Тело запроса не является корректным JSON' });
  });

  it('answers malformed GraphQL with 400', async () => {
    const response = await app.request('POST', '/graphql', {
      json: { query: '{ viewer { ' },
      headers: { accept: 'application/graphql-response+json' },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors[0].message).toMatch(/Syntax Error/);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('masks unexpected failures', async () => {
    const broken = await createTestApp();
    await broken.db.prisma.$executeRawUnsafe('DROP TABLE "users" CASCADE');
    const response = await broken.request('POST', '/auth/login', { json: { email: 'a@b.ru', password: 'x' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ detail: 'Ошибка сервера. Попробуйте позже' });
    await broken.dispose();
  });
});

describe('login limits per address', () => {
  it('answers 429 to an address that failed too often, whatever account it tries, and not to another address', async () => {
    const limited = await createTestApp({ loginLimitPerAccount: 100, loginLimitPerAddress: 3, trustProxy: true });
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      for (let i = 0; i < 3; i++) {
        const failed = await limited.request('POST', '/auth/login', {
          json: { email: `nobody${i}@example.ru`, password: 'x' },
          headers: from('203.0.113.7'),
        });
        expect(failed.status).toBe(401);
      }
      const { member } = await registerAndLogin(limited);
      const blocked = await limited.request('POST', '/auth/login', {
        json: { email: member.email, password: member.password },
        headers: from('203.0.113.7'),
      });
      expect(blocked.status).toBe(429);
      const elsewhere = await limited.request('POST', '/auth/login', {
        json: { email: member.email, password: member.password },
        headers: from('198.51.100.2'),
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});

describe('token secret', () => {
  it('uses TOKEN_SECRET when given, else generates one once and keeps it in the data folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-secret-'));
    try {
      expect(new TextDecoder().decode(loadTokenSecret('from-env', dir))).toBe('from-env');
      expect(fs.existsSync(path.join(dir, 'token-secret'))).toBe(false);
      const generated = loadTokenSecret(undefined, dir);
      expect(generated.length).toBeGreaterThanOrEqual(48);
      expect(fs.statSync(path.join(dir, 'token-secret')).mode & 0o777).toBe(0o600);
      expect(loadTokenSecret(undefined, dir)).toEqual(generated);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
