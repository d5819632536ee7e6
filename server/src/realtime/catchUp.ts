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
    /** May ask storage (a block between the viewer and who caused the event, say). */
    accept?: (event: T) => boolean | Promise<boolean>;
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
          if (await accept(event)) await push(event);
        }
      }
      for (let next = await firstLive; !next.done; next = await live.next()) {
        if (seen.isNew(next.value) && (await accept(next.value))) await push(next.value);
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

/**
 * A subscription whose every event means "read the state again": one event at once (the subscriber
 * gets the current state first, e.g. a late joiner or a reload), then one per live event.
 */
export function nowThenLive<T>(live: AsyncIterableIterator<T>, now: T): Repeater<T> {
  return new Repeater<T>(async (push, stop) => {
    const firstLive = live.next(); // listening before the first push: nothing published in between is lost
    void stop.then(() => live.return?.());
    try {
      await push(now);
      for (let next = await firstLive; !next.done; next = await live.next()) await push(next.value);
    } finally {
      await live.return?.();
      stop();
    }
  });
}
