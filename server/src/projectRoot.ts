import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one holding prisma/schema.prisma), found upwards from this module: the
 * server runs from server/src through tsx in development and tests, and from the bundle in
 * dist/server under `npm start`, so paths relative to a source file would differ between the two.
 */
export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'prisma', 'schema.prisma'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no prisma/schema.prisma above ${start}`);
  }
}
