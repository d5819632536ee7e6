import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, inputsHash, recordBuild } from '../../scripts/buildStamp';

/** A repository in miniature: some inputs of the build and its outputs. */
function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-stamp-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('prisma/schema.prisma', 'model User { id Int @id }');
  write('client/src/app/main.tsx', 'render()');
  write('server/src/schema/index.ts', 'export {}');
  write('dist/client/index.html', '<div id="root"></div>');
  write('dist/server/main.mjs', 'await startServer()');
  write('server/src/generated/prisma/index.ts', 'generated');
  write('schema.graphql', 'type Query { a: Int }');
  return { root, write };
}

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

describe('npm start build stamp', () => {
  it('asks for a build on a fresh clone, skips it once built, and asks again when an input changes', () => {
    const { root, write } = checkout();
    roots.push(root);
    expect(buildIsCurrent(root)).toBe(false); // no stamp yet

    recordBuild(inputsHash(root), root);
    expect(buildIsCurrent(root)).toBe(true);

    // Generated files and a touched-but-unchanged file do not count as changes.
    write('client/src/__generated__/query.graphql.ts', 'changed');
    write('server/src/generated/prisma/index.ts', 'changed');
    fs.utimesSync(path.join(root, 'client/src/app/main.tsx'), new Date(), new Date());
    expect(buildIsCurrent(root)).toBe(true);

    write('client/src/app/main.tsx', 'render(<App />)');
    expect(buildIsCurrent(root)).toBe(false);
    recordBuild(inputsHash(root), root);
    write('server/src/schema/users.ts', 'export const field = 1');
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('builds again when an output is missing', () => {
    const { root } = checkout();
    roots.push(root);
    recordBuild(inputsHash(root), root);
    fs.rmSync(path.join(root, 'dist/client'), { recursive: true });
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('builds again when the server bundle is missing or the seed it bundles changed', () => {
    const { root, write } = checkout();
    roots.push(root);
    write('prisma/seed.ts', 'export const users = []');
    recordBuild(inputsHash(root), root);
    write('prisma/seed.ts', 'export const users = [1]');
    expect(buildIsCurrent(root)).toBe(false);
    recordBuild(inputsHash(root), root);
    fs.rmSync(path.join(root, 'dist/server'), { recursive: true });
    expect(buildIsCurrent(root)).toBe(false);
  });
});
