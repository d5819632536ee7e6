import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatestValueSender } from '../../client/src/features/video-calls/presentation/latestValueSender';

/** A send whose requests the test settles by hand, in any order. */
function fakeRequests() {
  const requests: { value: number; settle: () => void }[] = [];
  const send = (value: number) => new Promise<void>((settle) => requests.push({ value, settle }));
  return { requests, send };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LatestValueSender (the presenter’s laser pointer)', () => {
  it('keeps one request in flight and then sends the latest value given meanwhile, not the ones between', async () => {
    const { requests, send } = fakeRequests();
    const sender = new LatestValueSender<number>(50, send);
    sender.give(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.value)).toEqual([1]);

    // The first request is slow: positions given meanwhile wait, the latest replacing the others.
    for (const value of [2, 3, 4]) {
      sender.give(value);
      await vi.advanceTimersByTimeAsync(60);
    }
    expect(requests.map((r) => r.value)).toEqual([1]);
    requests[0]!.settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.value)).toEqual([1, 4]);
    requests[1]!.settle();
    await vi.advanceTimersByTimeAsync(100);
    // Nothing new was given: nothing more is sent.
    expect(requests.map((r) => r.value)).toEqual([1, 4]);
  });

  it('sends at most one value every interval, the last one given always going out', async () => {
    const { requests, send } = fakeRequests();
    const sender = new LatestValueSender<number>(50, send);
    sender.give(1);
    await vi.advanceTimersByTimeAsync(0);
    requests[0]!.settle();
    sender.give(2);
    await vi.advanceTimersByTimeAsync(20);
    sender.give(3);
    await vi.advanceTimersByTimeAsync(20);
    expect(requests.map((r) => r.value)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(10);
    expect(requests.map((r) => r.value)).toEqual([1, 3]);
  });

  it('sends nothing once stopped, and carries on when started again', async () => {
    const { requests, send } = fakeRequests();
    const sender = new LatestValueSender<number>(50, send);
    sender.stop();
    sender.give(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(requests).toHaveLength(0);
    sender.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.value)).toEqual([1]);
  });

  it('goes on after a request that failed', async () => {
    const sent: number[] = [];
    const sender = new LatestValueSender<number>(50, async (value) => {
      sent.push(value);
      if (value === 1) throw new Error('offline');
    });
    sender.give(1);
    await vi.advanceTimersByTimeAsync(0);
    sender.give(2);
    await vi.advanceTimersByTimeAsync(60);
    expect(sent).toEqual([1, 2]);
  });
});
