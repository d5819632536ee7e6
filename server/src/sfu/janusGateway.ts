import { createHmac } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import Janode, { type JanodeConnection, type JanodeHandle, type JanodeSession } from 'janode';
import VideoRoomPlugin from 'janode/plugins/videoroom';
import type { Logger } from '../logger';
import { SfuUnavailableError, userOfDisplay, type SfuGateway, type SfuStatus, type TalkingListener } from './gateway';
import type { JanusProcess } from './janusProcess';

const VIDEOROOM = 'janus.plugin.videoroom';
/** VideoRoom error codes we expect (janus_videoroom.c). */
const NO_SUCH_ROOM = 426;
const ROOM_EXISTS = 427;
const NO_SUCH_FEED = 428;

/** A VideoRoom request Janus refused, with the plugin's error code. */
export class JanusRequestError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus VideoRoom error ${code}: ${reason}`);
  }
}

// Reconnection waits 0.25 s, 0.5 s, 1 s... up to 10 s, each spread ±50% so several server processes
// do not all knock at once when Janus comes back.
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;
const jittered = (ms: number) => ms * (0.5 + Math.random());
/** Janus ends sessions silent for its session_timeout (60 s, janusConfig.ts): janode pings more often. */
const SESSION_KEEPALIVE_SECONDS = 20;
/**
 * How long `start()` waits for the Janus we started to answer (it takes under a second here), then
 * for our connection, before the server goes on without its SFU (the gateway keeps trying).
 */
const JANUS_START_WAIT_MS = 20_000;
const CONNECT_WAIT_MS = 3000;
/**
 * Talking events: Janus averages the audio level browsers put in every packet (RFC 6464) over
 * TALKING_PACKETS packets (20 ms each: 1 s) and calls it talking above TALKING_LEVEL (-dBov, lower is louder).
 */
const TALKING_PACKETS = 50;
const TALKING_LEVEL = 25;
/** How our observer participant appears in a VideoRoom: not a number, so browsers never take it for a member. */
export const OBSERVER_DISPLAY = 'linkup-observer';

/**
 * The SFU gateway over Janus's WebSocket API (janode): one session with one VideoRoom handle for
 * our admin requests. Rooms are named by our room ids, private, created with the admin key and
 * guarded by a secret (the same key: browsers reach this API through /janus, and a room without a
 * secret could be destroyed or re-opened by any of them) and by a token list. When the connection
 * drops the status is 'down' until it is back; then `onReconnected` listeners run.
 */
export function createJanusGateway(opts: {
  url: string;
  adminKey: string;
  log: Logger;
  metricsSeconds: number;
  /** Tells the /janus relays to close these members' connections that joined the room (their subscriptions). */
  announceDisallowed(roomId: number, userIds: number[]): void;
  /** Starts the Janus we run ourselves (JANUS_URL unset); absent when Janus runs elsewhere. */
  startJanus?: () => JanusProcess;
}): SfuGateway {
  const { url, adminKey, log } = opts;
  const secret = adminKey;
  let status: SfuStatus = 'down';
  let closed = false;
  /** Ends every wait below when the gateway closes. */
  const closing = new AbortController();
  const sleep = (ms: number) => delay(ms, undefined, { signal: closing.signal }).catch(() => {});
  let current: { connection: JanodeConnection; session: JanodeSession; handle: JanodeHandle } | null = null;
  /** Our observer participant in each room this process opened, and its rooms' feeds by user id. */
  const observers = new Map<number, { handle: JanodeHandle; users: Map<string, number> }>();
  const talkingListeners = new Set<TalkingListener>();
  let janus: JanusProcess | undefined;
  let metricsTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  const reconnectedListeners = new Set<() => void>();
  const subscriberHandles = new Set<string>();
  let firstUp: () => void = () => {};
  const connectedOnce = new Promise<void>((resolve) => (firstUp = resolve));

  // janode logs to the console at info level by default; its errors reach us as rejections.
  Janode.Logger.setLevel('none');

  /** Connects, and once connected waits for the connection to end; again and again until closed. */
  async function keepConnected() {
    let failures = 0;
    let everUp = false;
    while (!closed) {
      let connection: JanodeConnection | undefined;
      try {
        connection = await Janode.connect({ address: { url }, retry_time_secs: 1, max_retries: 0 });
        const opened = connection;
        const lost = new Promise<void>((resolve) => {
          opened.once(Janode.EVENT.CONNECTION_CLOSED, () => resolve());
          opened.once(Janode.EVENT.CONNECTION_ERROR, () => resolve());
        });
        const session = await connection.create(SESSION_KEEPALIVE_SECONDS);
        // Janus ended our session (it missed keep-alives): start over on a fresh connection.
        session.once(Janode.EVENT.SESSION_DESTROYED, () => void opened.close().catch(() => {}));
        const handle = await session.attach({ id: VIDEOROOM });
        if (closed) {
          await connection.close().catch(() => {});
          return;
        }
        current = { connection, session, handle };
        status = 'up';
        failures = 0;
        log.info(`sfu: connected to Janus at ${url}`);
        firstUp();
        if (everUp) {
          for (const listener of reconnectedListeners) {
            try {
              listener();
            } catch (error) {
              log.warn('sfu: a reconnection listener failed', error);
            }
          }
        }
        everUp = true;
        await lost;
        current = null;
        observers.clear(); // they ended with the session
        if (closed) return;
        status = 'down';
        subscriberHandles.clear(); // their sessions ended with Janus's
        log.warn('sfu: lost the connection to Janus; reconnecting');
      } catch (error) {
        await connection?.close().catch(() => {});
        if (closed) return;
        failures++;
        // Janus starting or restarting takes a few tries; twenty (a minute or more) is worth a warning.
        if (failures % 20 === 0) log.warn(`sfu: still cannot reach Janus at ${url} (${(error as Error).message})`);
      }
      await sleep(jittered(Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS)));
    }
  }

  /** One VideoRoom request on our admin handle: the plugin's answer, or a JanusRequestError. */
  async function request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const handle = current?.handle;
    if (!handle || status !== 'up') throw new SfuUnavailableError(status);
    const answer = await handle.message(body);
    const data = answer.plugindata?.data ?? {};
    if (typeof data.error_code === 'number') throw new JanusRequestError(data.error_code, String(data.error));
    return data;
  }
  const unless = (code: number) => (error: unknown) => {
    if (!(error instanceof JanusRequestError && error.code === code)) throw error;
  };

  type Participant = { id: string; display?: string; publisher?: boolean };
  const participants = async (room: string) =>
    ((await request({ request: 'listparticipants', room })).participants ?? []) as Participant[];

  /** What admits our observer to a room: derived from the admin key, so every process of ours mints the same. */
  const observerToken = (room: string) => createHmac('sha256', adminKey).update(`observer:${room}`).digest('base64url');

  /**
   * Joins the room as a participant that publishes nothing, to hear its talking events (Janus
   * sends them to every participant). Once per room and process; gone with the room or the session.
   * Never throws: a room nobody observes still carries the call, its video seats by arrival only.
   */
  const observe = (roomId: number) =>
    joinAsObserver(roomId).catch((error: unknown) => log.warn(`sfu: could not observe room ${roomId}`, error));

  async function joinAsObserver(roomId: number) {
    const session = current?.session;
    if (!session || observers.has(roomId)) return;
    const room = String(roomId);
    const token = observerToken(room);
    await request({ request: 'allowed', room, secret, action: 'add', allowed: [token] });
    const handle = await session.attach(VideoRoomPlugin);
    const observer = { handle, users: new Map<string, number>() };
    observers.set(roomId, observer);
    handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_TALKING, (event: { feed: string | number; talking: boolean }) => {
      void userOfFeed(roomId, String(event.feed))
        .then((userId) => {
          if (userId === undefined) return;
          for (const listener of talkingListeners) listener(roomId, userId, event.talking);
        })
        .catch((error: unknown) => log.warn(`sfu: could not tell who talks in room ${roomId}`, error));
    });
    const forget = () => {
      if (observers.get(roomId) === observer) observers.delete(roomId);
      void handle.detach().catch(() => {});
    };
    handle.once(VideoRoomPlugin.EVENT.VIDEOROOM_DESTROYED, forget);
    handle.once(VideoRoomPlugin.EVENT.VIDEOROOM_KICKED, forget);
    try {
      await (handle as unknown as { joinPublisher(opts: object): Promise<unknown> }).joinPublisher({
        room,
        display: OBSERVER_DISPLAY,
        token,
      });
    } catch (error) {
      forget();
      throw error;
    }
  }

  /** The user id a feed publishes as (its display), asking Janus for feeds not seen before. */
  async function userOfFeed(roomId: number, feed: string): Promise<number | undefined> {
    const users = observers.get(roomId)?.users;
    if (!users) return undefined;
    if (!users.has(feed)) {
      for (const participant of await participants(String(roomId))) {
        const userId = userOfDisplay(participant.display);
        if (userId !== undefined) users.set(String(participant.id), userId);
      }
    }
    return users.get(feed);
  }

  const gateway: SfuGateway = {
    status: () => status,
    browserUpstream: url,
    subscriberHandles,
    janusPid: () => janus?.pid(),

    async start() {
      if (connecting || closed) return;
      janus = opts.startJanus?.();
      if (janus && !(await janus.ready(JANUS_START_WAIT_MS)))
        log.warn('sfu: Janus has not answered yet; calls stay in mesh until it does');
      connecting = keepConnected();
      metricsTimer = setInterval(() => {
        if (status !== 'up') return;
        gateway
          .metrics()
          .then(({ rooms, publishers, subscribers }) =>
            log.info(`sfu: rooms=${rooms} publishers=${publishers} subscribers=${subscribers}`),
          )
          .catch((error: unknown) => log.warn('sfu: reading metrics failed', error));
      }, opts.metricsSeconds * 1000);
      metricsTimer.unref();
      await Promise.race([connectedOnce, sleep(CONNECT_WAIT_MS)]);
    },

    async hasRoom(roomId) {
      return (await request({ request: 'exists', room: String(roomId) })).exists === true;
    },

    async openRoom(roomId, { tokens, maxPublishers }) {
      // Asking first keeps Janus's log free of "room exists" errors; two servers racing still meet ROOM_EXISTS.
      if (await gateway.hasRoom(roomId)) {
        await gateway.allow(roomId, tokens);
        return observe(roomId);
      }
      await request({
        request: 'create',
        room: String(roomId),
        admin_key: adminKey,
        secret,
        permanent: false,
        is_private: true,
        // Joining needs one of these tokens (ours, per member: `sfuToken`).
        allowed: tokens,
        publishers: maxPublishers,
        audiocodec: 'opus',
        // VP8 lets browsers publish simulcast (no room setting needed for it).
        videocodec: 'vp8',
        notify_joining: true,
        // Talking events (activeSpeakers.ts: the most recent speakers send video).
        audiolevel_event: true,
        audio_active_packets: TALKING_PACKETS,
        audio_level_average: TALKING_LEVEL,
      }).catch(async (error: unknown) => {
        unless(ROOM_EXISTS)(error);
        await gateway.allow(roomId, tokens);
      });
      await observe(roomId);
    },

    async allow(roomId, tokens) {
      if (tokens.length === 0) return;
      await request({ request: 'allowed', room: String(roomId), secret, action: 'add', allowed: tokens });
    },

    async disallow(roomId, members) {
      const room = String(roomId);
      try {
        if (members.length) {
          await request({ request: 'allowed', room, secret, action: 'remove', allowed: members.map((m) => m.token) });
        }
        // Both of a member's feeds go: their camera and microphone, and a screen they share.
        const leaving = new Set(members.map((member) => member.userId));
        for (const participant of await participants(room)) {
          const userId = userOfDisplay(participant.display);
          if (userId === undefined || !leaving.has(userId)) continue;
          await request({ request: 'kick', room, secret, id: participant.id }).catch(unless(NO_SUCH_FEED));
        }
      } catch (error) {
        unless(NO_SUCH_ROOM)(error);
      }
      // Kicking ends a participant's publishing handle; the handles they subscribe with (not listed
      // by Janus) end with their connection, which the relay holding it closes.
      const userIds = members.map((member) => member.userId);
      if (userIds.length) opts.announceDisallowed(roomId, userIds);
    },

    onTalking(listener) {
      talkingListeners.add(listener);
      return () => talkingListeners.delete(listener);
    },

    async closeRoom(roomId) {
      await request({ request: 'destroy', room: String(roomId), secret, permanent: false }).catch(unless(NO_SUCH_ROOM));
    },

    onReconnected(listener) {
      reconnectedListeners.add(listener);
      return () => reconnectedListeners.delete(listener);
    },

    async metrics() {
      // Private rooms are listed only with the admin key.
      const rooms = ((await request({ request: 'list', admin_key: adminKey })).list ?? []) as { room: string }[];
      let publishers = 0;
      for (const { room } of rooms) {
        const inRoom = await participants(room).catch((error: unknown) => {
          unless(NO_SUCH_ROOM)(error); // closed meanwhile
          return [];
        });
        publishers += inRoom.filter((participant) => participant.publisher).length;
      }
      return { rooms: rooms.length, publishers, subscribers: subscriberHandles.size };
    },

    async close() {
      closed = true;
      closing.abort();
      clearInterval(metricsTimer);
      await current?.connection.close().catch(() => {});
      await connecting;
      await janus?.stop();
      status = 'down';
    },
  };
  return gateway;
}
