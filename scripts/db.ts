// Database commands (wrapped by the db:* npm scripts):
//   migrate            apply the committed migrations that are pending
//   migration <name>   write prisma/migrations/<timestamp>_<name>/migration.sql for schema changes
//   seed               load demo data into an empty database (no-op when any user exists)
//   reset              wipe the database, then migrate and seed
// PostgreSQL when DATABASE_URL is set, otherwise PGlite in PGLITE_DATA_DIR (default ./data/pg).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { seed } from '../prisma/seed';
import { diffToNewMigration } from '../server/src/database/schemaEngine';
import { resolvePgliteDataDir } from '../server/src/database/open';
import { openDatabase } from '../server/src/db';

const USAGE = 'usage: node --import tsx scripts/db.ts migrate | migration <name> | seed | reset';

class UsageError extends Error {}

export async function migrate(): Promise<void> {
  const started = Date.now();
  const db = await openDatabase({ migrate: true });
  await db.close();
  console.log(`migrations applied (${db.kind}, ${Date.now() - started} ms)`);
}

export async function seedDatabase(): Promise<void> {
  const started = Date.now();
  const db = await openDatabase({ migrate: true });
  try {
    const before = await db.prisma.user.count();
    await seed(db.prisma);
    console.log(before > 0 ? 'database already has users, seed skipped' : `seeded (${db.kind}, ${Date.now() - started} ms)`);
  } finally {
    await db.close();
  }
}

export async function reset(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    } finally {
      await client.end();
    }
    console.log('dropped and recreated schema public');
  } else {
    const dataDir = resolvePgliteDataDir();
    if (dataDir.startsWith('memory://')) throw new Error('PGLITE_DATA_DIR is in memory; nothing to reset');
    await rm(path.resolve(dataDir), { recursive: true, force: true });
    console.log(`deleted ${dataDir}`);
  }
  await seedDatabase();
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'migrate':
      return migrate();
    case 'migration': {
      const name = rest.join('_');
      if (!name) throw new UsageError(`migration needs a name\n${USAGE}`);
      await diffToNewMigration(name);
      return;
    }
    case 'seed':
      return seedDatabase();
    case 'reset':
      return reset();
    default:
      throw new UsageError(USAGE);
  }
}

const self = fileURLToPath(import.meta.url);
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === pathToFileURL(self).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof UsageError ? error.message : error);
    process.exitCode = 1;
  });
}
