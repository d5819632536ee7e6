import type { Prisma } from '../generated/prisma/client';

/** Online: a live session used within this window (sessions note their last use every 5 minutes). */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;

export const liveSessionWhere = (now = Date.now()): Prisma.SessionWhereInput => ({
  revokedAt: null,
  expiresAt: { gt: new Date(now) },
  lastSeenAt: { gt: new Date(now - ONLINE_WINDOW_MS) },
});
