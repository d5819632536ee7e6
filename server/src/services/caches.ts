import type { PubSub } from '../realtime/pubsub';
import type { Logger } from '../logger';
import type { PrismaClient } from '../db';
import { audited, type AuditActor } from './audit';

/** The kinds of cache an administrator clears (spec section 7: `POST /admin/clear-cache`, `cache_type`). */
export const CACHE_TYPES = ['translations', 'settings', 'media'] as const;
export type CacheType = (typeof CACHE_TYPES)[number];

export const isCacheType = (value: unknown): value is CacheType => CACHE_TYPES.includes(value as CacheType);

/**
 * The in-memory caches of this process, by kind: each cache registers how to drop itself. Clearing
 * drops them here at once and announces it on the pubsub (Redis when configured), so every other
 * app process drops its own copies too.
 */
export function createCacheRegistry(pubsub: PubSub, log: Logger) {
  const origin = crypto.randomUUID();
  const clearers = new Map<CacheType, Set<() => void>>(CACHE_TYPES.map((type) => [type, new Set()]));

  const clearHere = (types: readonly CacheType[]) => {
    for (const type of types) {
      for (const clear of clearers.get(type)!) clear();
    }
  };

  const announcements = pubsub.subscribe('caches:cleared');
  void (async () => {
    try {
      for await (const event of announcements) {
        if (event.origin !== origin) clearHere(event.types.filter(isCacheType));
      }
    } catch (error) {
      log.warn('cache invalidations from other processes stopped', error);
    }
  })();

  return {
    /** `clear` drops the cache's contents; answers a function that unregisters it. */
    register(type: CacheType, clear: () => void): () => void {
      clearers.get(type)!.add(clear);
      return () => clearers.get(type)!.delete(clear);
    },
    /** Drops these kinds here now, and on every other process as soon as the announcement reaches it. */
    async clear(types: readonly CacheType[]): Promise<void> {
      clearHere(types);
      pubsub.publish('caches:cleared', { origin, types: [...types] });
    },
    async close() {
      await announcements.return?.();
    },
  };
}

export type CacheRegistry = ReturnType<typeof createCacheRegistry>;

/** An administrator clears some kinds of cache (or all of them); audited as `cache.clear`. */
export async function clearCachesAsAdmin(
  services: { prisma: PrismaClient; caches: CacheRegistry },
  actor: AuditActor,
  types: readonly CacheType[],
): Promise<void> {
  await audited(services.prisma, { actor, action: 'cache.clear', targetType: 'cache', targetId: types.join(',') }, async () => ({
    result: null,
    before: null,
    after: { types },
  }));
  await services.caches.clear(types);
}
