/**
 * Per-request batching for fields Prisma cannot load efficiently through `...query` (Prisma 7
 * counts a relation by aggregating the WHOLE related table, whatever page is asked for). Calls
 * made for one loader while an operation resolves a level of the result become one `loadMany`
 * call, as DataLoader does. Results are not cached: a mutation followed by a read sees its write.
 */
type Pending<K, V> = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void };

const loadersByRequest = new WeakMap<object, Map<string, (key: never) => Promise<unknown>>>();

export function batched<K, V>(
  context: object,
  name: string,
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  missing: V,
): (key: K) => Promise<V> {
  let loaders = loadersByRequest.get(context);
  if (!loaders) loadersByRequest.set(context, (loaders = new Map()));
  const existing = loaders.get(name);
  if (existing) return existing as (key: K) => Promise<V>;

  let pending: Pending<K, V>[] = [];
  const dispatch = async () => {
    const batch = pending;
    pending = [];
    try {
      const values = await loadMany([...new Set(batch.map((entry) => entry.key))]);
      for (const entry of batch) entry.resolve(values.has(entry.key) ? values.get(entry.key)! : missing);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  };
  const load = (key: K) =>
    new Promise<V>((resolve, reject) => {
      // After the current promise jobs (the sibling resolvers of this level) have run.
      if (pending.length === 0) void Promise.resolve().then(() => process.nextTick(dispatch));
      pending.push({ key, resolve, reject });
    });
  loaders.set(name, load as (key: never) => Promise<unknown>);
  return load;
}
