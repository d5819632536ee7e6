import Peer from '@thaunknown/simple-peer';
import {
  DEFAULT_QUALITY,
  callConstraints,
  mediaFailure,
  onPhone,
  stopStreams,
  videoConstraints,
  webRtcSupport,
  type CallMedia,
  type MediaFailure,
  type Quality,
} from './media';
import { SignalQueue } from './signalQueue';
import type { SfuSession, SfuSessionOptions } from './sfuSession';

/**
 * The call itself, without React: local media, the media paths to the others, and the call state
 * machine of spec section 4 (idle → connecting → in call → idle). Signalling goes through a
 * transport (GraphQL mutations); events come in through `handleEvent` (the per-user GraphQL
 * subscription).
 *
 * The server owns the room's mode (mesh or SFU) and its epoch; CALL_MODE events switch it live.
 * - Mesh: one simple-peer connection per other participant. The newcomer of a room opens the
 *   connections to those already there; they answer when its offer arrives. After a return from
 *   the SFU, or when a connection fails (`renewMesh`), the one with the smaller user id opens it.
 * - SFU: one SfuSession (sfuSession.ts) publishes to Janus and receives everyone else.
 * Either way the new path is made before the old one is broken: a participant's tile switches to
 * the new path's media as soon as it has video, and the old path closes when everyone has switched
 * or after MAKE_BEFORE_BREAK_MS.
 * In SFU mode only the server's video publishers (the most recent speakers) send video; the others
 * send audio only and show as their avatar (VIDEO_PUBLISHERS events move the seats).
 */

export type CallStatus = 'idle' | 'connecting' | 'in_call';

export type PeerInfo = { userId: number; globalId: string; name: string; muted: boolean; cameraOff: boolean };

/**
 * `via`: the path their media arrives by now (a peer connection, or the SFU). `screen`: the screen
 * they share, received through the SFU as a feed of its own (in mesh it replaces their camera's video).
 * `away`: their page went away (a reload, a closed tab); the server keeps their place until they join
 * again or its presence grace ends, and nothing of theirs arrives meanwhile.
 */
export type RemoteParticipant = PeerInfo & {
  stream: MediaStream | null;
  connected: boolean;
  via: 'mesh' | 'sfu' | null;
  screen: MediaStream | null;
  away: boolean;
};

export type RoomInfo = { id: string; name: string };

/** Who is recording the room now (everyone in it sees the badge). */
export type RecordingState = { userId: number; name: string };

export type CallMode = {
  mode: 'mesh' | 'sfu';
  epoch: number;
  sfuToken: string | null;
  /** In SFU mode, who sends video (the most recent speakers); null: everyone does. */
  videoPublishers: number[] | null;
};

export type JoinResult =
  | {
      ok: true;
      room: RoomInfo;
      /** `away`: their page went away and they have not joined again yet (no connection to open). */
      participants: (PeerInfo & { away?: boolean })[];
      recording?: RecordingState | null;
      /** The room's database id (the SFU's room id) and its mode now; one-to-one calls are always mesh. */
      roomDatabaseId?: number;
      /** The viewer's stay in the room that this join began (named when the page goes away). */
      participationId?: number;
      call?: CallMode;
    }
  | { ok: false; message: string };

export type CallNotice =
  | { kind: 'media'; failure: MediaFailure }
  | { kind: 'server'; message: string }
  | { kind: 'declined' | 'ended' | 'noAnswer' | 'roomClosed' | 'screenShare' | 'busy' }
  | { kind: 'recordingStarted'; name: string };

export type IncomingCall = { roomId: string; caller: PeerInfo; media: CallMedia };

export type CallSnapshot = {
  status: CallStatus;
  /** A group room, or a one-to-one call with `counterpart`. */
  kind: 'room' | 'call' | null;
  media: CallMedia;
  room: RoomInfo | null;
  counterpart: PeerInfo | null;
  localStream: MediaStream | null;
  /** What the own tile shows: the camera, or the screen while sharing it. */
  localPreview: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  screenSharing: boolean;
  participants: RemoteParticipant[];
  incoming: IncomingCall | null;
  notice: CallNotice | null;
  recording: RecordingState | null;
  /** How media travels now: browser to browser, or through the media server. */
  transport: 'mesh' | 'sfu';
  /** In SFU mode, the user ids that send video now; null when everyone does (`videoPaused`). */
  videoPublishers: number[] | null;
};

/** Whether `userId` sends audio only now, their seat among the room's video publishers taken by more recent speakers. */
export const videoPaused = (call: Pick<CallSnapshot, 'transport' | 'videoPublishers'>, userId: number) =>
  call.transport === 'sfu' && call.videoPublishers !== null && !call.videoPublishers.includes(userId);

export type CallEventKind =
  | 'JOINED'
  | 'LEFT'
  | 'MEDIA_STATE'
  | 'SIGNAL'
  | 'CALL_INVITE'
  | 'CALL_DECLINED'
  | 'CALL_ENDED'
  | 'ROOM_CLOSED'
  | 'RECORDING_STARTED'
  | 'RECORDING_STOPPED'
  | 'CALL_MODE'
  | 'VIDEO_PUBLISHERS'
  | 'AWAY';

export type CallEvent = { kind: CallEventKind; roomId: string | null; sender: PeerInfo; payload: Record<string, unknown> };

/** The microphone and camera a member enters a room with (a reload returns as it left). */
export type MediaChoice = { muted: boolean; cameraOff: boolean };

export interface CallTransport {
  joinRoom(roomId: string, media: MediaChoice): Promise<JoinResult>;
  leaveRoom(roomId: string): Promise<unknown>;
  /** `leaveRoom` with a request that outlives the page (sent as it goes away), unanswered. */
  leaveRoomWithPage(roomId: string): void;
  /**
   * Tells the room the page goes away (a reload, a closed tab), with a request that outlives it,
   * unanswered. It names the page's stay (JoinResult's participationId): arriving late, after the
   * reloaded page has joined again, it leaves the new stay alone.
   */
  markAwayWithPage(roomId: string, participationId: number): void;
  sendSignal(roomId: string, toUserId: string, data: string): Promise<unknown>;
  setMediaState(roomId: string, muted: boolean, cameraOff: boolean): Promise<unknown>;
  startCall(calleeId: string, media: CallMedia): Promise<RoomInfo>;
  acceptCall(roomId: string): Promise<JoinResult>;
  declineCall(roomId: string): Promise<unknown>;
}

type PeerLike = Pick<Peer, 'signal' | 'replaceTrack' | 'destroy' | 'on' | 'connected' | 'destroyed'>;

export type CallEngineOptions = {
  iceServers: RTCIceServer[];
  /**
   * Fetches the ICE servers again: our TURN entry's credentials expire (TURN_CREDENTIAL_TTL_SECONDS),
   * and a meeting page may stay open longer. Asked before a call or join once those in hand are
   * ICE_SERVERS_MAX_AGE_MS old; without it, or when it fails, they stay as they are.
   */
  refreshIceServers?: () => Promise<RTCIceServer[]>;
  iceTransportPolicy?: RTCIceTransportPolicy;
  /** The signed-in member's user id (who opens a connection after a return to mesh). */
  viewerId: number;
  /** Opens the SFU path; loaded on first use, so mesh-only pages never download the Janus client. */
  openSfu?: (options: SfuSessionOptions) => Promise<SfuSession>;
  /** How long an unanswered call rings before it is given up. */
  ringTimeoutMs?: number;
  mediaDevices?: () => Pick<MediaDevices, 'getUserMedia' | 'getDisplayMedia'>;
  /** Whether the page runs on a phone (media.ts `onPhone` unless given). */
  onPhone?: () => boolean;
  createPeer?: (options: { initiator: boolean; stream: MediaStream; config: RTCConfiguration }) => PeerLike;
  onError?: (error: unknown) => void;
};

const NOTHING_OFF: MediaChoice = { muted: false, cameraOff: false };

const IDLE: CallSnapshot = {
  status: 'idle',
  kind: null,
  media: 'video',
  room: null,
  counterpart: null,
  localStream: null,
  localPreview: null,
  muted: false,
  cameraOff: false,
  screenSharing: false,
  participants: [],
  incoming: null,
  notice: null,
  recording: null,
  transport: 'mesh',
  videoPublishers: null,
};

/** Simulcast layers: 0 (low) to 2 (high). Tiles in a crowded grid get a lower one. */
export type Layer = 0 | 1 | 2;

export const layerForTiles = (tiles: number): Layer => (tiles > 9 ? 0 : tiles > 4 ? 1 : 2);

/**
 * Age after which the ICE servers are fetched again before a call: well under the TURN credentials'
 * lifetime (a day by default), which the relay checks only when a connection allocates.
 */
export const ICE_SERVERS_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Opening an epoch's SFU session (SfuSession.open) is tried this many times, the n-th retry after
 * n times SFU_OPEN_RETRY_MS: under load Janus may not answer a join in time.
 */
export const SFU_OPEN_TRIES = 3;
export const SFU_OPEN_RETRY_MS = 2_000;

/** How long the old media path stays up while the new one connects. */
export const MAKE_BEFORE_BREAK_MS = 10_000;

/**
 * A mesh connection that fails (its ICE gave up, the other side's page dropped it) is opened again
 * after this long, by the one of the two with the smaller user id; the other asks for it (a `renew`
 * signal) if nothing came after twice as long. At most MESH_RENEWALS times in a row per person.
 */
export const MESH_RENEW_AFTER_MS = 2_000;
export const MESH_RENEWALS = 3;
/** The signal that asks the other side to drop its connection to us, so the pair opens a new one. */
const RENEW_SIGNAL = 'renew';

export class CallEngine {
  private snapshot: CallSnapshot = IDLE;
  private readonly listeners = new Set<() => void>();
  private readonly peers = new Map<number, PeerLike>();
  private screenTrack: MediaStreamTrack | null = null;
  /** The video track the peers are sent now (camera or screen), the key simple-peer replaces by. */
  private sentVideoTrack: MediaStreamTrack | null = null;
  private ringTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by every teardown, so an async step that finishes after a leave does nothing. */
  private generation = 0;
  private roomDatabaseId: number | null = null;
  /** This page's stay in its group room (joinRoom's answer), which `leaveWithPage` marks away. */
  private participationId: number | null = null;
  /** The room's mode epoch this engine follows; older CALL_MODE events are stale. */
  private epoch = -1;
  private sfu: SfuSession | null = null;
  /** When the server made the video publishers list we follow (`at` of VIDEO_PUBLISHERS): an older one is stale. */
  private videoPublishersAt = 0;
  private breakTimer: ReturnType<typeof setTimeout> | null = null;
  /** Mesh connections opened again in a row, per person (`renewMesh`); a connection that connects clears it. */
  private readonly renewals = new Map<number, number>();
  private iceServers: RTCIceServer[];
  /** The quality selector's choice for this call (the SFU path publishes by it). */
  private quality: Quality = DEFAULT_QUALITY;
  private iceServersAt = Date.now();

  constructor(
    private readonly transport: CallTransport,
    private readonly options: CallEngineOptions,
  ) {
    this.iceServers = options.iceServers;
  }

  // --- state for React (useSyncExternalStore) ---

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  private update(patch: Partial<CallSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private updateParticipant(userId: number, patch: Partial<RemoteParticipant>) {
    this.update({
      participants: this.snapshot.participants.map((p) => (p.userId === userId ? { ...p, ...patch } : p)),
    });
  }

  dismissNotice() {
    this.update({ notice: null });
  }

  /** The viewer's own recording started or stopped (the others learn it from the server's events). */
  setRecording(recording: RecordingState | null) {
    this.update({ recording });
  }

  // --- entering and leaving ---

  /**
   * Enters a group room: camera and microphone first, then the server, then a connection to each
   * member. `choice`: the microphone or camera off from the start (a page back in its room after a
   * reload keeps them as they were).
   */
  async joinRoom(room: RoomInfo, quality: Quality, media: CallMedia = 'video', choice: MediaChoice = NOTHING_OFF) {
    if (this.snapshot.status !== 'idle') await this.leave();
    const generation = this.generation;
    this.update({ ...IDLE, incoming: this.snapshot.incoming, status: 'connecting', kind: 'room', media, room, ...choice });
    const stream = await this.acquireMedia(media, quality, generation);
    if (!stream) return;
    for (const track of stream.getAudioTracks()) track.enabled = !choice.muted;
    for (const track of stream.getVideoTracks()) track.enabled = !choice.cameraOff;
    const joined = await this.guard(this.transport.joinRoom(room.id, choice), generation);
    if (generation !== this.generation) return;
    if (!joined || !joined.ok) {
      this.teardown({ kind: 'server', message: joined ? joined.message : '' });
      return;
    }
    this.update({
      status: 'in_call',
      room: joined.room,
      participants: joined.participants.map((participant) => ({ ...disconnected(participant), away: participant.away === true })),
      recording: joined.recording ?? null,
    });
    this.roomDatabaseId = joined.roomDatabaseId ?? null;
    this.participationId = joined.participationId ?? null;
    const call = joined.call ?? { mode: 'mesh', epoch: 0, sfuToken: null, videoPublishers: null };
    this.epoch = call.epoch;
    this.setVideoPublishers(call.videoPublishers, 0);
    if (call.mode === 'sfu') this.startSfu(call.sfuToken);
    // Whoever is away opens the connection when joining again (JOINED).
    else for (const participant of joined.participants) if (!participant.away) this.connect(participant, true);
  }

  /** Calls a contact: the caller enters a two-person room and rings until answered or given up. */
  async call(contact: PeerInfo, media: CallMedia, quality: Quality) {
    if (this.snapshot.status !== 'idle') await this.leave();
    const generation = this.generation;
    this.update({ ...IDLE, incoming: this.snapshot.incoming, status: 'connecting', kind: 'call', media, counterpart: contact });
    const stream = await this.acquireMedia(media, quality, generation);
    if (!stream) return;
    const room = await this.guard(this.transport.startCall(contact.globalId, media), generation);
    if (generation !== this.generation) {
      if (room) void this.transport.leaveRoom(room.id).catch(this.reportError);
      return;
    }
    if (!room) return;
    this.update({ room, participants: [disconnected(contact)] });
    this.ringTimer = setTimeout(() => {
      if (generation === this.generation && !this.snapshot.participants.some((p) => p.connected))
        void this.leave({ kind: 'noAnswer' });
    }, this.options.ringTimeoutMs ?? 45_000);
  }

  async acceptIncoming(quality: Quality) {
    const incoming = this.snapshot.incoming;
    if (!incoming) return;
    if (this.snapshot.status !== 'idle') await this.leave();
    const generation = this.generation;
    this.update({ ...IDLE, status: 'connecting', kind: 'call', media: incoming.media, counterpart: incoming.caller });
    const stream = await this.acquireMedia(incoming.media, quality, generation);
    if (!stream) {
      void this.transport.declineCall(incoming.roomId).catch(this.reportError);
      return;
    }
    const joined = await this.guard(this.transport.acceptCall(incoming.roomId), generation);
    if (generation !== this.generation) return;
    if (!joined || !joined.ok) {
      this.teardown(joined ? { kind: 'server', message: joined.message } : null);
      return;
    }
    this.update({ room: joined.room, participants: joined.participants.map(disconnected) });
    for (const participant of joined.participants) this.connect(participant, true);
  }

  declineIncoming() {
    const incoming = this.snapshot.incoming;
    if (!incoming) return;
    this.update({ incoming: null });
    void this.transport.declineCall(incoming.roomId).catch(this.reportError);
  }

  /** Leaves the room or hangs up: every track stops and the state returns to idle. */
  async leave(notice: CallNotice | null = null) {
    const room = this.snapshot.room;
    this.teardown(notice);
    if (room) await this.transport.leaveRoom(room.id).catch(this.reportError);
  }

  /**
   * The page goes away (a reload, a closed tab): nothing unmounts, so `leave` never runs, and a
   * reload is back before the server's presence grace ends. A one-to-one call is left with a request
   * that outlives the page (else the other side never saw it end: a frozen "connecting…" tile). A
   * group room is not left (a host leaving would end the room's activity for everyone,
   * tests/e2e/drawing.spec.ts): the page tells the room it is away, so the others show the member
   * reconnecting at once, and the server keeps their place until they join again or the grace ends.
   */
  leaveWithPage() {
    const room = this.snapshot.room;
    if (!room) return;
    if (this.snapshot.kind === 'room') {
      // Still joining, the page knows no stay to name: the server's grace after its connection closes applies.
      if (this.participationId !== null) this.transport.markAwayWithPage(room.id, this.participationId);
      return;
    }
    this.teardown(null);
    this.transport.leaveRoomWithPage(room.id);
  }

  /**
   * The page comes back from the browser's back-forward cache after `leaveWithPage`: the room marked
   * it away and the others dropped their connections to it, so it enters the room again (the server
   * keeps the place and the role of a member who joins the room they are in).
   */
  returnWithPage() {
    const { room, kind, status, media, muted, cameraOff } = this.snapshot;
    if (!room || kind !== 'room' || status === 'idle') return;
    this.teardown(null);
    void this.joinRoom(room, this.quality, media, { muted, cameraOff });
  }

  // --- the controls of the bottom bar ---

  toggleMute() {
    const muted = !this.snapshot.muted;
    for (const track of this.snapshot.localStream?.getAudioTracks() ?? []) track.enabled = !muted;
    this.update({ muted });
    this.publishMediaState();
  }

  toggleCamera() {
    const cameraOff = !this.snapshot.cameraOff;
    for (const track of this.snapshot.localStream?.getVideoTracks() ?? []) track.enabled = !cameraOff;
    this.update({ cameraOff });
    this.publishMediaState();
  }

  /**
   * Screen sharing replaces the camera track sent to every peer; stopping it puts the camera back.
   * Through the SFU the screen is a feed of its own beside the camera (sfuSession.ts `shareScreen`).
   */
  /**
   * Whether this browser can share a screen at all: not without getDisplayMedia, and not on a phone,
   * where it cannot work even when the function is there (an emulated phone, some mobile browsers).
   */
  canShareScreen() {
    return typeof this.devices()?.getDisplayMedia === 'function' && !(this.options.onPhone ?? onPhone)();
  }

  async toggleScreenShare() {
    if (this.screenTrack) {
      this.stopScreenShare();
      return;
    }
    const stream = this.snapshot.localStream;
    const camera = stream?.getVideoTracks()[0];
    if (!stream || !camera) {
      this.update({ notice: { kind: 'screenShare' } });
      return;
    }
    let screen: MediaStreamTrack | undefined;
    try {
      const display = await this.devices().getDisplayMedia({ video: true, audio: false });
      screen = display.getVideoTracks()[0];
    } catch (error) {
      this.reportError(error);
    }
    if (!screen || this.snapshot.localStream !== stream) {
      screen?.stop();
      if (!screen) this.update({ notice: { kind: 'screenShare' } });
      return;
    }
    this.screenTrack = screen;
    screen.addEventListener('ended', () => this.stopScreenShare());
    this.sendVideo(screen);
    this.sfu?.shareScreen(screen);
    this.update({ screenSharing: true, localPreview: new MediaStream([screen]) });
  }

  private stopScreenShare() {
    const screen = this.screenTrack;
    if (!screen) return;
    this.screenTrack = null;
    screen.stop();
    this.sfu?.stopScreen();
    const camera = this.snapshot.localStream?.getVideoTracks()[0];
    if (camera) this.sendVideo(camera);
    this.update({ screenSharing: false, localPreview: this.snapshot.localStream });
  }

  private sendVideo(track: MediaStreamTrack) {
    const stream = this.snapshot.localStream;
    const previous = this.sentVideoTrack;
    if (!stream || !previous || previous === track) return;
    for (const peer of this.peers.values()) {
      try {
        peer.replaceTrack(previous, track, stream);
      } catch (error) {
        this.reportError(error);
      }
    }
    this.sentVideoTrack = track;
  }

  /** A new quality applies to the running camera at once, and through the SFU to each simulcast layer's bit rate. */
  setQuality(quality: Quality) {
    this.quality = quality;
    const camera = this.snapshot.localStream?.getVideoTracks()[0];
    camera?.applyConstraints(videoConstraints(quality)).catch(this.reportError);
    this.sfu?.setQuality(quality);
  }

  // --- events from the server ---

  handleEvent(event: CallEvent) {
    const { room } = this.snapshot;
    const here = room !== null && event.roomId === room.id;
    switch (event.kind) {
      case 'CALL_INVITE':
        this.onInvite(event);
        return;
      case 'CALL_ENDED':
        if (this.snapshot.incoming?.roomId === event.roomId) this.update({ incoming: null });
        if (here) this.teardown({ kind: 'ended' });
        return;
      case 'CALL_DECLINED':
        if (here) this.teardown({ kind: 'declined' });
        return;
      case 'ROOM_CLOSED':
        if (here) this.teardown({ kind: 'roomClosed' });
        return;
    }
    if (!here || this.snapshot.status === 'idle') return;
    const sender = event.sender;
    switch (event.kind) {
      case 'JOINED':
        this.clearRing();
        this.upsertParticipant({ ...sender, muted: event.payload.muted === true, cameraOff: event.payload.cameraOff === true });
        this.updateParticipant(sender.userId, { away: false });
        // A newcomer (or someone who reloaded) opens a fresh connection: drop any old one.
        this.dropPeer(sender.userId);
        // Through the SFU, their media arrives with their feed.
        if (this.snapshot.transport === 'mesh') this.connect(sender, false);
        return;
      case 'AWAY':
        // Their page went away: nothing of theirs arrives any more, so no frozen frame is kept.
        this.dropPeer(sender.userId);
        this.updateParticipant(sender.userId, { away: true, stream: null, connected: false, via: null, screen: null });
        return;
      case 'LEFT':
        this.dropPeer(sender.userId);
        this.update({ participants: this.snapshot.participants.filter((p) => p.userId !== sender.userId) });
        this.fitLayer();
        return;
      case 'RECORDING_STARTED':
        this.update({
          recording: { userId: sender.userId, name: sender.name },
          notice: { kind: 'recordingStarted', name: sender.name },
        });
        return;
      case 'RECORDING_STOPPED':
        if (this.snapshot.recording?.userId === sender.userId) this.update({ recording: null });
        return;
      case 'CALL_MODE':
        this.switchMode({
          mode: event.payload.mode === 'sfu' ? 'sfu' : 'mesh',
          epoch: typeof event.payload.epoch === 'number' ? event.payload.epoch : -1,
          sfuToken: typeof event.payload.token === 'string' ? event.payload.token : null,
          videoPublishers: userIds(event.payload.videoPublishers),
        });
        return;
      case 'VIDEO_PUBLISHERS': {
        const at = typeof event.payload.at === 'number' ? event.payload.at : 0;
        if (event.payload.epoch !== this.epoch || at < this.videoPublishersAt) return;
        this.setVideoPublishers(userIds(event.payload.userIds), at);
        return;
      }
      case 'MEDIA_STATE':
        this.updateParticipant(sender.userId, {
          muted: event.payload.muted === true,
          cameraOff: event.payload.cameraOff === true,
        });
        return;
      case 'SIGNAL': {
        if (!this.snapshot.participants.some((p) => p.userId === sender.userId)) this.upsertParticipant(sender);
        // Several signals come as an array, in the order they were emitted (SignalQueue).
        const data = event.payload.data;
        for (const signal of Array.isArray(data) ? data : [data]) this.onSignal(sender, signal);
        return;
      }
    }
  }

  private onSignal(sender: PeerInfo, data: unknown) {
    if ((data as { type?: unknown } | undefined)?.type === RENEW_SIGNAL) {
      this.onRenewAsked(sender);
      return;
    }
    const peer = this.peers.get(sender.userId) ?? (this.snapshot.transport === 'mesh' ? this.connect(sender, false) : null);
    try {
      peer?.signal(data as Parameters<PeerLike['signal']>[0]);
    } catch (error) {
      this.reportError(error);
    }
  }

  private onInvite(event: CallEvent) {
    if (!event.roomId) return;
    const media: CallMedia = event.payload.media === 'audio' ? 'audio' : 'video';
    if (this.snapshot.status !== 'idle' || this.snapshot.incoming) {
      // Busy: one call at a time. The caller hears that the call was declined.
      void this.transport.declineCall(event.roomId).catch(this.reportError);
      return;
    }
    this.update({ incoming: { roomId: event.roomId, caller: event.sender, media } });
  }

  // --- mesh and SFU ---

  /** A CALL_MODE event: the room's media path changes (or, same mode with a new epoch, restarts). */
  private switchMode(call: CallMode) {
    if (call.epoch <= this.epoch || this.snapshot.status === 'idle') return;
    this.epoch = call.epoch;
    this.clearBreak();
    this.renewals.clear();
    this.setVideoPublishers(call.mode === 'sfu' ? call.videoPublishers : null, 0);
    if (call.mode === 'sfu') {
      this.startSfu(call.sfuToken);
      return;
    }
    this.update({ transport: 'mesh' });
    const viewerId = this.options.viewerId;
    for (const participant of this.snapshot.participants) {
      if (viewerId < participant.userId && !this.peers.has(participant.userId)) this.connect(participant, true);
    }
    this.breakWhen(
      () => this.snapshot.participants.every((p) => this.peers.get(p.userId)?.connected),
      () => this.stopSfu(),
    );
  }

  private startSfu(token: string | null) {
    const stream = this.snapshot.localStream;
    const roomId = this.roomDatabaseId;
    this.stopSfu();
    this.update({ transport: 'sfu' });
    if (!stream || roomId === null || !token || !this.options.openSfu) return;
    this.openSfuSession(stream, roomId, token, 1);
    // Whoever has not switched after a while (no video through the SFU yet) loses the mesh anyway.
    this.breakWhen(
      () => this.peers.size === 0,
      () => {
        for (const userId of [...this.peers.keys()]) this.dropPeer(userId);
      },
    );
  }

  /** Opens this epoch's SFU session; one that fails to open is tried again, up to SFU_OPEN_TRIES times. */
  private openSfuSession(stream: MediaStream, roomId: number, token: string, attempt: number) {
    const generation = this.generation;
    const epoch = this.epoch;
    const current = () => generation === this.generation && epoch === this.epoch;
    this.options.openSfu!({
      roomId,
      userId: this.options.viewerId,
      token,
      iceServers: this.iceServers,
      iceTransportPolicy: this.options.iceTransportPolicy,
      stream,
      videoTrack: stream.getVideoTracks()[0] ?? null,
      quality: this.quality,
      onRemoteStream: (userId, remote) => {
        if (current()) this.onSfuStream(userId, remote);
      },
      onRemoteScreen: (userId, screen) => {
        if (current()) this.updateParticipant(userId, { screen });
      },
      onFailure: (error) => {
        if (current()) this.reportError(error);
      },
    })
      .then((session) => {
        if (!current()) {
          session.close();
          return;
        }
        this.sfu = session;
        if (this.screenTrack) session.shareScreen(this.screenTrack);
        this.fitLayer();
        session.setVideoSending(!videoPaused(this.snapshot, this.options.viewerId));
        if (this.snapshot.status === 'connecting') this.update({ status: 'in_call' });
      })
      .catch((error: unknown) => {
        if (!current()) return;
        this.reportError(error);
        if (attempt >= SFU_OPEN_TRIES) return;
        setTimeout(() => {
          if (current()) this.openSfuSession(stream, roomId, token, attempt + 1);
        }, SFU_OPEN_RETRY_MS * attempt);
      });
  }

  /**
   * Media through the SFU: it takes over a tile once it carries video (or nothing else does), or
   * at once for someone who sends audio only now.
   */
  private onSfuStream(userId: number, remote: MediaStream | null) {
    // Their page went away: what the SFU still holds of it is the frozen frame AWAY took down.
    if (remote && this.snapshot.participants.some((p) => p.userId === userId && p.away)) return;
    const peer = this.peers.get(userId);
    if (this.snapshot.transport === 'mesh') {
      // Returning to mesh: the SFU still fills tiles whose peer connection is not up yet.
      if (peer?.connected) return;
    } else if (remote && peer && remote.getVideoTracks().length === 0 && !videoPaused(this.snapshot, userId)) return;
    this.updateParticipant(userId, { stream: remote, connected: remote !== null, via: remote ? 'sfu' : null });
    if (remote && this.snapshot.transport === 'sfu') this.dropPeer(userId);
  }

  private stopSfu() {
    this.sfu?.close();
    this.sfu = null;
    // Shared screens came as feeds of their own; in mesh a screen arrives as its sharer's video.
    if (this.snapshot.participants.some((participant) => participant.screen))
      this.update({ participants: this.snapshot.participants.map((participant) => ({ ...participant, screen: null })) });
  }

  /** Runs `done` once `switched()` holds (checked every second) or after MAKE_BEFORE_BREAK_MS. */
  private breakWhen(switched: () => boolean, done: () => void) {
    const generation = this.generation;
    const epoch = this.epoch;
    const deadline = Date.now() + MAKE_BEFORE_BREAK_MS;
    const check = () => {
      this.breakTimer = null;
      if (generation !== this.generation || epoch !== this.epoch) return;
      if (switched() || Date.now() >= deadline) done();
      else this.breakTimer = setTimeout(check, 1000);
    };
    this.breakTimer = setTimeout(check, 1000);
  }

  private clearBreak() {
    if (this.breakTimer) clearTimeout(this.breakTimer);
    this.breakTimer = null;
  }

  /** Who sends video changed: our own camera stops or resumes sending through the SFU accordingly. */
  private setVideoPublishers(list: number[] | null, at: number) {
    this.videoPublishersAt = at;
    this.update({ videoPublishers: list });
    this.sfu?.setVideoSending(!videoPaused(this.snapshot, this.options.viewerId));
  }

  /** Received video uses the simulcast layer that fits the grid's tile size. */
  private fitLayer() {
    this.sfu?.setLayer(layerForTiles(this.snapshot.participants.length + 1));
  }

  // --- internals ---

  private devices() {
    return this.options.mediaDevices?.() ?? navigator.mediaDevices;
  }

  /** ICE servers fetched within ICE_SERVERS_MAX_AGE_MS (their TURN credentials still valid), for the connections about to open. */
  private async refreshIceServersIfOld() {
    if (!this.options.refreshIceServers || Date.now() - this.iceServersAt < ICE_SERVERS_MAX_AGE_MS) return;
    try {
      this.iceServers = await this.options.refreshIceServers();
      this.iceServersAt = Date.now();
    } catch (error) {
      this.reportError(error); // the old ones may still do (STUN needs no credentials)
    }
  }

  private async acquireMedia(media: CallMedia, quality: Quality, generation: number): Promise<MediaStream | null> {
    this.quality = quality;
    const unsupported = this.options.mediaDevices ? null : webRtcSupport();
    if (unsupported) {
      this.teardown({ kind: 'media', failure: unsupported });
      return null;
    }
    try {
      // Connections open right after: their ICE servers are made fresh meanwhile.
      const [stream] = await Promise.all([
        this.devices().getUserMedia(callConstraints(media, quality)),
        this.refreshIceServersIfOld(),
      ]);
      if (generation !== this.generation) {
        stopStreams(stream);
        return null;
      }
      this.sentVideoTrack = stream.getVideoTracks()[0] ?? null;
      // After access is granted the own tile appears (spec section 4).
      this.update({ localStream: stream, localPreview: stream });
      return stream;
    } catch (error) {
      if (generation === this.generation) this.teardown({ kind: 'media', failure: mediaFailure(error) });
      return null;
    }
  }

  /** Awaits a server call; a failure ends the attempt with the server's message. */
  private async guard<T>(promise: Promise<T>, generation: number): Promise<T | null> {
    try {
      return await promise;
    } catch (error) {
      if (generation === this.generation) this.teardown({ kind: 'server', message: error instanceof Error ? error.message : '' });
      return null;
    }
  }

  private connect(participant: PeerInfo, initiator: boolean): PeerLike | null {
    const stream = this.snapshot.localStream;
    const room = this.snapshot.room;
    if (!stream || !room) return null;
    const config = { iceServers: this.iceServers, iceTransportPolicy: this.options.iceTransportPolicy };
    const peer =
      this.options.createPeer?.({ initiator, stream, config }) ?? new Peer({ initiator, stream, trickle: true, config });
    this.peers.set(participant.userId, peer);
    const current = () => this.peers.get(participant.userId) === peer;
    const signals = new SignalQueue((data) => this.transport.sendSignal(room.id, participant.globalId, data), this.reportError);
    peer.on('signal', (data) => {
      if (current()) signals.push(data);
    });
    peer.on('stream', (remote) => {
      if (current()) this.updateParticipant(participant.userId, { stream: remote, via: 'mesh' });
    });
    peer.on('connect', () => {
      if (!current()) return;
      this.renewals.delete(participant.userId);
      this.updateParticipant(participant.userId, { connected: true });
      if (this.snapshot.status === 'connecting') this.update({ status: 'in_call' });
    });
    const lost = () => {
      if (!current()) return;
      this.peers.delete(participant.userId);
      this.updateParticipant(participant.userId, { connected: false, stream: null, via: null });
      this.renewMesh(participant);
    };
    peer.on('close', lost);
    peer.on('error', (error) => {
      this.reportError(error);
      lost();
    });
    if (this.screenTrack && this.sentVideoTrack === this.screenTrack) {
      const camera = stream.getVideoTracks()[0];
      try {
        if (camera) peer.replaceTrack(camera, this.screenTrack, stream);
      } catch (error) {
        this.reportError(error);
      }
    }
    return peer;
  }

  /**
   * After a mesh connection to `participant` was lost (not dropped by us): unless a new one exists
   * by then, the smaller user id of the pair opens one, once its `renew` signal has reached the other
   * side (which drops whatever it still holds); the other side sends `renew` to ask for it.
   */
  private renewMesh(participant: PeerInfo) {
    const renewed = this.renewals.get(participant.userId) ?? 0;
    if (this.snapshot.transport !== 'mesh' || this.snapshot.status === 'idle' || renewed >= MESH_RENEWALS) return;
    this.renewals.set(participant.userId, renewed + 1);
    const opener = this.options.viewerId < participant.userId;
    const generation = this.generation;
    const epoch = this.epoch;
    setTimeout(
      async () => {
        const stillWanted = () =>
          generation === this.generation &&
          epoch === this.epoch &&
          this.snapshot.transport === 'mesh' &&
          !this.peers.has(participant.userId) &&
          this.snapshot.participants.some((p) => p.userId === participant.userId && !p.away);
        const room = this.snapshot.room;
        if (!room || !stillWanted()) return;
        try {
          await this.transport.sendSignal(room.id, participant.globalId, JSON.stringify({ type: RENEW_SIGNAL }));
        } catch (error) {
          this.reportError(error);
          return;
        }
        if (opener && stillWanted()) this.connect(participant, true);
      },
      opener ? MESH_RENEW_AFTER_MS : 2 * MESH_RENEW_AFTER_MS,
    );
  }

  /**
   * The other side of a mesh pair lost its connection to us and starts over: so do we (we open it,
   * if ours to open). Through the SFU there is nothing to renew (its switch closes the mesh anyway).
   */
  private onRenewAsked(sender: PeerInfo) {
    if (this.snapshot.transport !== 'mesh') return;
    this.dropPeer(sender.userId);
    if (this.options.viewerId < sender.userId) this.connect(sender, true);
  }

  private dropPeer(userId: number) {
    const peer = this.peers.get(userId);
    this.peers.delete(userId);
    peer?.destroy();
  }

  private upsertParticipant(info: PeerInfo) {
    const exists = this.snapshot.participants.some((p) => p.userId === info.userId);
    this.update({
      participants: exists
        ? this.snapshot.participants.map((p) => (p.userId === info.userId ? { ...p, ...info } : p))
        : [...this.snapshot.participants, disconnected(info)],
    });
    this.fitLayer();
  }

  private publishMediaState() {
    const { room, muted, cameraOff } = this.snapshot;
    if (room) void this.transport.setMediaState(room.id, muted, cameraOff).catch(this.reportError);
  }

  private clearRing() {
    if (this.ringTimer) clearTimeout(this.ringTimer);
    this.ringTimer = null;
  }

  private teardown(notice: CallNotice | null) {
    this.generation += 1;
    this.clearRing();
    this.clearBreak();
    this.renewals.clear();
    this.stopSfu();
    this.epoch = -1;
    this.videoPublishersAt = 0;
    this.roomDatabaseId = null;
    this.participationId = null;
    for (const peer of this.peers.values()) peer.destroy();
    this.peers.clear();
    this.screenTrack?.stop();
    this.screenTrack = null;
    this.sentVideoTrack = null;
    stopStreams(this.snapshot.localStream, this.snapshot.localPreview);
    this.update({ ...IDLE, incoming: this.snapshot.incoming, notice });
  }

  private reportError = (error: unknown) => {
    this.options.onError?.(error);
  };
}

/** A list of user ids from an event's payload, or null. */
const userIds = (value: unknown): number[] | null =>
  Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : null;

const disconnected = (info: PeerInfo): RemoteParticipant => ({
  ...info,
  stream: null,
  connected: false,
  via: null,
  screen: null,
  away: false,
});
