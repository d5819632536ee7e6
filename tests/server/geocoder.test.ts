import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { startFakeGeocoder, type FakeGeocoder } from '../support/fakeGeocoder';
import { loadConfig } from '../../server/src/config';
import { createGeocoder } from '../../server/src/services/geocoder';

/**
 * Address search and reverse geocoding go through our server to a Nominatim-compatible geocoder
 * (here a local fake): cached, at most one upstream request a second, the member's language and
 * our User-Agent sent along, the spec's fallback to coordinates when the service fails.
 */
let fake: FakeGeocoder;
let app: TestApp;
let token: string;

const SEARCH = `query Search($query: String!) { geocodeSearch(query: $query) { displayName latitude longitude } }`;
const REVERSE = `query Reverse($latitude: Float!, $longitude: Float!) {
  reverseGeocode(latitude: $latitude, longitude: $longitude) { address latitude longitude found }
}`;
const MAP_CONFIG = `{ mapConfig { tileUrlTemplate tileAttribution addressSearch } }`;

const USER_AGENT = 'LinkUp test suite (+http://localhost)';

beforeAll(async () => {
  fake = await startFakeGeocoder();
  app = await createTestApp({
    geocoderUrl: fake.url,
    geocoderUserAgent: USER_AGENT,
    mapTileUrl: `${fake.url}/tiles/{z}/{x}/{y}.png`,
    geocoderMinIntervalMs: 1000,
    geocoderMaxWaitMs: 1500,
  });
  ({ token } = await registerAndLogin(app));
});
afterAll(async () => {
  await app?.dispose();
  await fake?.close();
});

/** Waits until the geocoder may be asked again at once (each test starts with a free slot). */
const nextSlot = async () => {
  const last = fake.requests.at(-1)?.at ?? 0;
  const wait = last + 1050 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
};
beforeEach(async () => {
  fake.failWith(null);
  await nextSlot();
});

const upstreamCount = () => fake.requests.length;

describe('the geocoder proxy', () => {
  it('tells the client the tile URL template, its attribution and that address search works', async () => {
    const { data } = await app.graphql(MAP_CONFIG, {}, { token });
    expect(data.mapConfig).toEqual({
      tileUrlTemplate: `${fake.url}/tiles/{z}/{x}/{y}.png`,
      tileAttribution: expect.stringContaining('OpenStreetMap'),
      addressSearch: true,
    });
  });

  it('finds places by address, asking the geocoder in the member’s language with our User-Agent', async () => {
    const before = upstreamCount();
    const { data, errors } = await app.graphql(
      SEARCH,
      { query: '  Tour   Eiffel ' },
      { token, headers: { 'accept-language': 'fr' } },
    );
    expect(errors).toBeUndefined();
    expect(data.geocodeSearch).toEqual([
      { displayName: 'Tour Eiffel, 5, Avenue Anatole France, Paris', latitude: 48.85837, longitude: 2.294481 },
    ]);
    expect(upstreamCount()).toBe(before + 1);
    const asked = fake.requests.at(-1)!;
    expect(asked.path).toBe('/search');
    expect(asked.params.get('q')).toBe('tour eiffel');
    expect(asked.params.get('format')).toBe('jsonv2');
    expect(asked.headers['user-agent']).toBe(USER_AGENT);
    expect(asked.headers['accept-language']).toBe('fr');
  });

  it('answers a question asked again from its cache, without calling the geocoder twice', async () => {
    const before = upstreamCount();
    const first = await app.graphql(SEARCH, { query: 'Эрмитаж' }, { token });
    expect(first.data.geocodeSearch).toHaveLength(1);
    // The same words (other case, spaces), and the same question asked three times at once.
    const again = await Promise.all([
      app.graphql(SEARCH, { query: 'эрмитаж ' }, { token }),
      app.graphql(SEARCH, { query: 'ЭРМИТАЖ' }, { token }),
      app.graphql(SEARCH, { query: ' Эрмитаж' }, { token }),
    ]);
    for (const answer of again) expect(answer.data.geocodeSearch).toEqual(first.data.geocodeSearch);
    expect(upstreamCount()).toBe(before + 1);

    // Reverse geocoding too; questions in another language are other questions.
    await nextSlot();
    const point = { latitude: 59.939832, longitude: 30.31456 };
    const reversed = await app.graphql(REVERSE, point, { token });
    expect(reversed.data.reverseGeocode).toEqual({
      address: 'Эрмитаж, Дворцовая площадь, 2, Санкт-Петербург',
      ...point,
      found: true,
    });
    expect((await app.graphql(REVERSE, point, { token })).data.reverseGeocode.address).toBe(reversed.data.reverseGeocode.address);
    expect(upstreamCount()).toBe(before + 2);
    await nextSlot();
    await app.graphql(REVERSE, point, { token, headers: { 'accept-language': 'en' } });
    expect(upstreamCount()).toBe(before + 3);
    expect(fake.requests.at(-1)!.headers['accept-language']).toBe('en');
  });

  it('asks the geocoder at most once a second, and refuses with 429 what would wait too long', async () => {
    const before = upstreamCount();
    const started = Date.now();
    const answers = await Promise.all(
      ['красная площадь', 'red square', 'place rouge'].map((query) => app.graphql(SEARCH, { query }, { token })),
    );
    const asked = fake.requests.slice(before);
    // Two fit in the wait allowed (now and a second later); the third would wait two seconds.
    expect(asked).toHaveLength(2);
    // The second waited its turn (arrival times at the fake jitter; the spacing of our calls is checked below).
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    const [refused, ...others] = [...answers].sort((a, b) => Number(!a.errors) - Number(!b.errors));
    for (const answer of others) expect(answer.data.geocodeSearch[0].displayName).toBe('Красная площадь, Москва');
    expect(refused!.data).toBeNull();
    expect(refused!.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMIT', status: 429 });
    expect(refused!.errors![0]!.message).toMatch(/^Слишком много запросов к поиску адресов. Повторите через \d с$/);
  });

  const busyFor = (ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end);
  };

  it('starts upstream requests at least a second apart, in the order they were asked', async () => {
    const calls: { url: string; at: number }[] = [];
    const geocoder = createGeocoder({ ...app.services.config, geocoderMaxWaitMs: 10_000 }, app.services.log, (input, init) => {
      calls.push({ url: String(input), at: Date.now() });
      // The event loop is busy when the second request's turn comes, so its timer fires late: the third
      // must still keep its second from the second's real start.
      if (calls.length === 1) setTimeout(() => busyFor(40), 990);
      return fetch(input, init);
    });
    const answers = await Promise.all([
      geocoder.search('эйфелева', 'ru'),
      geocoder.reverse(48.85837, 2.294481, 'ru'),
      geocoder.search('hermitage', 'en'),
      geocoder.reverse(0, 0, 'ru'),
    ]);
    expect(answers.map((answer) => ('address' in answer ? answer.found : answer.length))).toEqual([1, true, 1, false]);
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/search', '/reverse', '/search', '/reverse']);
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.at - calls[i - 1]!.at).toBeGreaterThanOrEqual(995);
  });

  it('falls back to the coordinates with 6 decimals when the geocoder fails, and caches no failure', async () => {
    fake.failWith(503);
    const point = { latitude: 55.75393, longitude: 37.620795 };
    const failed = await app.graphql(REVERSE, point, { token });
    expect(failed.errors).toBeUndefined();
    expect(failed.data.reverseGeocode).toEqual({ address: '55.753930, 37.620795', ...point, found: false });

    await nextSlot();
    const search = await app.graphql(SEARCH, { query: 'Москва' }, { token, headers: { 'accept-language': 'en' } });
    expect(search.errors![0]!.extensions).toMatchObject({ code: 'DELIVERY_FAILED', status: 502 });
    expect(search.errors![0]!.message).toBe('Address search is unavailable right now');

    // Working again: the same point now has its address.
    fake.failWith(null);
    await nextSlot();
    const found = await app.graphql(REVERSE, point, { token });
    expect(found.data.reverseGeocode).toEqual({ address: 'Красная площадь, Москва', ...point, found: true });
  });

  it('names a point the geocoder knows nothing about by its coordinates', async () => {
    const { data } = await app.graphql(REVERSE, { latitude: -40.5, longitude: -120.123456789 }, { token });
    expect(data.reverseGeocode).toEqual({
      address: '-40.500000, -120.123457',
      latitude: -40.5,
      longitude: -120.123456789,
      found: false,
    });
  });

  it('refuses bad input with a 4xx and a translated text, without calling the geocoder', async () => {
    const before = upstreamCount();
    const short = await app.graphql(SEARCH, { query: ' a ' }, { token, headers: { 'accept-language': 'fr' } });
    expect(short.errors![0]!.extensions).toMatchObject({ code: 'VALIDATION', status: 422 });
    expect(short.errors![0]!.message).toBe("Saisissez au moins 2 caractères de l'adresse");
    const long = await app.graphql(SEARCH, { query: 'x'.repeat(201) }, { token });
    expect(long.errors![0]!.extensions).toMatchObject({ status: 422 });
    const latitude = await app.graphql(REVERSE, { latitude: 91, longitude: 0 }, { token });
    expect(latitude.errors![0]!.extensions).toMatchObject({ status: 422 });
    expect(latitude.errors![0]!.message).toBe('Широта должна быть числом от -90 до 90');
    const longitude = await app.graphql(REVERSE, { latitude: 0, longitude: -180.5 }, { token });
    expect(longitude.errors![0]!.message).toBe('Долгота должна быть числом от -180 до 180');
    const anonymous = await app.graphql(SEARCH, { query: 'Москва' });
    expect(anonymous.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(upstreamCount()).toBe(before);
  });
});

describe('geocoder settings', () => {
  it('defaults to OpenStreetMap, one request a second, and names our site in the User-Agent', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://linkup.example.org/' });
    expect(config.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.geocoderUrl).toBe('https://nominatim.openstreetmap.org');
    expect(config.geocoderMinIntervalMs).toBe(1000);
    expect(config.geocoderUserAgent).toContain('https://linkup.example.org');
    expect(loadConfig({ GEOCODER_URL: 'http://geo.local/nominatim/', MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' })).toMatchObject({
      geocoderUrl: 'http://geo.local/nominatim',
      mapTileUrl: '/tiles/{z}/{x}/{y}.png',
    });
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/MAP_TILE_URL/);
  });

  it('limits each member’s questions per minute, and without a geocoder answers with the coordinates', async () => {
    // No GEOCODER_URL: no address search, and no request leaves the server.
    const offline = await createTestApp({ geocoderRequestsPerUserPerMinute: 2 });
    try {
      const member = await registerAndLogin(offline);
      expect((await offline.graphql(MAP_CONFIG, {}, { token: member.token })).data.mapConfig.addressSearch).toBe(false);
      const point = { latitude: 10, longitude: 20 };
      const reversed = await offline.graphql(REVERSE, point, { token: member.token });
      expect(reversed.data.reverseGeocode).toEqual({ address: '10.000000, 20.000000', ...point, found: false });
      const search = await offline.graphql(SEARCH, { query: 'Москва' }, { token: member.token });
      expect(search.errors![0]!.extensions).toMatchObject({ status: 502 });
      const third = await offline.graphql(REVERSE, point, { token: member.token });
      expect(third.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMIT', status: 429 });
      // Another member has questions left.
      const other = await registerAndLogin(offline);
      expect((await offline.graphql(REVERSE, point, { token: other.token })).data.reverseGeocode.found).toBe(false);
    } finally {
      await offline.dispose();
    }
  });
});
