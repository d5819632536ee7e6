import type { Services } from './container';

export type AdminStats = {
  usersToday: number;
  postsToday: number;
  activeModules: number;
  totalModules: number;
  /** Bytes of every file the platform keeps (uploads, media, attachments, voice messages). */
  storageUsedBytes: number;
};

/** Midnight of the server's current day. */
function startOfToday(now = new Date()) {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return start;
}

/** Every file store of the platform, each counted once. */
export const platformFileStores = (services: Services) => [
  services.mediaStore,
  services.attachmentStore,
  services.profileImageStores.avatars,
  services.profileImageStores.covers,
  services.voiceStore,
];

/** The admin dashboard's cards (spec section 2, "Dashboard"; GET /admin/stats). */
export async function adminStats(services: Services): Promise<AdminStats> {
  const { prisma } = services;
  const today = { gte: startOfToday() };
  const [usersToday, postsToday, activeModules, totalModules, storage] = await Promise.all([
    prisma.user.count({ where: { createdAt: today } }),
    prisma.publication.count({ where: { createdAt: today } }),
    prisma.module.count({ where: { status: 'active' } }),
    prisma.module.count(),
    Promise.all(platformFileStores(services).map((store) => store.storedBytes())),
  ]);
  return { usersToday, postsToday, activeModules, totalModules, storageUsedBytes: storage.reduce((a, b) => a + b, 0) };
}

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'];

/** Bytes as the spec shows sizes: Bytes, KB, MB, GB, base 1024, 2 decimals ("0 Bytes", "1.50 MB"). */
export function formatBytes(bytes: number): string {
  if (bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  if (unit === 0) return `${bytes} Bytes`;
  return `${(bytes / 1024 ** unit).toFixed(2)} ${UNITS[unit]}`;
}
