import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';

/**
 * SfuSession's signalling with Janus, against a stand-in for janus.js whose answers the test
 * completes by hand: the order of offers and answers is ours to get right, whatever the media.
 */
type Callbacks = Record<string, (...args: any[]) => void>;
type FakeHandle = {
  callbacks: Callbacks;
  sent: { message: Record<string, unknown>; jsep?: unknown }[];
  answers: { jsep: unknown; success: (answer: unknown) => void; error: (error: unknown) => void }[];
  detached: boolean;
};
/** `sessionDelayMs`: how long Janus takes to set up a session (0: at once). */
const janus = vi.hoisted(() => ({ handles: [] as FakeHandle[], sessionDelayMs: 0 }));

vi.mock('janus-gateway', () => {
  class FakeJanus {
    static init({ callback }: { callback: () => void }) {
      callback();
    }
    static useDefaultDependencies() {
      return {};
    }
    constructor({ success }: { success: () => void }) {
      if (janus.sessionDelayMs > 0) setTimeout(success, janus.sessionDelayMs);
      else queueMicrotask(success);
    }
    attach(callbacks: Callbacks) {
      const handle: FakeHandle = { callbacks, sent: [], answers: [], detached: false };
      janus.handles.push(handle);
      callbacks.success!({
        webrtcStuff: { pc: null },
        send: (request: { message: Record<string, unknown>; jsep?: unknown }) => handle.sent.push(request),
        createOffer: ({ success }: { success: (jsep: unknown) => void }) => success({ type: 'offer', sdp: 'publisher' }),
        createAnswer: (answer: FakeHandle['answers'][number]) => handle.answers.push(answer),
        handleRemoteJsep: () => {},
        getRemoteTracks: () => [],
        detach: () => {
          handle.detached = true;
        },
      });
    }
    destroy() {}
  }
  return { default: FakeJanus };
});

const { JOIN_TIMEOUT_MS, PUBLISH_CONNECT_MS, PUBLISH_TRIES, SUBSCRIBE_STALL_MS, SUBSCRIBER_TRIES, SfuSession } =
  await import('../../client/src/features/video-calls/call/sfuSession');

const sessionOptions = (onFailure: Mock) => ({
  roomId: 5,
  userId: 1,
  token: 'sfu-token',
  iceServers: [],
  stream: new MediaStream(),
  videoTrack: null,
  quality: 'SD' as never,
  onRemoteStream: vi.fn(),
  onRemoteScreen: vi.fn(),
  onFailure,
});

/** A session Janus let join as a publisher, and its publisher handle, whose connection Janus reported up. */
async function openSession(onFailure = vi.fn()) {
  janus.handles.length = 0;
  const opening = SfuSession.open(sessionOptions(onFailure));
  await vi.waitFor(() => expect(janus.handles).toHaveLength(1));
  const publisher = janus.handles[0]!;
  publisher.callbacks.onmessage!({ videoroom: 'joined' });
  publisher.callbacks.webrtcState!(true);
  return { session: await opening, publisher };
}

const joinedSession = async (onFailure = vi.fn()) => (await openSession(onFailure)).publisher;

afterEach(() => {
  vi.useRealTimers();
  janus.sessionDelayMs = 0;
});

const feeds = (...users: number[]) => ({
  videoroom: 'event',
  publishers: users.map((user) => ({ id: 100 + user, display: String(user) })),
});
const offer = (sdp: string) => ({ type: 'offer', sdp });

/**
 * A session receiving feeds 102 and 103 on its first subscriber handle, whose answer to Janus's
 * first offer has gone; on fake timers.
 */
async function answeredSubscription(onFailure: Mock) {
  const publisher = await joinedSession(onFailure);
  vi.useFakeTimers();
  publisher.callbacks.onmessage!(feeds(2, 3));
  const subscriber = janus.handles[1]!;
  subscriber.callbacks.onmessage!({ videoroom: 'attached', streams: [] }, offer('first'));
  await vi.advanceTimersByTimeAsync(0);
  subscriber.answers[0]!.success({ type: 'answer', sdp: 'first' });
  expect(subscriber.sent.map(({ message }) => message.request)).toEqual(['join', 'start']);
  return { publisher, subscriber };
}

describe('SfuSession (opening)', () => {
  it(`fails to open when Janus has not accepted the join within ${JOIN_TIMEOUT_MS} ms`, async () => {
    janus.handles.length = 0;
    vi.useFakeTimers();
    const opening = SfuSession.open(sessionOptions(vi.fn()));
    const failed = expect(opening).rejects.toThrow(`SFU: not joined after ${JOIN_TIMEOUT_MS} ms`);
    await vi.advanceTimersByTimeAsync(0);
    expect(janus.handles).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(JOIN_TIMEOUT_MS);
    await failed;
    // A join accepted after that opens nothing: no publication is offered.
    janus.handles[0]!.callbacks.onmessage!({ videoroom: 'joined' });
    expect(janus.handles[0]!.sent.map(({ message }) => message.request)).toEqual(['join']);
  });

  it('attaches nothing when Janus sets up the session only after the join timed out', async () => {
    janus.handles.length = 0;
    janus.sessionDelayMs = JOIN_TIMEOUT_MS + 1000;
    vi.useFakeTimers();
    const opening = SfuSession.open(sessionOptions(vi.fn()));
    const failed = expect(opening).rejects.toThrow(`SFU: not joined after ${JOIN_TIMEOUT_MS} ms`);
    await vi.advanceTimersByTimeAsync(JOIN_TIMEOUT_MS);
    await failed;
    // The closed session's Janus comes up at last (it threw reading a closed session's Janus before).
    await vi.advanceTimersByTimeAsync(1000);
    expect(janus.handles).toHaveLength(0);
  });
});

describe('SfuSession (the subscriber handle)', () => {
  it('answers a second offer only once the first is answered, then asks for the feeds that came meanwhile', async () => {
    const publisher = await joinedSession();
    publisher.callbacks.onmessage!(feeds(2));
    const subscriber = janus.handles[1]!;
    expect(subscriber.sent.map(({ message }) => message.request)).toEqual(['join']);

    subscriber.callbacks.onmessage!({ videoroom: 'attached', streams: [] }, offer('first'));
    // Janus renegotiates by itself (someone left) before our answer to its first offer is made,
    // and a new publisher arrives meanwhile.
    subscriber.callbacks.onmessage!({ videoroom: 'updated', streams: [] }, offer('second'));
    publisher.callbacks.onmessage!(feeds(3));
    await vi.waitFor(() => expect(subscriber.answers).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(subscriber.answers).toHaveLength(1);
    expect(subscriber.answers[0]!.jsep).toEqual(offer('first'));

    subscriber.answers[0]!.success({ type: 'answer', sdp: 'first' });
    await vi.waitFor(() => expect(subscriber.answers).toHaveLength(2));
    expect(subscriber.answers[1]!.jsep).toEqual(offer('second'));
    expect(subscriber.sent.map(({ message, jsep }) => [message.request, jsep ?? null])).toEqual([
      ['join', null],
      ['start', { type: 'answer', sdp: 'first' }],
      ['subscribe', null],
    ]);
    expect(subscriber.sent[2]!.message.streams).toEqual([{ feed: '103' }]);
  });

  it('subscribes again on a new handle when Janus leaves a subscription unanswered, and ignores the stalled one', async () => {
    const onFailure = vi.fn();
    const { publisher, subscriber: stalled } = await answeredSubscription(onFailure);
    stalled.callbacks.webrtcState!(true);
    // A newcomer's subscription gets no offer.
    publisher.callbacks.onmessage!(feeds(4));
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_STALL_MS - 1);
    expect(janus.handles).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(onFailure).toHaveBeenCalledWith(
      new Error(`SFU: no offer for feeds 104 after ${SUBSCRIBE_STALL_MS} ms, subscribing again`),
    );
    expect(stalled.detached).toBe(true);
    const fresh = janus.handles[2]!;
    expect(fresh.sent.map(({ message }) => [message.request, message.streams])).toEqual([
      ['join', [{ feed: '102' }, { feed: '103' }, { feed: '104' }]],
    ]);

    // The stalled handle's late offer is not answered; the new handle's is.
    stalled.callbacks.onmessage!({ videoroom: 'updated', streams: [] }, offer('late'));
    fresh.callbacks.onmessage!({ videoroom: 'attached', streams: [] }, offer('fresh'));
    await vi.advanceTimersByTimeAsync(0);
    expect(stalled.answers).toHaveLength(1);
    expect(fresh.answers.map(({ jsep }) => jsep)).toEqual([offer('fresh')]);
    fresh.answers[0]!.success({ type: 'answer', sdp: 'fresh' });
    fresh.callbacks.webrtcState!(true);
    await vi.advanceTimersByTimeAsync(3 * SUBSCRIBE_STALL_MS);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it(`waits twice as long on each new handle, reports a stall on the last of ${SUBSCRIBER_TRIES}, and keeps waiting on it`, async () => {
    const onFailure = vi.fn();
    const publisher = await joinedSession(onFailure);
    vi.useFakeTimers();
    publisher.callbacks.onmessage!(feeds(2));
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_STALL_MS);
    expect(janus.handles).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2 * SUBSCRIBE_STALL_MS - 1);
    expect(janus.handles).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(janus.handles).toHaveLength(4);
    expect(onFailure).toHaveBeenLastCalledWith(
      new Error(`SFU: no offer for feeds 102 after ${2 * SUBSCRIBE_STALL_MS} ms, subscribing again`),
    );
    await vi.advanceTimersByTimeAsync(4 * SUBSCRIBE_STALL_MS);
    expect(janus.handles).toHaveLength(1 + SUBSCRIBER_TRIES);
    expect(onFailure).toHaveBeenLastCalledWith(new Error(`SFU: no offer for feeds 102 after ${4 * SUBSCRIBE_STALL_MS} ms`));
    const last = janus.handles[SUBSCRIBER_TRIES]!;
    expect(last.detached).toBe(false);

    // Its offer comes late: it is answered, and the next feed is subscribed on it.
    last.callbacks.onmessage!({ videoroom: 'attached', streams: [] }, offer('late'));
    await vi.advanceTimersByTimeAsync(0);
    last.answers[0]!.success({ type: 'answer', sdp: 'late' });
    publisher.callbacks.onmessage!(feeds(3));
    expect(last.sent.map(({ message }) => message.request)).toEqual(['join', 'start', 'subscribe']);
    expect(onFailure).toHaveBeenCalledTimes(SUBSCRIBER_TRIES);
  });

  it('does not count the time its own answer takes as a stall', async () => {
    const onFailure = vi.fn();
    const publisher = await joinedSession(onFailure);
    vi.useFakeTimers();
    publisher.callbacks.onmessage!(feeds(2));
    const subscriber = janus.handles[1]!;
    subscriber.callbacks.onmessage!({ videoroom: 'attached', streams: [] }, offer('first'));
    await vi.advanceTimersByTimeAsync(3 * SUBSCRIBE_STALL_MS);
    expect(subscriber.answers).toHaveLength(1);
    expect(janus.handles).toHaveLength(2);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('replaces the handle when an answer fails: Janus offers nothing more to a handle without one', async () => {
    const onFailure = vi.fn();
    const publisher = await joinedSession(onFailure);
    publisher.callbacks.onmessage!(feeds(2));
    const subscriber = janus.handles[1]!;
    subscriber.callbacks.onmessage!({ videoroom: 'attached', streams: [] }, offer('first'));
    publisher.callbacks.onmessage!(feeds(3));
    await vi.waitFor(() => expect(subscriber.answers).toHaveLength(1));

    subscriber.answers[0]!.error(new Error('setRemoteDescription failed'));
    await vi.waitFor(() =>
      expect(onFailure).toHaveBeenCalledWith(
        new Error("SFU: could not answer Janus's offer (Error: setRemoteDescription failed), subscribing again"),
      ),
    );
    expect(subscriber.detached).toBe(true);
    expect(janus.handles[2]!.sent.map(({ message }) => [message.request, message.streams])).toEqual([
      ['join', [{ feed: '102' }, { feed: '103' }]],
    ]);
  });
});

describe('SfuSession (a refused subscription)', () => {
  it('asks again without a feed Janus has not got, on a new handle when it refused the join', async () => {
    const onFailure = vi.fn();
    const publisher = await joinedSession(onFailure);
    publisher.callbacks.onmessage!(feeds(2, 3));
    const refused = janus.handles[1]!;
    // Feed 102 left (a camera published again) before the join reached Janus.
    refused.callbacks.onmessage!({ videoroom: 'event', error_code: 428, error: 'No such feed (102)' });
    expect(refused.detached).toBe(true);
    const fresh = janus.handles[2]!;
    expect(fresh.sent.map(({ message }) => [message.request, message.streams])).toEqual([['join', [{ feed: '103' }]]]);
    fresh.callbacks.onmessage!({ videoroom: 'attached', streams: [] }, offer('fresh'));
    await vi.waitFor(() => expect(fresh.answers).toHaveLength(1));
    fresh.answers[0]!.success({ type: 'answer', sdp: 'fresh' });

    // On the joined handle a refused `subscribe` is asked again on it; the feed, announced again, is subscribed to.
    publisher.callbacks.onmessage!(feeds(4, 5));
    fresh.callbacks.onmessage!({ videoroom: 'event', error_code: 428, error: 'No such feed (105)' });
    publisher.callbacks.onmessage!(feeds(5));
    expect(fresh.sent.map(({ message }) => [message.request, message.streams ?? null])).toEqual([
      ['join', [{ feed: '103' }]],
      ['start', null],
      ['subscribe', [{ feed: '104' }, { feed: '105' }]],
      ['subscribe', [{ feed: '104' }]],
    ]);
    expect(janus.handles).toHaveLength(3);
    fresh.callbacks.onmessage!({ videoroom: 'updated', streams: [] });
    expect(fresh.sent.at(-1)!.message.streams).toEqual([{ feed: '105' }]);
    expect(onFailure).not.toHaveBeenCalled();
  });
});

describe("SfuSession (the subscription's connection)", () => {
  it('subscribes again on a new handle when Janus has not reported the connection up in time', async () => {
    const onFailure = vi.fn();
    const { subscriber } = await answeredSubscription(onFailure);
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_STALL_MS - 1);
    expect(janus.handles).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(onFailure).toHaveBeenCalledWith(
      new Error(`SFU: the subscription was not connected after ${SUBSCRIBE_STALL_MS} ms, subscribing again`),
    );
    expect(subscriber.detached).toBe(true);
    const fresh = janus.handles[2]!;
    expect(fresh.sent.map(({ message }) => [message.request, message.streams])).toEqual([
      ['join', [{ feed: '102' }, { feed: '103' }]],
    ]);
    // The new handle's connection comes up: it stays.
    fresh.callbacks.onmessage!({ videoroom: 'attached', streams: [] }, offer('fresh'));
    await vi.advanceTimersByTimeAsync(0);
    fresh.answers[0]!.success({ type: 'answer', sdp: 'fresh' });
    fresh.callbacks.webrtcState!(true);
    await vi.advanceTimersByTimeAsync(4 * SUBSCRIBE_STALL_MS);
    expect(janus.handles).toHaveLength(3);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('keeps a subscription whose connection came up, and subscribes again when Janus hangs it up', async () => {
    const onFailure = vi.fn();
    const { subscriber } = await answeredSubscription(onFailure);
    subscriber.callbacks.webrtcState!(true);
    await vi.advanceTimersByTimeAsync(3 * SUBSCRIBE_STALL_MS);
    expect(onFailure).not.toHaveBeenCalled();

    subscriber.callbacks.webrtcState!(false);
    expect(onFailure).toHaveBeenCalledWith(new Error('SFU: the subscription was hung up, subscribing again'));
    expect(subscriber.detached).toBe(true);
    expect(janus.handles[2]!.sent.map(({ message }) => message.request)).toEqual(['join']);
    // A late word from the replaced handle changes nothing.
    subscriber.callbacks.connectionState!('failed');
    expect(janus.handles).toHaveLength(3);
  });

  it('subscribes again when a connection that was up fails while Janus has not hung it up', async () => {
    const onFailure = vi.fn();
    const { subscriber } = await answeredSubscription(onFailure);
    subscriber.callbacks.webrtcState!(true);
    // A relayed connection whose consent checks went unanswered: Chromium's connectionState fails
    // while its iceConnectionState stays 'disconnected', and Janus has not noticed.
    subscriber.callbacks.connectionState!('disconnected');
    expect(janus.handles).toHaveLength(2);
    subscriber.callbacks.connectionState!('failed');
    expect(onFailure).toHaveBeenCalledWith(
      new Error('SFU: the subscription lost its connection (ICE or DTLS failed), subscribing again'),
    );
    expect(subscriber.detached).toBe(true);
    expect(janus.handles[2]!.sent.map(({ message }) => message.request)).toEqual(['join']);
  });
});

describe("SfuSession (the camera's publication)", () => {
  /**
   * A session on fake timers whose first publisher handle Janus let join: its offer has gone with
   * `configure`. It receives feed 102 on its subscriber handle (janus.handles[1]), connected.
   */
  async function publishingCamera(onFailure: Mock) {
    janus.handles.length = 0;
    vi.useFakeTimers();
    const opening = SfuSession.open(sessionOptions(onFailure));
    await vi.advanceTimersByTimeAsync(0);
    const first = janus.handles[0]!;
    first.callbacks.onmessage!({ videoroom: 'joined', publishers: [{ id: 102, display: '2' }] });
    expect(first.sent.map(({ message }) => message.request)).toEqual(['join', 'configure']);
    const subscriber = janus.handles[1]!;
    subscriber.callbacks.onmessage!({ videoroom: 'attached', streams: [] }, offer('first'));
    await vi.advanceTimersByTimeAsync(0);
    subscriber.answers[0]!.success({ type: 'answer', sdp: 'first' });
    subscriber.callbacks.webrtcState!(true);
    return { session: await opening, first, subscriber };
  }
  const publisherJoins = (handle: FakeHandle) => handle.sent.filter(({ message }) => message.ptype === 'publisher');

  it('publishes the camera again on a new handle when Janus has not reported it up in time, then gives up', async () => {
    const onFailure = vi.fn();
    const { first, subscriber } = await publishingCamera(onFailure);
    expect(janus.handles).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PUBLISH_CONNECT_MS - 1);
    expect(janus.handles).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(onFailure).toHaveBeenLastCalledWith(
      new Error(`SFU: the camera's publication was not connected after ${PUBLISH_CONNECT_MS} ms, publishing it again`),
    );
    expect(first.detached).toBe(true);
    const second = janus.handles[2]!;
    expect(publisherJoins(second).map(({ message }) => message.display)).toEqual(['1']);
    // A late word from the first handle is not ours any more: feed 103 is not subscribed to.
    first.callbacks.onmessage!(feeds(3));
    // The new handle's join lists feed 102 again: it is not subscribed to twice.
    second.callbacks.onmessage!({ videoroom: 'joined', publishers: [{ id: 102, display: '2' }] });
    expect(second.sent.map(({ message }) => message.request)).toEqual(['join', 'configure']);
    expect(subscriber.sent.map(({ message }) => message.request)).toEqual(['join', 'start']);

    // Each try waits twice as long as the one before.
    await vi.advanceTimersByTimeAsync(2 * PUBLISH_CONNECT_MS - 1);
    expect(janus.handles).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(janus.handles).toHaveLength(4);
    // Janus never answers the third handle's join: that is not connected either, and the last try.
    await vi.advanceTimersByTimeAsync(4 * PUBLISH_CONNECT_MS);
    expect(janus.handles).toHaveLength(2 + PUBLISH_TRIES - 1);
    expect(onFailure).toHaveBeenLastCalledWith(
      new Error(`SFU: the camera's publication was not connected after ${4 * PUBLISH_CONNECT_MS} ms`),
    );
    expect(onFailure).toHaveBeenCalledTimes(PUBLISH_TRIES);
    expect(janus.handles).toHaveLength(2 + PUBLISH_TRIES - 1);
  });

  it('keeps a publication whose connection came up, and publishes again one that Janus hangs up', async () => {
    const onFailure = vi.fn();
    const { first } = await publishingCamera(onFailure);
    first.callbacks.webrtcState!(true);
    await vi.advanceTimersByTimeAsync(3 * PUBLISH_CONNECT_MS);
    expect(onFailure).not.toHaveBeenCalled();

    first.callbacks.connectionState!('failed');
    expect(onFailure).toHaveBeenCalledWith(
      new Error("SFU: the camera's publication lost its connection (ICE or DTLS failed), publishing it again"),
    );
    expect(first.detached).toBe(true);
    expect(publisherJoins(janus.handles[2]!)).toHaveLength(1);
  });
});

describe('SfuSession (a shared screen)', () => {
  const screenTrack = () => ({ kind: 'video', contentHint: '' }) as unknown as MediaStreamTrack;
  /** The screen's handle once Janus let it join: its offer has gone with `configure`. */
  const joinedScreen = (index: number) => {
    const handle = janus.handles[index]!;
    expect(handle.sent.map(({ message }) => message.display)).toEqual(['1:screen']);
    handle.callbacks.onmessage!({ videoroom: 'joined' });
    expect(handle.sent.map(({ message }) => message.request)).toEqual(['join', 'configure']);
    return handle;
  };
  /** A session whose member shares a screen, its first handle joined, on fake timers. */
  async function sharingScreen(
    run: (s: { session: Awaited<ReturnType<typeof SfuSession.open>>; onFailure: Mock; first: FakeHandle }) => Promise<void>,
  ) {
    const onFailure = vi.fn();
    const { session } = await openSession(onFailure);
    vi.useFakeTimers();
    session.shareScreen(screenTrack());
    await run({ session, onFailure, first: joinedScreen(1) });
  }

  it('publishes the screen again when Janus never answers its join', async () => {
    const onFailure = vi.fn();
    const { session } = await openSession(onFailure);
    vi.useFakeTimers();
    session.shareScreen(screenTrack());
    expect(janus.handles).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PUBLISH_CONNECT_MS);
    expect(onFailure).toHaveBeenLastCalledWith(
      new Error(`SFU: the shared screen was not connected after ${PUBLISH_CONNECT_MS} ms, publishing it again`),
    );
    expect(janus.handles[1]!.detached).toBe(true);
    expect(janus.handles).toHaveLength(3);
  });

  it('publishes the screen again on a new handle when Janus has not reported it up in time, then gives up', () =>
    sharingScreen(async ({ onFailure, first }) => {
      await vi.advanceTimersByTimeAsync(PUBLISH_CONNECT_MS - 1);
      expect(janus.handles).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(onFailure).toHaveBeenLastCalledWith(
        new Error(`SFU: the shared screen was not connected after ${PUBLISH_CONNECT_MS} ms, publishing it again`),
      );
      expect(first.detached).toBe(true);
      // A late word from the first handle changes nothing: it is no longer ours.
      first.callbacks.webrtcState!(false);
      expect(janus.handles).toHaveLength(3);

      joinedScreen(2);
      await vi.advanceTimersByTimeAsync(2 * PUBLISH_CONNECT_MS);
      joinedScreen(3);
      await vi.advanceTimersByTimeAsync(4 * PUBLISH_CONNECT_MS - 1);
      expect(onFailure).toHaveBeenCalledTimes(PUBLISH_TRIES - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(janus.handles).toHaveLength(1 + PUBLISH_TRIES);
      expect(onFailure).toHaveBeenLastCalledWith(
        new Error(`SFU: the shared screen was not connected after ${4 * PUBLISH_CONNECT_MS} ms`),
      );
      expect(onFailure).toHaveBeenCalledTimes(PUBLISH_TRIES);
    }));

  it('keeps a screen whose connection came up, and publishes again one that Janus hangs up', () =>
    sharingScreen(async ({ session, onFailure, first }) => {
      first.callbacks.webrtcState!(true);
      await vi.advanceTimersByTimeAsync(3 * PUBLISH_CONNECT_MS);
      expect(onFailure).not.toHaveBeenCalled();
      expect(janus.handles).toHaveLength(2);

      first.callbacks.webrtcState!(false);
      expect(onFailure).toHaveBeenCalledWith(new Error('SFU: the shared screen was hung up, publishing it again'));
      expect(first.detached).toBe(true);
      joinedScreen(2).callbacks.webrtcState!(true);

      // Stopped by the member: nothing is published again.
      session.stopScreen();
      expect(janus.handles[2]!.detached).toBe(true);
      janus.handles[2]!.callbacks.webrtcState!(false);
      await vi.advanceTimersByTimeAsync(8 * PUBLISH_CONNECT_MS);
      expect(janus.handles).toHaveLength(3);
      expect(onFailure).toHaveBeenCalledTimes(1);
    }));
});
