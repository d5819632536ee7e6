import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CallEngine,
  layerForTiles,
  videoPaused,
  ICE_SERVERS_MAX_AGE_MS,
  MAKE_BEFORE_BREAK_MS,
  SFU_OPEN_RETRY_MS,
  SFU_OPEN_TRIES,
  MESH_RENEW_AFTER_MS,
  MESH_RENEWALS,
  type CallEvent,
  type CallEngineOptions,
  type CallTransport,
  type PeerInfo,
} from '../../client/src/features/video-calls/call/callEngine';
import {
  callConstraints,
  mediaFailure,
  onPhone,
  simulcastBitrates,
  videoConstraints,
} from '../../client/src/features/video-calls/call/media';
import type { SfuSessionOptions } from '../../client/src/features/video-calls/call/sfuSession';

/** Stand-ins for the browser's media and for simple-peer, recording what the engine does with them. */
class FakeTrack {
  enabled = true;
  stopped = false;
  private listeners: (() => void)[] = [];
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
  addEventListener(_event: 'ended', listener: () => void) {
    this.listeners.push(listener);
  }
  end() {
    this.listeners.forEach((listener) => listener());
  }
  applyConstraints = vi.fn(async () => {});
}

class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
}

type Handler = (...args: unknown[]) => void;
class FakePeer {
  signalled: unknown[] = [];
  replaced: [unknown, unknown][] = [];
  destroyed = false;
  connected = false;
  handlers = new Map<string, Handler[]>();
  constructor(readonly initiator: boolean) {}
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.forEach((handler) => handler(...args));
  }
  signal(data: unknown) {
    this.signalled.push(data);
  }
  replaceTrack(oldTrack: unknown, newTrack: unknown) {
    this.replaced.push([oldTrack, newTrack]);
  }
  /** As simple-peer's: the connection closes, and says so. */
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

const person = (userId: number, name: string): PeerInfo => ({
  userId,
  globalId: `U${userId}`,
  name,
  muted: false,
  cameraOff: false,
});
const ROOM = { id: 'R1', name: 'Комната' };
const event = (
  kind: CallEvent['kind'],
  sender: PeerInfo,
  payload: Record<string, unknown> = {},
  roomId: string | null = 'R1',
): CallEvent => ({
  kind,
  roomId,
  sender,
  payload,
});

let streams: FakeStream[];
let peers: FakePeer[];
let transport: { [K in keyof CallTransport]: ReturnType<typeof vi.fn> };
let getUserMedia: ReturnType<typeof vi.fn>;
let getDisplayMedia: ReturnType<typeof vi.fn>;

/** What the engine asked of the SFU path: the options it opened a session with, and whether it closed it. */
type FakeSfu = {
  options: SfuSessionOptions;
  closed: boolean;
  layers: number[];
  videoSending: boolean[];
  qualities: string[];
  /** The screens shared as a feed of their own, null for each stop. */
  screens: (MediaStreamTrack | null)[];
};
let sfuSessions: FakeSfu[];
/** How many of the next SFU sessions fail to open, and the options of each that failed. */
let sfuOpenFailures: number;
let failedSfuOpens: SfuSessionOptions[];
/** The RTCConfiguration each peer connection was made with, in order. */
let peerConfigs: RTCConfiguration[];

function engine(viewerId = 1, extra: Partial<CallEngineOptions> = {}) {
  return new CallEngine(transport as unknown as CallTransport, {
    iceServers: [],
    viewerId,
    ...extra,
    openSfu: async (options) => {
      if (sfuOpenFailures > 0) {
        sfuOpenFailures -= 1;
        failedSfuOpens.push(options);
        throw new Error('SFU: not joined after 20000 ms');
      }
      const session: FakeSfu = { options, closed: false, layers: [], videoSending: [], qualities: [], screens: [] };
      sfuSessions.push(session);
      return {
        close: () => void (session.closed = true),
        shareScreen: (track: MediaStreamTrack) => void session.screens.push(track),
        stopScreen: () => void session.screens.push(null),
        setLayer: (layer: number) => void session.layers.push(layer),
        setVideoSending: (on: boolean) => void session.videoSending.push(on),
        setQuality: (quality: string) => void session.qualities.push(quality),
      } as never;
    },
    ringTimeoutMs: 1000,
    mediaDevices: () => ({ getUserMedia, getDisplayMedia }) as never,
    createPeer: ({ initiator, config }) => {
      const peer = new FakePeer(initiator);
      peerConfigs.push(config);
      peers.push(peer);
      return peer as never;
    },
  });
}

beforeEach(() => {
  streams = [];
  peers = [];
  sfuSessions = [];
  sfuOpenFailures = 0;
  failedSfuOpens = [];
  peerConfigs = [];
  getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    const stream = new FakeStream([new FakeTrack('audio'), ...(constraints.video ? [new FakeTrack('video')] : [])]);
    streams.push(stream);
    return stream;
  });
  getDisplayMedia = vi.fn(async () => new FakeStream([new FakeTrack('video')]));
  transport = {
    joinRoom: vi.fn(async () => ({ ok: true, room: ROOM, participants: [person(2, 'Дмитрий Петров')] })),
    leaveRoom: vi.fn(async () => true),
    leaveRoomWithPage: vi.fn(),
    markAwayWithPage: vi.fn(),
    sendSignal: vi.fn(async () => true),
    setMediaState: vi.fn(async () => ({})),
    startCall: vi.fn(async () => ({ id: 'C1', name: 'call' })),
    acceptCall: vi.fn(async () => ({ ok: true, room: { id: 'C1', name: 'call' }, participants: [person(1, 'Анна')] })),
    declineCall: vi.fn(async () => true),
  };
  vi.stubGlobal('MediaStream', FakeStream);
});
afterEach(() => vi.useRealTimers());

describe('a group room', () => {
  it('takes camera and microphone, joins, and opens a connection to each one already inside', async () => {
    const call = engine();
    await call.joinRoom(ROOM, 'FHD');
    expect(getUserMedia).toHaveBeenCalledWith(callConstraints('video', 'FHD'));
    expect(call.getSnapshot()).toMatchObject({ status: 'in_call', kind: 'room', room: ROOM });
    expect(call.getSnapshot().participants).toMatchObject([{ userId: 2, name: 'Дмитрий Петров', connected: false }]);
    expect(peers.map((p) => p.initiator)).toEqual([true]);

    // What simple-peer emits goes to that person only, through the server.
    peers[0]!.emit('signal', { type: 'offer', sdp: 'v=0' });
    expect(transport.sendSignal).toHaveBeenCalledWith('R1', 'U2', JSON.stringify({ type: 'offer', sdp: 'v=0' }));
    const remote = new FakeStream([new FakeTrack('video')]);
    peers[0]!.emit('stream', remote);
    peers[0]!.emit('connect');
    expect(call.getSnapshot().participants[0]).toMatchObject({ stream: remote, connected: true });
  });

  it('answers a newcomer, follows their microphone, and drops them when they leave', async () => {
    const call = engine();
    transport.joinRoom.mockResolvedValueOnce({ ok: true, room: ROOM, participants: [] });
    await call.joinRoom(ROOM, 'HD');
    const elena = person(3, 'Елена');
    call.handleEvent(event('JOINED', elena, { muted: true, cameraOff: false }));
    expect(peers).toHaveLength(1);
    expect(peers[0]!.initiator).toBe(false);
    expect(call.getSnapshot().participants).toMatchObject([{ userId: 3, muted: true }]);

    call.handleEvent(event('SIGNAL', elena, { data: { type: 'offer' } }));
    expect(peers[0]!.signalled).toEqual([{ type: 'offer' }]);
    // Signals sent together (SignalQueue) reach the connection one by one, in order.
    call.handleEvent(event('SIGNAL', elena, { data: [{ candidate: 'one' }, { candidate: 'two' }] }));
    expect(peers[0]!.signalled).toEqual([{ type: 'offer' }, { candidate: 'one' }, { candidate: 'two' }]);
    call.handleEvent(event('MEDIA_STATE', elena, { muted: false, cameraOff: true }));
    expect(call.getSnapshot().participants[0]).toMatchObject({ muted: false, cameraOff: true });
    // Events of another room change nothing here.
    call.handleEvent(event('LEFT', elena, {}, 'R2'));
    expect(call.getSnapshot().participants).toHaveLength(1);
    call.handleEvent(event('LEFT', elena));
    expect(call.getSnapshot().participants).toEqual([]);
    expect(peers[0]!.destroyed).toBe(true);
  });

  it('mutes and turns the camera off on the tracks, and tells the others', async () => {
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    call.toggleMute();
    call.toggleCamera();
    const [audio, video] = streams[0]!.tracks;
    expect(audio!.enabled).toBe(false);
    expect(video!.enabled).toBe(false);
    expect(transport.setMediaState).toHaveBeenLastCalledWith('R1', true, true);
    expect(call.getSnapshot()).toMatchObject({ muted: true, cameraOff: true });
  });

  it('shares the screen by replacing the video track sent to each peer, and puts the camera back', async () => {
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    const camera = streams[0]!.getVideoTracks()[0];
    await call.toggleScreenShare();
    const screen = peers[0]!.replaced[0]![1] as FakeTrack;
    expect(peers[0]!.replaced).toEqual([[camera, screen]]);
    expect(call.getSnapshot().screenSharing).toBe(true);
    screen.end(); // the browser's own "stop sharing" button
    expect(peers[0]!.replaced.at(-1)).toEqual([screen, camera]);
    expect(screen.stopped).toBe(true);
    expect(call.getSnapshot().screenSharing).toBe(false);

    getDisplayMedia.mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    await call.toggleScreenShare();
    expect(call.getSnapshot().notice).toEqual({ kind: 'screenShare' });
    expect(call.getSnapshot().status).toBe('in_call');
  });

  it('is offered only where the browser can share a screen (phones’ browsers have no getDisplayMedia)', () => {
    const call = engine();
    expect(call.canShareScreen()).toBe(true);
    getDisplayMedia = undefined as never;
    expect(call.canShareScreen()).toBe(false);
  });

  it('is not offered on a phone, even one whose browser has getDisplayMedia (an emulated phone)', () => {
    expect(engine(1, { onPhone: () => true }).canShareScreen()).toBe(false);
    expect(engine(1, { onPhone: () => false }).canShareScreen()).toBe(true);
  });

  it('stops every track and leaves on the server when leaving', async () => {
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    await call.leave();
    expect(streams[0]!.tracks.every((track) => track.stopped)).toBe(true);
    expect(peers[0]!.destroyed).toBe(true);
    expect(transport.leaveRoom).toHaveBeenCalledWith('R1');
    expect(call.getSnapshot()).toMatchObject({ status: 'idle', room: null, localStream: null, participants: [] });
  });

  it('leaves a one-to-one call with a request that outlives the page when the page goes away, and keeps a group room', async () => {
    const call = engine();
    call.leaveWithPage();
    expect(transport.leaveRoomWithPage).not.toHaveBeenCalled();
    expect(transport.markAwayWithPage).not.toHaveBeenCalled();
    // A group room: a reload comes back within the server's grace, the room (and its activity) as left;
    // the others are told at once that the page went away.
    // The page names its own stay: arriving after a reloaded page joined again, it leaves the new one alone.
    transport.joinRoom.mockResolvedValueOnce({ ok: true, room: ROOM, participants: [], participationId: 41 });
    await call.joinRoom(ROOM, 'HD');
    call.leaveWithPage();
    expect(transport.leaveRoomWithPage).not.toHaveBeenCalled();
    expect(transport.markAwayWithPage).toHaveBeenLastCalledWith('R1', 41);
    expect(call.getSnapshot()).toMatchObject({ kind: 'room', room: ROOM });
    // Back from the back-forward cache, the page joins again: a new stay, which it names the next time.
    transport.joinRoom.mockResolvedValueOnce({ ok: true, room: ROOM, participants: [], participationId: 42 });
    call.returnWithPage();
    await vi.waitFor(() => expect(call.getSnapshot().status).toBe('in_call'));
    call.leaveWithPage();
    expect(transport.markAwayWithPage).toHaveBeenLastCalledWith('R1', 42);
    await call.leave();
    // A one-to-one call, even a caller still ringing: given up (the callee's ringing stops).
    await call.call(person(2, 'Дмитрий Петров'), 'video', 'HD');
    call.leaveWithPage();
    expect(transport.leaveRoomWithPage).toHaveBeenLastCalledWith('C1');
    expect(streams.at(-1)!.tracks.every((track) => track.stopped)).toBe(true);
    expect(call.getSnapshot()).toMatchObject({ status: 'idle', room: null });
  });

  it('shows someone whose page went away as away at once, without their last frame, until they join again', async () => {
    vi.useFakeTimers();
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    const dmitry = person(2, 'Дмитрий Петров');
    peers[0]!.emit('stream', new FakeStream([new FakeTrack('video')]));
    peers[0]!.emit('connect');
    // Their page goes: the connection closes, and the server says they are away (in either order).
    peers[0]!.emit('close');
    call.handleEvent(event('AWAY', dmitry));
    expect(call.getSnapshot().participants).toMatchObject([{ userId: 2, away: true, stream: null, connected: false, via: null }]);
    // Nobody is there to answer: no new connection is opened, no renewal asked for.
    await vi.advanceTimersByTimeAsync(4 * MESH_RENEW_AFTER_MS);
    expect(peers).toHaveLength(1);
    expect(transport.sendSignal).not.toHaveBeenCalledWith('R1', 'U2', JSON.stringify({ type: 'renew' }));

    // Back within the grace: they join again and open a new connection, which we answer.
    call.handleEvent(event('JOINED', dmitry, { muted: false, cameraOff: false }));
    expect(call.getSnapshot().participants).toMatchObject([{ userId: 2, away: false }]);
    expect(peers.map((peer) => peer.initiator)).toEqual([true, false]);
    // Away again, the server's word first this time: the connection still up is dropped with their video.
    peers[1]!.emit('stream', new FakeStream([new FakeTrack('video')]));
    peers[1]!.emit('connect');
    call.handleEvent(event('AWAY', dmitry));
    expect(peers[1]!.destroyed).toBe(true);
    expect(call.getSnapshot().participants).toMatchObject([{ userId: 2, away: true, stream: null, connected: false }]);
  });

  it('opens no connection to someone away when joining a room, and shows them away', async () => {
    const call = engine();
    transport.joinRoom.mockResolvedValueOnce({
      ok: true,
      room: ROOM,
      participants: [{ ...person(2, 'Дмитрий Петров'), away: true }, person(3, 'Елена')],
    });
    await call.joinRoom(ROOM, 'HD');
    expect(call.getSnapshot().participants).toMatchObject([
      { userId: 2, away: true },
      { userId: 3, away: false },
    ]);
    expect(peers).toHaveLength(1);
    peers[0]!.emit('signal', { type: 'offer' });
    expect(transport.sendSignal).toHaveBeenCalledWith('R1', 'U3', JSON.stringify({ type: 'offer' }));
  });

  it('enters the room again, without leaving it, when the page comes back from the back-forward cache', async () => {
    const call = engine();
    call.returnWithPage();
    expect(transport.joinRoom).not.toHaveBeenCalled();
    await call.joinRoom(ROOM, 'FHD');
    call.leaveWithPage();
    call.returnWithPage();
    await vi.waitFor(() => expect(call.getSnapshot().status).toBe('in_call'));
    expect(transport.joinRoom).toHaveBeenCalledTimes(2);
    expect(transport.leaveRoom).not.toHaveBeenCalled();
    expect(getUserMedia).toHaveBeenLastCalledWith(callConstraints('video', 'FHD'));
    expect(streams[0]!.tracks.every((track) => track.stopped)).toBe(true);
    expect(peers[0]!.destroyed).toBe(true);
  });

  it('enters a room with the microphone or camera off when asked, and the bfcache return keeps them so', async () => {
    const call = engine();
    await call.joinRoom(ROOM, 'HD', 'video', { muted: true, cameraOff: false });
    expect(transport.joinRoom).toHaveBeenLastCalledWith(ROOM.id, { muted: true, cameraOff: false });
    expect(call.getSnapshot()).toMatchObject({ status: 'in_call', muted: true, cameraOff: false });
    expect(streams[0]!.tracks.map((track) => [track.kind, track.enabled])).toEqual([
      ['audio', false],
      ['video', true],
    ]);
    call.toggleCamera();
    call.leaveWithPage();
    call.returnWithPage();
    await vi.waitFor(() => expect(call.getSnapshot().status).toBe('in_call'));
    expect(transport.joinRoom).toHaveBeenLastCalledWith(ROOM.id, { muted: true, cameraOff: true });
    expect(call.getSnapshot()).toMatchObject({ muted: true, cameraOff: true });
    expect(streams[1]!.tracks.every((track) => !track.enabled)).toBe(true);
  });

  it('returns to idle with the server text when the join is refused, releasing the camera', async () => {
    const call = engine();
    transport.joinRoom.mockResolvedValueOnce({ ok: false, message: 'Комната заполнена: в ней может быть не более 2 участников' });
    await call.joinRoom(ROOM, 'HD');
    expect(call.getSnapshot()).toMatchObject({
      status: 'idle',
      notice: { kind: 'server', message: 'Комната заполнена: в ней может быть не более 2 участников' },
    });
    expect(streams[0]!.tracks.every((track) => track.stopped)).toBe(true);
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['NotFoundError', 'notFound'],
    ['NotReadableError', 'inUse'],
    ['OverconstrainedError', 'constraints'],
    ['SecurityError', 'insecure'],
  ])('returns to idle with a hint when the devices fail (%s), without joining', async (name, failure) => {
    const call = engine();
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error(name), { name }));
    await call.joinRoom(ROOM, 'HD');
    expect(call.getSnapshot()).toMatchObject({ status: 'idle', notice: { kind: 'media', failure } });
    expect(transport.joinRoom).not.toHaveBeenCalled();
  });

  it('leaves when the room is closed', async () => {
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    call.handleEvent(event('ROOM_CLOSED', person(1, 'Я')));
    expect(call.getSnapshot()).toMatchObject({ status: 'idle', notice: { kind: 'roomClosed' } });
  });
});

describe('a lost mesh connection', () => {
  const renew = JSON.stringify({ type: 'renew' });
  const renewsSent = () => transport.sendSignal.mock.calls.filter(([, , data]) => data === renew);

  it('is opened again by the smaller user id, once its renew signal is sent, up to MESH_RENEWALS times in a row', async () => {
    vi.useFakeTimers();
    const call = engine(1);
    await call.joinRoom(ROOM, 'HD');
    peers[0]!.emit('error', new Error('Ice connection failed.'));
    expect(call.getSnapshot().participants[0]).toMatchObject({ userId: 2, connected: false });
    await vi.advanceTimersByTimeAsync(MESH_RENEW_AFTER_MS);
    expect(renewsSent()).toEqual([['R1', 'U2', renew]]);
    expect(peers.map((p) => p.initiator)).toEqual([true, true]);

    // It connects: the count starts again. Then it keeps failing: MESH_RENEWALS new connections, no more.
    peers[1]!.emit('connect');
    expect(call.getSnapshot().participants[0]!.connected).toBe(true);
    for (let attempt = 0; attempt <= MESH_RENEWALS; attempt += 1) {
      peers.at(-1)!.emit('error', new Error('Ice connection failed.'));
      await vi.advanceTimersByTimeAsync(MESH_RENEW_AFTER_MS);
    }
    expect(peers).toHaveLength(2 + MESH_RENEWALS);
  });

  it('is asked for by the larger user id, who then answers the new offer; the smaller one starts over when asked', async () => {
    vi.useFakeTimers();
    const call = engine(3);
    await call.joinRoom(ROOM, 'HD');
    const dmitry = person(2, 'Дмитрий Петров');
    peers[0]!.emit('close');
    await vi.advanceTimersByTimeAsync(MESH_RENEW_AFTER_MS);
    expect(renewsSent()).toEqual([]);
    await vi.advanceTimersByTimeAsync(MESH_RENEW_AFTER_MS);
    expect(renewsSent()).toEqual([['R1', 'U2', renew]]);
    expect(peers).toHaveLength(1);
    call.handleEvent(event('SIGNAL', dmitry, { data: { type: 'offer', sdp: 'v=0' } }));
    expect(peers.map((p) => p.initiator)).toEqual([true, false]);
    expect(peers[1]!.signalled).toEqual([{ type: 'offer', sdp: 'v=0' }]);

    // Seen from the smaller id: asked to renew, it drops the connection it holds and opens a new one.
    const other = engine(1);
    await other.joinRoom(ROOM, 'HD');
    const held = peers[2]!;
    other.handleEvent(event('SIGNAL', person(2, 'Дмитрий Петров'), { data: { type: 'renew' } }));
    expect(held.destroyed).toBe(true);
    expect(held.signalled).toEqual([]);
    expect(peers.slice(2).map((p) => p.initiator)).toEqual([true, true]);

    // Through the SFU a renew changes nothing: the switch closes the mesh itself, after make before break.
    other.handleEvent(
      event('CALL_MODE', person(2, 'Дмитрий Петров'), { mode: 'sfu', epoch: 1, token: 'tok-1', videoPublishers: null }),
    );
    other.handleEvent(event('SIGNAL', person(2, 'Дмитрий Петров'), { data: { type: 'renew' } }));
    expect(peers).toHaveLength(4);
    expect(peers[3]!.destroyed).toBe(false);
  });

  it('is not opened again when a new connection came meanwhile, when they left, or when we dropped it', async () => {
    vi.useFakeTimers();
    const call = engine(3);
    await call.joinRoom(ROOM, 'HD');
    const dmitry = person(2, 'Дмитрий Петров');
    peers[0]!.emit('error', new Error('Ice connection failed.'));
    // Their new offer arrives before we would ask for it.
    call.handleEvent(event('SIGNAL', dmitry, { data: { type: 'offer' } }));
    await vi.advanceTimersByTimeAsync(2 * MESH_RENEW_AFTER_MS);
    expect(renewsSent()).toEqual([]);

    peers[1]!.emit('close');
    call.handleEvent(event('LEFT', dmitry));
    await vi.advanceTimersByTimeAsync(2 * MESH_RENEW_AFTER_MS);
    expect(renewsSent()).toEqual([]);

    // A connection we drop ourselves (they joined again) closes without a renewal.
    call.handleEvent(event('JOINED', dmitry));
    call.handleEvent(event('JOINED', dmitry));
    await vi.advanceTimersByTimeAsync(2 * MESH_RENEW_AFTER_MS);
    expect(renewsSent()).toEqual([]);
    expect(peers).toHaveLength(4);
  });
});

describe('ICE servers', () => {
  it('are fetched again before a join once they are an hour old (their TURN credentials expire)', async () => {
    vi.useFakeTimers();
    const first = [{ urls: 'turn:turn.example.org', username: '1000:1', credential: 'old' }];
    const fresh = [{ urls: 'turn:turn.example.org', username: '9000:1', credential: 'new' }];
    const refreshIceServers = vi.fn(async () => fresh);
    const call = engine(1, { iceServers: first, refreshIceServers });
    transport.joinRoom.mockResolvedValue({ ok: true, room: ROOM, participants: [person(2, 'Дмитрий')] });
    await call.joinRoom(ROOM, 'HD');
    expect(refreshIceServers).not.toHaveBeenCalled();
    expect(peerConfigs.at(-1)!.iceServers).toEqual(first);

    await vi.advanceTimersByTimeAsync(ICE_SERVERS_MAX_AGE_MS + 1000);
    await call.joinRoom(ROOM, 'HD');
    expect(refreshIceServers).toHaveBeenCalledTimes(1);
    expect(peerConfigs.at(-1)!.iceServers).toEqual(fresh);
    // Fresh for another hour: the next join asks nothing.
    await call.joinRoom(ROOM, 'HD');
    expect(refreshIceServers).toHaveBeenCalledTimes(1);
  });
});

describe('mesh and SFU', () => {
  const sfuJoin = (participants: PeerInfo[]) => ({
    ok: true,
    room: ROOM,
    participants,
    roomDatabaseId: 41,
    call: { mode: 'sfu', epoch: 3, sfuToken: 'tok-3', videoPublishers: null },
  });

  it('joins a room in SFU mode through the SFU only: no peer connection, each feed fills its tile', async () => {
    transport.joinRoom.mockResolvedValueOnce(sfuJoin([person(2, 'Дмитрий'), person(3, 'Елена')]));
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    await vi.waitFor(() => expect(sfuSessions).toHaveLength(1));
    expect(peers).toEqual([]);
    expect(sfuSessions[0]!.options).toMatchObject({ roomId: 41, userId: 1, token: 'tok-3', stream: streams[0] });
    expect(call.getSnapshot().transport).toBe('sfu');
    const remote = new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);
    sfuSessions[0]!.options.onRemoteStream(3, remote as never);
    expect(call.getSnapshot().participants).toMatchObject([
      { userId: 2, connected: false },
      { userId: 3, connected: true, stream: remote },
    ]);
    // A newcomer's media will come with their feed: no connection is opened for them.
    call.handleEvent(event('JOINED', person(4, 'Ольга')));
    expect(peers).toEqual([]);
    sfuSessions[0]!.options.onRemoteStream(3, null);
    expect(call.getSnapshot().participants[1]).toMatchObject({ connected: false, stream: null });
  });

  it(`opens the SFU session again when it fails to open, up to ${SFU_OPEN_TRIES} times, and not for an older epoch`, async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    transport.joinRoom.mockResolvedValueOnce(sfuJoin([person(2, 'Дмитрий')]));
    sfuOpenFailures = SFU_OPEN_TRIES;
    const call = engine(1, { onError });
    await call.joinRoom(ROOM, 'HD');
    await vi.advanceTimersByTimeAsync(0);
    expect(failedSfuOpens).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith(new Error('SFU: not joined after 20000 ms'));
    await vi.advanceTimersByTimeAsync(SFU_OPEN_RETRY_MS - 1);
    expect(failedSfuOpens).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(failedSfuOpens).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2 * SFU_OPEN_RETRY_MS);
    expect(failedSfuOpens.map((options) => options.token)).toEqual(Array(SFU_OPEN_TRIES).fill('tok-3'));
    // The last try failed too: nothing more is tried.
    await vi.advanceTimersByTimeAsync(10 * SFU_OPEN_RETRY_MS);
    expect(failedSfuOpens).toHaveLength(SFU_OPEN_TRIES);
    expect(sfuSessions).toEqual([]);

    // A new epoch opens its own session; a failure of the older epoch's is not tried again.
    sfuOpenFailures = 1;
    call.handleEvent(event('CALL_MODE', person(2, 'Дмитрий'), { mode: 'sfu', epoch: 4, token: 'tok-4', videoPublishers: null }));
    await vi.advanceTimersByTimeAsync(0);
    call.handleEvent(event('CALL_MODE', person(2, 'Дмитрий'), { mode: 'sfu', epoch: 5, token: 'tok-5', videoPublishers: null }));
    await vi.advanceTimersByTimeAsync(10 * SFU_OPEN_RETRY_MS);
    expect(failedSfuOpens.at(-1)!.token).toBe('tok-4');
    expect(sfuSessions.map(({ options }) => options.token)).toEqual(['tok-5']);
    expect(call.getSnapshot().status).toBe('in_call');
  });

  it("shares a screen through the SFU as a feed of its own beside the camera, and shows the others' in tiles of their own", async () => {
    transport.joinRoom.mockResolvedValueOnce(sfuJoin([person(2, 'Дмитрий')]));
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    await vi.waitFor(() => expect(sfuSessions).toHaveLength(1));
    const session = sfuSessions[0]!;
    const camera = streams[0]!.getVideoTracks()[0];
    // The session publishes the camera; the screen does not replace it.
    expect(session.options.videoTrack).toBe(camera);
    await call.toggleScreenShare();
    const screen = session.screens[0] as unknown as FakeTrack;
    expect(screen).toBeInstanceOf(FakeTrack);
    expect(call.getSnapshot().screenSharing).toBe(true);
    screen.end();
    expect(session.screens).toEqual([screen, null]);
    expect(call.getSnapshot().screenSharing).toBe(false);

    const shared = new FakeStream([new FakeTrack('video')]);
    session.options.onRemoteScreen(2, shared as never);
    expect(call.getSnapshot().participants[0]).toMatchObject({ userId: 2, screen: shared });
    session.options.onRemoteScreen(2, null);
    expect(call.getSnapshot().participants[0]!.screen).toBeNull();
  });

  it("shares a screen already shared in mesh through the SFU once the room switches, and drops the SFU's screens back in mesh", async () => {
    const call = engine();
    transport.joinRoom.mockResolvedValueOnce({ ok: true, room: ROOM, participants: [person(2, 'Дмитрий')], roomDatabaseId: 41 });
    await call.joinRoom(ROOM, 'HD');
    await call.toggleScreenShare();
    const screen = peers[0]!.replaced[0]![1];
    call.handleEvent(event('CALL_MODE', person(1, 'Анна'), { mode: 'sfu', epoch: 1, token: 'tok-1', videoPublishers: null }));
    await vi.waitFor(() => expect(sfuSessions[0]?.screens).toEqual([screen]));
    expect(sfuSessions[0]!.options.videoTrack).toBe(streams[0]!.getVideoTracks()[0]);

    // Dmitry's camera comes through the SFU (his peer connection closes), then his shared screen.
    sfuSessions[0]!.options.onRemoteStream(2, new FakeStream([new FakeTrack('video')]) as never);
    expect(peers[0]!.destroyed).toBe(true);
    sfuSessions[0]!.options.onRemoteScreen(2, new FakeStream([new FakeTrack('video')]) as never);
    vi.useFakeTimers();
    call.handleEvent(event('CALL_MODE', person(1, 'Анна'), { mode: 'mesh', epoch: 2 }));
    // The new connection sends the screen as the video, as mesh does; once it is up the SFU closes.
    expect(peers).toHaveLength(2);
    const reopened = peers[1]!;
    expect(reopened.replaced).toEqual([[streams[0]!.getVideoTracks()[0], screen]]);
    reopened.connected = true;
    reopened.emit('connect');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sfuSessions[0]!.closed).toBe(true);
    expect(call.getSnapshot().participants[0]!.screen).toBeNull();
  });

  it('switches a mesh call to the SFU making before breaking: a peer closes once its feed brings video', async () => {
    vi.useFakeTimers();
    transport.joinRoom.mockResolvedValueOnce({
      ok: true,
      room: ROOM,
      participants: [person(2, 'Дмитрий'), person(3, 'Елена')],
      roomDatabaseId: 41,
      call: { mode: 'mesh', epoch: 1, sfuToken: null, videoPublishers: null },
    });
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    expect(peers).toHaveLength(2);
    const meshStream = new FakeStream([new FakeTrack('video')]);
    peers[0]!.emit('stream', meshStream);

    call.handleEvent(event('CALL_MODE', person(1, 'Я'), { mode: 'sfu', epoch: 2, token: 'tok-2' }));
    await vi.waitFor(() => expect(sfuSessions).toHaveLength(1));
    expect(sfuSessions[0]!.options.token).toBe('tok-2');
    // Audio alone through the SFU does not replace a tile that shows video.
    sfuSessions[0]!.options.onRemoteStream(2, new FakeStream([new FakeTrack('audio')]) as never);
    expect(call.getSnapshot().participants[0]!.stream).toBe(meshStream);
    expect(peers[0]!.destroyed).toBe(false);
    const viaSfu = new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);
    sfuSessions[0]!.options.onRemoteStream(2, viaSfu as never);
    expect(call.getSnapshot().participants[0]).toMatchObject({ stream: viaSfu, connected: true });
    expect(peers[0]!.destroyed).toBe(true);
    expect(peers[1]!.destroyed).toBe(false);
    // Elena's feed never came: her peer connection closes after the grace period anyway.
    await vi.advanceTimersByTimeAsync(MAKE_BEFORE_BREAK_MS + 1000);
    expect(peers[1]!.destroyed).toBe(true);
    // An event of an older epoch is stale.
    call.handleEvent(event('CALL_MODE', person(1, 'Я'), { mode: 'mesh', epoch: 1 }));
    expect(call.getSnapshot().transport).toBe('sfu');
  });

  it('returns to mesh: the smaller user id opens each connection, the SFU closes once all are up', async () => {
    transport.joinRoom.mockResolvedValueOnce(sfuJoin([person(1, 'Анна'), person(5, 'Павел')]));
    const call = engine(3);
    await call.joinRoom(ROOM, 'HD');
    await vi.waitFor(() => expect(sfuSessions).toHaveLength(1));
    vi.useFakeTimers();
    call.handleEvent(event('CALL_MODE', person(3, 'Я'), { mode: 'mesh', epoch: 4 }));
    expect(call.getSnapshot().transport).toBe('mesh');
    // Viewer 3 calls 5; 1 calls the viewer (its offer arrives as a signal).
    expect(peers.map((p) => p.initiator)).toEqual([true]);
    call.handleEvent(event('SIGNAL', person(1, 'Анна'), { data: { type: 'offer' } }));
    expect(peers.map((p) => p.initiator)).toEqual([true, false]);
    peers[0]!.connected = true;
    peers[0]!.emit('connect');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sfuSessions[0]!.closed).toBe(false);
    peers[1]!.connected = true;
    peers[1]!.emit('connect');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sfuSessions[0]!.closed).toBe(true);
  });

  it('sends video only while seated among the video publishers; the others show as audio only', async () => {
    transport.joinRoom.mockResolvedValueOnce({
      ...sfuJoin([person(2, 'Дмитрий'), person(3, 'Елена')]),
      call: { mode: 'sfu', epoch: 3, sfuToken: 'tok-3', videoPublishers: [2, 3] },
    });
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    await vi.waitFor(() => expect(sfuSessions).toHaveLength(1));
    // Joined without a seat: the camera is not sent, and the own tile says so.
    expect(sfuSessions[0]!.videoSending).toEqual([false]);
    expect(videoPaused(call.getSnapshot(), 1)).toBe(true);
    expect(videoPaused(call.getSnapshot(), 2)).toBe(false);

    // The viewer spoke: Elena's seat is theirs now.
    call.handleEvent(event('VIDEO_PUBLISHERS', person(1, 'Я'), { epoch: 3, userIds: [1, 2], at: 2000 }));
    expect(sfuSessions[0]!.videoSending).toEqual([false, true]);
    expect(videoPaused(call.getSnapshot(), 3)).toBe(true);
    // Elena's audio through the SFU fills her tile at once, with no video to wait for.
    const audioOnly = new FakeStream([new FakeTrack('audio')]);
    sfuSessions[0]!.options.onRemoteStream(3, audioOnly as never);
    expect(call.getSnapshot().participants[1]).toMatchObject({ stream: audioOnly, connected: true });

    // A list made earlier, or in another epoch, changes nothing.
    call.handleEvent(event('VIDEO_PUBLISHERS', person(1, 'Я'), { epoch: 3, userIds: [2, 3], at: 1000 }));
    call.handleEvent(event('VIDEO_PUBLISHERS', person(1, 'Я'), { epoch: 2, userIds: [2, 3], at: 3000 }));
    expect(call.getSnapshot().videoPublishers).toEqual([1, 2]);
    expect(sfuSessions[0]!.videoSending.at(-1)).toBe(true);

    // Back to mesh: everyone sends video again.
    call.handleEvent(event('CALL_MODE', person(1, 'Я'), { mode: 'mesh', epoch: 4 }));
    expect(videoPaused(call.getSnapshot(), 3)).toBe(false);
  });

  it('publishes through the SFU at the chosen quality, and follows the quality selector', async () => {
    transport.joinRoom.mockResolvedValueOnce(sfuJoin([person(2, 'Дмитрий')]));
    const call = engine();
    await call.joinRoom(ROOM, 'SD');
    await vi.waitFor(() => expect(sfuSessions).toHaveLength(1));
    expect(sfuSessions[0]!.options.quality).toBe('SD');
    call.setQuality('FHD');
    expect(sfuSessions[0]!.qualities).toEqual(['FHD']);
    expect(simulcastBitrates('FHD').high).toBeGreaterThan(simulcastBitrates('SD').high);
  });

  it('receives a lower simulcast layer as the grid fills', async () => {
    const crowd = Array.from({ length: 9 }, (_, i) => person(i + 2, `№${i + 2}`));
    transport.joinRoom.mockResolvedValueOnce(sfuJoin(crowd.slice(0, 3)));
    const call = engine();
    await call.joinRoom(ROOM, 'HD');
    await vi.waitFor(() => expect(sfuSessions[0]?.layers).toEqual([2]));
    for (const newcomer of crowd.slice(3)) call.handleEvent(event('JOINED', newcomer));
    expect(sfuSessions[0]!.layers.at(-1)).toBe(0);
    expect(layerForTiles(5)).toBe(1);
  });
});

describe('a one-to-one call', () => {
  it('rings, connects when answered (connecting → in call), and ends when the other hangs up', async () => {
    const call = engine();
    const dmitry = person(2, 'Дмитрий');
    await call.call(dmitry, 'audio', 'HD');
    expect(getUserMedia).toHaveBeenCalledWith(callConstraints('audio', 'HD'));
    expect(transport.startCall).toHaveBeenCalledWith('U2', 'audio');
    expect(call.getSnapshot()).toMatchObject({ status: 'connecting', kind: 'call', room: { id: 'C1' }, counterpart: dmitry });

    call.handleEvent(event('JOINED', dmitry, {}, 'C1'));
    peers[0]!.emit('connect');
    expect(call.getSnapshot().status).toBe('in_call');
    call.handleEvent(event('CALL_ENDED', dmitry, {}, 'C1'));
    expect(call.getSnapshot()).toMatchObject({ status: 'idle', notice: { kind: 'ended' } });
    expect(streams[0]!.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('goes back to idle when declined, or when nobody answers in time', async () => {
    vi.useFakeTimers();
    const call = engine();
    await call.call(person(2, 'Дмитрий'), 'video', 'HD');
    call.handleEvent(event('CALL_DECLINED', person(2, 'Дмитрий'), {}, 'C1'));
    expect(call.getSnapshot()).toMatchObject({ status: 'idle', notice: { kind: 'declined' } });

    await call.call(person(2, 'Дмитрий'), 'video', 'HD');
    await vi.advanceTimersByTimeAsync(1000);
    expect(call.getSnapshot()).toMatchObject({ status: 'idle', notice: { kind: 'noAnswer' } });
    expect(transport.leaveRoom).toHaveBeenCalledWith('C1');
  });

  it('shows an incoming call, connects to the caller on accept, and declines a second one while busy', async () => {
    const call = engine();
    const anna = person(1, 'Анна');
    call.handleEvent(event('CALL_INVITE', anna, { media: 'video' }, 'C1'));
    expect(call.getSnapshot().incoming).toEqual({ roomId: 'C1', caller: anna, media: 'video' });
    await call.acceptIncoming('HD');
    expect(transport.acceptCall).toHaveBeenCalledWith('C1');
    expect(call.getSnapshot()).toMatchObject({ status: 'connecting', incoming: null, kind: 'call' });
    expect(peers.map((p) => p.initiator)).toEqual([true]);

    call.handleEvent(event('CALL_INVITE', person(5, 'Сергей'), { media: 'audio' }, 'C9'));
    expect(transport.declineCall).toHaveBeenCalledWith('C9');
    expect(call.getSnapshot().incoming).toBeNull();
  });

  it('drops the incoming call when the caller gives up', () => {
    const call = engine();
    call.handleEvent(event('CALL_INVITE', person(1, 'Анна'), { media: 'audio' }, 'C1'));
    call.handleEvent(event('CALL_ENDED', person(1, 'Анна'), {}, 'C1'));
    expect(call.getSnapshot().incoming).toBeNull();
  });
});

describe('media settings', () => {
  it('maps the quality selector to camera constraints (spec presets)', () => {
    expect(videoConstraints('SD')).toEqual({ width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 15 } });
    expect(videoConstraints('HD')).toEqual({ width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 24 } });
    expect(videoConstraints('FHD')).toEqual({ width: { ideal: 1920 }, height: { ideal: 1080 }, frameRate: { ideal: 30 } });
    expect(videoConstraints('4K').width).toEqual({ ideal: 3840 });
    expect(videoConstraints('8K').height).toEqual({ ideal: 4320 });
    expect(callConstraints('audio', 'HD').video).toBe(false);
  });

  it('names device failures', () => {
    expect(mediaFailure({ name: 'PermissionDeniedError' })).toBe('denied');
    expect(mediaFailure({ name: 'TrackStartError' })).toBe('inUse');
    expect(mediaFailure(new Error('?'))).toBe('unknown');
  });
});

describe('ICE configuration', () => {
  it('hands each connection the ICE servers and the relay-only policy of the server’s test mode', async () => {
    const turn = { urls: ['turn:turn.example.org:3478'], username: '1790000000:1', credential: 'c2VjcmV0' };
    const configs: RTCConfiguration[] = [];
    const call = new CallEngine(transport as unknown as CallTransport, {
      iceServers: [turn],
      iceTransportPolicy: 'relay',
      viewerId: 1,
      mediaDevices: () => ({ getUserMedia, getDisplayMedia }) as never,
      createPeer: ({ initiator, config }) => {
        configs.push(config);
        return new FakePeer(initiator) as never;
      },
    });
    await call.joinRoom(ROOM, 'HD');
    expect(configs).toEqual([{ iceServers: [turn], iceTransportPolicy: 'relay' }]);
  });
});

describe('onPhone', () => {
  const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
  const browser = ({
    userAgent = DESKTOP_UA,
    mobileHint,
    coarse = false,
    screen = [1280, 800],
  }: {
    userAgent?: string;
    mobileHint?: boolean;
    coarse?: boolean;
    screen?: [number, number];
  }) =>
    ({
      navigator: { userAgent, userAgentData: mobileHint === undefined ? undefined : { mobile: mobileHint } },
      matchMedia: (query: string) => ({ matches: coarse && query === '(pointer: coarse)' }),
      screen: { width: screen[0], height: screen[1] },
    }) as unknown as Window;

  it('tells a phone by its browser’s word or by a narrow touch screen, not a desktop or a touch laptop', () => {
    expect(onPhone(browser({}))).toBe(false);
    expect(onPhone(browser({ mobileHint: true }))).toBe(true);
    expect(onPhone(browser({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' }))).toBe(true);
    expect(onPhone(browser({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/140.0 Mobile Safari/537.36' }))).toBe(
      true,
    );
    // An emulated phone (Playwright's 390x844 with touch) keeps a desktop user agent.
    expect(onPhone(browser({ coarse: true, screen: [390, 844] }))).toBe(true);
    expect(onPhone(browser({ coarse: true, screen: [844, 390] }))).toBe(true);
    expect(onPhone(browser({ coarse: true, screen: [1366, 768] }))).toBe(false);
    expect(onPhone(browser({ coarse: false, screen: [390, 844] }))).toBe(false);
  });
});
