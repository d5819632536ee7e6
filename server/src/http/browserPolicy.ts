/**
 * What browsers are told about our answers: the security headers every answer carries, the
 * Content-Security-Policy of every HTML page, and which other sites' pages may call the API (CORS).
 */

/** Sent with every answer: no MIME sniffing, no framing by other sites, no full referrers leaving. */
const SECURITY_HEADERS = [
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
] as const;

/**
 * Where the place picker's map tiles come from (MAP_TILE_URL), as a CSP source: the template's
 * scheme and host (a `{s}` subdomain becomes `*`), or nothing when the tiles are on our own site.
 */
export function tileImageSource(tileUrlTemplate: string): string | null {
  if (tileUrlTemplate.startsWith('/')) return null;
  const url = new URL(tileUrlTemplate.replace(/\{s\}/g, 'tile-subdomain').replace(/\{[^}]*\}/g, '0'));
  return `${url.protocol}//${url.host.replace('tile-subdomain', '*')}`;
}

/**
 * The Content-Security-Policy of an HTML page. Scripts only from our own origin (plus the hashes of
 * inline scripts a page declares, e.g. GraphiQL's), never `eval`. Styles may be inline: Chakra
 * (emotion) writes its styles into <style> elements at run time. Images and media may be `blob:`
 * (previews of a file being uploaded, recorded voice messages) and `data:`; images also from
 * `imageSources` (the configured map tile host, and only it). `connect-src 'self'` also admits
 * WebSockets to our own host (CSP level 3); the browser calls no other site (the geocoder is proxied).
 */
export function contentSecurityPolicy(
  opts: { inlineScriptHashes?: string[]; workers?: 'blob'; imageSources?: string[] } = {},
): string {
  const scripts = ["'self'", ...(opts.inlineScriptHashes ?? []).map((hash) => `'${hash}'`)];
  const images = ["'self'", 'data:', 'blob:', ...(opts.imageSources ?? [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `worker-src 'self'${opts.workers === 'blob' ? ' blob:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const isHtml = (response: Response) => /^text\/html\b/.test(response.headers.get('content-type') ?? '');

/** The policy of the client's pages: the default one, with the map tile host (MAP_TILE_URL) admitted for images. */
export function pagePolicy(config: { mapTileUrl: string }): string {
  const tiles = tileImageSource(config.mapTileUrl);
  return contentSecurityPolicy({ imageSources: tiles ? [tiles] : [] });
}

/** Adds the security headers (and, to an HTML page without its own, `policy`) to an answer. */
export function withSecurityHeaders(response: Response, policy: string = contentSecurityPolicy()): Response {
  for (const [name, value] of SECURITY_HEADERS) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (isHtml(response) && !response.headers.has('content-security-policy')) {
    response.headers.set('content-security-policy', policy);
  }
  return response;
}

/** Headers a cross-origin caller may send (tokens travel in Authorization, never in cookies). */
const ALLOWED_REQUEST_HEADERS = 'authorization, content-type, accept, accept-language, idempotency-key';
/** Headers of our answers a cross-origin caller may read. */
const EXPOSED_HEADERS = 'x-next-cursor, retry-after, content-disposition';

/**
 * CORS for the origins listed in CORS_ORIGINS, and for no other: an origin not listed gets no
 * `access-control-*` header at all, so its pages cannot read our answers. Credentials (cookies) are
 * never allowed; signed-in calls carry their token in Authorization.
 */
export function createCors(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  const allowedOrigin = (request: Request) => {
    const origin = request.headers.get('origin');
    return origin && allowed.has(origin) ? origin : null;
  };
  return {
    /** The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`), or null for any other request. */
    preflight(request: Request): Response | null {
      if (request.method !== 'OPTIONS' || !request.headers.has('access-control-request-method')) return null;
      const origin = allowedOrigin(request);
      const headers = new Headers({ vary: 'origin' });
      if (origin) {
        headers.set('access-control-allow-origin', origin);
        headers.set('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE');
        headers.set('access-control-allow-headers', ALLOWED_REQUEST_HEADERS);
        headers.set('access-control-max-age', '600');
      }
      return new Response(null, { status: 204, headers });
    },
    /** Marks an answer readable by the request's origin when it is listed. */
    apply(request: Request, response: Response): Response {
      response.headers.append('vary', 'origin');
      const origin = allowedOrigin(request);
      if (origin) {
        response.headers.set('access-control-allow-origin', origin);
        response.headers.set('access-control-expose-headers', EXPOSED_HEADERS);
      }
      return response;
    },
  };
}
