import type { PrismaClient } from '../db';

export type SystemStatus = {
  users: { total: number };
  content: { total: number; published: number };
  social: { friendships: number; messages: number };
};

/** Live platform counters (the dashboard's stat cards and GET /system/status). */
export async function systemStatus(prisma: PrismaClient): Promise<SystemStatus> {
  const [users, content, published, friendships, messages] = await Promise.all([
    prisma.user.count(),
    prisma.contentItem.count(),
    prisma.contentItem.count({ where: { status: 'published' } }),
    prisma.friendship.count({ where: { status: 'accepted' } }),
    prisma.message.count(),
  ]);
  return { users: { total: users }, content: { total: content, published }, social: { friendships, messages } };
}
