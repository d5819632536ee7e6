import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, recordingSmsSender, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

const sms = recordingSmsSender();
let app: TestApp;
let devApp: TestApp;
beforeAll(async () => {
  // No pause between codes here, so each test can ask again at once.
  app = await createTestApp({ phoneCodeResendSeconds: 0, phoneCodeMaxAttempts: 3, phoneCodesPerHour: 100 }, { sms });
  devApp = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
  await devApp?.dispose();
});

const send = (token: string, phone: string, headers: Record<string, string> = {}) =>
  app.request('POST', '/users/send-sms-verification', { token, json: { phone }, headers });
const verify = (token: string, phone: string, code: string) =>
  app.request('POST', '/users/verify-phone', { token, json: { phone, verification_code: code } });

describe('phone verification', () => {
  it('sends a 6-digit code, stores only its hash, and verifies and locks the phone', async () => {
    const { token, user } = await registerAndLogin(app);
    const sent = await send(token, '+7 916 555-12-34');
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true, message: 'Код подтверждения отправлен на ваш телефон' });
    const code = sms.lastCode('+79165551234');
    expect(code).toMatch(/^\d{6}$/);
    const record = await app.services.prisma.phoneVerification.findFirstOrThrow({ where: { userId: user.id } });
    expect(record.codeHash).not.toContain(code);
    expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(600_000);

    const verified = await verify(token, '+79165551234', code);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({
      success: true,
      message: 'Телефон успешно подтвержден',
      phone: '+79165551234',
      phone_verified: true,
    });

    // Verified phones are locked: not replaced through the profile, the settings or a new code.
    const patch = await app.request('PATCH', '/users/profile', { token, json: { phone: '+79160000000' } });
    expect(patch.status).toBe(409);
    expect(await patch.json()).toEqual({ detail: 'Телефон подтверждён, изменить его нельзя' });
    expect((await send(token, '+79160000000')).status).toBe(409);
    const again = await send(token, '+79165551234');
    expect(await again.json()).toEqual({ detail: 'Этот номер уже подтверждён' });
    // Sending the same number along with other fields is fine.
    expect((await app.request('PATCH', '/users/profile', { token, json: { phone: '+79165551234', status: 'ok' } })).status).toBe(
      200,
    );
  });

  it('refuses a wrong code, then gives up on the code after the attempt limit', async () => {
    const { token, user } = await registerAndLogin(app);
    await send(token, '+79165550001');
    const code = sms.lastCode('+79165550001');
    const wrong = code === '000000' ? '111111' : '000000';

    const first = await verify(token, '+79165550001', wrong);
    expect(first.status).toBe(400);
    expect(await first.json()).toEqual({ detail: 'Неверный код подтверждения. Осталось попыток: 2' });
    expect((await (await verify(token, '+79165550001', wrong)).json()).detail).toBe(
      'Неверный код подтверждения. Осталось попыток: 1',
    );
    expect((await (await verify(token, '+79165550001', wrong)).json()).detail).toBe(
      'Слишком много неверных попыток. Запросите новый код',
    );
    // Even the right code no longer works: a new one is needed.
    const late = await verify(token, '+79165550001', code);
    expect(late.status).toBe(400);
    expect((await late.json()).detail).toBe('Слишком много неверных попыток. Запросите новый код');
    expect((await app.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).phoneVerified).toBe(false);

    await send(token, '+79165550001');
    expect((await verify(token, '+79165550001', sms.lastCode('+79165550001'))).status).toBe(200);
  });

  it('refuses an expired code, a code for another number, and a code replaced by a newer one', async () => {
    const { token, user } = await registerAndLogin(app);
    await send(token, '+79165550002');
    const code = sms.lastCode('+79165550002');
    await app.services.prisma.phoneVerification.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await verify(token, '+79165550002', code);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ detail: 'Срок действия кода истёк. Запросите новый код' });

    await send(token, '+79165550002');
    const older = sms.lastCode('+79165550002');
    await send(token, '+79165550002');
    const newer = sms.lastCode('+79165550002');
    if (older !== newer) expect((await verify(token, '+79165550002', older)).status).toBe(400);
    expect((await (await verify(token, '+79165550003', newer)).json()).detail).toBe(
      'Сначала запросите код подтверждения для этого номера',
    );
    expect((await verify(token, '+79165550002', newer)).status).toBe(200);
  });

  it("checks the inputs with the spec's texts", async () => {
    const { token } = await registerAndLogin(app);
    expect((await (await send(token, '  ')).json()).detail).toBe('Введите номер телефона');
    expect((await (await send(token, '12-34', { 'accept-language': 'en' })).json()).detail).toBe(
      'Enter the phone number in international format, e.g. +79161234567',
    );
    expect((await (await verify(token, '+79165550009', '')).json()).detail).toBe('Введите код подтверждения');
    expect((await (await verify(token, '+79165550009', '12a456')).json()).detail).toBe('Код подтверждения состоит из 6 цифр');
  });

  it('limits how often codes can be requested', async () => {
    const limited = await createTestApp({ phoneCodeResendSeconds: 60 }, { sms: recordingSmsSender() });
    try {
      const { token } = await registerAndLogin(limited);
      const body = { json: { phone: '+79165550004' }, token };
      expect((await limited.request('POST', '/users/send-sms-verification', body)).status).toBe(200);
      const soon = await limited.request('POST', '/users/send-sms-verification', body);
      expect(soon.status).toBe(429);
      expect(soon.headers.get('retry-after')).toMatch(/^(59|60)$/);
      expect((await soon.json()).detail).toMatch(/^Новый код можно запросить через (59|60) с$/);
    } finally {
      await limited.dispose();
    }
  });

  it('without an SMS gateway: answers with dev_note and writes the code to the log folder', async () => {
    const { token } = await registerAndLogin(devApp);
    const sent = await devApp.request('POST', '/users/send-sms-verification', { token, json: { phone: '+79165550005' } });
    expect(await sent.json()).toEqual({
      success: true,
      message: 'Код подтверждения отправлен на ваш телефон',
      dev_note: 'SMS-провайдер не настроен: код подтверждения записан в журнал сервера',
    });
    const outbox = fs.readFileSync(path.join(devApp.dataDir, 'sms-outbox', '+79165550005.txt'), 'utf8');
    const code = /код подтверждения (\d{6})/.exec(outbox)![1]!;
    const verified = await devApp.request('POST', '/users/verify-phone', {
      token,
      json: { phone: '+79165550005', verification_code: code },
    });
    expect(verified.status).toBe(200);
  });
});
