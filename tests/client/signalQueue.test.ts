import { describe, expect, it, vi } from 'vitest';
import { SIGNAL_BATCH_MAX_LENGTH, SignalQueue } from '../../client/src/features/video-calls/call/signalQueue';

/** A send whose requests the test answers by hand, in order. */
function manualSend() {
  const requests: { data: string; answer: () => void; fail: (error: Error) => void }[] = [];
  const send = vi.fn(
    (data: string) =>
      new Promise<void>((resolve, reject) => {
        requests.push({ data, answer: resolve, fail: reject });
      }),
  );
  return { send, requests };
}

const candidate = (n: number) => ({ candidate: { candidate: `candidate ${n}`, sdpMid: '0' } });

describe('SignalQueue', () => {
  it('sends one signal at once, and what comes meanwhile together in the next request, in order', async () => {
    const { send, requests } = manualSend();
    const queue = new SignalQueue(send, vi.fn());
    queue.push({ type: 'offer', sdp: 'v=0' });
    for (const n of [1, 2, 3]) queue.push(candidate(n));
    expect(requests.map((r) => JSON.parse(r.data))).toEqual([{ type: 'offer', sdp: 'v=0' }]);

    requests[0]!.answer();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(JSON.parse(requests[1]!.data)).toEqual([candidate(1), candidate(2), candidate(3)]);
    requests[1]!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(2);

    // Idle again: the next signal goes alone, at once.
    queue.push(candidate(4));
    expect(requests).toHaveLength(3);
    expect(JSON.parse(requests[2]!.data)).toEqual(candidate(4));
  });

  it('splits what is queued into requests under the size limit, and goes on after a failed one', async () => {
    const { send, requests } = manualSend();
    const onError = vi.fn();
    const queue = new SignalQueue(send, onError);
    queue.push(candidate(0));
    const big = (n: number) => ({ type: 'offer', sdp: `${n}`.padEnd(SIGNAL_BATCH_MAX_LENGTH / 2, 'x') });
    for (const n of [1, 2, 3]) queue.push(big(n));

    requests[0]!.fail(new Error('Request timed out'));
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(onError).toHaveBeenCalledWith(new Error('Request timed out'));
    expect(requests[1]!.data.length).toBeLessThanOrEqual(SIGNAL_BATCH_MAX_LENGTH);
    expect(JSON.parse(requests[1]!.data)).toEqual(big(1));
    requests[1]!.answer();
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(JSON.parse(requests[2]!.data)).toEqual(big(2));
    requests[2]!.answer();
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    expect(JSON.parse(requests[3]!.data)).toEqual(big(3));
  });
});
