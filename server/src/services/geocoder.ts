import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import type { Locale } from '../i18n';
import type { Logger } from '../logger';
import { DeliveryFailedError, RateLimitError } from './errors';

/** An address search answer: what the geocoder calls the place, and where it is. */
export type GeocodedPlace = { displayName: string; latitude: number; longitude: number };

/** The address of a point; `found` is false when the geocoder failed or knows nothing there (the address is then the coordinates). */
export type ReverseGeocoded = { address: string; latitude: number; longitude: number; found: boolean };

/** Spec section 8: without an address, a place is named by its coordinates with 6 decimals. */
export const formatCoordinates = (latitude: number, longitude: number) => `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

/** Results one address search answers at most. */
export const GEOCODE_SEARCH_LIMIT = 6;

type GeocoderConfig = Pick<
  Config,
  | 'geocoderUrl'
  | 'geocoderUserAgent'
  | 'geocoderMinIntervalMs'
  | 'geocoderMaxWaitMs'
  | 'geocoderTimeoutMs'
  | 'geocoderCacheSize'
  | 'geocoderCacheTtlSeconds'
>;

export type Geocoder = {
  /** True when a geocoder is configured (GEOCODER_URL); without one there is no address search. */
  readonly enabled: boolean;
  search(query: string, locale: Locale): Promise<GeocodedPlace[]>;
  reverse(latitude: number, longitude: number, locale: Locale): Promise<ReverseGeocoded>;
  /** Forgets every kept answer (the admin's media cache: places of publications and galleries). */
  clearCache(): void;
};

class UpstreamFailure extends Error {}

const normalizedQuery = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();

const coordinate = (value: unknown, limit: number): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
};

/**
 * Our proxy to a Nominatim-compatible geocoder (GEOCODER_URL), so browsers never call it. It is
 * polite, as public geocoders ask: at most one upstream request per GEOCODER_MIN_INTERVAL_MS (the
 * others wait their turn; one that would wait longer than GEOCODER_MAX_WAIT_MS is refused with
 * RateLimitError), a User-Agent naming the site, the member's language in Accept-Language, and
 * answers kept in an LRU cache with a TTL (the same question asked twice, even at the same time,
 * reaches the geocoder once). Failures are not cached.
 */
export function createGeocoder(config: GeocoderConfig, log: Logger, fetchImpl: typeof fetch = fetch): Geocoder {
  const cache = new LRUCache<string, GeocodedPlace[] | ReverseGeocoded>({
    max: Math.max(config.geocoderCacheSize, 1),
    ttl: Math.max(config.geocoderCacheTtlSeconds, 1) * 1000,
  });
  const inFlight = new Map<string, Promise<GeocodedPlace[] | ReverseGeocoded>>();
  /** When the next upstream request may start, as far as can be told now (for refusing early). */
  let nextSlotAt = 0;
  /** When the last upstream request started, and the turns waiting for theirs, in the order asked. */
  let lastStartedAt = -Infinity;
  let turns: Promise<void> = Promise.resolve();

  /** Refuses when the next slot is too far away; else books it. */
  function bookSlot() {
    const now = Date.now();
    const startAt = Math.max(now, nextSlotAt);
    const wait = startAt - now;
    if (wait > config.geocoderMaxWaitMs) throw new RateLimitError(Math.max(Math.ceil(wait / 1000), 1), 'geocoder.busy');
    nextSlotAt = startAt + config.geocoderMinIntervalMs;
  }

  /**
   * Resolves when this request may start: after the one asked before it, and the minimum interval after
   * that one actually started. Counted from the real start, not from the booked slot: a timer that
   * fires late (a busy event loop) must not bring the next request closer than the interval.
   */
  function takeTurn(): Promise<void> {
    bookSlot();
    const turn = turns.then(async () => {
      const wait = lastStartedAt + config.geocoderMinIntervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      lastStartedAt = Date.now();
    });
    turns = turn;
    return turn;
  }

  async function upstream(path: string, params: Record<string, string>, locale: Locale): Promise<unknown> {
    await takeTurn();
    const url = new URL(`${config.geocoderUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { 'user-agent': config.geocoderUserAgent, 'accept-language': locale, accept: 'application/json' },
        signal: AbortSignal.timeout(config.geocoderTimeoutMs),
      });
    } catch (error) {
      throw new UpstreamFailure(`geocoder unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new UpstreamFailure(`geocoder answered ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new UpstreamFailure('geocoder answered something other than JSON');
    }
  }

  /** The cached answer, the answer already being fetched, or a new fetch (cached once it succeeds). */
  function cached<T extends GeocodedPlace[] | ReverseGeocoded>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return Promise.resolve(hit as T);
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const loading = load()
      .then((value) => {
        cache.set(key, value);
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, loading);
    return loading;
  }

  return {
    enabled: config.geocoderUrl !== '',
    clearCache: () => cache.clear(),

    async search(query, locale) {
      if (!config.geocoderUrl) throw new DeliveryFailedError('geocoder.unavailable');
      const q = normalizedQuery(query);
      try {
        return await cached(`search|${locale}|${q}`, async () => {
          const body = await upstream(
            '/search',
            { q, format: 'jsonv2', limit: String(GEOCODE_SEARCH_LIMIT), addressdetails: '0' },
            locale,
          );
          if (!Array.isArray(body)) throw new UpstreamFailure('geocoder search answer is not a list');
          return body.flatMap((item: Record<string, unknown>) => {
            const latitude = coordinate(item?.lat, 90);
            const longitude = coordinate(item?.lon, 180);
            const displayName = typeof item?.display_name === 'string' ? item.display_name.trim() : '';
            return latitude === null || longitude === null || !displayName ? [] : [{ displayName, latitude, longitude }];
          });
        });
      } catch (error) {
        if (!(error instanceof UpstreamFailure)) throw error;
        log.warn(`address search failed: ${error.message}`);
        throw new DeliveryFailedError('geocoder.unavailable');
      }
    },

    async reverse(latitude, longitude, locale) {
      const fallback: ReverseGeocoded = { address: formatCoordinates(latitude, longitude), latitude, longitude, found: false };
      if (!config.geocoderUrl) return fallback;
      // About a metre: a pin dropped twice on the same spot asks once.
      const lat = latitude.toFixed(6);
      const lon = longitude.toFixed(6);
      try {
        return await cached(`reverse|${locale}|${lat}|${lon}`, async (): Promise<ReverseGeocoded> => {
          const body = (await upstream('/reverse', { lat, lon, format: 'jsonv2', zoom: '18' }, locale)) as Record<
            string,
            unknown
          > | null;
          const address = typeof body?.display_name === 'string' ? body.display_name.trim() : '';
          // Nominatim answers 200 with {error: "Unable to geocode"} where it knows nothing (the sea): an answer too.
          return address ? { address, latitude, longitude, found: true } : fallback;
        });
      } catch (error) {
        if (!(error instanceof UpstreamFailure)) throw error;
        log.warn(`reverse geocoding failed: ${error.message}`);
        return fallback;
      }
    },
  };
}
