import {
  createSourceEventStream,
  execute,
  getOperationAST,
  GraphQLError,
  print,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  BREAK,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import type { Context } from '../context';
import { LiveSource, type FeedListener, type SharedPreparation } from './userFeeds';
import { fromBacklog } from './catchUp';

/**
 * Subscription fields whose result for an event does not depend on who receives it may declare
 * `extensions: { sharedResult: { key: (event) => string, ignoreArgs?: string[] } }`. Their
 * subscribers then share one execution per event (for the same document, variables and language):
 * a message to a thousand members is resolved once, not a thousand times. The subscribe step (and
 * so authorisation of who receives what) still runs per subscriber.
 *
 * Over a WebSocket, when the field's resolver returns a LiveSource, there is no per-subscriber
 * iteration at all: the feed hands each event to the subscribers' listeners, the group's execution
 * is serialised to JSON once, and each subscriber's `next` frame is that text with its own id.
 *
 * A document that selects a field marked PER_VIEWER (anywhere, fragments included) is shared only
 * between subscriptions of the same viewer (several tabs), so nobody receives another's answer.
 */
/**
 * `extensions` of a field whose value depends on who reads it (ctx.viewer): a shared subscription
 * whose document selects one is shared only between subscriptions of the same viewer.
 */
export const PER_VIEWER = { perViewer: true } as const;

export type SharedResult<Event> = { key: (event: Event) => string; ignoreArgs?: string[] };

/** Writes one `next` frame (the payload already JSON) for one subscription on its socket. */
export type SendNext = (payloadJson: string) => void;

type Mask = (result: ExecutionResult) => ExecutionResult;

const KEEP_MS = 5_000;
const results = new Map<string, { at: number; result: Promise<ExecutionResult> }>();

function sharedResultOf(args: ExecutionArgs): SharedResult<unknown> | null {
  const operation = getOperationAST(args.document, args.operationName);
  const field = operation?.selectionSet.selections[0];
  if (operation?.operation !== 'subscription' || operation.selectionSet.selections.length !== 1 || field?.kind !== 'Field') {
    return null;
  }
  const definition = (args.schema as GraphQLSchema).getSubscriptionType()?.getFields()[field.name.value];
  return (definition?.extensions?.sharedResult as SharedResult<unknown> | undefined) ?? null;
}

const perViewerDocuments = new WeakMap<DocumentNode, boolean>();

/** Whether the document selects a PER_VIEWER field; remembered per parsed document (Yoga reuses them). */
function selectsPerViewerField(schema: GraphQLSchema, document: DocumentNode): boolean {
  const known = perViewerDocuments.get(document);
  if (known !== undefined) return known;
  let found = false;
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        if (typeInfo.getFieldDef()?.extensions?.perViewer) {
          found = true;
          return BREAK;
        }
        return undefined;
      },
    }),
  );
  perViewerDocuments.set(document, found);
  return found;
}

/** One execution per key for a few seconds, whoever asks (subscribers of a group, reconnecting clients). */
function remember(key: string, run: () => Promise<ExecutionResult>): Promise<ExecutionResult> {
  const now = Date.now();
  const cached = results.get(key);
  if (cached && now - cached.at < KEEP_MS) return cached.result;
  if (results.size > 10_000) {
    for (const [k, v] of results) if (now - v.at >= KEEP_MS) results.delete(k);
  }
  const result = run();
  results.set(key, { at: now, result });
  return result;
}

/** Identical subscriptions on this process: same document, variables (less ignored ones) and language. */
class Group implements SharedPreparation<unknown> {
  subscribers = 0;
  constructor(
    readonly key: string,
    private readonly args: ExecutionArgs,
    private readonly share: SharedResult<unknown>,
    private readonly mask: Mask,
  ) {}

  /** The event's response, executed in the context of a subscriber it is addressed to. */
  result(event: unknown, contextValue: unknown): Promise<ExecutionResult> {
    return remember(`${this.key}|${this.share.key(event)}`, async () =>
      // A fresh object per execution: per-request caches (data loaders) keyed on it do not pile up.
      this.mask(await execute({ ...this.args, contextValue: { ...(contextValue as object) }, rootValue: event })),
    );
  }

  /** The response as JSON; never rejects (the feed holds later events until this settles). */
  async prepare(event: unknown, listener: FeedListener<unknown>) {
    try {
      return JSON.stringify(await this.result(event, (listener as FanOutListener).context));
    } catch (error) {
      return JSON.stringify(this.mask({ errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] }));
    }
  }
}

const groups = new Map<string, Group>();

function joinGroup(key: string, args: ExecutionArgs, share: SharedResult<unknown>, mask: Mask): Group {
  const group = groups.get(key) ?? new Group(key, args, share, mask);
  groups.set(key, group);
  group.subscribers += 1;
  return group;
}

function leaveGroup(group: Group) {
  group.subscribers -= 1;
  if (group.subscribers === 0 && groups.get(group.key) === group) groups.delete(group.key);
}

/**
 * A subscriber fed by its LiveSource's feed: first what was stored after the id it gave (while
 * live events wait in `held`), then live events, written straight to its socket. The catch-up
 * rule is storedThenLive's (catchUp.ts): what storage gave is not delivered again live.
 */
class FanOutListener implements FeedListener<{ id: number }>, AsyncIterableIterator<never> {
  private readonly seen = fromBacklog();
  private held: { event: { id: number }; payload: string }[] | null;
  private stopped = false;
  private unlisten: () => void;
  private readonly ended: Promise<IteratorResult<never>>;
  private end!: (result: IteratorResult<never>) => void;
  private fail!: (error: unknown) => void;

  constructor(
    private readonly source: LiveSource<{ id: number }>,
    readonly shared: Group,
    readonly context: unknown,
    private readonly sendNext: SendNext,
  ) {
    this.held = source.opts.after === null ? null : [];
    this.ended = new Promise((resolve, reject) => {
      this.end = resolve;
      this.fail = reject;
    });
    this.ended.catch(() => {}); // a failure is graphql-ws's to report, through next()
    this.unlisten = source.feed.listen(source.userId, this);
    if (source.opts.after !== null) this.catchUp(source.opts.after).catch((error: unknown) => this.stop(error));
  }

  accepts(event: { id: number }) {
    return !this.stopped && (this.source.opts.accept?.(event) ?? true);
  }

  deliver(event: { id: number }, payload: unknown) {
    if (this.stopped) return;
    if (this.held) this.held.push({ event, payload: payload as string });
    else if (this.seen.isNew(event)) this.sendNext(payload as string);
  }

  private async catchUp(after: number) {
    for (const event of await this.source.opts.backlog(after)) {
      this.seen.add(event);
      if (!this.accepts(event)) continue;
      const payload = await this.shared.prepare(event, this);
      if (this.stopped) return;
      this.sendNext(payload);
    }
    // Live events that came meanwhile, then live delivery: nothing can arrive between the two.
    for (const { event, payload } of this.held ?? []) if (this.seen.isNew(event)) this.sendNext(payload);
    this.held = null;
  }

  private stop(error?: unknown) {
    if (this.stopped) return;
    this.stopped = true;
    this.unlisten();
    leaveGroup(this.shared);
    if (error === undefined) this.end({ done: true, value: undefined });
    else this.fail(error);
  }

  // graphql-ws holds the subscription as an async generator: `next` settles when it ends, and
  // `return` is how it ends it (the client completed, or the socket closed).
  next() {
    return this.ended;
  }
  async return() {
    this.stop();
    return { done: true as const, value: undefined };
  }
  async throw(error: unknown): Promise<IteratorResult<never>> {
    this.stop();
    throw error;
  }
  [Symbol.asyncIterator]() {
    return this;
  }
}

/**
 * Runs a subscription; for fields that declared a shared result, each event's response is
 * computed once per group of identical subscriptions. `mask` turns errors into what clients see.
 * With `sendNext` (a WebSocket subscription), LiveSource events bypass per-subscriber iteration.
 */
export async function subscribeWithSharedResults(
  args: ExecutionArgs & { locale: string },
  /** Runs the subscription the usual way, with the original arguments (Yoga keys its state on them). */
  fallback: () => unknown,
  mask: Mask,
  sendNext?: SendNext,
): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult | unknown> {
  const share = sharedResultOf(args);
  if (!share) return fallback();
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in Object(source))) return mask(source as ExecutionResult);
  const variables = Object.fromEntries(
    Object.entries(args.variableValues ?? {}).filter(([name]) => !share.ignoreArgs?.includes(name)),
  );
  const viewerId = selectsPerViewerField(args.schema, args.document)
    ? ((args.contextValue as Context).viewer?.user.id ?? 0)
    : null;
  const key = `${print(args.document)}|${JSON.stringify(variables)}|${args.locale}${viewerId === null ? '' : `|viewer:${viewerId}`}`;
  if (sendNext && source instanceof LiveSource) {
    // A copy of the context, as each execution gets (Group.result): what was cached on the original
    // while subscribing (auth scopes, data loaders, keyed on it) is not kept for the subscription's life.
    const context = { ...(args.contextValue as object) };
    return new FanOutListener(source, joinGroup(key, args, share, mask), context, sendNext);
  }
  const events = source as AsyncGenerator<unknown>;
  const group = new Group(key, args, share, mask);
  return (async function* () {
    try {
      for await (const event of events) yield await group.result(event, args.contextValue);
    } finally {
      await events.return?.(undefined);
    }
  })();
}
