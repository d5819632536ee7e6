import Janus, { type JanusJS } from 'janus-gateway';
import adapter from 'webrtc-adapter';
import type { Layer } from './callEngine';
import { simulcastBitrates, type Quality } from './media';
import { getToken } from '../../../relay/token';

/**
 * One member's media through the SFU (Janus's VideoRoom plugin), for one epoch of the room: a
 * publisher handle sending the microphone and the camera (three simulcast layers), and one
 * multistream subscriber handle receiving everyone else. Janus is reached through `/janus` on our
 * own origin (the server relays the socket for signed-in members only); the VideoRoom admits only
 * the token our server minted for this member, room and epoch.
 *
 * Publishers join with `display` set to our user id: that is how a feed becomes a tile. A shared
 * screen is a publisher of its own (`<user id>:screen`, a second handle): sent at its own resolution
 * and bit rate, without simulcast, and shown in a tile of its own while the camera goes on.
 */

export type SfuSessionOptions = {
  /** The room's database id: the VideoRoom's (string) id. */
  roomId: number;
  userId: number;
  token: string;
  iceServers: RTCIceServer[];
  iceTransportPolicy?: RTCIceTransportPolicy;
  stream: MediaStream;
  /** The camera's track (null: audio only). A shared screen goes as its own feed (`shareScreen`). */
  videoTrack: MediaStreamTrack | null;
  /** The quality selector's choice: the bit rate of each simulcast layer sent (`setQuality`). */
  quality: Quality;
  /** Someone's media as received now, or null when they stopped publishing. */
  onRemoteStream: (userId: number, stream: MediaStream | null) => void;
  /** Someone's shared screen as received now, or null when they stopped sharing it. */
  onRemoteScreen: (userId: number, stream: MediaStream | null) => void;
  /** The session broke (Janus restarted, the socket dropped): the server will announce a new epoch. */
  onFailure: (error: unknown) => void;
};

let ready: Promise<void> | null = null;
/**
 * The relay (`/janus`) takes the member's access token as a second WebSocket subprotocol: browsers
 * cannot set headers on a WebSocket, and an address with a token would land in proxies' logs.
 */
const initJanus = () =>
  (ready ??= new Promise<void>((resolve) =>
    Janus.init({
      debug: false,
      dependencies: {
        ...Janus.useDefaultDependencies({ adapter }),
        newWebSocket: (server: string, protocol: string) => new WebSocket(server, [protocol, `linkup-token.${getToken() ?? ''}`]),
      },
      callback: () => resolve(),
    }),
  ));

const janusUrl = () => `${window.location.origin.replace(/^http/, 'ws')}/janus`;

type Feed = { id: string; userId: number; screen: boolean };

/** A feed's `display` as our server's relay sets it (server/src/sfu/gateway.ts `feedDisplay`). */
const SCREEN_SUFFIX = ':screen';
const feedOf = (id: string, display: string | undefined): Feed | null => {
  const match = /^(\d+)(:screen)?$/.exec(display ?? '');
  return match ? { id, userId: Number(match[1]), screen: match[2] === SCREEN_SUFFIX } : null;
};

/**
 * A shared screen's bit rate: text and slides need detail more than motion, at up to the screen's
 * own size (one stream, not three layers: every viewer needs it legible).
 */
const SCREEN_MAX_BITRATE = 2_500_000;
/**
 * How long a subscription may wait for Janus's offer (it takes well under a second), and then for
 * its connection to come up, before it is made again on a new subscriber handle. Janus offers a
 * handle nothing more until it has the answer to its last offer, so a handle that missed one
 * exchange holds up every later subscription (in CI, eight browsers on two loaded cores: no offer
 * within 20 s on several pages); and a connection still not up then got no media at all (tiles
 * without a picture and no word why). Each new handle waits twice as long as the one before: on a
 * machine merely slow, subscribing to every feed again is more work, and a fixed wait would only
 * repeat it.
 */
export const SUBSCRIBE_STALL_MS = 20_000;
/** Subscriber handles of one session (the first and its replacements) before a stall is only reported. */
export const SUBSCRIBER_TRIES = 3;
/** How long opening a session (connecting, attaching, Janus accepting the join) may take before it fails. */
export const JOIN_TIMEOUT_MS = 20_000;
/**
 * A publication (the camera's or a shared screen's) whose connection Janus has not reported up
 * this long after its offer went is made again, on a new handle. Under load (the SFU suite in CI)
 * a screen's ICE stayed "connecting" for good while the camera's, a moment earlier, was up; and a
 * newcomer's camera reached no one, without a warning anywhere: Janus announces a feed to the room
 * only once its connection is up. Not less than the other waits: a camera's connection that came up
 * after 15 s was cut off and published again, and the room subscribed to a feed that went.
 */
export const PUBLISH_CONNECT_MS = 20_000;
/**
 * How long try `attempt` of a publication waits for its connection: each twice as long as the one
 * before, as subscriptions do (a connection merely slow to come up was cut off and started over, and
 * the three tries of a shared screen, 15 s each, all ran out in CI).
 */
const publishWait = (attempt: number) => PUBLISH_CONNECT_MS * 2 ** (attempt - 1);
/** Publications of one camera or one shared screen before a failure of it is only reported. */
export const PUBLISH_TRIES = 3;
type Stream = { mid: string; feed_id?: string | number; feed_display?: string; type?: string; active?: boolean };

/** One pending timeout: started again, it replaces the last one. */
class Deadline {
  private timer: ReturnType<typeof setTimeout> | null = null;

  get running() {
    return this.timer !== null;
  }

  start(ms: number, expired: () => void) {
    this.clear();
    this.timer = setTimeout(() => {
      this.timer = null;
      expired();
    }, ms);
  }

  clear() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * A publisher handle's callbacks about its connection, from Janus: `up` once the media path is up
 * (DTLS done), `publishAgain` when Janus hung it up or the connection failed.
 */
const publicationWatch = (up: () => void, publishAgain: (why: string) => void) => ({
  webrtcState: (on: boolean) => {
    if (on) up();
    else publishAgain('was hung up');
  },
  connectionState: (state: RTCPeerConnectionState) => {
    if (state === 'failed') publishAgain('lost its connection (ICE or DTLS failed)');
  },
});

export class SfuSession {
  private janus: JanusJS.Janus | null = null;
  private publisher: JanusJS.PluginHandle | null = null;
  /** Publishes the camera again unless Janus reports its connection up in time (`publishWait`). */
  private readonly cameraWatch = new Deadline();
  /** Counts the camera's publications: each try of one is its own (attachPublisher). */
  private cameraAttempts = 0;
  /** Our shared screen's publisher, while we share one, and the screen it was attached for. */
  private screenPublisher: JanusJS.PluginHandle | null = null;
  private sharedScreen: MediaStreamTrack | null = null;
  /** Publishes the screen again unless Janus reports its connection up in time (`publishWait`). */
  private readonly screenWatch = new Deadline();
  /** Counts screen publications: each try of one is its own (shareScreen). */
  private screenAttempts = 0;
  private subscriber: JanusJS.PluginHandle | null = null;
  /** Subscriber handles attached so far: the latest is the only one whose word counts (`attachSubscriber`). */
  private subscriberAttempt = 0;
  /** Publishers we receive (or asked to), by their Janus feed id. */
  private readonly feeds = new Map<string, Feed>();
  private readonly feedByMid = new Map<string, string>();
  /** What we receive of each feed, by feed id. */
  private readonly streams = new Map<string, MediaStream>();
  /** Feeds waiting for the subscriber handle to finish a negotiation (Janus takes one at a time). */
  private pending: string[] = [];
  private negotiating = false;
  /** The feeds of the subscription being negotiated (`refused` asks for them again). */
  private requested: string[] = [];
  /** Subscribes again on a new handle when Janus has not offered within `stallWindow`. */
  private readonly offerWatch = new Deadline();
  /** Subscribes again on a new handle when its connection is not up within `stallWindow` of our first answer. */
  private readonly connectWatch = new Deadline();
  private stallWindow = SUBSCRIBE_STALL_MS;
  /** The answer to Janus's latest offer, once given (`answer`). */
  private answering: Promise<void> = Promise.resolve();
  private closed = false;
  private layer: Layer = 2;
  private videoSending = true;
  private quality: Quality;

  private constructor(private readonly options: SfuSessionOptions) {
    this.quality = options.quality;
  }

  /**
   * Connects, joins as a publisher and publishes; resolves once Janus accepted the join, rejects
   * (and lets go of the connection) when it did not within JOIN_TIMEOUT_MS.
   */
  static async open(options: SfuSessionOptions): Promise<SfuSession> {
    await initJanus();
    const session = new SfuSession(options);
    try {
      await session.connect();
    } catch (error) {
      session.close();
      throw error;
    }
    return session;
  }

  private get room() {
    return String(this.options.roomId);
  }

  /** The request joining a publisher handle (our camera's or our screen's) to the room as `display`. */
  private publisherJoin(display: string) {
    return { request: 'join', ptype: 'publisher', room: this.room, display, token: this.options.token };
  }

  private connect() {
    return new Promise<void>((resolve, reject) => {
      let joined = false;
      const fail = (error: unknown) => {
        if (joined) {
          if (!this.closed) this.options.onFailure(error);
          return;
        }
        clearTimeout(joinTimer);
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      const joinTimer = setTimeout(() => fail(new Error(`SFU: not joined after ${JOIN_TIMEOUT_MS} ms`)), JOIN_TIMEOUT_MS);
      this.janus = new Janus({
        server: janusUrl(),
        iceServers: this.options.iceServers,
        iceTransportPolicy: this.options.iceTransportPolicy,
        destroyOnUnload: true,
        success: () => {
          // The join may have timed out, and the session closed, before Janus's session was up.
          if (this.closed || !this.janus) return;
          this.attachPublisher(1, fail, () => {
            joined = true;
            clearTimeout(joinTimer);
            resolve();
          });
        },
        error: fail,
      });
    });
  }

  /**
   * Attaches the camera's publisher handle, joins the room on it (`joined` runs once Janus accepted)
   * and publishes. A publication whose connection fails, or is not up in time (`publishWait`), is
   * made again on a new handle, up to PUBLISH_TRIES times in all (each retry is reported). The
   * handle also brings the room's publisher list and its changes (`onPublishers`).
   */
  private attachPublisher(attempt: number, fail: (error: unknown) => void, joined: () => void) {
    let handle: JanusJS.PluginHandle | null = null;
    const mine = ++this.cameraAttempts;
    // A replaced handle's late words are not ours any more.
    const current = () => !this.closed && this.cameraAttempts === mine;
    const publishAgain = (why: string) => {
      if (!current()) return;
      this.cameraWatch.clear();
      const last = attempt >= PUBLISH_TRIES;
      this.options.onFailure(new Error(`SFU: the camera's publication ${why}${last ? '' : ', publishing it again'}`));
      if (last) return;
      this.publisher = null;
      handle?.detach();
      this.attachPublisher(attempt + 1, this.options.onFailure, () => {});
    };
    const wait = publishWait(attempt);
    const notConnected = () => publishAgain(`was not connected after ${wait} ms`);
    // A new try is watched from the start: a handle Janus never attaches, or a join it never
    // answers, would otherwise leave us unpublished for good (the first try has JOIN_TIMEOUT_MS).
    if (attempt > 1) this.cameraWatch.start(wait, notConnected);
    this.janus?.attach({
      plugin: 'janus.plugin.videoroom',
      success: (attached) => {
        if (!current()) return void attached.detach();
        handle = this.publisher = attached;
        attached.send({ message: this.publisherJoin(String(this.options.userId)) });
      },
      error: fail,
      ...publicationWatch(() => {
        if (current()) this.cameraWatch.clear();
      }, publishAgain),
      onmessage: (message, jsep) => {
        if (!current()) return;
        if (message.error) {
          fail(new Error(String(message.error)));
          return;
        }
        if (message.videoroom === 'joined') {
          joined();
          this.publish(wait, notConnected);
        }
        // A seat lost or a quality chosen before Janus's answer applies once the answer is in:
        // Chromium turns every simulcast layer back on when it applies it (an unseated
        // newcomer went on sending video, seen in tests/sfu/seats.spec.ts).
        if (jsep) handle!.handleRemoteJsep({ jsep, success: () => this.applyEncodings() });
        this.onPublishers(message);
      },
    });
  }

  /** Offers our microphone and camera on the publisher handle; `notConnected` runs unless Janus reports the connection up in time. */
  private publish(wait: number, notConnected: () => void) {
    const { stream, videoTrack } = this.options;
    const audio = stream.getAudioTracks()[0];
    const tracks: JanusJS.TrackOption[] = [];
    // dontStop: the tracks are the call's, shared with the mesh connections and the own tile.
    if (audio) tracks.push({ type: 'audio', capture: audio, recv: false, dontStop: true });
    if (videoTrack) {
      tracks.push({
        type: 'video',
        capture: videoTrack,
        recv: false,
        simulcast: true,
        simulcastMaxBitrates: simulcastBitrates(this.quality),
        dontStop: true,
      });
    }
    this.publisher?.createOffer({
      tracks,
      success: (jsep) => {
        this.publisher?.send({ message: { request: 'configure', audio: Boolean(audio), video: Boolean(videoTrack) }, jsep });
        this.cameraWatch.start(wait, notConnected);
      },
      error: (error) => this.options.onFailure(error),
    });
  }

  /**
   * Publishes `track` (a screen) as a feed of its own beside the camera's, until `stopScreen`. A
   * publication whose connection fails, or is not up in time (`publishWait`), is made again on a
   * new handle, up to PUBLISH_TRIES times in all (each retry is reported).
   */
  shareScreen(track: MediaStreamTrack, attempt = 1) {
    this.stopScreen();
    this.sharedScreen = track;
    // Encoders keep a screen's text sharp (resolution over frame rate) when told what it is.
    track.contentHint = 'detail';
    let attached: JanusJS.PluginHandle | null = null;
    const mine = ++this.screenAttempts;
    const current = () => !this.closed && this.sharedScreen === track && this.screenAttempts === mine;
    const publishAgain = (why: string) => {
      if (!current()) return;
      this.screenWatch.clear();
      const last = attempt >= PUBLISH_TRIES;
      this.options.onFailure(new Error(`SFU: the shared screen ${why}${last ? '' : ', publishing it again'}`));
      if (!last) this.shareScreen(track, attempt + 1);
    };
    const wait = publishWait(attempt);
    const notConnected = () => publishAgain(`was not connected after ${wait} ms`);
    // From the start: a handle Janus never attaches, or a join it never answers, is watched too
    // (on a starved machine the screen otherwise reached no one, and nothing said so).
    this.screenWatch.start(wait, notConnected);
    this.janus?.attach({
      plugin: 'janus.plugin.videoroom',
      success: (handle) => {
        // Stopped (or shared again) while attaching: this handle publishes nothing.
        if (!current()) return void handle.detach();
        attached = this.screenPublisher = handle;
        handle.send({ message: this.publisherJoin(`${this.options.userId}${SCREEN_SUFFIX}`) });
      },
      error: (error) => this.options.onFailure(error),
      ...publicationWatch(() => {
        if (current()) this.screenWatch.clear();
      }, publishAgain),
      onmessage: (message, jsep) => {
        const handle = attached;
        if (!handle || !current()) return;
        if (message.error) return this.options.onFailure(new Error(String(message.error)));
        if (message.videoroom === 'joined') {
          handle.createOffer({
            tracks: [{ type: 'video', capture: track, recv: false, dontStop: true }],
            success: (offer) => {
              handle.send({
                message: { request: 'configure', audio: false, video: true, bitrate: SCREEN_MAX_BITRATE },
                jsep: offer,
              });
              this.screenWatch.start(wait, notConnected);
            },
            error: (error) => this.options.onFailure(error),
          });
        }
        if (jsep) handle.handleRemoteJsep({ jsep });
      },
    });
  }

  /** Our screen's feed ends (the others' tiles of it go with Janus's `unpublished`). */
  stopScreen() {
    const handle = this.screenPublisher;
    this.screenPublisher = null;
    this.sharedScreen = null;
    this.screenWatch.clear();
    handle?.detach();
  }

  /**
   * Whether our video reaches the room: off while our seat among its video publishers is taken
   * by more recent speakers. The encoder stops (every simulcast layer inactive), so no upload is
   * spent on it; the microphone goes on.
   */
  setVideoSending(on: boolean) {
    if (on === this.videoSending) return;
    this.videoSending = on;
    this.applyEncodings();
  }

  /** A new choice of the quality selector: each simulcast layer's bit rate follows (the camera's size changes too). */
  setQuality(quality: Quality) {
    if (quality === this.quality) return;
    this.quality = quality;
    this.applyEncodings();
  }

  /** Our video sender's layers as `videoSending` and `quality` want them; nothing while they already are. */
  private applyEncodings() {
    const sender = this.publisher?.webrtcStuff.pc
      ?.getTransceivers()
      .find((transceiver) => transceiver.receiver.track.kind === 'video')?.sender;
    if (!sender) return;
    const parameters = sender.getParameters();
    const { high, medium, low } = simulcastBitrates(this.quality);
    const rates: Record<string, number | undefined> = { h: high, m: medium, l: low };
    let changed = false;
    for (const encoding of parameters.encodings) {
      const maxBitrate = rates[encoding.rid ?? ''] ?? encoding.maxBitrate;
      if (encoding.active === this.videoSending && encoding.maxBitrate === maxBitrate) continue;
      encoding.active = this.videoSending;
      encoding.maxBitrate = maxBitrate;
      changed = true;
    }
    if (changed) sender.setParameters(parameters).catch((error: unknown) => this.options.onFailure(error));
  }

  /** Publisher lists (on joining, then as people publish) and departures. */
  private onPublishers(message: JanusJS.Message) {
    const publishers = (message.publishers ?? []) as { id: string | number; display?: string }[];
    const added = publishers.flatMap((publisher) => {
      const id = String(publisher.id);
      const feed = feedOf(id, publisher.display);
      // Not a member's (our observer), ours (our camera, our screen), or already ours to receive.
      if (!feed || feed.userId === this.options.userId || this.feeds.has(id)) return [];
      this.feeds.set(id, feed);
      return [id];
    });
    const gone = [message.leaving, message.unpublished].filter(
      (id): id is string | number => (typeof id === 'string' || typeof id === 'number') && id !== 'ok',
    );
    // Janus takes a departed feed's streams out of our subscription itself (an `updated` offer follows).
    for (const id of gone.map(String)) this.dropFeed(id);
    if (added.length > 0) this.subscribe(added);
  }

  private dropFeed(id: string) {
    const feed = this.feeds.get(id);
    this.feeds.delete(id);
    if (!feed) return;
    this.streams.delete(id);
    this.deliver(feed, null);
  }

  private deliver(feed: Feed, stream: MediaStream | null) {
    if (feed.screen) this.options.onRemoteScreen(feed.userId, stream);
    else this.options.onRemoteStream(feed.userId, stream);
  }

  private subscribe(add: string[]) {
    this.pending.push(...add);
    if (this.negotiating || this.closed) return;
    const streams = this.pending.filter((id) => this.feeds.has(id)).map((feed) => ({ feed }));
    this.pending = [];
    if (streams.length === 0) return;
    this.negotiating = true;
    this.requested = streams.map(({ feed }) => feed);
    const wait = this.stallWindow;
    this.offerWatch.start(wait, () => {
      if (this.negotiating && !this.closed) {
        this.replaceSubscriber(`no offer for feeds ${streams.map((s) => s.feed).join(', ')} after ${wait} ms`);
      }
    });
    if (this.subscriber) this.subscriber.send({ message: { request: 'subscribe', streams } });
    else this.attachSubscriber(streams);
  }

  /**
   * A subscription stalled: a new subscriber handle subscribes to every feed we receive, and the
   * stalled one goes (with what it carried: the new handle brings the same feeds). After
   * SUBSCRIBER_TRIES handles the stall is only reported, and the last handle goes on waiting.
   */
  private replaceSubscriber(why: string) {
    const last = this.subscriberAttempt >= SUBSCRIBER_TRIES;
    this.options.onFailure(new Error(`SFU: ${why}${last ? '' : ', subscribing again'}`));
    if (last) return;
    const stalled = this.subscriber;
    this.subscriber = null;
    this.settled();
    this.connectWatch.clear();
    this.stallWindow *= 2;
    this.answering = Promise.resolve();
    this.feedByMid.clear();
    this.streams.clear();
    this.pending = [];
    stalled?.detach();
    this.subscribe([...this.feeds.keys()]);
  }

  private attachSubscriber(streams: { feed: string }[]) {
    const attempt = ++this.subscriberAttempt;
    let handle: JanusJS.PluginHandle | null = null;
    // Whether Janus reported this handle's connection up (it stays up through renegotiations).
    let connected = false;
    // Whether Janus accepted this handle's join (it takes a later `subscribe` only then).
    let joined = false;
    // A replaced handle's late words (an offer, a track) are not ours any more (close() lets go of it too).
    const current = () => !this.closed && handle !== null && handle === this.subscriber;
    this.janus?.attach({
      plugin: 'janus.plugin.videoroom',
      success: (attached) => {
        // Closed or replaced while attaching: this handle subscribes to nothing.
        if (this.closed || attempt !== this.subscriberAttempt) return void attached.detach();
        handle = this.subscriber = attached;
        attached.send({ message: { request: 'join', ptype: 'subscriber', room: this.room, token: this.options.token, streams } });
      },
      error: (error) => this.options.onFailure(error),
      // Janus says when the media path is up (DTLS done) and when it hung it up.
      webrtcState: (up) => {
        if (!current()) return;
        if (up) {
          connected = true;
          this.connectWatch.clear();
        } else this.replaceSubscriber('the subscription was hung up');
      },
      connectionState: (state) => {
        if (state === 'failed' && current()) this.replaceSubscriber('the subscription lost its connection (ICE or DTLS failed)');
      },
      onmessage: (message, jsep) => {
        if (!current()) return;
        if (message.error) {
          this.refused(String(message.error), joined);
          return;
        }
        if (message.videoroom === 'attached') joined = true;
        if (Array.isArray(message.streams)) this.mapStreams(message.streams as Stream[]);
        if (jsep) {
          // Janus offered: what remains (the answer) is ours.
          this.offerWatch.clear();
          // One offer at a time: janus.js answers across several awaits, so a second offer (Janus
          // renegotiates by itself when a feed leaves) answered meanwhile would interleave with the
          // first and leave the connection, and every later subscription, stuck.
          this.answering = this.answering.then(() => this.answer(handle!, jsep, () => connected));
        } else if (message.videoroom === 'updated' || message.videoroom === 'attached') {
          this.settled();
          this.subscribe([]);
        }
      },
      onremotetrack: (track, mid, on) => {
        if (current()) this.onRemoteTrack(track, mid, on);
      },
    });
  }

  /**
   * Janus refused a request of the subscriber handle. It refuses a whole subscription over one feed
   * that left, or whose connection is not up yet ("No such feed (id)": a camera published again
   * leaves its old feed behind): that feed is forgotten (Janus announces it again once it is up) and
   * the rest asked for again. Janus takes a `subscribe` only on a handle whose join it accepted, so
   * after a refused join the next subscription attaches a new handle.
   */
  private refused(error: string, joined: boolean) {
    const missing = /^No such feed \((.+)\)$/.exec(error)?.[1];
    const rest = this.requested.filter((id) => id !== missing);
    this.settled();
    if (!joined) {
      const handle = this.subscriber;
      this.subscriber = null;
      handle?.detach();
    }
    if (missing === undefined) {
      this.options.onFailure(new Error(`SFU: Janus refused a subscription (${error})`));
      return;
    }
    this.dropFeed(missing);
    this.subscribe(rest);
  }

  /** The subscriber handle's negotiation is over (answered, refused or nothing to do): the next one may start. */
  private settled() {
    this.negotiating = false;
    this.offerWatch.clear();
  }

  /**
   * Answers Janus's offer on `subscriber`. Janus offers nothing more to a handle until it has an
   * answer, so a failed answer replaces the handle; so does a connection not up (`connected`)
   * within `stallWindow` of the first answer.
   */
  private answer(subscriber: JanusJS.PluginHandle, jsep: JanusJS.JSEP, connected: () => boolean) {
    return new Promise<void>((resolve) => {
      const replaced = () => subscriber !== this.subscriber || this.closed;
      if (replaced()) return resolve();
      subscriber.createAnswer({
        jsep,
        tracks: [],
        success: (answer) => {
          if (!replaced()) {
            subscriber.send({ message: { request: 'start', room: this.room }, jsep: answer });
            const wait = this.stallWindow;
            if (!connected() && !this.connectWatch.running) {
              this.connectWatch.start(wait, () => {
                if (subscriber === this.subscriber && !this.closed && !connected())
                  this.replaceSubscriber(`the subscription was not connected after ${wait} ms`);
              });
            }
            this.settled();
            this.applyLayer();
            this.subscribe([]);
          }
          resolve();
        },
        error: (error) => {
          if (!replaced()) this.replaceSubscriber(`could not answer Janus's offer (${String(error)})`);
          resolve();
        },
      });
    });
  }

  private mapStreams(streams: Stream[]) {
    for (const stream of streams) {
      if (stream.feed_id !== undefined) this.feedByMid.set(stream.mid, String(stream.feed_id));
    }
  }

  private onRemoteTrack(track: MediaStreamTrack, mid: string, on: boolean) {
    const feed = this.feeds.get(this.feedByMid.get(mid) ?? '');
    if (!feed) return;
    const current = this.streams.get(feed.id);
    const tracks = (current?.getTracks() ?? []).filter((t) => t.kind !== track.kind || (on && t.id !== track.id));
    if (on) tracks.push(track);
    // A new MediaStream object for every change, so the tile sees that its media changed.
    const stream = new MediaStream(tracks);
    this.streams.set(feed.id, stream);
    this.deliver(feed, tracks.length > 0 ? stream : null);
  }

  /** The simulcast layer every received video uses (the grid's tile size decides: `layerForTiles`). */
  setLayer(layer: Layer) {
    if (layer === this.layer) return;
    this.layer = layer;
    this.applyLayer();
  }

  /** Cameras only: a screen is sent in one layer. */
  private applyLayer() {
    const mids = [...this.feedByMid.entries()]
      .filter(([, feedId]) => this.feeds.get(feedId)?.screen === false)
      .map(([mid]) => mid)
      .filter((mid) => this.subscriber?.getRemoteTracks().some((track) => track.mid === mid && track.type === 'video'));
    if (mids.length === 0) return;
    this.subscriber?.send({
      message: { request: 'configure', streams: mids.map((mid) => ({ mid, substream: this.layer })) },
    });
  }

  /** Who the session receives media (camera and microphone) from now. */
  receiving(): number[] {
    return [...this.streams.keys()].flatMap((id) => {
      const feed = this.feeds.get(id);
      return feed && !feed.screen ? [feed.userId] : [];
    });
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.settled();
    this.connectWatch.clear();
    this.cameraWatch.clear();
    this.screenWatch.clear();
    this.janus?.destroy({ cleanupHandles: true, notifyDestroyed: false });
    this.janus = null;
    this.publisher = null;
    this.screenPublisher = null;
    this.subscriber = null;
  }
}
