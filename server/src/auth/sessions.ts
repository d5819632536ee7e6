import type { PrismaClient } from '../db';
import type { User } from '../generated/prisma/client';
import { signAccessToken, verifyAccessToken } from './tokens';
import type { PubSub } from '../realtime/pubsub';
import type { ApiKeyGrant } from './access';

/**
 * Who makes a request: a member signed in on a device (a session), or an integrator's API key
 * (`apiKey`: its scopes; `sessionId` then names the key, no session row).
 */
export type Viewer = { user: User; sessionId: string; apiKey?: ApiKeyGrant };
export type ClientMeta = { ip: string; userAgent: string | null };

// A session's last-seen time is written at most this often, so reads do not turn into writes.
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export async function startSession(
  prisma: PrismaClient,
  secret: Uint8Array,
  userId: number,
  ttlSeconds: number,
  meta: ClientMeta,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const session = await prisma.session.create({
    data: {
      id: crypto.randomUUID(),
      userId,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500),
    },
  });
  const token = await signAccessToken(secret, { userId, sessionId: session.id }, expiresAt);
  return { token, sessionId: session.id, expiresAt };
}

/** The viewer a bearer token stands for: signed by us, its session live, its user active. */
export async function authenticate(
  prisma: PrismaClient,
  secret: Uint8Array,
  token: string | null | undefined,
): Promise<Viewer | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(secret, token);
  if (!claims) return null;
  const session = await prisma.session.findUnique({
    where: { id: claims.sessionId },
    include: { user: true },
  });
  const now = Date.now();
  if (
    !session ||
    session.userId !== claims.userId ||
    session.revokedAt ||
    session.expiresAt.getTime() <= now ||
    !session.user.isActive
  ) {
    return null;
  }
  if (now - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await prisma.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
  }
  return { user: session.user, sessionId: session.id };
}

type SessionWhere = { id?: string; userId?: number; exceptId?: string };
/** A Prisma client or an open transaction on it. */
type SessionWriter = Pick<PrismaClient, 'session'>;

/**
 * Marks live sessions revoked (their tokens stop working at once) and answers their ids; inside a
 * transaction, so the revocation commits with the change that caused it. The caller then announces
 * them with `announceRevokedSessions` once committed.
 */
export async function markSessionsRevoked(db: SessionWriter, where: SessionWhere): Promise<string[]> {
  const live = await db.session.findMany({
    where: {
      revokedAt: null,
      ...(where.id ? { id: where.id } : {}),
      ...(where.userId ? { userId: where.userId } : {}),
      ...(where.exceptId ? { NOT: { id: where.exceptId } } : {}),
    },
    select: { id: true },
  });
  if (live.length === 0) return [];
  const sessionIds = live.map((session) => session.id);
  await db.session.updateMany({ where: { id: { in: sessionIds }, revokedAt: null }, data: { revokedAt: new Date() } });
  return sessionIds;
}

/** Closes the open WebSockets of ended sessions, on every server process (the pubsub carries it; see webSockets.ts). */
export function announceRevokedSessions(pubsub: PubSub, sessionIds: string[]): void {
  if (sessionIds.length) pubsub.publish('sessions:revoked', { sessionIds });
}

/** Ends sessions: their tokens stop working and their open WebSockets are closed. */
async function revokeWhere({ prisma, pubsub }: { prisma: PrismaClient; pubsub: PubSub }, where: SessionWhere): Promise<void> {
  announceRevokedSessions(pubsub, await markSessionsRevoked(prisma, where));
}

export const revokeSession = (services: { prisma: PrismaClient; pubsub: PubSub }, sessionId: string) =>
  revokeWhere(services, { id: sessionId });

export const revokeUserSessions = (
  services: { prisma: PrismaClient; pubsub: PubSub },
  userId: number,
  exceptSessionId?: string,
) => revokeWhere(services, { userId, exceptId: exceptSessionId });

/** "Bearer abc" → "abc"; also accepts the bare token (graphql-ws connectionParams). */
export function bearerToken(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(?:Bearer\s+)?(\S+)\s*$/i.exec(value);
  return match ? match[1] : null;
}
