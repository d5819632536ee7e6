import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PROJECT_ROOT } from '../projectRoot';
import { pgliteAdapterFactory } from './adapters';
import { applyMigrations } from './schemaEngine';

/** The installed PGlite's version (its package.json is not among its exports: found from its entry). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageFolder = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  return (JSON.parse(readFileSync(path.join(packageFolder, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * A new embedded database, already initialised and migrated, packed by `npm run build`
 * (scripts/build.ts). A new data folder starts from it instead of running PostgreSQL's initdb and
 * every migration (5.6 + 1.9 s of a 16 s first start on a 2-core machine). It is named after the
 * PGlite version that made it, since another version may not read its files; migrations added since
 * it was made are applied when the database opens, as on any existing database.
 */
export const PGLITE_TEMPLATE = path.join(PROJECT_ROOT, 'dist', `pglite-${pgliteVersion()}-template.tar.gz`);

export async function writePgliteTemplate(file = PGLITE_TEMPLATE): Promise<void> {
  const pglite = await PGlite.create('memory://');
  try {
    await applyMigrations(pgliteAdapterFactory(pglite));
    const dump = await pglite.dumpDataDir('gzip');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

/** The template to start a new data folder from, if one was built for this PGlite version. */
export async function readPgliteTemplate(file = PGLITE_TEMPLATE): Promise<Blob | undefined> {
  return existsSync(file) ? new Blob([await readFile(file)]) : undefined;
}
