// Runs `prisma generate` (Prisma client + Pothos types) without network access.
// The CLI insists on finding the native schema engine although generate never uses it, and would
// download it from binaries.prisma.sh; PRISMA_SCHEMA_ENGINE_BINARY points it at a stub instead.
import { spawn } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STUB = path.join(ROOT, 'scripts', 'prisma-schema-engine-stub.mjs');

export async function generatePrisma(): Promise<void> {
  // A checkout may lose the executable bit; the CLI only needs the file to exist, `prisma -v` runs it.
  const { mode } = await stat(STUB);
  if ((mode & 0o111) === 0) await chmod(STUB, 0o755);

  const require = createRequire(import.meta.url);
  const prismaCli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
  const env = {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: STUB,
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    // The CLI starts generators by their bin name (prisma-pothos-types).
    PATH: [path.join(ROOT, 'node_modules', '.bin'), process.env.PATH].filter(Boolean).join(path.delimiter),
  };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [prismaCli, 'generate', '--schema', 'prisma/schema.prisma'], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`prisma generate failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  generatePrisma().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
