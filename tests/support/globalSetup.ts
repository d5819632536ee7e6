import { openOnPostgres } from '../../server/src/database/open';
import { createTestDatabase, MIGRATED_TEMPLATE_ENV, testDatabaseServerUrl } from './database';

/**
 * The server suite on PostgreSQL (DATABASE_URL_TEST): one database migrated before the files run,
 * which each scratch database is copied from (openTestDatabase), dropped when the run ends. The
 * workers inherit the environment variable naming it. On PGlite there is nothing to do: the
 * migrated snapshot is per process (database.ts).
 */
export default async function setup() {
  if (!testDatabaseServerUrl()) return;
  const template = await createTestDatabase(undefined, 'linkup_template');
  try {
    const db = await openOnPostgres(template.url, { migrate: true });
    // A template may have nobody connected while it is copied.
    await db.close();
  } catch (error) {
    await template.drop();
    throw error;
  }
  process.env[MIGRATED_TEMPLATE_ENV] = template.name;
  return async () => {
    delete process.env[MIGRATED_TEMPLATE_ENV];
    await template.drop();
  };
}
