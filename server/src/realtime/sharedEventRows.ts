/**
 * One database read per event, however many subscribers resolve it. All subscribers of a
 * subscription run the same document, so they ask for the same row with the same Prisma selection;
 * the first read is shared for a few seconds, then forgotten.
 */
const KEEP_MS = 5_000;
const rows = new Map<string, { at: number; row: Promise<unknown> }>();

export function sharedEventRow<T>(eventKey: string, selection: unknown, load: () => Promise<T>): Promise<T> {
  const key = `${eventKey}|${JSON.stringify(selection)}`;
  const now = Date.now();
  const cached = rows.get(key);
  if (cached && now - cached.at < KEEP_MS) return cached.row as Promise<T>;
  if (rows.size > 10_000) {
    for (const [k, v] of rows) if (now - v.at >= KEEP_MS) rows.delete(k);
  }
  const row = load();
  rows.set(key, { at: now, row });
  row.catch(() => rows.delete(key));
  return row;
}
