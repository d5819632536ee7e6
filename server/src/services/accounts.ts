import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import type { User } from '../generated/prisma/client';
import type { Services } from './container';
import type { Locale } from '../i18n';
import { translate } from '../i18n';
import { hashPassword, verifyPassword, decoyPasswordHash } from '../auth/passwords';
import { startSession, revokeSession, revokeUserSessions, type ClientMeta } from '../auth/sessions';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens';
import { rules } from './validation';
import {
  AccountDisabledError,
  ConflictError,
  InvalidCredentialsError,
  InvalidTokenError,
  RateLimitError,
} from './errors';
import { notify } from './notifications';

export const signUpInput = z.object({
  firstName: rules.requiredText(100),
  lastName: rules.requiredText(100),
  username: rules.username(),
  email: rules.email(),
  password: rules.newPassword(),
});

export const signInInput = z.object({
  email: rules.email(),
  password: z.string().min(1, 'validation.passwordRequired').max(1024, 'validation.tooLong'),
});

export const requestPasswordResetInput = z.object({ email: rules.email() });

export const resetPasswordInput = z.object({
  token: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  password: rules.newPassword(),
});

export async function signUp(services: Services, input: z.output<typeof signUpInput>): Promise<User> {
  const { prisma } = services;
  const [emailOwner, usernameOwner] = await Promise.all([
    prisma.user.findUnique({ where: { email: input.email }, select: { id: true } }),
    prisma.user.findFirst({
      where: { username: { equals: input.username, mode: 'insensitive' } },
      select: { id: true },
    }),
  ]);
  if (emailOwner) throw new ConflictError('email', 'auth.emailTaken');
  if (usernameOwner) throw new ConflictError('username', 'auth.usernameTaken');
  try {
    return await prisma.user.create({
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username,
        email: input.email,
        passwordHash: await hashPassword(input.password),
      },
    });
  } catch (error) {
    // Two sign-ups racing for the same email or username: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const target = JSON.stringify(error.meta ?? {});
      throw target.includes('username')
        ? new ConflictError('username', 'auth.usernameTaken')
        : new ConflictError('email', 'auth.emailTaken');
    }
    throw error;
  }
}

const accountKey = (email: string) => `login:account:${email}`;
const addressKey = (ip: string) => `login:address:${ip}`;

/**
 * Checks the password and opens a session. Failures count per account and per address; past
 * either limit the attempt is refused before the password is even looked at.
 */
export async function signIn(
  services: Services,
  input: z.output<typeof signInInput>,
  meta: ClientMeta,
): Promise<{ token: string; user: User; sessionId: string }> {
  const { prisma, loginLimiter, config } = services;
  const [account, address] = await Promise.all([
    loginLimiter.peek(accountKey(input.email)),
    loginLimiter.peek(addressKey(meta.ip)),
  ]);
  if (account.count >= config.loginLimitPerAccount) throw new RateLimitError(account.retryAfterSeconds);
  if (address.count >= config.loginLimitPerAddress) throw new RateLimitError(address.retryAfterSeconds);

  const user = await prisma.user.findUnique({ where: { email: input.email } });
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    await Promise.all([loginLimiter.hit(accountKey(input.email)), loginLimiter.hit(addressKey(meta.ip))]);
    throw new InvalidCredentialsError();
  }
  if (!user.isActive) throw new AccountDisabledError();

  await loginLimiter.reset(accountKey(input.email));
  const hadLiveSession = await prisma.session.count({
    where: { userId: user.id, revokedAt: null, expiresAt: { gt: new Date() } },
  });
  const session = await startSession(prisma, services.tokenSecret, user.id, config.tokenTtlSeconds, meta);
  const signedIn = await prisma.user.update({ where: { id: user.id }, data: { lastLogin: new Date() } });
  if (hadLiveSession > 0) await notify(services, user.id, 'NEW_SIGN_IN', { sessionId: session.sessionId });
  return { token: session.token, user: signedIn, sessionId: session.sessionId };
}

export async function signOut(services: Services, sessionId: string): Promise<void> {
  await revokeSession(services, sessionId);
}

/**
 * Always answers the same way whether or not the email is registered (no account discovery);
 * a registered, active account gets a mail with a single-use link.
 */
export async function requestPasswordReset(
  services: Services,
  input: z.output<typeof requestPasswordResetInput>,
  meta: ClientMeta,
  locale: Locale,
): Promise<void> {
  const { prisma, loginLimiter, config } = services;
  const key = `reset:${meta.ip}`;
  const attempts = await loginLimiter.peek(key);
  if (attempts.count >= config.loginLimitPerAccount) {
    throw new RateLimitError(attempts.retryAfterSeconds, 'auth.tooManyRequests');
  }
  await loginLimiter.hit(key);

  const user = await prisma.user.findUnique({ where: { email: input.email } });
  if (!user || !user.isActive) return;
  const token = newOpaqueToken();
  await prisma.passwordResetToken.create({
    data: {
      userId: user.id,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + config.passwordResetTtlSeconds * 1000),
    },
  });
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await services.mailer.send({
    to: user.email,
    subject: translate(locale, 'mail.reset.subject'),
    text: translate(locale, 'mail.reset.body', {
      name: user.firstName,
      link,
      minutes: Math.round(config.passwordResetTtlSeconds / 60),
    }),
  });
}

/** Sets the new password, spends the token and ends every session of the account. */
export async function resetPassword(services: Services, input: z.output<typeof resetPasswordInput>): Promise<void> {
  const { prisma } = services;
  const record = await prisma.passwordResetToken.findUnique({ where: { tokenHash: hashOpaqueToken(input.token) } });
  if (!record || record.usedAt || record.expiresAt.getTime() <= Date.now()) throw new InvalidTokenError();
  const passwordHash = await hashPassword(input.password);
  await prisma.$transaction(async (tx) => {
    // Spending the token is conditional, so two concurrent resets cannot both succeed.
    const spent = await tx.passwordResetToken.updateMany({
      where: { id: record.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (spent.count !== 1) throw new InvalidTokenError();
    await tx.user.update({ where: { id: record.userId }, data: { passwordHash } });
  });
  await revokeUserSessions(services, record.userId);
}
