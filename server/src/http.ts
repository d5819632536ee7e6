import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { ExecutionArgs } from 'graphql';
import type { Services } from './services/container';
import { createGraphQL, maskError, type ServerContext } from './graphql';
import { subscribeWithSharedResults, type SendNext } from './realtime/sharedSubscriptions';
import type { Context } from './context';
import { createRestRouter } from './rest/router';
import { routes } from './rest/routes/index';
import { createStaticClient } from './storage/staticClient';
import { PROFILE_IMAGES_PATH, serveProfileImage } from './services/profiles';
import { serveVoice } from './storage/voiceMessages';
import { serveAttachment } from './services/messageAttachments';
import { stopCallPresence } from './services/callPresence';
import { pruneCallSignals } from './services/calls';
import { authenticate, bearerToken } from './auth/sessions';
import { json } from './jsonResponse';
import { negotiateLocale, requestLocale, translate, LOCALES, type Locale } from './i18n';
import { mediaResponse } from './services/media';

const MEDIA_PATH = /^(?:\/api)?\/publications\/media\/([^/]+)$/;

/** Sent with every answer: no MIME sniffing, no framing by other sites, no full referrers leaving. */
const SECURITY_HEADERS = [
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
] as const;

/**
 * The whole HTTP surface as one fetch handler: /graphql (Yoga), /health, uploaded files (/uploads),
 * the REST rows (also under /api), the built client with client-side routes falling back to index.html. Tests call
 * `fetch` in-process; main.ts puts it behind node:http and adds WebSockets.
 */
export function createApp(services: Services) {
  const yoga = createGraphQL(services);
  const rest = createRestRouter(services, routes);
  const client = createStaticClient(services.config.clientDir);

  /** A browser navigation (Accept: text/html, GET) to a path that is also an API path gets the page. */
  const isPageNavigation = (request: Request, pathname: string) =>
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith('/api/') &&
    (request.headers.get('accept') ?? '').includes('text/html');

  /** `GET /publications/media/{name}` (also under /api): uploaded media, served from disk with ranges. */
  async function media(request: Request, encodedName: string, locale: Locale): Promise<Response> {
    let name: string;
    try {
      name = decodeURIComponent(encodedName);
    } catch {
      name = '';
    }
    const thumbnail = ['true', '1'].includes(new URL(request.url).searchParams.get('thumbnail') ?? '');
    const answer = await mediaResponse(services, request, name, thumbnail);
    if (answer === 'invalid-name') return json(400, { detail: translate(locale, 'media.invalidName') });
    return answer ?? json(404, { detail: translate(locale, 'request.notFound') });
  }

  async function route(request: Request, serverContext: ServerContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    const locale = negotiateLocale(request.headers.get('accept-language'));
    const length = Number(request.headers.get('content-length') ?? 0);
    if (length > services.config.maxRequestBytes) {
      const max = Math.floor(services.config.maxRequestBytes / (1024 * 1024));
      return json(413, { detail: translate(locale, 'request.tooLarge', { max }) });
    }
    const mediaPath = MEDIA_PATH.exec(pathname);
    if (mediaPath && (request.method === 'GET' || request.method === 'HEAD')) return media(request, mediaPath[1]!, locale);
    if (pathname === '/graphql') return yoga.fetch(request, serverContext);
    if (pathname.startsWith(`${PROFILE_IMAGES_PATH}/`) && (request.method === 'GET' || request.method === 'HEAD')) {
      // Avatars and covers: anyone may fetch them by their (unguessable) URL.
      const file = await serveProfileImage(services, request, pathname);
      if (file) return file;
    }
    const voice = await serveVoice(request, services.tokenSecret, services.voiceStore);
    if (voice) return voice;
    const attachment = await serveAttachment(services, request);
    if (attachment) return attachment;
    if (pathname === '/health') {
      return json(200, { status: 'ok', database: services.db.kind, realtime: services.config.redisUrl ? 'redis' : 'memory' });
    }
    if (!isPageNavigation(request, pathname)) {
      const answer = await rest.handle(request, serverContext);
      if (answer) return answer;
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      const file = await client.file(request, pathname);
      if (file) return file;
      if (isPageNavigation(request, pathname)) return client.page(request);
    }
    if (rest.knows(pathname)) return json(405, { detail: translate(locale, 'request.methodNotAllowed') });
    return json(404, { detail: translate(locale, 'request.notFound') });
  }

  async function fetch(request: Request, serverContext: ServerContext = {}): Promise<Response> {
    const locale = negotiateLocale(request.headers.get('accept-language'));
    return requestLocale.run(locale, async () => {
      try {
        const response = await route(request, serverContext);
        for (const [name, value] of SECURITY_HEADERS) {
          if (!response.headers.has(name)) response.headers.set(name, value);
        }
        return response;
      } catch (error) {
        // A client that went away (navigated, closed the tab) aborts its request: nothing failed here.
        if ((error as Error)?.name === 'AbortError') return new Response(null, { status: 499 });
        services.log.error(`${request.method} ${new URL(request.url).pathname} failed`, error);
        return json(500, { detail: translate(locale, 'request.serverError') });
      }
    });
  }

  /** graphql-ws on the same path as HTTP GraphQL, sharing Yoga's plugins and context. */
  function attachWebSockets(server: Server, opts: { otherUpgrades?: 'refuse' | 'ignore' } = {}) {
    const wss = new WebSocketServer({ noServer: true });
    /** The TCP connection under each WebSocket (frames written in one turn leave together, see below). */
    const connections = new WeakMap<WebSocket, Duplex>();
    server.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/graphql') {
        // In development Vite's hot-reload socket shares the server and handles its own upgrades.
        if (opts.otherUpgrades !== 'ignore') socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        connections.set(ws, socket);
        wss.emit('connection', ws, req);
      });
    });
    /** What onSubscribe hands on to execute/subscribe: Yoga's enveloped runners and this subscription's frame writer. */
    type WsRoot = {
      execute: (args: ExecutionArgs) => unknown;
      subscribe: (args: ExecutionArgs) => unknown;
      sendNext: SendNext;
    };
    /** What onConnect learns about a connection, beyond graphql-ws's own socket and request. */
    type Extra = { viewer?: Awaited<ReturnType<typeof authenticate>>; locale?: Locale };

    // Sockets by the session that opened them, so ending a session closes its sockets too.
    const socketsBySession = new Map<string, Set<WebSocket>>();
    const revocations = services.pubsub.subscribe('sessions:revoked');
    void (async () => {
      for await (const { sessionIds } of revocations) {
        for (const id of sessionIds) {
          for (const socket of socketsBySession.get(id) ?? []) socket.close(4401, 'Session ended');
        }
      }
    })();

    // Old call signals go (hourly); a failure is only logged, the next run tries again.
    const pruning = setInterval(() => {
      pruneCallSignals(services).catch((error: unknown) => services.log.warn('pruning old call signals failed', error));
    }, 3600_000);
    pruning.unref();

    const disposable = useServer<Record<string, unknown>, Extra>(
      {
        // A connection that presents a token must present a valid one; without one it is anonymous.
        onConnect: async (ctx) => {
          const token = bearerToken(ctx.connectionParams?.authorization ?? ctx.connectionParams?.token);
          const viewer = await authenticate(services.prisma, services.tokenSecret, token);
          if (token && !viewer) return false;
          ctx.extra.viewer = viewer;
          if (viewer) {
            const { socket } = ctx.extra;
            const sockets = socketsBySession.get(viewer.sessionId) ?? new Set();
            socketsBySession.set(viewer.sessionId, sockets.add(socket));
            socket.once('close', () => {
              sockets.delete(socket);
              if (sockets.size === 0) socketsBySession.delete(viewer.sessionId);
            });
          }
          const requested = ctx.connectionParams?.locale;
          ctx.extra.locale = LOCALES.includes(requested as Locale)
            ? (requested as Locale)
            : negotiateLocale(ctx.extra.request.headers['accept-language']);
          return true;
        },
        execute: (args) => (args.rootValue as WsRoot).execute(args) as never,
        subscribe: (args) => {
          const locale = (args.contextValue as Context).locale;
          const root = args.rootValue as WsRoot;
          return requestLocale.run(locale, () =>
            subscribeWithSharedResults(
              { ...args, locale },
              () => root.subscribe(args),
              (result) =>
                result.errors
                  ? { ...result, errors: result.errors.map((error) => maskError(error, locale, services)) }
                  : result,
              root.sendNext,
            ),
          ) as never;
        },
        onSubscribe: async (ctx, id, params) => {
          const enveloped = yoga.getEnveloped({
            ...ctx,
            req: ctx.extra.request,
            socket: ctx.extra.socket,
            params,
          } as never);
          const locale = ctx.extra.locale ?? 'ru';
          return requestLocale.run(locale, async () => {
            const document = enveloped.parse(params.query);
            const errors = enveloped.validate(enveloped.schema, document);
            if (errors.length) return errors;
            return {
              schema: enveloped.schema,
              operationName: params.operationName,
              document,
              variableValues: params.variables,
              contextValue: await enveloped.contextFactory(),
              rootValue: {
                execute: enveloped.execute,
                subscribe: enveloped.subscribe,
                sendNext: nextFrameWriter(ctx.extra.socket, connections.get(ctx.extra.socket), id),
              } satisfies WsRoot,
            };
          });
        },
      },
      wss,
    );
    return {
      async close() {
        clearInterval(pruning);
        stopCallPresence(services);
        await revocations.return?.();
        await disposable.dispose();
        wss.close();
      },
    };
  }

  return { fetch, yoga, rest, attachWebSockets };
}

export type App = ReturnType<typeof createApp>;

/**
 * A graphql-ws `next` frame for subscription `id`, around a payload already serialised (shared by
 * every subscriber of a group). A socket that cannot keep up is closed rather than buffered without
 * end: its client reconnects and catches up from the last message it has.
 */
function nextFrameWriter(socket: WebSocket, connection: Duplex | undefined, id: string): SendNext {
  const head = `{"id":${JSON.stringify(id)},"type":"next","payload":`;
  return (payloadJson) => {
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, 'Too slow a reader'); // Try Again Later: clients reconnect
      return;
    }
    if (connection) corkForThisTurn(connection);
    socket.send(`${head}${payloadJson}}`);
  };
}
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * Frames written to a connection during one turn of the event loop leave together, in one system
 * call: the connection stays corked until the turn ends. Under load a subscriber gets several
 * messages per turn and the write per frame (most of a delivery's cost) is shared; a lone frame
 * waits only for the rest of the current turn.
 */
const corked: Duplex[] = [];
function corkForThisTurn(connection: Duplex) {
  if (connection.writableCorked > 0) return;
  connection.cork();
  if (corked.push(connection) === 1) setImmediate(uncorkAll);
}
function uncorkAll() {
  for (const connection of corked.splice(0)) connection.uncork();
}
