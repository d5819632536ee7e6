// The two ways to open the database behind server/src/db.ts: an embedded PGlite instance or a
// PostgreSQL server. Each applies pending migrations first unless told not to.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { pgAdapterFactory, pgliteAdapterFactory, type QueryListener } from './adapters';
import { applyMigrations } from './schemaEngine';

/** An open database (db.ts re-exports this type: it is defined here so that db.ts depends on this module, not both ways). */
export type Database = { prisma: PrismaClient; kind: 'pglite' | 'postgres'; close(): Promise<void> };

export type OpenOptions = { migrate?: boolean; onQuery?: QueryListener };

export const DEFAULT_PGLITE_DATA_DIR = './data/pg';

export function resolvePgliteDataDir(dataDir?: string): string {
  return dataDir || process.env.PGLITE_DATA_DIR || DEFAULT_PGLITE_DATA_DIR;
}

/**
 * Opens PGlite on a folder (created when missing) or in memory for 'memory://…'. A folder that holds
 * no database yet starts from `template` when there is one (pgliteTemplate.ts).
 */
export async function createPglite(dataDir: string, template?: () => Promise<Blob | undefined>): Promise<PGlite> {
  if (dataDir.startsWith('memory://')) return PGlite.create(dataDir);
  const folder = path.resolve(dataDir);
  await mkdir(folder, { recursive: true });
  const loadDataDir = existsSync(path.join(folder, 'PG_VERSION')) ? undefined : await template?.();
  return PGlite.create(folder, loadDataDir ? { loadDataDir } : {});
}

/** Wraps an open PGlite instance; closing the Database closes the instance. */
export async function openOnPglite(pglite: PGlite, opts: OpenOptions = {}): Promise<Database> {
  try {
    if (opts.migrate ?? true) await applyMigrations(pgliteAdapterFactory(pglite));
  } catch (error) {
    await pglite.close();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: pgliteAdapterFactory(pglite, opts.onQuery) });
  return {
    prisma,
    kind: 'pglite',
    close: once(async () => {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    }),
  };
}

export async function openOnPostgres(url: string, opts: OpenOptions = {}): Promise<Database> {
  if (opts.migrate ?? true) await migratePostgres(url);
  const pool = new pg.Pool({ connectionString: url });
  // An idle connection the server ends (a restart, DROP DATABASE ... WITH (FORCE) in tests) is
  // dropped from the pool and replaced on demand; unheard, its 'error' event would crash the process.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: pgAdapterFactory(pool, opts.onQuery) });
  return {
    prisma,
    kind: 'postgres',
    close: once(async () => {
      await prisma.$disconnect();
      await pool.end();
    }),
  };
}

/**
 * Migrations get their own single-connection pool, ended afterwards: the schema engine holds a
 * session advisory lock while it works, and every statement must run in that session.
 */
export async function migratePostgres(url: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await applyMigrations(pgAdapterFactory(pool));
  } finally {
    await pool.end();
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}
