import type { Services } from './container';
import type { MessageKey } from '../i18n';
import { RateLimitError } from './errors';

/** Counts one event against `limit` per window, refusing with 429 once past it (counted first: races cannot slip through). */
/** The most people a room may hold (each room sets its own maximum up to this). */
export const MAX_ROOM_SIZE = 100;

export async function countOrRefuse(
  services: Services,
  key: string,
  limit: number,
  windowSeconds: number,
  messageKey: MessageKey = 'auth.tooManyRequests',
): Promise<void> {
  const { count, retryAfterSeconds } = await services.rateLimiter.hit(key, windowSeconds);
  if (count > limit) throw new RateLimitError(retryAfterSeconds, messageKey);
}

/** Per-member quotas of things that cost storage or server work (ROOMS_PER_USER_PER_HOUR, UPLOADS_PER_USER_PER_HOUR, GEOCODER_REQUESTS_PER_USER_PER_MINUTE). */
export const quotas = {
  roomCreation: (services: Services, userId: number) =>
    countOrRefuse(services, `rooms:${userId}`, services.config.roomsPerUserPerHour, 3600, 'quota.rooms'),
  upload: (services: Services, userId: number) =>
    countOrRefuse(services, `uploads:${userId}`, services.config.uploadsPerUserPerHour, 3600, 'quota.uploads'),
  geocoder: (services: Services, userId: number) =>
    countOrRefuse(services, `geocoder:${userId}`, services.config.geocoderRequestsPerUserPerMinute, 60, 'geocoder.busy'),
};
