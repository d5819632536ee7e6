import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { newMember, registerAndLogin } from '../support/members';
import { createRedisRateLimiter } from '../../server/src/auth/rateLimit';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ loginLimitPerAccount: 5, loginLimitPerAddress: 1000, registrationsPerAddressPerHour: 3 });
});
afterAll(() => app?.dispose());

const wrongLogins = (email: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, () => app.request('POST', '/auth/login', { json: { email, password: 'wrong-password' } })),
  ).then((answers) => answers.map((answer) => answer.status).sort());

describe('login limiter under a race', () => {
  it('lets at most 5 of 8 parallel wrong passwords be checked; the rest get 429', async () => {
    const statuses = await wrongLogins('race@example.ru', 8);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('does the same with the counters in Redis', async ({ skip }) => {
    if (!process.env.REDIS_URL_TEST) skip();
    const redis = new Redis(process.env.REDIS_URL_TEST!);
    const limiter = createRedisRateLimiter(redis, `linkup:test:${crypto.randomUUID()}:`);
    try {
      const counts = await Promise.all(Array.from({ length: 8 }, () => limiter.hit('account', 60)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(counts.every((c) => c.retryAfterSeconds > 0 && c.retryAfterSeconds <= 60)).toBe(true);
      await limiter.undo('account');
      expect((await limiter.hit('account', 60)).count).toBe(8);
      await limiter.reset('account');
      expect((await limiter.hit('account', 60)).count).toBe(1);
    } finally {
      await limiter.reset('account');
      await redis.quit();
    }
  });

  it('never keeps the owner of a locked-out account from resetting the password and signing in', async () => {
    const { member } = await registerAndLogin(app);
    await wrongLogins(member.email, 6);
    const locked = await app.request('POST', '/auth/login', { json: { email: member.email, password: member.password } });
    expect(locked.status).toBe(429);

    expect((await app.request('POST', '/auth/forgot-password', { json: { email: member.email } })).status).toBe(200);
    await app.services.background.drain();
    const outbox = path.join(app.dataDir, 'outbox');
    const mail = fs.readFileSync(path.join(outbox, fs.readdirSync(outbox).sort().at(-1)!), 'utf8');
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(mail)![1]);
    const reset = await app.request('POST', '/auth/reset-password', { json: { token, new_password: 'brand-new-1' } });
    expect(reset.status).toBe(200);

    const login = await app.request('POST', '/auth/login', { json: { email: member.email, password: 'brand-new-1' } });
    expect(login.status).toBe(200);
  });
});

describe('registration limit per address', () => {
  it('answers 429 past the configured number of sign-ups from one address, and creates nothing more', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const other = await createTestApp({ registrationsPerAddressPerHour: 2, trustProxy: true });
    try {
      for (let i = 0; i < 2; i++) {
        expect((await other.request('POST', '/auth/register', { json: newMember(), headers })).status).toBe(201);
      }
      const before = await other.services.prisma.user.count();
      const refused = await other.request('POST', '/auth/register', {
        json: newMember(),
        headers: { ...headers, 'accept-language': 'en' },
      });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ detail: 'Too many requests. Try again later' });
      expect(await other.services.prisma.user.count()).toBe(before);
      const elsewhere = await other.request('POST', '/auth/register', {
        json: newMember(),
        headers: { 'x-forwarded-for': '203.0.113.8' },
      });
      expect(elsewhere.status).toBe(201);
    } finally {
      await other.dispose();
    }
  });
});

describe('password reset answers alike for known and unknown emails', () => {
  it('answers the same body without waiting for the mail, so the time does not tell', async () => {
    const { member } = await registerAndLogin(app);
    const mailer = app.services.mailer;
    let release!: () => void;
    const mailSent = new Promise<void>((resolve) => (release = resolve));
    // A mail server that takes its time: the answer must not wait for it.
    app.services.mailer = { send: () => mailSent };
    try {
      const answer = async (email: string) => {
        const started = performance.now();
        const response = await app.request('POST', '/auth/forgot-password', { json: { email } });
        return { status: response.status, body: await response.json(), ms: performance.now() - started };
      };
      const known = await Promise.race([
        answer(member.email),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the answer waited for the mail')), 2000)),
      ]);
      const unknown = await answer('nobody-here@example.ru');
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
    } finally {
      release();
      await app.services.background.drain();
      app.services.mailer = mailer;
    }
  });
});

describe('per-member quotas', () => {
  it('refuses rooms and uploads past the configured number per hour with 429, and stores nothing more', async () => {
    const other = await createTestApp({ roomsPerUserPerHour: 2, uploadsPerUserPerHour: 1 });
    try {
      const { token } = await registerAndLogin(other);
      const createRoom = () =>
        other.request('POST', '/api/zoomvisor/rooms', { token, json: { name: 'Комната', type: 'group', max_participants: 4 } });
      expect((await createRoom()).status).toBe(201);
      expect((await createRoom()).status).toBe(201);
      const refused = await createRoom();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ detail: 'Слишком много новых комнат. Попробуйте позже' });
      expect(await other.services.prisma.room.count()).toBe(2);

      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const upload = () => {
        const form = new FormData();
        form.append('files', new File([new Uint8Array(png)], 'photo.png'));
        return other.request('POST', '/publications/upload-media', { token, body: form });
      };
      expect((await upload()).status).toBeLessThan(300);
      const tooMany = await upload();
      expect(tooMany.status).toBe(429);
      expect(await tooMany.json()).toEqual({ detail: 'Слишком много загрузок. Попробуйте позже' });
      expect(await other.services.prisma.publicationMedia.count()).toBe(1);
    } finally {
      await other.dispose();
    }
  });
});
