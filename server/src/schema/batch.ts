import DataLoader from 'dataloader';

/**
 * Per-request batching for the first page of comments of each publication (publicationComments.ts),
 * which needs the GraphQL selection (queryFromInfo) that a dataloader plugin `load` does not get.
 * It is the same DataLoader the plugin's `t.loadable` fields (counts and other per-key values) and
 * the conversation participation check (builder.ts) use: one batching mechanism. Loads made while
 * an operation resolves a level of the result become one `loadMany` call. Results are not cached:
 * a mutation followed by a read sees its write.
 */
const loadersByRequest = new WeakMap<object, Map<string, DataLoader<never, unknown>>>();

export function batched<K, V>(
  context: object,
  name: string,
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  missing: V,
): (key: K) => Promise<V> {
  let loaders = loadersByRequest.get(context);
  if (!loaders) loadersByRequest.set(context, (loaders = new Map()));
  let loader = loaders.get(name) as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = new DataLoader<K, V>(
      async (keys) => {
        const values = await loadMany([...keys]);
        return keys.map((key) => (values.has(key) ? values.get(key)! : missing));
      },
      { cache: false },
    );
    loaders.set(name, loader as DataLoader<never, unknown>);
  }
  return (key) => loader.load(key);
}
