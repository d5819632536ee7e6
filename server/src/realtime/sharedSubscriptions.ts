import {
  createSourceEventStream,
  execute,
  getOperationAST,
  print,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';

/**
 * Subscription fields whose result for an event does not depend on who receives it may declare
 * `extensions: { sharedResult: { key: (event) => string, ignoreArgs?: string[] } }`. Their
 * subscribers then share one execution per event (for the same document, variables and language):
 * a message to a thousand members is resolved once, not a thousand times. The subscribe step (and
 * so authorisation of who receives what) still runs per subscriber.
 */
export type SharedResult<Event> = { key: (event: Event) => string; ignoreArgs?: string[] };

const KEEP_MS = 5_000;
const results = new Map<string, { at: number; result: Promise<ExecutionResult> }>();

function sharedResultOf(args: ExecutionArgs): { share: SharedResult<unknown>; fieldName: string } | null {
  const operation = getOperationAST(args.document, args.operationName);
  const field = operation?.selectionSet.selections[0];
  if (operation?.operation !== 'subscription' || operation.selectionSet.selections.length !== 1 || field?.kind !== 'Field') {
    return null;
  }
  const definition = (args.schema as GraphQLSchema).getSubscriptionType()?.getFields()[field.name.value];
  const share = definition?.extensions?.sharedResult as SharedResult<unknown> | undefined;
  return share ? { share, fieldName: field.name.value } : null;
}

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

/**
 * Runs a subscription; for fields that declared a shared result, each event's response is
 * computed once per group of identical subscriptions. `mask` turns errors into what clients see.
 */
export async function subscribeWithSharedResults(
  args: ExecutionArgs & { locale: string },
  /** Runs the subscription the usual way, with the original arguments (Yoga keys its state on them). */
  fallback: () => unknown,
  mask: (result: ExecutionResult) => ExecutionResult,
): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult | unknown> {
  const shared = sharedResultOf(args);
  if (!shared) return fallback();
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in Object(source))) return mask(source as ExecutionResult);
  const variables = Object.fromEntries(
    Object.entries(args.variableValues ?? {}).filter(([name]) => !shared.share.ignoreArgs?.includes(name)),
  );
  const group = `${print(args.document)}|${JSON.stringify(variables)}|${args.locale}`;
  const events = source as AsyncGenerator<unknown>;
  return (async function* () {
    try {
      for await (const event of events) {
        yield await remember(`${group}|${shared.share.key(event)}`, async () =>
          mask(await execute({ ...args, rootValue: event })),
        );
      }
    } finally {
      await events.return?.(undefined);
    }
  })();
}
