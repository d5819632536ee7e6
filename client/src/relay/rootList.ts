import type { RecordProxy, RecordSourceProxy, Variables } from 'relay-runtime';

/** A plain list field of the Query (not a connection) that a page shows: `themes`, `triviaQuestions(locale)`, `recordings`. */
export type RootList = { field: string; args?: Variables };

/**
 * Takes the record `id` out of the Query's list in a mutation's store updater, once the server
 * deleted it. Deleting the record alone (`@deleteRecord`) left the list pointing at a record that is
 * no more, which the list read as a null item and its tab crashed on; such a list has no edges for
 * `@deleteEdge`, so the updater removes the link itself (and any link already dangling).
 */
export function removeFromRootList(store: RecordSourceProxy, { field, args }: RootList, id: string) {
  const root = store.getRoot();
  const records = root.getLinkedRecords(field, args);
  if (!records) return;
  root.setLinkedRecords(
    records.filter((record) => record != null && record.getDataID() !== id),
    field,
    args,
  );
}

/**
 * Adds `record` at the end of the Query's list (a created item), unless the list has it already: a
 * live update may have brought it before the mutation's answer did.
 */
export function appendToRootList(store: RecordSourceProxy, { field, args }: RootList, record: RecordProxy) {
  const root = store.getRoot();
  const records = root.getLinkedRecords(field, args);
  if (!records || records.some((item) => item?.getDataID() === record.getDataID())) return;
  root.setLinkedRecords([...records, record], field, args);
}
