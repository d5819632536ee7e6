// Throwaway databases for tests.
// - With DATABASE_URL_TEST (a postgres URL of a server, e.g. postgres://postgres@127.0.0.1:5432/test):
//   a fresh database `linkup_test_<random>` on that server, dropped by drop()/dispose().
// - Without it: in-memory PGlite. Creating and migrating one costs ~2 s, so the first one is kept
//   as a snapshot and later ones (in the same process) start from it in a fraction of that.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../server/src/db';
import { pgliteAdapterFactory, type QueryListener } from '../../server/src/database/adapters';
import { openOnPglite, openOnPostgres } from '../../server/src/database/open';
import { applyMigrations } from '../../server/src/database/schemaEngine';

export type TestDatabase = Database & { dispose(): Promise<void> };

export function testDatabaseServerUrl(): string | undefined {
  return process.env.DATABASE_URL_TEST || undefined;
}

/**
 * Creates a database on the DATABASE_URL_TEST server (or another server, e.g. for benchmarks):
 * empty, or a copy of `template` (which nobody may be connected to).
 */
export async function createTestDatabase(
  serverUrl = testDatabaseServerUrl(),
  prefix = 'linkup_test',
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('DATABASE_URL_TEST is not set');
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY WAL_LOG` : `CREATE DATABASE "${name}"`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: url.toString(),
    drop: () =>
      (dropped ??= withAdminClient(serverUrl, async (client) => {
        // pg's pool.end() resolves before its sockets have closed; forcing the drop at once would
        // kill connections that are closing anyway, and their late error would reach the test run.
        // So wait for them a little, then FORCE ends whatever a test really left open (PostgreSQL 13+).
        for (let attempt = 0; attempt < 40; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}"`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006') throw error; // 55006: still in use
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      })),
  };
}

/** Connects to the server of `serverUrl`; falls back to the `postgres` database if the named one is missing. */
async function withAdminClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  let client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // invalid_catalog_name
    const url = new URL(serverUrl);
    url.pathname = '/postgres';
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let migratedSnapshot: Promise<Blob> | undefined;

async function migratedPglite(): Promise<PGlite> {
  migratedSnapshot ??= (async () => {
    const template = await PGlite.create();
    try {
      await applyMigrations(pgliteAdapterFactory(template));
      return await template.dumpDataDir('none');
    } finally {
      await template.close();
    }
  })();
  try {
    return await PGlite.create({ loadDataDir: await migratedSnapshot });
  } catch (error) {
    migratedSnapshot = undefined;
    throw error;
  }
}

/**
 * The migrated database the server suite's scratch databases are copied from, named by
 * tests/support/globalSetup.ts: a copy takes ~40 ms where migrating a new one takes ~700 ms.
 */
export const MIGRATED_TEMPLATE_ENV = 'LINKUP_TEST_TEMPLATE_DATABASE';

/**
 * A migrated, empty (not seeded) database: a scratch PostgreSQL database when DATABASE_URL_TEST is
 * set (a copy of the migrated template when there is one), in-memory PGlite otherwise. dispose()
 * closes it and drops the scratch database.
 */
export async function openTestDatabase(opts: { onQuery?: QueryListener } = {}): Promise<TestDatabase> {
  if (testDatabaseServerUrl()) {
    const scratch = await createTestDatabase(undefined, undefined, process.env[MIGRATED_TEMPLATE_ENV] || undefined);
    let db: Database;
    try {
      db = await openOnPostgres(scratch.url, { migrate: true, onQuery: opts.onQuery });
    } catch (error) {
      await scratch.drop();
      throw error;
    }
    return {
      ...db,
      dispose: async () => {
        await db.close();
        await scratch.drop();
      },
    };
  }
  // The snapshot already holds the migrations; applying again is a cheap check that they match.
  const db = await openOnPglite(await migratedPglite(), { migrate: true, onQuery: opts.onQuery });
  return { ...db, dispose: () => db.close() };
}
