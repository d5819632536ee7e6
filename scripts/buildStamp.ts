import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether the generated code and the client bundle are current: `npm run build` records a hash of
 * everything they are made from; `npm start` builds again only when that hash changed or an output
 * is missing (a fresh clone has neither stamp nor outputs, so its first start builds).
 */
const repository = new URL('..', import.meta.url).pathname;
const stampOf = (root: string) => path.join(root, 'dist', 'build-inputs.sha256');

/** The server bundle `npm start` runs (relative to the project). */
export const SERVER_BUNDLE = 'dist/server/main.mjs';

/** What generation and the client and server builds read (files, or folders taken whole). */
const INPUTS = [
  'package-lock.json',
  'tsconfig.json',
  'relay.config.json',
  'prisma.config.ts',
  'prisma/schema.prisma',
  'prisma/migrations', // the embedded database's template (server/src/database/pgliteTemplate.ts)
  'scripts/generate.ts',
  'scripts/generate-prisma.ts',
  'scripts/print-schema.ts',
  'scripts/build.ts',
  'prisma/seed.ts', // bundled with the server
  'server/src', // the server bundle, and the Pothos schema printed to schema.graphql for the Relay compiler
  'client',
];
/** Outputs inside the input folders, and what is never an input. */
const SKIPPED = new Set(['node_modules', 'generated', '__generated__']);
/** What must exist for the build to count as done. */
const OUTPUTS = ['dist/client/index.html', SERVER_BUNDLE, 'server/src/generated', 'schema.graphql'];

function* files(root: string, relative: string): Generator<string> {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    yield relative;
    return;
  }
  for (const entry of fs.readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIPPED.has(entry.name)) continue;
    yield* files(root, path.join(relative, entry.name));
  }
}

export function inputsHash(root = repository): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(root, input))
      hash
        .update(`${file}\0`)
        .update(fs.readFileSync(path.join(root, file)))
        .update('\0');
  }
  return hash.digest('hex');
}

export function buildIsCurrent(root = repository): boolean {
  if (!OUTPUTS.every((output) => fs.existsSync(path.join(root, output)))) return false;
  const stamp = stampOf(root);
  return fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === inputsHash(root);
}

/** Records the inputs a build was made from (their hash taken before it started). */
export function recordBuild(hash: string, root = repository) {
  fs.mkdirSync(path.dirname(stampOf(root)), { recursive: true });
  fs.writeFileSync(stampOf(root), `${hash}\n`);
}
