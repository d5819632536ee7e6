import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny Nominatim-compatible geocoder for tests (the internet is out of reach in CI): `/search`
 * and `/reverse` over a few known places, and `/tiles/{z}/{x}/{y}.png` map tiles (one grey
 * pixel), so the server under test can be pointed at it with GEOCODER_URL and MAP_TILE_URL.
 * It records every request (with its headers) and can be told to fail.
 */
export type FakePlace = { displayName: string; latitude: number; longitude: number; words: string[] };

export const FAKE_PLACES: FakePlace[] = [
  {
    displayName: 'Красная площадь, Москва',
    latitude: 55.75393,
    longitude: 37.620795,
    words: ['красная площадь', 'red square', 'place rouge'],
  },
  {
    displayName: 'Эрмитаж, Дворцовая площадь, 2, Санкт-Петербург',
    latitude: 59.939832,
    longitude: 30.31456,
    words: ['эрмитаж', 'hermitage', 'dvortsovaya'],
  },
  {
    displayName: 'Tour Eiffel, 5, Avenue Anatole France, Paris',
    latitude: 48.85837,
    longitude: 2.294481,
    words: ['tour eiffel', 'eiffel tower', 'эйфелева'],
  },
];

/** A 1x1 grey PNG: Leaflet stretches each tile image to 256 px. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWM4ceIEAAS0AllDM6z2AAAAAElFTkSuQmCC',
  'base64',
);

export type FakeGeocoderRequest = { path: string; params: URLSearchParams; headers: http.IncomingHttpHeaders; at: number };

export type FakeGeocoder = {
  url: string;
  /** The geocoder requests it answered (not tiles). */
  requests: FakeGeocoderRequest[];
  /** Answer every geocoder request with this status (500, 503...), or normally again with null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
};

const distance = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  Math.hypot(a.latitude - b.latitude, a.longitude - b.longitude);

export function fakeGeocoderHandler(state: { requests: FakeGeocoderRequest[]; failing: number | null }) {
  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/health') return send(200, { ok: true });
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      return response.end(TILE_PNG);
    }
    if (url.pathname !== '/search' && url.pathname !== '/reverse') return send(404, { error: 'not found' });
    state.requests.push({ path: url.pathname, params: url.searchParams, headers: request.headers, at: Date.now() });
    if (state.failing) return send(state.failing, { error: 'failing on purpose' });
    if (url.pathname === '/search') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const found = FAKE_PLACES.filter((place) => place.words.some((word) => word.includes(q) || q.includes(word)));
      return send(
        200,
        found.map((place, index) => ({
          place_id: index + 1,
          lat: String(place.latitude),
          lon: String(place.longitude),
          display_name: place.displayName,
        })),
      );
    }
    const point = { latitude: Number(url.searchParams.get('lat')), longitude: Number(url.searchParams.get('lon')) };
    const nearest = FAKE_PLACES.find((place) => distance(place, point) < 0.0005);
    if (!nearest) return send(200, { error: 'Unable to geocode' });
    return send(200, { lat: String(nearest.latitude), lon: String(nearest.longitude), display_name: nearest.displayName });
  };
}

/** Starts the fake on a free port of 127.0.0.1 (or on `port`). */
export async function startFakeGeocoder(port = 0): Promise<FakeGeocoder> {
  const state = { requests: [] as FakeGeocoderRequest[], failing: null as number | null };
  const server = http.createServer(fakeGeocoderHandler(state));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests: state.requests,
    failWith(status) {
      state.failing = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
