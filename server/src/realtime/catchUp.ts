import { decodeGlobalID } from '@pothos/plugin-relay';
import { Repeater } from 'graphql-yoga';

/**
 * The shape of every stored-then-published subscription: start listening, deliver what was stored
 * after the id the client last saw (when it says), then the live events, each id once and in order.
 * A client that reconnects with `after` therefore misses nothing and gets nothing twice.
 *
 * A Repeater rather than an async generator: when the client goes away, a generator waiting for the
 * next event would only notice at that event; the Repeater stops the live stream at once (and then
 * runs `onEnd`).
 */
export function storedThenLive<T extends { id: number }>(
  live: AsyncIterableIterator<T>,
  opts: {
    after: number | null;
    backlog: (afterId: number) => Promise<T[]>;
    accept?: (event: T) => boolean;
    onEnd?: () => void;
  },
): Repeater<T> {
  const accept = opts.accept ?? (() => true);
  return new Repeater<T>(async (push, stop) => {
    // Listening starts before the backlog is read, so nothing published in between is lost.
    const firstLive = live.next();
    void stop.then(() => live.return?.());
    let lastId = opts.after ?? 0;
    const deliver = async (event: T) => {
      if (event.id <= lastId) return;
      lastId = event.id;
      if (accept(event)) await push(event);
    };
    try {
      if (opts.after !== null) for (const event of await opts.backlog(lastId)) await deliver(event);
      for (let next = await firstLive; !next.done; next = await live.next()) await deliver(next.value);
    } finally {
      await live.return?.();
      stop();
      opts.onEnd?.();
    }
  });
}

/** The numeric id inside a Relay global id (the `after` argument); null (live only) for none or a bad one. */
export function afterId(globalId: string | number | null | undefined): number | null {
  if (globalId == null || globalId === '') return null;
  try {
    const id = Number(decodeGlobalID(String(globalId)).id);
    return Number.isInteger(id) && id >= 0 ? id : null;
  } catch {
    return null;
  }
}
