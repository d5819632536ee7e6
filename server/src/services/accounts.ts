import { z } from 'zod';
import { isUniqueViolation } from '../database/keys';
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
  ForbiddenError,
  InvalidCredentialsError,
  InvalidTokenError,
  RateLimitError,
} from './errors';
import { readSetting } from './systemSettings';
import { notify } from './notifications';
import { countOrRefuse } from './limits';
import { equalsIgnoringCase } from './textMatch';

export const signUpInput = z.object({
  firstName: rules.requiredText(100),
  lastName: rules.requiredText(100),
  username: rules.username(),
  email: rules.email(),
  password: rules.newPassword(),
});

export const signInInput = z.object({
  email: rules.email(),
  password: rules.password('validation.passwordRequired'),
});

export const requestPasswordResetInput = z.object({ email: rules.email('auth.resetEmailRequired') });

export const resetPasswordInput = z.object({
  token: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  password: rules.newPassword(),
});

/**
 * Creates the account. A self sign-up answers the same whether or not the email is free (no
 * account discovery): with a taken email nothing is created, the same hashing work is done, and
 * the address's owner is told by mail that someone tried to register with it. Usernames are
 * public (profile addresses), so a taken username is still a conflict. Answers the new user only
 * to an administrator creating an account; self sign-ups get null either way.
 */
export async function signUp(
  services: Services,
  input: z.output<typeof signUpInput>,
  meta: ClientMeta,
  by: { admin: boolean; locale: Locale },
): Promise<User | null> {
  const { prisma, config } = services;
  if (!by.admin && !(await readSetting(services, 'registrationOpen'))) throw new ForbiddenError('auth.registrationClosed');
  if (!by.admin) await countOrRefuse(services, `register:${meta.ip}`, config.registrationsPerAddressPerHour, 3600);
  const [emailOwner, usernameOwner] = await Promise.all([
    prisma.user.findUnique({ where: { email: input.email }, select: { email: true, firstName: true } }),
    prisma.user.findFirst({
      where: { username: equalsIgnoringCase(input.username) },
      select: { id: true },
    }),
  ]);
  if (usernameOwner) throw new ConflictError('username', 'auth.usernameTaken');
  if (emailOwner && by.admin) throw new ConflictError('email', 'auth.emailTaken');
  const passwordHash = await hashPassword(input.password);
  if (emailOwner) {
    services.background.run('sign-up attempt mail', () =>
      services.mailer.send({
        to: emailOwner.email,
        subject: translate(by.locale, 'mail.signUpAttempt.subject'),
        text: translate(by.locale, 'mail.signUpAttempt.body', {
          name: emailOwner.firstName,
          link: `${config.publicUrl}/login`,
        }),
      }),
    );
    return null;
  }
  try {
    const user = await prisma.user.create({
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username,
        email: input.email,
        passwordHash,
      },
    });
    return by.admin ? user : null;
  } catch (error) {
    // Two sign-ups racing for the same email or username: the unique index decides.
    if (isUniqueViolation(error)) {
      const target = JSON.stringify(error.meta ?? {});
      if (target.includes('username')) throw new ConflictError('username', 'auth.usernameTaken');
      if (by.admin) throw new ConflictError('email', 'auth.emailTaken');
      return null;
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
  const { prisma, rateLimiter, config } = services;
  // Every attempt is counted before the password is checked, so parallel guesses cannot all pass
  // the check before any of them is counted; a right password takes its count back.
  const window = config.loginLimitWindowSeconds;
  const [account, address] = await Promise.all([
    rateLimiter.hit(accountKey(input.email), window),
    rateLimiter.hit(addressKey(meta.ip), window),
  ]);
  if (account.count > config.loginLimitPerAccount) throw new RateLimitError(account.retryAfterSeconds);
  if (address.count > config.loginLimitPerAddress) throw new RateLimitError(address.retryAfterSeconds);

  const user = await prisma.user.findUnique({ where: { email: input.email } });
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) throw new InvalidCredentialsError();
  await Promise.all([rateLimiter.reset(accountKey(input.email)), rateLimiter.undo(addressKey(meta.ip))]);
  if (!user.isActive) throw new AccountDisabledError();

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
 * Answers the same way, after the same work, whether or not the email is registered (no account
 * discovery): the link's token is made either way, and storing it and mailing it happen after the
 * answer. A registered, active account gets a mail with a single-use link.
 */
export async function requestPasswordReset(
  services: Services,
  input: z.output<typeof requestPasswordResetInput>,
  meta: ClientMeta,
  locale: Locale,
): Promise<void> {
  const { prisma, config } = services;
  await countOrRefuse(services, `reset:${meta.ip}`, config.loginLimitPerAccount, config.loginLimitWindowSeconds);

  const user = await prisma.user.findUnique({
    where: { email: input.email },
    select: { id: true, email: true, firstName: true, isActive: true },
  });
  const token = newOpaqueToken();
  const tokenHash = hashOpaqueToken(token);
  if (!user?.isActive) return;
  services.background.run('password reset mail', async () => {
    await prisma.passwordResetToken.create({
      data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + config.passwordResetTtlSeconds * 1000) },
    });
    await services.mailer.send({
      to: user.email,
      subject: translate(locale, 'mail.reset.subject'),
      text: translate(locale, 'mail.reset.body', {
        name: user.firstName,
        link: `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
        minutes: Math.round(config.passwordResetTtlSeconds / 60),
      }),
    });
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
  // Whoever locked the account out by guessing must not keep its owner from signing in with the new password.
  const { email } = await prisma.user.findUniqueOrThrow({ where: { id: record.userId }, select: { email: true } });
  await services.rateLimiter.reset(accountKey(email));
}
