import { decodeGlobalID } from '@pothos/plugin-relay';
import { Repeater } from 'graphql-yoga';

/**
 * The shape of every stored-then-published subscription: start listening, deliver what was stored
 * after the id the client last saw (when it says), then the live events. A client that reconnects
 * with `after` therefore misses nothing and gets nothing twice: an event both read from storage and
 * heard live is delivered once (`fromBacklog`). Live events are not filtered by id: publication
 * order is not always id order (two messages committed concurrently), and an event published late
 * must still be delivered.
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
    const seen = fromBacklog();
    try {
      if (opts.after !== null) {
        for (const event of await opts.backlog(opts.after)) {
          seen.add(event);
          if (accept(event)) await push(event);
        }
      }
      for (let next = await firstLive; !next.done; next = await live.next()) {
        if (seen.isNew(next.value) && accept(next.value)) await push(next.value);
      }
    } finally {
      await live.return?.();
      stop();
      opts.onEnd?.();
    }
  });
}

/** The ids read from storage during a catch-up, so that the same events heard live are skipped. */
export function fromBacklog() {
  const ids = new Set<number>();
  return {
    add: (event: { id: number }) => void ids.add(event.id),
    isNew: (event: { id: number }) => !ids.has(event.id),
  };
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
