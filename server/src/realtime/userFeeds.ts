import { Repeater } from 'graphql-yoga';
import type { PubSub, Topics } from './pubsub';
import { storedThenLive } from './catchUp';

/** Topics published once per event for many users: the event itself names its recipients. */
export type FeedTopic = {
  [K in keyof Topics]: Topics[K] extends [infer E] ? (E extends { recipientIds: number[] } ? K : never) : never;
}[keyof Topics];
export type FeedEvent<K extends FeedTopic> = Topics[K][0];

/** Work that several listeners of one feed share: run once per event, before any of them hears it. */
export interface SharedPreparation<E> {
  /** Called with the first listener (in delivery order) that accepted the event; must not reject. */
  prepare(event: E, listener: FeedListener<E>): Promise<unknown>;
}

export interface FeedListener<E> {
  /** Decides at arrival whether this listener wants the event (it may note what the event proves). */
  accepts?(event: E): boolean;
  shared?: SharedPreparation<E>;
  /** Synchronous, in publication order; `prepared` is what `shared.prepare` resolved to. */
  deliver(event: E, prepared: unknown): void;
}

/**
 * One pubsub subscription per process for a topic that names its recipients, split here among the
 * users who listen on this process. A message to a thousand members is one publish (one Redis
 * message) and one dispatch, not a thousand of each; listeners that share a preparation (the
 * GraphQL execution of a subscription, see sharedSubscriptions.ts) get it once per event.
 * Events reach every listener in publication order, even while a preparation is pending.
 */
export class UserFeed<E extends { recipientIds: number[] }> {
  private readonly listeners = new Map<number, FeedListener<E>[]>();
  private readonly pending: { event: E; targets: FeedListener<E>[]; work: Map<SharedPreparation<E>, Promise<unknown>> }[] = [];
  private draining = false;
  private readonly subscription: AsyncIterableIterator<E>;

  constructor(pubsub: PubSub, topic: FeedTopic) {
    const subscription = pubsub.subscribe(topic) as AsyncIterableIterator<E>;
    this.subscription = subscription;
    void (async () => {
      for await (const event of subscription) this.arrive(event);
    })();
  }

  listen(userId: number, listener: FeedListener<E>): () => void {
    const list = this.listeners.get(userId);
    if (list) list.push(listener);
    else this.listeners.set(userId, [listener]);
    return () => {
      const current = this.listeners.get(userId);
      const index = current?.indexOf(listener) ?? -1;
      if (index < 0) return;
      current!.splice(index, 1);
      if (current!.length === 0) this.listeners.delete(userId);
    };
  }

  /** The events addressed to one user, as an async iterator: it listens from its first next() until it ends. */
  iterate(userId: number): AsyncIterableIterator<E> {
    return new Repeater<E>(async (push, stop) => {
      const unlisten = this.listen(userId, { deliver: (event) => void push(event) });
      await stop;
      unlisten();
    });
  }

  close() {
    return this.subscription.return?.();
  }

  // arrive and dispatch run once per listener per event (a thousand times for a large group):
  // plain loops, and the shared preparation looked up only when it changes from one listener to the next.
  private arrive(event: E) {
    const targets: FeedListener<E>[] = [];
    for (const userId of event.recipientIds) {
      const list = this.listeners.get(userId);
      if (list === undefined) continue;
      for (const listener of list) if (listener.accepts === undefined || listener.accepts(event)) targets.push(listener);
    }
    if (targets.length === 0) return;
    const work = new Map<SharedPreparation<E>, Promise<unknown>>();
    let last: SharedPreparation<E> | undefined;
    for (const listener of targets) {
      const shared = listener.shared;
      if (shared === undefined || shared === last) continue;
      last = shared;
      if (!work.has(shared)) work.set(shared, shared.prepare(event, listener));
    }
    if (work.size === 0 && this.pending.length === 0) return this.dispatch(event, targets, new Map());
    this.pending.push({ event, targets, work });
    if (!this.draining) void this.drain();
  }

  private async drain() {
    this.draining = true;
    while (this.pending.length > 0) {
      const { event, targets, work } = this.pending[0];
      const prepared = new Map<SharedPreparation<E>, unknown>();
      for (const [shared, promise] of work) prepared.set(shared, await promise);
      this.pending.shift();
      this.dispatch(event, targets, prepared);
    }
    this.draining = false;
  }

  private dispatch(event: E, targets: FeedListener<E>[], prepared: Map<SharedPreparation<E>, unknown>) {
    let last: SharedPreparation<E> | undefined;
    let payload: unknown;
    for (const listener of targets) {
      if (listener.shared !== last) {
        last = listener.shared;
        payload = last && prepared.get(last);
      }
      listener.deliver(event, payload);
    }
  }
}

export type LiveSourceOptions<E> = {
  /** The id of the newest event the client has (null: live events only). */
  after: number | null;
  /** Stored events after an id, oldest first. */
  backlog: (afterId: number) => Promise<E[]>;
  accept?: (event: E) => boolean;
};

/**
 * What a stored-then-live subscription resolver returns: iterable like any event stream, and
 * recognised by the WebSocket fan-out, which delivers from it without iterating per subscriber.
 */
export class LiveSource<E extends { id: number }> implements AsyncIterable<E> {
  constructor(
    readonly feed: UserFeed<E & { recipientIds: number[] }>,
    readonly userId: number,
    readonly opts: LiveSourceOptions<E>,
  ) {}

  [Symbol.asyncIterator]() {
    return storedThenLive<E>(this.feed.iterate(this.userId), this.opts)[Symbol.asyncIterator]();
  }
}
