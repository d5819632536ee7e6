import type { Redis } from 'ioredis';

/**
 * Counts events per key inside a fixed window. In memory for one process; in Redis when the
 * server runs as several processes, so every process sees the same counts.
 *
 * `hit` counts and answers the new count in one step, so concurrent requests cannot all read
 * "under the limit" before any of them is counted: callers count first, then decide.
 */
export interface RateLimiter {
  /** Counts one event for the key and answers the count including it, and seconds until the window ends. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfterSeconds: number }>;
  /** Takes back one event counted by `hit` (an attempt that turned out not to count, e.g. a right password). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(now = () => Date.now()): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt > now()) return entry;
    windows.delete(key);
    return undefined;
  };
  return {
    async hit(key, windowSeconds) {
      let entry = current(key);
      if (entry) entry.count += 1;
      else windows.set(key, (entry = { count: 1, endsAt: now() + windowSeconds * 1000 }));
      if (windows.size > 100_000) {
        for (const [k, v] of windows) if (v.endsAt <= now()) windows.delete(k);
      }
      return { count: entry.count, retryAfterSeconds: Math.ceil((entry.endsAt - now()) / 1000) };
    },
    async undo(key) {
      const entry = current(key);
      if (entry) entry.count = Math.max(entry.count - 1, 0);
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

// INCR and the window's expiry in one server-side step: no request sees a count without its own.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('TTL', KEYS[1])}`;

// Never below zero, and never leaves a key without expiry behind.
const UNDO_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowSeconds)) as [number, number];
      return { count, retryAfterSeconds: Math.max(ttl, 0) };
    },
    async undo(key) {
      await redis.eval(UNDO_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
