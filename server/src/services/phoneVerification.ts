import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { User } from '../generated/prisma/client';
import { translate, type Locale } from '../i18n';
import type { Services } from './container';
import { rules } from './validation';
import { DeliveryFailedError, PhoneLockedError, RateLimitError, VerificationCodeError } from './errors';

export const sendPhoneCodeInput = z.object({ phone: rules.phone() });

export const verifyPhoneInput = z.object({
  phone: rules.phone(),
  code: z
    .string()
    .trim()
    .min(1, 'phone.codeRequired')
    .regex(/^\d{6}$/, 'phone.codeFormat'),
});

/** Codes are kept only as a keyed hash: a database leak alone does not reveal a 6-digit code. */
function hashCode(secret: Uint8Array, userId: number, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${phone}:${code}`).digest('hex');
}

function assertPhoneMayBeVerified(user: Pick<User, 'phone' | 'phoneVerified'>, phone: string) {
  if (!user.phoneVerified) return;
  throw new PhoneLockedError(user.phone === phone ? 'phone.alreadyVerified' : 'phone.locked');
}

/**
 * Sends a new 6-digit code to `phone` (earlier codes stop working). At most one code per
 * PHONE_CODE_RESEND_SECONDS and PHONE_CODES_PER_HOUR codes an hour. Without an SMS gateway the
 * answer carries a development note and the code goes to the log.
 */
export async function sendPhoneVerificationCode(
  services: Services,
  user: Pick<User, 'id' | 'phone' | 'phoneVerified'>,
  phone: string,
  locale: Locale,
): Promise<{ devNote: string | null }> {
  const { prisma, config } = services;
  assertPhoneMayBeVerified(user, phone);
  const now = Date.now();
  const [latest, lastHour] = await Promise.all([
    prisma.phoneVerification.findFirst({ where: { userId: user.id }, orderBy: { createdAt: 'desc' } }),
    prisma.phoneVerification.count({ where: { userId: user.id, createdAt: { gt: new Date(now - 3600_000) } } }),
  ]);
  const wait = latest ? Math.ceil((latest.createdAt.getTime() + config.phoneCodeResendSeconds * 1000 - now) / 1000) : 0;
  if (wait > 0) throw new RateLimitError(wait, 'phone.resendWait');
  if (lastHour >= config.phoneCodesPerHour) throw new RateLimitError(3600, 'phone.tooManyCodes');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [, record] = await prisma.$transaction([
    prisma.phoneVerification.updateMany({ where: { userId: user.id, consumedAt: null }, data: { consumedAt: new Date(now) } }),
    prisma.phoneVerification.create({
      data: {
        userId: user.id,
        phone,
        codeHash: hashCode(services.tokenSecret, user.id, phone, code),
        createdAt: new Date(now),
        expiresAt: new Date(now + config.phoneCodeTtlSeconds * 1000),
      },
    }),
  ]);
  try {
    await services.sms.send({ to: phone, text: translate(locale, 'phone.smsText', { code }) });
  } catch (error) {
    services.log.error(`SMS to ${phone} failed`, error);
    // A code nobody received must not count against the member's limits.
    await prisma.phoneVerification.delete({ where: { id: record.id } });
    throw new DeliveryFailedError('phone.smsFailed');
  }
  return { devNote: services.sms.delivers ? null : translate(locale, 'phone.devNote') };
}

/**
 * Checks the code sent to `phone`. Each try is counted before the comparison, so parallel guesses
 * cannot exceed PHONE_CODE_MAX_ATTEMPTS; a correct code marks the phone verified (and locked).
 */
export async function verifyPhoneCode(
  services: Services,
  user: Pick<User, 'id' | 'phone' | 'phoneVerified'>,
  phone: string,
  code: string,
): Promise<void> {
  const { prisma, config } = services;
  assertPhoneMayBeVerified(user, phone);
  const record = await prisma.phoneVerification.findFirst({
    where: { userId: user.id, consumedAt: null },
    orderBy: { createdAt: 'desc' },
  });
  if (!record || record.phone !== phone) throw new VerificationCodeError('phone.codeNotRequested');
  if (record.expiresAt.getTime() <= Date.now()) throw new VerificationCodeError('phone.codeExpired');

  const max = config.phoneCodeMaxAttempts;
  const claimed = await prisma.phoneVerification.updateMany({
    where: { id: record.id, consumedAt: null, attempts: { lt: max } },
    data: { attempts: { increment: 1 } },
  });
  if (claimed.count !== 1) throw new VerificationCodeError('phone.tooManyAttempts');

  const expected = Buffer.from(record.codeHash, 'hex');
  const given = Buffer.from(hashCode(services.tokenSecret, user.id, phone, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const remaining = Math.max(0, max - (record.attempts + 1));
    throw new VerificationCodeError(remaining > 0 ? 'phone.codeWrong' : 'phone.tooManyAttempts', remaining);
  }
  await prisma.$transaction(async (tx) => {
    const spent = await tx.phoneVerification.updateMany({
      where: { id: record.id, consumedAt: null },
      data: { consumedAt: new Date() },
    });
    if (spent.count !== 1) throw new VerificationCodeError('phone.codeNotRequested');
    await tx.user.update({ where: { id: user.id }, data: { phone, phoneVerified: true } });
  });
}
