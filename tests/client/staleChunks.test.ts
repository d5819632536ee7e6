import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunks, RELOAD_PAUSE_MS } from '../../client/src/app/staleChunks';

/** A window of its own per test: its listeners, session storage and reload spy. */
function fakeWindow({ storage = true } = {}) {
  const target = new EventTarget();
  const stored = new Map<string, string>();
  const reload = vi.fn();
  const win = Object.assign(target, {
    location: { reload },
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (!storage) throw new DOMException('refused', 'SecurityError');
        stored.set(key, value);
      },
    },
  }) as unknown as Window;
  reloadOnStaleChunks(win);
  /** What Vite dispatches when a chunk fails to load; whether the page cancelled it (so Vite does not throw). */
  const chunkFails = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    win.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { reload, chunkFails };
}

afterEach(() => vi.useRealTimers());

describe('a chunk of an older build that is gone (a tab opened before a deploy)', () => {
  it('reloads the page once instead of showing the error', () => {
    const { reload, chunkFails } = fakeWindow();
    expect(chunkFails()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within the pause (a chunk failing for another reason): the error takes its course', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
    const { reload, chunkFails } = fakeWindow();
    chunkFails();
    vi.advanceTimersByTime(RELOAD_PAUSE_MS - 1);
    expect(chunkFails()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2);
    expect(chunkFails()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when it cannot remember doing so (storage refused): no reload loop', () => {
    const { reload, chunkFails } = fakeWindow({ storage: false });
    expect(chunkFails()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
