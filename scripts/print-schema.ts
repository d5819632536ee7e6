import fs from 'node:fs';
import { printedSchema } from '../server/src/schema';

/**
 * Writes schema.graphql from the Pothos schema. With --check, writes nothing and fails when the
 * committed file differs (CI and a test use this).
 */
export function printSchemaFile(check = false): boolean {
  const file = new URL('../schema.graphql', import.meta.url);
  const printed = printedSchema();
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current === printed) return true;
  if (check) return false;
  fs.writeFileSync(file, printed);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  if (!printSchemaFile(check)) {
    console.error('schema.graphql is stale: run `npm run generate` and commit it.');
    process.exit(1);
  }
  console.log(check ? 'schema.graphql is up to date' : 'schema.graphql written');
}
