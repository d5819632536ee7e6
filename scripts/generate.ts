import { execFileSync } from 'node:child_process';
import { generatePrisma } from './generate-prisma';

/**
 * Produces every generated file, in dependency order: the Prisma client and Pothos types (from
 * prisma/schema.prisma), schema.graphql (from the Pothos schema), the Relay artifacts (from
 * schema.graphql and the client's GraphQL). The last two steps run in child processes because
 * the schema module imports the freshly generated Prisma client.
 */
const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });

await generatePrisma();
run(process.execPath, ['--import', 'tsx', 'scripts/print-schema.ts', ...process.argv.slice(2)]);
// Relay artifacts are not committed, so they are always written.
run('node_modules/.bin/relay-compiler', []);
