import type { Server } from 'node:http';
import type { Services } from './services/container';
import { createGraphQL, type ServerContext } from './graphql';
import { createRestRouter } from './rest/router';
import { routes } from './rest/routes/index';
import { createStaticClient } from './storage/staticClient';
import { activeLook } from './services/themes';
import { json } from './jsonResponse';
import { localeOfRequest, translate, type Locale } from './i18n';
import { isPageNavigation, serverRoutes, type RequestHead } from './http/routes';
import { createCors, pagePolicy, withSecurityHeaders } from './http/browserPolicy';
import { attachWebSockets } from './http/webSockets';

/**
 * The whole HTTP surface as one fetch handler: the server's own routes (http/routes.ts: GraphQL,
 * media, signed files, health, REST), then the built client, whose page answers `/` and every
 * navigation the server does not claim. Tests call `fetch` in-process; server.ts puts it behind
 * node:http and adds WebSockets (http/webSockets.ts).
 */
export function createApp(services: Services) {
  const yoga = createGraphQL(services);
  const rest = createRestRouter(services, routes);
  const client = createStaticClient(services.config.clientDir, () => activeLook(services.prisma));
  // The interface's translations reach browsers inside the built client's files, which it keeps in memory.
  services.caches.register('translations', client.clear);
  const ownRoutes = serverRoutes(services, yoga, rest);
  const cors = createCors(services.config.corsOrigins);
  const policy = pagePolicy(services.config);

  const headOf = (request: Request): RequestHead => ({
    method: request.method,
    pathname: new URL(request.url).pathname,
    accept: request.headers.get('accept') ?? '',
  });

  /** True when the server answers this request itself; development mode sends the rest to Vite. */
  const servesItself = (head: RequestHead) => ownRoutes.some((route) => route.matches(head));

  async function route(request: Request, serverContext: ServerContext, locale: Locale): Promise<Response> {
    const length = Number(request.headers.get('content-length') ?? 0);
    if (length > services.config.maxRequestBytes) {
      const max = Math.floor(services.config.maxRequestBytes / (1024 * 1024));
      return json(413, { detail: translate(locale, 'request.tooLarge', { max }) });
    }
    const head = headOf(request);
    const own = ownRoutes.find((candidate) => candidate.matches(head));
    if (own) return own.answer(request, serverContext);
    if (request.method === 'GET' || request.method === 'HEAD') {
      const file = await client.file(request, head.pathname);
      if (file) return file;
      // The home page is the client's whatever the caller accepts (`curl /` included).
      if (head.pathname === '/' || isPageNavigation(head)) return client.page(request);
    }
    if (rest.knows(head.pathname)) return json(405, { detail: translate(locale, 'request.methodNotAllowed') });
    return json(404, { detail: translate(locale, 'request.notFound') });
  }

  async function fetch(request: Request, serverContext: ServerContext = {}): Promise<Response> {
    const locale = localeOfRequest(request);
    try {
      const response = cors.preflight(request) ?? (await route(request, serverContext, locale));
      return withSecurityHeaders(cors.apply(request, response), policy);
    } catch (error) {
      // A client that went away (navigated, closed the tab) aborts its request: nothing failed here.
      if ((error as Error)?.name === 'AbortError') return new Response(null, { status: 499 });
      services.log.error(`${request.method} ${new URL(request.url).pathname} failed`, error);
      return json(500, { detail: translate(locale, 'request.serverError') });
    }
  }

  return {
    fetch,
    yoga,
    rest,
    servesItself,
    attachWebSockets: (server: Server, opts?: { otherUpgrades?: 'refuse' | 'ignore' }) =>
      attachWebSockets(services, yoga, server, opts),
  };
}

export type App = ReturnType<typeof createApp>;
