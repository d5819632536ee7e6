import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { Services } from '../services/container';
import { authenticate, bearerToken } from '../auth/sessions';
import { feedDisplay } from '../sfu/gateway';

/** Where browsers reach Janus's API through us (the janus-gateway library's `server` option). */
export const JANUS_RELAY_PATH = '/janus';
const PROTOCOL = 'janus-protocol';
/**
 * Browsers cannot set headers on a WebSocket, and a token in the address would land in proxies'
 * access logs (nginx logs the query string): they offer it as a second subprotocol, `linkup-token.<token>` (JWT characters are all allowed there), beside janus-protocol,
 * which is the one accepted. With janus-gateway: `Janus.init({ dependencies: { ...Janus.useDefaultDependencies(),
 * newWebSocket: (server, protocol) => new WebSocket(server, [protocol, `linkup-token.${token}`]) } })`.
 */
const TOKEN_PROTOCOL_PREFIX = 'linkup-token.';
/** A browser's frames are small requests (the largest an SDP offer); Janus's own may be larger (offers for many feeds). */
const MAX_BROWSER_FRAME_BYTES = 64 * 1024;
const MAX_JANUS_FRAME_BYTES = 1024 * 1024;

/**
 * VideoRoom requests a browser may make. Managing rooms (create, edit, destroy, allowed, kick,
 * listings) is the server's: Janus guards those with the admin key and room secret too, and
 * listings (who is in which room) are refused here.
 */
const BROWSER_REQUESTS = new Set([
  'join',
  'joinandconfigure',
  'configure',
  'publish',
  'unpublish',
  'subscribe',
  'unsubscribe',
  'update',
  'start',
  'pause',
  'switch',
  'leave',
]);

type JanusFrame = {
  janus?: string;
  transaction?: string;
  session_id?: number;
  handle_id?: number;
  sender?: number;
  body?: Record<string, unknown>;
  plugindata?: { data?: { videoroom?: string } };
};

/**
 * `/janus`: a WebSocket relay between a signed-in member's browser and Janus, so browsers need no
 * other origin or port. The client presents its access token (`Authorization: Bearer`, or from
 * browsers the `linkup-token.` subprotocol: see above). The relay
 * sets `display` to the member's user id (`feedDisplay`: a shared screen keeps its suffix) in their join and configure requests (how the gateway
 * finds whom to kick), refuses requests that are not a participant's, counts subscriber handles for
 * the metrics, and closes both sides together.
 */
export function janusRelay(services: Services) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_BROWSER_FRAME_BYTES,
    handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
  });
  /** Each open relay: whose it is, the rooms it joined (any of its handles), how to end it. */
  type Relay = { sessionId: string; userId: number; rooms: Set<string>; close(code: number, reason: string): void };
  const open = new Map<WebSocket, Relay>();
  /** Ends the relays `ends` picks for each event of `events` (announced on any server process). */
  const closeOn = <E>(events: AsyncIterable<E>, ends: (event: E, relay: Relay) => boolean, code: number, reason: string) => {
    void (async () => {
      for await (const event of events) {
        for (const relay of [...open.values()]) if (ends(event, relay)) relay.close(code, reason);
      }
    })();
  };
  const revocations = services.pubsub.subscribe('sessions:revoked');
  closeOn(revocations, ({ sessionIds }, relay) => sessionIds.includes(relay.sessionId), 4401, 'Session ended');
  // Kicked from a room by the gateway: the connection's other handles (their subscriptions) end with it.
  const disallowed = services.pubsub.subscribe('sfu:disallowed');
  const leftRoom = ({ roomId, userIds }: { roomId: number; userIds: number[] }, relay: Relay) =>
    userIds.includes(relay.userId) && relay.rooms.has(String(roomId));
  closeOn(disallowed, leftRoom, 4403, 'Left the room');

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((protocol) => protocol.trim());
    const tokenProtocol = offered.find((protocol) => protocol.startsWith(TOKEN_PROTOCOL_PREFIX));
    const token = bearerToken(req.headers.authorization) ?? tokenProtocol?.slice(TOKEN_PROTOCOL_PREFIX.length) ?? null;
    const viewer = await authenticate(services.prisma, services.tokenSecret, token).catch(() => null);
    if (!viewer) return refuse(socket, 401, 'Unauthorized');
    if (services.sfu.status() !== 'up') return refuse(socket, 503, 'Service Unavailable');
    const upstream = await connectUpstream(services.sfu.browserUpstream);
    if (!upstream) return refuse(socket, 503, 'Service Unavailable');
    if (socket.destroyed) return upstream.close(); // the browser gave up meanwhile
    wss.handleUpgrade(req, socket, head, (browser) => {
      const subscriberJoins = new Set<number>();
      /** Subscriber handles of this relay, by a key unique across relays (in services.sfu.subscriberHandles too). */
      const heldHandles = new Set<string>();
      const relayId = crypto.randomUUID();
      const handleKey = (handleId: number) => `${relayId}:${handleId}`;
      const closeBoth = (code = 1000, reason = '') => {
        for (const handle of heldHandles) services.sfu.subscriberHandles.delete(handle);
        heldHandles.clear();
        open.delete(browser);
        closeQuietly(browser, code, reason);
        closeQuietly(upstream, code, reason);
      };
      const rooms = new Set<string>();
      open.set(browser, { sessionId: viewer.sessionId, userId: viewer.user.id, rooms, close: closeBoth });

      browser.on('message', (data, isBinary) => {
        const frame = isBinary ? undefined : parse(data);
        if (!frame) return closeBoth(1003, 'JSON text frames only');
        if (frame.janus === 'message') {
          const body = isObject(frame.body) ? frame.body : {};
          frame.body = body;
          const request = String(body.request);
          if (!BROWSER_REQUESTS.has(request)) {
            // Shaped as Janus answers a refused request (its session, no sender): clients route it to the handle.
            const error = { code: 403, reason: `${request}: not allowed` };
            browser.send(JSON.stringify({ janus: 'error', session_id: frame.session_id, transaction: frame.transaction, error }));
            return;
          }
          if (request === 'join' || request === 'joinandconfigure') rooms.add(String(body.room));
          if (request === 'join' && body.ptype === 'subscriber' && frame.handle_id) subscriberJoins.add(frame.handle_id);
          const publisherJoin = (request === 'join' && body.ptype === 'publisher') || request === 'joinandconfigure';
          if (publisherJoin || 'display' in body) body.display = feedDisplay(viewer.user.id, body.display);
        }
        if (frame.janus === 'detach' && frame.handle_id) forget(frame.handle_id);
        upstream.send(JSON.stringify(frame));
      });

      upstream.on('message', (data, isBinary) => {
        if (!isBinary) {
          const frame = parse(data);
          if (frame?.sender && frame.plugindata?.data?.videoroom === 'attached' && subscriberJoins.delete(frame.sender)) {
            heldHandles.add(handleKey(frame.sender));
            services.sfu.subscriberHandles.add(handleKey(frame.sender));
          }
          if (frame?.janus === 'detached' && frame.sender) forget(frame.sender);
        }
        browser.send(data, { binary: isBinary });
      });
      const forget = (handleId: number) => {
        heldHandles.delete(handleKey(handleId));
        services.sfu.subscriberHandles.delete(handleKey(handleId));
      };

      browser.on('close', (code, reason) => closeBoth(code, reason.toString()));
      upstream.on('close', (code, reason) => closeBoth(code, reason.toString()));
      browser.on('error', () => closeBoth(1011));
      upstream.on('error', () => closeBoth(1011));
    });
  }

  return {
    matches: (req: IncomingMessage) => new URL(req.url ?? '/', 'http://x').pathname === JANUS_RELAY_PATH,
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      handleUpgrade(req, socket, head).catch((error: unknown) => {
        services.log.warn('janus relay: upgrade failed', error);
        socket.destroy();
      });
    },
    async close() {
      await Promise.all([revocations.return?.(), disallowed.return?.()]);
      for (const relay of [...open.values()]) relay.close(1001, 'Server stopping');
      wss.close();
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(data: RawData): JanusFrame | undefined {
  try {
    const frame: unknown = JSON.parse(String(data));
    return isObject(frame) ? (frame as JanusFrame) : undefined;
  } catch {
    return undefined;
  }
}

/** A WebSocket to Janus, once open; null when Janus does not accept one. */
function connectUpstream(url: string): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const upstream = new WebSocket(url, PROTOCOL, { maxPayload: MAX_JANUS_FRAME_BYTES, handshakeTimeout: 5000 });
    upstream.once('open', () => {
      upstream.removeAllListeners('error');
      resolve(upstream);
    });
    upstream.once('error', () => resolve(null));
  });
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Closes with the other side's code when a socket may send it (1005, 1006 and 1015 are only ever received). */
function closeQuietly(socket: WebSocket, code: number, reason: string) {
  if (socket.readyState === WebSocket.CLOSED || socket.readyState === WebSocket.CLOSING) return;
  const sendable = (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
  socket.close(sendable ? code : 1000, reason.slice(0, 120));
}
