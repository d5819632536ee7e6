import { describe, expect, it } from 'vitest';
import { createPubSub } from 'graphql-yoga';
import type { PubSub, Topics } from '../../server/src/realtime/pubsub';
import { UserFeed, type FeedEvent, type FeedListener, type SharedPreparation } from '../../server/src/realtime/userFeeds';

type MessageEvent = FeedEvent<'conversation:message'>;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const pubsub = createPubSub<Topics>() as PubSub;
  const feed = new UserFeed<MessageEvent>(pubsub, 'conversation:message');
  const publish = (id: number, recipientIds: number[]) =>
    pubsub.publish('conversation:message', { id, conversationId: 1, recipientIds });
  return { feed, publish };
}

describe('a user feed', () => {
  it('prepares shared work once per event and delivers in publication order, even when an earlier preparation is slower', async () => {
    const { feed, publish } = setup();
    const calls: number[] = [];
    const release = new Map<number, () => void>();
    const shared: SharedPreparation<MessageEvent> = {
      prepare: (event) => {
        calls.push(event.id);
        return new Promise((resolve) => release.set(event.id, () => resolve(`payload ${event.id}`)));
      },
    };
    const heard: string[] = [];
    const listener = (name: string): FeedListener<MessageEvent> => ({
      shared,
      deliver: (event, payload) => heard.push(`${name}:${event.id}:${payload}`),
    });
    feed.listen(7, listener('a'));
    feed.listen(8, listener('b'));
    const plain: number[] = [];
    feed.listen(8, { deliver: (event) => plain.push(event.id) });

    publish(1, [7, 8]);
    publish(2, [7, 8, 9]);
    await tick();
    expect(calls).toEqual([1, 2]); // once per event, not once per listener
    release.get(2)!();
    await tick();
    expect(heard).toEqual([]); // event 2 waits for event 1
    expect(plain).toEqual([]);
    release.get(1)!();
    await tick();
    expect(heard).toEqual(['a:1:payload 1', 'b:1:payload 1', 'a:2:payload 2', 'b:2:payload 2']);
    expect(plain).toEqual([1, 2]);
    await feed.close();
  });

  it('reaches only the recipients listening, and no one after they stop', async () => {
    const { feed, publish } = setup();
    const seven: number[] = [];
    const eight = feed.iterate(8);
    const first = eight.next(); // like any Repeater, it listens from its first next()
    const stop = feed.listen(7, { accepts: (event) => event.id !== 2, deliver: (event) => seven.push(event.id) });
    publish(1, [7]);
    publish(2, [7, 8]);
    await tick();
    stop();
    publish(3, [7, 8]);
    await tick();
    expect(seven).toEqual([1]); // 2 refused by accepts, 3 after stopping
    expect((await first).value).toMatchObject({ id: 2 });
    expect((await eight.next()).value).toMatchObject({ id: 3 });
    await eight.return?.();
    await feed.close();
  });
});
