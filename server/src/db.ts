// Opens the database: PostgreSQL when a URL is given (or DATABASE_URL is set), otherwise the
// embedded PGlite on a data folder. Both go through a Prisma driver adapter and share one schema
// and one migration history (applied here through the WebAssembly schema engine).
import { createPglite, openOnPglite, openOnPostgres, resolvePgliteDataDir, type Database } from './database/open';

export type { PrismaClient } from './generated/prisma/client';
export type { Database } from './database/open';

export async function openDatabase(
  opts: {
    /** postgres URL; default process.env.DATABASE_URL; when absent (or '') → PGlite */
    url?: string;
    /** PGlite folder; default process.env.PGLITE_DATA_DIR ?? './data/pg'; 'memory://' for in-memory */
    dataDir?: string;
    /** apply pending migrations first; default true */
    migrate?: boolean;
    /** called once per SQL statement the PrismaClient sends (tests count statements) */
    onQuery?: (sql: string) => void;
    /** a new PGlite folder starts from this database instead of an empty one (database/pgliteTemplate.ts) */
    pgliteTemplate?: () => Promise<Blob | undefined>;
  } = {},
): Promise<Database> {
  const url = opts.url !== undefined ? opts.url : process.env.DATABASE_URL;
  const options = { migrate: opts.migrate ?? true, onQuery: opts.onQuery };
  if (url) return openOnPostgres(url, options);
  return openOnPglite(await createPglite(resolvePgliteDataDir(opts.dataDir), opts.pgliteTemplate), options);
}
