import type { Redis } from 'ioredis';

/**
 * Counts events per key inside a fixed window. In memory for one process; in Redis when the
 * server runs as several processes, so every process sees the same counts.
 */
export interface RateLimiter {
  /** Count for the key in its current window, and seconds until the window ends. */
  peek(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(windowSeconds: number, now = () => Date.now()): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt > now()) return entry;
    windows.delete(key);
    return undefined;
  };
  return {
    async peek(key) {
      const entry = current(key);
      return {
        count: entry?.count ?? 0,
        retryAfterSeconds: entry ? Math.ceil((entry.endsAt - now()) / 1000) : 0,
      };
    },
    async hit(key) {
      const entry = current(key);
      if (entry) entry.count += 1;
      else windows.set(key, { count: 1, endsAt: now() + windowSeconds * 1000 });
      if (windows.size > 100_000) {
        for (const [k, v] of windows) if (v.endsAt <= now()) windows.delete(k);
      }
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function createRedisRateLimiter(redis: Redis, windowSeconds: number, prefix = 'linkup:rl:'): RateLimiter {
  return {
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.ttl(prefix + key)]);
      return { count: Number(count ?? 0), retryAfterSeconds: Math.max(ttl, 0) };
    },
    async hit(key) {
      const count = await redis.incr(prefix + key);
      if (count === 1) await redis.expire(prefix + key, windowSeconds);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
