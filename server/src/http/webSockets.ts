import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, getOperationAST, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { Services } from '../services/container';
import { maskError, type Yoga } from '../graphql';
import { subscribeWithSharedResults, type SendNext } from '../realtime/sharedSubscriptions';
import type { Context } from '../context';
import { stopCallPresence } from '../services/callPresence';
import { stopCallModeTimers } from '../services/callMode';
import { pruneCallSignals } from '../services/calls';
import { authenticate, bearerToken } from '../auth/sessions';
import { janusRelay } from './janusRelay';

/** What onConnect learns about a connection, beyond graphql-ws's own socket and request. */
type Extra = { viewer?: Awaited<ReturnType<typeof authenticate>> };

/**
 * What onSubscribe hands on to graphql-ws's execute/subscribe: for a query or mutation Yoga's
 * enveloped executor; for a subscription the stream onSubscribe already started.
 */
type WsRoot = { execute?: (args: ExecutionArgs) => unknown; stream?: unknown };

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/**
 * graphql-ws on the same path as HTTP GraphQL, sharing Yoga's plugins and context. A request that
 * fails before it runs (a syntax error, a refused subscription) gets an `error` message for its
 * operation id; the socket and its other operations carry on. `/janus` is the SFU relay (janusRelay.ts).
 */
export function attachWebSockets(
  services: Services,
  yoga: Yoga,
  server: Server,
  opts: { otherUpgrades?: 'refuse' | 'ignore' } = {},
) {
  const wss = new WebSocketServer({ noServer: true });
  /** The TCP connection under each WebSocket (frames written in one turn leave together, see below). */
  const connections = new WeakMap<WebSocket, Duplex>();
  const relay = janusRelay(services);
  server.on('upgrade', (req, socket, head) => {
    if (relay.matches(req)) return relay.handleUpgrade(req, socket, head);
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
        return true;
      },
      execute: (args) => (args.rootValue as WsRoot).execute!(args) as never,
      subscribe: (args) => (args.rootValue as WsRoot).stream as never,
      onSubscribe: async (ctx, id, params) => {
        const enveloped = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
        } as never);
        let document;
        try {
          document = enveloped.parse(params.query);
        } catch (error) {
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length) return errors;
        const args: ExecutionArgs = {
          schema: enveloped.schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await enveloped.contextFactory(),
        };
        if (getOperationAST(document, params.operationName)?.operation !== 'subscription') {
          return { ...args, rootValue: { execute: enveloped.execute } satisfies WsRoot };
        }
        // The subscription starts here, not in `subscribe`, so that a refusal (not signed in, not
        // allowed) is this operation's `error` message rather than a result on a stream.
        const viewerLocale = (args.contextValue as Context).locale;
        const mask = (result: ExecutionResult) =>
          result.errors ? { ...result, errors: result.errors.map((error) => maskError(error, viewerLocale, services)) } : result;
        const sendNext = nextFrameWriter(ctx.extra.socket, connections.get(ctx.extra.socket), id);
        const stream = await subscribeWithSharedResults(
          { ...args, locale: viewerLocale },
          () => enveloped.subscribe(args),
          mask,
          sendNext,
        );
        if (!isAsyncIterable(stream)) {
          const refused = mask(stream as ExecutionResult).errors;
          if (refused?.length) return [...refused];
        }
        // graphql-ws keeps these arguments for the subscription's whole life: without the context (the
        // stream holds what it needs) or Yoga's envelope, whose per-operation caches (auth scopes,
        // data loaders, keyed on the context) would otherwise stay alive per idle subscription.
        const { contextValue: _context, ...kept } = args;
        return { ...kept, contextValue: undefined, rootValue: { stream } satisfies WsRoot };
      },
    },
    wss,
  );
  return {
    async close() {
      clearInterval(pruning);
      await stopCallPresence(services);
      stopCallModeTimers(services);
      await relay.close();
      await revocations.return?.();
      await disposable.dispose();
      wss.close();
    },
  };
}

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
