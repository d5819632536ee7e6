import { decodeGlobalID } from '@pothos/plugin-relay';

/**
 * The shape of every stored-then-published subscription: start listening, deliver what was stored
 * after the id the client last saw (when it says), then the live events, each id once and in order.
 * A client that reconnects with `after` therefore misses nothing and gets nothing twice.
 */
export async function* storedThenLive<T extends { id: number }>(
  live: AsyncIterableIterator<T>,
  opts: { after: number | null; backlog: (afterId: number) => Promise<T[]>; accept?: (event: T) => boolean },
): AsyncGenerator<T> {
  const accept = opts.accept ?? (() => true);
  // Listening starts before the backlog is read, so nothing published in between is lost.
  const firstLive = live.next();
  let lastId = opts.after ?? 0;
  try {
    if (opts.after !== null) {
      for (const event of await opts.backlog(lastId)) {
        lastId = event.id;
        if (accept(event)) yield event;
      }
    }
    let next = await firstLive;
    while (!next.done) {
      if (next.value.id > lastId) {
        lastId = next.value.id;
        if (accept(next.value)) yield next.value;
      }
      next = await live.next();
    }
  } finally {
    await live.return?.();
  }
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
